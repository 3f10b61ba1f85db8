// The tables' timers (bot/tables/table_timers.hpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/table_timers.hpp"

#include <limits>

#include "bot/net_ctx.hpp"

namespace croupier::bot {

TableTimers::~TableTimers() {
    for (const auto& [k, e] : timers_) clock_.cancel(e.timer);
}

void TableTimers::at(const Table& t, Slot s, TimePoint when, Fn fn, int index) {
    const Key k = key(t, s, index);
    auto it = timers_.find(k);
    if (it != timers_.end()) clock_.cancel(it->second.timer);
    const std::uint64_t set = ++set_;
    const TimerId timer =
        clock_.call_at(when, [this, k, set, fn = std::move(fn)] { fire(k, set, fn); });
    timers_[k] = Entry{timer, set, when};
    if (TimePoint* m = mirror(t, s, index)) *m = when;
}

void TableTimers::fire(const Key& k, std::uint64_t set, const Fn& fn) {
    auto it = timers_.find(k);
    if (it == timers_.end() || it->second.set != set) return;
    timers_.erase(it);
    if (Table* t = k.net->tables.by_id(k.id)) {
        if (TimePoint* m = mirror(*t, k.slot, k.index)) *m = kNever;
        fn(*t);
    }
}

void TableTimers::cancel(const Table& t, Slot s, int index) {
    TimePoint* m = mirror(t, s, index);
    if (m && *m == kNever) return;  // nothing runs there: no lookup
    if (m) *m = kNever;
    auto it = timers_.find(key(t, s, index));
    if (it == timers_.end()) return;
    clock_.cancel(it->second.timer);
    timers_.erase(it);
}

void TableTimers::cancel_all(const Table& t) {
    t.timer_due.fill(kNever);
    auto it = timers_.lower_bound(Key{t.net, t.id, Slot{}, std::numeric_limits<int>::min()});
    while (it != timers_.end() && it->first.net == t.net && it->first.id == t.id) {
        clock_.cancel(it->second.timer);
        it = timers_.erase(it);
    }
}

TimePoint TableTimers::due(const Table& t, Slot s, int index) const {
    if (const TimePoint* m = mirror(t, s, index)) return *m;
    auto it = timers_.find(key(t, s, index));
    return it == timers_.end() ? kNever : it->second.when;
}

}  // namespace croupier::bot
