// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "games/core/rng.hpp"
#include "games/spider/deal.hpp"
#include "games/spider/engine.hpp"
#include "games/spider/fair.hpp"

using namespace croupier::games;
using namespace croupier::games::spider;

namespace {

std::vector<Card> cs(std::string_view text) {
    std::vector<Card> out;
    std::istringstream in{std::string(text)};
    std::string w;
    while (in >> w) {
        auto c = parse_card(w);
        EXPECT_TRUE(c.has_value()) << w;
        if (c) out.push_back(*c);
    }
    return out;
}

std::string texts(const std::vector<Card>& v) {
    std::string s;
    for (const Card& c : v) s += (s.empty() ? "" : " ") + to_text(c);
    return s;
}

std::string tops(const Engine& e) {
    std::vector<Card> t;
    for (int p = 0; p < 10; ++p) t.push_back(e.pile(p).back());
    return texts(t);
}

// Everything a player can see or the game keeps, as text.
std::string snapshot(const Engine& e) {
    std::ostringstream o;
    for (int p = 0; p < 10; ++p)
        o << p + 1 << ":[" << e.face_down(p) << "]" << texts(e.pile(p)) << "\n";
    o << "stock " << e.stock_deals_left() << " foundation " << e.foundation().size() << " score "
      << e.score() << " over " << e.over();
    return o.str();
}

// Runs of one suit, K (bottom) down to `low`.
std::vector<Card> run(Suit s, int high, int low) {
    std::vector<Card> v;
    for (int r = high; r >= low; --r) v.push_back(Card::make(r, s));
    return v;
}

std::vector<Card> cat(std::vector<Card> a, const std::vector<Card>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// A layout with every pile given; piles not named get one filler card face up.
Engine::Layout filler_layout() {
    Engine::Layout l;
    const auto fill = cs("Qd Qd Qd Qd Qd Qd Qd Qd Qd Qd");
    for (int p = 0; p < 10; ++p) {
        l.piles[static_cast<std::size_t>(p)] = {fill[static_cast<std::size_t>(p)]};
        l.face_down[static_cast<std::size_t>(p)] = 0;
    }
    return l;
}

}  // namespace

TEST(SpiderDeal, DealsMdVectorsFourSuits) {
    Engine e(4, 1);
    EXPECT_EQ(tops(e), "9c Ah 8s Ks 2d 7d 5d 3s 4h 6h");
    for (int p = 0; p < 10; ++p) {
        const bool six = p == 0 || p == 3 || p == 6 || p == 9;
        EXPECT_EQ(e.pile(p).size(), six ? 6u : 5u) << p;
        EXPECT_EQ(e.face_down(p), six ? 5 : 4) << p;
    }
    EXPECT_EQ(e.stock_deals_left(), 5);
    // The stock's first deal straight from the deck, then through the engine.
    const auto deck = shuffled_deck(4, 1);
    ASSERT_EQ(deck.size(), 104u);
    EXPECT_EQ(texts({deck.begin() + 54, deck.begin() + 64}), "Qc 6d 4c 3c Jc Kd 3d 7c 7c Ac");
    ASSERT_TRUE(e.deal().ok());
    EXPECT_EQ(tops(e), "Qc 6d 4c 3c Jc Kd 3d 7c 7c Ac");
    EXPECT_EQ(e.stock_deals_left(), 4);
}

TEST(SpiderDeal, DealsMdVectorOneSuitAndPacks) {
    Engine e(1, 1);
    EXPECT_EQ(tops(e), "9s As 8s Ks 2s 7s 5s 3s 4s 6s");
    // Every deck holds the right cards: 8 of each rank, in the suits of its kind.
    for (int suits : {1, 2, 4}) {
        auto deck = shuffled_deck(suits, 77);
        ASSERT_EQ(deck.size(), 104u);
        std::map<std::pair<int, int>, int> count;
        for (const Card& c : deck) ++count[{c.rank, static_cast<int>(c.suit)}];
        EXPECT_EQ(count.size(), static_cast<std::size_t>(13 * suits));
        for (const auto& [key, n] : count) EXPECT_EQ(n, 8 / suits);
    }
    EXPECT_THROW(Engine(3, 1), std::invalid_argument);
}

TEST(SpiderDeal, TableauPileOrder) {
    // Rounds: 10 piles, 10, 10, 10, 10, then only piles 1, 4, 7, 10.
    EXPECT_EQ(tableau_pile(0), 0);
    EXPECT_EQ(tableau_pile(9), 9);
    EXPECT_EQ(tableau_pile(49), 9);
    EXPECT_EQ(tableau_pile(50), 0);
    EXPECT_EQ(tableau_pile(51), 3);
    EXPECT_EQ(tableau_pile(52), 6);
    EXPECT_EQ(tableau_pile(53), 9);
}

TEST(SpiderEngine, InitialLegalMovesOfDealOne) {
    Engine e(4, 1);
    auto legal = e.legal();
    std::sort(legal.begin(), legal.end());
    std::vector<std::string> want = {"deal",        "move 10 6 1", "move 2 5 1",
                                     "move 3 1 1",  "move 5 8 1",  "move 6 3 1",
                                     "move 7 10 1", "move 8 9 1",  "move 9 7 1"};
    std::sort(want.begin(), want.end());
    EXPECT_EQ(legal, want);
    EXPECT_EQ(e.score(), 0);
    EXPECT_EQ(e.moves(), 0);
    EXPECT_FALSE(e.can_undo());
}

TEST(SpiderEngine, MoveTurnsCardAndScores) {
    Engine e(4, 1);
    // 8s (pile 3) onto 9c (pile 1): not one suit, so no point; pile 3 turns a card.
    auto r = e.move(3, 1, 1);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.canonical, "move 3 1 1");
    EXPECT_EQ(texts(e.face_up(0)), "9c 8s");
    EXPECT_EQ(e.face_down(2), 3);
    EXPECT_EQ(e.face_up(2).size(), 1u);
    EXPECT_EQ(e.score(), 0);
    EXPECT_EQ(e.moves(), 1);
    EXPECT_EQ(r.change.kind, Change::Kind::Move);
    EXPECT_EQ(r.change.piles, (1u << 0) | (1u << 2));
    // 7d onto the 8s: now pile 1 is 9c 8s 7d, movable run of 1 (7d alone).
    ASSERT_TRUE(e.apply("m 6 1").ok());
    EXPECT_EQ(texts(e.face_up(0)), "9c 8s 7d");
    EXPECT_EQ(e.movable_run(0), 1);
}

TEST(SpiderEngine, SameSuitRunsScoreAndMoveAsUnit) {
    auto l = filler_layout();
    l.piles[0] = cat(cs("2c"), run(Suit::Hearts, 9, 7));  // 2c face down, 9h 8h 7h
    l.face_down[0] = 1;
    l.piles[1] = cs("3c 10s");
    l.face_down[1] = 1;
    l.piles[2] = cs("Kc 8d 6h 5h");  // 6h 5h face up: 1 point, run of 2
    l.face_down[2] = 2;
    Engine e = Engine::from_layout(4, l);
    EXPECT_EQ(e.score(), 2 + 1);
    EXPECT_EQ(e.movable_run(0), 3);
    EXPECT_EQ(e.movable_run(2), 2);
    // move 1 2 without N: the longest run that fits on the 10s is the whole 9h 8h 7h.
    auto r = e.apply("move 1 2");
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.canonical, "move 1 2 3");
    EXPECT_EQ(texts(e.face_up(1)), "10s 9h 8h 7h");
    EXPECT_EQ(e.face_down(0), 0);  // the 2c turned up
    EXPECT_EQ(texts(e.face_up(0)), "2c");
    EXPECT_EQ(e.score(), 2 + 1);
    // 6h 5h on the 7h: one more pair (7h-6h); the 6h-5h pair it had stays.
    r = e.apply("move 3 2");
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.canonical, "move 3 2 2");
    EXPECT_EQ(e.score(), 4);
    EXPECT_EQ(texts(e.face_up(2)), "8d");
    // The 5h cannot go on the 8d.
    EXPECT_FALSE(e.move(2, 3, 1).ok());
}

TEST(SpiderEngine, EmptyPileTakesTheLongestRun) {
    auto l = filler_layout();
    l.piles[4] = {};
    l.piles[0] = cat(cs("Jc 4d"), run(Suit::Spades, 6, 3));
    l.face_down[0] = 1;  // 4d face up, then 6s 5s 4s 3s
    Engine e = Engine::from_layout(4, l);
    auto r = e.apply("move 1 5");
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.canonical, "move 1 5 4");
    EXPECT_EQ(texts(e.pile(4)), "6s 5s 4s 3s");
    EXPECT_EQ(texts(e.face_up(0)), "4d");
    // With N: part of a run to an empty pile (after undo).
    ASSERT_TRUE(e.undo().ok());
    r = e.move(1, 5, 2);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(texts(e.pile(4)), "4s 3s");
    EXPECT_EQ(texts(e.face_up(0)), "4d 6s 5s");
    // A whole pile may move to an empty pile, leaving its own pile empty.
    auto l2 = filler_layout();
    l2.piles[4] = {};
    Engine e2 = Engine::from_layout(4, l2);
    ASSERT_TRUE(e2.move(1, 5, 1).ok());
    EXPECT_TRUE(e2.pile(0).empty());
    EXPECT_EQ(e2.pile(4).size(), 1u);
}

TEST(SpiderEngine, IllegalMovesAreRefusedWithReasonAndChangeNothing) {
    auto l = filler_layout();
    l.piles[0] = cs("Kc 9s 8h 7h 6s");
    l.face_down[0] = 1;  // face up: 9s 8h 7h 6s
    l.piles[1] = cs("9d");
    l.piles[2] = cs("Ac 5c 4d 3d");  // face up 5c 4d 3d: in sequence, not one suit
    l.face_down[2] = 1;
    l.piles[3] = {};
    l.piles[4] = cs("Ah");
    l.piles[5] = cs("Kd");
    l.stock = cs("Ac Ac Ac Ac Ac Ac Ac Ac Ac Ac");
    Engine e = Engine::from_layout(4, l);
    const std::string before = snapshot(e);
    const auto refused = [&](std::string_view cmd, std::string_view part) {
        auto r = e.apply(cmd);
        EXPECT_FALSE(r.ok()) << cmd;
        EXPECT_NE(r.error.find(part), std::string::npos) << cmd << " -> " << r.error;
        EXPECT_TRUE(r.canonical.empty());
        EXPECT_EQ(snapshot(e), before) << cmd;
    };
    refused("move 0 2", "no pile 0");
    refused("move 11 2", "give 1-10");
    refused("move 2 11 1", "no pile 11");
    refused("move 2 2 1", "two different piles");
    refused("move 4 2", "pile 4 is empty");
    refused("move 4 2 1", "pile 4 is empty");
    refused("move 1 2 0", "1 or more");
    refused("move 1 2 -1", "1 or more");
    refused("move 3 4 3", "that run is not one suit");
    refused("move 1 4 3", "not one suit");  // 8h 7h 6s
    refused("move 1 4 9", "has only 5 cards (4 face up): pile 1 can move at most 1 card");
    refused("move 1 4 5", "face up");
    refused("move 1 2 1", "a 6 cannot go on a 9");
    refused("move 3 2 1", "a 3 cannot go on a 9");
    refused("move 2 5", "nothing can go on an Ace");
    refused("move 6 2 1", "a King can go only on an empty pile");
    refused("move 1 6", "needs a Queen");
    refused("move 1 2", "needs an 8");
    refused("deal", "pile 4 is empty: fill it before dealing");
    refused("deal now", "takes no arguments");
    refused("move 1", "usage");
    refused("move a b", "numbers 1-10");
    refused("move 1 2 x", "number of cards");
    refused("fly", "unknown command");
    refused("", "move FROM TO");
    refused("undo", "nothing to undo");
    EXPECT_EQ(e.moves(), 0);
    EXPECT_EQ(e.undos(), 0);
}

TEST(SpiderEngine, NotInSequenceAndNotOneSuitAreTold) {
    auto l = filler_layout();
    l.piles[0] = cs("9h 7h 6h");  // 9h then 7h: a gap
    l.piles[1] = {};
    l.piles[2] = cs("8c 7h 6h");  // 8c 7h: in sequence, two suits
    Engine e = Engine::from_layout(4, l);
    auto r = e.move(1, 2, 3);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error.find("not in sequence"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("at most 2"), std::string::npos) << r.error;
    r = e.move(3, 2, 3);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error.find("not one suit"), std::string::npos) << r.error;
    EXPECT_TRUE(e.move(3, 2, 2).ok());
}

TEST(SpiderEngine, DealNeedsEveryPileAndAStock) {
    auto l = filler_layout();
    l.stock = cs("Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c");
    Engine e = Engine::from_layout(4, l);
    EXPECT_EQ(e.stock_deals_left(), 1);
    auto r = e.deal();
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(tops(e), "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c");
    EXPECT_EQ(e.stock_deals_left(), 0);
    r = e.deal();
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error.find("stock is empty"), std::string::npos);
    const auto none = e.legal();
    EXPECT_TRUE(std::find(none.begin(), none.end(), "deal") == none.end());
    // Undo the deal: the stock has it back.
    ASSERT_TRUE(e.undo().ok());
    EXPECT_EQ(e.stock_deals_left(), 1);
    EXPECT_EQ(tops(e), "Qd Qd Qd Qd Qd Qd Qd Qd Qd Qd");
    const auto legal = e.legal();
    EXPECT_TRUE(std::find(legal.begin(), legal.end(), "deal") != legal.end());
}

TEST(SpiderEngine, CompletedRunGoesToFoundationAndUndoBringsItBack) {
    auto l = filler_layout();
    l.piles[0] = cat(cs("5c 3d"), run(Suit::Spades, 13, 2));  // 5c 3d face down
    l.face_down[0] = 2;
    l.piles[1] = cs("Jd As");
    l.face_down[1] = 1;
    Engine e = Engine::from_layout(4, l);
    EXPECT_EQ(e.score(), 11);
    const std::string before = snapshot(e);
    auto r = e.move(2, 1);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.canonical, "move 2 1 1");
    EXPECT_EQ(r.change.runs_completed, 1);
    ASSERT_EQ(e.foundation().size(), 1u);
    EXPECT_EQ(e.foundation()[0], Suit::Spades);
    EXPECT_EQ(texts(e.pile(0)), "5c 3d");
    EXPECT_EQ(e.face_down(0), 1);  // the 3d turned up
    EXPECT_EQ(e.face_down(1), 0);  // the Jd turned up
    EXPECT_EQ(e.score(), 12);
    EXPECT_EQ(e.view().completed_runs, 1);
    // Undo puts the run back, the 3d and the Jd face down again.
    r = e.undo();
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.change.runs_returned, 1);
    EXPECT_EQ(snapshot(e), before);
    EXPECT_EQ(e.undos(), 1);
    EXPECT_EQ(e.moves(), 1);
}

TEST(SpiderEngine, DealCanCompleteRuns) {
    auto l = filler_layout();
    l.piles[2] = cat(cs("9c"), run(Suit::Hearts, 13, 2));
    l.face_down[2] = 1;
    l.piles[7] = run(Suit::Diamonds, 13, 2);
    l.stock = cs("5c 5c Ah 5c 5c 5c 5c Ad 5c 5c");
    Engine e = Engine::from_layout(4, l);
    const std::string before = snapshot(e);
    auto r = e.deal();
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.change.runs_completed, 2);
    EXPECT_EQ(texts(r.change.dealt), "5c 5c Ah 5c 5c 5c 5c Ad 5c 5c");
    ASSERT_EQ(e.foundation().size(), 2u);
    EXPECT_EQ(e.foundation()[0], Suit::Hearts);
    EXPECT_EQ(e.foundation()[1], Suit::Diamonds);
    EXPECT_EQ(texts(e.pile(2)), "9c");
    EXPECT_EQ(e.face_down(2), 0);
    EXPECT_TRUE(e.pile(7).empty());
    EXPECT_EQ(e.score(), 24);
    ASSERT_TRUE(e.undo().ok());
    EXPECT_EQ(snapshot(e), before);
}

TEST(SpiderEngine, WinWithEightRunsThenNothingMoves) {
    auto l = filler_layout();
    l.foundation = {Suit::Spades, Suit::Spades, Suit::Spades, Suit::Spades,
                    Suit::Spades, Suit::Spades, Suit::Spades};
    l.piles[0] = run(Suit::Spades, 13, 2);
    l.piles[1] = cs("As");
    Engine e = Engine::from_layout(1, l);
    EXPECT_FALSE(e.won());
    ASSERT_TRUE(e.move(2, 1).ok());
    EXPECT_TRUE(e.won());
    EXPECT_TRUE(e.over());
    EXPECT_EQ(e.foundation().size(), 8u);
    EXPECT_TRUE(e.legal().empty());
    EXPECT_FALSE(e.undo().ok());
    EXPECT_FALSE(e.deal().ok());
    EXPECT_FALSE(e.resign().ok());
}

TEST(SpiderEngine, KeepRunsLeavesRunsAndWinsAtNinetySix) {
    auto l = filler_layout();
    for (std::size_t p = 0; p < 8; ++p) l.piles[p] = run(Suit::Spades, 13, 1);
    l.piles[7] = run(Suit::Spades, 13, 2);
    l.piles[8] = cs("As");
    l.piles[9] = cs("Qd");
    Engine kept = Engine::from_layout(1, l, true);
    EXPECT_EQ(kept.score(), 7 * 12 + 11);
    ASSERT_TRUE(kept.move(9, 8).ok());
    EXPECT_TRUE(kept.foundation().empty());
    EXPECT_EQ(kept.pile(7).size(), 13u);
    EXPECT_EQ(kept.score(), 96);
    EXPECT_TRUE(kept.won());
    // The same position without keep_runs: the runs already on the tableau stay (no move
    // made them), the completed one goes to the foundation, no win yet.
    Engine normal = Engine::from_layout(1, l, false);
    ASSERT_TRUE(normal.move(9, 8).ok());
    EXPECT_EQ(normal.foundation().size(), 1u);
    EXPECT_TRUE(normal.pile(7).empty());
    EXPECT_EQ(normal.score(), 96);
    EXPECT_FALSE(normal.won());
    // keep_runs: 95 is not a win.
    auto l2 = l;
    l2.piles[0] = cat(cs("Kd"), run(Suit::Spades, 12, 1));
    Engine almost = Engine::from_layout(1, l2, true);
    ASSERT_TRUE(almost.move(9, 8).ok());
    EXPECT_EQ(almost.score(), 95);
    EXPECT_FALSE(almost.won());
}

TEST(SpiderEngine, ResignEndsTheGame) {
    Engine e(2, 5);
    EXPECT_TRUE(e.apply("resign").ok());
    EXPECT_TRUE(e.over());
    EXPECT_FALSE(e.won());
    EXPECT_TRUE(e.legal().empty());
    auto r = e.apply("deal");
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("over"), std::string::npos);
}

TEST(SpiderEngine, ViewShowsOnlyWhatAPlayerSees) {
    Engine e(2, 9);
    const View v = e.view();
    EXPECT_EQ(v.suits, 2);
    EXPECT_EQ(v.stock_deals_left, 5);
    EXPECT_EQ(v.completed_runs, 0);
    for (int p = 0; p < 10; ++p) {
        EXPECT_EQ(v.face_down[static_cast<std::size_t>(p)], e.face_down(p));
        EXPECT_EQ(texts(v.face_up[static_cast<std::size_t>(p)]), texts(e.face_up(p)));
        EXPECT_EQ(v.face_up[static_cast<std::size_t>(p)].size(), 1u);
    }
}

// Play many random legal moves and deals on real deals (1, 2 and 4 suits), checking the
// score against a recount and every legal move against the engine; then undo to the start.
TEST(SpiderEngine, RandomPlayThenUndoToTheStart) {
    for (int suits : {1, 2, 4}) {
        for (std::uint64_t deal = 1; deal <= 20; ++deal) {
            Engine e(suits, deal);
            const std::string start = snapshot(e);
            DealRng rng(deal * 31 + static_cast<std::uint64_t>(suits));
            int made = 0;
            for (int step = 0; step < 300 && !e.over(); ++step) {
                const auto legal = e.legal();
                if (legal.empty()) break;
                const auto& pick = legal[rng.below(legal.size())];
                const std::string before = snapshot(e);
                auto r = e.apply(pick);
                ASSERT_TRUE(r.ok()) << pick << ": " << r.error;
                EXPECT_EQ(r.canonical, pick);
                ++made;
                // Undoing this one step gives back exactly the position before it.
                Engine again = e;
                ASSERT_TRUE(again.undo().ok());
                EXPECT_EQ(snapshot(again), before) << pick;
                // The score recounted from the view.
                const View v = e.view();
                int pairs = 12 * v.completed_runs;
                for (const auto& up : v.face_up)
                    for (std::size_t i = 1; i < up.size(); ++i)
                        if (up[i].suit == up[i - 1].suit && up[i].rank + 1 == up[i - 1].rank)
                            ++pairs;
                EXPECT_EQ(e.score(), pairs);
            }
            EXPECT_EQ(e.moves(), made);
            int undone = 0;
            while (e.can_undo()) {
                ASSERT_TRUE(e.undo().ok());
                ++undone;
            }
            EXPECT_EQ(undone, made);
            EXPECT_EQ(snapshot(e), start) << suits << " suits, deal " << deal;
            EXPECT_FALSE(e.undo().ok());
        }
    }
}

TEST(SpiderEngine, RankPhrases) {
    EXPECT_EQ(rank_phrase(1), "an Ace");
    EXPECT_EQ(rank_phrase(7), "a 7");
    EXPECT_EQ(rank_phrase(8), "an 8");
    EXPECT_EQ(rank_phrase(10), "a 10");
    EXPECT_EQ(rank_phrase(13), "a King");
}

// 10,000 games may be open at once: a game's memory, history included, stays small.
TEST(SpiderEngine, MemoryPerGameIsSmall) {
    Engine e(4, 3);
    const std::size_t fresh = e.memory_bytes();
    DealRng rng(3);
    int made = 0;
    for (int i = 0; i < 500 && !e.over(); ++i) {
        const auto legal = e.legal();
        if (legal.empty()) break;
        ASSERT_TRUE(e.apply(legal[rng.below(legal.size())]).ok());
        ++made;
    }
    const std::size_t played = e.memory_bytes();
    std::printf("engine bytes: fresh %zu, after %d moves %zu (sizeof %zu)\n", fresh, made, played,
                sizeof(Engine));
    EXPECT_LT(fresh, 1500u);
    EXPECT_LT(played, fresh + 16u * static_cast<std::size_t>(made) + 1024u);
}

// Issue 31: a hint never leads back to a position the game has stood in. Following the
// fair player's hints with the game's positions to avoid, no position comes twice.
TEST(SpiderFair, HintsNeverLeadBackToAPositionTheGameStoodIn) {
    int moves = 0;
    for (std::uint64_t deal = 1; deal <= 3; ++deal) {
        for (const int suits : {2, 4}) {
            Engine e(suits, deal);
            std::vector<std::uint64_t> seen{position_key(e.view())};
            for (int i = 0; i < 80 && !e.over(); ++i) {
                FairLimits limits;
                limits.max_nodes = 2'000;
                limits.avoid = &seen;
                const auto m = fair_move(e.view(), limits);
                if (!m) break;
                ASSERT_TRUE(e.apply(*m).ok()) << *m;
                ++moves;
                const std::uint64_t key = position_key(e.view());
                ASSERT_EQ(std::count(seen.begin(), seen.end(), key), 0)
                    << "deal " << deal << ", " << suits << " suits: " << *m
                    << " leads back to a position of move " << i;
                seen.push_back(key);
            }
        }
    }
    EXPECT_GT(moves, 200);
}
