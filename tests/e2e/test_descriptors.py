#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""libircclient's select() and a thousand page connections (issue 45, docs/RELIABILITY.md,
"Descriptors"). select() takes descriptors below 1024 only, and the pages may hold
thousands. croupierd (a client link to ngircd) runs with [web] max_connections 2000; the
test holds 1,100 page connections open, opening again each one the server closes (its 10 s
read timeout), so the daemon's descriptors reach past 1024 and every low one freed is taken
again at once. The IRC server is killed and kept down 12 s (every page connection is
replaced meanwhile), then started again: croupierd links again (its new libircclient socket
must be below 1024), is back in its channel and answers; the pages still answer another
address; croupierd stops cleanly."""

import multiprocessing
import os
import resource
import urllib.request

from harness import BOT_NICK, CHANNEL, IdleConnections, check, free_port, run_test

CONNECTIONS = 1100


def hold(port, reopened, stop):
    """Holds CONNECTIONS idle page connections, opening again each one the server closes; in
    a process of its own (python3-irc's clients use select() too, so the test's own
    descriptors must stay low)."""
    conns = IdleConnections(port, CONNECTIONS)
    while not stop.is_set():
        n = conns.pump(0.2)
        if n:
            with reopened.get_lock():
                reopened.value += n
    conns.close()


def descriptors(pid):
    fds = [int(f) for f in os.listdir(f"/proc/{pid}/fd")]
    return len(fds), max(fds)


def test(h):
    need = CONNECTIONS + 300
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    check(hard == resource.RLIM_INFINITY or hard >= need,
          f"this test needs {need} descriptors; the hard limit is {hard}")
    if soft != resource.RLIM_INFINITY and soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))
    h.start_ngircd()
    port = free_port()
    bot = h.start_bot(h.bot_config(web={"listen": f"127.0.0.1:{port}", "max_connections": "2000",
                                        "max_per_address": "2000"}))
    h.wait_log(bot, r"web pages on http://127\.0\.0\.1:%d/" % port)
    limit = h.wait_log(bot, r"descriptors: at most \d+ open")
    print(f"croupierd: {limit.strip()}")
    c = h.client("fd", source="127.0.0.9", username="fd")
    c.join(CHANNEL)
    h.wait_bot_in_channel(c)

    reopened = multiprocessing.Value("i", 0)
    stop = multiprocessing.Event()
    holder = multiprocessing.Process(target=hold, args=(port, reopened, stop), daemon=True)
    holder.start()
    h.wait_until(lambda: descriptors(bot.pid)[0] > CONNECTIONS, "croupierd holds the connections")
    count, highest = descriptors(bot.pid)
    print(f"croupierd holds {count} descriptors, the highest {highest}")
    check(highest >= 1024, f"the highest descriptor is {highest}: the test does not reach 1024")

    h.restart_ircd(down=12.0)
    print(f"page connections opened again while the server was down: {reopened.value}")
    check(reopened.value >= CONNECTIONS // 2,
          f"only {reopened.value} page connections were replaced while the server was down")
    check(bot.alive(), "croupierd exited while its server was down")
    c = h.client("fd", source="127.0.0.9", username="fd")
    c.join(CHANNEL)
    took = h.wait_bot_in_channel(c, timeout=60)
    print(f"the bot back in {CHANNEL} {took:.1f} s after the server came back, with "
          f"{descriptors(bot.pid)[0]} descriptors open")
    c.say(BOT_NICK, "help")
    c.wait_msg(r".", sender=BOT_NICK, what="an answer to help after the relink")
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/", timeout=10) as r:
        check(r.status == 200, f"GET /api/: {r.status}")
    check("not below descriptor" not in bot.text(),
          "croupierd dropped a session whose socket was not below 1024")
    stop.set()
    holder.join(10)
    h.stop_bot(bot)


run_test("descriptors", test, timeout=200)
