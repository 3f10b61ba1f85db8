// The search's compound moves through empty piles (games/spider/search_state.*), which the
// fair player uses: a sequence of several runs moved as one edge, expanded to legal single
// moves for the player to play.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <vector>

#include "games/spider/search_state.hpp"

using namespace croupier::games::spider::search;

namespace {

constexpr int C = 0, D = 1, H = 2, S = 3;  // suits as the search stores them

Byte card(int rank, int suit) {
    return static_cast<Byte>(suit * 16 + rank);
}

// A position: each pile as (face-down count, cards bottom first; face-down ones included).
State position(const std::vector<std::pair<int, std::vector<Byte>>>& piles, const Context& ctx) {
    State s{};
    for (int p = 0; p < kPiles; ++p) {
        const auto& [down, cards] = piles[static_cast<std::size_t>(p)];
        for (const Byte c : cards) s.cards[p][s.len[p]++] = c;
        s.down[p] = static_cast<std::uint8_t>(down);
    }
    s.deals_left = 0;
    refresh_all(s, ctx);
    return s;
}

bool offers(const State& s, const Context& ctx, const Move& m) {
    std::vector<Move> moves;
    generate_moves(s, ctx, moves);
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// Expands m, checks every single move is legal where it is played, and that the end is the
// position the search reaches by applying m at once.
void expect_expands_legally(const State& s, const Context& ctx, const Move& m,
                            std::size_t singles) {
    const std::vector<Move> line = expand_macro(s, m);
    ASSERT_EQ(line.size(), singles);
    State step = s;
    for (const Move& x : line) {
        ASSERT_TRUE(legal(step, x)) << move_text(x);
        // One same-suit run per move: that is all the game's `move` command takes.
        ASSERT_GE(step.run_start(x.from), step.len[x.from] - x.n) << move_text(x);
        apply(step, x, ctx);
    }
    State whole = s;
    apply(whole, m, ctx);
    for (int p = 0; p < kPiles; ++p) {
        ASSERT_EQ(step.len[p], whole.len[p]) << "pile " << p + 1;
        EXPECT_EQ(step.down[p], whole.down[p]) << "pile " << p + 1;
        for (int i = 0; i < step.len[p]; ++i)
            EXPECT_EQ(step.cards[p][i], whole.cards[p][i]) << "pile " << p + 1;
    }
}

std::vector<std::pair<int, std::vector<Byte>>> filler(
    std::initializer_list<std::pair<int, std::vector<Byte>>> first) {
    std::vector<std::pair<int, std::vector<Byte>>> piles(first);
    // The other piles: a lone Ace each (nothing goes on an Ace, nothing it can go on here).
    while (piles.size() < kPiles) piles.push_back({0, {card(1, C)}});
    return piles;
}

}  // namespace

// Two empty piles: four runs go onto a card (2^2), not just three (one parked per empty).
TEST(SpiderSupermoves, FourRunsThroughTwoEmptyPiles) {
    Context ctx;
    ctx.macros = true;
    ctx.prune_lateral = false;
    // Pile 1: a face-down card, then 9S 8S | 7H | 6C 5C | 4D (four runs); pile 2: 10D.
    const State s = position(filler({{1,
                                      {kUnknown, card(9, S), card(8, S), card(7, H), card(6, C),
                                       card(5, C), card(4, D)}},
                                     {0, {card(10, D)}},
                                     {0, {}},
                                     {0, {}}}),
                             ctx);
    const Move all4{0, 1, 6};
    EXPECT_FALSE(offers(s, ctx, all4));  // one run per empty pile reaches three runs
    ctx.supermoves = true;
    EXPECT_TRUE(offers(s, ctx, all4));
    // Top two runs to one empty pile through the other (3 moves), the lower two to pile 2
    // (3), the upper two back (3).
    expect_expands_legally(s, ctx, all4, 9);
    State after = s;
    EXPECT_TRUE(apply(after, all4, ctx));  // it turns the face-down card over
    // Onto an empty pile only 2^(2-1) = 2 runs can go: the target is one of the two.
    EXPECT_TRUE(offers(s, ctx, Move{0, 2, 3}));   // 6C 5C 4D: two runs
    EXPECT_FALSE(offers(s, ctx, Move{0, 2, 4}));  // 7H 6C 5C 4D: three runs
}

// Three empty piles: eight runs onto a card, four onto an empty pile; nine refused.
TEST(SpiderSupermoves, EightRunsThroughThreeEmptyPiles) {
    Context ctx;
    ctx.macros = true;
    ctx.prune_lateral = false;
    ctx.supermoves = true;
    std::vector<Byte> seq;  // QH JS 10H 9S 8H 7S 6H 5S 4H: nine runs of one card
    for (int r = 12; r >= 4; --r) seq.push_back(card(r, r % 2 == 0 ? H : S));
    const State s = position(filler({{0, {card(13, C)}},  // pile 1: KC
                                     {2,
                                      [&] {
                                          std::vector<Byte> p{kUnknown, kUnknown};
                                          p.insert(p.end(), seq.begin(), seq.end());
                                          return p;
                                      }()},
                                     {0, {}},
                                     {0, {}},
                                     {0, {}}}),
                             ctx);
    EXPECT_FALSE(offers(s, ctx, Move{1, 0, 9}));  // nine runs: too many
    EXPECT_TRUE(expand_macro(s, Move{1, 0, 9}).empty());
    EXPECT_TRUE(offers(s, ctx, Move{1, 2, 4}));   // four runs to an empty pile
    EXPECT_FALSE(offers(s, ctx, Move{1, 2, 5}));  // five: no
    expect_expands_legally(s, ctx, Move{1, 2, 4}, 9);
    // Without 4H: eight runs QH..5S go on KC through the three empty piles.
    State t = s;
    t.len[1] = static_cast<std::uint8_t>(t.len[1] - 1);  // QH JS .. 5S: eight runs
    refresh_all(t, ctx);
    EXPECT_TRUE(offers(t, ctx, Move{1, 0, 8}));
    expect_expands_legally(t, ctx, Move{1, 0, 8}, 27);
}

// Part of a run onto a card of its own suit: here it completes a run (KS..6S takes 5S..AS
// off the top of 9S..AS), which no whole-run move can.
TEST(SpiderPartialRuns, PartOfARunCompletesOneOnItsOwnSuit) {
    Context ctx;
    ctx.macros = true;
    std::vector<Byte> high, low{kUnknown};
    for (int r = 13; r >= 6; --r) high.push_back(card(r, S));
    for (int r = 9; r >= 1; --r) low.push_back(card(r, S));
    const State s = position(filler({{0, high}, {1, low}}), ctx);
    const Move part{1, 0, 5};
    EXPECT_TRUE(legal(s, part));
    EXPECT_FALSE(offers(s, ctx, part));
    ctx.partial_same = true;
    EXPECT_TRUE(offers(s, ctx, part));
    EXPECT_FALSE(offers(s, ctx, Move{1, 0, 4}));  // 4S..AS does not go on 6S
    State after = s;
    apply(after, part, ctx);
    EXPECT_EQ(after.done, 1);
    EXPECT_EQ(after.len[0], 0);
    EXPECT_EQ(after.len[1], 5);  // the face-down card and 9S..6S
}

// Issue 47's fifth session's terms (laboratory only: 0 in both players). `runs_near`: each
// same-suit run of a pile's face-up part, divided by its face-down cards; `runs_over`: each
// break between them; `unlock`: with empty piles, each pile whose face-up part they could take
// whole, turning a card over; `one_move`: each pile whose face-up part another top card takes.
TEST(SpiderEvaluationTerms, RunsOverFaceDownCardsAndPilesAnEmptyPileUnlocks) {
    Context ctx;
    const std::vector<Byte> two_runs{kUnknown, card(9, H), card(8, H), card(7, S)};
    const std::vector<Byte> one_run{kUnknown, kUnknown, card(5, D), card(4, D)};
    auto piles = filler({{1, two_runs}, {2, one_run}, {0, {}}});
    State s = position(piles, ctx);
    EXPECT_EQ(piles_unlocked(s), 1);  // one empty pile takes 5D 4D, not 9H 8H 7S
    const std::int64_t plain = evaluate(s, ctx);
    ctx.w.unlock = 7;
    EXPECT_EQ(evaluate(s, ctx), plain + 7);
    ctx.w.unlock = 0;
    ctx.w.runs_near = -12;
    refresh_all(s, ctx);
    // Pile 1: two runs over one face-down card (-24); pile 2: one run over two (-6).
    EXPECT_EQ(evaluate(s, ctx), plain - 24 - 6);
    ctx.w.runs_near = 0;
    ctx.w.runs_over = -5;
    refresh_all(s, ctx);
    EXPECT_EQ(evaluate(s, ctx), plain - 5);  // one break, 8H 7S, over face-down cards
    piles[2] = {0, {card(1, C)}};            // no empty pile: nothing to unlock
    EXPECT_EQ(piles_unlocked(position(piles, ctx)), 0);
    // `one_move`: a pile's face-up part one run that another top card takes.
    EXPECT_EQ(piles_one_move_from_a_turn(position(piles, ctx)), 0);
    piles[4] = {0, {card(6, C)}};  // 5D 4D go on 6C; 9H 8H 7S are two runs
    EXPECT_EQ(piles_one_move_from_a_turn(position(piles, ctx)), 1);
}
