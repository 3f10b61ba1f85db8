// The tables' timers, one owner. Each table has a few timers, each in a slot of its own (its
// join window, its seats' turn limits, a wake-up its game asked for, ...): at most one runs
// in a slot, and setting a slot again replaces what ran there. When a timer fires, its
// callback gets the table found again by its network and id, and never runs for a table
// that is gone; closing a table cancels all of its timers. What the timers mean (turn
// limits, warnings, time-outs) is the tables' own (bot/tables/timers.cpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>

#include "bot/clock.hpp"
#include "bot/tables/table.hpp"

namespace croupier::bot {

class TableTimers {
  public:
    enum class Slot : std::uint8_t {
        JoinWindow,  // the join window, or a duel's challenge, ends (lobby.cpp)
        Joins,       // the joins of a burst are told together (dealing.cpp)
        Burst,       // other comings and goings told together; `index`: the Table::BurstKind
        Grace,       // an away seat is given up; `index`: the seat
        Seats,       // the first of the seats' turn limits (timers.cpp)
        Wake,        // the game asked to be woken (Game::wake_after)
        Retry,       // a computer player's move that could not be saved, tried again
    };
    using Fn = std::function<void(Table& t)>;

    explicit TableTimers(Clock& clock) : clock_(clock) {}
    ~TableTimers();  // every timer cancelled: none fires after this
    TableTimers(const TableTimers&) = delete;
    TableTimers& operator=(const TableTimers&) = delete;

    // `fn` runs at `when` (after `d`) with the table found again, unless the table is gone
    // or the slot was set again or cancelled first.
    void at(const Table& t, Slot s, TimePoint when, Fn fn, int index = 0);
    void after(const Table& t, Slot s, Duration d, Fn fn, int index = 0) {
        at(t, s, clock_.now() + d, std::move(fn), index);
    }
    void cancel(const Table& t, Slot s, int index = 0);
    void cancel_all(const Table& t);
    // When the slot's timer is due; kNever when none runs there.
    TimePoint due(const Table& t, Slot s, int index = 0) const;
    bool running(const Table& t, Slot s, int index = 0) const { return due(t, s, index) != kNever; }
    std::size_t size() const { return timers_.size(); }  // timers running, all tables

  private:
    struct Key {
        NetCtx* net;
        TableId id;
        Slot slot;
        int index;
        auto operator<=>(const Key&) const = default;
    };
    struct Entry {
        TimerId timer;
        std::uint64_t set;  // which setting of the slot it is
        TimePoint when;
    };
    static Key key(const Table& t, Slot s, int index) { return Key{t.net, t.id, s, index}; }
    // The table's own copy of when its slot runs (Table::timer_due), for index 0; nullptr
    // for the other indexes, which only the map knows.
    static TimePoint* mirror(const Table& t, Slot s, int index) {
        static_assert(static_cast<std::size_t>(Slot::Retry) <
                      std::tuple_size_v<decltype(Table::timer_due)>);
        return index == 0 ? &t.timer_due[static_cast<std::size_t>(s)] : nullptr;
    }
    void fire(const Key& k, std::uint64_t set, const Fn& fn);

    Clock& clock_;
    std::map<Key, Entry> timers_;
    std::uint64_t set_ = 0;
};

}  // namespace croupier::bot
