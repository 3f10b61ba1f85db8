#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes an Adventurer Factory replay by playing through the daemon itself.

alice and bob sit in #cards. Each move is the daemon's own `hint` for the player it
waits for (the computer player, which decides on what that player may see); the moves
are typed in the channel. Each step runs the transcript so far with
`croupierd --replay --record`, reads the hints, and appends the move; at the end the
whole transcript is recorded once more, so every line the bot sends is in the file as it
must be sent (`C:`), and every `db` check holds its value.

Steps (in order, one argument each):
  "play:end"       follow the hints until the duel ends
  "play:N"         follow N hints
  "play:window"    follow the hints until a window waits for a person with an answer
  "answer"         the person a window waits for answers with their first answer
  "restart"        the process dies here and starts again
  "wait:N"         N seconds pass
  "db:SQL"         a check of the database (its value recorded)
  "# text"         a comment
  "alice: TEXT"    a line from alice in #cards ("alice> TEXT": in private); bob alike

Options before the steps: --seed N (the replay's seed), --want TEXT (try seeds from N up
until the transcript says TEXT). A step that cannot happen with a seed (no answer to give)
also moves on to the next seed.

usage: af_transcript.py CROUPIERD OUT "comment" [--seed N] [--want TEXT] STEP...
"""
import re
import sys

from record import record

WHO = {"alice": ":alice!a@example.org", "bob": ":bob!b@example.org"}
ENDED = re.compile(r"wins\.|a draw|Both give up|gives up")


def say(lines, who, text, private=False):
    target = "croupier" if private else "#cards"
    lines += [f"S: {WHO[who]} PRIVMSG {target} :{text}", "wait 3s"]


def hints(daemon, lines):
    """{nick: (move, [answers])} for whoever the duel waits for."""
    probe = list(lines)
    for who in ("alice", "bob"):
        say(probe, who, "af hint", private=True)
    out = record(daemon, probe)
    found = {}
    for line in out[-8:]:
        m = re.match(r"^C: NOTICE (alice|bob) :Hint: try (.*?)\.(?: Your answers: (.*)\.)?$",
                     line)
        if m:
            answers = m.group(3).split("; ") if m.group(3) else []
            found[m.group(1)] = (m.group(2), answers)
    return found


def ended(daemon, lines):
    return any(ENDED.search(l) for l in record(daemon, lines)[-6:])


def play(daemon, lines, what):
    count = int(what) if what.isdigit() else 400
    for _ in range(count):
        h = hints(daemon, lines)
        if not h:
            if what == "end" and ended(daemon, lines):
                return
            raise SystemExit("nobody is waited for:\n" + "\n".join(record(daemon, lines)[-6:]))
        who, (move, answers) = next(iter(h.items()))
        if what == "window" and answers:
            return
        say(lines, who, "!" + move)
        if what == "end" and ended(daemon, lines):
            return
    if not what.isdigit():
        raise SystemExit("play:" + what + " did not happen in 400 moves")


def answer(daemon, lines):
    h = hints(daemon, lines)
    for who, (_, answers) in h.items():
        if answers:
            say(lines, who, "!" + answers[0])
            return
    raise SystemExit("nobody has an answer to give")


def build(daemon, seed, steps):
    lines = [f"seed {seed}"]
    for step in steps:
        if step.startswith("#"):
            lines.append(step)
        elif step == "restart":
            lines += ["restart", "wait 5s"]
        elif step.startswith("wait:"):
            lines.append(f"wait {step[5:]}s")
        elif step.startswith("db:"):
            lines += ["db " + step[3:], "= ?"]
        elif step.startswith("play:"):
            play(daemon, lines, step[5:])
        elif step == "answer":
            answer(daemon, lines)
        else:
            m = re.match(r"^(alice|bob)([:>]) (.*)$", step)
            if not m:
                raise SystemExit("unknown step: " + step)
            say(lines, m.group(1), m.group(3), private=m.group(2) == ">")
    return lines


def main():
    daemon, out_path, comment = sys.argv[1], sys.argv[2], sys.argv[3]
    args = sys.argv[4:]
    seed, want = 1, None
    while args and args[0] in ("--seed", "--want"):
        if args[0] == "--seed":
            seed = int(args[1])
        else:
            want = args[1]
        args = args[2:]
    for attempt in range(seed, seed + 60):
        try:
            lines = build(daemon, attempt, args)
        except SystemExit as e:  # a step that could not happen with this seed: the next
            print(f"seed {attempt}: {e}", file=sys.stderr)
            continue
        final = record(daemon, lines)
        if want is None or any(want in l for l in final):
            break
    else:
        raise SystemExit(f"no seed from {seed} gave: {want}")
    with open(out_path, "w") as f:
        for c in comment.split("\\n"):
            f.write("# " + c + "\n")
        shown = " ".join('"' + a + '"' if " " in a else a for a in sys.argv[4:])
        f.write("# Written by tests/tools/af_transcript.py: " + shown + "\n")
        f.write("\n".join(final) + "\n")


if __name__ == "__main__":
    main()
