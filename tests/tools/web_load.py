#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The web pages under load while tables play (issue 30, docs/WEB.md "Under load").

Starts ngircd and croupierd with [web] listen on free ports (tests/e2e/harness.py), on a
database of finished games written by web_bench (GAMES, default 2000), and PLAYERS python3-irc
clients (default 6), each playing Spider games by the bot's hint. Each round every player
sends one move at once; the wait of a move is from its sending to the first line of the
bot's answer. ROUNDS rounds without page requests, then ROUNDS rounds with CONCURRENCY
(default 200) page requests in flight all the time, from another process: CONCURRENCY
threads, each with its own keep-alive connection, asking in turn for /, /top/spider,
/top/exordia8, /player/N, /game/N and /api/game/N. A 503 is counted, the connection closed
and the request tried again on a new one. Prints `figure web.load.NAME VALUE UNIT` lines.

    tests/tools/web_load.py [--players N] [--rounds N] [--concurrency N] [--games N]

Environment: as the harness (CROUPIERD, NGIRCD), WEB_BENCH (default build/tests/web_bench).
Not a test: figures to read. Run it with `nice -n 5` on a shared machine."""

import argparse
import multiprocessing
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "e2e"))

from harness import BOT_NICK, SOURCE_DIR, Harness, free_port  # noqa: E402

WEB_BENCH = os.environ.get("WEB_BENCH", os.path.join(SOURCE_DIR, "build", "tests", "web_bench"))
HINT_RX = re.compile(r"^Hint: (move \d+ \d+ \d+|deal)")


def percentile(values, p):
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100.0 * (len(v) - 1))))]


# --- the page requests, in a process of their own ---------------------------------------


def _read_response(sock, buf):
    """Reads one HTTP/1.1 response (Content-Length bodies only) from sock; returns
    (status, rest of buf, keep-alive)."""
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before the headers")
        buf += chunk
    head, _, buf = buf.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    length, close = 0, False
    for line in lines[1:]:
        k, _, v = line.partition(b":")
        k = k.strip().lower()
        if k == b"content-length":
            length = int(v.strip())
        elif k == b"connection" and v.strip().lower() == b"close":
            close = True
    while len(buf) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed inside the body")
        buf += chunk
    return status, buf[length:], not close


def _worker(port, paths, start, stop, out, index):
    times, statuses, errors = [], {}, 0
    sock, buf = None, b""
    n = index
    start.wait()
    while not stop.is_set():
        path = paths[n % len(paths)]
        n += 1
        t0 = time.monotonic()
        try:
            if sock is None:
                sock = socket.create_connection(("127.0.0.1", port), timeout=30)
                buf = b""
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: load\r\n\r\n".encode())
            status, buf, keep = _read_response(sock, buf)
        except OSError:
            errors += 1
            if sock:
                sock.close()
            sock = None
            time.sleep(0.01)
            continue
        statuses[status] = statuses.get(status, 0) + 1
        if status == 200:
            times.append(time.monotonic() - t0)
        if status != 200 or not keep:
            sock.close()
            sock = None
            if status == 503:
                time.sleep(0.01)  # then again, on a new connection
    if sock:
        sock.close()
    out.append((times, statuses, errors))


def load_process(port, paths, concurrency, ready, go, done, queue):
    start, stop = threading.Event(), threading.Event()
    out = []
    threads = [threading.Thread(target=_worker, args=(port, paths, start, stop, out, i),
                                daemon=True) for i in range(concurrency)]
    for t in threads:
        t.start()
    ready.set()
    go.wait()
    t0 = time.monotonic()
    start.set()
    done.wait()
    stop.set()
    for t in threads:
        t.join(60)
    elapsed = time.monotonic() - t0
    times, statuses, errors = [], {}, 0
    for t, s, e in out:
        times += t
        errors += e
        for k, v in s.items():
            statuses[k] = statuses.get(k, 0) + v
    queue.put((times, statuses, errors, elapsed))


# --- the players ------------------------------------------------------------------------


class Player:
    def __init__(self, h, nick):
        self.c = h.client(nick)
        self.nick = nick
        self.action = None
        self.sent = None

    def new_game(self):
        self.c.say(BOT_NICK, "spider new 1")
        self.c.wait_msg(r"^Spider 1 suit, deal", sender=BOT_NICK, what=f"{self.nick}'s game")
        self.c.collect(BOT_NICK, quiet=0.3)


def hint_round(h, players):
    """Every player asks for a hint; one with no move left resigns and starts a new game
    (not timed). Returns the players with a move to send (p.action)."""
    for p in players:
        p.c.skip()
        p.c.say(BOT_NICK, "hint")
    for p in players:
        got = p.c.wait_msg(r"^(Hint|No |Nothing)", sender=BOT_NICK, what=f"{p.nick}'s hint")
        m = HINT_RX.search(got.plain)
        p.action = m.group(1) if m else None
        h.sleep(0.05)
        p.c.skip()
    for p in players:
        if p.action is None:
            p.c.say(BOT_NICK, "resign")
            p.c.wait_msg(r"^You resigned", sender=BOT_NICK, what=f"{p.nick} resigned")
            h.sleep(0.2)
            p.c.skip()
            p.new_game()
    return [p for p in players if p.action is not None]


def play_rounds(h, players, rounds):
    """`rounds` rounds; in each every player asks for a hint, then all send their moves at
    once. Returns the waits of the moves (seconds)."""
    waits = []
    for _ in range(rounds):
        movers = hint_round(h, players)
        for p in movers:
            p.sent = time.monotonic()
            p.c.say(BOT_NICK, p.action)
        for p in movers:
            got = p.c.wait_msg(r".", sender=BOT_NICK, what=f"{p.nick}'s answer")
            # The line's arrival is stamped on harness time; convert to monotonic.
            waits.append(got.when + h.t0 - p.sent)
        h.sleep(0.2)  # the rest of the answers, if any
    return waits


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=25)
    ap.add_argument("--concurrency", type=int, default=200)
    ap.add_argument("--games", type=int, default=2000)
    args = ap.parse_args()

    h = Harness("web-load")
    loader = None
    try:
        db = os.path.join(h.dir, "croupier.db")
        subprocess.run([WEB_BENCH, str(args.games), db], check=True, stdout=subprocess.DEVNULL)
        h.start_ngircd(penalty=False)
        port = free_port()
        bot = h.start_bot(h.bot_config(
            bot={"database": db, "log_level": "info"},
            web={"listen": f"127.0.0.1:{port}"},
            net={"flood_burst": 100, "flood_rate": 100},
            limits={"user_burst": 20, "user_rate": 10}))
        h.wait_log(bot, r"web pages on http://127\.0\.0\.1:%d/" % port)
        players = [Player(h, f"p{i}") for i in range(args.players)]
        for p in players:
            p.new_game()

        paths = ["/", "/top/spider", "/top/exordia8", "/api/"]
        for i in range(1, 40):
            paths += [f"/player/{i}", f"/game/{i * 41}", f"/api/game/{i * 37}"]

        idle = play_rounds(h, players, args.rounds)

        ctx = multiprocessing.get_context("fork")
        ready, go, done, queue = ctx.Event(), ctx.Event(), ctx.Event(), ctx.Queue()
        loader = ctx.Process(target=load_process,
                             args=(port, paths, args.concurrency, ready, go, done, queue))
        loader.start()
        ready.wait(60)
        go.set()
        h.sleep(2.0)  # the requests are in flight before the first move
        load_before = os.getloadavg()[0]
        loaded = play_rounds(h, players, args.rounds)
        load_after = os.getloadavg()[0]
        done.set()
        times, statuses, errors, elapsed = queue.get(timeout=120)
        loader.join(30)
        served = len(times)

        print(f"# {args.players} players of Spider, {args.rounds} rounds idle and "
              f"{args.rounds} loaded; {args.concurrency} connections asking for "
              f"{len(paths)} pages in turn, on {args.games} finished games (web_bench)")
        print(f"# load average (1 min) {load_before:.2f} as the loaded rounds began, "
              f"{load_after:.2f} at their end, on {os.cpu_count()} CPUs")
        print("# answers: " + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())) +
              f"; connection errors {errors}; {elapsed:.1f} s of load")
        print(f"figure web.load.requests_per_s {served / elapsed:.0f} req/s")
        print(f"figure web.load.page_p50_ms {percentile(times, 50) * 1000:.1f} ms")
        print(f"figure web.load.page_p99_ms {percentile(times, 99) * 1000:.1f} ms")
        print(f"figure web.load.refused_503 {statuses.get(503, 0)} answers")
        for name, w in (("idle", idle), ("loaded", loaded)):
            print(f"figure web.load.move_wait_{name}_p50_ms {percentile(w, 50) * 1000:.1f} ms")
            print(f"figure web.load.move_wait_{name}_p99_ms {percentile(w, 99) * 1000:.1f} ms")
        print(f"# move waits: {len(idle)} idle, {len(loaded)} loaded; mean "
              f"{statistics.mean(idle) * 1000:.1f} ms idle, "
              f"{statistics.mean(loaded) * 1000:.1f} ms loaded")
        h.stop_bot(bot)
    finally:
        if loader is not None and loader.is_alive():
            loader.kill()
        h.close()
        import shutil
        shutil.rmtree(h.dir, ignore_errors=True)


if __name__ == "__main__":
    main()
