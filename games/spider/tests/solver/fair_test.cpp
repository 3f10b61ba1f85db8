// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "games/spider/fair.hpp"
#include "games/spider/search_play.hpp"
#include "games/spider/search_state.hpp"
#include "games/spider/tests/solver/spider_checker.hpp"

namespace croupier::games::spider {
namespace {

using namespace search;

FairLimits small() {
    FairLimits l;
    l.max_nodes = 300;
    return l;
}

TEST(SpiderFair, MovesAreAlwaysLegalAlongAGame) {
    for (int suits : {1, 4}) {
        Context ctx;
        State s = initial_state(suits, 11, ctx);
        for (int k = 0; k < 60 && !s.won(); ++k) {
            const auto text = fair_move(view_of(s, suits), small());
            if (!text) break;
            const auto m = parse_move(*text);
            ASSERT_TRUE(m.has_value()) << *text;
            ASSERT_TRUE(legal(s, *m)) << *text;
            apply(s, *m, ctx);
        }
    }
}

TEST(SpiderFair, PlansAreLegalLinesThatStartWithItsMove) {
    for (int suits : {2, 4}) {
        Context ctx;
        State s = initial_state(suits, 7, ctx);
        for (int k = 0; k < 20 && !s.won(); ++k) {
            const std::vector<std::string> plan = fair_plan(view_of(s, suits), small());
            if (plan.empty()) break;
            EXPECT_EQ(fair_move(view_of(s, suits), small()), plan.front());
            for (std::size_t i = 0; i < plan.size(); ++i) {
                const auto m = parse_move(plan[i]);
                ASSERT_TRUE(m.has_value() && legal(s, *m)) << plan[i];
                apply(s, *m, ctx);
                if (m->is_deal()) {
                    EXPECT_EQ(i + 1, plan.size());
                }
            }
        }
    }
}

// What the player sees of a 4-suit deal's start, twice: as dealt, and with other cards
// face down (every face-down card made a heart): two positions that look the same.
std::pair<View, View> look_alike(std::uint64_t deal) {
    Context ctx;
    State a = initial_state(4, deal, ctx);
    State b = a;
    for (int p = 0; p < kPiles; ++p)
        for (int i = 0; i < b.down[p]; ++i)
            b.cards[p][i] = to_byte(Card::make(1 + (p + i) % 13, Suit::Hearts));
    return {view_of(a, 4), view_of(b, 4)};
}

TEST(SpiderFair, NeverDependsOnFaceDownCards) {
    // Two positions that look the same but hide different cards: the same move.
    for (std::uint64_t deal : {3u, 4u, 5u}) {
        const auto [va, vb] = look_alike(deal);
        EXPECT_EQ(fair_move(va, small()), fair_move(vb, small())) << "deal " << deal;
    }
}

TEST(SpiderFair, SampledWorldsComeFromTheViewNotTheFaceDownCards) {
    // FairLimits::worlds (the laboratory's, issue 47): the worlds are drawn from the unseen
    // cards, seeded by the position in view, so two positions that look the same but hide
    // different cards get the same plan; and the worlds do change play (else this proves
    // nothing).
    FairLimits worlds;
    worlds.max_nodes = 3'000;
    worlds.worlds = 4;
    for (std::uint64_t deal : {3u, 4u, 5u}) {
        const auto [va, vb] = look_alike(deal);
        EXPECT_EQ(fair_plan(va, worlds), fair_plan(vb, worlds)) << "deal " << deal;
    }
    FairLimits off = worlds;
    off.worlds = 0;
    EXPECT_NE(play_fair_game(4, 5, worlds, 150).moves, play_fair_game(4, 5, off, 150).moves);
}

TEST(SpiderFair, SeesNothingToDoInAWonOrEmptyGame) {
    View v;
    v.completed_runs = 8;
    v.stock_deals_left = 0;
    EXPECT_FALSE(fair_move(v, small()).has_value());
}

TEST(SpiderFair, FillsEmptyPilesToDealRatherThanGiveUp) {
    // Few cards left on the table, seven piles empty, two deals in the stock: the deal
    // needs every pile filled first, and it must get there rather than give up.
    Context ctx;
    State s;
    auto put = [&](int p, std::initializer_list<int> ranks) {
        for (int r : ranks) s.cards[p][s.len[p]++] = to_byte(Card::make(r, Suit::Spades));
    };
    put(0, {13, 12, 11, 10, 9, 8, 7});
    put(1, {13, 12, 11});
    put(2, {5, 4});
    s.deals_left = 2;
    s.done = 5;
    for (int i = 0; i < 50; ++i) ctx.stock[i] = to_byte(Card::make(1 + i % 13, Suit::Spades));
    refresh_all(s, ctx);
    bool dealt = false;
    for (int k = 0; k < 30 && !dealt; ++k) {
        const auto text = fair_move(view_of(s, 1), small());
        ASSERT_TRUE(text.has_value()) << "gave up after " << k << " moves";
        const auto m = parse_move(*text);
        ASSERT_TRUE(m.has_value() && legal(s, *m)) << *text;
        dealt = m->is_deal();
        apply(s, *m, ctx);
    }
    EXPECT_TRUE(dealt);
}

TEST(SpiderFair, DealsRatherThanCompleteARunThatStrandsTheStock) {
    // One suit, 4 runs done, 3 deals left: 22 cards out. Putting the Ace on the 2 would
    // complete the King..2 run and leave 9 cards for 10 piles, so no deal could ever be made
    // again (Aisleriot: "Undo until there are enough cards to fill all tableau piles").
    View v;
    v.suits = 1;
    v.stock_deals_left = 3;
    v.completed_runs = 4;
    auto spade = [](int r) { return Card::make(r, Suit::Spades); };
    for (int r = 13; r >= 2; --r) v.face_up[0].push_back(spade(r));
    v.face_up[1] = {spade(1)};
    const int singles[] = {5, 5, 9, 9, 7, 7, 11};
    for (std::size_t p = 2; p < 9; ++p) v.face_up[p] = {spade(singles[p - 2])};
    v.face_up[9] = {spade(11), spade(3)};
    search::State s;
    for (int p = 0; p < kPiles; ++p) {
        for (const Card& c : v.face_up[static_cast<std::size_t>(p)])
            s.cards[p][s.len[p]++] = to_byte(c);
    }
    s.done = 4;
    s.deals_left = 3;
    State stranded = s;
    stranded.len[1] = 0;
    stranded.len[0] = 0;
    EXPECT_TRUE(stranded.stranded());
    EXPECT_FALSE(s.stranded());
    stranded.deals_left = 0;
    EXPECT_FALSE(stranded.stranded());

    EXPECT_EQ(fair_plan(v, small()), std::vector<std::string>{"deal"});
    EXPECT_EQ(fair_plan(v), std::vector<std::string>{"deal"});
}

TEST(SpiderFair, AtFourSuitsPutsPartOfARunOnItsOwnSuitToCompleteOne) {
    // Pile 1 holds K..2 of spades over a face-down card; pile 2 ends in 2, A of spades over
    // a 3 of hearts. Only the Ace alone (part of pile 2's run) onto pile 1 completes the
    // run, which turns pile 1's card over; the whole run 2, A fits no pile. Nothing else
    // moves (Kings and 5s, no empty pile), so without part-of-a-run moves onto their own
    // suit the player could only deal.
    View v;
    v.suits = 4;
    auto card = [](int r, Suit s) { return Card::make(r, s); };
    v.face_down[0] = 1;
    for (int r = 13; r >= 2; --r) v.face_up[0].push_back(card(r, Suit::Spades));
    v.face_down[1] = 1;
    v.face_up[1] = {card(3, Suit::Hearts), card(2, Suit::Spades), card(1, Suit::Spades)};
    const Card fillers[] = {card(13, Suit::Hearts),   card(13, Suit::Hearts),
                            card(13, Suit::Diamonds), card(13, Suit::Diamonds),
                            card(13, Suit::Clubs),    card(13, Suit::Clubs),
                            card(5, Suit::Diamonds),  card(5, Suit::Clubs)};
    for (std::size_t p = 2; p < 10; ++p) {
        v.face_down[p] = 3;
        v.face_up[p] = {fillers[p - 2]};
    }
    const std::vector<std::string> plan = fair_plan(v, small());
    ASSERT_FALSE(plan.empty());
    EXPECT_EQ(plan.front(), "move 2 1 1");
    EXPECT_EQ(fair_plan(v).front(), "move 2 1 1");
}

TEST(SpiderEvaluation, CountsThePileNearestToEmptyAgain) {
    // Face-down cards 3, 1, 4 and a pile with none: the nearest to empty has 1.
    Context ctx;
    State s;
    const int down[] = {3, 1, 4, 0};
    for (int p = 0; p < 4; ++p) {
        for (int i = 0; i <= down[p]; ++i)
            s.cards[p][s.len[p]++] = to_byte(Card::make(13 - i, Suit::Spades));
        s.down[p] = static_cast<std::uint8_t>(down[p]);
    }
    refresh_all(s, ctx);
    Context term = ctx;
    term.w.min_down = -20;
    EXPECT_EQ(evaluate(s, term), evaluate(s, ctx) - 20);
    s.down[1] = 0;  // now the nearest has 3
    refresh_all(s, ctx);
    EXPECT_EQ(evaluate(s, term), evaluate(s, ctx) - 60);
}

TEST(SpiderEvaluation, CountsTopRunsWithNowhereToGo) {
    Context ctx;
    State s;
    auto pile = [&](int p, int down, std::initializer_list<int> ranks) {
        for (int r : ranks) s.cards[p][s.len[p]++] = to_byte(Card::make(r, Suit::Spades));
        s.down[p] = static_cast<std::uint8_t>(down);
    };
    pile(0, 1, {2, 7, 6});       // 7 6 over a face-down card: the 8 of pile(2) takes it
    pile(1, 2, {5, 4, 13, 12});  // K Q: only an empty pile takes a King
    pile(2, 0, {8});             // the whole pile: nothing under it to free
    pile(3, 1, {3, 4, 10});      // the 10 over a 4: no Jack on top anywhere
    refresh_all(s, ctx);
    EXPECT_EQ(runs_without_home(s), 2);
    Context term = ctx;
    term.w.no_home = -20;
    EXPECT_EQ(evaluate(s, term), evaluate(s, ctx) - 40);

    pile(4, 0, {11});  // a Jack on top: the 10 has somewhere to go
    EXPECT_EQ(runs_without_home(s), 1);
    s.cards[2][0] = kUnknown;  // a card being turned over is no one's home yet
    s.down[2] = 0;
    EXPECT_EQ(runs_without_home(s), 2);
}

TEST(SpiderFair, NeverStrandsTheStockAlongAGame) {
    // One-suit deal 628 at small limits: the player once turned cards over and completed
    // runs until 9 cards were left for 10 piles with 3 deals in the stock, and lost.
    FairLimits limits;
    limits.max_nodes = 1000;
    limits.reveal_leaves = 3;
    limits.inner_nodes = 20;
    const FairGame g = play_fair_game(1, 628, limits);
    Context ctx;
    State s = initial_state(1, 628, ctx);
    for (const std::string& text : g.moves) {
        apply(s, *parse_move(text), ctx);
        ASSERT_FALSE(s.stranded()) << "after " << text;
    }
    EXPECT_FALSE(g.illegal);
}

TEST(SpiderFair, WinsAOneSuitDealAndTheLineReplays) {
    FairLimits limits;
    limits.max_nodes = 300;
    const FairGame g = play_fair_game(1, 2, limits);
    EXPECT_FALSE(g.illegal);
    ASSERT_TRUE(g.won);
    test::SimpleSpider sim(1, 2);
    for (const auto& m : g.moves) ASSERT_TRUE(sim.play(m)) << m << ": " << sim.error;
    EXPECT_TRUE(sim.won());
}

TEST(SpiderFair, FourSuitLimitsLeaveOneAndTwoSuitsAlone) {
    // FairLimits::inner_nodes_4suits changes only 4-suit play: 1 and 2 suits play the
    // same games deal for deal, 4 suits a different one.
    FairLimits other = small();
    other.inner_nodes_4suits = 0;
    for (int suits : {1, 2})
        EXPECT_EQ(play_fair_game(suits, 5, small(), 150).moves,
                  play_fair_game(suits, 5, other, 150).moves)
            << suits << " suits";
    EXPECT_NE(play_fair_game(4, 5, small(), 150).moves, play_fair_game(4, 5, other, 150).moves);
}

TEST(SpiderFair, PlansTheSameOnSeveralThreadsAtOnce) {
    // Each thread keeps its own search memory: plans made side by side on two threads are
    // the ones made one after the other.
    std::vector<View> views;
    for (int suits : {2, 4}) {
        Context ctx;
        State s = initial_state(suits, 3, ctx);
        for (int k = 0; k < 20 && !s.won(); ++k) {
            views.push_back(view_of(s, suits));
            const auto text = fair_move(views.back(), small());
            if (!text) break;
            apply(s, *parse_move(*text), ctx);
        }
    }
    std::vector<std::vector<std::string>> alone, a(views.size()), b(views.size());
    for (const View& v : views) alone.push_back(fair_plan(v, small()));
    std::thread t1([&] {
        for (std::size_t i = 0; i < views.size(); ++i) a[i] = fair_plan(views[i], small());
    });
    std::thread t2([&] {
        for (std::size_t i = views.size(); i-- > 0;) b[i] = fair_plan(views[i], small());
    });
    t1.join();
    t2.join();
    EXPECT_EQ(a, alone);
    EXPECT_EQ(b, alone);
}

TEST(SpiderFair, GivesBackSearchMemoryPastTheCapAndPlaysTheSame) {
    // Issue 45: a decision gives its searches' memory back (the default), or keeps it for the
    // next decision up to FairLimits::keep_bytes. Plans do not depend on it.
    std::thread([] {
        Context ctx;
        const View start = view_of(initial_state(4, 3, ctx), 4);
        const std::vector<std::string> first = fair_plan(start);
        EXPECT_EQ(fair_scratch_bytes(), 0u);
        FairLimits keep;
        keep.keep_bytes = std::size_t{24} << 20;
        EXPECT_EQ(fair_plan(start, keep), first);
        const std::size_t kept = fair_scratch_bytes();
        EXPECT_GT(kept, 0u);
        EXPECT_LE(kept, keep.keep_bytes);
        EXPECT_EQ(fair_plan(start, keep), first);
        EXPECT_EQ(fair_scratch_bytes(), kept);
        EXPECT_EQ(fair_plan(start), first);
        EXPECT_EQ(fair_scratch_bytes(), 0u);
        // The largest budget reserves more than the cap for its expanded positions (a
        // nearly won position, so the search is short: seven runs done, spades K..2 and A).
        View last;
        last.stock_deals_left = 0;
        last.completed_runs = 7;
        for (int r = 13; r >= 2; --r) last.face_up[0].push_back(Card::make(r, Suit::Spades));
        last.face_up[1].push_back(Card::make(1, Suit::Spades));
        FairLimits big = keep;
        big.max_nodes = kMaxNodes;
        EXPECT_EQ(fair_plan(last, big), std::vector<std::string>{"move 2 1 1"});
        EXPECT_LE(fair_scratch_bytes(), keep.keep_bytes);
    }).join();
}

TEST(SpiderMoves, TextRoundTrips) {
    EXPECT_EQ(move_text(*parse_move("move 10 1 13")), "move 10 1 13");
    EXPECT_EQ(move_text(*parse_move("deal")), "deal");
    EXPECT_FALSE(parse_move("move 0 1 1"));
    EXPECT_FALSE(parse_move("move 1 2"));
    EXPECT_FALSE(parse_move("move 1 2 3 4"));
}

}  // namespace
}  // namespace croupier::games::spider
