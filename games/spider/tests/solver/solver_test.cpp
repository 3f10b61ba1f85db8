// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "games/spider/solver.hpp"
#include "games/spider/tests/solver/spider_checker.hpp"

namespace croupier::games::spider {
namespace {

using Verdict = CertifyResult::Verdict;

// Replays a line in the independent simulator: true when every move is legal and it wins.
::testing::AssertionResult replays_to_win(int suits, std::uint64_t deal,
                                          const std::vector<std::string>& moves) {
    test::SimpleSpider sim(suits, deal);
    for (std::size_t i = 0; i < moves.size(); ++i)
        if (!sim.play(moves[i]))
            return ::testing::AssertionFailure()
                   << "move " << i << " '" << moves[i] << "': " << sim.error;
    if (!sim.won()) return ::testing::AssertionFailure() << "line ends without a win";
    return ::testing::AssertionSuccess();
}

TEST(SpiderCertifier, OneSuitDealsAreWonByLinesThatReplay) {
    SolverLimits limits;
    limits.max_nodes = 60'000;
    limits.seconds = 60;
    for (std::uint64_t deal : {1u, 2u, 3u, 7u}) {
        const CertifyResult r = certify(1, deal, limits);
        ASSERT_EQ(r.verdict, Verdict::Winnable) << "deal " << deal;
        EXPECT_TRUE(replays_to_win(1, deal, r.moves)) << "deal " << deal;
        EXPECT_GT(r.nodes, 0u);
        EXPECT_GT(r.peak_bytes, 0u);
        EXPECT_LE(r.nodes, limits.max_nodes);
    }
}

TEST(SpiderCertifier, TwoSuitDealWonByALineThatReplays) {
    SolverLimits limits;
    limits.max_nodes = 60'000;
    limits.seconds = 60;
    const CertifyResult r = certify(2, 1, limits);
    ASSERT_EQ(r.verdict, Verdict::Winnable);
    EXPECT_TRUE(replays_to_win(2, 1, r.moves));
}

TEST(SpiderCertifier, FourSuitDealWonByTheSecondEvaluation) {
    // Deal 107 (4 suits) is not found by the beams with the shared evaluation alone (not
    // even with 1,000,000 nodes); the restarts that prize empty piles win it in ~33,000.
    SolverLimits limits;
    limits.max_nodes = 60'000;
    limits.seconds = 60;
    const CertifyResult r = certify(4, 107, limits);
    ASSERT_EQ(r.verdict, Verdict::Winnable);
    EXPECT_TRUE(replays_to_win(4, 107, r.moves));
    EXPECT_LE(r.nodes, limits.max_nodes);
}

TEST(SpiderCertifier, TinyBudgetSaysUnknownNeverAFalseWin) {
    SolverLimits limits;
    limits.max_nodes = 50;
    for (int suits : {1, 2, 4}) {
        const CertifyResult r = certify(suits, 5, limits);
        EXPECT_LE(r.nodes, limits.max_nodes);
        if (r.verdict == Verdict::Winnable)
            EXPECT_TRUE(replays_to_win(suits, 5, r.moves));
        else
            EXPECT_TRUE(r.moves.empty());
    }
}

TEST(SpiderCertifier, SameInputsSameAnswer) {
    SolverLimits limits;
    limits.max_nodes = 20'000;
    const CertifyResult a = certify(2, 9, limits), b = certify(2, 9, limits);
    EXPECT_EQ(a.verdict, b.verdict);
    EXPECT_EQ(a.moves, b.moves);
    EXPECT_EQ(a.nodes, b.nodes);
}

TEST(SpiderChecker, RefusesIllegalMoves) {
    // The checker itself must be able to fail, or the tests above prove nothing.
    test::SimpleSpider sim(1, 1);
    EXPECT_FALSE(sim.play("move 1 1 1"));
    EXPECT_FALSE(sim.play("move 1 2 2"));  // the second card of pile 1 is face down
    EXPECT_FALSE(sim.play("jump"));
    EXPECT_TRUE(sim.play("deal"));
    EXPECT_FALSE(sim.won());
}

}  // namespace
}  // namespace croupier::games::spider
