#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The live daemon's deal numbers are not predictable: from one deal number the bot shows,
nobody can compute the next one. (They used to be successive outputs of splitmix64, whose
output function can be run backwards: the next deal followed from the last one shown.)"""

import re

from harness import BOT_NICK, CHANNEL, check, run_test

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def inverse_odd(c):
    return pow(c, -1, 1 << 64)


def unxorshift(y, s):
    x = y
    for _ in range(64 // s + 1):
        x = y ^ (x >> s)
    return x


def splitmix64_out(state):
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def state_behind(out):
    z = unxorshift(out, 31)
    z = (z * inverse_odd(0x94D049BB133111EB)) & MASK
    z = unxorshift(z, 27)
    z = (z * inverse_odd(0xBF58476D1CE4E5B9)) & MASK
    return unxorshift(z, 30)


def predict_next(shown):
    return splitmix64_out((state_behind(shown) + GAMMA) & MASK)


def test(h):
    # The attack itself works on DEALS.md's seeded mode (master seed 42's first numbers).
    check(predict_next(13679457532755275413) == 2949826092126892291, "the predictor is wrong")
    check(predict_next(2949826092126892291) == 5139283748462763858, "the predictor is wrong")

    h.start_ngircd()
    h.start_bot()
    alice = h.client("alice")
    alice.join(CHANNEL)
    h.wait_bot_in_channel(alice)  # the bot is on the server: private messages reach it
    numbers = []
    for suits in ("4", "1", "2", "4"):
        alice.skip()
        alice.say(BOT_NICK, f"new {suits}")
        m = alice.wait_msg(r"Spider .*deal (\d+)", sender=BOT_NICK, target="alice",
                           what=f"the bot deals a {suits}-suit Spider game")
        numbers.append(int(re.search(r"deal (\d+)", m.plain).group(1)))
        alice.collect(BOT_NICK, quiet=1.0)
        alice.say(BOT_NICK, "resign")
        alice.wait_msg(r"resigned deal", sender=BOT_NICK, target="alice", what="resigned")
    print("deal numbers:", numbers)
    check(len(set(numbers)) == len(numbers), f"a deal number came twice: {numbers}")
    for shown, nxt in zip(numbers, numbers[1:]):
        check(nxt != predict_next(shown),
              f"deal {nxt} was predictable from the deal {shown} shown before it")
    h.stop_bot()


run_test("deals_unpredictable", test, timeout=120)
