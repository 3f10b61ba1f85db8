# SPDX-License-Identifier: GPL-3.0-or-later
"""The web pages in a real browser (issue 30, docs/WEB.md): a headless Chromium, driven over
the DevTools protocol (tests/e2e/web_browser.py), on the pages of games played through a
real ngircd by python3-irc clients.

Played first: `sp` a Spider game of a few moves by the bot's hint, then resigned; `ann` an
Exordia8 table with a computer player, where she draws three times and leaves (its deal told: the seal can be
checked); `ann` and `ben` an Adventurer Factory duel, which ben gives up; and, in the channel
`#<script>x`, an Exordia8 table of ann and a computer player left running. Then Chromium:

- the Spider game's page steps through its moves with the keys (ArrowRight, ArrowLeft; not
  with Alt or Ctrl held, not Home or End) and the buttons (clicked with the mouse): at each step the caption and the board are
  the /api/ JSON's step, and the board is the one sp was shown on IRC after that move;
- the Exordia8 game's page checks the seal with WebCrypto and says it matches; a screenshot
  of it is kept (CROUPIER_E2E_OUTPUT, default ./e2e-output: web-game.png);
- the duel's page shows the hands at the end and steps to its last move;
- the running duel's page (taken while it ran) and the running table's page show no hand
  and no board;
- the `#<script>x` channel stays text on the first page and its table's page: no script
  element more than a page of a plain channel has, the literal name shown;
- the channels' pages (issue 46): the front page's place of the `#<script>x` table is a link,
  clicked, to that channel's page, which lists the table under way and shows the name as
  text (no script element); the search box at the top of a page, typed into and sent (a
  plain form: its button clicked), finds ann and links to her page;
- every page (the channels', the search, a filter and their slips too) fits a 360 px phone
  and a 1280 px window without a sideways scroll
  (document.documentElement.scrollWidth <= innerWidth); screenshots of the Exordia8 game at
  both are kept (web-phone.png, web-wide.png).

Chromium is killed with its process group at the end, whatever happens."""

import json
import os
import re
import time
import urllib.parse

from harness import BOT_NICK, CHANNEL, check, free_port, run_test
from web_browser import Browser

ODD = "#<script>x"  # a channel name holding markup: the pages must keep it text
OUTPUT = os.environ.get("CROUPIER_E2E_OUTPUT", os.path.join(os.getcwd(), "e2e-output"))
HINT_RX = re.compile(r"^Hint: (move \d+ \d+ \d+)")
STATUS_RX = re.compile(r"^Spider 1 suit, deal (\d+) \| ")
PILE_RX = re.compile(r"(\d+): \[(\d+)\] ([^|]+?) (?=\| |score)")


def api(base, path):
    import urllib.request
    with urllib.request.urlopen(base + "/api" + path, timeout=10) as r:
        return json.loads(r.read().decode("utf-8"))


def squash(text):
    return " ".join(text.split())


def spider_game(h, sp):
    """A Spider game: three moves by the hint, then resigned. Returns, for each move, its
    action and the lines sp was shown after it (formatting stripped)."""
    sp.say(BOT_NICK, "spider new 1")
    sp.wait_msg(STATUS_RX.pattern, sender=BOT_NICK, what="the Spider game")
    sp.collect(BOT_NICK, quiet=0.5, what="the new board")
    played = []
    for _ in range(3):
        sp.say(BOT_NICK, "hint")
        hint = sp.wait_msg(r"^Hint: ", sender=BOT_NICK, what="a hint")
        m = HINT_RX.search(hint.plain)
        action = m.group(1) if m else "deal"
        sp.skip()
        sp.say(BOT_NICK, action)
        shown = sp.collect(BOT_NICK, quiet=0.5, what=f"the answer to {action}")
        played.append((action, [x.plain for x in shown]))
    sp.say(BOT_NICK, "resign")
    sp.wait_msg(r"^You resigned deal", sender=BOT_NICK, what="the resignation")
    return played


# ann's next turn (a private line with her hand), or the table's end when the computer went
# out first (the channel's line telling the sealed deal).
TURN_OR_END = r"(?i)your (turn|hand)|the sealed deal was \d+"


def exordia8_table(h, ann, channel):
    """An Exordia8 table of ann and a computer player in `channel`, dealt. Returns the seal
    and ann's hand (the card names)."""
    ann.skip()
    ann.say(channel, "!e8")
    ann.wait_msg(r"(?i)exordia8", sender=BOT_NICK, target=channel, what="the table opens")
    ann.say(channel, "!bot")
    h.sleep(0.3)
    ann.say(channel, "!start")
    sealed = ann.wait_msg(r"The deal is sealed: sha256 ([0-9a-f]{64})", sender=BOT_NICK,
                          what="the sealed deal")
    hand = ann.wait_msg(r"(?i)your hand", sender=BOT_NICK, target="ann", what="ann's hand")
    cards = re.findall(r"\d+:(\S+?)[\s,.]", hand.plain + " ")
    check(len(cards) >= 3, f"ann's hand: {hand.plain}")
    return re.search(r"sha256 ([0-9a-f]{64})", sealed.plain).group(1), cards


def vcg_first_bid(h, base, ann, ben):
    """A VCG duel of ann and ben in the channel, whose first player has bid 7 potions on
    their first card (in private). Returns its id and ((client, nick) first, (client, nick)
    second)."""
    ann.skip()
    ben.skip()
    ann.say(CHANNEL, "!vcg challenge ben")
    ann.wait_msg(r"challenges ben", sender=BOT_NICK, target=CHANNEL, what="the VCG challenge")
    ben.say(CHANNEL, "!vcg accept")
    start = ann.wait_msg(r"(\w+) plays first", sender=BOT_NICK, target=CHANNEL,
                         what="the VCG duel starts")
    who = re.search(r"(\w+) plays first", start.plain).group(1)
    first, second = ((ann, "ann"), (ben, "ben")) if who == "ann" else ((ben, "ben"), (ann, "ann"))
    first[0].say(BOT_NICK, "play 1 7")
    first[0].wait_msg(r"with 7 potions", sender=BOT_NICK, target=first[1], what="the first bid")
    second[0].wait_msg(rf"{first[1]} plays ", sender=BOT_NICK, target=CHANNEL,
                       what="the first card told")
    return open_game(base, "vcg", CHANNEL), (first, second)


def open_game(base, game, place):
    games = [g for g in api(base, "/")["open"] if g["game"] == game and g["place"] == place]
    check(len(games) == 1, f"one {game} game under way at {place}: {games}")
    return games[0]["id"]


def test(h):
    h.start_ngircd()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    bot = h.start_bot(h.bot_config(
        web={"listen": f"127.0.0.1:{port}"},
        net={"channels": f"{CHANNEL}, {ODD}", "flood_burst": 50, "flood_rate": 50},
        limits={"user_burst": 30, "user_rate": 10}))
    h.wait_log(bot, r"web pages on http://127\.0\.0\.1:%d/" % port)
    sp, ann, ben = h.client("sp"), h.client("ann"), h.client("ben")
    for c in (ann, ben):
        c.join(CHANNEL)
        h.wait_bot_in_channel(c)
    ann.join(ODD)
    h.wait_bot_in_channel(ann, ODD)

    # --- the games, on IRC ------------------------------------------------------------
    played = spider_game(h, sp)
    spider = api(base, "/")["recent"][0]
    check(spider["game"] == "spider", f"the Spider game ended: {spider}")
    sid = spider["id"]

    seal, _ = exordia8_table(h, ann, CHANNEL)
    tid = open_game(base, "exordia8", CHANNEL)
    told = None
    for _ in range(3):  # a few turns (ann draws, the computer plays): the page has moves
        ann.skip()
        ann.say(CHANNEL, "!draw")
        got = ann.wait_msg(TURN_OR_END, sender=BOT_NICK, what="ann's turn again (or the end)")
        if "sealed deal was" in got.plain:  # the computer went out first: the deal is random
            print("exordia8: the computer went out first")
            told = got
            break
    if told is None:
        ann.say(CHANNEL, "!leave")
        told = ann.wait_msg(r"The sealed deal was (\d+)", sender=BOT_NICK,
                            what="the deal told", timeout=30)
    deal8 = re.search(r"The sealed deal was (\d+)", told.plain).group(1)

    ann.skip()
    ben.skip()
    ann.say(CHANNEL, "!af challenge ben")
    ann.wait_msg(r"challenges ben", sender=BOT_NICK, target=CHANNEL, what="the challenge")
    ben.say(CHANNEL, "!af accept")
    ann.wait_msg(r"meets ben \(", sender=BOT_NICK, target=CHANNEL, what="the duel starts")
    hands = {}
    for n, c in (("ann", ann), ("ben", ben)):
        hand = c.wait_msg(r"^Your hand", sender=BOT_NICK, target=n, what=f"{n}'s hand")
        hands[n] = re.findall(r"([A-Z][A-Za-z' ]+?) \d\*?[,.]", hand.plain.split(":", 1)[1])
        check(len(hands[n]) >= 3, f"{n}'s hand: {hand.plain}")
    did = open_game(base, "adventurer", CHANNEL)
    h.sleep(0.3)

    # --- the browser --------------------------------------------------------------------
    browser = Browser(h)
    try:
        page = browser.page()

        # A running duel: its page has no hand, no board, no step-through.
        page.open(f"{base}/game/{did}")
        text = page.eval("document.body.innerText")
        check("under way" in text and "ann" in text and "ben" in text,
              f"the running duel's page: {text[:400]}")
        for n, cards in hands.items():
            for card in cards:
                check(card not in text, f"the running duel's page shows {n}'s {card}")
        check(page.eval("document.getElementById('view') === null"),
              "a running game has no step-through")
        ben.say(CHANNEL, "!leave")
        ann.wait_msg(r"ben gives up", sender=BOT_NICK, target=CHANNEL, what="ben gives up")

        # The Spider game, step by step.
        game = api(base, f"/game/{sid}")
        steps = game["steps"]
        check(len(steps) == len(played) + 2, f"{len(played)} moves, a resignation, the deal: "
              f"{len(steps)} steps")
        page.open(f"{base}/game/{sid}")
        caption = "document.getElementById('step').textContent"
        board = "document.getElementById('view').textContent"

        def at(i, how):
            want_caption = ("The deal" if i == 0 else
                            f"Move {i} of {len(steps) - 1}: sp {steps[i]['text']}")
            want_caption += "".join("\n" + s for s in steps[i]["said"])
            page.wait_for(f"{caption} === {json.dumps(want_caption)}",
                          f"step {i} after {how}: caption {want_caption!r}, "
                          f"shown {page.eval(caption)!r}")
            shown = page.eval(board)
            check(shown == "\n".join(steps[i]["view"]),
                  f"step {i} after {how}: the board is the JSON's step:\n{shown}")
            return shown

        def like_irc(i, shown):
            # What sp was told on IRC after move i is the step's caption, and each pile it
            # named ("3: [4] 7♠ 6♠") is that pile on the step's board ("3:[4] 7♠ 6♠").
            told = played[i - 1][1]
            check(steps[i]["said"] == told and page.eval(caption).endswith("\n".join(told)),
                  f"move {i}: the caption is what IRC showed: {steps[i]['said']} vs {told}")
            piles = PILE_RX.findall(" ".join(told))
            check(piles or played[i - 1][0] == "deal",
                  f"move {i}: IRC named the piles moved: {told}")
            for n, k, cards in piles:
                check(f"{n}:[{k}] {cards.strip()}" in shown,
                      f"move {i}: pile {n} as IRC showed it ([{k}] {cards}) on the board:\n{shown}")

        at(len(steps) - 1, "opening the page")
        page.click("first")
        at(0, "a click on |◀")
        # Alt+Left/Right are the browser's back and forward, Ctrl+arrows and Home/End
        # scroll: none of them steps.
        page.key("ArrowRight", modifiers=1)
        page.key("ArrowRight", modifiers=2)
        page.key("End")
        h.sleep(0.2)
        at(0, "Alt+ArrowRight, Ctrl+ArrowRight and End (no step)")
        page.click("next")
        page.click("next")
        like_irc(2, at(2, "two clicks on ▶"))
        page.key("ArrowRight")
        like_irc(3, at(3, "ArrowRight"))
        page.key("ArrowLeft")
        at(2, "ArrowLeft")
        page.click("prev")
        at(1, "a click on ◀")
        page.click("last")
        at(len(steps) - 1, "a click on ▶|")
        page.click("first")
        at(0, "a click on |◀")
        page.click("last")
        at(len(steps) - 1, "a click on ▶|")
        # Each move has an address: /game/N#m2 opens at move 2; a move's link steps to it.
        page.open(f"{base}/")  # (from the same page, only the fragment would change)
        page.open(f"{base}/game/{sid}#m2")
        at(2, "opening /game/N#m2")
        page.click(None, selector="#m1 a")
        at(1, "a click on move 1 in the list")

        # The Exordia8 table: the seal checked in the browser, and the screenshot.
        page.open(f"{base}/game/{tid}")
        verdict = page.wait_for(
            "document.getElementById('check').className && "
            "document.getElementById('check').textContent", "the seal's check has run")
        check(page.eval("document.getElementById('check').className") == "ok" and
              f"SHA-256 of {deal8} is the seal shown at the start" in verdict,
              f"the browser finds the seal matches: {verdict}")
        check(seal in page.eval("document.body.innerText"), "the page shows the seal")
        # Its moves in the game's notation: ann drew three times, the computer played cards.
        listed = page.eval("Array.from(document.querySelectorAll('ol.moves li a'))"
                           ".map(function (a) { return a.textContent; })")
        journal8 = api(base, f"/game/{tid}")["journal"]
        check(listed == [f"{m['nick']} {m['text']}" for m in journal8],
              f"the moves as the JSON writes them: {listed}")
        check(sum(1 for m in listed if m.startswith("ann draws")) >= 3 and
              any(re.search(r" plays \S*[♠♥♦♣]| plays Joker", m) for m in listed) and
              not any(re.search(r"^\S+ (play|draw)\b", m) for m in listed),
              f"the moves read 'ann draws', '... plays 7♣', never the commands: {listed}")
        # The screenshot at a step in the middle of the game (as docs/web-game.png shows it).
        moves8 = len(api(base, f"/game/{tid}")["journal"])
        page.click("first")
        for _ in range(moves8 // 2):
            page.key("ArrowRight")
        page.wait_for(f"{caption}.startsWith('Move {moves8 // 2} of {moves8}:')",
                      f"the Exordia8 game at move {moves8 // 2}")
        os.makedirs(OUTPUT, exist_ok=True)
        shot = page.screenshot(os.path.join(OUTPUT, "web-game.png"), width=900, height=1000)
        check(os.path.getsize(shot) > 10000, f"a screenshot was taken: {shot}")

        # The duel, ended: the hands at the end, and its steps.
        duel = api(base, f"/game/{did}")
        check(duel["status"] != "open" and duel["rebuilt"], f"the duel ended: {duel['status']}")
        page.open(f"{base}/game/{did}")
        text = page.eval("document.body.innerText")
        check("Hands at the end" in text and all(h_["nick"] in text for h_ in duel["hands"]),
              "the ended duel shows the hands")
        check(page.eval(board) == "\n".join(duel["steps"][-1]["view"]),
              "the ended duel's last step is shown")

        # A running table in #<script>x: no hand, and the name stays text.
        _, cards = exordia8_table(h, ann, ODD)
        oid = open_game(base, "exordia8", ODD)
        page.open(f"{base}/game/{sid}")
        scripts = page.eval("document.querySelectorAll('script').length")
        page.open(f"{base}/game/{oid}")
        text = page.eval("document.body.innerText")
        check(ODD in text, f"the channel's name is shown as text: {text[:300]}")
        check(page.eval("document.querySelectorAll('script').length") == scripts,
              "no script element injected by the channel's name")
        check(page.eval("document.querySelectorAll('body script:not([id])').length") == 2,
              "the page's own scripts: the game's and the times'")
        check("Your hand" not in text and f"1:{cards[0]} 2:{cards[1]}" not in text and
              not all(c in text for c in cards),
              f"the running table's page shows no hand: {text[:500]}")
        check(page.eval("document.getElementById('view') === null"),
              "the running table has no step-through")

        # Live: the table's public view on its page; four moves on IRC, each on the page
        # within 2 s of IRC telling it, without a reload, and no hand in the DOM at any time.
        live = "document.getElementById('live')"
        check(page.eval(f"{live} !== null && document.getElementById('live-view')"
                        ".textContent.length > 0"), "the running table's page shows the table")
        page.eval("window.__same_page = 1")
        i = tables = 0
        while i < 4:
            ann.skip()
            ann.say(ODD, "!draw")
            told = ann.wait_msg(TURN_OR_END, sender=BOT_NICK, what="ann's turn again (or the end)")
            if "sealed deal was" in told.plain:
                # The computer went out before four moves were seen (the deal is random): a
                # new table, its page opened, and the moves counted from there.
                tables += 1
                check(tables <= 5, "five tables in a row ended before four moves")
                print("live: the computer went out first; a new table")
                exordia8_table(h, ann, ODD)
                oid = open_game(base, "exordia8", ODD)
                page.open(f"{base}/game/{oid}")
                page.eval("window.__same_page = 1")
                continue
            at_irc = time.monotonic()
            hand = re.findall(r"\d+:(\S+?)[\s,.]", told.plain + " ")
            moves = api(base, f"/game/{oid}")["moves"]
            page.wait_for(f"+{live}.getAttribute('data-moves') >= {moves}",
                          f"move {i + 1} ({moves} moves) on the page", timeout=2)
            took = time.monotonic() - at_irc
            check(took <= 2, f"move {i + 1} on the page {took:.2f} s after IRC")
            check(page.eval("window.__same_page") == 1, f"move {i + 1}: the page was not reloaded")
            dom = page.eval("document.documentElement.outerHTML")
            check("Your hand" not in dom and (not hand or not all(c in dom for c in hand)),
                  f"move {i + 1}: no hand in the page: {hand}")
            last = page.eval("Array.from(document.querySelectorAll('#live-moves li'))"
                             ".map(function (l) { return l.textContent; })")
            check(last and any(n in last[-1] for n in ("ann", BOT_NICK, "bot", "computer")) and
                  len(last[-1].split(" ", 1)) == 2, f"move {i + 1}: the last moves: {last}")
            print(f"live: move {i + 1} ({moves} moves) on the page {took * 1000:.0f} ms after "
                  f"IRC")
            i += 1
        live_shot = page.screenshot(os.path.join(OUTPUT, "web-live-phone.png"), width=360,
                                    mobile=True)
        check(page.overflow() == 0, "the live game's page fits 360 px")
        page.viewport(1280, 800)
        page.open(f"{base}/")
        check(ODD in page.eval("document.body.innerText"), "the first page lists #<script>x")
        check(page.eval("document.querySelectorAll('script').length") == 2,
              "the first page has its own two scripts (the games under way, the times), none "
              "injected")

        # The first page's games under way, live: a move on IRC changes the table's count of
        # moves on it within 2 s, without a reload.
        page.eval("window.__same_page = 1")
        for _ in range(5):
            ann.skip()
            ann.say(ODD, "!draw")
            told = ann.wait_msg(TURN_OR_END, sender=BOT_NICK, what="ann's turn again (or the end)")
            if "sealed deal was" not in told.plain:
                break
            # The computer went out (the deal is random): a new table, the first page again.
            print("live: the computer went out first; a new table for the first page")
            exordia8_table(h, ann, ODD)
            oid = open_game(base, "exordia8", ODD)
            page.open(f"{base}/")
            page.eval("window.__same_page = 1")
        else:
            check(False, "five tables in a row ended at once")
        at_irc = time.monotonic()
        row = (f"Array.from(document.querySelectorAll('main tr')).filter(function (r) {{ "
               f"return r.querySelector('a') && r.querySelector('a').textContent === '#{oid}'; }})")
        moves = api(base, f"/game/{oid}")["moves"]
        page.wait_for(f"{row}.length === 1 && {row}[0].querySelector('td.n').textContent === "
                      f"'{moves}'", f"the first page shows {moves} moves of #{oid}", timeout=2)
        check(page.eval("window.__same_page") == 1, "the first page was not reloaded")
        print(f"live: the first page shows move {moves} {time.monotonic() - at_irc:.2f} s after "
              f"IRC")
        # Times: <time> elements with UTC on hover, their text the reader's zone.
        stamp = page.eval("(function (t) { return [t.getAttribute('datetime'), t.title, "
                          "t.textContent]; })(document.querySelector('main time'))")
        check(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", stamp[0]) and
              re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", stamp[1]) and
              stamp[1] == stamp[0][:10] + " " + stamp[0][11:16] + " UTC",
              f"a time's datetime and UTC title: {stamp}")
        check(not stamp[2].endswith("UTC") and ("ago" in stamp[2] or "just now" in stamp[2]),
              f"a recent time in the reader's zone, and how long ago: {stamp}")

        # A VCG duel watched live mid-round: the first card's potions (a secret bid) are
        # nowhere on the page until the other has played and the battle tells them.
        vid, bids = vcg_first_bid(h, base, ann, ben)
        page.open(f"{base}/game/{vid}")
        page.wait_for("+document.getElementById('live').getAttribute('data-moves') >= 1",
                      "the duel's page has its first bid")
        page.eval("window.__same_page = 1")
        first, second = bids
        dom = page.eval("document.documentElement.outerHTML")
        check("7 potions" not in dom and "5 potions left" not in dom,
              "the first bid's potions are not on the page before the round reveals them")
        check("7 potions" not in json.dumps(api(base, f"/game/{vid}")),
              "nor in its JSON")
        second[0].say(BOT_NICK, "play 1 1")
        second[0].wait_msg(r"^Battle 1:", sender=BOT_NICK, target=CHANNEL, what="battle 1")
        page.wait_for("document.getElementById('live-moves').textContent.indexOf('(7 potions)')"
                      " >= 0", "the battle, revealing the bids, on the page", timeout=2)
        check(page.eval("window.__same_page") == 1, "the duel's page was not reloaded")
        first[0].say(CHANNEL, "!vcg leave")
        first[0].wait_msg(r"gives up: .* wins the duel", sender=BOT_NICK, target=CHANNEL,
                          what="the duel's end")

        # A channel's page, reached by its link on the first page: the table under way there
        # is listed, the name is text.
        network = api(base, f"/game/{oid}")["network"]
        odd_page = f"/channel/{urllib.parse.quote(network, safe='')}/" + \
            urllib.parse.quote(ODD, safe="")
        page.open(f"{base}/")
        # The first page as it stands once the duel has ended (a live page redraws its rows),
        # then its link clicked.
        duel_row = (f"Array.from(document.querySelectorAll('main tr')).filter(function (r) {{ "
                    f"return r.querySelector('a') && r.querySelector('a').textContent === "
                    f"'#{vid}'; }})")
        odd_link = f"a[href='{odd_page}']"
        page.wait_for(f"{duel_row}.length === 0 && !!document.querySelector("
                      f"{json.dumps(odd_link)})",
                      "the first page without the ended duel, with the channel's link")
        page.click(None, odd_link)
        page.wait_for(f"location.pathname === {json.dumps(odd_page)}", "the channel's page")
        page.wait_for("document.readyState === 'complete'", "the channel's page loaded")
        check(page.eval("document.querySelector('h1').textContent") == ODD,
              "the channel's page is titled by its name, as text")
        times = 1 if page.eval("!!document.querySelector('time')") else 0
        check(page.eval("document.querySelectorAll('script').length") == times,
              "the channel's page has no script but its times', none injected")
        check(page.eval(f"!!document.querySelector('a[href=\"/game/{oid}\"]')"),
              "the channel's page links its table under way")
        # The search box: typed into and sent with its button (a mouse click), as a person
        # does; a plain form.
        page.eval("document.querySelector('header input[name=q]').focus()")
        page.call("Input.insertText", text="ANN")
        page.click(None, "header button")
        page.wait_for("location.pathname === '/players' && document.readyState === "
                      "'complete'", "the search's page")
        check(page.eval("location.search") == "?q=ANN", "the form sent q=ANN")
        ann_id = api(base, "/players?q=ann")["found"][0]["id"]
        check(page.eval(f"!!document.querySelector('main a[href=\"/player/{ann_id}\"]')"),
              "the search found ann and links to her page")

        # Phones first: every page fits 360 px (a phone, as Chromium's device metrics make
        # one) and 1280 px without a sideways scroll; a screenshot of the game at both.
        person = next(s_["person"] for s_ in api(base, f"/game/{tid}")["players"]
                      if s_["person"] > 0)
        pages = ["/", "/top/spider", "/top/exordia8", "/top/adventurer", f"/player/{person}",
                 f"/game/{sid}", f"/game/{tid}", f"/game/{did}", f"/game/{oid}", "/events",
                 "/game/99999", "/nowhere", odd_page, f"/channel/{network}/" +
                 CHANNEL.lstrip("#"), "/players?q=an", "/players?q=a", "/?game=spider",
                 f"/player/{person}?game=exordia8", "/?page=9", "/channel/x/y"]
        for width, mobile in ((360, True), (1280, False)):
            page.viewport(width, 800, mobile)
            for path in pages:
                page.open(base + path)
                check(page.eval("window.innerWidth") == width,
                      f"{path}: the window is {width} px: {page.eval('window.innerWidth')}")
                wider = page.overflow()
                check(wider == 0, f"{path} at {width} px scrolls sideways by {wider} px")
        page.open(f"{base}/game/{tid}")
        phone = page.screenshot(os.path.join(OUTPUT, "web-phone.png"), width=360, mobile=True)
        wide = page.screenshot(os.path.join(OUTPUT, "web-wide.png"), width=1280)
        check(page.overflow() == 0, "the game page fits 1280 px")
        page.viewport(360, 800, True)
        page.open(f"{base}/")
        check(page.eval("getComputedStyle(document.querySelector('table.rows td')).display")
              == "block", "at 360 px the first page's table rows are stacked")
    finally:
        browser.close()
    check(not browser.proc.alive(), "chromium is gone")
    h.stop_bot(bot)
    print(f"spider {sid}, exordia8 {tid} (deal {deal8}), duel {did}, running {oid}; "
          f"screenshots {shot}, {phone}, {wide}, {live_shot}")


run_test("web_browser", test, timeout=180)
