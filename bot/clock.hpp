// Time for the daemon: real (Asio) or virtual (replay). Games never see a clock; tables,
// the send queue, reconnect backoff and keepalive all schedule through this one.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace croupier::bot {

using Duration = std::chrono::milliseconds;
using TimePoint = std::chrono::time_point<std::chrono::steady_clock, Duration>;
using TimerId = std::uint64_t;
// A time that never comes: a deadline that is not running.
inline constexpr TimePoint kNever = TimePoint::max();

class Clock {
  public:
    virtual ~Clock() = default;
    virtual TimePoint now() const = 0;
    // Seconds since the Unix epoch, for the database (virtual in replays: a fixed epoch
    // plus the virtual time elapsed).
    virtual std::int64_t unix_now() const = 0;
    virtual TimerId call_at(TimePoint when, std::function<void()> fn) = 0;
    TimerId call_after(Duration d, std::function<void()> fn) {
        return call_at(now() + d, std::move(fn));
    }
    // Cancelling an unknown or already fired timer is a no-op.
    virtual void cancel(TimerId id) = 0;
};

// Wall-clock timers on an io_context. The timers wait in one queue ordered by time, under
// one Asio timer armed for the earliest: arming and cancelling a turn timer (every move
// does both) is a map insert or erase, with no allocation in Asio and no cancelled handler
// to run (docs/PERFORMANCE.md).
class AsioClock final : public Clock {
  public:
    explicit AsioClock(boost::asio::io_context& io) : timer_(io) {}
    TimePoint now() const override;
    std::int64_t unix_now() const override;
    TimerId call_at(TimePoint when, std::function<void()> fn) override;
    void cancel(TimerId id) override;

  private:
    void arm();
    void fire();

    boost::asio::steady_timer timer_;
    TimerId next_id_ = 1;
    std::map<std::pair<TimePoint, TimerId>, std::function<void()>> queue_;
    std::unordered_map<TimerId, TimePoint> index_;
    std::optional<TimePoint> armed_;  // when timer_ is due, while it waits
    bool firing_ = false;
};

// Virtual time: nothing fires until advance() is called (replay's `wait`).
class VirtualClock final : public Clock {
  public:
    static constexpr std::int64_t kEpoch = 1767225600;  // 2026-01-01T00:00:00Z
    TimePoint now() const override { return now_; }
    std::int64_t unix_now() const override;
    TimerId call_at(TimePoint when, std::function<void()> fn) override;
    void cancel(TimerId id) override;
    // Moves time forward by d, firing due timers in time order (timers a callback adds
    // that fall inside the window fire too). Returns the number fired.
    int advance(Duration d);
    // Fires timers already due at now() (a timer of zero delay).
    int run_due() { return advance(Duration{0}); }

  private:
    TimePoint now_{};
    TimerId next_id_ = 1;
    std::multimap<std::pair<TimePoint, TimerId>, std::function<void()>> queue_;
    std::map<TimerId, std::pair<TimePoint, TimerId>> index_;
};

}  // namespace croupier::bot
