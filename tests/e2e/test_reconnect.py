#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""ngircd dies (SIGKILL) and comes back on the same port: the bot reconnects by itself and is
back in its channel within its backoff, and still answers."""

import re
import signal

from harness import BOT_NICK, CHANNEL, check, run_test

# The bot's reconnect backoff starts small and is capped; a single outage must be over well
# within this.
LIMIT = 60.0


def test(h):
    h.start_ngircd()
    h.start_bot()
    alice = h.client("alice")
    alice.join(CHANNEL)
    h.wait_bot_in_channel(alice)

    for outage in (1, 2):
        # A hard crash: no ERROR, no FIN from a polite QUIT; the kernel resets the sockets.
        log_before = len(h.bot.text().splitlines())
        h.ngircd.stop(signal.SIGKILL)
        down_at = h.now()
        h.wait_until(lambda: not alice.connected, "the client noticed the server is gone")
        h.sleep(1.0)  # a moment with nothing listening: the bot's first attempt may fail
        h.start_ngircd(port=h.port)
        up_at = h.now()
        bob = h.client(f"bob{outage}")
        bob.join(CHANNEL)
        took = h.wait_bot_in_channel(bob, timeout=LIMIT)
        back = h.now()
        print(f"outage {outage}: server down for {up_at - down_at:.1f} s; the bot was back in "
              f"{CHANNEL} {back - up_at:.1f} s after the server came back "
              f"({back - down_at:.1f} s after the crash; NAMES polling {took:.1f} s)")
        # The bot logs each delay it chose ("reconnecting in 2.1 s"): it must be back within
        # their sum, plus a little for connecting, registering, joining and our polling.
        delays = [float(x) for line in h.bot.text().splitlines()[log_before:]
                  for x in re.findall(r"reconnecting in ([0-9.]+) ?s", line)]
        if delays:
            bound = sum(delays) + 5.0
            print(f"  backoff delays the bot chose: {', '.join(f'{d:.1f} s' for d in delays)}; "
                  f"bound {bound:.1f} s")
            check(back - down_at <= bound,
                  f"back after {back - down_at:.1f} s, more than its backoff allows ({bound:.1f} s)")
        else:
            print("  (the bot's log names no reconnect delay; checked against the "
                  f"{LIMIT:.0f} s limit only)")

        bob.skip()
        bob.say(CHANNEL, "!help")
        bob.wait_msg(r"\S", sender=BOT_NICK, what="the bot answers !help after reconnecting")
        alice = bob  # the next outage is watched by this client

    h.stop_bot()


run_test("reconnect", test, timeout=240)
