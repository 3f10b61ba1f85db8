// The events' pages (bot/tourney/, docs/WEB.md): /events and /event/<id>, and their JSON.
// An event's games under way are linked, never shown: their pages keep hands to themselves.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstdint>
#include <ctime>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bot/tourney/state.hpp"
#include "bot/tourney/tourney.hpp"
#include "bot/web/page.hpp"
#include "bot/web/site.hpp"

namespace croupier::bot::web {

namespace {

Value event_line(const storage::EventFull& full, const std::string& title, std::int64_t now,
                 int players) {
    const storage::EventRow& e = full.event;
    Value v = Value::object();
    v.set("id", static_cast<long long>(e.id));
    v.set("game", e.kind);
    v.set("title", title);
    v.set("format", e.format);
    v.set("network", e.network);
    v.set("channel", e.channel);
    v.set("state", e.state);
    v.set("progress", tourney::progress_text(full, now));
    v.set("rounds", e.rounds);
    v.set("minutes", e.minutes);
    v.set("players", players);
    v.set("opener", e.opener_nick);
    v.set("created", static_cast<long long>(e.created));
    v.set("start_at", static_cast<long long>(e.start_at));
    v.set("started", static_cast<long long>(e.started));
    v.set("ended", static_cast<long long>(e.ended));
    return v;
}

}  // namespace

Value Site::events() const {
    const std::int64_t now = now_();
    Value v = Value::object();
    const auto list = [&](const std::vector<std::string>& states, int limit) {
        Value a = Value::array();
        for (const auto& e : db_.events(states, limit)) {
            const auto full = db_.event(e.id);
            int players = 0;
            if (full)
                for (const auto& p : full->players)
                    players += !p.withdrawn || !tourney::left_before_playing(*full, p.idx);
            const GameKind* k = kind(e.kind);
            a.push(event_line(full ? *full : storage::EventFull{e, {}, {}}, k ? k->title() : e.kind,
                              now, players));
        }
        return a;
    };
    v.set("upcoming", list({"signup"}, 100));
    v.set("running", list({"running"}, 100));
    v.set("recent", list({"over", "cancelled"}, 30));
    return v;
}

std::optional<Value> Site::event(std::int64_t id) const {
    const auto e = db_.event(id);
    if (!e) return std::nullopt;
    const GameKind* k = kind(e->event.kind);
    const std::int64_t now = now_();
    int shown_players = 0;
    for (const auto& p : e->players) shown_players += !tourney::left_before_playing(*e, p.idx);
    Value v = event_line(*e, k ? k->title() : e->event.kind, now, shown_players);
    Value standings = Value::array();
    for (const auto& l : tourney::standings(*e)) {
        Value s = Value::object();
        s.set("place", l.place);
        s.set("nick", l.nick);
        s.set("person", static_cast<long long>(l.person));
        s.set("points", l.points);
        s.set("tiebreaks", l.tiebreaks);
        s.set("games", l.games);
        s.set("withdrawn", l.withdrawn);
        s.set("on_fire", l.on_fire);
        standings.push(std::move(s));
    }
    v.set("standings", std::move(standings));
    // Each round's pairings: who, the game, the result (places) once over.
    Value rounds = Value::array();
    const int paired = tourney::rounds_paired(*e);
    for (int r = 0; r < paired; ++r) {
        Value round = Value::object();
        round.set("round", r + 1);
        Value games = Value::array();
        for (const auto* g : tourney::round_rows(*e, r)) {
            Value gv = Value::object();
            Value seats = Value::array();
            for (std::size_t i = 0; i < g->seats.size(); ++i) {
                const auto& p = e->players[static_cast<std::size_t>(g->seats[i])];
                Value s = Value::object();
                s.set("nick", p.nick);
                s.set("person", static_cast<long long>(p.person));
                if (i < g->places.size()) s.set("place", g->places[i]);
                seats.push(std::move(s));
            }
            gv.set("seats", std::move(seats));
            gv.set("bye", g->bye);
            gv.set("game_id", static_cast<long long>(g->game_id));
            gv.set("state", !g->bye.empty()     ? "bye"
                            : g->void_          ? "void"
                            : g->forfeit        ? "forfeit"
                            : g->places.empty() ? "playing"
                                                : "over");
            games.push(std::move(gv));
        }
        round.set("games", std::move(games));
        rounds.push(std::move(round));
    }
    v.set("pairings", std::move(rounds));
    // The crosstable (Swiss and tables): per player, each round's opponents and points.
    if (e->event.format != "arena") {
        const auto as_pairs = e->event.format == "tables"
                                  ? events::table_rounds_as_pairs(tourney::table_event(*e))
                                  : tourney::swiss_state(*e).rounds;
        const auto cross = events::crosstable(static_cast<int>(e->players.size()), as_pairs);
        Value table = Value::array();
        for (const auto& l : tourney::standings(*e)) {
            Value row = Value::object();
            row.set("nick", l.nick);
            Value cells = Value::array();
            for (int r = 0; r < paired; ++r) {
                std::string cell;
                int pts = 0;
                for (const auto& m : cross[static_cast<std::size_t>(l.idx)]) {
                    if (m.round != r) continue;
                    pts += m.points;
                    if (m.opponent >= 0) {
                        const std::string who =
                            e->players[static_cast<std::size_t>(m.opponent)].nick;
                        cell += (cell.empty() ? "" : " ") +
                                (m.pending ? who + " …"
                                           : fmt::format("{} {}{}", who,
                                                         events::half_points_text(m.points),
                                                         m.forfeit ? " (ff)" : ""));
                    } else {
                        cell += m.bye == events::ByeKind::Full   ? "bye 1"
                                : m.bye == events::ByeKind::Half ? "bye ½"
                                                                 : "-";
                    }
                }
                (void)pts;
                cells.push(cell);
            }
            row.set("rounds", std::move(cells));
            table.push(std::move(row));
        }
        v.set("crosstable", std::move(table));
    }
    return v;
}

std::string events_html(const std::string& base, const Value& v) {
    Page p(base, "Events", "/api/events");
    p.raw("<h1>Events</h1>");
    const auto section = [&](const char* title, const Value& list) {
        p.raw("<h2>").text(title).raw("</h2>");
        if (list.size() == 0) {
            p.raw("<p class=\"muted\">None.</p>");
            return;
        }
        p.raw(
            "<div class=\"scroll\"><table><tr><th>event</th><th>game</th><th>where</th>"
            "<th class=\"n\">players</th><th>state</th></tr>");
        for (const auto& e : list.items()) {
            p.raw("<tr><td>")
                .raw(p.link(fmt::format("/event/{}", e["id"].integer()),
                            fmt::format("#{}", e["id"].integer())))
                .raw("</td><td>")
                .text(e["title"].str() + " " + tourney::format_title(e["format"].str()))
                .raw("</td><td>")
                .text(e["network"].str() + " " + e["channel"].str())
                .raw(fmt::format("</td><td class=\"n\">{}</td><td>", e["players"].integer()))
                .text(e["progress"].str())
                .raw("</td></tr>");
        }
        p.raw("</table></div>");
    };
    section("Open for sign-up", v["upcoming"]);
    section("Under way", v["running"]);
    section("Over", v["recent"]);
    return p.finish();
}

std::string event_html(const std::string& base, const Value& v) {
    const long long id = v["id"].integer();
    Page p(base, fmt::format("Event #{}", id), fmt::format("/api/event/{}", id));
    p.raw("<h1>")
        .text(fmt::format("Event #{}: {} {}", id, v["title"].str(),
                          tourney::format_title(v["format"].str())))
        .raw("</h1><p>")
        .text(fmt::format("{} {}, opened by {}; {}.", v["network"].str(), v["channel"].str(),
                          v["opener"].str(), v["progress"].str()));
    if (v["started"].integer() > 0)
        p.text(" Started ").text(when(v["started"].integer())).text(".");
    if (v["ended"].integer() > 0) p.text(" Ended ").text(when(v["ended"].integer())).text(".");
    p.raw("</p><h2>Standings</h2>");
    if (v["standings"].size() == 0) {
        p.raw("<p class=\"muted\">Nobody yet.</p>");
    } else {
        const bool arena = v["format"].str() == "arena";
        p.raw(
            "<div class=\"scroll\"><table><tr><th class=\"n\">#</th><th>player</th>"
            "<th class=\"n\">points</th>");
        if (!arena) p.raw("<th>tiebreaks</th>");
        p.raw("<th class=\"n\">games</th></tr>");
        for (const auto& s : v["standings"].items()) {
            p.raw(fmt::format("<tr><td class=\"n\">{}</td><td>", s["place"].integer()));
            if (s["person"].integer() > 0)
                p.raw(p.link(fmt::format("/player/{}", s["person"].integer()), s["nick"].str()));
            else
                p.text(s["nick"].str());
            if (s["withdrawn"].boolean()) p.raw(" <span class=\"muted\">(withdrew)</span>");
            if (s["on_fire"].boolean()) p.raw(" <span class=\"bad\">(on fire)</span>");
            p.raw("</td><td class=\"n\">").text(s["points"].str()).raw("</td>");
            if (!arena) p.raw("<td>").text(s["tiebreaks"].str()).raw("</td>");
            p.raw(fmt::format("<td class=\"n\">{}</td></tr>", s["games"].integer()));
        }
        p.raw("</table></div>");
    }
    if (v["crosstable"].size() > 0) {
        p.raw("<h2>Crosstable</h2><div class=\"scroll\"><table><tr><th>player</th>");
        for (std::size_t r = 0; r < v["pairings"].size(); ++r)
            p.raw(fmt::format("<th>round {}</th>", r + 1));
        p.raw("</tr>");
        for (const auto& row : v["crosstable"].items()) {
            p.raw("<tr><td>").text(row["nick"].str()).raw("</td>");
            for (const auto& c : row["rounds"].items()) p.raw("<td>").text(c.str()).raw("</td>");
            p.raw("</tr>");
        }
        p.raw("</table></div>");
    }
    for (const auto& round : v["pairings"].items()) {
        if (v["format"].str() != "arena")
            p.raw(fmt::format("<h2>Round {}</h2>", round["round"].integer()));
        else
            p.raw("<h2>Games</h2>");
        p.raw("<ul>");
        for (const auto& g : round["games"].items()) {
            std::vector<std::string> names;
            for (const auto& s : g["seats"].items()) {
                std::string n = s["nick"].str();
                if (s["place"].integer() > 0) n += fmt::format(" ({})", s["place"].integer());
                names.push_back(n);
            }
            p.raw("<li>");
            std::string joined;
            for (const auto& n : names) joined += (joined.empty() ? "" : " v ") + n;
            if (g["state"].str() == "bye")
                joined += g["bye"].str() == "half" ? ": bye (½)" : ": bye";
            p.text(joined);
            if (g["game_id"].integer() > 0)
                p.raw(" ").raw(p.link(fmt::format("/game/{}", g["game_id"].integer()),
                                      fmt::format("game #{}", g["game_id"].integer())));
            const std::string st = g["state"].str();
            if (st == "playing" || st == "void" || st == "forfeit")
                p.raw(" <span class=\"muted\">")
                    .text(st == "playing" ? "under way" : st)
                    .raw("</span>");
            p.raw("</li>");
        }
        p.raw("</ul>");
    }
    return p.finish();
}

}  // namespace croupier::bot::web
