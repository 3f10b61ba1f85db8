#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Spider: Encounters through a real server, with a python3-irc client in private messages:
an encounter started beside a Spider game, a bare command going to the game played last and
a game's name picking the other, party turns played by the bot's own hints (each costing at
most three lines), then the daemon killed with SIGKILL and started again: the board comes
back as it was, the encounter goes on, and the party is the person's (`party`)."""

import re

from harness import BOT_NICK, check, run_test

HINT_RX = re.compile(r"^Hint: (move \d+ \d+ \d+|deal|redeal|ability [a-z]+(?: \w+)?|pass)")


def board(alice):
    """The encounter's board: the status line and the piles."""
    alice.say(BOT_NICK, "enc board")
    lines = alice.collect(BOT_NICK, quiet=2.0, what="the board")
    return [m.plain for m in lines]


def test(h):
    h.start_ngircd(penalty=False)
    config = h.bot_config(net={"flood_burst": 20, "flood_rate": 20},
                          limits={"user_burst": 100, "user_rate": 50})
    bot = h.start_bot(config)
    alice = h.client("alice")
    h.wait_log(bot, r"registered as")
    alice.skip()

    alice.say(BOT_NICK, "set plain on")
    alice.collect(BOT_NICK, what="the settings")
    alice.say(BOT_NICK, "spider 1")
    alice.wait_msg(r"^Spider 1 suit, deal", sender=BOT_NICK, what="the Spider game")
    alice.collect(BOT_NICK, what="the Spider board")
    alice.say(BOT_NICK, "enc new")
    start = alice.wait_msg(r"^Spider: Encounters, deal \d+: your level-1 party", sender=BOT_NICK,
                           what="the encounter")
    print("start: " + start.plain)
    alice.collect(BOT_NICK, what="the encounter's board")

    # A bare command goes to the game played last (the encounter); a name picks the other.
    alice.say(BOT_NICK, "board")
    got = alice.collect(BOT_NICK, what="a bare board")
    check(got[0].plain.startswith("Round "), f"board went to the encounter: {got[0].plain}")
    alice.say(BOT_NICK, "spider board")
    got = alice.collect(BOT_NICK, what="spider board")
    check(got[0].plain.startswith("Spider 1 suit"), f"spider board went to Spider: {got[0].plain}")

    # Party turns by the bot's own hints; each turn's answer is at most three lines.
    turns = 0
    for _ in range(12):
        alice.say(BOT_NICK, "enc hint")
        hint = alice.wait_msg(r"^Hint: |I see nothing", sender=BOT_NICK, what="a hint")
        m = HINT_RX.search(hint.plain)
        action = m.group(1) if m else "pass"
        alice.say(BOT_NICK, "enc " + action)
        answer = alice.collect(BOT_NICK, quiet=1.5, what=f"the answer to {action}")
        text = " ".join(a.plain for a in answer)
        check("Unknown" not in text and "not" not in text.split(".")[0],
              f"{action} was taken: {text}")
        limit = 14 if action in ("deal", "redeal") or action.startswith("ability peek") else 3
        check(len(answer) <= limit, f"{action} cost {len(answer)} lines: {text}")
        turns += 1
        if re.search(r"Victory!|Defeat\.", text):
            break
    print(f"{turns} party turns played by hints")
    before = board(alice)
    print("before the kill: " + " / ".join(before))

    h.kill_and_restart(bot, config)
    h.sleep(2.0)
    alice.skip()
    after = board(alice)
    check(after == before, f"the board after the restart is the board before it:\n"
                           f"{before}\n{after}")
    alice.say(BOT_NICK, "enc hint")
    hint = alice.wait_msg(r"^Hint: |I see nothing", sender=BOT_NICK, what="a hint after")
    m = HINT_RX.search(hint.plain)
    alice.say(BOT_NICK, "enc " + (m.group(1) if m else "pass"))
    alice.collect(BOT_NICK, what="the encounter goes on")
    alice.say(BOT_NICK, "party")
    party = alice.wait_msg(r"^Your party, level \d+", sender=BOT_NICK, what="the party")
    print("party: " + party.plain)


run_test("encounters", test, timeout=200)
