#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A whole Exordia8 game through a real server: three python3-irc clients open a table
(`!e8`, `!join`, `!start`), read their hands from the bot's notices and play until someone
wins. The players know nothing of the rules: on their turn they try each card of their hand
in order (`!play POSITION`; an 8 that needs a suit gets one), then `!draw`, then `!pass`,
and learn from the bot's refusals. Hidden information must stay hidden: hands and drawn cards are
never shown in the channel."""

import re

from harness import BOT_NICK, CHANNEL, check, parse_hand, run_test

PLAYERS = ("ann", "ben", "cid")
MAX_ACTIONS = 1500  # bounded: a game of three takes far fewer
GAME_TIME = 200.0

HAND_RX = re.compile(r"your hand", re.IGNORECASE)
TURN_RX = re.compile(r"your turn", re.IGNORECASE)
DRAW_RX = re.compile(r"^you draw", re.IGNORECASE)
WIN_RX = re.compile(r"\bwins \d+ points?\b", re.IGNORECASE)


def test(h):
    h.start_ngircd(penalty=False)  # the players type fast; ngircd would slow them down
    h.start_bot(h.bot_config(net={"flood_burst": 20, "flood_rate": 20},
                             limits={"user_burst": 100, "user_rate": 50}))
    clients = {n: h.client(n) for n in PLAYERS}
    for c in clients.values():
        c.join(CHANNEL)
    h.wait_bot_in_channel(clients["ann"])

    ann = clients["ann"]
    ann.skip()
    ann.say(CHANNEL, "!e8")
    ann.wait_msg(r"(?i)e(xordia)?8|table", sender=BOT_NICK, what="the bot opens a table")
    for n in PLAYERS[1:]:
        clients[n].say(CHANNEL, "!join")
        h.sleep(0.3)
    h.sleep(1.0)
    ann.say(CHANNEL, "!start")

    hands = {}  # nick -> the last hand the bot told that player
    turn = [None]  # whose turn the last "Your turn" notice said
    seen_private = {n: 0 for n in PLAYERS}
    finished = [False]
    table_start = len(ann.lines)  # the table's lines from the start on
    seen_table = [table_start]

    def scan():
        """Reads what arrived: hands and turns from private notices, the end from the
        channel. Returns the private lines each player got since the last scan."""
        news = {}
        for n, c in clients.items():
            got = c.find(sender=BOT_NICK, target=n, start=seen_private[n])
            seen_private[n] = len(c.lines)
            news[n] = got
            for m in got:
                if HAND_RX.search(m.plain):
                    hands[n] = parse_hand(m.plain.split(". Your turn")[0])
                    if TURN_RX.search(m.plain):
                        turn[0] = n
        table = ann.find(sender=BOT_NICK, target=CHANNEL, start=seen_table[0])
        seen_table[0] = len(ann.lines)
        news["#"] = table
        if any(WIN_RX.search(m.plain) for m in table):
            finished[0] = True
        return news

    h.wait_until(lambda: (scan(), turn[0] is not None)[1], "the first player is told it is "
                 "their turn", timeout=30)
    print("dealt: " + "; ".join(f"{n}: {' '.join(hands.get(n, []))}" for n in PLAYERS))

    actions = refusals = 0
    deadline = h.now() + GAME_TIME
    while not finished[0]:
        check(h.now() < deadline, f"no winner after {GAME_TIME:.0f} s ({actions} actions)")
        check(actions < MAX_ACTIONS, f"no winner after {actions} actions")
        player = turn[0]
        check(player is not None, "nobody's turn")
        c = clients[player]
        hand = hands.get(player, [])
        tries = [f"!play {i}" for i in range(1, len(hand) + 1)] + ["!draw", "!pass"]
        moved = False
        done_rx = re.compile(rf"\b{player}\b (plays|draws|passes|makes|breaks|leaves|goes)",
                             re.IGNORECASE)
        while tries and not moved and not finished[0]:
            attempt = tries.pop(0)
            turn[0] = None
            c.say(CHANNEL, attempt)
            actions += 1
            result = {}

            def outcome():
                news = scan()
                if finished[0] or any(done_rx.search(m.plain) for m in news["#"]):
                    result["moved"] = True
                for m in news[player]:
                    if not HAND_RX.search(m.plain) and not DRAW_RX.search(m.plain):
                        result.setdefault("refused", m.plain)
                return bool(result)

            h.wait_until(outcome, f"the bot answers {player}'s `{attempt}`", timeout=15)
            if result.get("moved"):
                moved = True
                break
            refusals += 1
            # An 8 (or a Joker) that names a suit: try again naming hearts.
            if attempt.startswith("!play") and "suit" in result["refused"].lower() and \
                    not attempt.endswith(" h"):
                tries.insert(0, attempt + " h")
        check(moved or finished[0], f"{player} found no legal action (hand {hand}); last "
              f"refusal: {result.get('refused')}")
        if not finished[0]:
            h.wait_until(lambda: (scan(), turn[0] is not None or finished[0])[1],
                         f"someone is told it is their turn after {player}'s move", timeout=15)

    h.sleep(1.0)
    table = ann.find(sender=BOT_NICK, target=CHANNEL, start=table_start)
    print(f"game over after {actions} actions ({refusals} refused); the table's last lines:\n  "
          + "\n  ".join(m.plain for m in table[-3:]))

    # Hidden information: hands and drawn cards go to their owner only, never to the table.
    for m in ann.find(sender=BOT_NICK, target=CHANNEL, start=0):
        check(not HAND_RX.search(m.plain) and not DRAW_RX.search(m.plain),
              f"a hand was shown in the channel: {m.raw}")

    h.stop_bot()


run_test("exordia8_game", test, timeout=280)
