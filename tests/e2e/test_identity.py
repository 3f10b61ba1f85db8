#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A person, whatever the nick (issue 32), through a real server with real clients.

- The away-nick return: `nx` opens a Spider game and moves, changes nick to `nx_away`, quits,
  and comes back on a new connection as `nx` from the same address and username: `board`
  shows the same game. Then again under a new nick, `nx_new`: the same game, and it plays.
- A stranger (another address, another username) who takes the nick `nx` while its owner is
  away is shown no board; while the game is under the nick `nx`, they are told whose it is.
- Saved data and stats under a new nick: `dk1` saves a VCG deck and resigns a Spider game,
  quits, and comes back as `dk2`: `vcg deck` shows the deck and `stats` the game. The
  stranger has no deck.
- A guest host ([identity] guest_hosts = *@127.0.0.5): two clients with the same username
  there, different nicks, each have a game of their own, and `stats` tells them they are
  guests.

The owner of `nx` is in the channel (the bot sees its NICK and QUIT); `dk1` and `dk2` only
talk in private (the bot never sees them go)."""

import re

from harness import BOT_NICK, CHANNEL, check, run_test, spider_move_by_hint

STATUS_RX = re.compile(r"^Spider 1 suit, deal (\d+) \| ")
PILES_RX = re.compile(r"^1:\[\d+\] ")
STRANGER_RX = (r"^The Spider game of nx belongs to whoever played as nx from another account "
               r"or address")
GUEST_RX = r"^Your games are not rated or counted as a guest"

OWNER = {"source": "127.0.0.2", "username": "nx"}
STRANGER = {"source": "127.0.0.9", "username": "other"}
DK = {"source": "127.0.0.3", "username": "dk"}
GUEST = {"source": "127.0.0.5", "username": "web"}


def board(c, what):
    """Asks `board`; returns (deal, [status line, piles line], seconds until the status)."""
    start = c.h.now()
    c.say(BOT_NICK, "board")
    # A refusal fails at once, with its words.
    status = c.wait_msg(STATUS_RX.pattern + r"|^You have no game open|^The Spider game of ",
                        sender=BOT_NICK, what=f"{c.nick}'s board: {what}")
    took = c.h.now() - start
    check(STATUS_RX.search(status.plain), f"{c.nick} was refused the board ({what}): "
                                          f"{status.plain}")
    piles = c.wait_msg(PILES_RX.pattern, sender=BOT_NICK, what=f"{c.nick}'s piles: {what}")
    return STATUS_RX.search(status.plain).group(1), [status.plain, piles.plain], took


def answer(c, text, expect, what):
    """Says `text` to the bot; its first line back must match `expect`."""
    c.skip()
    c.say(BOT_NICK, text)
    got = c.wait_msg(r".", sender=BOT_NICK, what=f"an answer to {c.nick}'s {text}")
    check(re.search(expect, got.plain), f"{what}: {c.nick} said {text} and got: {got.plain}")
    return got


def rename(c, nick):
    c.conn.nick(nick)
    c.wait_msg(r".*", command="NICK", sender=c.nick, what=f"{c.nick} is now {nick}")
    c.nick = nick


def leave(h, c):
    c.quit()
    h.wait_until(lambda: not c.connected, f"{c.nick} disconnected")


def no_board_for(h, c, deal, piles, what, own_game=False):
    """Nothing the bot sent `c` shows the game `deal` (its number, or its piles line `piles`);
    unless `c` has a game of their own, no piles at all."""
    h.sleep(0.5)
    for m in c.find(sender=BOT_NICK, start=0):
        check(deal not in m.plain and m.plain != piles
              and (own_game or not PILES_RX.search(m.plain)),
              f"{what}: {c.nick} was shown the game of deal {deal}: {m.plain}")


def test(h):
    h.start_ngircd(penalty=False)
    bot = h.start_bot(h.bot_config(net={"flood_burst": 20, "flood_rate": 20},
                                   limits={"user_burst": 100, "user_rate": 50},
                                   identity={"guest_hosts": "*@127.0.0.5"}))
    figures = []

    # --- 1. The away-nick return, and a stranger under the nick ----------------------------
    nx = h.client("nx", **OWNER)
    nx.join(CHANNEL)
    h.wait_bot_in_channel(nx)
    nx.skip()
    nx.say(BOT_NICK, "spider new 1")
    start = nx.wait_msg(STATUS_RX.pattern, sender=BOT_NICK, what="nx's Spider game")
    deal = STATUS_RX.search(start.plain).group(1)
    nx.collect(BOT_NICK, quiet=0.5, what="the rest of the new board")
    _, fresh, _ = board(nx, "the new game")
    action = spider_move_by_hint(nx)
    got_deal, played, _ = board(nx, f"after {action}")
    check(got_deal == deal and played != fresh,
          f"{action} changed the board of deal {deal}:\n{fresh}\n{played}")
    print(f"nx: deal {deal}, {action}: {played[0]}")

    rename(nx, "nx_away")
    _, seen, _ = board(nx, "under the away nick")
    check(seen == played, f"nx_away sees the game as it was:\n{played}\n{seen}")
    leave(h, nx)

    # A stranger under the nick `nx` while its owner is away (the game is under nx_away).
    stranger = h.client("nx", **STRANGER)
    answer(stranger, "board", r"^You have no game open",
           "the stranger has no game (the game went with nx_away)")
    answer(stranger, "vcg deck", r"^You have no deck of your own", "the stranger has no deck")
    no_board_for(h, stranger, deal, played[1], "the stranger while the game is nx_away's")
    leave(h, stranger)

    # Back as nx, a new connection from the same address and username.
    t = h.now()
    nx = h.client("nx", **OWNER)
    nx.join(CHANNEL)
    got_deal, seen, ask = board(nx, "back as nx")
    figures.append(("back as nx (after nx_away and a quit)", h.now() - t, ask))
    check(got_deal == deal and seen == played,
          f"back as nx, the same game as before:\n{played}\n{seen}")
    leave(h, nx)  # quits as nx this time: the game is under nx

    # A stranger under the nick `nx` now: told whose game it is, and shown nothing of it.
    stranger = h.client("nx", **STRANGER)
    answer(stranger, "board", STRANGER_RX, "the stranger refused the board")
    answer(stranger, action, STRANGER_RX, "the stranger refused a move")
    no_board_for(h, stranger, deal, played[1], "the stranger under the game's nick")
    leave(h, stranger)

    # Back under a nick never used: the same game, and it plays on.
    t = h.now()
    nx = h.client("nx_new", **OWNER)
    nx.join(CHANNEL)
    got_deal, seen, ask = board(nx, "back as nx_new")
    figures.append(("back as nx_new", h.now() - t, ask))
    check(got_deal == deal and seen == played,
          f"back as nx_new, the same game as before (the stranger moved nothing):\n"
          f"{played}\n{seen}")
    action2 = spider_move_by_hint(nx)
    got_deal, after, _ = board(nx, f"nx_new after {action2}")
    check(got_deal == deal and after != played, f"nx_new plays the game on ({action2})")

    # --- 2. Saved data and stats under a new nick -----------------------------------------
    dk = h.client("dk1", **DK)
    dk.say(BOT_NICK, "vcg deck set Mire Rot")
    dk.wait_msg(r"^Saved: you play Mire Rot", sender=BOT_NICK, what="dk1 saved a deck")
    dk.say(BOT_NICK, "spider new 1")
    dk.wait_msg(STATUS_RX.pattern, sender=BOT_NICK, what="dk1's Spider game")
    dk.say(BOT_NICK, "resign")
    dk.wait_msg(r"^You resigned deal", sender=BOT_NICK, what="dk1 resigned")
    dk.say(BOT_NICK, "stats")
    dk.wait_msg(r"^Your games: Spider 1 suit: 1 game, 0 won", sender=BOT_NICK,
                what="dk1's stats")
    leave(h, dk)
    t = h.now()
    dk = h.client("dk2", **DK)
    dk.say(BOT_NICK, "vcg deck")
    got = dk.wait_msg(r"^Your deck|^You have no deck", sender=BOT_NICK, what="dk2's deck")
    figures.append(("dk2's saved deck", h.now() - t, None))
    check(re.search(r"^Your deck \(Mire Rot\): Bog Lurker, ", got.plain),
          f"dk2 has the deck dk1 saved: {got.plain}")
    dk.say(BOT_NICK, "stats")
    got = dk.wait_msg(r"^Your games|^You have no finished", sender=BOT_NICK, what="dk2's stats")
    check(got.plain.startswith("Your games: Spider 1 suit: 1 game, 0 won"),
          f"dk2's stats count dk1's game: {got.plain}")

    # --- 3. A guest host: the same user@host, told apart by nick --------------------------
    g1 = h.client("guest1", **GUEST)
    g2 = h.client("guest2", **GUEST)
    g1.say(BOT_NICK, "spider new 1")
    d1 = STATUS_RX.search(g1.wait_msg(STATUS_RX.pattern, sender=BOT_NICK,
                                      what="guest1's game").plain).group(1)
    answer(g2, "board", r"^You have no game open", "guest2 has no game (guest1's is not theirs)")
    g2.say(BOT_NICK, "spider new 1")
    d2 = STATUS_RX.search(g2.wait_msg(STATUS_RX.pattern, sender=BOT_NICK,
                                      what="guest2's game").plain).group(1)
    check(d1 != d2, f"the guests were dealt different deals ({d1}, {d2})")
    got1, b1, _ = board(g1, "guest1's own")
    got2, b2, _ = board(g2, "guest2's own")
    check(got1 == d1 and got2 == d2, f"each guest sees their own deal: guest1 {got1} (dealt "
                                     f"{d1}), guest2 {got2} (dealt {d2})")
    check(b1[1] != b2[1], f"the guests' piles differ:\n{b1[1]}\n{b2[1]}")
    no_board_for(h, g2, d1, b1[1], "guest2", own_game=True)
    no_board_for(h, g1, d2, b2[1], "guest1", own_game=True)
    answer(g1, "stats", GUEST_RX, "guest1 told they are a guest")

    h.stop_bot(bot)
    print(f"deals: nx {deal}, guest1 {d1}, guest2 {d2}")
    for what, total, ask in figures:
        extra = f" (board {ask:.2f} s after asking)" if ask is not None else ""
        print(f"{what}: {total:.2f} s from connecting{extra}")


run_test("identity", test, timeout=150)
