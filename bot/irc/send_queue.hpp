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

// How much a line matters when the queue is long (docs/LINK.md, "The send queue").
enum class Priority : std::uint8_t {
    High,    // a player's own reply, hand, prompt, result or error: never dropped
    Normal,  // boards and announcements at a table
    Low,     // pages asked for (help, stats, top): refused first
};

// One queue per target (a nick, or a channel; a channel may be split into lanes, one per
// table, so tables there are served in turn), and targets in groups: pop() takes from the
// groups in turn, then from the targets of that group in turn, so one busy target cannot
// starve another and many nicks of one group (one host) share one turn. Inside a target
// the most important line goes first (FIFO within a priority).
class FairQueue {
  public:
    // `group` "" is a group of its own (the target). `ordered`: the target's lines keep
    // the order they came in (a table's lane in a channel: a battle's last line must not
    // pass its first), so a line lifts the less important lines queued before it to its
    // own priority.
    void push(const std::string& target, std::string line, Priority p = Priority::Normal,
              const std::string& group = "", bool ordered = false);
    std::optional<std::string> pop();
    // Lines waiting for one target.
    std::size_t pending(const std::string& target) const;
    // Lines waiting of one priority, all targets.
    std::size_t pending(Priority p) const { return by_priority_[static_cast<int>(p)]; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    void clear();

  private:
    struct Lines {
        std::deque<std::string> q[3];  // by Priority
        std::size_t size = 0;
        std::string group;
    };
    struct Group {
        std::deque<std::string> order;  // its targets with lines waiting, next first
    };
    std::map<std::string, Lines> queues_;  // by target
    std::map<std::string, Group> groups_;  // groups with lines waiting
    std::deque<std::string> order_;        // those groups, next first
    std::size_t size_ = 0;
    std::size_t by_priority_[3] = {};
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
