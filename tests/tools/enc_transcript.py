#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a Spider: Encounters replay by playing through the daemon itself.

The party's actions are the daemon's own `hint` (the party's computer player, which sees
only what the player sees), or `pass` for a party that never moves. Each step runs the
transcript so far with `croupierd --replay --record`, reads the hint, and appends the
action; at the end the whole transcript is recorded once more, so every line the bot
sends is in the file as it must be sent (`C:`), and every `db` check holds its value.

Steps (in order, one argument each):
  "play:end"      follow the hints until the encounter ends
  "play:ability"  follow the hints until one of them is an ability, and use it
  "play:N"        follow N hints
  "pass:end"      pass until the encounter ends
  "restart"       the process dies here and starts again
  "db:SQL"        a check of the database (its value recorded)
  "# text"        a comment
  anything else   a private message from alice, as typed

usage: enc_transcript.py CROUPIERD OUT "comment" STEP...
"""
import re
import sys

from record import record

FROM = ":alice!a@example.org PRIVMSG croupier :"
ENDED = re.compile(r"Victory!|Defeat\.|You fled|The encounter is over")


def hint(daemon, lines):
    out = record(daemon, lines + ["S: " + FROM + "hint", "wait 3s"])
    for line in reversed(out):
        m = re.match(r"^C: PRIVMSG alice :Hint: (.*)$", line)
        if not m:
            continue
        text = m.group(1)
        if text.startswith("I see nothing better"):
            return "pass"
        if text.startswith("try "):
            return text[4:].rstrip(".")
        return text.split(":")[0]
    raise SystemExit("no hint in: " + "\n".join(out[-5:]))


def ended(daemon, lines):
    return any(ENDED.search(l) for l in record(daemon, lines)[-6:])


def send(lines, text):
    lines += ["S: " + FROM + text, "wait 3s"]


def main():
    daemon, out_path, comment = sys.argv[1], sys.argv[2], sys.argv[3]
    lines = ["S: " + FROM + "set plain on", "wait 2s"]
    for step in sys.argv[4:]:
        if step.startswith("#"):
            lines.append(step)
        elif step == "restart":
            lines.append("restart")
            lines.append("wait 5s")
        elif step.startswith("db:"):
            lines += ["db " + step[3:], "= ?"]
        elif step == "pass:end":
            for _ in range(3000):
                send(lines, "pass")
                if ended(daemon, lines):
                    break
        elif step.startswith("play:"):
            what = step[5:]
            count = int(what) if what.isdigit() else 3000
            for _ in range(count):
                action = hint(daemon, lines)
                send(lines, action)
                if what == "ability" and action.startswith("ability"):
                    break
                if what in ("end", "ability") and ended(daemon, lines):
                    break
        else:
            send(lines, step)
    final = record(daemon, lines)
    with open(out_path, "w") as f:
        for c in comment.split("\\n"):
            f.write("# " + c + "\n")
        f.write("# Written by tests/tools/enc_transcript.py: " +
                " ".join('"' + a + '"' if " " in a else a for a in sys.argv[4:]) + "\n")
        f.write("\n".join(final) + "\n")


if __name__ == "__main__":
    main()
