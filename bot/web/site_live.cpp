// SPDX-License-Identifier: GPL-3.0-or-later
// A game under way, as its channel sees it (docs/WEB.md, "Live games"): the public view the
// page shows and the server's live stream sends after each move (bot/web/live.cpp).
#include <algorithm>

#include <fmt/format.h>

#include "bot/strings.hpp"
#include "bot/web/page.hpp"
#include "bot/web/places.hpp"
#include "bot/web/site.hpp"

namespace croupier::bot::web {

namespace {

constexpr std::size_t kLastMoves = 8;  // the moves shown with what the channel was told
constexpr int kOpenListed = 500;       // games under way on the first page (site.cpp's too)

std::vector<std::string> channel_lines(const std::vector<Out>& out) {
    std::vector<std::string> lines;
    for (const auto& o : out)
        if (o.to == Out::To::Table) lines.push_back(strip_formatting(o.text));
    return lines;
}

Value text_array(const std::vector<std::string>& lines) {
    Value a = Value::array();
    for (const auto& l : lines) a.push(l);
    return a;
}

}  // namespace

bool is_channel(std::string_view place) {
    return !place.empty() && std::string_view("#&+!").find(place.front()) != std::string_view::npos;
}

std::int64_t Site::data_version() const {
    return db_.data_version();
}

std::string Site::live_mark(std::int64_t id) const {
    if (id == 0) {  // the first page's games under way: which, and their moves
        std::string mark = "games";
        for (const auto& g : db_.open_games(kOpenListed))
            mark += fmt::format(" {}:{}", g.game.id, g.moves);
        return mark;
    }
    const auto w = db_.game(id);
    if (!w) return "gone";
    return fmt::format("{}:{}", w->game.status, w->moves);
}

std::optional<Value> Site::live(std::int64_t id) const {
    if (id == 0) {  // the first page's games under way, as the first page lists them
        Value v = Value::object();
        Value& open = v.set("open", Value::array());
        for (const auto& g : db_.open_games(kOpenListed)) open.push(game_line(g));
        return v;
    }
    const auto w = db_.game(id);
    if (!w) return std::nullopt;
    const auto& g = w->game;
    auto setup = GameSetup::deserialise(g.setup);
    // Only a game in a channel: a private game's board is its player's alone while it runs,
    // and a daily deal's stays sealed until its day is over.
    if (!is_channel(g.place) || !setup || setup->options.count("daily") != 0) return std::nullopt;
    Value v = Value::object();
    v.set("id", static_cast<long long>(g.id));
    v.set("status", g.status);
    v.set("ended", g.status != "open");
    v.set("moves", static_cast<long long>(w->moves));
    if (g.status != "open") return v;  // the page, reloaded, shows the whole game
    const GameKind* k = find_kind(kinds_, g.kind);
    if (!k) return v;
    setup->game_id = id;
    auto nick = [&](int seat) -> std::string {
        if (seat < 0) return "(the clock)";
        if (static_cast<std::size_t>(seat) < setup->players.size())
            return setup->players[static_cast<std::size_t>(seat)];
        return fmt::format("seat {}", seat);
    };
    // Rebuilt through the game as an ended game is (Site::game): only what went to the table,
    // never a move's own words (a duel's bid is in them) nor a seat's lines (hands).
    Value last = Value::array();
    std::vector<Value> moves;
    try {
        auto game = k->create(*setup);
        long long n = 0;
        for (const auto& e : db_.journal(id)) {
            const auto [cmd, args] = split_command(e.action);
            const Checked<Outcome> o = game->act(e.seat, cmd, args);
            if (!o) break;
            Value m = Value::object();
            m.set("n", ++n);
            m.set("nick", nick(e.seat));
            m.set("said", text_array(told_lines(*o)));
            moves.push_back(std::move(m));
            if (moves.size() > kLastMoves) moves.erase(moves.begin());
        }
        v.set("view", text_array(channel_lines(game->show_table())));
        Value turn = Value::array();
        if (!game->finished())
            for (int s : game->awaited()) turn.push(nick(s));
        v.set("turn", std::move(turn));
    } catch (const std::exception&) {
        return v;
    }
    for (auto& m : moves) last.push(std::move(m));
    v.set("last", std::move(last));
    // Those who said `set web hide` are named nowhere, here neither (site_places.cpp).
    std::vector<std::string> hidden;
    players_of(g, &hidden);
    return hidden.empty() ? v : hide_nicks(v, hidden);
}

}  // namespace croupier::bot::web

namespace croupier::bot::web {

std::string live_html(const std::string& base, const Value& live) {
    const long long id = live["id"].integer();
    std::string out = fmt::format(
        "<section id=\"live\" data-stream=\"{}\" data-moves=\"{}\"><h2>At the table now</h2>"
        "<p id=\"live-turn\">",
        html(fmt::format("{}/live/game/{}", base, id)), live["moves"].integer());
    std::string turn;
    for (const auto& n : live["turn"].items()) turn += (turn.empty() ? "" : ", ") + n.str();
    out += html(turn.empty() ? std::string() : "Waiting for " + turn + ".");
    out += "</p><pre id=\"live-view\">";
    std::string view;
    for (const auto& l : live["view"].items()) view += (view.empty() ? "" : "\n") + l.str();
    out += html(view) + "</pre><h3>The last moves</h3><ol id=\"live-moves\">";
    for (const auto& m : live["last"].items()) {
        std::string said;
        for (const auto& l : m["said"].items()) said += (said.empty() ? "" : " ") + l.str();
        out += fmt::format("<li value=\"{}\"><b>{}</b> {}</li>", m["n"].integer(),
                           html(m["nick"].str()), html(said));
    }
    out +=
        "</ol><p class=\"muted\" id=\"live-state\">Updated as it is played (the moves, hands and "
        "deal are shown once the game has ended).</p></section>";
    return out;
}

// The page's live part: one stream (EventSource) of the game's public view, shown by
// textContent only; at the game's end the page is loaded again, the whole game on it.
const char* const kLiveScript = R"JS(
(function () {
  var sec = document.getElementById('live');
  if (!sec || !window.EventSource) return;
  var es = null;
  var put = function (id, text) { document.getElementById(id).textContent = text; };
  var start = function () {
  es = new EventSource(sec.getAttribute('data-stream'));
  es.onmessage = function (e) {
    var l = JSON.parse(e.data);
    if (l.ended) { es.close(); location.reload(); return; }
    sec.setAttribute('data-moves', l.moves);
    put('live-turn', l.turn && l.turn.length ? 'Waiting for ' + l.turn.join(', ') + '.' : '');
    put('live-view', (l.view || []).join('\n'));
    var moves = document.getElementById('moves');
    if (moves) moves.textContent = l.moves;
    var ol = document.getElementById('live-moves');
    while (ol.firstChild) ol.removeChild(ol.firstChild);
    (l.last || []).forEach(function (m) {
      var li = document.createElement('li'), b = document.createElement('b');
      li.value = m.n;
      b.textContent = m.nick;
      li.appendChild(b);
      li.appendChild(document.createTextNode(' ' + m.said.join(' ')));
      ol.appendChild(li);
    });
  };
  es.onerror = function () { put('live-state', 'Reconnecting…'); };
  es.onopen = function () {
    put('live-state', 'Updated as it is played (the moves, hands and deal are shown once ' +
      'the game has ended).');
  };
  };
  // Opened once the page has loaded: a stream never ends, and must not hold the page loading.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', function () { setTimeout(start, 0); });
})();
)JS";

}  // namespace croupier::bot::web

namespace croupier::bot::web {

// The first page's games under way kept up to date from one stream, /live/games: each event
// the whole list ({"open": [GAME...]}, as /api/ gives it), written in place of the part
// between the page's first heading and "Recently finished", by textContent only. A page
// filtered by a game (?game=KIND) keeps to that game.
const char* const kGamesLiveScript = R"JS(
(function () {
  var h1 = document.querySelector('main h1'), home = document.querySelector('header a');
  if (!h1 || !home || !window.EventSource) return;
  var base = home.getAttribute('href').replace(/\/$/, '');
  var only = (/[?&]game=([^&#]*)/.exec(location.search) || [])[1];
  var p2 = function (n) { return (n < 10 ? '0' : '') + n; };
  var el = function (tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };
  var link = function (path, text) { var a = el('a', text); a.href = base + path; return a; };
  var time = function (unix) {
    var d = new Date(unix * 1000), iso = d.toISOString().slice(0, 19) + 'Z';
    var utc = iso.slice(0, 10) + ' ' + iso.slice(11, 16) + ' UTC', t = el('time');
    t.setAttribute('datetime', iso);
    t.title = utc;
    var s = Math.round((Date.now() - d) / 1000);
    t.textContent = d.getFullYear() + '-' + p2(d.getMonth() + 1) + '-' + p2(d.getDate()) + ' ' +
      p2(d.getHours()) + ':' + p2(d.getMinutes()) + (s < 0 || s >= 172800 ? '' : s < 60 ?
      ' (just now)' : s < 3600 ? ' (' + Math.floor(s / 60) + ' min ago)' :
      ' (' + Math.floor(s / 3600) + ' h ago)');
    return t;
  };
  var heads = ['game', 'place', 'players', 'moves', 'started'];
  var show = function (open) {
    var end = h1.nextSibling;
    while (end && !(end.nodeName === 'H2' && end.textContent === 'Recently finished')) {
      var next = end.nextSibling;
      end.parentNode.removeChild(end);
      end = next;
    }
    var put = function (node) { h1.parentNode.insertBefore(node, end); };
    var kind = null, table = null, n = 0;
    open.forEach(function (g) {
      if (only && g.game !== decodeURIComponent(only)) return;
      ++n;
      if (g.title !== kind) {
        kind = g.title;
        put(el('h2', kind));
        var div = el('div', undefined, 'scroll');
        table = el('table', undefined, 'rows');
        var head = el('tr', undefined, 'head');
        heads.forEach(function (h) { head.appendChild(el('th', h, h === 'moves' ? 'n' : '')); });
        table.appendChild(head);
        div.appendChild(table);
        put(div);
      }
      var tr = el('tr'), cells = [];
      for (var i = 0; i < 5; ++i) {
        cells.push(el('td', undefined, i === 3 ? 'n' : ''));
        cells[i].setAttribute('data-l', heads[i]);
        tr.appendChild(cells[i]);
      }
      cells[0].appendChild(link('/game/' + g.id, '#' + g.id));
      // A channel links to its page, as the page's own rows do (site_places.cpp).
      if (g['private']) cells[1].textContent = 'in private';
      else cells[1].appendChild(link('/channel/' + encodeURIComponent(g.network) + '/' +
        encodeURIComponent(g.place), g.place));
      g.players.forEach(function (s, k) {
        if (k) cells[2].appendChild(document.createTextNode(', '));
        cells[2].appendChild(s.person > 0 ? link('/player/' + s.person, s.nick) :
          document.createTextNode(s.nick));
        if (s.computer) {
          cells[2].appendChild(document.createTextNode(' '));
          cells[2].appendChild(el('span', '(computer)', 'muted'));
        }
      });
      cells[3].textContent = g.moves;
      if (g.started > 0) cells[4].appendChild(time(g.started));
      table.appendChild(tr);
    });
    if (!n) put(el('p', 'None right now.', 'muted'));
  };
  var start = function () {
    var es = new EventSource(base + '/live/games');
    es.onmessage = function (e) { show(JSON.parse(e.data).open || []); };
  };
  // Opened once the page has loaded: a stream never ends, and must not hold the page loading.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', function () { setTimeout(start, 0); });
})();
)JS";

}  // namespace croupier::bot::web
