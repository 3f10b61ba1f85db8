// Tournaments (issue 44, docs/PLAYING.md "Tournaments", the rules in docs/games/events.md):
// `!tourney swiss|arena GAME ...` opens one in a channel, people join, and the bot deals
// each round's games there at once (Tables::deal_event_game: an event's games do not wait
// for the channel's room), tells every pairing in one channel line and to each player in
// private, and pairs again as results come in: Swiss and arena for the duel games, rounds of
// tables for a table game. The pairing and the standings are bot/events/ (pure); this is the
// daemon's side: commands, storage, timers, deals.
//
// The database is the state: an event's players, its pairings and the game dealt for each;
// a game's result is written with the game's end, in its unit (bot/tables/commit.cpp). Every
// step reads the event again and does what is left (deal what has no game, pair the next
// round once one is complete, end what is over), so a restart at any point goes on from
// where it was.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bot/clock.hpp"
#include "bot/router.hpp"
#include "bot/tables/tables.hpp"
#include "config/config.hpp"
#include "storage/storage.hpp"

namespace croupier::bot {

namespace tourney {
// The most rounds of a Swiss or of tables, and an arena's shortest and longest minutes.
inline constexpr int kMaxRounds = 15;
inline constexpr int kDefaultRounds = 3;
inline constexpr int kMinMinutes = 5;
inline constexpr int kMaxMinutes = 240;
inline constexpr int kDefaultMinutes = 30;
// One line of an event's standings, best first, as the commands and the pages show it.
struct Line {
    int idx = -1;  // the player
    int place = 0;
    std::string nick;
    std::int64_t person = 0;
    std::string points;     // "2½" (Swiss, tables) or "6" (arena)
    std::string tiebreaks;  // "Bh 4, SB 3¼"; "" for an arena
    int games = 0;
    bool withdrawn = false;
    bool on_fire = false;  // an arena's streak
};
std::vector<Line> standings(const storage::EventFull& e);
// "Swiss", "arena", "rounds of tables".
std::string format_title(const std::string& format);
// "round 2 of 3", "18 min left"...: where an event is, `now` in unix seconds.
std::string progress_text(const storage::EventFull& e, std::int64_t now);
}  // namespace tourney

class Tourneys {
  public:
    using Kinds = std::vector<std::shared_ptr<GameKind>>;
    Tourneys(Clock& clock, const config::Config& cfg, const Kinds& kinds, Tables::Nets& nets,
             Tables& tables, TablesHost& out, const Router& router);
    ~Tourneys();
    Tourneys(const Tourneys&) = delete;
    Tourneys& operator=(const Tourneys&) = delete;
    // The database, once open: timers of events under way are armed again, and a minute
    // later (the networks back in their channels) each says it is back and goes on.
    void attach(storage::Database& db);
    void add_commands(std::vector<Command>& commands);

  private:
    using Event = storage::EventFull;
    void cmd(Request& r);
    void open(Request& r, const std::vector<std::string>& words);
    void join(Request& r);
    void leave(Request& r);
    void start_cmd(Request& r);
    void cancel(Request& r);
    void show(Request& r, const std::vector<std::string>& words);
    std::string usage() const;
    // The event open (sign-up or running) in r's channel.
    std::optional<Event> here(Request& r);
    bool may_run(Request& r, const Event& e);  // the opener or an admin; says no otherwise

    // Runs the event on: deals what has no game, pairs the next round or the free players,
    // ends it when it is over. Idempotent; every change and the minute's tick call it.
    void advance(std::int64_t id);
    void start(std::int64_t id);
    void pair_swiss(const Event& e, NetCtx& n);
    void pair_tables(const Event& e, NetCtx& n);
    void pair_arena(const Event& e, NetCtx& n);
    // The games dealt now, by round and board (their numbers, before the database has them).
    using Dealt = std::map<std::pair<int, int>, std::int64_t>;
    Dealt deal_pending(const Event& e, NetCtx& n);
    void finish(const Event& e, NetCtx& n);
    // The round's one channel line and each player's private line.
    void tell_round(const Event& e, NetCtx& n, int round, int first_board, const Dealt& dealt);
    void game_over(std::int64_t event);
    void tick();
    void arm(const storage::EventRow& e);
    std::string link(std::int64_t id) const;
    std::string nick_of(NetCtx& n, const storage::EventPlayerRow& p) const;
    NetCtx* net_of(const std::string& network);
    const GameKind* kind_of(const std::string& name) const { return find_kind(kinds_, name); }

    Clock& clock_;
    const config::Config& cfg_;
    const Kinds& kinds_;
    Tables::Nets& nets_;
    Tables& tables_;
    TablesHost& out_;
    const Router& router_;
    storage::Database* db_ = nullptr;
    TimerId tick_ = 0;
    std::map<std::int64_t, TimerId> timers_;  // an event's start or time up
    std::vector<std::int64_t> back_;          // events to say are back, at the first tick
};

}  // namespace croupier::bot
