#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads every line the bot says in every replay transcript (croupierd --replay FILE
--record) and checks its words: no nick or word said twice in a row ("carol: carol:",
"the the"), no "a" before
a vowel sound ("A Exordia8"), every bold code closed and no colour code left open at the
end of a line, and no line over the 400 bytes the renderer allows.

    tests/tools/check_messages.py CROUPIERD REPLAY...
    tests/tools/check_messages.py --samples PROGRAM

With --samples, the lines are those PROGRAM prints (tests/tools/message_samples: every
game's messages rendered with sample values, refusals included).

Exit 1 with each offending line and where it came from."""

import re
import subprocess
import sys

BOLD, COLOUR, RESET = "\x02", "\x03", "\x0f"
DOUBLED = re.compile(r"\b(\w[\w#]*)[:,]? \1\b")
# "a" before a word that starts with a vowel sound; "a one-suit", "a unicorn" are fine.
ARTICLE = re.compile(r"(?:^|[\s(])[Aa] (?=[AEIOaeio]|[Uu](?!n[iy]|s[eu]))")
# Words that may stand twice: numbers, and cards (two packs: "Ks Ks"; Spider: Encounters'
# rank and character, two copies of a run: "AW AW", "10a 10a").
ALLOWED_DOUBLES = re.compile(r"^\d+$|^(10|[2-9AJQKT])[cdhs]?$|^(1[0-2]|[2-9AJQK])[WRMa-i]$")


def problems(text):
    out = []
    body = text.split(" :", 1)[1] if " :" in text else text
    plain = re.sub("\x03\\d{1,2}(,\\d{1,2})?|[\x02\x03\x0f\x1d\x1f\x16\x11\x1e]", "", body)
    for m in DOUBLED.finditer(plain):
        if not ALLOWED_DOUBLES.match(m.group(1)):
            out.append(f"the word {m.group(1)!r} twice in a row")
    if ARTICLE.search(plain):
        out.append("\"a\" before a vowel")
    if body.count(BOLD) % 2:
        out.append("a bold code left open")
    # A colour opened (\x03 with digits) must be closed (\x03 alone or \x0f) later on the line.
    opened = False
    for m in re.finditer("\x03(\\d{1,2}(?:,\\d{1,2})?)?|\x0f", body):
        if m.group(0) == RESET:
            opened = False
        else:
            opened = bool(m.group(1))
    if opened:
        out.append("a colour left open at the end of the line")
    if len(text.encode()) > 400 + len("PRIVMSG ") + 60:
        out.append(f"{len(text.encode())} bytes")
    return out


def main():
    if sys.argv[1] == "--samples":
        runs = [(sys.argv[2], [sys.argv[2]])]
    else:
        runs = [(path, [sys.argv[1], "--replay", path, "--record"]) for path in sys.argv[2:]]
    replays = [path for path, _ in runs]
    bad = 0
    lines = 0
    for path, command in runs:
        rec = subprocess.run(command, capture_output=True)
        if rec.returncode != 0 and command[0] == path:
            print(f"{path} failed: {rec.stderr.decode('utf-8', 'replace')}")
            return 1
        text = rec.stdout.decode("utf-8", "replace")
        for line in text.splitlines():
            if not line.startswith("C: ") or " :" not in line:
                continue
            if not re.match(r"C: (PRIVMSG|NOTICE) ", line):
                continue
            lines += 1
            for p in problems(line[3:]):
                bad += 1
                print(f"{path}: {p}: {line[3:]!r}")
    print(f"check_messages: {lines} lines from {len(replays)} transcripts, {bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
