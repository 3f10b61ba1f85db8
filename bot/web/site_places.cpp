// SPDX-License-Identifier: GPL-3.0-or-later
// A channel's page, the player search, paging and filters by game, and the pages' side of
// `set web hide` (docs/WEB.md, "Places, search and paging", "Hidden players").
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bot/web/page.hpp"
#include "bot/web/places.hpp"
#include "bot/web/site.hpp"

namespace croupier::bot::web {

namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// A byte that may be part of a nick (RFC 2812: letters, digits and []\`_^{|}-).
bool nick_byte(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("[]\\`_^{|}-").find(c) != std::string_view::npos;
}

}  // namespace

std::optional<std::string> url_decode(std::string_view text, bool plus_is_space) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '%') {
            if (i + 2 >= text.size()) return std::nullopt;
            const int hi = hex_digit(text[i + 1]), lo = hex_digit(text[i + 2]);
            if (hi < 0 || lo < 0) return std::nullopt;
            out += static_cast<char>(hi * 16 + lo);
            i += 2;
        } else if (c == '+' && plus_is_space)
            out += ' ';
        else
            out += c;
    }
    return out;
}

std::string url_encode(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '.' || c == '_' || c == '~')
            out += c;
        else
            out += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    }
    return out;
}

std::optional<std::string> query_param(std::string_view query, std::string_view name) {
    while (!query.empty()) {
        const auto amp = query.find('&');
        const std::string_view part = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        const auto eq = part.find('=');
        if (part.substr(0, eq) != name) continue;
        return url_decode(eq == std::string_view::npos ? std::string_view() : part.substr(eq + 1),
                          true);
    }
    return std::string();
}

std::optional<int> parse_page(std::string_view query) {
    const auto text = query_param(query, "page");
    if (!text) return std::nullopt;
    if (text->empty()) return 1;
    if (text->size() > 6 || text->front() == '0') return std::nullopt;
    int n = 0;
    for (const char c : *text) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    if (n < 1 || n > kLastPage) return std::nullopt;
    return n;
}

std::string channel_path(const std::string& network, const std::string& channel) {
    return "/channel/" + url_encode(network) + "/" + url_encode(channel);
}

std::string game_link(const Page& p, const Value& g) {
    return p.link(fmt::format("/game/{}", g["id"].integer()),
                  fmt::format("{} #{}", g["title"].str(), g["id"].integer()));
}

std::string place_html(const Page& p, const std::string& network, const Value& g) {
    if (g["private"].boolean() || g["place"].str().empty()) return "in private";
    return p.link(channel_path(network, g["place"].str()), g["place"].str());
}

std::string pager(const Page& p, const std::string& path, const std::string& query, int page,
                  bool more, std::string_view before, std::string_view after) {
    if (page <= 1 && !more) return "";
    auto to = [&](int n) {
        std::string q = query;
        if (n > 1) q += (q.empty() ? "" : "&") + fmt::format("page={}", n);
        return q.empty() ? path : path + "?" + q;
    };
    std::string out = "<p class=\"pages\">";
    if (page > 1) out += p.link(to(page - 1), fmt::format("← {}", before)) + " · ";
    out += fmt::format("page {}", page);
    if (more) out += " · " + p.link(to(page + 1), fmt::format("{} →", after));
    return out + "</p>";
}

std::string kind_filter(const Page& p, const std::string& path, const Value& kinds,
                        const std::string& filter) {
    std::string out = "<p class=\"filter\">Show: ";
    out += filter.empty() ? std::string("<strong>all</strong>") : p.link(path, "all");
    for (const auto& k : kinds.items()) {
        out += " · ";
        if (k["name"].str() == filter)
            out += "<strong>" + html(k["title"].str()) + "</strong>";
        else
            out += p.link(path + "?game=" + url_encode(k["name"].str()), k["title"].str());
    }
    return out + "</p>";
}

std::string hide_nicks(const std::string& text, const std::vector<std::string>& nicks) {
    std::string out = text;
    for (const auto& nick : nicks) {
        if (nick.empty()) continue;
        std::size_t at = 0;
        while ((at = out.find(nick, at)) != std::string::npos) {
            const std::size_t end = at + nick.size();
            const bool alone =
                (at == 0 || !nick_byte(out[at - 1])) && (end == out.size() || !nick_byte(out[end]));
            if (!alone) {
                ++at;
                continue;
            }
            out.replace(at, nick.size(), kHiddenNick);
            at += std::string_view(kHiddenNick).size();
        }
    }
    return out;
}

Value hide_nicks(const Value& v, const std::vector<std::string>& nicks) {
    switch (v.type()) {
        case Value::Type::String:
            return Value(hide_nicks(v.str(), nicks));
        case Value::Type::Array: {
            Value a = Value::array();
            for (const auto& x : v.items()) a.push(hide_nicks(x, nicks));
            return a;
        }
        case Value::Type::Object: {
            Value o = Value::object();
            for (const auto& [k, x] : v.members()) o.set(k, hide_nicks(x, nicks));
            return o;
        }
        default:
            return v;
    }
}

// ---- the views ------------------------------------------------------------------------

Value Site::kinds_value() const {
    Value games = Value::array();
    for (const auto& k : kinds_) {
        Value g = Value::object();
        g.set("name", k->name());
        g.set("title", k->title());
        games.push(std::move(g));
    }
    return games;
}

std::optional<std::string> Site::filter_kind(const std::string& name) const {
    if (name.empty()) return std::string();
    std::string lowered = name;
    for (auto& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const GameKind* k = kind(lowered);
    if (!k) return std::nullopt;
    return k->name();
}

Value Site::hide_in_game(const Value& v) const {
    bool any = false;
    for (const auto& s : v["players"].items()) any = any || s["hidden"].boolean();
    if (!any) return v;
    const auto w = db_.game(v["id"].integer());
    if (!w) return v;
    std::vector<std::string> nicks;
    players_of(w->game, &nicks);
    Value out = Value::object();
    for (const auto& [k, x] : v.members())
        // The players are already shown as hidden; the kind's and the status's words are not
        // anyone's nick.
        out.set(k, k == "players" || k == "game" || k == "status" || k == "title" || k == "seal" ||
                           k == "deal" || k == "network"
                       ? x
                       : hide_nicks(x, nicks));
    return out;
}

std::optional<Value> Site::place(const std::string& network, const std::string& channel, int page,
                                 const std::string& filter) const {
    if (!is_channel(channel)) return std::nullopt;
    const auto name = db_.place_name(network, channel);
    if (!name) return std::nullopt;
    Value v = Value::object();
    v.set("network", network);
    v.set("place", *name);
    v.set("page", page);
    v.set("filter", filter);
    v.set("kinds", kinds_value());
    Value& open = v.set("open", Value::array());
    for (const auto& g : db_.place_games(network, *name, true, 500, 0, filter))
        open.push(game_line(g));
    auto ended =
        db_.place_games(network, *name, false, kGamesPage + 1, (page - 1) * kGamesPage, filter);
    v.set("more", ended.size() > static_cast<std::size_t>(kGamesPage));
    if (ended.size() > static_cast<std::size_t>(kGamesPage)) ended.resize(kGamesPage);
    Value& recent = v.set("recent", Value::array());
    for (const auto& g : ended) recent.push(game_line(g));
    // Its ladders: who won most in its last kPlaceLadderGames games, per game (and variant),
    // the first 20 of each.
    // Each ladder built apart and set once whole: a reference into `v` would not survive
    // another push.
    std::vector<std::pair<Value, Value>> ladders;  // the ladder's names, its lines
    std::string at;
    for (const auto& l : db_.place_ladder(network, *name, kPlaceLadderGames)) {
        if (!filter.empty() && l.kind != filter) continue;
        const std::string here = l.kind + "/" + l.variant;
        if (ladders.empty() || here != at) {
            Value lad = Value::object();
            lad.set("game", l.kind);
            lad.set("variant", l.variant);
            lad.set("title", title(l.kind, l.variant));
            ladders.emplace_back(std::move(lad), Value::array());
            at = here;
        }
        Value& lines = ladders.back().second;
        if (lines.size() >= 20) continue;
        const Ladder* lad = ladder(kind(l.kind));
        Value line = Value::object();
        line.set("rank", static_cast<long long>(lines.size() + 1));
        line.set("nick", l.nick);
        line.set("person", static_cast<long long>(l.person));
        line.set("games", l.games);
        line.set("wins", l.wins);
        line.set("points", !lad || lad->points_count ? Value(l.points) : Value());
        lines.push(std::move(line));
    }
    Value all = Value::array();
    for (auto& [lad, lines] : ladders) {
        lad.set("ladder", std::move(lines));
        all.push(std::move(lad));
    }
    v.set("ladders", std::move(all));
    return v;
}

Value Site::players(const std::string& text, int page) const {
    Value v = Value::object();
    v.set("q", text);
    v.set("page", page);
    std::size_t letters = 0;  // characters, not bytes
    for (const char c : text) letters += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    if (letters < 2) {
        v.set("error", "Type at least 2 characters of a nick.");
        v.set("found", Value::array());
        v.set("more", false);
        return v;
    }
    auto found = db_.search(text, kSearchPage + 1, (page - 1) * kSearchPage);
    v.set("more", found.size() > static_cast<std::size_t>(kSearchPage));
    if (found.size() > static_cast<std::size_t>(kSearchPage)) found.resize(kSearchPage);
    Value& list = v.set("found", Value::array());
    for (const auto& f : found) {
        Value p = Value::object();
        p.set("id", static_cast<long long>(f.id));
        p.set("nick", f.nick);
        p.set("network", f.network);
        list.push(std::move(p));
    }
    return v;
}

// ---- the pages ------------------------------------------------------------------------

std::string place_page_html(const std::string& base, const Value& v) {
    const std::string path = channel_path(v["network"].str(), v["place"].str());
    Page p(base, v["place"].str(), "/api" + path);
    p.raw("<h1>").text(v["place"].str()).raw("</h1><p class=\"muted\">on ");
    p.text(v["network"].str()).raw("</p>");
    const std::string filter = v["filter"].str();
    p.raw(kind_filter(p, path, v["kinds"], filter));
    auto players = [&](const Value& list) {
        std::string out;
        for (const auto& s : list.items()) {
            if (!out.empty()) out += ", ";
            const long long id = s["person"].integer();
            out += id > 0 ? p.link(fmt::format("/player/{}", id), s["nick"].str())
                          : html(s["nick"].str());
            if (s["computer"].boolean()) out += " <span class=\"muted\">(computer)</span>";
        }
        return out;
    };
    p.raw("<h2>Under way</h2>");
    if (v["open"].size() == 0)
        p.raw("<p class=\"muted\">None right now.</p>");
    else {
        p.raw(
            "<div class=\"scroll\"><table><tr><th>game</th><th>players</th>"
            "<th class=\"n\">moves</th><th>started</th></tr>");
        for (const auto& g : v["open"].items())
            p.raw("<tr><td>")
                .raw(game_link(p, g))
                .raw("</td><td>")
                .raw(players(g["players"]))
                .raw(fmt::format("</td><td class=\"n\">{}</td><td>", g["moves"].integer()))
                .text(when(g["started"].integer()))
                .raw("</td></tr>");
        p.raw("</table></div>");
    }
    p.raw("<h2>Ended</h2>");
    if (v["recent"].size() == 0)
        p.raw("<p class=\"muted\">No game has ended here yet.</p>");
    else {
        p.raw(
            "<div class=\"scroll\"><table><tr><th>game</th><th>players</th><th>result</th>"
            "<th>ended</th></tr>");
        for (const auto& g : v["recent"].items())
            p.raw("<tr><td>")
                .raw(game_link(p, g))
                .raw("</td><td>")
                .raw(players(g["players"]))
                .raw("</td><td>")
                .text(g["status"].str() == "finished"
                          ? g["result"].str()
                          : g["status"].str() + ". " + g["result"].str())
                .raw("</td><td>")
                .text(when(g["ended"].integer()))
                .raw("</td></tr>");
        p.raw("</table></div>");
    }
    p.raw(pager(p, path, filter.empty() ? "" : "game=" + url_encode(filter),
                static_cast<int>(v["page"].integer()), v["more"].boolean(), "newer", "older"));
    p.raw("<h2>Who won here</h2>");
    p.raw(fmt::format("<p class=\"muted\">In its last {} ended games.</p>", kPlaceLadderGames));
    if (v["ladders"].size() == 0) p.raw("<p class=\"muted\">No finished games yet.</p>");
    for (const auto& lad : v["ladders"].items()) {
        p.raw("<h3>").text(lad["title"].str()).raw("</h3>");
        p.raw(
            "<div class=\"scroll\"><table><tr><th class=\"n\">#</th><th>player</th>"
            "<th class=\"n\">games</th><th class=\"n\">wins</th><th class=\"n\">points</th>"
            "</tr>");
        for (const auto& l : lad["ladder"].items()) {
            const long long id = l["person"].integer();
            p.raw(fmt::format("<tr><td class=\"n\">{}</td><td>", l["rank"].integer()))
                .raw(id > 0 ? p.link(fmt::format("/player/{}", id), l["nick"].str())
                            : html(l["nick"].str()))
                .raw(fmt::format("</td><td class=\"n\">{}</td><td class=\"n\">{}</td>",
                                 l["games"].integer(), l["wins"].integer()))
                .raw(l["points"].is_null()
                         ? std::string("<td></td>")
                         : fmt::format("<td class=\"n\">{}</td>", l["points"].integer()))
                .raw("</tr>");
        }
        p.raw("</table></div>");
    }
    return p.finish();
}

std::string search_html(const std::string& base, const Value& v) {
    const std::string q = v["q"].str();
    Page p(base, q.empty() ? std::string("Players") : "Players: " + q,
           "/api/players?q=" + url_encode(q));
    p.raw("<h1>Find a player</h1><form action=\"")
        .text(base + "/players")
        .raw(
            "\" method=\"get\" role=\"search\"><label>Nick holding <input name=\"q\" "
            "minlength=\"2\" maxlength=\"60\" size=\"14\" value=\"")
        .text(q)
        .raw("\"></label> <button>Find</button></form>");
    if (!v["error"].is_null()) {
        if (!q.empty()) p.raw("<p class=\"bad\">").text(v["error"].str()).raw("</p>");
        return p.finish();
    }
    if (v["found"].size() == 0) {
        p.raw("<p class=\"muted\">Nobody").text(v["page"].integer() > 1 ? " more" : "");
        p.raw(" whose nick holds “").text(q).raw("”.</p>");
    } else {
        p.raw("<ul>");
        for (const auto& f : v["found"].items())
            p.raw("<li>")
                .raw(p.link(fmt::format("/player/{}", f["id"].integer()), f["nick"].str()))
                .raw(" <span class=\"muted\">on ")
                .text(f["network"].str())
                .raw("</span></li>");
        p.raw("</ul>");
    }
    p.raw(pager(p, "/players", "q=" + url_encode(q), static_cast<int>(v["page"].integer()),
                v["more"].boolean(), "previous", "next"));
    return p.finish();
}

}  // namespace croupier::bot::web
