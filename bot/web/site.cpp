// SPDX-License-Identifier: GPL-3.0-or-later
// The web pages: routing, the views and their HTML (docs/WEB.md).
#include "bot/web/site.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <map>

#include <fmt/format.h>

#include "bot/daily/daily.hpp"
#include "bot/strings.hpp"
#include "bot/web/page.hpp"
#include "bot/web/places.hpp"

namespace croupier::bot::web {

namespace {

constexpr int kOpenShown = 500;  // games under way on the first page

// The seal of a deal, as the kind shows it at a game's start ("" : not sealed). The one
// call of GameKind::seal here, so that a change of how a kind gives it is one line.
std::string seal_of(const GameKind* kind, std::uint64_t deal) {
    return kind ? kind->seal(deal) : "";
}

// A seat's result detail as a reader reads it: the stored "cards=2 hand=11" (a kind's
// "key=value" pairs; a value may hold spaces, "deck=Back Alley") as "cards 2, hand 11".
std::string detail_text(const std::string& stored) {
    std::string out;
    std::size_t at = 0;
    while (at < stored.size()) {
        std::size_t end = stored.find(' ', at);
        if (end == std::string::npos) end = stored.size();
        const std::string word = stored.substr(at, end - at);
        const auto eq = word.find('=');
        if (eq != std::string::npos && eq > 0)
            out += (out.empty() ? "" : ", ") + word.substr(0, eq) + " " + word.substr(eq + 1);
        else if (!word.empty())
            out += (out.empty() ? "" : " ") + word;
        at = end + 1;
    }
    return out;
}

// A line of a hand at the end as a reader reads it: what the game tells its player ("Your
// hand: 3♠ 8♥") without the "Your hand:", and an empty hand (gone out) said so.
std::string hand_text(const std::string& line) {
    std::string_view t = line;
    constexpr std::string_view yours = "Your hand:";
    if (t.rfind(yours, 0) != 0) return line;
    t.remove_prefix(yours.size());
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    return t.empty() ? std::string("(no cards)") : std::string(t);
}

// A game's place as the pages show it: a channel by its name, a game played in private
// ("place" is then the player's nick, which is not a place) as "in private".
bool in_channel(const std::string& place) {
    return is_channel(place);
}
std::string place_of(const std::string& place) {
    return in_channel(place) ? place : std::string();
}

std::string person_link(const Page& p, const Value& who) {
    const long long id = who["person"].integer();
    const std::string nick = who["nick"].str();
    return id > 0 ? p.link(fmt::format("/player/{}", id), nick) : html(nick);
}

std::string players_text(const Page& p, const Value& players) {
    std::string out;
    for (const auto& s : players.items()) {
        if (!out.empty()) out += ", ";
        out += person_link(p, s);
        if (s["computer"].boolean()) out += " <span class=\"muted\">(computer)</span>";
    }
    return out;
}

// After a rating that is provisional (fewer than kProvisionalGames games): a "?" saying so.
std::string provisional_mark(const Value& line) {
    return line["provisional"].boolean()
               ? fmt::format(" <abbr title=\"provisional: fewer than {} games\">?</abbr>",
                             storage::kProvisionalGames)
               : std::string();
}

// A person's rating after each rated game, as a small line plot: the dates of the first and
// last game under it, a point per game whose title (shown on hover) says its date, rating and
// game, and the first kProvisionalGames - 1 games, while the rating is provisional, hollow
// points on a dashed line.
std::string rating_svg(const Value& points) {
    const std::size_t n = points.size();
    if (n == 0) return "";
    double lo = points.at(0)["rating"].real(), hi = lo;
    for (const auto& pt : points.items()) {
        lo = std::min(lo, pt["rating"].real());
        hi = std::max(hi, pt["rating"].real());
    }
    if (hi - lo < 20) {
        lo -= 10;
        hi += 10;
    }
    const double w = 320, h = 136, left = 40, top = 8, bottom = 24, right = 6;
    const std::size_t provisional = storage::kProvisionalGames - 1;  // points 0..3
    auto x_of = [&](std::size_t i) {
        return left + 6 +
               (n == 1 ? (w - left - 6 - right) / 2 : (w - left - 12 - right) * i / (n - 1.0));
    };
    auto y_of = [&](std::size_t i) {
        return top + (h - top - bottom) * (hi - points.at(i)["rating"].real()) / (hi - lo);
    };
    std::string sure, unsure, dots;
    for (std::size_t i = 0; i < n; ++i) {
        const std::string xy = fmt::format("{:.1f},{:.1f}", x_of(i), y_of(i));
        if (i <= provisional) unsure += (unsure.empty() ? "" : " ") + xy;
        if (i >= provisional) sure += (sure.empty() ? "" : " ") + xy;
        const Value& pt = points.at(i);
        dots += fmt::format(
            "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3.5\" fill=\"{}\" stroke=\"#c33\" "
            "stroke-width=\"1.5\"><title>{}: {:.0f} after game #{}{}</title></circle>",
            x_of(i), y_of(i), i < provisional ? "none" : "#c33", when_text(pt["at"].integer()),
            pt["rating"].real(), pt["game_id"].integer(), i < provisional ? " (provisional)" : "");
    }
    auto day = [](long long at) { return when_text(at).substr(0, 10); };
    std::string dates = fmt::format(
        "<text x=\"{:.0f}\" y=\"{:.0f}\" font-size=\"11\" fill=\"currentColor\">{}</text>", left,
        h - 6, day(points.at(0)["at"].integer()));
    if (n > 1 && day(points.at(n - 1)["at"].integer()) != day(points.at(0)["at"].integer()))
        dates += fmt::format(
            "<text x=\"{:.0f}\" y=\"{:.0f}\" font-size=\"11\" fill=\"currentColor\" "
            "text-anchor=\"end\">{}</text>",
            w - right, h - 6, day(points.at(n - 1)["at"].integer()));
    return fmt::format(
        "<svg viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" role=\"img\" "
        "aria-label=\"rating from {2:.0f} to {3:.0f}, {4} games from {5} to {6}\"><rect x=\"{7}\" "
        "y=\"0\" width=\"{8}\" height=\"{9}\" fill=\"none\" stroke=\"#999\"/><text x=\"0\" "
        "y=\"16\" font-size=\"11\" fill=\"currentColor\">{3:.0f}</text><text x=\"0\" y=\"{10}\" "
        "font-size=\"11\" fill=\"currentColor\">{2:.0f}</text>{11}{12}{13}{14}</svg>",
        w, h, lo, hi, n, day(points.at(0)["at"].integer()), day(points.at(n - 1)["at"].integer()),
        left, w - left, h - bottom + 4, h - bottom, dates,
        unsure.find(' ') == std::string::npos
            ? std::string()
            : fmt::format("<polyline fill=\"none\" stroke=\"#c33\" stroke-width=\"2\" "
                          "stroke-dasharray=\"4 3\" points=\"{}\"/>",
                          unsure),
        sure.find(' ') == std::string::npos
            ? std::string()
            : fmt::format("<polyline fill=\"none\" stroke=\"#c33\" stroke-width=\"2\" "
                          "points=\"{}\"/>",
                          sure),
        dots);
}

// ---- the pages from the views --------------------------------------------------------

std::string index_html(const std::string& base, const Value& v) {
    Page p(base, "Games", "/api/");
    p.raw("<h1>Games under way</h1>");
    const Value& open = v["open"];
    if (open.size() == 0) p.raw("<p class=\"muted\">None right now.</p>");
    std::string kind;
    for (const auto& g : open.items()) {
        if (g["title"].str() != kind) {
            if (!kind.empty()) p.raw("</table></div>");
            kind = g["title"].str();
            p.raw("<h2>").text(kind).raw(
                "</h2><div class=\"scroll\"><table><tr><th>game</th><th>place</th>"
                "<th>players</th><th class=\"n\">moves</th><th>started</th></tr>");
        }
        p.raw("<tr><td>")
            .raw(p.link(fmt::format("/game/{}", g["id"].integer()),
                        fmt::format("#{}", g["id"].integer())))
            .raw("</td><td>")
            .raw(place_html(p, g["network"].str(), g))
            .raw("</td><td>")
            .raw(players_text(p, g["players"]))
            .raw("</td><td class=\"n\">")
            .text(std::to_string(g["moves"].integer()))
            .raw("</td><td>")
            .text(when(g["started"].integer()))
            .raw("</td></tr>");
    }
    if (!kind.empty()) p.raw("</table></div>");
    p.raw("<h2>Recently finished</h2>");
    const std::string filter = v["filter"].str();
    p.raw(kind_filter(p, "/", v["games"], filter));
    const Value& done = v["recent"];
    if (done.size() == 0)
        p.raw("<p class=\"muted\">No game has ended yet.</p>");
    else {
        p.raw(
            "<div class=\"scroll\"><table><tr><th>game</th><th>place</th><th>players</th>"
            "<th>result</th><th>ended</th></tr>");
        for (const auto& g : done.items())
            p.raw("<tr><td>")
                .raw(game_link(p, g))
                .raw("</td><td>")
                .raw(place_html(p, g["network"].str(), g))
                .raw("</td><td>")
                .raw(players_text(p, g["players"]))
                .raw("</td><td>")
                .text(g["status"].str() == "finished"
                          ? g["result"].str()
                          : g["status"].str() + ". " + g["result"].str())
                .raw("</td><td>")
                .text(when(g["ended"].integer()))
                .raw("</td></tr>");
        p.raw("</table></div>");
    }
    p.raw(pager(p, "/", filter.empty() ? "" : "game=" + url_encode(filter),
                static_cast<int>(v["page"].integer()), v["more"].boolean(), "newer", "older"));
    p.raw("<h2>Ladders</h2><p>");
    bool first = true;
    for (const auto& k : v["games"].items()) {
        if (!first) p.raw(" · ");
        first = false;
        p.raw(p.link("/top/" + k["name"].str(), k["title"].str()));
    }
    p.raw("</p><script>").raw(kGamesLiveScript).raw("</script>");  // the games under way, live
    return p.finish();
}

std::string top_html(const std::string& base, const Value& v) {
    Page p(base, "Top " + v["title"].str(), "/api/top/" + v["game"].str());
    p.raw("<h1>").text(v["title"].str()).raw(": the ladder</h1>");
    const bool rated = v["rated"].boolean(), points = v["points_count"].boolean(),
               xp = v["by_experience"].boolean();
    for (const auto& var : v["variants"].items()) {
        if (!var["title"].str().empty()) p.raw("<h2>").text(var["title"].str()).raw("</h2>");
        const Value& lines = var["ladder"];
        if (lines.size() == 0) {
            p.raw("<p class=\"muted\">No finished games yet.</p>");
            continue;
        }
        std::string network;
        for (const auto& l : lines.items()) {
            if (l["network"].str() != network || network.empty()) {
                if (!network.empty()) p.raw("</table></div>");
                network = l["network"].str();
                if (v["networks"].integer() > 1) p.raw("<h3>").text(network).raw("</h3>");
                p.raw("<div class=\"scroll\"><table><tr><th class=\"n\">#</th><th>player</th>");
                if (xp) p.raw("<th class=\"n\">experience</th><th class=\"n\">level</th>");
                if (rated) p.raw("<th class=\"n\">rating</th>");
                p.raw("<th class=\"n\">games</th><th class=\"n\">wins</th>");
                if (points) p.raw("<th class=\"n\">points</th>");
                p.raw("</tr>");
            }
            p.raw("<tr><td class=\"n\">")
                .text(std::to_string(l["rank"].integer()))
                .raw("</td><td>")
                .raw(person_link(p, l))
                .raw("</td>");
            if (xp)
                p.raw(fmt::format("<td class=\"n\">{}</td><td class=\"n\">{}</td>",
                                  l["experience"].integer(), l["level"].integer()));
            if (rated)
                p.raw(fmt::format("<td class=\"n\">{:.0f}{}</td>", l["rating"].real(),
                                  provisional_mark(l)));
            p.raw(fmt::format("<td class=\"n\">{}</td><td class=\"n\">{}</td>",
                              l["games"].integer(), l["wins"].integer()));
            if (points) p.raw(fmt::format("<td class=\"n\">{}</td>", l["points"].integer()));
            p.raw("</tr>");
        }
        p.raw("</table></div>");
    }
    p.raw(pager(p, "/top/" + v["game"].str(), "", static_cast<int>(v["page"].integer()),
                v["more"].boolean(), "higher", "lower"));
    return p.finish();
}

std::string player_html(const std::string& base, const Value& v) {
    const long long id = v["id"].integer();
    Page p(base, v["nick"].str(), fmt::format("/api/player/{}", id));
    p.raw("<h1>").text(v["nick"].str()).raw("</h1>");
    p.raw("<p class=\"muted\">on ").text(v["network"].str()).raw("</p><h2>Games</h2>");
    if (v["stats"].size() == 0)
        p.raw("<p class=\"muted\">No finished games yet.</p>");
    else {
        p.raw(
            "<div class=\"scroll\"><table><tr><th>game</th><th class=\"n\">games</th>"
            "<th class=\"n\">wins</th><th class=\"n\">points</th><th class=\"n\">rating</th>"
            "</tr>");
        for (const auto& s : v["stats"].items()) {
            p.raw("<tr><td>")
                .raw(p.link("/top/" + s["game"].str(), s["title"].str()))
                .raw(fmt::format("</td><td class=\"n\">{}</td><td class=\"n\">{}</td>",
                                 s["games"].integer(), s["wins"].integer()));
            p.raw(s["points"].is_null()
                      ? std::string("<td></td>")
                      : fmt::format("<td class=\"n\">{}</td>", s["points"].integer()));
            p.raw(s["rating"].is_null() ? std::string("<td></td>")
                                        : fmt::format("<td class=\"n\">{:.0f}{}</td>",
                                                      s["rating"].real(), provisional_mark(s)));
            p.raw("</tr>");
        }
        p.raw("</table></div>");
    }
    for (const auto& x : v["experience"].items())
        p.raw("<p>")
            .text(fmt::format("{}: {} experience", x["title"].str(), x["xp"].integer()))
            .raw("</p>");
    for (const auto& h : v["rating_history"].items()) {
        p.raw("<h2>").text("Rating in " + h["title"].str()).raw("</h2>");
        p.raw(rating_svg(h["points"]));
    }
    p.raw("<h2>Recent games</h2>");
    const std::string path = fmt::format("/player/{}", id), filter = v["filter"].str();
    p.raw(kind_filter(p, path, v["kinds"], filter));
    if (v["recent"].size() == 0)
        p.raw("<p class=\"muted\">None.</p>");
    else {
        p.raw(
            "<div class=\"scroll\"><table><tr><th>game</th><th>place</th><th>result</th>"
            "<th>ended</th></tr>");
        for (const auto& g : v["recent"].items())
            p.raw("<tr><td>")
                .raw(game_link(p, g))
                .raw("</td><td>")
                .raw(place_html(p, v["network"].str(), g))
                .raw("</td><td>")
                .text(g["won"].boolean()                ? "won"
                      : g["status"].str() == "finished" ? "lost"
                                                        : g["status"].str())
                .raw("</td><td>")
                .text(when(g["ended"].integer()))
                .raw("</td></tr>");
        p.raw("</table></div>");
    }
    p.raw(pager(p, path, filter.empty() ? "" : "game=" + url_encode(filter),
                static_cast<int>(v["page"].integer()), v["more"].boolean(), "newer", "older"));
    return p.finish();
}

// The step-through and the seal's check: a small script, the steps as JSON in the page
// (Value::dump writes < > & escaped, so no text can end the script element).
const char* const kGameScript = R"JS(
(function () {
  var data = JSON.parse(document.getElementById('game-data').textContent);
  var steps = data.steps || [];
  var view = document.getElementById('view'), cap = document.getElementById('step');
  if (view && steps.length) {
    var i = steps.length - 1;
    var show = function () {
      var s = steps[i];
      cap.textContent = (i === 0 ? 'The deal' : 'Move ' + i + ' of ' + (steps.length - 1) +
        ': ' + s.nick + ' ' + s.text) + (s.said.length ? '\n' + s.said.join('\n') : '');
      view.textContent = s.view.join('\n');
    };
    var go = function (n) { i = Math.max(0, Math.min(steps.length - 1, n)); show(); };
    document.getElementById('first').onclick = function () { go(0); };
    document.getElementById('prev').onclick = function () { go(i - 1); };
    document.getElementById('next').onclick = function () { go(i + 1); };
    document.getElementById('last').onclick = function () { go(steps.length - 1); };
    // The arrow keys alone (Alt+Left stays the browser's back; Home and End scroll).
    document.addEventListener('keydown', function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (e.key === 'ArrowLeft') go(i - 1);
      else if (e.key === 'ArrowRight') go(i + 1);
      else return;
      e.preventDefault();
    });
    show();
    // /game/12#m7: the step after move 7, on opening the address and on a move's link.
    var fromHash = function () {
      var m = /^#m([0-9]+)$/.exec(window.location.hash);
      if (m) go(+m[1]);
    };
    if (window.location && window.addEventListener) {
      window.addEventListener('hashchange', fromHash);
      fromHash();
    }
  }
  var out = document.getElementById('check');
  if (out && data.seal && data.deal) {
    if (!(window.crypto && crypto.subtle)) {
      out.textContent = 'This browser cannot check it here (WebCrypto needs https or localhost).';
      return;
    }
    crypto.subtle.digest('SHA-256', new TextEncoder().encode(data.deal)).then(function (d) {
      var hex = Array.prototype.map.call(new Uint8Array(d), function (b) {
        return ('0' + b.toString(16)).slice(-2); }).join('');
      var ok = hex === data.seal;
      out.className = ok ? 'ok' : 'bad';
      out.textContent = ok ? 'Checked in your browser: SHA-256 of ' + data.deal +
        ' is the seal shown at the start.' : 'The SHA-256 of ' + data.deal + ' is ' + hex +
        ', not the seal: this deal is not the one sealed.';
    });
  }
})();
)JS";

std::string game_html(const std::string& base, const Value& v) {
    const long long id = v["id"].integer();
    Page p(base, fmt::format("{} #{}", v["title"].str(), id), fmt::format("/api/game/{}", id));
    const bool ended = v["status"].str() != "open";
    p.raw("<h1>").text(fmt::format("{} #{}", v["title"].str(), id)).raw("</h1><table>");
    auto row = [&](std::string_view k, std::string value_html) {
        p.raw("<tr><th>").text(k).raw("</th><td>").raw(value_html).raw("</td></tr>");
    };
    row("place", place_html(p, v["network"].str(), v) + html(" on " + v["network"].str()));
    row("status", html(ended ? v["status"].str() : std::string("under way")));
    row("started", when(v["started"].integer()).markup);
    if (ended) {
        row("ended", when(v["ended"].integer()).markup);
        row("result", html(v["result"].str()));
    }
    p.raw("<tr><th>moves</th><td id=\"moves\">")
        .text(std::to_string(v["moves"].integer()))
        .raw("</td></tr>");
    p.raw(
        "</table><h2>Players</h2><div class=\"scroll\"><table><tr><th>seat</th>"
        "<th>player</th>");
    if (ended)
        p.raw(
            "<th>result</th><th class=\"n\">points</th><th>detail</th><th class=\"n\">rating</th>");
    p.raw("</tr>");
    for (const auto& s : v["players"].items()) {
        p.raw(fmt::format("<tr><td>{}</td><td>", s["seat"].integer()))
            .raw(person_link(p, s))
            .raw(s["computer"].boolean() ? " <span class=\"muted\">(computer)</span>" : "")
            .raw("</td>");
        if (ended) {
            p.raw("<td>").text(s["won"].boolean() ? "won" : "").raw("</td>");
            p.raw(fmt::format("<td class=\"n\">{}</td><td>", s["points"].integer()))
                .text(detail_text(s["detail"].str()))
                .raw("</td>");
            p.raw(s["rating"].is_null()
                      ? std::string("<td></td>")
                      : fmt::format("<td class=\"n\">{:.0f}</td>", s["rating"].real()));
        }
        p.raw("</tr>");
    }
    p.raw("</table></div>");
    if (!v["seal"].str().empty()) {
        p.raw("<h2>The seal</h2><p>Shown at the start: sha256 <code>")
            .text(v["seal"].str())
            .raw("</code></p>");
        if (ended)
            p.raw("<p>The deal was <code>")
                .text(v["deal"].str())
                .raw("</code>. <span id=\"check\">Checking…</span></p>");
        else
            p.raw("<p class=\"muted\">The deal number is shown once the game has ended.</p>");
    } else if (ended) {
        p.raw("<p>Deal <code>").text(v["deal"].str()).raw("</code> (not sealed).</p>");
    }
    if (!ended && !v["live"].is_null()) {
        p.raw(live_html(base, v["live"]));
    } else if (!ended) {
        p.raw(
            "<p class=\"muted\">The moves, hands and boards are shown once the game has "
            "ended.</p>");
    } else {
        if (!v["rebuilt"].boolean())
            p.raw("<p class=\"bad\">").text(v["rebuild_error"].str()).raw("</p>");
        if (v["steps"].size() > 0)
            p.raw(
                "<h2>Step through</h2><p><button id=\"first\" title=\"the deal\" "
                "aria-label=\"the deal\">|◀</button><button id=\"prev\" title=\"the move "
                "before\" aria-label=\"the move before\">◀</button><button id=\"next\" "
                "title=\"the next move\" aria-label=\"the next move\">▶</button><button "
                "id=\"last\" title=\"the end\" aria-label=\"the end\">▶|</button> "
                "<span class=\"muted\">(or the arrow keys)</span></p><pre id=\"step\"></pre>"
                "<pre id=\"view\"></pre>");
        const Value& hands = v["hands"];
        if (hands.size() > 0) {
            p.raw("<h2>Hands at the end</h2>");
            for (const auto& h : hands.items()) {
                p.raw("<h3>").text(h["nick"].str()).raw("</h3><pre>");
                std::string text;
                for (const auto& l : h["lines"].items()) text += hand_text(l.str()) + "\n";
                p.text(text).raw("</pre>");
            }
        }
        p.raw("<h2>Every move</h2><ol class=\"moves\">");
        // Each move an address of its own (/game/12#m7): opening it shows that step.
        for (const auto& m : v["journal"].items())
            p.raw(fmt::format("<li id=\"m{0}\"><a href=\"#m{0}\">", m["seq"].integer()))
                .text(m["nick"].str() + " " + m["text"].str())
                .raw("</a></li>");
        p.raw("</ol>");
    }
    p.raw("<script type=\"application/json\" id=\"game-data\">")
        .raw(v.dump())
        .raw("</script><script>")
        .raw(kGameScript)
        .raw(kLiveScript)
        .raw("</script>");
    return p.finish();
}

Response not_found(const std::string& base, bool api, const std::string& what,
                   const std::string& title = "Not found") {
    Response r;
    r.status = 404;
    if (api) {
        Value v = Value::object();
        v.set("error", what);
        r.content_type = "application/json";
        r.body = v.dump();
    } else {
        Page p(base, title, "/api/");
        p.raw("<h1>").text(title).raw("</h1><p>").text(what).raw("</p>");
        r.body = p.finish();
    }
    return r;
}

Response bad_request(const std::string& base, bool api, const std::string& what) {
    Response r = not_found(base, api, what, "Bad request");
    r.status = 400;
    return r;
}

std::vector<std::string> table_lines(const std::vector<Out>& out) {
    std::vector<std::string> lines;
    for (const auto& o : out)
        if (o.to == Out::To::Table) lines.push_back(strip_formatting(o.text));
    return lines;
}

Value strings(const std::vector<std::string>& v) {
    Value a = Value::array();
    for (const auto& s : v) a.push(s);
    return a;
}

}  // namespace

std::vector<std::string> told_lines(const Outcome& o) {
    std::vector<std::string> lines;
    if (o.told.empty()) return table_lines(o.out);
    for (const auto& l : o.told) lines.push_back(strip_formatting(l));
    return lines;
}

std::string strip_formatting(std::string_view t) {
    std::string out;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const char c = t[i];
        if (c == '\x03') {  // colour: up to two digits, then ,up to two digits
            auto digits = [&] {
                for (int k = 0; k < 2 && i + 1 < t.size() && t[i + 1] >= '0' && t[i + 1] <= '9';
                     ++k)
                    ++i;
            };
            const std::size_t before = i;
            digits();
            if (i != before && i + 2 < t.size() && t[i + 1] == ',' && t[i + 2] >= '0' &&
                t[i + 2] <= '9') {
                ++i;
                digits();
            }
            continue;
        }
        if (c == '\x02' || c == '\x0f' || c == '\x1d' || c == '\x1f' || c == '\x16' ||
            c == '\x11' || c == '\x1e' || c == '\x04')
            continue;
        out += c;
    }
    return out;
}

std::optional<std::int64_t> parse_id(std::string_view text) {
    if (text.empty() || text.size() > 18) return std::nullopt;
    std::int64_t v = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

Site::Site(const std::string& database, std::vector<std::shared_ptr<GameKind>> kinds,
           const std::string& public_url, std::function<std::int64_t()> now)
    : db_(database), kinds_(std::move(kinds)), now_(std::move(now)) {
    if (!now_) now_ = [] { return static_cast<std::int64_t>(std::time(nullptr)); };
    // "https://host/cards" -> "/cards": links work behind a proxy that serves a folder.
    const auto scheme = public_url.find("//");
    if (scheme != std::string::npos) {
        const auto slash = public_url.find('/', scheme + 2);
        if (slash != std::string::npos) base_ = public_url.substr(slash);
    }
    while (!base_.empty() && base_.back() == '/') base_.pop_back();
    for (const auto& k : kinds_) ladders_.emplace(k.get(), k->ladder());
}

const GameKind* Site::kind(const std::string& name) const {
    return find_kind(kinds_, name);
}

const Ladder* Site::ladder(const GameKind* k) const {
    const auto it = ladders_.find(k);
    return it == ladders_.end() ? nullptr : &it->second;
}

std::string Site::title(const std::string& kind_name, const std::string& variant) const {
    const GameKind* k = kind(kind_name);
    const Ladder* l = ladder(k);
    std::string t = k ? k->title() : kind_name;
    if (!variant.empty()) t += " " + (l ? l->title_of(variant) : variant);
    return t;
}

Value Site::players_of(const storage::GameRecord& g, std::vector<std::string>* hidden) const {
    Value players = Value::array();
    const auto setup = GameSetup::deserialise(g.setup);
    // A hidden person's nick at the game, for the texts that name them (docs/WEB.md).
    auto hide = [&](std::size_t seat, const std::string& nick) {
        if (!hidden) return;
        hidden->push_back(nick);
        if (setup && seat < setup->players.size()) hidden->push_back(setup->players[seat]);
    };
    if (g.status != "open") {
        for (const auto& s : db_.seats(g.id)) {
            Value p = Value::object();
            p.set("seat", s.seat);
            p.set("nick", s.hidden ? std::string(kHiddenNick) : s.nick);
            p.set("person", static_cast<long long>(s.hidden ? 0 : s.person));
            if (s.hidden) {
                p.set("hidden", true);
                hide(static_cast<std::size_t>(s.seat), s.nick);
            }
            p.set("computer", s.computer);
            p.set("won", s.won);
            p.set("points", s.points);
            p.set("detail", s.detail);
            p.set("rating", s.rating ? Value(*s.rating) : Value());
            players.push(std::move(p));
        }
        if (players.size() > 0) return players;
    }
    // Under way (or ended without results: stopped, abandoned): the seats of its setup.
    if (!setup) return players;
    for (std::size_t i = 0; i < setup->players.size(); ++i) {
        const bool computer = i < setup->computer.size() && setup->computer[i];
        const std::string key = i < setup->persons.size() ? setup->persons[i] : "";
        const bool hid = !computer && !key.empty() && db_.hidden(g.network, key);
        Value p = Value::object();
        p.set("seat", static_cast<long long>(i));
        p.set("nick", hid ? std::string(kHiddenNick) : setup->players[i]);
        p.set("person", static_cast<long long>(
                            computer || key.empty() || hid ? 0 : db_.person_id(g.network, key)));
        if (hid) {
            p.set("hidden", true);
            hide(i, setup->players[i]);
        }
        p.set("computer", computer);
        players.push(std::move(p));
    }
    return players;
}

Value Site::game_line(const storage::WebGame& w) const {
    const auto& g = w.game;
    Value v = Value::object();
    v.set("id", static_cast<long long>(g.id));
    v.set("game", g.kind);
    v.set("title", title(g.kind, g.variant));
    v.set("variant", g.variant);
    v.set("network", g.network);
    v.set("place", place_of(g.place));
    v.set("private", !in_channel(g.place));
    v.set("status", g.status);
    v.set("started", static_cast<long long>(g.started));
    v.set("ended", static_cast<long long>(g.ended));
    v.set("result", g.result);
    v.set("moves", static_cast<long long>(w.moves));
    std::vector<std::string> hidden;
    v.set("players", players_of(g, &hidden));
    if (!hidden.empty()) v.set("result", hide_nicks(g.result, hidden));  // the same place
    return v;
}

Value Site::index(int page, const std::string& filter) const {
    Value v = Value::object();
    Value& open = v.set("open", Value::array());
    for (const auto& g : db_.open_games(kOpenShown))
        if (filter.empty() || g.game.kind == filter) open.push(game_line(g));
    auto ended = db_.recent_ended(kGamesPage + 1, (page - 1) * kGamesPage, filter);
    const bool more = ended.size() > static_cast<std::size_t>(kGamesPage);
    if (more) ended.resize(kGamesPage);
    Value& recent = v.set("recent", Value::array());
    for (const auto& g : ended) recent.push(game_line(g));
    v.set("games", kinds_value());
    v.set("page", page);
    v.set("more", more);
    v.set("filter", filter);
    return v;
}

std::optional<Value> Site::top(const std::string& name, int page) const {
    const GameKind* k = kind(name);
    if (!k) return std::nullopt;
    Value v = Value::object();
    v.set("game", k->name());
    v.set("title", k->title());
    const Ladder& ladder = *this->ladder(k);
    v.set("rated", ladder.rated);
    v.set("points_count", ladder.points_count);
    auto variants = ladder.top_variants;
    if (variants.empty()) variants.push_back({"", ""});
    // Shown smallest first where the words are numbers (variants of 1, 2, 4 suits): the list's
    // first is `top`'s default, not the page's order.
    std::stable_sort(variants.begin(), variants.end(), [](const auto& a, const auto& b) {
        auto number = [](const std::string& w) {
            return !w.empty() && w.size() < 9 &&
                           std::all_of(w.begin(), w.end(),
                                       [](char c) { return c >= '0' && c <= '9'; })
                       ? std::stol(w)
                       : -1L;
        };
        const long x = number(a.first), y = number(b.first);
        return x >= 0 && y >= 0 && x < y;
    });
    // A kind whose players gain experience ranks them by it first: someone has
    // some where the first by experience has.
    bool by_xp = false;
    for (const auto& [word, stored] : variants)
        for (const auto& l : db_.ladder(k->name(), stored, true, false, 1, 0))
            by_xp = by_xp || l.xp > 0;
    // A page of each ladder (the same lines of each variant's).
    bool more = false;
    std::vector<std::vector<storage::WebLadderLine>> ladders;
    for (const auto& [word, stored] : variants) {
        ladders.push_back(db_.ladder(k->name(), stored, by_xp, ladder.rated, kLadderPage + 1,
                                     (page - 1) * kLadderPage));
        if (ladders.back().size() > static_cast<std::size_t>(kLadderPage)) {
            more = true;
            ladders.back().resize(kLadderPage);
        }
    }
    v.set("by_experience", by_xp);
    v.set("page", page);
    v.set("more", more);
    std::map<std::string, int> networks;
    Value& out = v.set("variants", Value::array());
    for (std::size_t i = 0; i < variants.size(); ++i) {
        Value var = Value::object();
        var.set("variant", variants[i].second);
        var.set("word", variants[i].first);
        var.set("title", variants[i].second.empty()
                             ? std::string()
                             : k->title() + " " + ladder.title_of(variants[i].second));
        Value& lines = var.set("ladder", Value::array());
        for (const auto& l : ladders[i]) {
            networks[l.network] = 1;
            Value line = Value::object();
            line.set("rank", l.rank);
            line.set("network", l.network);
            line.set("nick", l.nick);
            line.set("person", static_cast<long long>(l.person));
            line.set("games", l.games);
            line.set("wins", l.wins);
            line.set("points", l.points);
            line.set("rating", ladder.rated ? Value(l.rating) : Value());  // none if not rated
            line.set("provisional", ladder.rated && l.games < storage::kProvisionalGames);
            if (by_xp) {
                line.set("experience", l.xp);
                // Levels are the kind's rule (Ladder::level_of_xp).
                line.set("level", ladder.level_of_xp ? Value(ladder.level_of_xp(l.xp)) : Value());
            }
            lines.push(std::move(line));
        }
        out.push(std::move(var));
    }
    v.set("networks", static_cast<long long>(networks.size()));
    return v;
}

std::optional<Value> Site::player(std::int64_t id, int page, const std::string& filter) const {
    auto p = db_.person(id, kGamesPage + 1, (page - 1) * kGamesPage, filter);
    if (!p) return std::nullopt;
    Value v = Value::object();
    v.set("id", static_cast<long long>(p->id));
    if (p->hidden) {  // `set web hide`: nothing of them is shown (docs/WEB.md)
        v.set("hidden", true);
        return v;
    }
    v.set("nick", p->nick);
    v.set("network", p->network);
    Value& stats = v.set("stats", Value::array());
    for (const auto& s : p->stats) {
        const Ladder* l = ladder(kind(s.kind));
        Value line = Value::object();
        line.set("game", s.kind);
        line.set("variant", s.variant);
        line.set("title", title(s.kind, s.variant));
        line.set("games", s.games);
        line.set("wins", s.wins);
        line.set("points", !l || l->points_count ? Value(s.points) : Value());
        line.set("rating", l && l->rated ? Value(s.rating) : Value());
        line.set("provisional", l && l->rated && s.games < storage::kProvisionalGames);
        stats.push(std::move(line));
    }
    Value& xp = v.set("experience", Value::array());
    for (const auto& [kind_name, amount] : p->xp) {
        Value x = Value::object();
        x.set("game", kind_name);
        x.set("title", title(kind_name, ""));
        x.set("xp", amount);
        xp.push(std::move(x));
    }
    Value& history = v.set("rating_history", Value::array());
    for (const auto& [kv, points] : p->history) {
        Value h = Value::object();
        h.set("game", kv.first);
        h.set("variant", kv.second);
        h.set("title", title(kv.first, kv.second));
        Value& pts = h.set("points", Value::array());
        for (const auto& pt : points) {
            Value x = Value::object();
            x.set("game_id", static_cast<long long>(pt.game_id));
            x.set("at", static_cast<long long>(pt.at));
            x.set("rating", pt.rating);
            pts.push(std::move(x));
        }
        history.push(std::move(h));
    }
    const bool more = p->recent.size() > static_cast<std::size_t>(kGamesPage);
    if (more) p->recent.resize(kGamesPage);
    v.set("page", page);
    v.set("more", more);
    v.set("filter", filter);
    v.set("kinds", kinds_value());
    Value& recent = v.set("recent", Value::array());
    for (const auto& g : p->recent) {
        Value line = Value::object();
        line.set("id", static_cast<long long>(g.game.id));
        line.set("game", g.game.kind);
        line.set("title", title(g.game.kind, g.game.variant));
        line.set("place", place_of(g.game.place));
        line.set("private", !in_channel(g.game.place));
        line.set("status", g.game.status);
        line.set("ended", static_cast<long long>(g.game.ended));
        line.set("won", g.won);
        line.set("points", g.points);
        recent.push(std::move(line));
    }
    return v;
}

std::optional<Value> Site::game(std::int64_t id) const {
    const auto w = db_.game(id);
    if (!w) return std::nullopt;
    const auto& g = w->game;
    Value v = game_line(*w);
    const GameKind* k = kind(g.kind);
    v.set("seal", seal_of(k, g.deal));
    if (g.status == "open") {  // nothing hidden is shown while it runs: what the channel saw
        if (auto l = live(id)) v.set("live", std::move(*l));
        return v;
    }
    // A daily deal (bot/daily/): its number and moves are shown once its day is over.
    if (auto setup = GameSetup::deserialise(g.setup); setup && setup->options.count("daily") != 0) {
        v.set("daily", setup->options["daily"]);
        v.set("seal", daily::seal_of(g.deal));
        if (Daily::sealed(setup->options, now_())) {
            v.set("status", "open");  // shown as a game under way: nothing it hides
            return v;
        }
    }

    // Ended: the deal, every move, and each step's public view rebuilt through the game.
    v.set("deal", std::to_string(g.deal));
    const auto journal = db_.journal(id);
    auto setup = GameSetup::deserialise(g.setup);
    if (setup) setup->game_id = id;  // as the table gives it: the game's words may name it
    auto nick = [&](int seat) -> std::string {
        if (seat < 0) return "(the clock)";
        if (setup && static_cast<std::size_t>(seat) < setup->players.size())
            return setup->players[static_cast<std::size_t>(seat)];
        return fmt::format("seat {}", seat);
    };
    // Giving up ends a game but is not a move of it: a last `resign` is not counted, as the
    // game does not count it on IRC ("5 moves").
    if (!journal.empty() && split_command(journal.back().action).first == "resign")
        v.set("moves", static_cast<long long>(journal.size()) - 1);
    // Each move as people read it (Game::move_text), found on rebuilding; as typed until then.
    std::vector<std::string> texts;
    for (const auto& e : journal) texts.push_back(e.action);
    // Built apart and set at the end: a reference into `v` would not survive another set().
    Value steps = Value::array();
    Value hands = Value::array();
    std::string error;
    if (!k)
        error = "This kind of game is not known to this croupierd: its moves cannot be shown.";
    else if (!setup)
        error = "This game's setup cannot be read: its moves cannot be shown.";
    else {
        try {
            auto game = k->create(*setup);
            Value first = Value::object();
            first.set("nick", "");
            first.set("action", "");
            first.set("said", strings(table_lines(game->start())));
            first.set("view", strings(table_lines(game->show_table())));
            steps.push(std::move(first));
            for (const auto& e : journal) {
                const auto [cmd, args] = split_command(e.action);
                const std::size_t at = static_cast<std::size_t>(steps.size()) - 1;
                texts[at] = strip_formatting(game->move_text(e.seat, cmd, args));
                const Checked<Outcome> o = game->act(e.seat, cmd, args);
                if (!o) {
                    error = fmt::format("Move {} ({}) was refused on rebuilding: {}", e.seq,
                                        e.action, strip_formatting(o.why()));
                    break;
                }
                Value s = Value::object();
                s.set("nick", nick(e.seat));
                s.set("action", e.action);
                s.set("text", texts[at]);
                s.set("said", strings(told_lines(*o)));
                s.set("view", strings(table_lines(game->show_table())));
                steps.push(std::move(s));
            }
            for (std::size_t i = 0; setup && i < setup->players.size(); ++i) {
                const bool computer = i < setup->computer.size() && setup->computer[i];
                Value h = Value::object();
                h.set("seat", static_cast<long long>(i));
                h.set("nick", setup->players[i]);
                h.set("computer", computer);
                std::vector<std::string> lines;
                for (const auto& o : game->show_hand(static_cast<int>(i)))
                    lines.push_back(hand_text(strip_formatting(o.text)));
                h.set("lines", strings(lines));
                if (!lines.empty()) hands.push(std::move(h));
            }
        } catch (const std::exception& e) {
            error = fmt::format("The game could not be rebuilt: {}", e.what());
        }
    }
    Value moves = Value::array();
    for (std::size_t i = 0; i < journal.size(); ++i) {
        const auto& e = journal[i];
        Value m = Value::object();
        m.set("seq", static_cast<long long>(e.seq));
        m.set("seat", e.seat);
        m.set("nick", nick(e.seat));
        m.set("action", e.action);
        m.set("text", texts[i]);
        m.set("at", static_cast<long long>(e.at));
        moves.push(std::move(m));
    }
    v.set("journal", std::move(moves));
    v.set("steps", std::move(steps));
    v.set("hands", std::move(hands));
    v.set("rebuilt", error.empty());
    v.set("rebuild_error", error);
    return v;
}

Response Site::get(std::string_view target) const {
    const auto q = target.find_first_of("?#");
    std::string_view path = target.substr(0, q);
    std::string_view query;
    if (q != std::string_view::npos && target[q] == '?') {
        query = target.substr(q + 1);
        query = query.substr(0, query.find('#'));
    }
    if (path == "/favicon.ico") {  // browsers ask for it: the icon the pages name (page.hpp)
        Response r;
        r.content_type = "image/svg+xml";
        r.body = kFavicon;
        r.fixed = true;
        return r;
    }
    bool api = false;
    if (path == "/api" || path.rfind("/api/", 0) == 0) {
        api = true;
        path.remove_prefix(4);
        if (path.empty()) path = "/";
    }
    auto answer = [&](const Value& v, std::string (*page)(const std::string&, const Value&)) {
        Response r;
        if (api) {
            r.content_type = "application/json";
            r.body = v.dump();
        } else
            r.body = page(base_, v);
        return r;
    };
    // ?page=N (a bad one is 400, a page past the last 404) and ?game=KIND (an unknown one 400).
    const auto page = parse_page(query);
    if (!page)
        return bad_request(base_, api,
                           fmt::format("A page is a number from 1 to {}: ?page=2.", kLastPage));
    const auto game_param = query_param(query, "game");
    const auto filter = filter_kind(game_param ? *game_param : std::string("?"));
    if (!filter)
        return bad_request(base_, api,
                           fmt::format("There is no such game to show: ?game={}, say.",
                                       kinds_.empty() ? "NAME" : kinds_.front()->name()));
    auto past_the_end = [&](std::string_view what) {
        return not_found(
            base_, api,
            fmt::format("There is no page {} of {}: the first is ?page=1.", *page, what),
            "No such page");
    };
    if (path == "/") {
        Value v = index(*page, *filter);
        if (*page > 1 && v["recent"].size() == 0) return past_the_end("the games");
        return answer(v, index_html);
    }
    if (path == "/players" || path == "/players/") {
        const auto text = query_param(query, "q");
        if (!text) return bad_request(base_, api, "That search cannot be read: /players?q=ann.");
        Value v = players(*text, *page);
        if (*page > 1 && v["found"].size() == 0) return past_the_end("this search");
        Response r = answer(v, search_html);
        // Too short a search is the asker's slip; the page says what to type.
        if (!v["error"].is_null() && !text->empty()) r.status = 400;
        return r;
    }
    auto rest = [&](std::string_view prefix) -> std::optional<std::string_view> {
        if (path.rfind(prefix, 0) != 0) return std::nullopt;
        std::string_view r = path.substr(prefix.size());
        if (!r.empty() && r.back() == '/') r.remove_suffix(1);
        return r;
    };
    if (auto name = rest("/top/")) {
        std::string lowered(*name);
        for (auto& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (auto v = top(lowered, *page)) {
            bool any = false;
            for (const auto& var : (*v)["variants"].items()) any = any || var["ladder"].size() > 0;
            if (*page > 1 && !any) return past_the_end("this ladder");
            return answer(*v, top_html);
        }
        return not_found(base_, api, "There is no such game here.");
    }
    // One address per page: "/game/01" and "/game/1/" are none (404), not "/game/1" again.
    auto second_address = [&](std::string_view id) {
        return path.back() == '/' || (id.size() > 1 && id.front() == '0' && parse_id(id));
    };
    if (auto id = rest("/player/")) {
        if (second_address(*id))
            return not_found(base_, api, "There is no such page: a player's is /player/12.");
        const auto n = parse_id(*id);
        if (!n) return bad_request(base_, api, "A player is named by a number: /player/12.");
        if (auto v = player(*n, *page, *filter)) {
            if ((*v)["hidden"].boolean())
                return not_found(base_, api, "This player has chosen not to be shown.",
                                 "Not shown");
            if (*page > 1 && (*v)["recent"].size() == 0) return past_the_end("their games");
            return answer(*v, player_html);
        }
        return not_found(base_, api, "There is no such player.");
    }
    if (auto what = rest("/daily/")) {
        const std::string s(*what);
        const auto slash = s.find('/');
        if (slash != std::string::npos)
            if (auto v = daily(s.substr(0, slash), s.substr(slash + 1)))
                return answer(*v, daily_html);
        return not_found(base_, api,
                         "There is no such daily deal: /daily/GAME/YYYY-MM-DD, a game with one.");
    }
    if (path == "/events" || path == "/events/") return answer(events(), events_html);
    if (auto id = rest("/event/")) {
        const auto n = parse_id(*id);
        if (!n) return bad_request(base_, api, "An event is named by a number: /event/3.");
        if (auto v = event(*n)) return answer(*v, event_html);
        return not_found(base_, api, "There is no such event.");
    }
    if (auto id = rest("/game/")) {
        if (second_address(*id))
            return not_found(base_, api, "There is no such page: a game's is /game/12.");
        const auto n = parse_id(*id);
        if (!n) return bad_request(base_, api, "A game is named by a number: /game/12.");
        if (auto v = game(*n)) {
            *v = hide_in_game(*v);  // the nicks of those who said `set web hide`
            Response r = answer(*v, game_html);
            r.fixed = (*v)["status"].str() != "open";  // an ended game's record is final
            return r;
        }
        return not_found(base_, api, "There is no such game.");
    }
    if (auto where = rest("/channel/")) {
        // /channel/<network>/<name>: the name as %23cards or, simpler to type, cards (#cards).
        const auto slash = where->find('/');
        const auto network = slash == std::string_view::npos
                                 ? std::nullopt
                                 : url_decode(where->substr(0, slash), false);
        auto name = slash == std::string_view::npos ? std::nullopt
                                                    : url_decode(where->substr(slash + 1), false);
        if (name && !name->empty() && !is_channel(*name)) name = "#" + *name;
        const std::string what =
            "No game was played in such a channel here: a channel's page is "
            "/channel/NETWORK/%23channel.";
        if (!network || !name || network->empty() || name->size() > 200)
            return not_found(base_, api, what, "No such channel");
        if (auto v = place(*network, *name, *page, *filter)) {
            if (*page > 1 && (*v)["recent"].size() == 0) return past_the_end("its games");
            return answer(*v, place_page_html);
        }
        return not_found(base_, api, what, "No such channel");
    }
    return not_found(base_, api, "There is no such page.");
}

}  // namespace croupier::bot::web
