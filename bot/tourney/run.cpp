// SPDX-License-Identifier: GPL-3.0-or-later
// Tournaments under way (bot/tourney/tourney.hpp): the start, each round's pairing and
// deal, results coming in, time up, the end; timers and the minute's tick.
#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "bot/log.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "bot/tables/text.hpp"
#include "bot/tourney/state.hpp"
#include "bot/tourney/tourney.hpp"

namespace croupier::bot {

namespace {

constexpr auto kTick = std::chrono::minutes(1);

bool open_row(const storage::EventGameRow& g) {
    return g.bye.empty() && g.places.empty() && !g.void_;
}

bool seats_player(const storage::EventGameRow& g, int idx) {
    return std::find(g.seats.begin(), g.seats.end(), idx) != g.seats.end();
}

std::string option(const Table& t, const std::string& name) {
    const auto it = t.setup.options.find(name);
    return it != t.setup.options.end() ? it->second : "";
}

}  // namespace

void Tourneys::attach(storage::Database& db) {
    db_ = &db;
    for (const auto& row : db_->events({"signup", "running"}, 1000)) {
        arm(row);
        if (row.state == "running") back_.push_back(row.id);
    }
    // The first tick soon after the start, once the networks are back in their channels.
    tick_ = clock_.call_after(std::chrono::seconds(15), [this] { tick(); });
}

void Tourneys::tick() {
    tick_ = clock_.call_after(kTick, [this] { tick(); });
    try {
        for (const std::int64_t id : back_) {
            const auto e = db_->event(id);
            NetCtx* n = e ? net_of(e->event.network) : nullptr;
            if (!n || e->event.state != "running") continue;
            out_.send_to_channel(*n, e->event.channel,
                                 fmt::format("Tourney #{} is back after a restart: {}.", id,
                                             tourney::progress_text(*e, clock_.unix_now())));
        }
        back_.clear();
        // Whatever is left to do: a game not dealt (a deal the database refused), a round
        // complete while the daemon was down, an arena's time up.
        for (const auto& row : db_->events({"running"}, 1000)) advance(row.id);
    } catch (const std::exception& e) {
        log::warn("tourney: {}", e.what());
    }
}

void Tourneys::arm(const storage::EventRow& e) {
    if (const auto t = timers_.find(e.id); t != timers_.end()) {
        clock_.cancel(t->second);
        timers_.erase(t);
    }
    std::int64_t at = 0;
    if (e.state == "signup" && e.start_at > 0) at = e.start_at;
    if (e.state == "running" && e.format == "arena") at = e.ends;
    if (at <= 0) return;
    const std::int64_t wait = std::max<std::int64_t>(0, at - clock_.unix_now());
    timers_[e.id] = clock_.call_after(std::chrono::seconds(wait), [this, id = e.id] {
        timers_.erase(id);
        try {
            const auto ev = db_->event(id);
            if (!ev) return;
            if (ev->event.state == "signup")
                start(id);
            else
                advance(id);
        } catch (const std::exception& ex) {
            log::warn("tourney #{}: {}", id, ex.what());
        }
    });
}

void Tourneys::start(std::int64_t id) {
    auto e = db_->event(id);
    if (!e || e->event.state != "signup") return;
    NetCtx* n = net_of(e->event.network);
    if (!n) return;
    const auto count = std::count_if(e->players.begin(), e->players.end(),
                                     [](const auto& pl) { return !pl.withdrawn; });
    const std::int64_t now = clock_.unix_now();
    if (count < 2) {
        db_->event_state(id, "cancelled", 0, 0, now);
        out_.send_to_channel(*n, e->event.channel,
                             fmt::format("Tourney #{} is cancelled: {} signed up, 2 are needed.",
                                         id, count == 0 ? "nobody" : "one player"));
        return;
    }
    e->event.state = "running";
    e->event.started = now;
    e->event.ends = e->event.format == "arena" ? now + e->event.minutes * 60 : 0;
    db_->event_state(id, "running", now, e->event.ends, 0);
    arm(e->event);
    log::info("tourney #{} ({} {}) starts at {}/{} with {} players", id, e->event.kind,
              e->event.format, e->event.network, e->event.channel, count);
    advance(id);
}

void Tourneys::advance(std::int64_t id) {
    auto e = db_->event(id);
    if (!e || e->event.state != "running") return;
    NetCtx* n = net_of(e->event.network);
    if (!n) return;
    try {
        if (e->event.format == "arena") {
            if (clock_.unix_now() >= e->event.ends) {
                // Time is up: games still under way count for nothing (they play on).
                db_->in_transaction([&] {
                    for (const auto& g : e->games)
                        if (open_row(g)) db_->event_settle(id, g.round, g.board, {}, false, true);
                });
                finish(*db_->event(id), *n);
                return;
            }
            deal_pending(*e, *n);
            pair_arena(*db_->event(id), *n);
            return;
        }
        deal_pending(*e, *n);
        e = db_->event(id);
        if (!tourney::all_decided(*e)) return;
        const auto active = std::count_if(e->players.begin(), e->players.end(),
                                          [](const auto& pl) { return !pl.withdrawn; });
        if (tourney::rounds_paired(*e) >= e->event.rounds || active < 2) {
            finish(*e, *n);
            return;
        }
        if (e->event.format == "tables")
            pair_tables(*e, *n);
        else
            pair_swiss(*e, *n);
    } catch (const std::logic_error& ex) {
        log::error("tourney #{}: {}", id, ex.what());
    }
}

Tourneys::Dealt Tourneys::deal_pending(const Event& e, NetCtx& n) {
    Dealt out;
    const GameKind* kind = kind_of(e.event.kind);
    if (!kind) return out;
    // The pairings whose game is dealt already (under way, restored or in the writer).
    std::vector<std::pair<int, int>> dealt;
    for (const auto& [tid, t] : n.tables)
        if (option(*t, "event") == std::to_string(e.event.id))
            dealt.emplace_back(std::atoi(option(*t, "event.round").c_str()),
                               std::atoi(option(*t, "event.board").c_str()));
    for (const auto& g : e.games) {
        if (!open_row(g) || g.game_id) continue;
        if (std::find(dealt.begin(), dealt.end(), std::make_pair(g.round, g.board)) != dealt.end())
            continue;
        // A player who withdrew before their game was dealt loses it unplayed.
        std::vector<int> places;
        bool gone = false;
        for (const int p : g.seats) {
            const bool w = e.players[static_cast<std::size_t>(p)].withdrawn;
            places.push_back(w ? 2 : 1);
            gone = gone || w;
        }
        if (gone) {
            db_->event_settle(e.event.id, g.round, g.board, places, true, false);
            continue;
        }
        std::vector<Seat> seats;
        for (const int p : g.seats) {
            const auto& pl = e.players[static_cast<std::size_t>(p)];
            seats.push_back(Seat{nick_of(n, pl), pl.key});
        }
        const std::map<std::string, std::string> options{{"event", std::to_string(e.event.id)},
                                                         {"event.round", std::to_string(g.round)},
                                                         {"event.board", std::to_string(g.board)}};
        Table* t = tables_.deal_event_game(n, e.event.channel, *kind, seats, options,
                                           [id = e.event.id, round = g.round, board = g.board](
                                               storage::Database& d, std::int64_t game) {
                                               d.event_dealt(id, round, board, game);
                                           });
        if (t)
            out[{g.round, g.board}] = t->game_id;
        else
            log::warn("tourney #{}: round {} board {} not dealt; dealt again in a minute",
                      e.event.id, g.round + 1, g.board + 1);
    }
    return out;
}

void Tourneys::pair_swiss(const Event& e, NetCtx& n) {
    const auto pairing = events::swiss_pair_next(tourney::swiss_state(e));
    const int round = tourney::rounds_paired(e);
    {
        db_->in_transaction([&] {
            int board = 0;
            for (const auto& g : pairing.round.games) {
                storage::EventGameRow row;
                row.round = round;
                row.board = board++;
                row.seats = {g.first, g.second};
                db_->event_pairing(e.event.id, row);
            }
            for (const auto& b : pairing.round.byes) {
                storage::EventGameRow row;
                row.round = round;
                row.board = board++;
                row.seats = {b.player};
                row.bye = b.kind == events::ByeKind::Full   ? "full"
                          : b.kind == events::ByeKind::Half ? "half"
                                                            : "zero";
                db_->event_pairing(e.event.id, row);
            }
        });
    }
    const auto dealt = deal_pending(*db_->event(e.event.id), n);
    tell_round(*db_->event(e.event.id), n, round, 0, dealt);
}

void Tourneys::pair_tables(const Event& e, NetCtx& n) {
    const auto seated = events::seat_next_round(tourney::table_event(e));
    const int round = tourney::rounds_paired(e);
    {
        db_->in_transaction([&] {
            int board = 0;
            for (const auto& t : seated.tables) {
                storage::EventGameRow row;
                row.round = round;
                row.board = board++;
                row.seats = t.seats;
                db_->event_pairing(e.event.id, row);
            }
        });
    }
    const auto dealt = deal_pending(*db_->event(e.event.id), n);
    tell_round(*db_->event(e.event.id), n, round, 0, dealt);
}

void Tourneys::pair_arena(const Event& e, NetCtx& n) {
    std::vector<events::ArenaFree> free;
    const auto standing =
        events::arena_standings(static_cast<int>(e.players.size()), tourney::arena_games(e));
    for (const auto& pl : e.players) {
        if (pl.withdrawn) continue;
        if (std::any_of(e.games.begin(), e.games.end(), [&](const storage::EventGameRow& g) {
                return open_row(g) && seats_player(g, pl.idx);
            }))
            continue;  // playing
        events::ArenaFree f;
        f.player = pl.idx;
        for (const auto& s : standing)
            if (s.player == pl.idx) f.points = s.points;
        for (const auto& g : e.games) {
            if (g.seats.size() != 2 || !seats_player(g, pl.idx)) continue;
            f.first_balance += g.seats[0] == pl.idx ? 1 : -1;
            if (g.done >= f.free_since) {
                f.free_since = g.done;
                f.last_opponent = g.seats[0] == pl.idx ? g.seats[1] : g.seats[0];
            }
        }
        free.push_back(f);
    }
    if (free.size() < 2) return;
    const auto pairs = events::arena_pair(free);
    if (pairs.empty()) return;
    const int first_board = static_cast<int>(e.games.size());
    {
        db_->in_transaction([&] {
            int board = first_board;
            for (const auto& g : pairs) {
                storage::EventGameRow row;
                row.round = 0;
                row.board = board++;
                row.seats = {g.first, g.second};
                db_->event_pairing(e.event.id, row);
            }
        });
    }
    const auto dealt = deal_pending(*db_->event(e.event.id), n);
    tell_round(*db_->event(e.event.id), n, 0, first_board, dealt);
}

void Tourneys::tell_round(const Event& e, NetCtx& n, int round, int first_board,
                          const Dealt& dealt) {
    const auto& ev = e.event;
    const auto nick = [&](int idx) { return nick_of(n, e.players[static_cast<std::size_t>(idx)]); };
    std::vector<std::string> said;
    std::vector<std::string> byes;
    for (const auto* g : tourney::round_rows(e, round)) {
        if (g->board < first_board) continue;
        if (!g->bye.empty()) {
            if (g->bye == "full") byes.push_back(nick(g->seats[0]));
            continue;
        }
        std::vector<std::string> names;
        for (const int p : g->seats) names.push_back(nick(p));
        const auto d = dealt.find({g->round, g->board});
        const std::int64_t game = d != dealt.end() ? d->second : g->game_id;
        std::string text = fmt::format("{}", fmt::join(names, " v "));
        if (game)
            text += fmt::format(" (#{})", game);
        else if (!g->places.empty())
            text += " (forfeit)";
        said.push_back(text);
        if (!game) continue;
        // Who plays first is the game's to say (a VCG duel: the one whose cards have more
        // levels); where both play at once, the first seat.
        std::size_t first = 0;
        if (const Table* t = tables_.table_of_game(n, game); t && t->game)
            if (const auto awaited = t->game->awaited(); awaited.size() == 1)
                first = static_cast<std::size_t>(awaited.front());
        // Each player, in private: whom they play, where.
        for (std::size_t i = 0; i < g->seats.size(); ++i) {
            std::vector<std::string> others;
            for (std::size_t j = 0; j < g->seats.size(); ++j)
                if (j != i) others.push_back(nick(g->seats[j]));
            const auto& pl = e.players[static_cast<std::size_t>(g->seats[i])];
            out_.send_to_nick(
                n, nick(g->seats[i]), pl.key,
                fmt::format("Tourney #{}{}: you play {} in {}{}{}.", ev.id,
                            ev.format == "arena" ? "" : fmt::format(", round {}", round + 1),
                            names_text(others, 8), ev.channel,
                            game ? fmt::format(", game #{}", game) : "",
                            i == first && g->seats.size() == 2 ? ", you play first" : ""),
                true);
        }
    }
    for (const auto* g : tourney::round_rows(e, round))
        if (g->board >= first_board && g->bye == "full") {
            const auto& pl = e.players[static_cast<std::size_t>(g->seats[0])];
            out_.send_to_nick(
                n, nick(g->seats[0]), pl.key,
                fmt::format("Tourney #{}, round {}: you have a bye (1 point).", ev.id, round + 1),
                true);
        }
    if (said.empty() && byes.empty()) return;
    std::string line = ev.format == "arena"
                           ? fmt::format("Tourney #{}: {}", ev.id, fmt::join(said, ", "))
                           : fmt::format("Tourney #{}, round {} of {}: {}", ev.id, round + 1,
                                         ev.rounds, fmt::join(said, ", "));
    if (!byes.empty()) line += fmt::format("; bye: {}", fmt::join(byes, ", "));
    out_.send_to_channel(n, ev.channel, line + ".");
}

void Tourneys::game_over(std::int64_t event) {
    try {
        advance(event);
    } catch (const std::exception& e) {
        log::warn("tourney #{}: {}", event, e.what());
    }
}

void Tourneys::finish(const Event& e, NetCtx& n) {
    const auto& ev = e.event;
    db_->event_state(ev.id, "over", ev.started, ev.ends, clock_.unix_now());
    if (const auto t = timers_.find(ev.id); t != timers_.end()) {
        clock_.cancel(t->second);
        timers_.erase(t);
    }
    const auto lines = tourney::standings(e);
    std::string said;
    for (std::size_t i = 0; i < lines.size() && i < 5; ++i)
        said += fmt::format("{}{}. {} {}", i ? ", " : "", lines[i].place, lines[i].nick,
                            lines[i].points);
    const auto* kind = kind_of(ev.kind);
    std::string line =
        fmt::format("Tourney #{} ({} {}) is over: {}{}.", ev.id, kind ? kind->title() : ev.kind,
                    tourney::format_title(ev.format), said.empty() ? "no games" : said,
                    lines.size() > 5 ? fmt::format(" ({} players)", lines.size()) : "");
    if (const std::string web = link(ev.id); !web.empty()) line += " " + web;
    out_.send_to_channel(n, ev.channel, line);
    log::info("tourney #{} is over", ev.id);
}

}  // namespace croupier::bot
