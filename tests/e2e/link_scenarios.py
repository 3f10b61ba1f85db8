# SPDX-License-Identifier: GPL-3.0-or-later
"""The end-to-end scenario of a linked bot (issue 42), the same for each server it links to
(test_link_ngircd.py, test_link_inspircd.py): croupierd introduced as a service, not a
client, and everything played through the link.

1. The bot is a service of its own server (WHOIS: user@games.test.local on that server), in
   its channel.
2. A table: Exordia8 in the channel between three people, a few moves each; hands never
   shown in the channel.
3. A private game: Spider by private message (a new game, a hint, a move, the board).
4. A services account is the person: `acc` (logged in to account `Carol` by the fake
   services server) opens a Spider game, changes nick, quits, and comes back from another
   address with another username: without the account they are a stranger with no game;
   once services log them in to `Carol`, `board` shows their game, which plays on.
5. Twenty clients at once, each on a host of its own, each making moves in a Spider game of
   its own (deal, undo, ...): the wait from each move to the first line of its answer,
   p50/p95 printed; fails if p95 is over 1 s.
6. An oper KILLs the bot: it is back in its channel within 10 s, its games intact (the
   Spider board as before, the table still dealt and a move accepted).
7. The IRC server is killed and started again on the same ports mid-game: the bot links
   again by itself, and the games go on (people reconnect, the same board, moves accepted).
8. InspIRCd: a client holds the bot's nick when croupierd links again; the network renames
   the bot to its UID (SAVE), and the bot has its own nick back (in its channel under it)
   the moment the client quits, its games intact. (ngircd keeps the nick of its link's
   ServiceMask from clients: no one can take it there.)

CROUPIER_E2E_LINK_AS_CLIENT=1 runs the same scenario with the bot connected as a client
(no link; parts 1 and 4 skipped): a check of the test itself, and a baseline for the waits.
"""

import os
import re
import time

from harness import BOT_NICK, CHANNEL, LINK_DEFAULTS, check, parse_hand, spider_move_by_hint

SEP = " \u00b7 "  # lines for one target that waited together arrive joined by this

STATUS_RX = re.compile(r"^Spider 1 suit, deal (\d+) \| ")
PILES_RX = re.compile(r"^1:\[\d+\] ")
HAND_RX = re.compile(r"your hand", re.IGNORECASE)
TURN_RX = re.compile(r"your turn", re.IGNORECASE)
DRAW_RX = re.compile(r"^you draw", re.IGNORECASE)
TURN_ON_RX = re.compile(r"Your turn on (\S+?):")
WIN_RX = re.compile(r"\bwins \d+ points?\b", re.IGNORECASE)

AS_CLIENT = os.environ.get("CROUPIER_E2E_LINK_AS_CLIENT") == "1"
KILL_BACK_LIMIT = 10.0  # seconds from the KILL until the bot is in its channel again
RELINK_LIMIT = 60.0  # seconds from the server's restart until the bot is in its channel
LOAD_CLIENTS = 20
LOAD_MOVES = 6  # moves each of the twenty makes
LOAD_P95_LIMIT = 1.0


def segments(m):
    return [s.strip() for s in m.plain.split(SEP) if s.strip()]


def quantile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


# --- Spider by private message ------------------------------------------------------------

def board(c, what):
    """Asks `board`; returns (deal, [status line, piles line])."""
    c.skip()
    c.say(BOT_NICK, "board")
    status = c.wait_msg(STATUS_RX.pattern + r"|^You have no game open|^The Spider game of ",
                        sender=BOT_NICK, what=f"{c.nick}'s board: {what}")
    check(STATUS_RX.search(status.plain), f"{c.nick} was refused the board ({what}): "
                                          f"{status.plain}")
    piles = c.wait_msg(PILES_RX.pattern, sender=BOT_NICK, what=f"{c.nick}'s piles: {what}")
    return STATUS_RX.search(status.plain).group(1), [status.plain, piles.plain]


def new_spider(c):
    c.skip()
    c.say(BOT_NICK, "spider new 1")
    start = c.wait_msg(STATUS_RX.pattern, sender=BOT_NICK, what=f"{c.nick}'s Spider game")
    c.collect(BOT_NICK, quiet=0.5, what="the rest of the new board")
    return STATUS_RX.search(start.plain).group(1)


def play_one(c):
    """One move by the bot's hint, after what came before it."""
    c.skip()
    return spider_move_by_hint(c)

def played_on(h, c, deal, before, what):
    """`c` sees game `deal` as `before`, and a move changes it."""
    got, seen = board(c, what)
    check(got == deal and seen == before,
          f"{what}: {c.nick} sees the same Spider game:\n{before}\n{seen}")
    action = play_one(c)
    got, after = board(c, f"{what}, after {action}")
    check(got == deal and after != before, f"{what}: {c.nick}'s {action} played on deal {deal}")
    return after


# --- Exordia8 at a table in the channel -----------------------------------------------------

class Table:
    """Three people at an Exordia8 table who know nothing of the rules: on their turn they
    try each card in order, then draw, then pass, and learn from the refusals."""

    def __init__(self, h, clients):
        self.h = h
        self.clients = clients  # nick -> Client
        self.hands = {}
        self.turn = None
        self.finished = False
        self.moves = 0
        self.seen_private = {}
        self.seen_table = 0

    def watch(self, clients):
        """Follow these clients from now on (after a reconnect)."""
        self.clients = clients
        self.seen_private = {n: len(c.lines) for n, c in clients.items()}
        self.seen_table = len(self.first().lines)

    def first(self):
        return next(iter(self.clients.values()))

    def scan(self):
        news = {}
        for n, c in self.clients.items():
            got = c.find(sender=BOT_NICK, target=n, start=self.seen_private.get(n, 0))
            self.seen_private[n] = len(c.lines)
            news[n] = got
            for m in got:
                if HAND_RX.search(m.plain):
                    self.hands[n] = parse_hand(m.plain.split(". Your turn")[0])
                    if TURN_RX.search(m.plain):
                        self.turn = n
        first = self.first()
        table = first.find(sender=BOT_NICK, target=CHANNEL, start=self.seen_table)
        self.seen_table = len(first.lines)
        news["#"] = table
        if any(WIN_RX.search(m.plain) for m in table):
            self.finished = True
        return news

    def open(self):
        nicks = list(self.clients)
        opener = self.clients[nicks[0]]
        opener.skip()
        opener.say(CHANNEL, "!e8")
        opener.wait_msg(r"(?i)e(xordia)?8|table", sender=BOT_NICK, what="the bot opens a table")
        for n in nicks[1:]:
            self.clients[n].say(CHANNEL, "!join")
            self.h.sleep(0.3)
        self.h.sleep(1.0)
        self.watch(self.clients)
        opener.say(CHANNEL, "!start")
        self.h.wait_until(lambda: (self.scan(), self.turn is not None)[1],
                          "the first player is told it is their turn", timeout=30)

    def ask_turn(self):
        """Everyone asks `!hand`: whoever's turn it is hears it again."""
        self.turn = None
        for c in self.clients.values():
            c.say(CHANNEL, "!hand")
            self.h.sleep(0.2)
        self.h.wait_until(lambda: (self.scan(), self.turn is not None or self.finished)[1],
                          "someone is told it is their turn (the table goes on)", timeout=20)

    def play(self, moves):
        """Plays until `moves` more moves were made or the game ends."""
        target = self.moves + moves
        while not self.finished and self.moves < target:
            player = self.turn
            check(player is not None, "nobody's turn")
            c = self.clients[player]
            hand = self.hands.get(player, [])
            tries = [f"!play {i}" for i in range(1, len(hand) + 1)] + ["!draw", "!pass"]
            done_rx = re.compile(rf"\b{player}\b (plays|draws|passes|makes|breaks|leaves|goes)",
                                 re.IGNORECASE)
            moved, result = False, {}
            while tries and not moved and not self.finished:
                attempt = tries.pop(0)
                self.turn = None
                c.say(CHANNEL, attempt)
                result = {}

                def outcome():
                    news = self.scan()
                    if self.finished or any(done_rx.search(m.plain) for m in news["#"]):
                        result["moved"] = True
                    for m in news[player]:
                        if not HAND_RX.search(m.plain) and not DRAW_RX.search(m.plain):
                            result.setdefault("refused", m.plain)
                    return bool(result)

                self.h.wait_until(outcome, f"the bot answers {player}'s `{attempt}`", timeout=15)
                if result.get("moved"):
                    moved = True
                    break
                if attempt.startswith("!play") and "suit" in result["refused"].lower() and \
                        not attempt.endswith(" h"):
                    tries.insert(0, attempt + " h")
            check(moved or self.finished, f"{player} found no legal action (hand {hand}); "
                  f"last refusal: {result.get('refused')}")
            self.moves += 1
            if not self.finished:
                self.h.wait_until(lambda: (self.scan(), self.turn is not None or
                                           self.finished)[1],
                                  f"someone is told it is their turn after {player}'s move",
                                  timeout=15)

    def check_hidden(self):
        for c in self.clients.values():
            for m in c.find(sender=BOT_NICK, target=CHANNEL, start=0):
                check(not HAND_RX.search(m.plain) and not DRAW_RX.search(m.plain),
                      f"a hand was shown in the channel: {m.raw}")


def notices_ahead(table):
    """How many "Your turn on CARD" notices a player heard before the channel's line of the
    move that put CARD there (a server link paces each recipient apart). Printed, not
    checked (yet): (ahead, matched)."""
    ahead = matched = 0
    for n, c in table.clients.items():
        for i, m in enumerate(c.lines):
            t = TURN_ON_RX.search(m.plain) if m.command == "NOTICE" else None
            if not t:
                continue
            for j in range(max(0, i - 15), min(len(c.lines), i + 15)):
                o = c.lines[j]
                if o.target.lower() == CHANNEL and f" plays {t.group(1)}" in o.plain:
                    matched += 1
                    ahead += j > i
                    break
    return ahead, matched


# --- the scenario ---------------------------------------------------------------------------

TABLE = {"ann": {"source": "127.0.0.11", "username": "ann"},
         "ben": {"source": "127.0.0.12", "username": "ben"},
         "cid": {"source": "127.0.0.13", "username": "cid"}}
SOLO = {"source": "127.0.0.14", "username": "sol"}
ACC_FIRST = {"source": "127.0.0.20", "username": "carol"}
ACC_SECOND = {"source": "127.0.0.21", "username": "mobile"}
OPER = {"source": "127.0.0.30", "username": "oper"}
SQUATTER = {"source": "127.0.0.31", "username": "squat"}


def start(h, kind):
    """The server with croupier's link and the fake services, then croupierd."""
    if kind == "ngircd":
        h.start_ngircd(penalty=False, link=not AS_CLIENT, services=True)
    else:
        h.start_inspircd(penalty=False, link=not AS_CLIENT, services=True)
    net = {"flood_burst": 50, "flood_rate": 50} if AS_CLIENT else {}
    config = h.bot_config(link=not AS_CLIENT, net=net,
                          limits={"user_burst": 100, "user_rate": 50, "page_burst": 500,
                                  "page_rate": 50})
    bot = h.start_bot(config)
    return bot, config


def is_service(h, c):
    """WHOIS the bot: it is on croupier's own server, as croupier@games.test.local."""
    start = len(c.lines)
    c.send(f"WHOIS {BOT_NICK}")
    h.wait_until(lambda: any(m.command in ("318", "401") for m in c.lines[start:]),
                 f"WHOIS {BOT_NICK} answered")
    got = {m.command: m for m in c.lines[start:]}
    check("311" in got, f"WHOIS {BOT_NICK}: no such nick:\n{c.dump(5)}")
    user, host = got["311"].params[2], got["311"].params[3]
    server = got["312"].params[2] if "312" in got else "?"
    name = LINK_DEFAULTS["server_name"]
    check(server == name and host == name and user.lstrip("~") == "croupier",
          f"the bot is {user}@{host} on {server}, not croupier@{name} on {name} (a client, "
          "not a service?)")
    return f"{user}@{host} on {server}"


def reconnect(h, nicks_and_who):
    return {n: h.client(n, **who) for n, who in nicks_and_who.items()}


def run_scenario(h, kind):
    timings = []
    bot, config = start(h, kind)

    # --- 1. the bot as a service, in its channel -----------------------------------------
    table_clients = reconnect(h, TABLE)
    for c in table_clients.values():
        c.join(CHANNEL)
    t = h.now()
    h.wait_bot_in_channel(table_clients["ann"], timeout=30)
    timings.append(("in its channel after the start", h.now() - t))
    if not AS_CLIENT:
        print(f"{kind}: the bot is {is_service(h, table_clients['ann'])}")

    # --- 2. a table in the channel ---------------------------------------------------------
    table = Table(h, table_clients)
    table.open()
    table.play(6)
    turn_before_move = notices_ahead(table)
    print(f"{kind}: Exordia8 table: {table.moves} moves"
          + (" (the game ended)" if table.finished else "")
          + f"; turn notices heard before the channel's line of the move they follow: "
          f"{turn_before_move[0]} of {turn_before_move[1]}")
    table.check_hidden()

    # --- 3. a private game --------------------------------------------------------------
    solo = h.client("sol", **SOLO)
    solo_deal = new_spider(solo)
    _, solo_before = board(solo, "the new game")
    solo_board = played_on(h, solo, solo_deal, solo_before, "a private game through the link")
    print(f"{kind}: Spider by private message: deal {solo_deal}, {solo_board[0]}")

    # --- 4. a services account is the person ------------------------------------------------
    if not AS_CLIENT:
        acc_deal, acc_board = account_is_person(h, kind, timings)

    # --- 5. twenty at once -------------------------------------------------------------
    load_players(h, kind)

    # --- 6. an oper KILLs the bot ----------------------------------------------------------
    op = h.client("op", **OPER)
    op.join(CHANNEL)
    h.oper(op)
    op.skip()
    killed_at = h.now()
    op.send(f"KILL {BOT_NICK} :e2e: the service must come back")
    # InspIRCd shows the channel the bot's QUIT; ngircd 26.1 drops a killed remote client
    # without telling the channel. Either way the bot is back when it JOINs again.
    op.wait_msg(r".*", command="JOIN", sender=BOT_NICK, timeout=KILL_BACK_LIMIT + 5,
                what="the bot JOINs its channel again after the KILL")
    back = h.now() - killed_at
    h.wait_bot_in_channel(op, timeout=5)
    timings.append(("back in its channel after a KILL", back))
    print(f"{kind}: KILLed; back in {CHANNEL} after {back:.2f} s")
    check(back <= KILL_BACK_LIMIT, f"back {back:.1f} s after the KILL")
    check(bot.alive(), "croupierd exited after the KILL")
    solo_board = played_on(h, solo, solo_deal, solo_board, "Spider after the KILL")
    if not table.finished:
        table.watch(table.clients)
        table.ask_turn()
        table.play(2)

    # --- 7. the IRC server dies and comes back --------------------------------------------
    down = h.now()
    h.restart_ircd(down=1.0)
    up = h.now()
    ann = h.client("ann", **TABLE["ann"])
    ann.join(CHANNEL)
    h.wait_bot_in_channel(ann, timeout=RELINK_LIMIT)
    relinked = h.now() - up
    timings.append(("in its channel after the server restarted", relinked))
    print(f"{kind}: server down {up - down:.1f} s; the bot back in {CHANNEL} {relinked:.1f} s "
          "after the server came back")
    check(bot.alive(), "croupierd exited when its server died")
    solo = h.client("sol", **SOLO)
    solo_board = played_on(h, solo, solo_deal, solo_board, "Spider after the server restart")
    if not AS_CLIENT:
        acc = h.client("carol_m", **ACC_SECOND)
        h.set_account("carol_m", "Carol", client=acc)
        played_on(h, acc, acc_deal, acc_board, "Carol's game after the server restart")
    if not table.finished:
        others = {n: h.client(n, **TABLE[n]) for n in ("ben", "cid")}
        for c in others.values():
            c.join(CHANNEL)
        table.watch({"ann": ann, **others})
        table.ask_turn()
        table.play(2)
        print(f"{kind}: the table went on after the restart ({table.moves} moves in all)")

    # No line over the protocol's 512 bytes (with CR LF) as clients received it, with the
    # bot's full prefix the server adds.
    sizes = [len(m.raw.encode("utf-8")) + 2 for c in h.clients for m in c.lines
             if m.nick.lower() == BOT_NICK]
    check(sizes and max(sizes) <= 512, f"a line from the bot of {max(sizes)} bytes")
    print(f"{kind}: {len(sizes)} lines from the bot received, the longest {max(sizes)} bytes")

    # --- 8. someone took the bot's nick while croupierd was down ---------------------------
    # InspIRCd only: ngircd keeps a nick matching the link's ServiceMask from its clients (a
    # client asking for it never registered), so no one can hold it there.
    if not AS_CLIENT and kind == "inspircd":
        h.stop_bot(bot)
        squatter = h.client(BOT_NICK, **SQUATTER)
        ann.skip()
        bot = h.start_bot(config)
        # InspIRCd renames the newer of the two, the bot, to its UID (SAVE); the bot must have
        # its own nick again once the squatter has gone.
        time.sleep(2.0)
        check(bot.alive(), "croupierd exited on a collision with its nick")
        gone = h.now()
        squatter.send("QUIT :taken back")
        h.wait_bot_in_channel(ann, timeout=KILL_BACK_LIMIT + 30)
        back = h.now() - gone
        timings.append(("its own nick again after the squatter left", back))
        print(f"{kind}: a client held {BOT_NICK} when croupierd linked; the bot had its nick "
              f"back {back:.2f} s after the client quit")
        played_on(h, solo, solo_deal, solo_board, "Spider after the nick collision")

    h.stop_bot(bot)
    for what, seconds in timings:
        print(f"{kind}: {what}: {seconds:.2f} s")


def account_is_person(h, kind, timings):
    """Part 4: a services account is the person. Returns Carol's deal and board."""
    acc = h.client("acc", **ACC_FIRST)
    h.set_account("acc", "Carol", client=acc)
    acc_deal = new_spider(acc)
    _, acc_board = board(acc, "Carol's new game")
    acc_board = played_on(h, acc, acc_deal, acc_board, "Carol's game")
    acc.conn.nick("carol_away")
    acc.wait_msg(r".*", command="NICK", sender="acc", what="acc is now carol_away")
    acc.nick = "carol_away"
    got, seen = board(acc, "under a new nick, logged in")
    check(got == acc_deal and seen == acc_board, f"carol_away sees Carol's game:\n{seen}")
    acc.quit()
    h.wait_until(lambda: not acc.connected, "carol_away disconnected")
    # Another address, another username, another nick: not Carol until services say so.
    acc = h.client("carol_m", **ACC_SECOND)
    acc.skip()
    acc.say(BOT_NICK, "board")
    first = acc.wait_msg(r".", sender=BOT_NICK, what="the bot answers carol_m before login")
    check(not STATUS_RX.search(first.plain) and acc_deal not in first.plain,
          f"carol_m, not logged in, from another host, was shown a game: {first.plain}")
    t = h.now()
    h.set_account("carol_m", "Carol", client=acc)
    acc_board = played_on(h, acc, acc_deal, acc_board, "Carol from another host, logged in")
    timings.append(("Carol's game back after login", h.now() - t))
    print(f"{kind}: account Carol kept deal {acc_deal} across a nick change and a new host")
    return acc_deal, acc_board


def load_players(h, kind):
    """Twenty clients, each on its own host, each in a Spider game of its own: deal, undo,
    deal... (each a journaled move with a one-line answer first); the wait from each move to
    the first line of its answer."""
    nicks = [f"p{i:02d}" for i in range(LOAD_CLIENTS)]
    clients = []
    for i, n in enumerate(nicks):
        from harness import Client  # one connection each, registered together below
        c = Client(h, n, h.port, f"127.0.1.{i + 1}", n, wait=False)
        h.clients.append(c)
        clients.append(c)
    h.wait_until(lambda: all(c.registered for c in clients),
                 f"{LOAD_CLIENTS} clients registered", timeout=30)
    for c in clients:
        c.say(BOT_NICK, "spider new 1")
    h.wait_until(lambda: all(any(STATUS_RX.search(s) for m in c.find(sender=BOT_NICK, start=0)
                                 for s in segments(m)) for c in clients),
                 f"{LOAD_CLIENTS} Spider games dealt", timeout=60)
    h.sleep(1.0)
    waits = []
    state = {c.nick: {"pending": None, "made": 0, "seen": len(c.lines), "next": "deal"}
             for c in clients}
    answer_rx = {"deal": re.compile(r"^Dealt"), "undo": re.compile(r"^Took back")}
    started = h.now()
    while True:
        busy = False
        for c in clients:
            st = state[c.nick]
            if st["pending"] is not None:
                what, sent = st["pending"]
                for m in c.lines[st["seen"]:]:
                    if m.nick.lower() != BOT_NICK or m.target.lower() != c.nick.lower():
                        continue
                    if any(answer_rx[what].search(s) for s in segments(m)):
                        waits.append(h.now() - sent)
                        st["pending"] = None
                        st["made"] += 1
                        st["next"] = "undo" if what == "deal" else "deal"
                        break
                st["seen"] = len(c.lines)
                check(st["pending"] is None or h.now() - st["pending"][1] < 20,
                      f"{c.nick}'s {what} unanswered after 20 s")
            if st["pending"] is None and st["made"] < LOAD_MOVES:
                st["pending"] = (st["next"], h.now())
                st["seen"] = len(c.lines)
                c.say(BOT_NICK, st["next"])
            busy = busy or st["pending"] is not None or st["made"] < LOAD_MOVES
        if not busy:
            break
        h.pump(0.01)
    p50, p95 = quantile(waits, 0.5), quantile(waits, 0.95)
    print(f"{kind}: {LOAD_CLIENTS} clients, {len(waits)} moves in {h.now() - started:.1f} s: "
          f"wait per move p50 {p50:.3f} s, p95 {p95:.3f} s, max {max(waits):.3f} s")
    sample = [s for m in clients[0].find(sender=BOT_NICK, start=0) for s in segments(m)
              if answer_rx["deal"].search(s) or answer_rx["undo"].search(s)]
    print(f"{kind}: {clients[0].nick}'s answers: " + " | ".join(x[:50] for x in sample[:2]))
    check(len(sample) >= LOAD_MOVES, f"{clients[0].nick} got {len(sample)} answers to "
                                     f"{LOAD_MOVES} moves")
    check(p95 <= LOAD_P95_LIMIT, f"p95 of the wait per move {p95:.2f} s, over "
                                 f"{LOAD_P95_LIMIT:.0f} s")
    for c in clients:
        c.quit()
    h.sleep(0.5)
