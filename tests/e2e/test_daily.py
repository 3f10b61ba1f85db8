#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The daily deal through a real server (issue 44): two clients play the day's Spider deal
and compare. Both are shown the same seal; neither is shown the deal's number (the board
names the day, `verify` says it is sealed until the day ends); alice deals from the stock
twice and resigns, bob deals once and resigns, so the ladder (`daily top` in the channel, at
most two lines) has bob first (both lost: fewer moves first) and alice second; alice's
second game on the deal is unranked; `stats` is untouched by the deal's number. Then the
web page /api/daily/spider/<day> lists both in that order with the seal and no deal."""

import datetime
import json
import re
import urllib.request

from harness import BOT_NICK, CHANNEL, check, free_port, run_test

SEAL_RX = re.compile(r"This is Spider game #(\d+), the daily deal of (\d{4}-\d{2}-\d{2}); its "
                     r"number is sealed until the day ends \(UTC\): sha256 ([0-9a-f]{64})\.")


def start_daily(c):
    """`daily`: the board, then the seal line; returns (game id, day, seal, lines)."""
    c.say(BOT_NICK, "daily")
    lines = c.collect(BOT_NICK, quiet=2.0, what="the daily deal")
    text = [m.plain for m in lines]
    seal = None
    for t in text:
        m = SEAL_RX.search(t)
        if m:
            seal = m
    check(seal is not None, f"the seal line among {text}")
    check(not any(re.search(r"\bdeal \d", t) for t in text),
          f"no deal number is shown at the start: {text}")
    return int(seal.group(1)), seal.group(2), seal.group(3), text


def test(h):
    h.start_ngircd(penalty=False)
    web_port = free_port()
    config = h.bot_config(net={"flood_burst": 20, "flood_rate": 20},
                          limits={"user_burst": 100, "user_rate": 50},
                          web={"listen": f"127.0.0.1:{web_port}"},
                          events={"announce_channels": CHANNEL})
    bot = h.start_bot(config)
    alice = h.client("alice")
    bob = h.client("bob")
    h.wait_log(bot, r"registered as")
    for c in (alice, bob):
        c.join(CHANNEL)
    h.wait_bot_in_channel(alice)
    for c in (alice, bob):
        c.say(BOT_NICK, "set plain on")
        c.collect(BOT_NICK, what="the settings")
        c.skip()

    a_id, a_day, a_seal, a_text = start_daily(alice)
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    check(a_day == today, f"the day is the UTC day: {a_day} vs {today}")
    check(any("counts on the day's ladder" in t for t in a_text), f"ranked: {a_text}")
    print(f"daily cost alice {len(a_text)} lines: " + " / ".join(a_text))
    b_id, b_day, b_seal, b_text = start_daily(bob)
    check(b_seal == a_seal and b_day == a_day, f"the same seal for both: {a_seal} {b_seal}")

    # Nothing tells the number before the day ends.
    alice.say(BOT_NICK, f"verify {a_id}")
    v = alice.wait_msg(r"sealed until that day ends", sender=BOT_NICK, what="verify sealed")
    check(not re.search(r"deal \d", v.plain), f"verify tells no number: {v.plain}")

    for c, deals in ((alice, 2), (bob, 1)):
        for _ in range(deals):
            c.say(BOT_NICK, "deal")
            c.collect(BOT_NICK, quiet=1.5, what="a deal from the stock")
        c.say(BOT_NICK, "resign")
        r = c.wait_msg(r"^You resigned the daily deal of", sender=BOT_NICK, what="the resignation")
        check(not re.search(r"deal \d", r.plain), f"the end tells no number: {r.plain}")
    alice.say(BOT_NICK, "verify")
    alice.wait_msg(r"sealed until that day ends", sender=BOT_NICK, what="verify after the end")

    # A second game on the deal: unranked.
    _, _, again_seal, again = start_daily(alice)
    check(again_seal == a_seal, "the same deal again")
    check(any("not ranked" in t for t in again), f"the second is unranked: {again}")
    alice.say(BOT_NICK, "resign")
    alice.collect(BOT_NICK, what="the second resignation")

    # The ladder in the channel: one line (both among the first three), bob first.
    alice.skip()
    alice.say(CHANNEL, "!daily top")
    top = alice.collect(BOT_NICK, quiet=2.0, what="the ladder")
    check(1 <= len(top) <= 2, f"daily top costs at most two lines: {[m.plain for m in top]}")
    line = top[0].plain
    print("daily top: " + line)
    check(re.search(r"1\. bob \(lost, 1 move\), 2\. alice \(lost, 2 moves\)", line) is not None,
          f"bob (1 move) before alice (2 moves): {line}")
    check(a_seal[:16] in line, f"the seal's start in the ladder: {line}")

    # The page's JSON: the same order, the seal, no deal and no game links yet.
    url = f"http://127.0.0.1:{web_port}/api/daily/spider/{a_day}"
    with urllib.request.urlopen(url, timeout=10) as r:
        page = json.loads(r.read().decode())
    four = [v for v in page["variants"] if v["variant"] == "4suit"][0]
    check(four["seal"] == a_seal, f"the page's seal: {four['seal']}")
    check("deal" not in four, f"the page tells no deal before the day ends: {four}")
    names = [l["nick"] for l in four["ladder"]]
    check(names == ["bob", "alice"], f"the page's ladder: {names}")
    with urllib.request.urlopen(f"http://127.0.0.1:{web_port}/daily/spider/{a_day}",
                                timeout=10) as r:
        html = r.read().decode()
    check(a_seal in html and html.index("bob") < html.index("alice"),
          "the page shows the seal and bob before alice")
    with urllib.request.urlopen(f"http://127.0.0.1:{web_port}/api/game/{a_id}", timeout=10) as r:
        game = json.loads(r.read().decode())
    check("deal" not in game and "journal" not in game,
          f"an ended daily game's JSON tells neither deal nor moves: {sorted(game)}")


run_test("daily", test, timeout=200)
