#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Flood control: about 50 queued reply lines leave at the configured rate (burst 4, then
2 lines/s) while ngircd's own flood penalty is on, and the bot is neither throttled nor
killed by the server: it is still connected and answering afterwards."""

import math

from harness import BOT_NICK, CHANNEL, check, run_test

BURST = 4
RATE = 2.0  # lines per second
CLIENTS = 10
PER_CLIENT = 5  # commands each client sends at once (user_burst is 5)
TARGET_LINES = 50
COMMAND = "games"  # asked in private: the replies go to each asker


def test(h):
    h.start_ngircd()  # default ngircd flood penalty: about 3 lines/s per client
    h.start_bot(h.bot_config(net={"flood_burst": BURST, "flood_rate": RATE},
                             limits={"user_burst": PER_CLIENT, "user_rate": 1}))
    # Each from an address of its own: the people of one host share one turn of the queue,
    # and their pages are held back once a dozen lines wait for that host (docs/LINK.md).
    clients = [h.client(f"player{i:02d}", source=f"127.0.0.{20 + i}") for i in range(CLIENTS)]
    clients[0].join(CHANNEL)
    h.wait_bot_in_channel(clients[0])

    # How many lines does one answer take? Then ask so that about 50 lines are queued.
    probe = clients[0]
    probe.skip()
    probe.say(BOT_NICK, COMMAND)
    per_answer = len(probe.collect(BOT_NICK, quiet=2.0, target=probe.nick,
                                   what=f"the bot answers `{COMMAND}`"))
    commands = max(1, math.ceil(TARGET_LINES / per_answer))
    print(f"`{COMMAND}` is answered with {per_answer} line(s): sending {commands} commands "
          f"from {CLIENTS} clients")
    # Let the bot's bucket fill up again.
    h.sleep(BURST / RATE + 1.0)

    for c in clients:
        c.skip()
    sent = 0
    plan = []
    for round_ in range(PER_CLIENT):
        for c in clients:
            if sent < commands:
                plan.append(c)
                sent += 1
    started = h.now()
    for c in plan:
        c.say(BOT_NICK, COMMAND)
    expected = commands * per_answer

    def received():
        return sum(len(c.find(sender=BOT_NICK, target=c.nick)) for c in clients)

    # At RATE lines/s this takes expected/RATE seconds; allow twice that plus slack.
    h.wait_until(lambda: received() >= expected,
                 f"{expected} reply lines arrived (so far {received()})",
                 timeout=2 * expected / RATE + 20)
    h.sleep(1.0)
    got = received()
    check(got == expected, f"expected {expected} reply lines, got {got}")

    times = sorted(m.when for c in clients for m in c.find(sender=BOT_NICK, target=c.nick))
    first, last = times[0], times[-1]
    after_burst = times[BURST:]
    steady = (len(after_burst) - 1) / (after_burst[-1] - after_burst[0]) if len(after_burst) > 1 \
        else float("nan")
    print(f"{len(times)} lines: first {first - started:.2f} s after the commands were sent, "
          f"last {last - started:.2f} s; steady rate after the burst {steady:.2f} lines/s "
          f"(configured {RATE}/s after a burst of {BURST})")
    firsts = sorted(min(m.when for m in c.find(sender=BOT_NICK, target=c.nick)) - started
                    for c in clients if c.find(sender=BOT_NICK, target=c.nick))
    print("first reply per client (s): " + " ".join(f"{t:.1f}" for t in firsts))

    # Never faster than the bucket allows: in any span, at most BURST + RATE * span lines (one
    # line of slack for timer granularity and network jitter).
    worst = 0.0
    for i in range(len(times)):
        for j in range(i, len(times)):
            excess = (j - i + 1) - (BURST + RATE * (times[j] - times[i]))
            worst = max(worst, excess)
    print(f"largest excess over the bucket: {worst:.2f} lines")
    check(worst <= 1.0, f"the bot sent faster than {BURST} + {RATE}/s ({worst:.2f} lines over)")
    # And not throttled: the steady rate is close to the configured one.
    check(RATE * 0.8 <= steady <= RATE * 1.15,
          f"steady rate {steady:.2f}/s is not within 80%..115% of {RATE}/s")

    # Still connected and answering, never killed for flooding.
    names = {n.lower() for n in clients[0].names(CHANNEL)}
    check(BOT_NICK in names, "the bot is no longer in the channel")
    clients[0].skip()
    clients[0].say(CHANNEL, "!help")
    clients[0].wait_msg(r"\S", sender=BOT_NICK, what="the bot still answers")
    # ngircd logs `User "croupier!~croupier@127.0.0.1" registered` once per connection.
    registrations = [l for l in h.ngircd.text().splitlines()
                     if f'User "{BOT_NICK}!' in l and "registered" in l]
    check(len(registrations) == 1,
          f"the bot registered {len(registrations)} times: the server dropped it")

    h.stop_bot()


run_test("flood_rate", test, timeout=200)
