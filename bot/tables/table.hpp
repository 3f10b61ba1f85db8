// One table: a running game in one place (a channel table, or a game in private messages),
// its seats, its timers. Tables have ids: a channel may hold several at once, and a person
// may sit at several. The logic lives in bot/tables/*.cpp.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bot/clock.hpp"
#include "bot/game.hpp"

namespace croupier::storage {
class Database;
}

namespace croupier::bot {

struct NetCtx;
class SeatingWay;
using TableId = std::int64_t;

struct Seat {
    std::string nick;  // as shown now
    std::string key;   // the person who holds it (bot/people.hpp); "*cpuN" for a computer
    bool computer = false;
    bool away = false;  // parted/quit/kicked: kept for the grace period, told nothing
    // While the table awaits this seat's move: when it is warned and when its time is out
    // (kNever: not running). The table's one seat timer is due at the first of them
    // (TableTimers::Slot::Seats).
    TimePoint warn_due = kNever, turn_due = kNever;
    int timeouts = 0;  // in a row
    bool out = false;  // left the game (forfeit)
};

struct Table {
    TableId id = 0;  // this run's id (the game's database id once it is dealt)
    // When the table's timer in each slot (the first of a slot's: index 0) is due, as
    // TableTimers' map has it, kept by TableTimers alone: a move asks whether its wake-up and
    // seat timers run without a lookup in the map of every table's timers.
    mutable std::array<TimePoint, 8> timer_due = [] {
        std::array<TimePoint, 8> a;
        a.fill(kNever);
        return a;
    }();
    NetCtx* net = nullptr;
    const GameKind* kind = nullptr;
    // The way of seating that owns it (bot/tables/way.hpp), given by the factory when the
    // table is made: what happens at its join window's end, before its deal, when a seat is
    // given up before the deal, and its words.
    SeatingWay* way = nullptr;
    std::string place;        // channel name, or the player's nick for private games
    std::string place_key;    // the folded channel; "" for a private game
    bool in_private = false;  // a private game (Spider, Encounters): in private messages
    enum class Phase { Joining, Playing } phase = Phase::Joining;
    std::vector<Seat> seats;
    std::string opener_key;
    // A duel's challenge: the folded nick challenged, "" for a challenge open to anyone.
    std::string challenged;
    std::string challenged_nick;     // as typed
    std::int64_t join_deadline = 0;  // unix seconds: the join window (a challenge) ends
    std::string lobby_opener;        // the opener its saved row is under ("": not saved)
    // Its players are all there (a challenge accepted, a join window over with enough
    // players) but the channel's games are all under way: it is dealt when one of them ends,
    // the first ready first (bot/tables/dealing.cpp, Dealing::ready_to_start).
    bool ready = false;
    // The bot was away (a restart, a long disconnect): the table says it is back, in one
    // line, once the bot is in the channel again (bot/tables/restore.cpp, tell_back).
    enum class Back { No, Restart, Reconnect } back = Back::No;
    // Its timers are TableTimers' (bot/tables/table_timers.hpp), by the table's id.
    // Joins are announced together when they come in a burst (a big table fills fast).
    std::vector<std::string> pending_joins;
    // Other comings and goings (computer players added, players leaving or coming back, as
    // in a netsplit): the first is told at once, the rest of a burst in one line; the
    // burst's window is open while its timer (Slot::Burst) runs.
    enum class BurstKind { ComputersAdded = 0, SeatsLeft = 1, SeatsBack = 2 };
    struct Burst {
        std::vector<std::string> names;
    };
    Burst bursts[3];  // by BurstKind
    std::unique_ptr<Game> game;
    GameSetup setup;
    // A game an event deals (bot/tourney/): options its setup gets at the deal (the event,
    // round and board, "event" among them), and what the deal's unit also writes (that the
    // pairing has its game). Empty for every other table.
    std::map<std::string, std::string> deal_options;
    std::function<void(storage::Database&, std::int64_t game_id)> with_deal;
    std::int64_t game_id = 0;
    std::int64_t seq = 0;
    std::int64_t started_unix = 0;
    std::int64_t last_activity = 0;
    std::int64_t last_move_unix = 0;  // when the last move was journaled (wake-ups count from it)
    std::vector<int> movers;          // seats that moved since the timers were last set
    // Moves whose lines have not all left the send queue yet: a turn's clock starts once the
    // lines telling the player it is their turn have been sent (Moves::deliver holds them).
    int unsent = 0;
    bool busy = false;  // a background job (hint) is running for it
    // This table's moves as they stand in memory. A write that fails takes the table back to
    // what is committed, under a new epoch: results of writes made before that are ignored.
    std::uint64_t epoch = 0;
    // The game threw in the middle of a move (a bug): it may be half changed, so it takes no
    // more moves until the writer has refused its unit and the table is taken back.
    bool faulted = false;

    // The seat `person` holds (or held, if out), or -1.
    int seat_of(const std::string& person) const {
        for (std::size_t i = 0; i < seats.size(); ++i)
            if (seats[i].key == person) return static_cast<int>(i);
        return -1;
    }
    bool awaits(int seat) const {
        if (!game || game->finished()) return false;
        for (int s : game->awaited())
            if (s == seat) return true;
        return false;
    }
    bool seated(const std::string& person) const {
        const int s = seat_of(person);
        return s >= 0 && !seats[static_cast<std::size_t>(s)].out;
    }
};

}  // namespace croupier::bot
