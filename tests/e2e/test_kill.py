#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The kill test: real games over ngircd with several python3-irc clients, and croupierd
killed with SIGKILL at random points, restarted, and checked against its database.

Players: SPIDER_PLAYERS people each play a Spider game in private messages (alternating
`deal` and `undo`, each a journaled move with a one-line answer), and one person plays
Exordia8 against a computer player in a channel (drawing, or passing when the stock is
empty; a new game when one ends). A move is *acknowledged* when its player has received
the bot's line about it. After each kill, with the daemon dead, the test reads the SQLite
file and checks that every acknowledged move is in the journal, in order; moves that were
sent but not acknowledged may or may not be there (they are counted apart). After each
restart every game must go on from where the journal says it is: the next move is
accepted and acknowledged.

    tests/e2e/test_kill.py                     # short: 5 kills (the test command runs it)
    tests/e2e/test_kill.py --kills 100 --seed 7 --players 6

Prints the seed (a failing run is repeated with --seed), then kills, moves acknowledged,
moves checked, moves lost (must be 0) and games resumed. Exit 1 on any loss."""

import argparse
import random
import re
import signal
import sqlite3

from harness import BOT_NICK, check, run_test

CHANNEL = "#kill"


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kills", type=int, default=5)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--players", type=int, default=3, help="Spider players")
    p.add_argument("--min-run", type=float, default=1.0, help="seconds alive, at least")
    p.add_argument("--max-run", type=float, default=4.0, help="seconds alive, at most")
    return p.parse_args()


ARGS = parse_args()
SEED = ARGS.seed if ARGS.seed is not None else random.SystemRandom().randrange(1 << 30)


class SpiderPlayer:
    """Alternates deal and undo; the journal is the truth after each kill."""

    def __init__(self, client):
        self.c = client
        self.acked = []         # actions acknowledged since the game began, in order
        self.pending = None     # the action sent, not yet acknowledged
        self.started = False
        self.unacked_saved = 0  # sent, never acknowledged, but found in the journal
        self.checked = 0        # acknowledged moves already checked against the journal

    def next_action(self):
        return "undo" if self.acked and self.acked[-1] == "deal" else "deal"

    def poll(self):
        for m in self.c.find(sender=BOT_NICK, command=("PRIVMSG", "NOTICE")):
            text = m.plain
            if not self.started and re.match(r"Spider 1 suit, deal \d+", text):
                self.started = True
            elif self.pending == "deal" and text.startswith("Dealt ("):
                self.acked.append("deal")
                self.pending = None
            elif self.pending == "undo" and text.startswith("Took back the deal"):
                self.acked.append("undo")
                self.pending = None
        self.c.skip()
        if self.started and self.pending is None:
            self.pending = self.next_action()
            self.c.say(BOT_NICK, self.pending)


class TablePlayer:
    """Exordia8 against cpu#1: draws (or passes) when told it is their turn."""

    def __init__(self, client):
        self.c = client
        self.games = {}         # game id -> [actions acknowledged]
        self.game = None        # the current game's id
        self.pending = None
        self.unacked_saved = 0
        self.checked = {}       # game id -> acknowledged moves already checked

    def open(self):
        self.c.say(CHANNEL, "!e8 bot")

    def poll(self):
        for m in self.c.find(sender=BOT_NICK):
            text = m.plain
            g = re.match(r"Exordia8 game #(\d+):", text)
            if g:
                self.game = int(g.group(1))
                self.games.setdefault(self.game, [])
            elif "table with computer player cpu#1" in text:
                self.c.say(CHANNEL, "!start")
            elif m.command == "NOTICE" and "Your turn" in text and self.pending is None:
                self.pending = "draw"
                self.c.say(CHANNEL, "!draw")
            elif self.pending == "draw" and re.match(rf"{self.c.nick} draws", text):
                self.games[self.game].append("draw")
                self.pending = None
            elif self.pending == "draw" and "stock is empty" in text:
                self.pending = "pass"
                self.c.say(CHANNEL, "!pass")
            elif self.pending == "pass" and re.match(rf"{self.c.nick} passes", text):
                self.games[self.game].append("pass")
                self.pending = None
            elif self.game is not None and re.search(r"\bwins\b|the game is blocked", text):
                self.game = None
                self.pending = None
                self.open()
            elif self.game is None and "already open here" in text:
                self.c.say(CHANNEL, "!start")  # a table restored while taking players
            elif self.game is None and "No table is open here" in text:
                self.open()
        self.c.skip()


def check_database(path, spiders, table, totals):
    """With the daemon dead: every acknowledged move is in the journal, in order."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        for p in spiders:
            row = db.execute("SELECT id FROM games WHERE kind = 'spider' AND place = ? AND "
                             "status = 'open' ORDER BY id DESC LIMIT 1", (p.c.nick,)).fetchone()
            if not p.acked and row is None:
                continue  # the game itself was never acknowledged
            check(row is not None, f"{p.c.nick}'s Spider game is not in the database")
            actions = [a for (a,) in db.execute(
                "SELECT action FROM journal WHERE game_id = ? ORDER BY seq", (row[0],))]
            totals["checked"] += len(p.acked) - p.checked
            lost = [i for i, a in enumerate(p.acked) if i >= len(actions) or actions[i] != a]
            totals["lost"] += len(lost)
            check(not lost, f"{p.c.nick}: acknowledged moves {lost} are not in the journal "
                            f"(acknowledged {p.acked[-5:]}, journal {actions[-5:]})")
            extra = len(actions) - len(p.acked)
            check(extra in (0, 1), f"{p.c.nick}: the journal has {extra} moves nobody asked for")
            totals["unacked_saved"] += extra
            p.acked = actions  # the journal is the truth from here on
            p.checked = len(actions)
            p.pending = None
        for game_id, acked in table.games.items():
            rows = db.execute("SELECT j.action FROM journal j JOIN games g ON g.id = j.game_id "
                              "WHERE g.id = ? ORDER BY j.seq", (game_id,)).fetchall()
            mine = [a for (a,) in rows if a in ("draw", "pass")]
            totals["checked"] += len(acked) - table.checked.get(game_id, 0)
            table.checked[game_id] = len(acked)
            # Every acknowledged draw or pass of the human is there (the computer's too, so
            # only a lower bound can be checked by count).
            check(len(mine) >= len(acked),
                  f"Exordia8 game {game_id}: {len(acked)} acknowledged draws/passes, "
                  f"{len(mine)} in the journal")
        table.pending = None
        if table.game is not None:
            # The game may have ended with its last line unsent when the daemon died.
            row = db.execute("SELECT status FROM games WHERE id = ?", (table.game,)).fetchone()
            if row is None or row[0] != "open":
                table.game = None
    finally:
        db.close()


def test(h):
    rng = random.Random(SEED)
    print(f"kill test: seed {SEED}, {ARGS.kills} kills, {ARGS.players} Spider players")
    h.start_ngircd(penalty=False)
    config = h.bot_config(
        net={"channels": CHANNEL, "flood_burst": "50", "flood_rate": "50"},
        limits={"user_burst": "50", "user_rate": "50", "page_burst": "500",
                "page_rate": "50"},
        exordia8={"join_window": "2m", "turn_timeout": "10m", "turn_warning": "0s"})
    db_path = re.search(r"database = (\S+)", open(config).read()).group(1)

    spiders = [SpiderPlayer(h.client(f"s{i}")) for i in range(ARGS.players)]
    table = TablePlayer(h.client("t0"))
    table.c.join(CHANNEL)

    totals = {"kills": 0, "acked": 0, "checked": 0, "lost": 0, "unacked_saved": 0,
              "resumed": 0}
    bot = h.start_bot(config, name="bot0")
    h.wait_log(bot, r"registered as")
    h.wait_bot_in_channel(table.c, CHANNEL)
    for p in spiders:
        p.c.say(BOT_NICK, "spider 1")
    table.open()

    for kill in range(ARGS.kills + 1):
        run_for = rng.uniform(ARGS.min_run, ARGS.max_run)
        end = h.now() + run_for
        while h.now() < end:
            h.pump(0.02)
            for p in spiders:
                p.poll()
            table.poll()
        if kill == ARGS.kills:
            break
        # SIGKILL: no QUIT, no clean shutdown, whatever was in flight is in flight.
        bot.watched = False
        bot.send_signal(signal.SIGKILL)
        bot.popen.wait(10)
        bot.log.close()
        totals["kills"] += 1
        h.pump(0.2)
        for p in spiders:
            p.poll()  # lines that arrived before the kill count as acknowledged
        table.poll()
        check_database(db_path, spiders, table, totals)
        print(f"kill {kill + 1} after {run_for:.2f} s: Exordia8 game {table.game}, "
              f"{sum(len(a) for a in table.games.values())} table moves; checked {totals['checked']} "
              f"acknowledged moves so far, lost {totals['lost']}")
        bot = h.start_bot(config, name=f"bot{kill + 1}")
        h.wait_log(bot, r"registered as")
        # Each game goes on from where the journal says it is.
        before = [len(p.acked) for p in spiders]
        deadline = h.now() + 30
        while h.now() < deadline and any(len(p.acked) <= b for p, b in zip(spiders, before)):
            h.pump(0.02)
            for p in spiders:
                p.poll()
        resumed = sum(len(p.acked) > b for p, b in zip(spiders, before))
        check(resumed == len(spiders), f"only {resumed} of {len(spiders)} Spider games "
                                       "went on after the restart")
        totals["resumed"] += resumed
        h.wait_bot_in_channel(table.c, CHANNEL)
        if table.game is not None:
            table.c.say(CHANNEL, "!hand")  # "Your turn" again if it is
        else:
            table.c.say(CHANNEL, "!start")  # a table taking players comes back; else a new one

    totals["acked"] = sum(len(p.acked) for p in spiders) + sum(
        len(a) for a in table.games.values())
    print(f"kill test: Exordia8: {len(table.games)} game(s), "
          f"{sum(len(a) for a in table.games.values())} acknowledged draws and passes")
    h.stop_bot(bot)
    print(f"kill test: seed {SEED}: kills {totals['kills']}, moves acknowledged "
          f"{totals['acked']}, moves checked {totals['checked']}, moves lost {totals['lost']}, "
          f"sent but unacknowledged and saved {totals['unacked_saved']}, games resumed "
          f"{totals['resumed']}")
    check(totals["lost"] == 0, "acknowledged moves were lost")


run_test("kill", test, timeout=max(240, 40 * ARGS.kills))
