#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The soak (issue 45): ngircd and croupierd under a crowd at people's pace, with faults
injected one after another, measured into a CSV, plotted, and judged.

    tests/soak/soak.py --hours 2             # what `contrib/dev soak` runs
    tests/soak/soak.py --minutes 3 --short   # the short schedule (tests/e2e/test_soak_short.py)

The crowd (each client on a loopback address of its own, 127.0.0.10 up, thinking 2-20 s):
Spider players in private (`hint`, then the hinted move or `deal`, now and then `undo`; a
new game when one cannot go on), Spider: Encounters players (`enc hint` then the hinted
action, `enc new` when an encounter ends), two Exordia8 tables in channels (a person and a
computer player each), two people reading pages (top, stats, help), and wanderers who
join and leave a channel, change nicks, quit and come back. A separate process asks the web
pages RATE times a second (/, /api/, /top/<game>, ended games' pages).

Faults, one after another on a schedule: SIGKILL of the daemon and a restart, a restart of
the IRC server, a SIGHUP with a changed config, a flood from ten nicks of one host, the web
connection attack (256+ idle connections from one address, reopened as they close, while
another address asks for / and must be answered within 1 s), the database write-locked by
another process, and the disk full (the database on a small tmpfs, filled; skipped with a
reason when tmpfs cannot be mounted).

Each interval a CSV row (soak.csv); after each kill and at the end every acknowledged
Spider, VCG, Adventurer Factory, Encounters and Exordia8 move is checked against the
database journal, soak.png is drawn and the verdicts printed (verdicts.txt). Exit status 1
when a verdict fails. Environment: as tests/e2e/harness.py (CROUPIERD ...).

`soak.py --selftest` checks the Encounters and Exordia8 check on a fabricated database
(it must fail when an acknowledged move is missing)."""

import argparse
import configparser
import csv
import http.client
import multiprocessing
import os
import queue
import random
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
import harness  # noqa: E402
from harness import BOT_NICK, Client, Harness, SOURCE_DIR, free_port  # noqa: E402

CHANNELS = ["#soak", "#soak2"]
# Each duel against the computer in a channel of its own: a line there is that duel's.
DUEL_CHANNELS = ["#soakvcg", "#soakaf"]
SANITIZER_RX = re.compile(r"ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:")
HINT_RX = re.compile(r"^Hint: (move \d+ \d+ \d+|deal|redeal|ability [a-z]+(?: \w+)?|pass)")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hours", type=float, default=2.0)
    p.add_argument("--minutes", type=float, default=None, help="overrides --hours")
    p.add_argument("--short", action="store_true",
                   help="the short schedule (the default up to 10 minutes): faults every 12 s, "
                        "a SIGKILL every 40 s, a row every 10 s")
    p.add_argument("--rate", type=int, default=None,
                   help="web requests a second (default 200; 30 with --short)")
    p.add_argument("--spiders", type=int, default=8)
    p.add_argument("--encounters", type=int, default=4)
    p.add_argument("--wanderers", type=int, default=4)
    p.add_argument("--no-duels", dest="duels", action="store_false",
                   help="no VCG and Adventurer Factory duels against the computer")
    p.add_argument("--no-kills", action="store_true", help="no SIGKILL (for the RSS verdict)")
    p.add_argument("--out", default=None, help="where the CSV, plot and logs go")
    p.add_argument("--seed", type=int, default=None)
    a = p.parse_args(argv)
    a.seconds = a.minutes * 60 if a.minutes is not None else a.hours * 3600
    a.short = a.short or a.seconds <= 600  # ten minutes or less: the short schedule
    if a.rate is None:
        a.rate = 30 if a.short else 200
    return a


# --- the daemon's numbers ---------------------------------------------------------------------

def proc_numbers(pid):
    """RSS (MB), open descriptors, threads of a process; None when it is gone."""
    try:
        status = open(f"/proc/{pid}/status").read()
        rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024
        threads = int(re.search(r"Threads:\s+(\d+)", status).group(1))
        fds = len(os.listdir(f"/proc/{pid}/fd"))
        return rss, fds, threads
    except (OSError, AttributeError):
        return None


def memory_split(pid):
    """The resident memory's anonymous part (the heaps, the threads' stacks) and the rest
    (the binary's and the libraries' pages), in MB, from /proc/PID/smaps_rollup: which of the
    two a rise is. (nan, nan) when it cannot be read."""
    try:
        text = open(f"/proc/{pid}/smaps_rollup").read()
        rss = int(re.search(r"^Rss:\s+(\d+)", text, re.M).group(1)) / 1024
        anon = int(re.search(r"^Anonymous:\s+(\d+)", text, re.M).group(1)) / 1024
        return anon, rss - anon
    except (OSError, AttributeError):
        return float("nan"), float("nan")


def size_mb(path):
    try:
        return os.path.getsize(path) / 1e6
    except OSError:
        return 0.0


def percentile(values, q):
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


# --- the configuration ----------------------------------------------------------------------

def write_config(path, irc_port, web_port, db_path, changed=False):
    """config/croupier.ini.example pointed at the local ngircd, [web] on web_port, the
    database at db_path. The bot's flood limit is raised (ngircd runs without its penalty):
    at the example's one line a second the crowd's answers would only queue. `changed`: the
    config a SIGHUP reloads (a different page rate and turn time)."""
    cp = configparser.ConfigParser(interpolation=None, comment_prefixes=(";", "#"),
                                   inline_comment_prefixes=(" ;",), strict=True)
    cp.optionxform = str
    cp.read(os.path.join(SOURCE_DIR, "config", "croupier.ini.example"))
    net = [s for s in cp.sections() if s.startswith("network ")][0]
    # Keys left empty in the example (password, SASL, the CA file) and tls_verify are for
    # a TLS network; the local ngircd is plain.
    items = {k: v for k, v in cp[net].items() if v and not k.startswith("tls_")}
    cp.remove_section(net)
    cp["network local"] = items
    n = cp["network local"]
    n.update({"host": "127.0.0.1", "port": str(irc_port), "tls": "no",
              "channels": ", ".join(CHANNELS + DUEL_CHANNELS), "admins": "*!*@127.0.0.2",
              "flood_burst": "20", "flood_rate": "15"})
    cp["bot"].update({"database": db_path, "log_level": "info"})
    cp["web"].update({"listen": f"127.0.0.1:{web_port}"})
    cp["exordia8"].update({"join_window": "5s", "turn_timeout": "5m" if changed else "3m"})
    cp["limits"]["page_rate"] = "0.7" if changed else "0.5"
    with open(path, "w") as f:
        for section in cp.sections():
            f.write(f"[{section}]\n")
            for k, v in cp[section].items():
                f.write(f"{k} = {v}\n")
            f.write("\n")


# --- the check ---------------------------------------------------------------------------------

def lost_moves(acked, actions, same=lambda a, b: a == b):
    """The indices in `acked` (moves acknowledged, in order) not found in `actions` (the
    journal, in order) as a subsequence: moves saved but never acknowledged (the daemon
    killed before the answer came, another person's or the computer's moves) may stand
    between, but each acknowledged move must be found after the one before it."""
    lost, at = [], 0
    for i, a in enumerate(acked):
        j = next((j for j in range(at, len(actions)) if same(a, actions[j])), None)
        if j is None:
            lost.append(i)  # (the search for the next goes on from the same place)
        else:
            at = j + 1
    return lost


def place_games(db, kind, place):
    """The ids of KIND's games at PLACE (a channel, or a person's nick for a private game,
    however the daemon keys it), in the order they began."""
    place = place.lower()
    return [g for g, p in db.execute("SELECT id, place FROM games WHERE kind = ? ORDER BY id",
                                     (kind,))
            if p.lower() == place or p.lower().endswith(":" + place)
            or p.lower().startswith((place + "!", "h:" + place + "!"))]


def check_other(db, records):
    """Encounters and Exordia8: each place's acknowledged moves in order in the journals of
    its games (ordered by id, so that moves across games keep their order). Returns
    ({kind: checked}, {kind: lost}, [messages])."""
    checked, lost, said = {}, {}, []
    for (kind, place), acked in records.items():
        actions = [a for g in place_games(db, kind, place) for (a,) in db.execute(
            "SELECT action FROM journal WHERE game_id = ? ORDER BY seq", (g,))]
        # (an Exordia8 play is recorded with its card, as the journal has it: "play 5h",
        # "play 8h s"; a bare "play" is one whose card line could not be read)
        miss = lost_moves(acked, actions,
                          lambda a, b: a == b or (a == "play" and b.startswith("play ")))
        checked[kind] = checked.get(kind, 0) + len(acked)
        lost[kind] = lost.get(kind, 0) + len(miss)
        if miss:
            said.append(f"LOST: {kind} at {place}: acknowledged move {miss[0] + 1} "
                        f"{acked[miss[0]]!r} of {len(acked)} ({len(miss)} lost), journal "
                        f"{len(actions)} moves, last {actions[-5:]}")
    return checked, lost, said


# --- the crowd --------------------------------------------------------------------------------

class Stats:
    def __init__(self):
        self.waits = []        # (sent at, seconds) of every answered command
        self.lines = 0         # lines received from the bot by the crowd
        self.acked = 0         # Spider moves acknowledged
        self.other_moves = 0   # Encounters and Exordia8 moves acknowledged
        self.duel_acked = 0    # VCG and Adventurer Factory moves acknowledged
        self.duels = 0         # duels against the computer ended


class Person:
    """A client with a pace: step() when due; its own address; reconnects when dropped."""

    def __init__(self, soak, nick, source, channel=None):
        self.s, self.nick, self.source, self.channel = soak, nick, source, channel
        self.c = None
        self.due = 0.0
        self.sent_at = None
        self.timed = False
        self.joined = False
        self.restart()
        self.connect()

    def connect(self):
        self.c = Client(self.s.h, self.nick, self.s.h.port, self.source, self.nick, wait=False)
        self.s.h.clients.append(self.c)
        self.joined = False
        self.sent_at = None
        self.stuck()

    def restart(self):
        """Called after a (re)connect or a daemon restart: the state machine starts again."""
        self.sent_at = None

    def think(self, lo=2.0, hi=20.0):
        self.due = self.s.h.now() + self.s.rng.uniform(lo, hi) * self.s.pace

    def say(self, target, text):
        """Sends a command. A command in private is timed (sent -> the first line the bot
        sends this person); in a channel, other people's moves would answer it."""
        self.c.say(target, text)
        self.sent_at = self.s.h.now()
        self.timed = target == BOT_NICK

    def answers(self):
        """The bot's new lines; the first one to this person after a command ends its
        wait."""
        got = self.c.find(sender=BOT_NICK)
        self.c.skip()
        if got:
            self.s.stats.lines += len(got)
            mine = [m for m in got if m.target.lower() == self.c.nick.lower()]
            if self.sent_at is not None and (mine or not self.timed):
                if self.timed:
                    self.s.stats.waits.append((self.sent_at, mine[0].when - self.sent_at))
                self.sent_at = None
        return got

    def poll(self):
        now = self.s.h.now()
        if not self.c.connected:
            if self.c.registered:  # dropped (or quit): back after a while
                self.c.registered = False
                self.due = max(self.due, now + self.s.rng.uniform(1, 5))
            elif now >= self.due:
                self.due = now + 3
                try:
                    self.connect()
                except Exception:
                    pass
            return
        if not self.c.registered:
            return
        if self.channel and not self.joined:
            self.c.conn.join(self.channel)
            self.joined = True
        got = self.answers()
        self.on_lines(got)
        if self.sent_at is not None and self.s.h.now() - self.sent_at > 30:
            self.sent_at = None  # unanswered (a kill, a restart): try again
            self.stuck()
        if self.s.h.now() >= self.due and self.sent_at is None:
            self.step()

    def on_lines(self, got):
        pass

    def stuck(self):
        pass

    def step(self):
        self.think()


class Spider(Person):
    """hint, then the hinted move (or deal); sometimes undo. A move is acknowledged by its
    answer line (Moved/Dealt/Took back); records[game id] = actions acknowledged."""

    def restart(self):
        super().restart()
        self.game = None
        self.pending = None
        self.refused = 0
        self.due = 0

    def on_lines(self, got):
        for m in got:
            t = m.plain
            g = re.search(r"This is Spider game #(\d+)", t)
            if g:
                self.game = int(g.group(1))
                self.s.records.setdefault(self.game, [])
                self.s.owner[self.game] = self
                self.refused = 0
            hint = HINT_RX.search(t)
            if hint and self.pending == "hint":
                self.pending = None
                self.next = hint.group(1)
                self.refused = 0
            elif self.pending and self.pending != "hint":
                if re.match(r"Moved |Dealt |Took back ", t) and self.game:
                    self.s.records[self.game].append(self.pending)
                    self.s.stats.acked += 1
                    self.refused = 0
                elif not t.startswith(("Hint", "Spider", "Commands")):
                    self.refused += 1
                self.pending = None
            elif self.pending == "hint":
                self.pending = None
                self.next = None
                self.refused += 1

    def step(self):
        self.think()
        if self.game is None or self.refused >= 3:
            if self.refused >= 3:
                self.say(BOT_NICK, "resign")
            self.game, self.refused = None, 0
            self.c.say(BOT_NICK, "spider 1")
            self.pending = "new"
            self.sent_at = self.s.h.now()
            return
        nxt = getattr(self, "next", None)
        if nxt is None:
            self.pending = "hint"
            self.say(BOT_NICK, "hint")
        else:
            self.next = None
            action = "undo" if self.s.rng.random() < 0.08 else nxt
            if action == "redeal" or action.startswith(("ability", "pass")):
                action = "deal"
            self.pending = action
            self.say(BOT_NICK, action)
            self.due = self.s.h.now() + self.s.rng.uniform(1, 3) * self.s.pace

    def stuck(self):
        self.pending = None


class Encounter(Person):
    """enc new, enc hint, then the hinted action. An action is acknowledged by its answer
    line (the party's character "Warrior moves: ...", "Rogue deals.", "Mage waits.", "Your
    party flees."); soak.other_records[("encounters", nick)] = actions acknowledged, checked
    in order against the journals of this person's Encounters games."""

    ACK_RX = re.compile(r"^(?:(?:Warrior|Rogue|Mage) (?:moves:|deals\.|re-deals\.|waits\.|"
                        r"peeks\.|uses )|Your party flees\.)")

    def restart(self):
        super().restart()
        self.next = None
        self.pending = None
        self.started = False
        self.due = 0

    def on_lines(self, got):
        for m in got:
            t = m.plain
            if t.startswith("Spider: Encounters, deal"):
                self.started = True
            if self.pending and self.ACK_RX.match(t):
                self.s.other_records.setdefault(("encounters", self.nick), []).append(
                    self.pending)
                self.s.stats.other_moves += 1
                self.pending = None
            hint = HINT_RX.search(t)
            if hint:
                self.next = hint.group(1)
            if re.search(r"Victory!|Defeat\.|no encounter|not playing|flees\.", t, re.I):
                self.started = False
                self.next = None

    def step(self):
        self.think()
        self.pending = None
        if not self.started:
            self.say(BOT_NICK, "enc new")
            self.started = True
        elif self.next:
            self.pending = self.next
            self.say(BOT_NICK, "enc " + self.next)
            self.next = None
        else:
            self.say(BOT_NICK, "enc hint")

    def stuck(self):
        self.started = False
        self.pending = None


class Table(Person):
    """Exordia8 against cpu#1 in a channel: on their turn plays the card at a random place
    of their hand (half the time; a card that does not fit is refused: then draws), draws,
    or passes when the stock is empty. A move is acknowledged by the channel line naming
    its mover ("tab0 plays 5♥", "tab0 draws a card", "tab0 passes"); it is recorded as
    play CARD [SUIT], draw or pass, as the journal writes them ("tab0 plays 8♥ and names
    spades" is "play 8h s");
    soak.other_records[("exordia8", channel)] = moves acknowledged, checked in order among
    the computer's in the journals of the channel's Exordia8 games."""

    ACK = {"!draw": "draw", "!pass": "pass"}

    def restart(self):
        super().restart()
        self.game = None
        self.pending = None
        self.todo = "!e8 bot"
        self.due = self.s.h.now() + 3

    def on_lines(self, got):
        for m in got:
            t = m.plain
            if re.match(r"Exordia8 game #(\d+):", t):
                self.game = True
            elif "table with computer player cpu#1" in t or "already open here" in t:
                self.todo = "!start"
            elif m.command == "NOTICE" and "Your turn" in t:
                self.todo = "!draw"
                if self.s.rng.random() < 0.5:
                    self.todo = f"!play {self.s.rng.randint(1, 4)}"
            elif "stock is empty" in t:
                self.todo = "!pass"
            elif re.match(rf"{re.escape(self.nick)} (draws|passes|breaks the sequent|"
                          rf"plays (?!again|first))", t):
                if self.pending:
                    if self.pending == "play":
                        self.pending = e8_play_action(self.nick, t) or self.pending
                    self.s.other_records.setdefault(("exordia8", self.channel), []).append(
                        self.pending)
                    self.s.stats.other_moves += 1
                    self.pending = None
            if re.search(r"\bwins\b|the game is blocked", t):
                self.game, self.todo = None, "!e8 bot"
            elif "No table is open here" in t:
                self.todo = "!e8 bot"

    def step(self):
        self.think(2, 8)
        if self.todo:
            todo, self.todo = self.todo, None
            self.pending = self.ACK.get(todo)
            if todo.startswith("!play"):
                self.pending = "play"
                self.todo = "!draw"  # if refused; after a play, refused as not their turn
            self.say(self.channel, todo)
        elif self.s.rng.random() < 0.3:
            self.say(self.channel, "!hand")

    def stuck(self):
        self.pending = None
        self.todo = "!hand" if self.game else "!e8 bot"


E8_SUITS = {"\u2663": "c", "\u2666": "d", "\u2665": "h", "\u2660": "s"}


def e8_play_action(nick, text):
    """The journal's text of the play a channel line tells: "tab0 plays 8♥ and names spades"
    is "play 8h s", "tab0 plays Joker" "play Joker"; None if it is not a play by NICK."""
    m = re.match(rf"{re.escape(nick)} plays (Joker|(?:10|[2-9AJQK])[\u2660-\u2666])"
                 r"(?: and names (clubs|diamonds|hearts|spades))?", text)
    if not m:
        return None
    card = m.group(1)
    if card != "Joker":
        card = card[:-1] + E8_SUITS[card[-1]]
    return "play " + card + (" " + m.group(2)[0] if m.group(2) else "")


class Reader(Person):
    PAGES = ["top", "top spider 1", "stats", "help", "help spider", "top e8", "games"]

    def step(self):
        self.think()
        self.say(BOT_NICK, self.s.rng.choice(self.PAGES))


class Wanderer(Person):
    """Joins and leaves a channel, changes nick, quits and comes back, says !top there."""

    def __init__(self, soak, nick, source, channel=None):
        self.base = nick
        super().__init__(soak, nick, source, channel)

    def step(self):
        self.think()
        r = self.s.rng.random()
        if r < 0.25:
            self.c.conn.part(self.channel) if self.joined else self.c.conn.join(self.channel)
            self.joined = not self.joined
        elif r < 0.5:
            self.renames = getattr(self, "renames", 0) + 1
            self.nick = f"{self.base}x{self.renames}"
            self.c.conn.nick(self.nick)
            self.c.nick = self.nick
        elif r < 0.6:
            self.c.quit("back soon")
            self.due = self.s.h.now() + self.s.rng.uniform(5, 20) * self.s.pace
        elif self.joined:
            self.say(self.channel, self.s.rng.choice(["!top", "!e8 list", "!help"]))


class Duelist(Person):
    """A duel against the computer in a channel of its own (`!vcg ai`, `!af ai`), a new one
    when it ends. Each move acknowledged (its answer line came) is kept in
    soak.duel_records[game id]; check_journal finds them in the game's journal in order,
    among the computer's moves."""

    GAME_RX = None   # the line that starts a duel: group 1 is the game id
    END_RX = None
    NEW = ""

    def restart(self):
        super().restart()
        self.game = None
        self.pending = None
        self.todo = self.NEW
        self.idle_since = self.s.h.now()
        self.due = self.s.h.now() + 3

    def on_lines(self, got):
        for m in got:
            t = m.plain
            self.idle_since = self.s.h.now()
            g = self.GAME_RX.search(t)
            if g and self.nick in t:
                self.game = int(g.group(1))
                self.s.duel_records.setdefault(self.game, [])
                self.started()
            if self.pending and self.acked(t):
                if self.game:
                    self.s.duel_records[self.game].append(self.pending)
                    self.s.stats.duel_acked += 1
                self.pending = None
            self.on_line(m, t)
            if self.game and self.END_RX.search(t):
                self.game, self.pending, self.todo = None, None, self.NEW
                self.s.stats.duels += 1

    def step(self):
        self.think(2, 8)
        if self.s.h.now() - self.idle_since > 60:  # a kill or a lost line: ask again
            self.idle_since = self.s.h.now()
            self.stuck()
        if self.todo:
            todo, self.todo = self.todo, None
            self.send(todo)

    def send(self, text):
        self.say(self.channel, "!" + text)

    def started(self):
        pass

    def on_line(self, m, t):
        pass

    def acked(self, t):
        return False


class Vcg(Duelist):
    """VCG against cpu#1: its cards in order, 0-2 potions each (12 for 4 battles)."""

    GAME_RX = re.compile(r"^VCG game #(\d+):")
    END_RX = re.compile(r"wins the duel\.|A draw\.")
    NEW = "vcg ai"

    def started(self):
        self.slot = 1

    def on_line(self, m, t):
        if self.game and re.search(rf"\b{re.escape(self.nick)} plays first|"
                                   rf"\b{re.escape(self.nick)}: answer with play", t):
            self.todo = f"play {self.slot} {self.s.rng.randint(0, 2)}"
        elif self.pending is None and "already played" in t.lower():
            self.slot += 1
        if f"{self.nick} ran out of time" in t:  # the bot played for them: not the bid's answer
            self.pending = None

    def send(self, text):
        if text.startswith("play"):
            self.pending = text
            self.slot += 1
            self.say(BOT_NICK, text)  # bids in private
        else:
            self.say(self.channel, "!" + text)

    def acked(self, t):
        # The potions must be the bid's: a turn clock that ran out (a kill, a locked
        # database) plays the next card with 0 potions for the person, and its "You play"
        # is not the answer to the bid that was refused (taken for one, 3 of 797 moves
        # were reported lost in a sanitized hour that were the clock's).
        m = re.match(r"You play .+ with (\d+) potions?\b", t)
        if not m:
            return False
        if int(m.group(1)) != int(self.pending.split()[2]):
            self.pending = None
            return False
        return True

    def stuck(self):
        self.pending = None
        if self.game:
            self.todo = f"play {min(self.slot, 4)} 0"
        else:
            self.todo = self.NEW


class Adventurer(Duelist):
    """Adventurer Factory against cpu#1: `af hint` in private, then the hinted move."""

    GAME_RX = re.compile(r"^Adventurer Factory game #(\d+):")
    END_RX = re.compile(r"wins\.|[Aa] draw[.,]|Both give up")
    NEW = "af ai"
    HINT = re.compile(r"^Hint: try (.+?)\.(?: Your answers: .*)?$")
    VERB = {"play": "plays", "use": "uses", "discard": "discards", "attack": "attacks",
            "parley": "parleys", "end": "ends"}

    def started(self):
        self.todo = "hint"

    def on_line(self, m, t):
        if not self.game:
            return
        h = self.HINT.search(t)
        if h:
            self.todo = h.group(1)
        elif t.startswith("Hint: "):
            self.todo = "hint"  # not waiting for this player now
        elif (self.nick + ":" in t and "answer with" in t) or "Your turn" in t \
                or t.startswith("You draw"):
            self.todo = "hint"

    def send(self, text):
        if text == "hint":
            self.say(BOT_NICK, "af hint")
            self.todo = None
        elif text == self.NEW:
            self.say(self.channel, "!" + text)
        else:
            self.pending = text
            self.say(self.channel, "!" + text)
            self.todo = "hint"

    def acked(self, t):
        word = self.pending.split()[0]
        if word == "pass":
            return t.startswith("You pass")
        return f"{self.nick} {self.VERB.get(word, word)}" in t

    def stuck(self):
        self.pending = None
        self.todo = "hint" if self.game else self.NEW


# --- the web ----------------------------------------------------------------------------------

def web_load(port, rate, db_path, latq, stop, t0, seed, counts):
    """RATE requests a second over a few keep-alive connections. counts (shared): requests
    made, requests failed (not 200 or 404); each second puts (seconds since t0, [latencies])
    on the queue."""
    rng = random.Random(seed)
    paths = ["/", "/api/", "/top/spider", "/top/e8", "/top/encounters"]
    ended = []
    conns = [None] * 4
    lat = []
    tick = time.monotonic()
    next_db = 0
    i = 0
    while not stop.is_set():
        now = time.monotonic()
        if now >= next_db:
            next_db = now + 10
            try:
                db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=1)
                ended = [r[0] for r in db.execute(
                    "SELECT id FROM games WHERE status != 'open' ORDER BY id DESC LIMIT 50")]
                db.close()
            except sqlite3.Error:
                pass
        path = rng.choice(paths)
        if ended and rng.random() < 0.4:
            path = f"/game/{rng.choice(ended)}"
        k = i % len(conns)
        i += 1
        t = time.monotonic()
        failed = False
        try:
            if conns[k] is None:
                conns[k] = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conns[k].request("GET", path)
            r = conns[k].getresponse()
            r.read()
            failed = r.status not in (200, 404)
            if r.getheader("Connection", "").lower() == "close":
                conns[k].close()
                conns[k] = None
        except (OSError, http.client.HTTPException):
            failed = True
            if conns[k] is not None:
                conns[k].close()
            conns[k] = None
        lat.append(time.monotonic() - t)
        with counts.get_lock():
            counts[0] += 1
            counts[1] += failed
        if time.monotonic() - tick >= 1.0:
            latq.put((time.monotonic() - t0, lat))
            lat = []
            tick = time.monotonic()
        delay = 1.0 / rate - (time.monotonic() - t)  # pace: `rate` a second
        if delay > 0:
            time.sleep(delay)


def web_attack(port, seconds, result):
    """256+ idle connections from 127.0.0.200, reopened as they close; meanwhile
    127.0.0.201 asks for / every 0.5 s: result gets the slowest answer (s) and failures."""
    conns = harness.IdleConnections(port, 300, source="127.0.0.200")
    end = time.monotonic() + seconds
    next_probe = time.monotonic()
    slowest, failed, probes = 0.0, 0, 0
    while time.monotonic() < end:
        conns.pump(0.05)
        if time.monotonic() >= next_probe:
            next_probe = time.monotonic() + 0.5
            t = time.monotonic()
            try:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=5,
                                               source_address=("127.0.0.201", 0))
                c.request("GET", "/")
                r = c.getresponse()
                r.read()
                c.close()
                if r.status != 200:
                    failed += 1
            except (OSError, http.client.HTTPException):
                failed += 1
            probes += 1
            slowest = max(slowest, time.monotonic() - t)
    result["slowest"], result["failed"], result["probes"] = slowest, failed, probes
    conns.close()


# --- the soak ---------------------------------------------------------------------------------

class Soak:
    def __init__(self, args):
        self.a = args
        self.rng = random.Random(args.seed)
        self.pace = 1.0
        self.h = Harness("soak")
        self.out = args.out or os.path.join(self.h.dir, "out")
        os.makedirs(self.out, exist_ok=True)
        self.stats = Stats()
        self.records = {}   # Spider game id -> acknowledged actions
        self.owner = {}     # Spider game id -> its player
        self.duel_records = {}  # VCG and AF game id -> the person's acknowledged moves
        self.duel_checked = 0
        self.duel_lost = 0
        # ("encounters", nick) or ("exordia8", channel) -> the moves acknowledged there, in
        # order over that person's (that channel's) games
        self.other_records = {}
        self.other_checked = {"encounters": 0, "exordia8": 0}
        self.other_lost = {"encounters": 0, "exordia8": 0}
        self.checked = 0
        self.lost = 0
        self.unacked_saved = 0
        self.faults = []    # [start, name, detail, end] (seconds since the start)
        self.missed = []    # faults the daemon did not answer as expected
        self.busy_until = 0.0  # a fault's effects: rows until then are marked
        self.rows = []
        self.web_rows = []
        self.web_hist = {}  # every web request's latency, in 0.1 ms steps -> how many
        self.lives = 0
        self.skipped = []

    # -- processes --
    def setup(self):
        h = self.h
        h.start_ngircd(penalty=False)
        self.web_port = free_port()
        self.data_dir = os.path.join(h.dir, "data")
        os.makedirs(self.data_dir)
        self.tmpfs = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=160m", "tmpfs",
                                     self.data_dir], capture_output=True).returncode == 0
        if not self.tmpfs:
            self.skipped.append("disk full: could not mount a tmpfs for the database")
        self.db = os.path.join(self.data_dir, "croupier.db")
        self.config = os.path.join(h.dir, "croupier.ini")
        write_config(self.config, h.port, self.web_port, self.db)
        self.bot = h.start_bot(self.config, name="bot0")
        h.wait_log(self.bot, r"registered as", timeout=60)
        self.lives = 1

    def crowd(self):
        n = 10
        self.people = []

        def src():
            nonlocal n
            n += 1
            return f"127.0.0.{n}"

        for i in range(self.a.spiders):
            self.people.append(Spider(self, f"sp{i}", src()))
        for i in range(self.a.encounters):
            self.people.append(Encounter(self, f"enc{i}", src()))
        for i, ch in enumerate(CHANNELS):
            self.people.append(Table(self, f"tab{i}", src(), ch))
        for i in range(2):
            self.people.append(Reader(self, f"reader{i}", src(), CHANNELS[0]))
        for i in range(self.a.wanderers):
            self.people.append(Wanderer(self, f"wan{i}", src(), CHANNELS[i % 2]))
        if self.a.duels:
            self.people.append(Vcg(self, "vcg0", src(), DUEL_CHANNELS[0]))
            self.people.append(Adventurer(self, "af0", src(), DUEL_CHANNELS[1]))
        self.h.wait_until(lambda: all(p.c.registered for p in self.people),
                          "the crowd registered", 60)

    # -- faults --
    def fault(self, name, detail=""):
        print(f"[{self.h.now():7.1f}] fault: {name} {detail}".rstrip(), flush=True)
        self.faults.append([self.h.now(), name, detail, None])

    def kill(self):
        self.fault("SIGKILL")
        bot = self.bot
        bot.watched = False
        bot.send_signal(signal.SIGKILL)
        bot.popen.wait(10)
        bot.log.close()
        self.h.pump(0.3)
        for p in self.people:
            if p.c.connected and p.c.registered:
                p.on_lines(p.answers())  # lines that came before the kill count
        self.check_journal()
        self.bot = self.h.start_bot(self.config, name=f"bot{self.lives}")
        self.lives += 1
        self.h.wait_log(self.bot, r"registered as", timeout=60)
        for p in self.people:
            if isinstance(p, Spider):
                p.pending, p.next, p.sent_at = None, None, None

    def restart_ircd(self):
        self.fault("IRC server restart")
        before = self.bot.text().count("registered as")
        self.h.restart_ircd(down=2.0)
        self.h.wait_until(lambda: self.bot.text().count("registered as") > before,
                          "the daemon registered again", 60)

    def sighup(self):
        self.fault("SIGHUP", "changed [limits] page_rate, [exordia8] turn_timeout")
        before = self.bot.text().count("configuration reloaded")
        write_config(self.config, self.h.port, self.web_port, self.db,
                     changed=len([f for f in self.faults if f[1] == "SIGHUP"]) % 2 == 1)
        self.bot.send_signal(signal.SIGHUP)
        try:
            self.h.wait_until(lambda: self.bot.text().count("configuration reloaded") > before,
                              "the daemon reloaded its configuration", 60)
        except harness.TestTimeout:
            # Not the end of the run (a 2-hour run stopped here once): a verdict says it.
            self.missed.append(f"SIGHUP at {self.h.now():.0f} s: no reload in 60 s")
            print(f"[{self.h.now():9.1f}] SIGHUP: no reload seen in 60 s", flush=True)

    def flood(self):
        self.fault("flood", "ten nicks from 127.0.0.99")
        flooders = self.h.many_clients([f"fl{i}" for i in range(10)], source="127.0.0.99")
        for _ in range(15):
            for c in flooders:
                c.say(BOT_NICK, "help")
                c.say(CHANNELS[0], "!top")
            self.h.pump(0.1)
        self.h.pump(2)
        for c in flooders:
            c.quit("flood over")
            self.h.clients.remove(c)

    def attack(self):
        seconds = 15 if self.a.short else 60
        self.fault("web attack", f"300 idle connections from 127.0.0.200, {seconds} s")
        result = multiprocessing.Manager().dict()
        p = multiprocessing.Process(target=web_attack, args=(self.web_port, seconds, result))
        p.start()
        self.run_crowd_while(lambda: p.is_alive(), seconds + 30)
        p.join(5)
        self.attack_result = dict(result)
        print(f"    web attack: {self.attack_result}", flush=True)

    def db_lock(self):
        seconds = 5 if self.a.short else 15
        self.fault("database locked", f"{seconds} s by another process")
        locker = subprocess.Popen([sys.executable, "-c", (
            "import sqlite3, sys, time; db = sqlite3.connect(sys.argv[1], timeout=30, "
            "isolation_level=None); db.execute('BEGIN IMMEDIATE'); print('locked', flush=True); "
            "time.sleep(float(sys.argv[2])); db.execute('ROLLBACK')"), self.db, str(seconds)],
            stdout=subprocess.PIPE, text=True)
        locker.stdout.readline()
        self.run_crowd_while(lambda: locker.poll() is None, seconds + 30)

    def disk_full(self):
        if not self.tmpfs:
            return
        seconds = 10 if self.a.short else 60
        self.fault("disk full", f"{seconds} s")
        filler = os.path.join(self.data_dir, "filler")
        with open(filler, "wb") as f:
            try:
                while True:
                    f.write(b"\0" * (1 << 20))
                    f.flush()
            except OSError:
                pass
        end = self.h.now() + seconds
        self.run_crowd_while(lambda: self.h.now() < end, seconds + 5)
        os.remove(filler)

    def schedule(self):
        """(due, fault) pairs: a SIGKILL every 10 minutes (40 s short), the others one
        after another from minute 5 (short: in the middle third), each at least once."""
        total = self.a.seconds
        if self.a.short:
            # the other faults in the middle third, so that the first and last thirds
            # (whose waits are compared) hold only kills
            kill_every, start, gap = 40, total / 3 + 1, 7
        else:
            # every fault at least once in the run, at most one each five minutes
            kill_every, start = 600, 300
            gap = max(60, min(300, (total - start - 90) / 6))
        out = []
        if not self.a.no_kills:
            t = kill_every
            while t < total - 15:
                out.append((t, self.kill))
                t += kill_every
        others = [self.restart_ircd, self.sighup, self.flood, self.attack, self.db_lock,
                  self.disk_full]
        t = start
        while t < total - 30:
            for f in others:
                if t >= total - 30:
                    break
                out.append((t, f))
                t += gap
            if self.a.short:
                break
        return sorted(out, key=lambda x: x[0])

    # -- the loop --
    def tick(self):
        for p in self.people:
            p.poll()
        self.h.pump(0.05)

    def run_crowd_while(self, cond, limit):
        end = self.h.now() + limit
        while cond() and self.h.now() < end:
            self.tick()
            self.sample_if_due()

    def sample_if_due(self):
        if self.h.now() >= self.next_row:
            self.next_row += self.interval
            self.sample()

    def sample(self):
        while True:
            try:
                r = self.webq.get_nowait()
            except queue.Empty:
                break
            self.web_rows.append(r)
            for x in r[1]:
                k = round(x * 10000)
                self.web_hist[k] = self.web_hist.get(k, 0) + 1
        web_n, web_err = self.webcounts[0], self.webcounts[1]
        t = self.h.now()
        nums = proc_numbers(self.bot.pid) if self.bot.alive() else None
        rss, fds, threads = nums or (float("nan"),) * 3
        anon, files = memory_split(self.bot.pid) if nums else (float("nan"),) * 2
        since = t - self.interval
        waits = [w for s, w in self.stats.waits if s >= since]
        web = [r for r in self.web_rows if r[0] >= since]
        web_lat = [x for r in web for x in r[1]]
        text = "".join(open(p.log_path, errors="replace").read()
                       for p in self.h.processes if p.name.startswith("bot"))
        row = {
            "time_s": round(t, 1), "rss_mb": round(rss, 2),
            "anon_mb": round(anon, 2), "file_mb": round(files, 2), "fds": fds, "threads": threads,
            "db_mb": round(size_mb(self.db), 3), "wal_mb": round(size_mb(self.db + "-wal"), 3),
            "moves_acked": self.stats.acked, "other_moves": self.stats.other_moves,
            "moves_checked": self.checked + self.duel_checked + sum(self.other_checked.values()),
            "moves_lost": self.lost + self.duel_lost + sum(self.other_lost.values()),
            "wait_p50_s": round(percentile(waits, 0.5), 4),
            "wait_p95_s": round(percentile(waits, 0.95), 4), "answers": len(waits),
            "lines_per_s": round((self.stats.lines - self.last_lines) / self.interval, 2),
            "web_req_per_s": round((web_n - self.last_web[0]) / self.interval, 1),
            "web_errors": web_err - self.last_web[1],
            "web_p95_ms": round(percentile(web_lat, 0.95) * 1000, 1),
            "log_warnings": text.count("warning: "), "log_errors": text.count("error: "),
            "faults": len(self.faults), "life": self.lives,
            "fault_active": int(any(t - self.interval <= (end or t) + settle(self.a) and
                                    start <= t for start, _, _, end in self.faults)),
        }
        self.last_lines = self.stats.lines
        self.last_web = (web_n, web_err)
        self.web_rows = [r for r in self.web_rows if r[0] >= t - self.interval]
        self.rows.append(row)
        with open(self.csv_path, "a", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(row))
            if len(self.rows) == 1:
                w.writeheader()
            w.writerow(row)
        print(f"[{t:7.1f}] rss {row['rss_mb']} MB fds {fds} threads {threads} wal "
              f"{row['wal_mb']} MB acked {row['moves_acked']} wait p95 {row['wait_p95_s']} s "
              f"lines/s {row['lines_per_s']} web {row['web_req_per_s']}/s", flush=True)

    def check_journal(self):
        """Every acknowledged Spider move is in the journal, in order (the daemon dead or
        alive: the journal only grows); after a kill the journal becomes the truth."""
        db = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=30)
        try:
            for game, acked in self.records.items():
                actions = [a for (a,) in db.execute(
                    "SELECT action FROM journal WHERE game_id = ? ORDER BY seq", (game,))]
                new = len(acked) - self.checked_of.get(game, 0)
                self.checked += max(0, new)
                # In order, with moves saved but never acknowledged (their answer not seen:
                # the daemon killed first, or another line taken for it) allowed between.
                lost, at = [], 0
                for i, a in enumerate(acked):
                    while at < len(actions) and actions[at] != a:
                        at += 1
                    if at == len(actions):
                        lost.append(i)
                    else:
                        at += 1
                if lost:
                    print(f"LOST: Spider game {game}: acknowledged {acked[-5:]}, journal "
                          f"{actions[-5:]}", flush=True)
                self.lost += len(lost)
                extra = len(actions) - len(acked)
                if not self.bot.alive() and extra > 0 and not lost:
                    self.unacked_saved += extra
                    acked[:] = actions
                self.checked_of[game] = len(acked)
            # Duels: the person's acknowledged moves, in order, among the computer's.
            checked = lost = 0
            for game, acked in self.duel_records.items():
                actions = [a for (a,) in db.execute(
                    "SELECT action FROM journal WHERE game_id = ? ORDER BY seq", (game,))]
                i = 0
                for k, move in enumerate(acked):
                    j = next((j for j in range(i, len(actions)) if actions[j] == move), None)
                    if j is None:
                        lost += 1
                        print(f"LOST: duel game {game}: acknowledged {move!r} (move {k + 1}), "
                              f"journal {actions[i:i + 5]}", flush=True)
                    else:
                        i = j + 1
                checked += len(acked)
            self.duel_checked, self.duel_lost = checked, lost
            # Encounters and Exordia8: each place's acknowledged moves in order.
            checked, lost, said = check_other(db, self.other_records)
            for line in said:
                print(line, flush=True)
            for kind in self.other_checked:
                self.other_checked[kind] = checked.get(kind, 0)
                self.other_lost[kind] = lost.get(kind, 0)
        finally:
            db.close()

    def run(self):
        a = self.a
        self.interval = 10 if a.short else 60
        self.csv_path = os.path.join(self.out, "soak.csv")
        self.checked_of = {}
        self.last_lines = 0
        self.attack_result = None
        print(f"soak: {a.seconds / 60:.0f} minutes, croupierd {harness.CROUPIERD}, out {self.out}")
        self.setup()
        self.crowd()
        self.webq = multiprocessing.Queue()
        self.webstop = multiprocessing.Event()
        self.webcounts = multiprocessing.Array("q", 2)
        self.last_web = (0, 0)
        # One loader a 40 requests a second: one Python process, one request at a time,
        # does about 100 a second on a busy machine.
        n = max(1, -(-a.rate // 40))
        self.web = [multiprocessing.Process(target=web_load, args=(
            self.web_port, a.rate / n, self.db, self.webq, self.webstop, self.h.t0, i, self.webcounts),
            daemon=True) for i in range(n)]
        self.web_started = self.h.now()
        for w in self.web:
            w.start()
        plan = self.schedule()
        print("soak: schedule " + ", ".join(f"{t:.0f}s {f.__name__}" for t, f in plan))
        self.next_row = self.h.now() + self.interval
        start = self.h.now()
        while self.h.now() - start < a.seconds:
            if plan and self.h.now() - start >= plan[0][0]:
                before = len(self.faults)
                plan.pop(0)[1]()
                if len(self.faults) > before:  # (a fault may be skipped)
                    self.faults[-1][3] = self.h.now()
            self.tick()
            self.sample_if_due()
        self.web_seconds = self.h.now() - self.web_started
        self.webstop.set()
        for w in self.web:
            w.join(10)
        self.web_requests, self.web_failed = self.webcounts[0], self.webcounts[1]
        self.h.stop_bot(self.bot)
        self.check_journal()


# --- the verdicts -----------------------------------------------------------------------------

def settle(a):
    """How long after a fault ends its effects may last (a restarted daemon restoring,
    people reconnecting): waits then are left out of the comparison, rows marked."""
    return 10 if a.short else 60


def slope_per_hour(points):
    """Least-squares slope of (seconds, value) in value an hour."""
    if len(points) < 3:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den * 3600 if den else None


def verdicts(soak):
    rows = soak.rows
    a = soak.a
    out = []

    def add(name, ok, text):
        out.append((name, ok, text))

    add("faults answered", not soak.missed,
        "; ".join(soak.missed) if soak.missed else "every fault answered as expected")
    warm = len(rows) // 3 if a.short else max(1, min(20, len(rows) // 3))
    # RSS: the longest daemon life after the warm-up.
    lives = {}
    for r in rows[warm:]:
        if r["rss_mb"] == r["rss_mb"]:
            lives.setdefault(r["life"], []).append((r["time_s"], r["rss_mb"]))
    longest = max(lives.values(), key=len) if lives else []
    slope = slope_per_hour(longest)
    span = (longest[-1][0] - longest[0][0]) / 60 if len(longest) > 1 else 0
    judged = span >= 15
    add("RSS growth", (slope is not None and slope < 5) if judged else None,
        f"{slope if slope is not None else float('nan'):+.1f} MB/hour over {span:.0f} min of "
        f"one daemon life after the warm-up" + ("" if judged else
                                                " (reported, not judged: under 15 minutes)"))
    ends = []
    for life in sorted({r["life"] for r in rows}):
        rss = [r["rss_mb"] for r in rows if r["life"] == life and r["rss_mb"] == r["rss_mb"]]
        if rss:
            ends.append(f"{rss[0]:.0f}->{rss[-1]:.0f}")
    add("RSS by life", None, "first and last row of each daemon life, MB: " + ", ".join(ends))
    calm = [r for r in rows[warm:] if not r["fault_active"] and r["fds"] == r["fds"]]
    third = max(1, len(calm) // 3)
    for key, slack in (("fds", 5), ("threads", 1)):
        if len(calm) >= 2:
            first = min(r[key] for r in calm[:third])
            last = min(r[key] for r in calm[-third:])
            add(f"{key} flat", last - first <= slack,
                f"lowest {first} in the first third after the warm-up, {last} in the last "
                f"(at most +{slack}); highest of the run {max(r[key] for r in rows)}")
        else:
            add(f"{key} flat", None, "too few rows")
    wal = max((r["wal_mb"] for r in rows), default=0)
    add("WAL checkpointed", wal <= 64, f"largest WAL {wal:.1f} MB (at most 64)")
    # Waits: commands not around a fault, first third against last third.
    span_s = rows[-1]["time_s"] if rows else 0

    def near_fault(t):
        return any(start - 1 <= t <= end + settle(a) for start, _, _, end in soak.faults)

    waits = [(t, w) for t, w in soak.stats.waits if not near_fault(t)]
    part = span_s / 3 if a.short else min(1200, span_s / 3)
    # The first seconds are the crowd starting its games, not the daemon's pace.
    startup = 15 if a.short else 120
    first = [w for t, w in waits if startup <= t < part]
    last = [w for t, w in waits if t >= span_s - part]
    p1, p2 = percentile(first, 0.95), percentile(last, 0.95)
    # The noise floor: on a busy 2-core machine a p95 of tens of milliseconds moves by
    # more than 20 % from one minute to the next; a short run has few answers.
    floor = 0.25 if a.short else 0.1
    add("waits p95", bool(first and last) and (p2 <= p1 * 1.2 or p2 - p1 <= floor),
        f"p95 {p1 * 1000:.1f} ms in the first part ({len(first)} answers), "
        f"{p2 * 1000:.1f} ms in the last ({len(last)}); within 20 % or {floor * 1000:.0f} ms; "
        f"p50 {percentile(first, 0.5) * 1000:.1f} / {percentile(last, 0.5) * 1000:.1f} ms")
    add("moves lost", soak.lost == 0 and soak.checked > 0,
        f"{soak.lost} of {soak.checked} acknowledged Spider moves lost "
        f"({soak.unacked_saved} sent, unacknowledged and saved)")
    if a.duels:
        add("duel moves lost", soak.duel_lost == 0 and soak.duel_checked > 0,
            f"{soak.duel_lost} of {soak.duel_checked} acknowledged VCG and Adventurer Factory "
            f"moves against the computer lost ({soak.stats.duels} duels ended, "
            f"{len(soak.duel_records)} begun)")
    want = [k for k, n in (("encounters", a.encounters), ("exordia8", len(CHANNELS))) if n]
    ok, text = other_verdict(soak.other_checked, soak.other_lost, want)
    plays = [a for (k, _), r in soak.other_records.items() if k == "exordia8"
             for a in r if a.startswith("play")]
    carded = sum(1 for a in plays if a != "play")
    add("other moves lost", ok, f"{text} ({len(plays)} of the Exordia8 moves acknowledged were "
        f"plays, {carded} of them checked by their card)")
    text = "".join(p.text() for p in soak.h.processes if p.name.startswith("bot"))
    reports = len(SANITIZER_RX.findall(text))
    add("sanitizer", reports == 0, f"{reports} sanitizer reports in the daemon's logs")
    # The web load as made (a Python loader may fall short of the rate asked: then the
    # figure says so, and the daemon is not to blame).
    if getattr(soak, "web_seconds", 0) > 0:
        rate = soak.web_requests / soak.web_seconds
        n = sum(soak.web_hist.values())
        p95 = p50 = 0.0
        seen = 0
        for k in sorted(soak.web_hist):
            seen += soak.web_hist[k]
            if not p50 and seen >= 0.5 * n:
                p50 = k / 10
            if seen >= 0.95 * n:
                p95 = k / 10
                break
        add("web load", rate >= 0.95 * a.rate or None,
            f"{rate:.1f} requests a second achieved of {a.rate} asked ({soak.web_requests} in "
            f"{soak.web_seconds:.0f} s, {len(soak.web)} loader processes), {soak.web_failed} "
            f"failed; latency p50 {p50:.1f} ms, p95 {p95:.1f} ms over the run"
            + ("" if rate >= 0.95 * a.rate else "; the loader fell short of the rate asked "
               "(reported, not judged)"))
    if soak.attack_result:
        r = soak.attack_result
        add("web attack", r["slowest"] < 1.0 and r["failed"] == 0,
            f"another address's slowest / {r['slowest'] * 1000:.0f} ms of {r['probes']} "
            f"probes, {r['failed']} failed (within 1 s, none failed)")
    return out


def other_verdict(checked, lost, want):
    """The "other moves lost" verdict: none lost, and some checked of every kind played."""
    ok = sum(lost.values()) == 0 and all(checked.get(k, 0) > 0 for k in want)
    return ok, (f"{lost.get('encounters', 0)} of {checked.get('encounters', 0)} acknowledged "
                f"Spider: Encounters moves lost, {lost.get('exordia8', 0)} of "
                f"{checked.get('exordia8', 0)} acknowledged Exordia8 moves (among the "
                f"computer's) lost")


def selftest():
    """The Encounters and Exordia8 check on a fabricated database: it must pass on a journal
    holding every acknowledged move (with unacknowledged and the computer's moves between,
    over two games), and fail when one acknowledged move is missing, or nothing was checked."""
    def database(drop=None):
        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, kind TEXT, place TEXT)")
        db.execute("CREATE TABLE journal (game_id INTEGER, seq INTEGER, seat INTEGER, "
                   "action TEXT)")
        games = [(1, "encounters", "enc0", ["move 3 7 1", "pass", "move 1 2 1", "deal"]),
                 (2, "exordia8", "#soak", ["draw", "draw", "play 5h", "play 8c d", "pass"]),
                 (3, "encounters", "enc1", ["move 2 2 1"]),  # another person's
                 (4, "encounters", "enc0", ["redeal", "move 4 5 2"]),
                 (5, "exordia8", "#soak2", ["draw"])]       # another channel's
        for g, kind, place, actions in games:
            db.execute("INSERT INTO games VALUES (?, ?, ?)", (g, kind, place))
            for i, a in enumerate(actions):
                if (g, a) != drop:
                    db.execute("INSERT INTO journal VALUES (?, ?, 0, ?)", (g, i + 1, a))
        return db

    records = {("encounters", "enc0"): ["move 3 7 1", "deal", "move 4 5 2"],
               ("exordia8", "#soak"): ["draw", "play 5h", "play 8c d", "pass"]}
    want = ["encounters", "exordia8"]
    failures = []

    def expect(name, db, recs, good, lost_total):
        checked, lost, said = check_other(db, recs)
        ok, text = other_verdict(checked, lost, want)
        print(f"selftest {name}: the verdict {'passes' if ok else 'fails'}: {text}" +
              "".join(f"\n  {s}" for s in said))
        if ok != good or sum(lost.values()) != lost_total:
            failures.append(name)

    expect("every move journaled", database(), records, True, 0)
    expect("an Encounters move missing", database(drop=(4, "move 4 5 2")), records, False, 1)
    expect("an Exordia8 move missing", database(drop=(2, "pass")), records, False, 1)
    expect("moves out of order", database(),
           {**records, ("encounters", "enc0"): ["deal", "move 3 7 1"]}, False, 1)
    expect("another person's game does not count", database(),
           {**records, ("encounters", "enc0"): ["move 2 2 1"]}, False, 1)
    expect("an Exordia8 play of another card", database(),
           {**records, ("exordia8", "#soak"): ["draw", "play 6h", "pass"]}, False, 1)
    expect("an eight naming another suit", database(),
           {**records, ("exordia8", "#soak"): ["play 8c h"]}, False, 1)
    expect("nothing checked", database(), {("exordia8", "#soak"): ["draw"]}, False, 0)
    assert lost_moves(["a", "b", "c"], ["a", "x", "c"]) == [1]
    for line, action in (("tab0 plays 5\u2665", "play 5h"), ("tab0 plays Joker", "play Joker"),
                         ("tab0 plays 10\u2660: a sequent starts!", "play 10s"),
                         ("tab0 plays 8\u2663 and names diamonds", "play 8c d"),
                         ("cpu#1 plays 5\u2665", None), ("tab0 plays again", None)):
        if e8_play_action("tab0", line) != action:
            failures.append(f"reading {line!r}")
    print("selftest: " + ("every case as expected" if not failures
                          else "FAILED: " + ", ".join(failures)))
    return 0 if not failures else 1


def plot(soak, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = soak.rows
    t = [r["time_s"] / 60 for r in rows]
    fig, axes = plt.subplots(4, 2, figsize=(12, 13), sharex=True)
    panels = [
        ("RSS (MB): all, anonymous, files", ["rss_mb", "anon_mb", "file_mb"]), ("descriptors, threads", ["fds", "threads"]),
        ("database, WAL (MB)", ["db_mb", "wal_mb"]), ("waits (s)", ["wait_p50_s", "wait_p95_s"]),
        ("lines a second from the bot", ["lines_per_s"]),
        ("Spider moves acknowledged", ["moves_acked"]),
        ("web requests a second, p95 (ms)", ["web_req_per_s", "web_p95_ms"]),
        ("warnings, errors in the log so far", ["log_warnings", "log_errors"]),
    ]
    for ax, (title, keys) in zip(axes.flat, panels):
        for k in keys:
            ax.plot(t, [r[k] for r in rows], label=k, marker=".")
        for ft, name, _, _ in soak.faults:
            ax.axvline(ft / 60, color="red" if name == "SIGKILL" else "grey", alpha=0.3, lw=1)
        ax.set_title(title)
        ax.legend(fontsize=7)
        ax.grid(alpha=0.3)
    for ax in axes[-1]:
        ax.set_xlabel("minutes (red: SIGKILL, grey: other faults)")
    fig.suptitle(f"croupier soak, {soak.a.seconds / 60:g} minutes")
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)


def _stop(signum, frame):
    raise harness.TestFailure(f"stopped by signal {signum}")


def main(argv=None):
    if (argv if argv is not None else sys.argv[1:]) == ["--selftest"]:
        return selftest()
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    soak = Soak(args)
    ok = False
    try:
        soak.run()
        results = verdicts(soak)
        plot(soak, os.path.join(soak.out, "soak.png"))
        lines = [f"soak: {args.seconds / 60:.1f} minutes, {len(soak.people)} people, web "
                 f"{args.rate}/s, daemon lives {soak.lives}, faults injected "
                 f"{len(soak.faults)}: " + ", ".join(
                     f"{n} {sum(1 for f in soak.faults if f[1] == n)}"
                     for n in dict.fromkeys(f[1] for f in soak.faults))]
        lines += [f"skipped: {s}" for s in soak.skipped]
        for name, good, text in results:
            mark = "PASS" if good else ("----" if good is None else "FAIL")
            lines.append(f"{mark} {name}: {text}")
        ok = all(good is not False for _, good, _ in results)
        lines.append("soak: " + ("every verdict passed" if ok else "a verdict FAILED"))
        print("\n".join(lines))
        with open(os.path.join(soak.out, "verdicts.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"soak: CSV, plot and verdicts in {soak.out}")
    except Exception as e:
        import traceback
        traceback.print_exc()
        print(f"soak: FAILED: {e}")
        print(soak.h.diagnostics()[-6000:])
    finally:
        # The verdicts are in: a SIGTERM from here on (the loaders' processes as they are shut
        # down) must not raise inside the interpreter's exit handlers (a two-hour run ended
        # with a traceback after "every verdict passed").
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        try:
            soak.webstop.set()
        except AttributeError:
            pass
        soak.h.close()
        if getattr(soak, "tmpfs", False):
            subprocess.run(["umount", "-l", soak.data_dir])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
