// Turn timers: the seat the game waits for has a time limit, with a warning before it runs
// out; on time-out the game's safe move is played for them, and two in a row put them out.
// Timers stop while the link is down and start afresh once the bot is back.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <fmt/format.h>

#include "bot/daemon_impl.hpp"
#include "bot/log.hpp"
#include "bot/strings.hpp"
#include "bot/tables/text.hpp"

namespace croupier::bot {

void Daemon::Impl::cancel_timers(Table& t) {
    clock.cancel(t.turn_timer);
    clock.cancel(t.warn_timer);
    clock.cancel(t.join_timer);
    clock.cancel(t.joins_timer);
    t.turn_timer = t.warn_timer = t.join_timer = t.joins_timer = 0;
    for (auto& s : t.seats) {
        clock.cancel(s.grace_timer);
        s.grace_timer = 0;
    }
}

void Daemon::Impl::arm_turn_timer(Table& t) {
    clock.cancel(t.turn_timer);
    clock.cancel(t.warn_timer);
    t.turn_timer = t.warn_timer = 0;
    t.paused_left.reset();
    if (t.solitaire || !t.game || t.game->finished()) return;
    const auto turn = t.game->turn();
    if (!turn || *turn < 0 || *turn >= static_cast<int>(t.seats.size())) return;
    const auto& tc = table_config(*t.kind);
    const Duration full = std::chrono::duration_cast<Duration>(tc.turn_timeout);
    if (!t.net->net->registered()) {
        t.paused_left = full;
        return;
    }
    NetCtx* n = t.net;
    const TableId id = t.id;
    const int seat = *turn;
    const std::int64_t seq = t.seq;
    const Duration warn = std::chrono::duration_cast<Duration>(tc.turn_warning);
    t.turn_deadline = clock.now() + full;
    if (warn.count() > 0 && full > warn) {
        t.warn_timer = clock.call_after(full - warn, [this, n, id, seat, seq, warn] {
            Table* tt = table_by_id(*n, id);
            if (!tt || tt->seq != seq) return;
            tt->warn_timer = 0;
            const Seat& s = tt->seats[static_cast<std::size_t>(seat)];
            // The safe move the bot would make, as the way out: "(or !draw)".
            const std::string safe = tt->game->timeout_action(seat);
            const std::string way_out = safe.empty() || safe == "leave"
                                            ? ""
                                            : fmt::format(" (or {}{})", cfg.bot.prefix, safe);
            send_to_channel(
                *n, tt->place,
                fmt::format("{}: {} left to play{}.", s.nick, seconds_text(warn), way_out));
        });
    }
    t.turn_timer = clock.call_after(full, [this, n, id, seat, seq] {
        Table* tt = table_by_id(*n, id);
        if (!tt || tt->seq != seq) return;
        tt->turn_timer = 0;
        turn_timed_out(*tt, seat);
    });
}

void Daemon::Impl::turn_timed_out(Table& t, int seat) {
    Seat& s = t.seats[static_cast<std::size_t>(seat)];
    const std::string nick = s.nick;
    std::string err;
    if (s.timeouts + 1 >= 2) {
        err =
            commit(t, seat, "leave", "",
                   fmt::format("{} ran out of time twice in a row and is out of the game.", nick));
    } else {
        const std::string safe = t.game->timeout_action(seat);
        const auto [cmd, args] = split_command(safe);
        err = commit(t, seat, cmd, args,
                     fmt::format("{} ran out of time: the bot plays {} for them.", nick, safe));
        if (!err.empty() && !t.seats[static_cast<std::size_t>(seat)].out) {
            log::error("time-out move refused at {}: {}", t.place, err);
            err = commit(t, seat, "leave", "",
                         fmt::format("{} ran out of time and is out of the game.", nick));
        }
    }
    if (err.empty()) {
        // Counted once the move is made (commit() reset the count for a move of theirs).
        if (seat < static_cast<int>(t.seats.size()))
            ++t.seats[static_cast<std::size_t>(seat)].timeouts;
        return;
    }
    // Not saved: the table is as it was; the timer runs again so the game does not hang.
    log::warn("{}: the time-out move for {} could not be saved; trying again at the next timer",
              t.place, nick);
    arm_turn_timer(t);
}

void Daemon::Impl::pause_timers(NetCtx& n) {
    for (auto& [id, t] : n.tables) {
        if (!t->turn_timer) continue;
        const auto left = t->turn_deadline - clock.now();
        t->paused_left = std::max(Duration{1000}, std::chrono::duration_cast<Duration>(left));
        clock.cancel(t->turn_timer);
        clock.cancel(t->warn_timer);
        t->turn_timer = t->warn_timer = 0;
    }
}

void Daemon::Impl::resume_timers(NetCtx& n) {
    for (auto& [id, t] : n.tables) {
        if (t->solitaire || t->phase != Table::Phase::Playing || t->turn_timer) continue;
        // A fresh timer: the player may not have seen the last lines while we were away.
        arm_turn_timer(*t);
    }
}

}  // namespace croupier::bot
