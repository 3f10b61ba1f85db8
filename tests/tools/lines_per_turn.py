#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Counts the lines the bot sends for each command of a replay (what a turn costs at the
server's pace of one line a second). Usage: lines_per_turn.py CROUPIERD REPLAY...

Runs `croupierd --replay FILE --record` and counts, after each S: line that is a command
(PRIVMSG), the PRIVMSG and NOTICE lines the bot sent until the next one: those to the
channel and those to people, separately."""
import subprocess
import sys


def count(binary, path):
    out = subprocess.run([binary, "--replay", path, "--record"], capture_output=True,
                         text=True, check=True).stdout
    turns = []
    for line in out.splitlines():
        if line.startswith("S: ") and " PRIVMSG " in line:
            turns.append([line.split(" :", 2)[-1], 0, 0])
        elif line.startswith("C: ") and turns:
            words = line[3:].split(" ", 2)
            if words[0] in ("PRIVMSG", "NOTICE"):
                turns[-1][1 if words[1].startswith("#") else 2] += 1
    return turns


def main():
    binary, paths = sys.argv[1], sys.argv[2:]
    for path in paths:
        turns = count(binary, path)
        print(f"# {path}")
        print(f"{'command':32} channel private")
        for cmd, chan, priv in turns:
            print(f"{cmd[:32]:32} {chan:7} {priv:7}")
        print(f"{'total':32} {sum(t[1] for t in turns):7} {sum(t[2] for t in turns):7}")


if __name__ == "__main__":
    main()
