#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A whole VCG duel through a real server: two python3-irc clients, a challenge accepted in
the channel, and every bid sent to the bot in a private message. The player who answers
must learn nothing of the first player's potions before answering: no line either of them
receives from the bot shows the first bid until the battle is fought, and then the battle
line shows it as it was made. The duel ends with a winner or a draw, and `!stats` counts
it. A challenge to someone who is not in the channel is refused."""

import re

from harness import BOT_NICK, CHANNEL, check, run_test

FIRST_RX = re.compile(r"(\w+) plays first")
PLAYS_RX = re.compile(r"^(\w+) plays ([^.]+)\. ")
BATTLE_RX = re.compile(r"^Battle (\d): (\w+)'s (.+?) \((\d+) potions?(, focus)?\) attack \d+ vs "
                       r"(\w+)'s (.+?) \((\d+) potions?(, focus)?\)")
END_RX = re.compile(r"wins the duel\.|A draw\.")
POTIONS_RX = re.compile(r"\b\d+ potions?\b")


def test(h):
    h.start_ngircd(penalty=False)
    h.start_bot(h.bot_config(net={"flood_burst": 20, "flood_rate": 20},
                             limits={"user_burst": 100, "user_rate": 50}))
    ann, ben = h.client("ann"), h.client("ben")
    clients = {"ann": ann, "ben": ben}
    for c in clients.values():
        c.join(CHANNEL)
    h.wait_bot_in_channel(ann)

    ann.skip()
    # The bot knows who is in the channel (the server's NAMES, then joins and parts).
    ann.say(CHANNEL, "!vcg challenge nobodyhere")
    ann.wait_msg(r"nobodyhere is not in", sender=BOT_NICK, what="a challenge to someone absent")
    ann.say(CHANNEL, "!vcg challenge ben")
    ann.wait_msg(r"challenges ben", sender=BOT_NICK, target=CHANNEL, what="the challenge")
    ben.say(CHANNEL, "!vcg accept")
    start = ann.wait_msg(r"plays first", sender=BOT_NICK, target=CHANNEL, what="the duel starts")
    first = FIRST_RX.search(start.plain).group(1)
    check(first in clients, f"the first player is one of the two: {start.plain}")
    print("start: " + start.plain)

    # Each bids a different number of potions each battle, so a leak would be seen.
    bids = {"ann": [3, 1, 4, 0], "ben": [2, 5, 0, 1]}
    played = {"ann": 0, "ben": 0}
    channel_lines = []
    battle = 0
    over = False
    while not over:
        battle += 1
        check(battle <= 4, "more than four battles")
        second = "ben" if first == "ann" else "ann"
        seen = {n: len(c.lines) for n, c in clients.items()}
        # The first player bids in private; the channel hears the card only.
        played[first] += 1
        clients[first].say(BOT_NICK, f"play {played[first]} {bids[first][battle - 1]}")
        line = ann.wait_msg(rf"^{first} plays ", sender=BOT_NICK, target=CHANNEL,
                            what=f"{first}'s card in battle {battle}")
        channel_lines.append(line.plain)
        h.sleep(1.0)
        # Nothing the answering player got shows a potion count; nothing in the channel does.
        for m in clients[second].lines[seen[second]:]:
            if m.nick.lower() == BOT_NICK.lower():
                check(not POTIONS_RX.search(m.plain),
                      f"{second} was told a potion count before answering: {m.raw}")
        for m in ann.find(sender=BOT_NICK, target=CHANNEL, start=seen["ann"]):
            check(not POTIONS_RX.search(m.plain), f"the channel saw a bid early: {m.raw}")
        # The answer; then the battle, with both bids as made.
        played[second] += 1
        clients[second].say(BOT_NICK, f"play {played[second]} {bids[second][battle - 1]}")
        fought = ann.wait_msg(rf"^Battle {battle}: ", sender=BOT_NICK, target=CHANNEL,
                              what=f"battle {battle}")
        m = BATTLE_RX.search(fought.plain)
        check(m is not None, f"the battle line reads as expected: {fought.plain}")
        check(m.group(2) == first and int(m.group(4)) == bids[first][battle - 1],
              f"the first bid shows as made: {fought.plain}")
        check(m.group(6) == second and int(m.group(8)) == bids[second][battle - 1],
              f"the answer shows as made: {fought.plain}")
        h.sleep(1.5)
        rest = ann.find(sender=BOT_NICK, target=CHANNEL)
        ann.skip()
        # At most two channel lines a battle: the card played first, then the battle, whose
        # parts (the result, the abilities that acted, Life and potions) share one line when
        # they fit the bot's width (render::kWidth, 390 bytes of text). A battle whose parts
        # do not fit takes one line more, and only then.
        if rest:
            joined = len(fought.text.encode()) + 1 + len(rest[0].text.encode())
            check(len(rest) == 1 and joined > 390,
                  f"battle {battle} took more channel lines than its text needs: {rest}")
        channel_lines.append(fought.plain)
        channel_lines.extend(x.plain for x in rest)
        over = any(END_RX.search(x.plain) for x in [fought] + rest)
        first = second  # who answered plays first next
    print(f"{battle} battles, {len(channel_lines)} channel lines "
          f"({len(channel_lines) / battle:.1f} a battle):\n  " + "\n  ".join(channel_lines))

    ben.skip()
    ben.say(CHANNEL, "!stats")
    ben.wait_msg(r"VCG: 1 game", sender=BOT_NICK, what="the duel in ben's stats")
    h.stop_bot()


run_test("vcg_duel", test, timeout=200)
