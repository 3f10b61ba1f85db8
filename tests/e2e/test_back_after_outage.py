#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A link down for more than a few seconds is told like a restart: alice plays Exordia8
against a computer player, ngircd dies (SIGKILL) and comes back after 12 s, and once the
bot is in its channel again the table says in one line that it is back and whose turn it
is ("Exordia8 game #1 is back after a lost connection: alice to play (... left)")."""

import re
import signal

from harness import BOT_NICK, CHANNEL, check, run_test

OUTAGE = 12.0  # the bot's threshold is 10 s (bot/tables/restore.cpp, kBackAfterDrop)


def test(h):
    h.start_ngircd()
    h.start_bot(h.bot_config(exordia8={"turn_timeout": "10m"}))
    alice = h.client("alice")
    alice.join(CHANNEL)
    h.wait_bot_in_channel(alice)
    alice.skip()
    alice.say(CHANNEL, "!e8 bot")
    alice.wait_msg(r"opens an Exordia8 table", sender=BOT_NICK, target=CHANNEL)
    alice.say(CHANNEL, "!start")
    deal = alice.wait_msg(r"Exordia8 game #(\d+):", sender=BOT_NICK, target=CHANNEL)
    game = re.search(r"#(\d+)", deal.plain).group(1)

    h.ngircd.stop(signal.SIGKILL)
    h.wait_until(lambda: not alice.connected, "the client noticed the server is gone")
    h.sleep(OUTAGE)
    h.start_ngircd(port=h.port)
    bob = h.client("bob")
    bob.join(CHANNEL)
    h.wait_bot_in_channel(bob, timeout=90)
    line = bob.wait_msg(r"is back after", sender=BOT_NICK, target=CHANNEL, timeout=30,
                        what="the table says it is back")
    print(f"after a {OUTAGE:.0f} s outage: {line.plain}")
    check(re.fullmatch(rf"Exordia8 game #{game} is back after a lost connection: alice to play "
                       r"\(\d+ (s|min) left\)\.", line.plain) is not None,
          f"one line saying the game is back and whose turn it is, not {line.plain!r}")
    h.sleep(2.0)
    check(len(bob.find(r"is back after", sender=BOT_NICK)) == 0, "the line is said once")
    h.stop_bot()


run_test("back_after_outage", test, timeout=240)
