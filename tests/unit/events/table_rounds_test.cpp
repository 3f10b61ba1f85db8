// Rounds of tables for an open-table game (bot/events/table_rounds.hpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/events/table_rounds.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

namespace {

using namespace croupier::events;

TEST(TableRounds, SizesSpreadEvenly) {
    EXPECT_EQ(table_sizes(7, 5), (std::vector<int>{4, 3}));
    EXPECT_EQ(table_sizes(11, 5), (std::vector<int>{4, 4, 3}));
    EXPECT_EQ(table_sizes(5, 5), (std::vector<int>{5}));
    EXPECT_EQ(table_sizes(6, 5), (std::vector<int>{3, 3}));
    EXPECT_EQ(table_sizes(2, 5), (std::vector<int>{2}));
    EXPECT_EQ(table_sizes(16, 5), (std::vector<int>{4, 4, 4, 4}));
    for (int size = 3; size <= 8; ++size)
        for (int n = 2; n <= 100; ++n) {
            const auto s = table_sizes(n, size);
            EXPECT_EQ(std::accumulate(s.begin(), s.end(), 0), n);
            EXPECT_LE(*std::max_element(s.begin(), s.end()), size);
            EXPECT_GE(*std::min_element(s.begin(), s.end()), 2);
            EXPECT_LE(*std::max_element(s.begin(), s.end()) - *std::min_element(s.begin(), s.end()),
                      1);
            EXPECT_EQ(static_cast<int>(s.size()), (n + size - 1) / size);
        }
    EXPECT_THROW(table_sizes(1, 5), std::invalid_argument);
    EXPECT_THROW(table_sizes(4, 2), std::invalid_argument);
}

TEST(TableRounds, PlacePointsArePlayersBehindPlusHalfPerTie) {
    const TableGame t{{0, 1, 2, 3, 4}, {1, 2, 3, 4, 5}};
    const auto r = rank_players(5, {Round{table_pairs(t), {}}}, {});
    // 4, 3, 2, 1, 0 points at a table of five: 8, 6, 4, 2, 0 half-points.
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(r[static_cast<std::size_t>(i)].player, i);
        EXPECT_EQ(r[static_cast<std::size_t>(i)].points, 8 - 2 * i);
    }
    // Two tied second at a table of four: 3, 1 1/2, 1 1/2, 0.
    const TableGame tie{{0, 1, 2, 3}, {1, 2, 2, 4}};
    const auto q = rank_players(4, {Round{table_pairs(tie), {}}}, {});
    EXPECT_EQ(q[0].points, 6);
    EXPECT_EQ(q[1].points, 3);
    EXPECT_EQ(q[2].points, 3);
    EXPECT_EQ(q[3].points, 0);
}

// The example: seven players over two rounds at tables of five.
TEST(TableRounds, SevenPlayersTwoRounds) {
    TableEvent e;
    e.rounds_planned = 2;
    e.withdrawn.assign(7, false);
    TableRound r1 = seat_next_round(e);
    ASSERT_EQ(r1.tables.size(), 2U);
    EXPECT_EQ(r1.tables[0].seats, (std::vector<int>{0, 1, 2, 3}));  // by seed before round 1
    EXPECT_EQ(r1.tables[1].seats, (std::vector<int>{4, 5, 6}));
    // Table 1 finishes 3, 1, 0, 2 (seat order); table 2 finishes 6, 5, 4.
    r1.tables[0].places = {3, 2, 4, 1};  // 3 first, 1 second, 0 third, 2 fourth
    r1.tables[1].places = {3, 2, 1};     // 6 first, 5 second, 4 third
    e.rounds.push_back(r1);
    EXPECT_THROW(seat_next_round(TableEvent{5, 1, e.withdrawn, e.rounds}), std::logic_error);
    // Points: 3 and 6 are first (3 and 2 points), 1 and 5 (2 and 1), 0 and 4 (1 and 0), 2 0.
    // Standing: 3 (3), then 1 and 6 on 2: 6's opponents 5 (1) + 4 (0) = 1, 1's 0 + 2 + 3
    // (1 + 0 + 3) = 4: 1 ahead on Buchholz; then 0 and 5 on 1; then 2 and 4 on 0.
    const auto st = table_standings(e);
    EXPECT_EQ(st[0].player, 3);
    EXPECT_EQ(st[1].player, 1);
    EXPECT_EQ(st[2].player, 6);
    const TableRound r2 = seat_next_round(e);
    ASSERT_EQ(r2.tables.size(), 2U);
    std::vector<int> top = r2.tables[0].seats;
    std::sort(top.begin(), top.end());
    std::vector<int> want_top{st[0].player, st[1].player, st[2].player, st[3].player};
    std::sort(want_top.begin(), want_top.end());
    EXPECT_EQ(top, want_top);  // the four best together
    // Who sat first in round 1 (0 and 4) does not sit first again.
    EXPECT_NE(r2.tables[0].seats.front(), 0);
    EXPECT_NE(r2.tables[1].seats.front(), 4);
}

TEST(TableRounds, WithdrawnPlayersAreNotSeated) {
    TableEvent e;
    e.rounds_planned = 1;
    e.withdrawn = {false, true, false, false};
    const auto r = seat_next_round(e);
    ASSERT_EQ(r.tables.size(), 1U);
    EXPECT_EQ(r.tables[0].seats, (std::vector<int>{0, 2, 3}));
}

}  // namespace
