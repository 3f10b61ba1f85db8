#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""500 watchers of one live game against a move's answer on IRC (issue 46, docs/WEB.md,
docs/PERFORMANCE.md "Web").

Starts ngircd and croupierd with [web] listen on free ports (tests/e2e/harness.py) and
python3-irc clients: PLAYERS Spider players (default 6, each playing by the bot's hint, as
tests/tools/web_load.py) and ann and ben at an Exordia8 table in the channel, who only draw
(the table lasts the stock). Each round every Spider player and the table's player to move
send one move at once; the wait of a move is from its sending to the first line of the bot's
answer. ROUNDS rounds (default 30) at a table nobody watches, then ROUNDS rounds at a new
table watched by WATCHERS streams (default 500) of /live/game/<id>, opened from another
process over 127.0.0.2, 127.0.0.3, ... (the server takes at most 8 streams from one
address), each read to the end; every event they get is counted. Prints `figure
web.watchers.NAME VALUE UNIT` lines: the moves' p50 and p99 without and with the watchers, and the watched table's own
moves' p50 and slowest (each of them sends an event to every watcher).

    tests/tools/web_watchers.py [--players N] [--rounds N] [--watchers N]

Environment: as the harness (CROUPIERD, NGIRCD). Not a test: figures to read. Run it with
`nice -n 5` on a shared machine."""

import argparse
import json
import multiprocessing
import os
import re
import selectors
import socket
import sys
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "e2e"))
sys.path.insert(0, HERE)

from harness import BOT_NICK, CHANNEL, Harness, free_port  # noqa: E402
from web_load import Player, hint_round, percentile  # noqa: E402

PER_ADDRESS = 8  # ServerOptions::max_streams_per_address


def watch_process(port, game, count, ready, done, queue):
    """Opens `count` streams of game `game`, PER_ADDRESS from each 127.0.0.x, reads them until
    `done`; puts (opened, refused, events) on `queue`."""
    sel = selectors.DefaultSelector()
    opened = refused = events = 0
    socks = []
    for i in range(count):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind((f"127.0.0.{2 + i // PER_ADDRESS}", 0))
        s.connect(("127.0.0.1", port))
        s.sendall(f"GET /live/game/{game} HTTP/1.1\r\nHost: x\r\n"
                  f"Accept: text/event-stream\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = s.recv(4096)
            if not chunk:
                break
            head += chunk
        if head.startswith(b"HTTP/1.1 200"):
            opened += 1
            events += head.count(b"data: ")
            s.setblocking(False)
            sel.register(s, selectors.EVENT_READ)
            socks.append(s)
        else:
            refused += 1
            s.close()
    ready.set()
    while not done.is_set():
        for key, _ in sel.select(timeout=0.2):
            try:
                data = key.fileobj.recv(65536)
            except OSError:
                data = b""
            if not data:
                sel.unregister(key.fileobj)
                key.fileobj.close()
                continue
            events += data.count(b"data: ")
    for s in socks:
        try:
            s.close()
        except OSError:
            pass
    queue.put((opened, refused, events))


def open_table(h, base, ann, ben):
    """An Exordia8 table of ann and ben in the channel, dealt; its id and who moves first."""
    ann.skip()
    ben.skip()
    ann.say(CHANNEL, "!e8")
    ann.wait_msg(r"(?i)exordia8", sender=BOT_NICK, target=CHANNEL, what="the table opens")
    ben.say(CHANNEL, "!join")
    h.sleep(0.5)
    ann.say(CHANNEL, "!start")
    first = ann.wait_msg(r"(\w+) deals and plays first", sender=BOT_NICK, what="the deal")
    who = re.search(r"(\w+) deals and plays first", first.plain).group(1)
    h.sleep(0.5)
    with urllib.request.urlopen(base + "/api/", timeout=10) as r:
        games = [g for g in json.loads(r.read())["open"]
                 if g["game"] == "exordia8" and g["place"] == CHANNEL]
    return games[0]["id"], who


def play_rounds(h, spider, table, first, rounds):
    """`rounds` rounds: each Spider player's move by the hint and the table's mover's draw, sent
    at once. Returns the waits (seconds): of all the moves, and of the table's alone."""
    waits, at_table = [], []
    mover = 0 if first == table[0].nick else 1
    for _ in range(rounds):
        movers = hint_round(h, spider)
        t = table[mover]
        t.c.skip()
        for p in movers:
            p.sent = time.monotonic()
            p.c.say(BOT_NICK, p.action)
        t.sent = time.monotonic()
        t.c.say(CHANNEL, "!draw")
        for p in movers:
            got = p.c.wait_msg(r".", sender=BOT_NICK, what=f"{p.nick}'s answer")
            waits.append(got.when + h.t0 - p.sent)
        got = t.c.wait_msg(r".", sender=BOT_NICK, what=f"{t.nick}'s answer")
        waits.append(got.when + h.t0 - t.sent)
        at_table.append(waits[-1])
        mover = 1 - mover
        h.sleep(0.2)  # the rest of the answers, and the streams' events
    return waits, at_table


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--watchers", type=int, default=500)
    args = ap.parse_args()

    h = Harness("web-watchers")
    watcher = None
    try:
        h.start_ngircd(penalty=False)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        bot = h.start_bot(h.bot_config(
            bot={"log_level": "info"},
            web={"listen": f"127.0.0.1:{port}", "max_connections": 2048},
            net={"flood_burst": 100, "flood_rate": 100},
            limits={"user_burst": 20, "user_rate": 10}))
        h.wait_log(bot, r"web pages on http://127\.0\.0\.1:%d/" % port)
        spider = [Player(h, f"p{i}") for i in range(args.players)]
        for p in spider:
            p.new_game()
        table = [Player(h, "ann"), Player(h, "ben")]
        for p in table:
            p.c.join(CHANNEL)
            h.wait_bot_in_channel(p.c)

        tid, first = open_table(h, base, *[p.c for p in table])
        idle, idle_table = play_rounds(h, spider, table, first, args.rounds)
        table[0].c.say(CHANNEL, "!leave")
        h.sleep(1.0)

        tid, first = open_table(h, base, *[p.c for p in table])
        ctx = multiprocessing.get_context("fork")
        ready, done, queue = ctx.Event(), ctx.Event(), ctx.Queue()
        watcher = ctx.Process(target=watch_process,
                              args=(port, tid, args.watchers, ready, done, queue))
        watcher.start()
        ready.wait(120)
        h.sleep(1.0)
        watched, watched_table = play_rounds(h, spider, table, first, args.rounds)
        h.sleep(1.0)
        done.set()
        opened, refused, events = queue.get(timeout=60)
        watcher.join(30)

        print(f"# {args.players} Spider players and an Exordia8 table of two who draw, "
              f"{args.rounds} rounds unwatched and {args.rounds} with {opened} streams of "
              f"the table open ({refused} refused) over {(opened + PER_ADDRESS - 1) // PER_ADDRESS}"
              f" addresses, which got {events} events ({events / max(opened, 1):.1f} each)")
        print(f"# load average (1 min) {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
        for name, w in (("unwatched", idle), ("watched", watched)):
            print(f"figure web.watchers.move_wait_{name}_p50_ms "
                  f"{percentile(w, 50) * 1000:.1f} ms")
            print(f"figure web.watchers.move_wait_{name}_p99_ms "
                  f"{percentile(w, 99) * 1000:.1f} ms")
        for name, w in (("unwatched", idle_table), ("watched", watched_table)):
            print(f"figure web.watchers.table_move_wait_{name}_p50_ms "
                  f"{percentile(w, 50) * 1000:.1f} ms")
            print(f"figure web.watchers.table_move_wait_{name}_max_ms {max(w) * 1000:.1f} ms")
        print(f"figure web.watchers.p99_difference_ms "
              f"{(percentile(watched, 99) - percentile(idle, 99)) * 1000:.1f} ms")
        print(f"# move waits: {len(idle)} unwatched, {len(watched)} watched")
        h.stop_bot(bot)
    finally:
        if watcher is not None and watcher.is_alive():
            watcher.kill()
        h.close()
        import shutil
        shutil.rmtree(h.dir, ignore_errors=True)


if __name__ == "__main__":
    main()
