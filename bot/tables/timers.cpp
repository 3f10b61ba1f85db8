// Timers: each seat the game awaits has a time limit, counted from when the line telling
// it its turn was sent, with a warning before it runs out; on
// time-out the game's safe move is played for them, and two in a row put them out. A game
// may also ask to be woken. Timers stop while the link is down and start afresh once the
// bot is back.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>

#include <fmt/format.h>

#include "bot/log.hpp"
#include "bot/strings.hpp"
#include "bot/tables/turns.hpp"

#include "bot/tables/services.hpp"
#include "bot/tables/text.hpp"

namespace croupier::bot {

namespace {
// A wake-up whose move could not be saved tries again after this long.
constexpr auto kWakeRetry = std::chrono::seconds(5);
}  // namespace

void TurnTimers::cancel_seat_timers(Seat& s) {
    // The table's seat timer is left to run: when it fires it finds nothing due here.
    s.warn_due = s.turn_due = kNever;
}

void TurnTimers::cancel_timers(Table& t) {
    timers.cancel_all(t);
    for (auto& s : t.seats) cancel_seat_timers(s);
}

void TurnTimers::arm_timers(Table& t) {
    timers.cancel(t, Slot::Wake);
    const bool live = t.game && !t.game->finished() && t.phase == Table::Phase::Playing;
    const bool up = t.net->net->registered();
    const config::TableConfig* tc = t.in_private ? nullptr : &table_config(*t.kind);
    const TimePoint now = clock.now();
    for (std::size_t i = 0; i < t.seats.size(); ++i) {
        Seat& s = t.seats[i];
        const int seat = static_cast<int>(i);
        const bool want = live && tc && up && !s.computer && !s.out && t.awaits(seat);
        if (!want || std::find(t.movers.begin(), t.movers.end(), seat) != t.movers.end())
            cancel_seat_timers(s);
        if (!want || s.turn_due != kNever) continue;
        // Its clock starts when the lines that tell it its turn have left (arm_timers runs
        // again then: see TurnTimers::hold_lines).
        if (t.unsent > 0) continue;
        const Duration full = std::chrono::duration_cast<Duration>(tc->turn_timeout);
        const Duration warn = std::chrono::duration_cast<Duration>(tc->turn_warning);
        s.turn_due = now + full;
        if (warn.count() > 0 && full > warn) s.warn_due = now + (full - warn);
    }
    t.movers.clear();
    schedule_seat_timer(t);
    if (!live) return;
    if (const auto after = t.game->wake_after()) {
        const std::int64_t due = t.last_move_unix + after->count();
        const Duration delay{std::max<std::int64_t>(0, due - clock.unix_now()) * 1000};
        timers.after(t, Slot::Wake, delay, [this](Table& tt) {
            NetCtx& n = *tt.net;
            const TableId id = tt.id;
            if (s.moves.commit(tt, -1, "wake", "")) return;
            if (Table* t2 = s.registry.table_by_id(n, id))
                timers.after(*t2, Slot::Wake, kWakeRetry, [this](Table& t3) { arm_timers(t3); });
        });
    }
}

// The seat timer is due no later than the first seat limit. A later limit leaves an earlier
// timer as it is (it fires, finds nothing due, and sets itself again): a move costs no timer
// operations, only the table's first turn and a limit that comes sooner do.
void TurnTimers::schedule_seat_timer(Table& t) {
    TimePoint first = kNever;
    for (const auto& s : t.seats) first = std::min({first, s.warn_due, s.turn_due});
    if (first == kNever || timers.due(t, Slot::Seats) <= first) return;
    timers.at(t, Slot::Seats, first, [this](Table& tt) { seat_timer_fired(*tt.net, tt.id); });
}

void TurnTimers::seat_timer_fired(NetCtx& n, TableId id) {
    Table* t = s.registry.table_by_id(n, id);
    if (!t) return;
    const TimePoint now = clock.now();
    // Seat by seat, finding the table again after each: a time-out is a move, and may end
    // the game or the table.
    for (std::size_t i = 0;; ++i) {
        t = s.registry.table_by_id(n, id);
        if (!t || i >= t->seats.size()) break;
        Seat& s = t->seats[i];
        const int seat = static_cast<int>(i);
        if (s.turn_due <= now) {
            s.warn_due = s.turn_due = kNever;
            if (t->awaits(seat)) turn_timed_out(*t, seat);
        } else if (s.warn_due <= now) {
            s.warn_due = kNever;
            if (t->awaits(seat)) warn_seat(*t, seat);
        }
    }
    if (Table* tt = s.registry.table_by_id(n, id)) schedule_seat_timer(*tt);
}

void TurnTimers::warn_seat(Table& t, int seat) {
    const Seat& s = t.seats[static_cast<std::size_t>(seat)];
    const Duration warn = std::chrono::duration_cast<Duration>(table_config(*t.kind).turn_warning);
    // The safe move the bot would make, as the way out: "(or !draw)".
    const std::string safe = t.game->timeout_action(seat);
    const std::string way_out = safe.empty() || safe == "leave" ? "" : t.way->way_out(t, safe);
    tell(t, fmt::format("{}: {} left to play{}.", s.nick, seconds_text(warn), way_out));
}

std::string TurnTimers::timeouts_name(std::int64_t game_id, std::size_t seat) {
    return fmt::format("timeouts:{}:{}", game_id, seat);
}

void TurnTimers::turn_timed_out(Table& t, int seat) {
    Seat& st = t.seats[static_cast<std::size_t>(seat)];
    const std::string nick = st.nick;
    const int timeouts = st.timeouts;
    Checked<Done> done = Done{};
    if (timeouts + 1 >= 2) {
        done = s.moves.commit(
            t, seat, "leave", "",
            fmt::format("{} ran out of time twice in a row and is out of the game.", nick));
    } else {
        const std::string safe = t.game->timeout_action(seat);
        const auto [cmd, args] = split_command(safe);
        done = s.moves.commit(t, seat, cmd, args,
                              fmt::format("{} ran out of time: the bot plays {} for them (a second "
                                          "time in a row puts them out of the game).",
                                          nick, t.game->timeout_text(seat, safe)));
        if (!done && !t.seats[static_cast<std::size_t>(seat)].out) {
            log::error("time-out move refused at {}: {}", t.place, done.why());
            done = s.moves.commit(t, seat, "leave", "",
                                  fmt::format("{} ran out of time and is out of the game.", nick));
        }
    }
    if (done) {
        t.seats[static_cast<std::size_t>(seat)].timeouts = timeouts + 1;
        // In the time-out move's unit: taken back with it, kept through a restart with it.
        if (!t.seats[static_cast<std::size_t>(seat)].out)
            commits.write(t, [name = timeouts_name(t.game_id, static_cast<std::size_t>(seat)),
                              n = timeouts + 1](storage::Database& d) {
                d.set_value(name, std::to_string(n));
            });
        return;
    }
    // Not saved: the table is as it was; the seat's timer runs again so the game goes on.
    log::warn("{}: the time-out move for {} could not be saved; its timer starts again", t.place,
              nick);
    arm_timers(t);
}

void TurnTimers::pause_timers(NetCtx& n) {
    for (auto& [id, t] : n.tables) {
        for (auto& s : t->seats) cancel_seat_timers(s);
        timers.cancel(*t, Slot::Seats);
    }
}

void TurnTimers::resume_timers(NetCtx& n) {
    // Fresh timers: the players may not have seen the last lines while the bot was away.
    // A computer player whose turn it is moves now: the daemon may have died between a
    // person's move and its answer (the kill test found that table waiting for ever).
    std::vector<TableId> playing;
    for (auto& [id, t] : n.tables)
        if (t->phase == Table::Phase::Playing) playing.push_back(id);
    for (const TableId id : playing)
        if (Table* t = s.registry.table_by_id(n, id))
            s.moves.play_computers(*t);  // then the timers
}

}  // namespace croupier::bot
