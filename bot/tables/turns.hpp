// Turn clocks (bot/tables/timers.cpp): each awaited seat's limit and its warning, the
// time-out's safe move, a game's wake-up; paused while the link is down.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

#include "bot/tables/part.hpp"

namespace croupier::bot {

class TurnTimers : public TablePart {
  public:
    using TablePart::TablePart;

    // After moves: each awaited seat has its turn timer (a seat that just moved, afresh),
    // seats no longer awaited have none, and the game's wake-up is set.
    void arm_timers(Table& t);
    void cancel_timers(Table& t);
    // Disconnected: games wait; connected again: their clocks run.
    void pause_timers(NetCtx& n);
    void resume_timers(NetCtx& n);
    // The database's name for a seat's time-outs in a row (kv), read back on restore.
    static std::string timeouts_name(std::int64_t game_id, std::size_t seat);

  private:
    void schedule_seat_timer(Table& t);
    void seat_timer_fired(NetCtx& n, TableId id);
    void warn_seat(Table& t, int seat);
    static void cancel_seat_timers(Seat& s);
    void turn_timed_out(Table& t, int seat);
};

}  // namespace croupier::bot
