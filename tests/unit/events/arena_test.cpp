// Arena pairing and points (bot/events/arena.hpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/events/arena.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

namespace {

using namespace croupier::events;

TEST(Arena, StreakDoublesAfterTwoWinsUntilAGameIsNotWon) {
    ArenaStreak s;
    // win 2, win 2 (now on fire), win 4, draw 2 (doubled; the streak ends), win 2, loss 0,
    // win 2, win 2, win 4, loss 0 (the fire goes out), win 2.
    const Outcome games[] = {Outcome::Win, Outcome::Win,  Outcome::Win, Outcome::Draw,
                             Outcome::Win, Outcome::Loss, Outcome::Win, Outcome::Win,
                             Outcome::Win, Outcome::Loss, Outcome::Win};
    const int want[] = {2, 2, 4, 2, 2, 0, 2, 2, 4, 0, 2};
    for (std::size_t i = 0; i < std::size(games); ++i)
        EXPECT_EQ(arena_points(s, games[i]), want[i]) << i;
    EXPECT_FALSE(s.on_fire());
}

TEST(Arena, StandingsCountFinishedGamesOnly) {
    // Player 0 beats 1, 2, 1 (the third on fire: 4), then a game under way when time is up.
    const std::vector<Game> games{{0, 1, Result::FirstWins, false},
                                  {2, 0, Result::SecondWins, false},
                                  {1, 2, Result::Draw, false},
                                  {0, 1, Result::FirstWins, false},
                                  {2, 0, Result::Pending, false}};
    const auto t = arena_standings(3, games);
    ASSERT_EQ(t.size(), 3U);
    EXPECT_EQ(t[0].player, 0);
    EXPECT_EQ(t[0].points, 8);
    EXPECT_EQ(t[0].games, 3);
    EXPECT_EQ(t[0].wins, 3);
    EXPECT_TRUE(t[0].on_fire);
    // 1: loss, draw, loss = 1; 2: loss, draw = 1: a shared place.
    EXPECT_EQ(t[1].points, 1);
    EXPECT_EQ(t[2].points, 1);
    EXPECT_EQ(t[1].place, 2);
    EXPECT_EQ(t[2].place, 2);
}

TEST(Arena, PairsNearTheirPoints) {
    const std::vector<ArenaFree> free{
        {0, 10, -1, 0, 1}, {1, 0, -1, 0, 2}, {2, 9, -1, 0, 3}, {3, 1, -1, 0, 4}};
    const auto pairs = arena_pair(free);
    ASSERT_EQ(pairs.size(), 2U);
    std::set<std::set<int>> got;
    for (const auto& g : pairs) got.insert({g.first, g.second});
    EXPECT_EQ(got, (std::set<std::set<int>>{{0, 2}, {1, 3}}));
    EXPECT_EQ(pairs[0].result, Result::Pending);
}

TEST(Arena, NeverTheSameOpponentTwiceInARow) {
    // 0 and 1 just played each other: alone, they wait; with a third, one of them plays it.
    EXPECT_TRUE(arena_pair({{0, 4, 1, 0, 1}, {1, 4, 0, 0, 2}}).empty());
    const auto three = arena_pair({{0, 4, 1, 0, 1}, {1, 4, 0, 0, 2}, {2, 0, -1, 0, 3}});
    ASSERT_EQ(three.size(), 1U);
    EXPECT_TRUE(is_in(three[0], 2));

    std::mt19937 rng(12);
    for (int trial = 0; trial < 150; ++trial) {
        const int n = 2 + static_cast<int>(rng() % 40);
        std::vector<ArenaFree> free;
        for (int p = 0; p < n; ++p)
            free.push_back(
                ArenaFree{p, static_cast<int>(rng() % 30),
                          rng() % 3 ? static_cast<int>(rng() % static_cast<unsigned>(n)) : -1,
                          static_cast<int>(rng() % 5) - 2, static_cast<std::int64_t>(rng() % 100)});
        for (auto& f : free)
            if (f.last_opponent == f.player) f.last_opponent = -1;
        const auto pairs = arena_pair(free);
        std::set<int> seen;
        for (const auto& g : pairs) {
            const ArenaFree& a = free[static_cast<std::size_t>(g.first)];
            const ArenaFree& b = free[static_cast<std::size_t>(g.second)];
            EXPECT_NE(a.last_opponent, b.player);
            EXPECT_NE(b.last_opponent, a.player);
            EXPECT_LE(a.first_balance, b.first_balance);  // who played first less often
            EXPECT_TRUE(seen.insert(g.first).second);
            EXPECT_TRUE(seen.insert(g.second).second);
        }
        // As many games as possible: everyone left over has only just-met partners left.
        std::vector<int> left;
        for (int p = 0; p < n; ++p)
            if (!seen.count(p)) left.push_back(p);
        if (left.size() >= 2 && left.size() <= 3) {
            for (std::size_t i = 0; i < left.size(); ++i)
                for (std::size_t j = i + 1; j < left.size(); ++j) {
                    const ArenaFree& a = free[static_cast<std::size_t>(left[i])];
                    const ArenaFree& b = free[static_cast<std::size_t>(left[j])];
                    EXPECT_TRUE(a.last_opponent == b.player || b.last_opponent == a.player);
                }
        }
    }
}

TEST(Arena, TheLatestFreedWaitsWhenOdd) {
    const auto pairs = arena_pair({{0, 5, -1, 0, 10}, {1, 5, -1, 0, 30}, {2, 5, -1, 0, 20}});
    ASSERT_EQ(pairs.size(), 1U);
    EXPECT_FALSE(is_in(pairs[0], 1));
}

}  // namespace
