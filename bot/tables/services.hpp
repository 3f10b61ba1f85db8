// What every part of the table layer shares, passed once (each part holds a reference, see
// bot/tables/part.hpp): the daemon's parts, the database and the writer, the commit path's
// bookkeeping, the timers, table ids, and the parts themselves, each a class over one
// concern. Tables (bot/tables/tables.hpp) owns it and is the daemon's front to it.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>

#include "bot/tables/dealing.hpp"
#include "bot/tables/lobby.hpp"
#include "bot/tables/moves.hpp"
#include "bot/tables/part.hpp"
#include "bot/tables/play.hpp"
#include "bot/tables/presence.hpp"
#include "bot/tables/registry.hpp"
#include "bot/tables/restore.hpp"
#include "bot/tables/seatings.hpp"
#include "bot/tables/turns.hpp"

namespace croupier::bot {

class TableServices : public TablesParts {
  public:
    explicit TableServices(const TablesParts& parts);
    ~TableServices();
    TableServices(const TableServices&) = delete;
    TableServices& operator=(const TableServices&) = delete;

    storage::Database* db = nullptr;    // read (and written outside moves) on the event loop
    storage::Writer* writer = nullptr;  // every move and every end of a game
    // Each table's writes and lines from this turn of the event loop, and the units in
    // flight; a unit back from the writer is Moves::unit_back's.
    CommitPath commits;
    TableTimers timers;  // every table's timers: a timer never fires for a table that is gone
    TableId next_table_id = 1;
    std::uint64_t next_epoch = 1;
    std::shared_ptr<int> alive = std::make_shared<int>(0);  // posted tasks and holds check it
    // An event's game ended, its result recorded (bot/tourney/ listens): the network, the
    // event, the game.
    std::function<void(std::int64_t event)> event_game_over;

    Registry registry;   // building, finding and routing (registry.cpp)
    Moves moves;         // the one commit path, delivery, the end of a game (commit.cpp)
    TurnTimers turns;    // turn limits, warnings, time-outs, wake-ups (timers.cpp)
    Lobby lobby;         // tables taking players, saved and restored (lobby.cpp)
    Dealing dealing;     // what the ways share: the deal, room, bursts (dealing.cpp)
    Seatings seatings;   // the ways of seating and their factory (seatings.cpp, way_*.cpp)
    TableCommands play;  // the commands at a table (play.cpp)
    Presence presence;   // people coming and going (presence.cpp)
    Restorer restorer;   // start-up, coming back, abandoned games (restore.cpp)
};

}  // namespace croupier::bot
