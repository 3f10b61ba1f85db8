// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/clock.hpp"

#include <vector>

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
    queue_.emplace(std::make_pair(when, id), std::move(fn));
    index_.emplace(id, when);
    if (!firing_ && (!armed_ || when < *armed_)) arm();
    return id;
}

void AsioClock::cancel(TimerId id) {
    if (id == 0) return;  // "no timer"
    auto it = index_.find(id);
    if (it == index_.end()) return;
    queue_.erase(std::make_pair(it->second, id));
    index_.erase(it);
    // A timer cancelled ahead of others leaves timer_ to fire early and re-arm; with none
    // left it stops, so that an io_context with nothing else to do returns from run().
    if (queue_.empty() && armed_ && !firing_) {
        armed_.reset();
        timer_.cancel();
    }
}

void AsioClock::arm() {
    if (queue_.empty()) {
        if (armed_) {
            armed_.reset();
            timer_.cancel();
        }
        return;
    }
    const TimePoint when = queue_.begin()->first.first;
    if (armed_ && *armed_ == when) return;
    armed_ = when;
    timer_.expires_at(when);  // a wait already pending completes as cancelled
    timer_.async_wait([this](const boost::system::error_code& ec) {
        if (ec) return;  // re-armed or stopped: a newer wait stands, or none is needed
        armed_.reset();
        fire();
    });
}

void AsioClock::fire() {
    // The timers due now that existed when it fired, in time order; one a callback adds
    // waits for the next turn of the loop even when it is due at once.
    const TimePoint due = now();
    struct Rearm {
        AsioClock& c;
        ~Rearm() {
            c.firing_ = false;
            c.arm();
        }
    } rearm{*this};
    firing_ = true;
    std::vector<std::pair<TimePoint, TimerId>> keys;
    for (auto it = queue_.begin(); it != queue_.end() && it->first.first <= due; ++it)
        keys.push_back(it->first);
    for (const auto& key : keys) {
        auto it = queue_.find(key);  // an earlier callback may have cancelled it
        if (it == queue_.end()) continue;
        auto node = queue_.extract(it);
        index_.erase(key.second);
        node.mapped()();
    }
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
