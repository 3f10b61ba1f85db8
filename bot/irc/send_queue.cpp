// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/irc/send_queue.hpp"

#include <algorithm>
#include <cmath>

namespace croupier::bot::irc {

TokenBucket::TokenBucket(int burst, double rate, TimePoint now)
    : burst_(std::max(1, burst)), rate_(rate > 0 ? rate : 0.001), tokens_(burst_), last_(now) {}

void TokenBucket::refill(TimePoint now) {
    if (now <= last_) return;
    const double secs = std::chrono::duration<double>(now - last_).count();
    tokens_ = std::min(burst_, tokens_ + secs * rate_);
    last_ = now;
}

double TokenBucket::tokens(TimePoint now) const {
    TokenBucket copy = *this;
    copy.refill(now);
    return copy.tokens_;
}

bool TokenBucket::try_take(TimePoint now) {
    refill(now);
    // A tiny epsilon: refills are computed in whole milliseconds.
    if (tokens_ + 1e-9 < 1.0) return false;
    tokens_ = std::max(0.0, tokens_ - 1.0);
    return true;
}

Duration TokenBucket::wait_time(TimePoint now) const {
    const double have = tokens(now);
    if (have + 1e-9 >= 1.0) return Duration{0};
    const double ms = std::ceil((1.0 - have) / rate_ * 1000.0);
    return Duration{std::max<std::int64_t>(1, static_cast<std::int64_t>(ms))};
}

void TokenBucket::reconfigure(int burst, double rate) {
    burst_ = std::max(1, burst);
    rate_ = rate > 0 ? rate : 0.001;
    tokens_ = std::min(tokens_, burst_);
}

void FairQueue::push(const std::string& target, std::string line, Priority p,
                     const std::string& group, bool ordered) {
    auto [it, fresh] = queues_.try_emplace(target);
    Lines& lines = it->second;
    if (fresh || lines.size == 0) {
        // A target keeps the group it was queued under while it has lines waiting.
        lines.group = group.empty() ? target : group;
        auto [g, new_group] = groups_.try_emplace(lines.group);
        if (new_group) order_.push_back(lines.group);
        g->second.order.push_back(target);
    }
    if (ordered)
        for (int lower = static_cast<int>(p) + 1; lower < 3; ++lower) {
            auto& from = lines.q[lower];
            by_priority_[lower] -= from.size();
            by_priority_[static_cast<int>(p)] += from.size();
            for (auto& l : from) lines.q[static_cast<int>(p)].push_back(std::move(l));
            from.clear();
        }
    lines.q[static_cast<int>(p)].push_back(std::move(line));
    ++lines.size;
    ++size_;
    ++by_priority_[static_cast<int>(p)];
}

std::optional<std::string> FairQueue::pop() {
    if (order_.empty()) return std::nullopt;
    const std::string group = order_.front();
    order_.pop_front();
    auto git = groups_.find(group);
    const std::string target = git->second.order.front();
    git->second.order.pop_front();
    auto it = queues_.find(target);
    Lines& lines = it->second;
    int p = 0;
    while (lines.q[p].empty()) ++p;
    std::string line = std::move(lines.q[p].front());
    lines.q[p].pop_front();
    --lines.size;
    --size_;
    --by_priority_[p];
    if (lines.size == 0)
        queues_.erase(it);
    else
        git->second.order.push_back(target);
    if (git->second.order.empty())
        groups_.erase(git);
    else
        order_.push_back(group);
    return line;
}

std::size_t FairQueue::pending(const std::string& target) const {
    auto it = queues_.find(target);
    return it == queues_.end() ? 0 : it->second.size;
}

void FairQueue::clear() {
    queues_.clear();
    groups_.clear();
    order_.clear();
    size_ = 0;
    for (auto& n : by_priority_) n = 0;
}

Backoff::Backoff(std::uint64_t seed) : rng_(seed) {}

Duration Backoff::next() {
    const int shift = std::min(attempt_, 20);
    const auto base = std::min<std::int64_t>(kBase.count() << shift, kMax.count());
    ++attempt_;
    std::uniform_real_distribution<double> jitter(0.8, 1.2);
    return Duration{static_cast<std::int64_t>(std::llround(base * jitter(rng_)))};
}

}  // namespace croupier::bot::irc
