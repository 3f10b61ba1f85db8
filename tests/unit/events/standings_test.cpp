// Standings and tiebreaks (bot/events/standings.hpp) on a Swiss worked out by hand.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/events/standings.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "bot/events/swiss.hpp"

namespace {

using namespace croupier::events;

// Five players, three rounds, a bye and a withdrawal:
//
//   players  A=0  B=1  C=2  D=3  E=4
//   round 1  A beats B, C draws D, E has the bye (1 point)
//   round 2  E beats A, B beats D, C has the bye (1 point)
//   D withdraws
//   round 3  A draws C, B beats E; D has nothing (0)
//
// Points: A 1+0+1/2 = 1 1/2; B 0+1+1 = 2; C 1/2+1+1/2 = 2; D 1/2+0+0 = 1/2; E 1+1+0 = 2.
//
// An opponent's points in a tiebreak count each of that opponent's unplayed rounds as a draw
// (the "adjusted" points): A 1 1/2 (all played); B 2 (all played); C 1/2 + 1/2 (the bye as a
// draw) + 1/2 = 1 1/2; D 1/2 + 0 + 1/2 (round 3 as a draw) = 1; E 1/2 (the bye as a draw) +
// 1 + 0 = 1 1/2.
//
// Buchholz: the opponents' adjusted points, and for each of one's own unplayed rounds one's
// own points (a virtual opponent):
//   A: B 2 + E 1 1/2 + C 1 1/2                 = 5
//   B: A 1 1/2 + D 1 + E 1 1/2                 = 4
//   C: D 1 + own 2 (the bye) + A 1 1/2         = 4 1/2
//   D: C 1 1/2 + B 2 + own 1/2 (round 3)       = 4
//   E: own 2 (the bye) + A 1 1/2 + B 2         = 5 1/2
//
// Sonneborn-Berger: over games played, the adjusted points of each opponent beaten, and half
// those of each opponent drawn:
//   A: beat B 2 + drew C 3/4                   = 2 3/4
//   B: beat D 1 + beat E 1 1/2                 = 2 1/2
//   C: drew D 1/2 + drew A 3/4                 = 1 1/4
//   D: drew C 3/4                              = 3/4
//   E: beat A 1 1/2                            = 1 1/2
//
// Standings: three on 2 points, E (Buchholz 5 1/2), C (4 1/2), B (4); then A 1 1/2; D 1/2.
SwissState hand_worked() {
    SwissState s;
    s.rounds_planned = 3;
    for (int p = 0; p < 5; ++p) swiss_join(s);
    s.rounds.push_back(
        Round{{Game{0, 1, Result::FirstWins, false}, Game{2, 3, Result::Draw, false}},
              {Bye{4, ByeKind::Full}}});
    s.rounds.push_back(
        Round{{Game{4, 0, Result::FirstWins, false}, Game{1, 3, Result::FirstWins, false}},
              {Bye{2, ByeKind::Full}}});
    swiss_withdraw(s, 3);
    return s;
}

TEST(Standings, HandWorkedSwissOfFive) {
    SwissState s = hand_worked();
    // The third round as the pairing makes it: the only one without a rematch (A has met B
    // and E), A against C and B against E.
    const SwissPairing third = swiss_pair_next(s);
    EXPECT_EQ(third.rematches, 0);
    EXPECT_TRUE(third.round.byes.empty());
    ASSERT_EQ(third.round.games.size(), 2U);
    Round r3 = third.round;
    for (Game& g : r3.games) {
        const int a = std::min(g.first, g.second), b = std::max(g.first, g.second);
        if (a == 0) {
            EXPECT_EQ(b, 2);
            g.result = Result::Draw;
        } else {
            EXPECT_EQ(a, 1);
            EXPECT_EQ(b, 4);
            g.result = g.first == 1 ? Result::FirstWins : Result::SecondWins;
        }
    }
    s.rounds.push_back(r3);

    const auto table = swiss_standings(s);
    ASSERT_EQ(table.size(), 5U);
    struct Want {
        int player, place, points, buchholz, sonneborn;  // half-, half-, quarter-points
    };
    const Want want[] = {
        {4, 1, 4, 11, 6}, {2, 2, 4, 9, 5}, {1, 3, 4, 8, 10}, {0, 4, 3, 10, 11}, {3, 5, 1, 8, 3}};
    for (std::size_t i = 0; i < 5; ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(table[i].player, want[i].player);
        EXPECT_EQ(table[i].place, want[i].place);
        EXPECT_EQ(table[i].points, want[i].points);
        EXPECT_EQ(table[i].buchholz, want[i].buchholz);
        EXPECT_EQ(table[i].sonneborn, want[i].sonneborn);
    }
    EXPECT_TRUE(table[4].withdrawn);
    EXPECT_EQ(table[4].played, 2);

    // The crosstable: D's third round is nothing (a zero bye); C's second the bye.
    const auto cross = crosstable(5, s.rounds);
    ASSERT_EQ(cross[3].size(), 3U);
    EXPECT_EQ(cross[3][2].opponent, -1);
    EXPECT_EQ(cross[3][2].bye, ByeKind::Zero);
    EXPECT_EQ(cross[2][1].opponent, -1);
    EXPECT_EQ(cross[2][1].bye, ByeKind::Full);
    EXPECT_EQ(cross[2][1].points, 2);
    EXPECT_EQ(cross[0][1].opponent, 4);
    EXPECT_FALSE(cross[0][1].first);
    EXPECT_EQ(cross[0][1].points, 0);
}

TEST(Standings, FullTiesSharePlaces) {
    // Round 1: 0 beats 1, 2 beats 3. Round 2: 0 draws 3, 2 draws 1.
    std::vector<Round> rounds{
        Round{{Game{0, 1, Result::FirstWins, false}, Game{2, 3, Result::FirstWins, false}}, {}},
        Round{{Game{0, 3, Result::Draw, false}, Game{2, 1, Result::Draw, false}}, {}}};
    // Points: 0 1 1/2, 1 1/2, 2 1 1/2, 3 1/2. Buchholz 0: 1/2 + 1/2 = 1; 2: 1/2 + 1/2 = 1.
    // Sonneborn-Berger 0: 1 * 1/2 + 1/2 * 1/2 = 3/4; 2: the same. A full tie: shared place.
    const auto t = rank_players(4, rounds, {});
    EXPECT_EQ(t[0].player, 0);
    EXPECT_EQ(t[1].player, 2);
    EXPECT_EQ(t[0].place, 1);
    EXPECT_EQ(t[1].place, 1);
    EXPECT_EQ(t[2].place, 3);
    EXPECT_EQ(t[0].sonneborn, 3);
}

TEST(Standings, SonnebornBergerSeparatesEqualBuchholz) {
    // Round 1: 0 beats 2, 1 beats 3. Round 2: 3 beats 0, 2 beats 1. Round 3: 0 draws 1,
    // 2 beats 3. Points: 0 1 1/2, 1 1/2, 2 2, 3 1. Buchholz: 0: 2 + 1 + 1 1/2 = 4 1/2;
    // 1: 1 + 2 + 1 1/2 = 4 1/2. Sonneborn-Berger: 0 beat the strong one (2) and drew 1:
    // 2 + 3/4 = 2 3/4; 1 beat the weak one (1) and drew 0: 1 + 3/4 = 1 3/4.
    const std::vector<Round> rounds{
        Round{{Game{0, 2, Result::FirstWins, false}, Game{1, 3, Result::FirstWins, false}}, {}},
        Round{{Game{3, 0, Result::FirstWins, false}, Game{2, 1, Result::FirstWins, false}}, {}},
        Round{{Game{0, 1, Result::Draw, false}, Game{2, 3, Result::FirstWins, false}}, {}}};
    const auto u = rank_players(4, rounds, {});
    EXPECT_EQ(u[0].player, 2);
    EXPECT_EQ(u[1].player, 0);
    EXPECT_EQ(u[2].player, 1);
    EXPECT_EQ(u[1].buchholz, 9);
    EXPECT_EQ(u[2].buchholz, 9);
    EXPECT_EQ(u[1].sonneborn, 11);
    EXPECT_EQ(u[2].sonneborn, 7);
    EXPECT_EQ(u[1].place, 2);
    EXPECT_EQ(u[2].place, 3);
}

TEST(Standings, PointsText) {
    EXPECT_EQ(half_points_text(0), "0");
    EXPECT_EQ(half_points_text(1), "\u00bd");
    EXPECT_EQ(half_points_text(5), "2\u00bd");
    EXPECT_EQ(half_points_text(6), "3");
    EXPECT_EQ(quarter_points_text(11), "2\u00be");
    EXPECT_EQ(quarter_points_text(1), "\u00bc");
    EXPECT_EQ(quarter_points_text(8), "2");
}

}  // namespace
