// Flood control of the link: a token bucket (burst, then a steady rate) in the Clock's
// time, a fair queue (one FIFO per target, round robin between targets), and the
// reconnect backoff. Pure: unit-tested with VirtualClock time points.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <random>
#include <string>

#include "bot/clock.hpp"

namespace croupier::bot::irc {

class TokenBucket {
  public:
    TokenBucket(int burst, double rate, TimePoint now);
    // Takes one token if there is one at `now`.
    bool try_take(TimePoint now);
    // How long from `now` until a token is available (0 if one is).
    Duration wait_time(TimePoint now) const;
    // New limits; the tokens held are kept (capped at the new burst).
    void reconfigure(int burst, double rate);
    double tokens(TimePoint now) const;

  private:
    void refill(TimePoint now);
    double burst_;
    double rate_;  // tokens per second (> 0)
    double tokens_;
    TimePoint last_;
};

// One FIFO per target; pop() takes from the targets in turn, so one busy target cannot
// starve another.
class FairQueue {
  public:
    void push(const std::string& target, std::string line);
    std::optional<std::string> pop();
    // Lines waiting for one target.
    std::size_t pending(const std::string& target) const;
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    void clear();

  private:
    std::map<std::string, std::deque<std::string>> queues_;
    std::deque<std::string> order_;  // targets with lines waiting, next first
    std::size_t size_ = 0;
};

// Exponential backoff: 1 s doubling to 5 min, each delay with +-20% jitter.
class Backoff {
  public:
    explicit Backoff(std::uint64_t seed);
    Duration next();
    void reset() { attempt_ = 0; }
    int attempt() const { return attempt_; }
    static constexpr Duration kBase{1000};
    static constexpr Duration kMax{300000};

  private:
    std::mt19937_64 rng_;
    int attempt_ = 0;
};

}  // namespace croupier::bot::irc
