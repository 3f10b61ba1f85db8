// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tourney/state.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "bot/tourney/tourney.hpp"

namespace croupier::bot::tourney {

namespace {

events::ByeKind bye_kind(const std::string& text) {
    if (text == "half") return events::ByeKind::Half;
    if (text == "zero") return events::ByeKind::Zero;
    return events::ByeKind::Full;
}

bool decided(const storage::EventGameRow& g) {
    return !g.bye.empty() || g.void_ || !g.places.empty();
}

}  // namespace

events::Result result_of(const storage::EventGameRow& g) {
    if (g.places.size() != 2 || g.void_) return events::Result::Pending;
    if (g.places[0] < g.places[1]) return events::Result::FirstWins;
    if (g.places[0] > g.places[1]) return events::Result::SecondWins;
    return events::Result::Draw;
}

events::SwissState swiss_state(const storage::EventFull& e) {
    events::SwissState s;
    s.rounds_planned = e.event.rounds;
    for (const auto& p : e.players) s.players.push_back(events::SwissPlayer{p.withdrawn});
    for (const auto& g : e.games) {
        if (static_cast<int>(s.rounds.size()) <= g.round)
            s.rounds.resize(static_cast<std::size_t>(g.round) + 1);
        auto& round = s.rounds[static_cast<std::size_t>(g.round)];
        if (!g.bye.empty()) {
            if (!g.seats.empty()) round.byes.push_back(events::Bye{g.seats[0], bye_kind(g.bye)});
            continue;
        }
        if (g.seats.size() != 2) continue;
        events::Game game{g.seats[0], g.seats[1], result_of(g), g.forfeit};
        if (g.void_) game.result = events::Result::Draw;  // a Swiss game is never void
        round.games.push_back(game);
    }
    return s;
}

events::TableEvent table_event(const storage::EventFull& e) {
    events::TableEvent t;
    t.table_size = e.event.table_size;
    t.rounds_planned = e.event.rounds;
    for (const auto& p : e.players) t.withdrawn.push_back(p.withdrawn);
    for (const auto& g : e.games) {
        if (!g.bye.empty()) continue;
        if (static_cast<int>(t.rounds.size()) <= g.round)
            t.rounds.resize(static_cast<std::size_t>(g.round) + 1);
        events::TableGame table{g.seats, g.void_ ? std::vector<int>(g.seats.size(), 1) : g.places};
        t.rounds[static_cast<std::size_t>(g.round)].tables.push_back(table);
    }
    return t;
}

std::vector<events::Game> arena_games(const storage::EventFull& e) {
    std::vector<const storage::EventGameRow*> done;
    for (const auto& g : e.games)
        if (g.bye.empty() && !g.void_ && g.seats.size() == 2 && g.places.size() == 2)
            done.push_back(&g);
    std::stable_sort(done.begin(), done.end(),
                     [](const auto* a, const auto* b) { return a->done < b->done; });
    std::vector<events::Game> out;
    for (const auto* g : done) out.push_back({g->seats[0], g->seats[1], result_of(*g), g->forfeit});
    return out;
}

std::vector<const storage::EventGameRow*> round_rows(const storage::EventFull& e, int round) {
    std::vector<const storage::EventGameRow*> out;
    for (const auto& g : e.games)
        if (g.round == round) out.push_back(&g);
    return out;
}

int rounds_paired(const storage::EventFull& e) {
    int n = 0;
    for (const auto& g : e.games) n = std::max(n, g.round + 1);
    return n;
}

bool all_decided(const storage::EventFull& e) {
    return std::all_of(e.games.begin(), e.games.end(), decided);
}

bool left_before_playing(const storage::EventFull& e, int idx) {
    if (idx < 0 || idx >= static_cast<int>(e.players.size()) ||
        !e.players[static_cast<std::size_t>(idx)].withdrawn)
        return false;
    return std::none_of(e.games.begin(), e.games.end(), [&](const storage::EventGameRow& g) {
        return std::find(g.seats.begin(), g.seats.end(), idx) != g.seats.end();
    });
}

// --- What the commands and pages show

std::vector<Line> standings(const storage::EventFull& e) {
    std::vector<Line> out;
    // A player's line with what every format shows; nullopt for one left before playing.
    const auto line = [&](int idx, int place, std::string points,
                          int games) -> std::optional<Line> {
        if (left_before_playing(e, idx)) return std::nullopt;
        const auto& p = e.players[static_cast<std::size_t>(idx)];
        Line l;
        l.idx = idx;
        l.place = place;
        l.nick = p.nick;
        l.person = p.person;
        l.points = std::move(points);
        l.games = games;
        l.withdrawn = p.withdrawn;
        return l;
    };
    if (e.event.format == "arena") {
        for (const auto& s :
             events::arena_standings(static_cast<int>(e.players.size()), arena_games(e)))
            if (auto l = line(s.player, s.place, std::to_string(s.points), s.games)) {
                l->on_fire = s.on_fire;
                out.push_back(std::move(*l));
            }
        return out;
    }
    const auto rows = e.event.format == "tables" ? events::table_standings(table_event(e))
                                                 : events::swiss_standings(swiss_state(e));
    for (const auto& s : rows)
        if (auto l = line(s.player, s.place, events::half_points_text(s.points), s.played)) {
            l->tiebreaks = fmt::format("Bh {}, SB {}", events::half_points_text(s.buchholz),
                                       events::quarter_points_text(s.sonneborn));
            out.push_back(std::move(*l));
        }
    return out;
}

std::string format_title(const std::string& format) {
    if (format == "arena") return "arena";
    if (format == "tables") return "rounds of tables";
    return "Swiss";
}

std::string progress_text(const storage::EventFull& e, std::int64_t now) {
    const auto& ev = e.event;
    if (ev.state == "signup") {
        if (ev.start_at > 0) {
            const std::int64_t t = ev.start_at % 86400;
            return fmt::format("sign-up open, starts at {:02}:{:02} UTC", t / 3600, t % 3600 / 60);
        }
        return "sign-up open";
    }
    if (ev.state == "cancelled") return "cancelled";
    if (ev.state == "over") return "over";
    if (ev.format == "arena") {
        const std::int64_t left = std::max<std::int64_t>(0, ev.ends - now);
        return fmt::format("under way, {} min left", (left + 59) / 60);
    }
    return fmt::format("round {} of {} under way", std::max(1, rounds_paired(e)), ev.rounds);
}

}  // namespace croupier::bot::tourney
