// What every way of seating shares (bot/tables/dealing.cpp): the deal (a game's record
// first), a table that could not be dealt, a computer player sitting down, joins and other
// comings and goings told in bursts, and room in a channel (tables_per_channel; tables
// ready and waiting for it).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "bot/tables/part.hpp"
#include "bot/tables/seating_rules.hpp"

namespace croupier::bot {

class Dealing : public TablePart {
  public:
    explicit Dealing(TableServices& services);

    // The rules every way shares (room in a channel, the one table a person holds waiting).
    SeatingRules rules;

    // A new table in r's channel, r's person seated as its opener, its join window (a
    // duel: the challenge) running.
    Table& open_here(Request& r, const GameKind& kind);
    // false, with the reply saying which they hold and how to give it up, when r's person
    // holds a table waiting in r's channel already (one is the most).
    bool one_window(Request& r);
    // Tells r's person `no` (a refusal, or only a word): true if there was one.
    bool said_no(Request& r, const SeatingAnswer& no);
    // Room for a game of `kind` to start in `place` now, or why not (SeatingRules::room).
    Checked<Done> room_in(NetCtx& n, const std::string& place, const GameKind& kind);
    std::string seat_computer(Table& t);  // a computer player sits down (untold): its name
    // Every player is there: dealt now if the channel has room, else it waits (said once)
    // and is dealt when a game there ends, the first ready first.
    void ready_to_start(Table& t);
    // A game in the channel ended (or the bot is back in it): waiting tables that fit start.
    void start_ready(NetCtx& n, const std::string& place_key);
    void begin_game(Table& t);
    // A new game's record (open, started now), numbered; throws (the database's error) if
    // no number can be read.
    storage::GameRecord new_game_record(const GameKind& kind, const NetCtx& n,
                                        const std::string& place, const GameSetup& setup);
    // The unit with a game's deal was refused: a channel table is open for joins again, a
    // private game is gone; its players are told.
    void deal_not_saved(Table& t);
    void announce_joins(Table& t);
    // Comings and goings in bursts: the first name is told at once; names that follow
    // within 2 s (and so on while the burst lasts) are told together in one line. `text`
    // makes the line from the names ("a, b and 3 others") and how many there are.
    using BurstText =
        std::function<std::string(const Table& t, const std::string& names, std::size_t count)>;
    void tell_burst(Table& t, Table::BurstKind kind, const std::string& name, BurstText text);

  private:
    void flush_burst(Table& t, Table::BurstKind kind, BurstText text);
    std::int64_t take_game_id();
    // Games are numbered as they are dealt (their row goes to the writer with the deal):
    // the next number, read from the database on the first deal.
    std::int64_t next_game_id = 0;
};

}  // namespace croupier::bot
