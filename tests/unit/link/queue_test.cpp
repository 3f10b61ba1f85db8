// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "bot/clock.hpp"
#include "bot/irc/send_queue.hpp"

namespace croupier::bot::irc {
namespace {

using namespace std::chrono_literals;

TEST(TokenBucket, BurstThenRate) {
    VirtualClock clock;
    TokenBucket b(4, 1.0, clock.now());
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(b.try_take(clock.now())) << i;
    EXPECT_FALSE(b.try_take(clock.now()));
    EXPECT_EQ(b.wait_time(clock.now()), Duration{1000});
    clock.advance(999ms);
    EXPECT_FALSE(b.try_take(clock.now()));
    clock.advance(1ms);
    EXPECT_TRUE(b.try_take(clock.now()));
    EXPECT_FALSE(b.try_take(clock.now()));
    // A long quiet spell refills only up to the burst.
    clock.advance(1h);
    int taken = 0;
    while (b.try_take(clock.now())) ++taken;
    EXPECT_EQ(taken, 4);
}

TEST(TokenBucket, FractionalRate) {
    VirtualClock clock;
    TokenBucket b(1, 2.5, clock.now());
    EXPECT_TRUE(b.try_take(clock.now()));
    EXPECT_EQ(b.wait_time(clock.now()), Duration{400});
    clock.advance(400ms);
    EXPECT_TRUE(b.try_take(clock.now()));
}

TEST(TokenBucket, ReconfigureCapsTokens) {
    VirtualClock clock;
    TokenBucket b(10, 1.0, clock.now());
    b.reconfigure(2, 1.0);
    EXPECT_TRUE(b.try_take(clock.now()));
    EXPECT_TRUE(b.try_take(clock.now()));
    EXPECT_FALSE(b.try_take(clock.now()));
}

TEST(FairQueue, RoundRobinBetweenTargets) {
    FairQueue q;
    for (int i = 0; i < 5; ++i) q.push("#busy", "busy " + std::to_string(i));
    q.push("#quiet", "quiet 0");
    q.push("bob", "bob 0");
    EXPECT_EQ(q.size(), 7u);
    EXPECT_EQ(q.pending("#busy"), 5u);
    EXPECT_EQ(q.pending("#nobody"), 0u);
    std::vector<std::string> order;
    while (auto l = q.pop()) order.push_back(*l);
    EXPECT_EQ(order, (std::vector<std::string>{"busy 0", "quiet 0", "bob 0", "busy 1", "busy 2",
                                               "busy 3", "busy 4"}));
    EXPECT_TRUE(q.empty());
}

TEST(FairQueue, FifoWithinOneTarget) {
    FairQueue q;
    q.push("#a", "1");
    q.push("#a", "2");
    EXPECT_EQ(*q.pop(), "1");
    q.push("#b", "x");
    q.push("#a", "3");
    EXPECT_EQ(*q.pop(), "2");
    EXPECT_EQ(*q.pop(), "x");
    EXPECT_EQ(*q.pop(), "3");
    EXPECT_FALSE(q.pop().has_value());
}

TEST(FairQueue, BusyTableCannotStarveAnotherUnderTheBucket) {
    VirtualClock clock;
    TokenBucket bucket(4, 1.0, clock.now());
    FairQueue q;
    for (int i = 0; i < 100; ++i) q.push("#busy", "busy");
    // The quiet table speaks after the busy one queued 100 lines.
    q.push("#quiet", "quiet");
    int sent = 0;
    bool quiet_out = false;
    while (!quiet_out) {
        while (bucket.try_take(clock.now())) {
            ++sent;
            if (*q.pop() == "quiet") {
                quiet_out = true;
                break;
            }
        }
        clock.advance(bucket.wait_time(clock.now()));
    }
    EXPECT_LE(sent, 2);
}

TEST(Backoff, DoublesToFiveMinutesWithTwentyPercentJitter) {
    Backoff b(42);
    double base = 1000;
    for (int i = 0; i < 14; ++i) {
        const auto d = b.next().count();
        EXPECT_GE(d, static_cast<long>(base * 0.8) - 1) << i;
        EXPECT_LE(d, static_cast<long>(base * 1.2) + 1) << i;
        base = std::min(base * 2, 300000.0);
    }
    b.reset();
    EXPECT_LE(b.next().count(), 1200);
}

TEST(Backoff, SameSeedSameSequence) {
    Backoff a(7), b(7), c(8);
    bool differs = false;
    for (int i = 0; i < 8; ++i) {
        const auto x = a.next();
        EXPECT_EQ(x, b.next());
        if (x != c.next()) differs = true;
    }
    EXPECT_TRUE(differs);
}

TEST(FairQueue, MostImportantFirstWithinATarget) {
    FairQueue q;
    q.push("bob", "help 1", Priority::Low);
    q.push("bob", "board 1", Priority::Normal);
    q.push("bob", "help 2", Priority::Low);
    q.push("bob", "your hand", Priority::High);
    q.push("bob", "board 2", Priority::Normal);
    EXPECT_EQ(q.pending(Priority::Low), 2u);
    EXPECT_EQ(q.pending(Priority::High), 1u);
    std::vector<std::string> order;
    while (auto l = q.pop()) order.push_back(*l);
    EXPECT_EQ(order,
              (std::vector<std::string>{"your hand", "board 1", "board 2", "help 1", "help 2"}));
    EXPECT_EQ(q.pending(Priority::Low), 0u);
}

TEST(FairQueue, AnOrderedTargetKeepsItsOrderAndLiftsWhatCameBefore) {
    // A table's lane: the battle's lines (Normal), then the duel's end (High) must not pass
    // them; the lines before it go at its priority, in their order.
    FairQueue q;
    q.push("#cards\nt1", "battle 3 a", Priority::Normal, "", true);
    q.push("#cards\nt1", "battle 3 b", Priority::Normal, "", true);
    q.push("#cards\nt1", "battle 4, the end", Priority::High, "", true);
    EXPECT_EQ(q.pending(Priority::Normal), 0u);
    EXPECT_EQ(q.pending(Priority::High), 3u);
    std::vector<std::string> order;
    while (auto l = q.pop()) order.push_back(*l);
    EXPECT_EQ(order, (std::vector<std::string>{"battle 3 a", "battle 3 b", "battle 4, the end"}));
    EXPECT_EQ(q.pending(Priority::High), 0u);
}

TEST(FairQueue, ManyTargetsOfOneGroupShareOneTurn) {
    FairQueue q;
    // Three nicks from one host, each with two lines; alice, from elsewhere, has three.
    for (const char* nick : {"m1", "m2", "m3"})
        for (int i = 0; i < 2; ++i)
            q.push(nick, std::string(nick) + "." + std::to_string(i), Priority::Low,
                   "@evil.example");
    for (int i = 0; i < 3; ++i)
        q.push("alice", "alice." + std::to_string(i), Priority::High, "@example.org");
    std::vector<std::string> order;
    while (auto l = q.pop()) order.push_back(*l);
    EXPECT_EQ(order, (std::vector<std::string>{"m1.0", "alice.0", "m2.0", "alice.1", "m3.0",
                                               "alice.2", "m1.1", "m2.1", "m3.1"}));
    EXPECT_TRUE(q.empty());
}

TEST(FairQueue, ClearForgetsGroupsAndCounts) {
    FairQueue q;
    q.push("a", "1", Priority::High, "g");
    q.push("b", "2", Priority::Low, "g");
    q.clear();
    EXPECT_TRUE(q.empty());
    EXPECT_EQ(q.pending(Priority::High), 0u);
    EXPECT_FALSE(q.pop().has_value());
    q.push("c", "3");
    EXPECT_EQ(*q.pop(), "3");
}

}  // namespace
}  // namespace croupier::bot::irc
