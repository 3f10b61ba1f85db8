// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/clock.hpp"

namespace croupier::bot {

TimePoint AsioClock::now() const {
    return std::chrono::time_point_cast<Duration>(std::chrono::steady_clock::now());
}

std::int64_t AsioClock::unix_now() const {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

TimerId AsioClock::call_at(TimePoint when, std::function<void()> fn) {
    const TimerId id = next_id_++;
    auto timer = std::make_shared<boost::asio::steady_timer>(io_);
    timer->expires_at(when);
    timers_[id] = timer;
    timer->async_wait([this, id, fn = std::move(fn)](const boost::system::error_code& ec) {
        if (ec) return;  // cancelled
        auto it = timers_.find(id);
        if (it == timers_.end()) return;
        auto keep = it->second;  // fn may destroy or reschedule; keep the timer alive
        timers_.erase(it);
        fn();
    });
    return id;
}

void AsioClock::cancel(TimerId id) {
    auto it = timers_.find(id);
    if (it == timers_.end()) return;
    it->second->cancel();
    timers_.erase(it);
}

std::int64_t VirtualClock::unix_now() const {
    return kEpoch +
           std::chrono::duration_cast<std::chrono::seconds>(now_.time_since_epoch()).count();
}

TimerId VirtualClock::call_at(TimePoint when, std::function<void()> fn) {
    const TimerId id = next_id_++;
    if (when < now_) when = now_;
    const auto key = std::make_pair(when, id);
    queue_.emplace(key, std::move(fn));
    index_[id] = key;
    return id;
}

void VirtualClock::cancel(TimerId id) {
    auto it = index_.find(id);
    if (it == index_.end()) return;
    queue_.erase(it->second);
    index_.erase(it);
}

int VirtualClock::advance(Duration d) {
    const TimePoint until = now_ + d;
    int fired = 0;
    while (!queue_.empty() && queue_.begin()->first.first <= until) {
        auto node = queue_.extract(queue_.begin());
        index_.erase(node.key().second);
        now_ = node.key().first;
        node.mapped()();
        ++fired;
    }
    now_ = until;
    return fired;
}

}  // namespace croupier::bot
