// SPDX-License-Identifier: GPL-3.0-or-later
// AsioClock: real timers on an io_context, kept in one queue under one Asio timer.
#include "bot/clock.hpp"

#include <chrono>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <boost/asio/io_context.hpp>

namespace croupier::bot {
namespace {

using namespace std::chrono_literals;

TEST(AsioClock, TimersFireInTimeOrderAndCancelledOnesNever) {
    boost::asio::io_context io;
    AsioClock clock(io);
    std::string got;
    const auto t0 = std::chrono::steady_clock::now();
    clock.call_after(30ms, [&] { got += "c"; });
    const TimerId b = clock.call_after(20ms, [&] { got += "b"; });
    clock.call_after(10ms, [&] { got += "a"; });
    const TimerId first = clock.call_after(5ms, [&] { got += "x"; });
    clock.cancel(first);  // the earliest: the Asio timer wakes for nothing and re-arms
    clock.cancel(b);
    clock.cancel(b);       // twice: a no-op
    clock.cancel(999999);  // unknown: a no-op
    io.run();              // returns once no timer is left
    EXPECT_EQ(got, "ac");
    // Times are whole milliseconds: "30 ms from now" may start from up to 1 ms before t0.
    EXPECT_GE(std::chrono::steady_clock::now() - t0, 29ms);
}

TEST(AsioClock, RunReturnsWhenEveryTimerIsCancelled) {
    boost::asio::io_context io;
    AsioClock clock(io);
    bool fired = false;
    const TimerId late = clock.call_after(std::chrono::hours(1), [&] { fired = true; });
    clock.call_after(1ms, [&] { clock.cancel(late); });
    const auto t0 = std::chrono::steady_clock::now();
    io.run();
    EXPECT_FALSE(fired);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, 10s);
}

TEST(AsioClock, CallbacksAddAndCancelTimers) {
    boost::asio::io_context io;
    AsioClock clock(io);
    std::vector<int> got;
    TimerId victim = 0;
    // Both due at the same moment: the first cancels the second, which never runs.
    clock.call_after(5ms, [&] {
        got.push_back(1);
        clock.cancel(victim);
        // Due at once, from inside a callback: runs on a later turn, before the last. The
        // margins are wide: a busy machine may run a callback many milliseconds late.
        clock.call_after(0ms, [&] { got.push_back(3); });
        clock.call_after(40ms, [&] { got.push_back(4); });
    });
    victim = clock.call_after(5ms, [&] { got.push_back(2); });
    clock.call_after(400ms, [&] { got.push_back(5); });
    io.run();
    EXPECT_EQ(got, (std::vector<int>{1, 3, 4, 5}));
}

TEST(AsioClock, AnEarlierTimerAddedLaterFiresFirst) {
    boost::asio::io_context io;
    AsioClock clock(io);
    std::string got;
    clock.call_after(2s, [&] { got += "late"; });
    clock.call_after(10ms, [&] { got += "soon,"; });  // re-arms the one Asio timer earlier
    io.run_for(500ms);
    EXPECT_EQ(got, "soon,");
    io.restart();
    io.run();
    EXPECT_EQ(got, "soon,late");
}

}  // namespace
}  // namespace croupier::bot
