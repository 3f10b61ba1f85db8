#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A Swiss tournament through a real server (issue 44): four python3-irc clients, each from
an address of its own, sign up for a VCG Swiss of two rounds (`!tourney swiss vcg
rounds=2`), the opener starts it, and the clients play every game of both rounds to its end:
both games of a round at once in the channel, as the bot deals them, every bid in private,
each client bidding when the channel says it plays first or must answer. Then: one channel
line a round naming both pairings with their game numbers (and no other tourney line but the
end), each player's private line a round agrees with it and with the game dealt (opponent,
game number, and "you play first" to the one the deal has play first), no pair meets twice,
the end line ranks all four best first with 4 points in all (a win 1, a draw ½ each) as the
games' results in the database say; in the database the event is over, its 4 games have
their places, and each player's rating counts 2 games and their wins.

Then the pages, in a headless Chromium (tests/e2e/web_browser.py): /events lists the event
among those over, /event/<id> shows the four in the end line's order with their points and
a link to each of the four games, and /daily/spider/<today> is the day's page with its seal
once someone has played it (ann plays the day's deal first)."""

import datetime
import os
import re
import sqlite3
from fractions import Fraction

from harness import BOT_NICK, CHANNEL, check, free_port, run_test
from web_browser import Browser

NICKS = ["ann", "ben", "cal", "dee"]
ROUNDS = 2
OPEN_RX = re.compile(r"Tourney #(\d+): VCG Swiss, 2 rounds, opened by ann \(in\)\.")
ROUND_RX = re.compile(r"^Tourney #(\d+), round (\d+) of (\d+): (.+)\.$")
PAIR_RX = re.compile(r"^(\w+) v (\w+) \(#(\d+)\)$")
PRIVATE_RX = re.compile(r"^Tourney #(\d+), round (\d+): you play (\w+) in (#\S+), game #(\d+)"
                        r"(, you play first)?\.$")
START_RX = re.compile(r"VCG game #(\d+): (\w+) \(.*?\) against (\w+) \(")
FIRST_RX = re.compile(r"\b(\w+) plays first\b")
ANSWER_RX = re.compile(r"\b(\w+): answer with play\b")
WIN_RX = re.compile(r"\b(\w+) wins the duel\.")
OVER_RX = re.compile(r"^Tourney #(\d+) \(VCG Swiss\) is over: (.+?)\.(?: \S+)?$")
STANDING_RX = re.compile(r"^(\d+)\. (\w+) (\d*)(½?)$")
# Each bids a different number of potions each battle (at most 9 of the 12 in a game).
BIDS = {"ann": [3, 1, 4, 1], "ben": [2, 4, 0, 3], "cal": [1, 3, 3, 2], "dee": [4, 0, 2, 2]}


def parts(messages):
    """The texts of the bot's lines, each line cut where the bot joined two (" · ")."""
    return [x for m in messages for x in m.plain.split(" · ")]


def points(text):
    """"2", "1½", "½", "0" -> a Fraction."""
    m = re.fullmatch(r"(\d*)(½?)", text)
    check(m is not None and text != "", f"points read as a number: {text!r}")
    return Fraction(int(m.group(1) or 0)) + (Fraction(1, 2) if m.group(2) else 0)


class Player:
    """A client that plays whatever VCG game it is dealt: it bids when the channel says it
    plays first or must answer, the next card of its hand each battle."""

    def __init__(self, h, client):
        self.h, self.c, self.nick = h, client, client.nick
        self.seen = 0
        self.game = None  # the game under way: its number
        self.first = {}  # game number -> who the channel says plays first
        self.played = 0
        self.pending = []  # (card, potions) sent, their private answers due, oldest first
        self.told = []  # the private tourney lines, as read by PRIVATE_RX
        self.bids = 0

    def bid(self, potions=None):
        check(self.played < 4, f"{self.nick} is asked for a fifth card in game #{self.game}")
        self.played += 1
        if potions is None:
            potions = BIDS[self.nick][self.played - 1]
        self.pending.append((self.played, potions))
        self.bids += 1
        self.c.say(BOT_NICK, f"play {self.played} {potions}")

    def step(self):
        while self.seen < len(self.c.lines):
            m = self.c.lines[self.seen]
            self.seen += 1
            if m.command not in ("PRIVMSG", "NOTICE") or m.nick.lower() != BOT_NICK:
                continue
            for s in parts([m]):
                self.read(m.target.lower(), s)

    def read(self, target, s):
        if target == self.nick.lower():
            pm = PRIVATE_RX.search(s)
            if pm:
                self.told.append(pm)
            elif self.pending:
                card, potions = self.pending.pop(0)
                if not s.startswith("You play "):
                    # Refused (a potion taken by an ability): the same card with none.
                    check(potions > 0 and card == self.played,
                          f"{self.nick}'s `play {card} {potions}` refused: {s}")
                    self.played -= 1
                    self.bid(0)
            return
        if target != CHANNEL:
            return
        sm = START_RX.search(s)
        if sm and self.nick in (sm.group(2), sm.group(3)):
            self.game, self.played = int(sm.group(1)), 0
            fm = FIRST_RX.search(s)
            check(fm is not None, f"the deal says who plays first: {s}")
            self.first[self.game] = fm.group(1)
        if any(x.group(1) == self.nick for x in FIRST_RX.finditer(s)) or \
                any(x.group(1) == self.nick for x in ANSWER_RX.finditer(s)):
            self.bid()


def test(h):
    h.start_ngircd(penalty=False)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    config = h.bot_config(net={"flood_burst": 20, "flood_rate": 20},
                          limits={"user_burst": 100, "user_rate": 50},
                          web={"listen": f"127.0.0.1:{port}"})
    bot = h.start_bot(config)
    h.wait_log(bot, r"web pages on http://127\.0\.0\.1:%d/" % port)
    # Four people: each from an address of its own.
    clients = {n: h.client(n, source=f"127.0.0.{20 + i}") for i, n in enumerate(NICKS)}
    for c in clients.values():
        c.join(CHANNEL)
    ann = clients["ann"]
    h.wait_bot_in_channel(ann)
    ann.skip()

    ann.say(CHANNEL, f"!tourney swiss vcg rounds={ROUNDS}")
    opened = ann.wait_msg(OPEN_RX.pattern, sender=BOT_NICK, target=CHANNEL, what="the opening")
    event = int(OPEN_RX.search(opened.plain).group(1))
    for i, n in enumerate(NICKS[1:]):
        clients[n].say(CHANNEL, "!tourney join")
        ann.wait_msg(rf"{n} joins tourney #{event} \({i + 2} players\)", sender=BOT_NICK,
                     target=CHANNEL, what=f"{n} joins")
    players = {n: Player(h, c) for n, c in clients.items()}
    for p in players.values():
        p.seen = len(p.c.lines)
    watch_from = len(ann.lines)
    ann.say(CHANNEL, "!tourney start")

    # Everyone plays until the end line (two rounds of duels of at most four battles).
    over = None
    deadline = h.now() + 150
    while over is None:
        for p in players.values():
            p.step()
        for s in parts(ann.find(sender=BOT_NICK, target=CHANNEL, start=watch_from)):
            if OVER_RX.search(s):
                over = s
        check(h.now() < deadline, "the tourney not over after 150 s of play")
        h.check_processes()
        h.pump(0.05)
    h.sleep(1.5)  # any private line still on its way
    for p in players.values():
        p.step()
        check(not p.pending, f"{p.nick}'s last bid unanswered: {p.pending}")
    print("end: " + over)

    channel = parts(ann.find(sender=BOT_NICK, target=CHANNEL, start=watch_from))
    # One channel line a round, naming two games and all four players.
    rounds = [ROUND_RX.search(s) for s in channel if ROUND_RX.search(s)]
    check([int(r.group(2)) for r in rounds] == [1, 2] and
          all(int(r.group(1)) == event and int(r.group(3)) == ROUNDS for r in rounds),
          f"one line for each of the two rounds: {[r.group(0) for r in rounds]}")
    pairings = {}  # (round, game number) -> (first seat, second seat)
    for r in rounds:
        print("round: " + r.group(0))
        check("bye" not in r.group(4), f"four players, no bye: {r.group(0)}")
        boards = [PAIR_RX.match(x) for x in r.group(4).split(", ")]
        check(len(boards) == 2 and all(boards), f"two games in the round line: {r.group(0)}")
        seated = sorted(x.group(1) for x in boards) + sorted(x.group(2) for x in boards)
        check(sorted(seated) == sorted(NICKS), f"everyone plays once a round: {r.group(0)}")
        for x in boards:
            pairings[(int(r.group(2)), int(x.group(3)))] = (x.group(1), x.group(2))
    # The event's own channel lines once started: a line a round and the end, no more.
    own = [s for s in channel if s.startswith(f"Tourney #{event}")]
    check(len(own) == ROUNDS + 1, f"the tourney's channel lines: a round's and the end's: {own}")
    games = sorted(g for _, g in pairings)
    check(len(set(games)) == 4, f"four different games: {games}")
    met = [frozenset(pair) for pair in pairings.values()]
    check(len(set(met)) == len(met), f"a pair met twice: {sorted(map(sorted, met))}")

    # Each player's private line a round agrees with the round line and with the game.
    for n, p in players.items():
        check(len(p.told) == ROUNDS, f"{n} got one private line a round: "
              f"{[x.group(0) for x in p.told]}")
        for x in p.told:
            rnd, game = int(x.group(2)), int(x.group(5))
            pair = pairings.get((rnd, game))
            check(int(x.group(1)) == event and x.group(4).lower() == CHANNEL and pair and
                  n in pair and x.group(3) == (pair[1] if pair[0] == n else pair[0]),
                  f"{n}'s private line agrees with the round line: {x.group(0)} / {pairings}")
            first = players[n].first.get(game)
            check(first is not None, f"{n} saw game #{game} dealt")
            check(bool(x.group(6)) == (first == n),
                  f"{n} was told {'that' if x.group(6) else 'nothing of whether'} they play "
                  f"first in game #{game}; the game says {first} plays first: {x.group(0)}")
    print("bids: " + ", ".join(f"{n} {p.bids}" for n, p in players.items()))

    # The end line: all four, 4 points in all.
    om = OVER_RX.search(over)
    check(int(om.group(1)) == event, f"the end line names the event: {over}")
    rows = [STANDING_RX.match(x) for x in om.group(2).split(", ")]
    check(len(rows) == 4 and all(rows), f"the end line ranks four players: {over}")
    said = {r.group(2): points(r.group(3) + r.group(4)) for r in rows}
    order = [r.group(2) for r in rows]  # as the end line ranks them
    check(sorted(said) == sorted(NICKS), f"the end line names each player once: {over}")
    check(sum(said.values()) == 4, f"4 points in all (2 rounds x 2 games): {over}")
    check([int(r.group(1)) for r in rows] == sorted(int(r.group(1)) for r in rows) and
          [said[r.group(2)] for r in rows] == sorted(said.values(), reverse=True),
          f"the end line is best first: {over}")
    wins = {n: 0 for n in NICKS}
    for s in channel:
        for w in WIN_RX.finditer(s):
            wins[w.group(1)] += 1

    pages(h, base, event, order, said, clients["ann"])
    h.stop_bot()
    db = sqlite3.connect(f"file:{os.path.join(h.dir, 'croupier.db')}?mode=ro", uri=True)
    state, kind = db.execute("SELECT state, kind FROM events WHERE id = ?", (event,)).fetchone()
    check(state == "over", f"the event is over in the database: {state}")
    nicks = {idx: nick for idx, nick in db.execute(
        "SELECT idx, nick FROM event_players WHERE event_id = ? AND withdrawn = 0", (event,))}
    check(sorted(nicks.values()) == sorted(NICKS), f"four players in the database: {nicks}")
    rows = db.execute("SELECT round, seats, bye, game_id, places, forfeit, void FROM event_games "
                      "WHERE event_id = ? ORDER BY round, board", (event,)).fetchall()
    check(len(rows) == 4, f"4 event games in the database: {rows}")
    from_db = {n: Fraction(0) for n in NICKS}
    won = {n: 0 for n in NICKS}
    for rnd, seats, bye, game, places, forfeit, void in rows:
        check(bye == "" and game and not forfeit and not void and places,
              f"a played game with its places: {rows}")
        seated = [nicks[int(x)] for x in seats.split(",")]
        check(pairings.get((rnd + 1, game)) == tuple(seated),
              f"round {rnd + 1}'s game #{game} is {seated} in the database, {pairings}")
        place = [int(x) for x in places.split(",")]
        status, = db.execute("SELECT status FROM games WHERE id = ?", (game,)).fetchone()
        check(status == "finished", f"game #{game} finished: {status}")
        if place[0] == place[1]:
            for n in seated:
                from_db[n] += Fraction(1, 2)
        else:
            winner = seated[place.index(1)]
            from_db[winner] += 1
            won[winner] += 1
    check(from_db == said, f"the end line's points are the games' results: {said} / {from_db}")
    check(wins == won, f"the duels won in the channel are the games won: {wins} / {won}")
    # Rated as any other game: each person has two rated games of the kind, their wins.
    rated = {nick: (games, wins) for nick, games, wins in db.execute(
        "SELECT p.nick, r.games, r.wins FROM event_players p JOIN ratings r ON r.key = p.key "
        "AND r.kind = ? AND r.network = 'local' WHERE p.event_id = ?", (kind, event))}
    check(rated == {n: (2, won[n]) for n in NICKS},
          f"each player's {kind} rating counts their 2 games and their wins: {rated} / {won}")
    db.close()


def pages(h, base, event, order, said, ann):
    """The events' pages and the day's page, as a browser shows them."""
    ann.say(BOT_NICK, "daily")
    ann.wait_msg(r"sealed|sha256", sender=BOT_NICK, what="today's deal")
    browser = Browser(h)
    try:
        page = browser.page()
        page.open(f"{base}/events")
        text = page.eval("document.body.innerText")
        check("Over" in text and f"#{event}" in text and "VCG Swiss" in text,
              f"/events lists the event among those over: {text[:500]}")
        check(page.eval(f"!!document.querySelector('a[href=\"/event/{event}\"]')"),
              "/events links the event's page")
        page.open(f"{base}/event/{event}")
        rows = page.eval("Array.from(document.querySelectorAll('main table')[0].rows)"
                         ".slice(1).map(r => [r.cells[1].innerText, r.cells[2].innerText])")
        check([r[0] for r in rows] == order,
              f"the event's page ranks the four as the end line: {rows} / {order}")
        for nick, points in rows:
            check(Fraction(points.replace("½", "").strip() or "0") +
                  (Fraction(1, 2) if "½" in points else 0) == said[nick],
                  f"{nick}'s points on the page are the end line's: {points} / {said[nick]}")
        games = page.eval("Array.from(document.querySelectorAll('a[href^=\"/game/\"]'))"
                          ".map(a => a.getAttribute('href'))")
        check(len(set(games)) == 4, f"the event's page links its four games: {games}")
        check(page.eval("document.body.innerText").count("Round ") >= 2,
              "the event's page shows each round")
        api = page.eval(f"fetch('/api/event/{event}').then(r => r.json())"
                        ".then(j => j.standings.length)", awaited=True)
        check(api == 4, f"/api/event/{event} has four standings: {api}")
        day = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
        page.open(f"{base}/daily/spider/{day}")
        text = page.eval("document.body.innerText")
        check(f"Daily Spider, {day}" in text and "Seal" in text and "ann" in text,
              f"the day's page: its title, the seal, ann's game under way: {text[:500]}")
    finally:
        browser.close()


run_test("tourney_swiss", test, timeout=240)
