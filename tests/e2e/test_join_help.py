#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The bot joins its channel and answers `!help` there and `help` in private."""

from harness import BOT_NICK, CHANNEL, check, run_test

EXPECTED = ("games", "stats", "top")


def words(messages):
    return " ".join(m.plain for m in messages).lower()


def test(h):
    h.start_ngircd()
    alice = h.client("alice")
    alice.join(CHANNEL)
    h.start_bot()
    took = h.wait_bot_in_channel(alice)
    print(f"the bot is in {CHANNEL} ({took:.2f} s after the first NAMES poll)")

    alice.skip()
    alice.say(CHANNEL, "!help")
    reply = alice.collect(BOT_NICK, what="the bot answers !help")
    print("!help in the channel:\n  " + "\n  ".join(repr(m) for m in reply))
    text = words(reply)
    for w in EXPECTED:
        check(w in text, f"!help does not mention `{w}`")
    # In the channel the answer goes to the channel or privately to the asker.
    check(all(m.target.lower() in (CHANNEL, "alice") for m in reply),
          "!help answered somewhere else than the channel or the asker")

    alice.skip()
    alice.say(BOT_NICK, "help")
    reply = alice.collect(BOT_NICK, what="the bot answers help in private")
    print("help in private:\n  " + "\n  ".join(repr(m) for m in reply))
    check(all(m.target.lower() == "alice" for m in reply), "private help was not answered privately")
    text = words(reply)
    for w in EXPECTED:
        check(w in text, f"private help does not mention `{w}`")

    h.stop_bot()


run_test("join_help", test, timeout=120)
