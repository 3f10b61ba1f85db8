#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A whole Adventurer Factory duel through a real server: two python3-irc clients, a
challenge accepted in the channel, every move the bot's own hint for the player it waits
for, typed in the channel and in private by turns. A hand is told to its holder alone: the
channel never shows one, and neither player is told what the other draws. Mid-duel the
daemon is killed with SIGKILL and started again: the duel is where it was (`!table` the
same) and plays on to its end, which `!stats` counts. Prints the channel lines a turn."""

import re

from harness import BOT_NICK, CHANNEL, check, run_test

HINT_RX = re.compile(r"^Hint: try (.+?)\.(?: Your answers: .*)?$")
TURN_RX = re.compile(r"Turn (\d+), ")
# The ends of a duel ("... wins.", "A draw, agreed by both.", "Both give up ...: a draw."),
# not an offer ("ann offers a draw; ben may type draw to accept.").
END_RX = re.compile(r"wins\.|[Aa] draw[.,]|Both give up")


def table(h, c):
    """The duel as `!table` shows it (its three lines, nothing else that came meanwhile)."""
    h.sleep(1.0)
    c.skip()
    c.say(CHANNEL, "!table")
    got = [m.plain for m in c.collect(BOT_NICK, quiet=1.5, what="the table")]
    return [x for x in got if x.startswith(("ann: ", "ben: ", "Turn "))]


def hint(c):
    """The hint's move (None: the duel does not wait for c), and whether it is an answer."""
    c.say(BOT_NICK, "af hint")
    m = c.wait_msg(r"^Hint: ", sender=BOT_NICK, what=f"{c.nick}'s hint")
    got = HINT_RX.search(m.plain)
    return (got.group(1) if got else None), "Your answers:" in m.plain


def restart(h, bot, config, ann):
    """SIGKILL and a new daemon: `!table` shows the same duel before and after."""
    before = table(h, ann)
    print("before the kill: " + " / ".join(before))
    bot = h.kill_and_restart(bot, config)
    h.wait_bot_in_channel(ann)
    after = table(h, ann)
    check(len(before) == 3 and after == before,
          f"the duel after the restart is the duel before it:\n{before}\n{after}")
    return bot


def test(h):
    h.start_ngircd(penalty=False)
    config = h.bot_config(net={"flood_burst": 50, "flood_rate": 50},
                          limits={"user_burst": 200, "user_rate": 100})
    bot = h.start_bot(config)
    ann, ben = h.client("ann"), h.client("ben")
    clients = {"ann": ann, "ben": ben}
    for c in clients.values():
        c.join(CHANNEL)
    h.wait_bot_in_channel(ann)
    for c in clients.values():
        c.say(BOT_NICK, "set plain on")
        c.collect(BOT_NICK, what="the setting")
        c.skip()

    ann.say(CHANNEL, "!af challenge ben")
    ann.wait_msg(r"challenges ben", sender=BOT_NICK, target=CHANNEL, what="the challenge")
    ben.say(CHANNEL, "!af accept")
    start = ann.wait_msg(r"meets ben \(", sender=BOT_NICK, target=CHANNEL, what="the start")
    print("start: " + start.plain)
    for n, c in clients.items():
        c.wait_msg(r"^Your hand", sender=BOT_NICK, target=n, what=f"{n}'s hand")

    mover, moves, killed, over = "ann", 0, False, False
    while not over:
        check(moves < 400, "the duel did not end in 400 moves")
        other = "ben" if mover == "ann" else "ann"
        move, window = hint(clients[mover])
        if move is None:  # the one who moved last is not waited for: the other is
            mover, other = other, mover
            move, window = hint(clients[mover])
        # The daemon dies mid-duel, with a window open when one comes early enough.
        if not killed and moves >= 6 and (window or moves >= 16):
            bot = restart(h, bot, config, ann)
            killed = True
            continue  # the hint again: the window may have run out meanwhile
        check(move is not None, "the duel waits for one of the two players")
        c = clients[mover]
        c.skip()
        seen = len(ann.lines)
        if moves % 2 == 0:
            c.say(CHANNEL, "!" + move)
        else:
            c.say(BOT_NICK, move)  # public moves may be typed in private too
        moves += 1
        if move != "pass":
            # The answer: to the mover alone while the turn goes on, in the channel once it
            # passes (a turn is told there together).
            got = c.wait_msg(r".", sender=BOT_NICK, what=f"{mover} hears of their {move}")
            over = bool(END_RX.search(got.plain))
        h.sleep(0.2)
        over = over or any(END_RX.search(m.plain) for m in ann.find(
            sender=BOT_NICK, target=CHANNEL, start=seen))

    check(killed, "the duel lasted long enough to kill the daemon in the middle")
    channel = [m.plain for m in ann.find(sender=BOT_NICK, target=CHANNEL, start=0)]
    turns = max(int(t) for line in channel for t in TURN_RX.findall(line))
    duel_lines = channel[next(i for i, x in enumerate(channel) if "meets ben (" in x):]
    print(f"{moves} moves, {turns} turns, {len(duel_lines)} channel lines "
          f"({len(duel_lines) / turns:.1f} a turn); last: {channel[-1]}")

    # A hand is its holder's: the channel never shows one, and nobody hears another's draw.
    for x in channel:
        check(not x.startswith("Your hand") and "You draw" not in x, f"a hand in the channel: {x}")
    for n, c in clients.items():
        for m in c.find(sender=BOT_NICK, start=0):
            if m.target.lower() != CHANNEL.lower():
                check(m.target.lower() == n, f"{n} got a line for someone else: {m.raw}")

    ben.skip()
    ben.say(CHANNEL, "!stats")
    ben.wait_msg(r"Adventurer Factory: 1 game", sender=BOT_NICK, what="the duel in ben's stats")
    h.stop_bot(bot)


run_test("adventurer", test, timeout=280)
