# SPDX-License-Identifier: GPL-3.0-or-later
"""The web pages (issue 30, docs/WEB.md) through a real server, a real croupierd and a real
client.

croupierd runs with [web] listen on a free port. `sp` (a nick holding < and >, on its own
address) opens a Spider game, plays a few moves by the bot's hint and resigns: the game has
ended. While it runs, its page shows no move and no board; once ended, the pages show it:
`/` lists it among the finished games, `/top/spider` has `sp` on the 1-suit ladder linking
to `/player/<id>`, which lists the game, and `/game/<id>` has every move and a step-through;
each page's JSON twin under /api/ says the same. The nick is escaped in every page and the
person's user@host is nowhere. Then an Exordia8 table of `ann` and a computer player: while
it runs its page has the seal the channel was shown, and neither the deal nor ann's hand;
once ann leaves and it has ended, the deal the channel was told, whose SHA-256 is the seal,
and every move. Bad requests get their 4xx. SIGTERM stops the pages with the bot."""

import hashlib
import json
import re
import socket
import urllib.error
import urllib.request

from harness import BOT_NICK, CHANNEL, check, free_port, run_test

STATUS_RX = re.compile(r"^Spider 1 suit, deal (\d+) \| ")
HINT_RX = re.compile(r"^Hint: (move \d+ \d+ \d+)")
NICK = "s[p]"  # what IRC allows of markup: the page must still escape what it is given
SOURCE = {"source": "127.0.0.7", "username": "webby"}


def fetch(base, path, expect=200):
    try:
        with urllib.request.urlopen(base + path, timeout=10) as r:
            status, body, ctype = r.status, r.read().decode("utf-8"), r.headers["Content-Type"]
    except urllib.error.HTTPError as e:
        status, body, ctype = e.code, e.read().decode("utf-8"), e.headers["Content-Type"]
    check(status == expect, f"GET {path}: {status}, expected {expect}:\n{body[:500]}")
    return body, ctype


def api(base, path, expect=200):
    body, ctype = fetch(base, "/api" + path, expect)
    check(ctype == "application/json", f"/api{path} is JSON: {ctype}")
    return json.loads(body)


def play_one(c):
    c.say(BOT_NICK, "hint")
    hint = c.wait_msg(r"^Hint: ", sender=BOT_NICK, what="a hint")
    m = HINT_RX.search(hint.plain)
    action = m.group(1) if m else "deal"
    c.say(BOT_NICK, action)
    c.collect(BOT_NICK, quiet=0.5, what=f"the answer to {action}")
    return action


def raw_status(port, request):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(request)
        data = b""
        while True:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    return int(data[9:12]) if data.startswith(b"HTTP/1.") else 0


def test(h):
    h.start_ngircd()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    bot = h.start_bot(h.bot_config(web={"listen": f"127.0.0.1:{port}"}))
    h.wait_log(bot, r"web pages on http://127\.0\.0\.1:%d/" % port)
    sp = h.client(NICK, **SOURCE)
    sp.join(CHANNEL)
    h.wait_bot_in_channel(sp)

    first = api(base, "/")
    check(first["open"] == [] and first["recent"] == [], f"an empty database: {first}")

    sp.say(BOT_NICK, "spider new 1")
    deal = STATUS_RX.search(sp.wait_msg(STATUS_RX.pattern, sender=BOT_NICK,
                                        what="the Spider game").plain).group(1)
    sp.collect(BOT_NICK, quiet=0.5, what="the new board")
    moves = [play_one(sp) for _ in range(3)]

    # Under way: listed, with its moves counted, and nothing of the game shown.
    now = api(base, "/")
    check(len(now["open"]) == 1 and now["open"][0]["game"] == "spider",
          f"the game is listed under way: {now['open']}")
    gid = now["open"][0]["id"]
    running = api(base, f"/game/{gid}")
    check(running["status"] == "open" and running["moves"] >= 3,
          f"the running game's moves are counted: {running}")
    check("journal" not in running and "steps" not in running and "deal" not in running,
          f"a game under way shows no moves, board or deal: {sorted(running)}")
    page, _ = fetch(base, f"/game/{gid}")
    check(deal not in page and "1:[" not in page, "the running game's page shows no board")

    sp.say(BOT_NICK, "resign")
    sp.wait_msg(r"^You resigned deal", sender=BOT_NICK, what="the resignation")
    h.sleep(0.5)

    # Ended: everything.
    now = api(base, "/")
    check(now["open"] == [] and [g["id"] for g in now["recent"]] == [gid],
          f"the game is among the finished ones: {now}")
    ended = api(base, f"/game/{gid}")
    check(ended["deal"] == deal, f"the deal is shown once ended: {ended.get('deal')} vs {deal}")
    check(ended["rebuilt"] and len(ended["steps"]) == len(ended["journal"]) + 1,
          f"every move and each step: {ended.get('rebuild_error')}")
    actions = [m["action"] for m in ended["journal"]]
    check(len(actions) == len(moves) + 1 and actions[-1] == "resign",
          f"the journal holds the moves played and the resignation: {actions} ({moves})")
    check(any(line.startswith("1:[") for line in ended["steps"][-1]["view"]),
          f"the last step shows the piles: {ended['steps'][-1]['view']}")
    player = ended["players"][0]
    check(player["nick"] == NICK and player["person"] > 0, f"the player: {player}")
    page, _ = fetch(base, f"/game/{gid}")
    check("s[p]" in page and "ArrowRight" in page and "Every move" in page,
          "the page has the step-through and the moves")

    top = api(base, "/top/spider")
    one = [v for v in top["variants"] if v["variant"] == "1suit"][0]
    check([(l["nick"], l["games"], l["person"]) for l in one["ladder"]] ==
          [(NICK, 1, player["person"])], f"the 1-suit ladder: {one['ladder']}")
    page, _ = fetch(base, "/top/spider")
    check(f'href="/player/{player["person"]}"' in page, "the ladder links to the player")

    pid = player["person"]
    person = api(base, f"/player/{pid}")
    check(person["nick"] == NICK and [g["id"] for g in person["recent"]] == [gid],
          f"the player's page lists the game: {person}")
    for path in ["/", "/top/spider", f"/player/{pid}", f"/game/{gid}"]:
        for p in [path, "/api" + path]:
            body, _ = fetch(base, p)
            check("127.0.0.7" not in body and "webby" not in body,
                  f"{p} shows no user@host")

    # An Exordia8 table: the seal while it runs, the deal and the moves once it has ended.
    ann = h.client("ann")
    ann.join(CHANNEL)
    h.wait_bot_in_channel(ann)
    ann.skip()
    ann.say(CHANNEL, "!e8")
    ann.wait_msg(r"(?i)exordia8", sender=BOT_NICK, what="the table opens")
    ann.say(CHANNEL, "!bot")
    h.sleep(0.5)
    ann.say(CHANNEL, "!start")
    sealed = ann.wait_msg(r"The deal is sealed: sha256 ([0-9a-f]{64})", sender=BOT_NICK,
                          what="the sealed deal")
    seal = re.search(r"sha256 ([0-9a-f]{64})", sealed.plain).group(1)
    hand = ann.wait_msg(r"(?i)your hand", sender=BOT_NICK, target="ann", what="ann's hand")
    cards = re.findall(r"\d+:(\S+?)[\s,.]", hand.plain + " ")
    check(len(cards) >= 3, f"ann's hand: {hand.plain}")
    table = [g for g in api(base, "/")["open"] if g["game"] == "exordia8"]
    check(len(table) == 1 and table[0]["place"] == CHANNEL, f"the table under way: {table}")
    tid = table[0]["id"]
    running = api(base, f"/game/{tid}")
    check(running["seal"] == seal and "deal" not in running and "hands" not in running,
          f"the running table shows the seal and hides the deal: {sorted(running)}")
    page, _ = fetch(base, f"/game/{tid}")
    check(seal in page and "Your hand" not in page and
          not any(f"1:{cards[0]} 2:{cards[1]}" in p for p in (page, json.dumps(running))),
          "the running table's page has the seal and not ann's hand")
    ann.say(CHANNEL, "!leave")
    told = ann.wait_msg(r"The sealed deal was (\d+)", sender=BOT_NICK, what="the deal told",
                        timeout=30)
    deal8 = re.search(r"The sealed deal was (\d+)", told.plain).group(1)
    h.sleep(0.5)
    ended = api(base, f"/game/{tid}")
    check(ended["status"] != "open" and ended["deal"] == deal8 and ended["seal"] == seal,
          f"the ended table shows the deal told: {ended.get('status')} {ended.get('deal')}")
    check(hashlib.sha256(deal8.encode()).hexdigest() == seal, "the seal is the deal's SHA-256")
    check(ended["rebuilt"] and len(ended["steps"]) == len(ended["journal"]) + 1
          and ended["journal"], f"the table's moves: {ended.get('rebuild_error')}")
    page, _ = fetch(base, f"/game/{tid}")
    check("crypto.subtle.digest" in page and deal8 in page, "the page checks the seal")

    # Wrong requests.
    fetch(base, "/game/999999", 404)
    fetch(base, "/game/abc", 400)
    fetch(base, "/api/player/0", 404)
    fetch(base, "/top/nosuch", 404)
    check(raw_status(port, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n") == 405,
          "POST is refused")
    check(raw_status(port, b"GET / HTTP/1.1\r\nX: " + b"a" * 9000 + b"\r\n\r\n") == 431,
          "overlong headers are refused")

    h.stop_bot(bot)
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
        check(False, "the web port still accepts after the bot stopped")
    except OSError:
        pass
    print(f"game {gid}, deal {deal}, {len(actions)} moves, player {pid}")


run_test("web", test, timeout=150)
