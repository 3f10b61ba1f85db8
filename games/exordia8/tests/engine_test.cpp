// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/exordia8/engine.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>

using namespace croupier::games;
using namespace croupier::games::exordia8;

namespace {

Card C(const std::string& t) {
    auto c = parse_card(t);
    if (!c) throw std::runtime_error("bad card " + t);
    return *c;
}

std::vector<Card> H(const std::string& text) {
    std::vector<Card> out;
    std::istringstream in(text);
    std::string w;
    while (in >> w) out.push_back(C(w));
    return out;
}

std::string T(const std::vector<Card>& cs) {
    std::string s;
    for (const auto& c : cs) s += (s.empty() ? "" : " ") + to_text(c);
    return s;
}

bool has(const std::vector<Event>& ev, Event::Kind k) {
    return std::any_of(ev.begin(), ev.end(), [k](const Event& e) { return e.kind == k; });
}

bool in_legal(const Engine& e, int seat, const Action& a) {
    const auto l = e.legal(seat);
    return std::find(l.begin(), l.end(), a) != l.end();
}

Result ok(Engine& e, int seat, const Action& a) {
    auto r = e.apply(seat, a);
    EXPECT_TRUE(r.ok()) << to_text(a) << ": " << r.error;
    return r;
}

// Three players, a stock of plain cards.
Engine three(const std::string& a, const std::string& b, const std::string& c,
             const std::string& stock = "4c 5c 6c 7c 9d 10d") {
    return Engine::from_cards(0, {H(a), H(b), H(c)}, H(stock));
}

}  // namespace

TEST(Exordia8Deal, DealsMdTestVector) {
    Engine e(3, 0, 1);
    EXPECT_EQ(e.packs(), 1);
    EXPECT_EQ(T(e.hand(0)), "Qd 3h 9d Qh 9s");
    EXPECT_EQ(T(e.hand(1)), "3c As 4c 2s 6h");
    EXPECT_EQ(T(e.hand(2)), "4s 6s 7s 8c Qc");
    EXPECT_EQ(e.stock_size(), 53 - 15);
    EXPECT_EQ(to_text(e.stock().front()), "2d");
    EXPECT_EQ(e.turn(), 0);
    EXPECT_EQ(e.direction(), 1);
    EXPECT_TRUE(e.first_play());
}

TEST(Exordia8Deal, DealStartsWithTheDealerWhoPlaysFirst) {
    Engine e(3, 2, 1);
    EXPECT_EQ(T(e.hand(2)), "Qd 3h 9d Qh 9s");
    EXPECT_EQ(T(e.hand(0)), "3c As 4c 2s 6h");
    EXPECT_EQ(T(e.hand(1)), "4s 6s 7s 8c Qc");
    EXPECT_EQ(e.turn(), 2);
}

TEST(Exordia8Deal, PacksAndCardTotals) {
    const std::map<int, int> expected{{2, 1}, {6, 1}, {7, 2}, {13, 3}, {50, 9}};
    for (auto [players, packs] : expected) {
        Engine e(players, 0, 99);
        EXPECT_EQ(e.packs(), packs) << players;
        std::map<std::string, int> count;
        int total = 0;
        for (int s = 0; s < players; ++s) {
            EXPECT_EQ(e.hand_size(s), 5);
            for (const auto& c : e.hand(s)) ++count[to_text(c)], ++total;
        }
        for (const auto& c : e.stock()) ++count[to_text(c)], ++total;
        EXPECT_EQ(total, 53 * packs) << players;
        EXPECT_EQ(count.size(), 53u);
        for (const auto& [name, n] : count) EXPECT_EQ(n, packs) << name;
    }
    EXPECT_EQ(packs_for(7, 6), 2);
    EXPECT_EQ(packs_for(20, 100), 2);  // always enough to deal
}

TEST(Exordia8Rules, MatchRankOrSuitAndPreciseRefusal) {
    auto e = three("7h Kd 2c", "9c 7c Ks", "5d 6d 5s");
    ok(e, 0, Action::play(C("7h")));
    EXPECT_EQ(e.turn(), 1);
    const auto before_hand = e.hand(1);
    auto r = e.apply(1, Action::play(C("9c")));
    EXPECT_EQ(r.error, "9c can't go on 7h: play a heart or a 7, an 8 or a Joker, or draw");
    EXPECT_EQ(e.hand(1), before_hand);
    EXPECT_EQ(e.pile().size(), 1u);
    EXPECT_EQ(e.turn(), 1);
    EXPECT_EQ(e.apply(1, Action::play(C("Qs"))).error, "you have no Qs");
    EXPECT_EQ(e.apply(2, Action::play(C("5d"))).error, "it is not your turn");
    EXPECT_FALSE(in_legal(e, 1, Action::play(C("9c"))));
    EXPECT_TRUE(in_legal(e, 1, Action::play(C("7c"))));
    EXPECT_FALSE(in_legal(e, 1, Action::pass()));  // the stock is not empty
    EXPECT_FALSE(e.apply(1, Action::pass()).ok());
    ok(e, 1, Action::play(C("7c")));
    EXPECT_EQ(e.turn(), 2);
}

TEST(Exordia8Rules, QueenOfHeartsNeverFirstThenExtraPlay) {
    auto e = three("Qh 5h 9c", "Kc 7c Ks", "5d 6d 5s");
    auto r = e.apply(0, Action::play(C("Qh")));
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("first card"), std::string::npos);
    EXPECT_FALSE(in_legal(e, 0, Action::play(C("Qh"))));
    ok(e, 0, Action::play(C("5h")));
    ok(e, 1, Action::draw());
    ok(e, 2, Action::draw());
    r = ok(e, 0, Action::play(C("Qh")));
    EXPECT_TRUE(has(r.events, Event::Kind::ExtraPlay));
    EXPECT_EQ(e.turn(), 0);
    EXPECT_EQ(e.bonus(), Bonus::QueenOfHearts);
    ok(e, 0, Action::draw());  // the extra play may be a draw; it ends the turn
    EXPECT_EQ(e.turn(), 1);
}

TEST(Exordia8Rules, EightNamesASuitJokerCannotCounter) {
    auto e = three("8h 4c 9c", "Joker 7c Ks 8d", "5d 6d 5s");
    auto r = e.apply(0, Action::play(C("8h")));
    EXPECT_EQ(r.error, "name a suit for the 8: !play 8h s (or c, d, h)");
    EXPECT_EQ(e.hand_size(0), 3);
    EXPECT_TRUE(in_legal(e, 0, Action::play(C("8h"), Suit::Spades)));
    EXPECT_FALSE(in_legal(e, 0, Action::play(C("8h"))));
    EXPECT_EQ(e.apply(0, Action::play(C("4c"), Suit::Spades)).error,
              "only an 8 names a suit: !play 4c");
    r = ok(e, 0, Action::play(C("8h"), Suit::Spades));
    ASSERT_TRUE(r.events[0].suit.has_value());
    EXPECT_EQ(*r.events[0].suit, Suit::Spades);
    EXPECT_EQ(e.named_suit(), Suit::Spades);
    EXPECT_EQ(e.apply(1, Action::play(C("Joker"))).error,
              "a Joker can't counter an 8: play a spade or an 8, or draw");
    EXPECT_EQ(e.apply(1, Action::play(C("7c"))).error,
              "7c can't go on 8h (spades named): play a spade or an 8, or draw");
    EXPECT_TRUE(in_legal(e, 1, Action::play(C("Ks"))));
    EXPECT_TRUE(in_legal(e, 1, Action::play(C("8d"), Suit::Clubs)));
    ok(e, 1, Action::draw());
    EXPECT_EQ(e.named_suit(), Suit::Spades);  // stays in force until a card covers it
    EXPECT_FALSE(in_legal(e, 2, Action::play(C("5d"))));
    ok(e, 2, Action::play(C("5s")));
    EXPECT_FALSE(e.named_suit().has_value());
}

TEST(Exordia8Rules, EightWithEmptyStockIsWild) {
    auto e = Engine::from_cards(0, {H("8h 4c"), H("Joker 7c Kd")}, {});
    ok(e, 0, Action::play(C("8h"), Suit::Spades));
    EXPECT_TRUE(in_legal(e, 1, Action::play(C("7c"))));
    EXPECT_TRUE(in_legal(e, 1, Action::play(C("Joker"))));
    EXPECT_FALSE(in_legal(e, 1, Action::draw()));
    ok(e, 1, Action::play(C("Kd")));
}

TEST(Exordia8Rules, JackAllowsItsColour) {
    auto e = three("Jh 4c", "9d 7c Js", "5d 6d 5s");
    ok(e, 0, Action::play(C("Jh")));
    EXPECT_TRUE(in_legal(e, 1, Action::play(C("9d"))));
    EXPECT_TRUE(in_legal(e, 1, Action::play(C("Js"))));
    EXPECT_FALSE(in_legal(e, 1, Action::play(C("7c"))));
    EXPECT_EQ(e.apply(1, Action::play(C("7c"))).error,
              "7c can't go on Jh: play a red card or a Jack, an 8 or a Joker, or draw");
    ok(e, 1, Action::play(C("9d")));
    EXPECT_FALSE(e.jack_red().has_value());
}

TEST(Exordia8Rules, AceReverses) {
    auto e = three("Ah 4c", "9d 7c Js", "5h 6d 5s");
    auto r = ok(e, 0, Action::play(C("Ah")));
    EXPECT_TRUE(has(r.events, Event::Kind::Reversed));
    EXPECT_EQ(e.direction(), -1);
    EXPECT_EQ(e.turn(), 2);
    ok(e, 2, Action::play(C("5h")));
    EXPECT_EQ(e.turn(), 1);
    auto two = Engine::from_cards(0, {H("Ah 4c"), H("9d 7c")}, H("2c 3c"));
    ok(two, 0, Action::play(C("Ah")));
    EXPECT_EQ(two.turn(), 1);  // no visible effect with two players
}

TEST(Exordia8Rules, QueenOfSpadesIsWildAndCancelsSpecials) {
    auto e = three("Qs 8d 4c", "Ah 7c Js", "5h 6d 5s");
    ok(e, 0, Action::play(C("Qs")));
    EXPECT_TRUE(e.queen_of_spades());
    EXPECT_TRUE(in_legal(e, 1, Action::play(C("7c"))));
    EXPECT_TRUE(in_legal(e, 1, Action::play(C("Ah"))));
    auto r = ok(e, 1, Action::play(C("Ah")));
    EXPECT_TRUE(has(r.events, Event::Kind::LostEffect));
    EXPECT_FALSE(has(r.events, Event::Kind::Reversed));
    EXPECT_EQ(e.direction(), 1);
    EXPECT_EQ(e.turn(), 2);

    // An 8 on the Queen of Spades names no suit.
    auto f = three("Qs 4c", "8d 7c Js", "5h 6d 5s");
    ok(f, 0, Action::play(C("Qs")));
    EXPECT_FALSE(f.needs_suit(1, C("8d")));
    EXPECT_TRUE(in_legal(f, 1, Action::play(C("8d"))));
    ok(f, 1, Action::play(C("8d")));
    EXPECT_FALSE(f.named_suit().has_value());
    EXPECT_TRUE(in_legal(f, 2, Action::play(C("6d"))));
    EXPECT_FALSE(in_legal(f, 2, Action::play(C("5s"))));
}

TEST(Exordia8Sequent, StartContinueCompleteWithBonus) {
    // Seat 0: 2h; 1: 3h; 2: 4h; 0: 5h; 1: 6h; 2: 7h; 0: 8h completes, then a bonus discard.
    auto e = three("2h 5h 8h Kh Kc", "3h 6h 9s 9c", "4h 7h Qc Jc");
    ok(e, 0, Action::play(C("2h")));
    EXPECT_TRUE(e.two_live());
    auto r = ok(e, 1, Action::play(C("3h")));
    EXPECT_TRUE(has(r.events, Event::Kind::SequentStarted));
    EXPECT_TRUE(e.sequent());
    EXPECT_EQ(to_text(e.sequent_card()), "4h");
    EXPECT_EQ(e.apply(2, Action::play(C("Qc"))).error,
              "Qc doesn't continue the sequent: play 4h or a Joker, or draw two");
    r = ok(e, 2, Action::play(C("4h")));
    EXPECT_TRUE(has(r.events, Event::Kind::SequentContinued));
    ok(e, 0, Action::play(C("5h")));
    ok(e, 1, Action::play(C("6h")));
    ok(e, 2, Action::play(C("7h")));
    EXPECT_EQ(to_text(e.sequent_card()), "8h");
    EXPECT_FALSE(e.needs_suit(0, C("8h")));  // the completing 8 names no suit
    EXPECT_TRUE(in_legal(e, 0, Action::play(C("8h"))));
    EXPECT_FALSE(in_legal(e, 0, Action::play(C("Kh"))));
    r = ok(e, 0, Action::play(C("8h")));
    EXPECT_TRUE(has(r.events, Event::Kind::SequentCompleted));
    EXPECT_FALSE(e.sequent());
    EXPECT_EQ(e.bonus(), Bonus::Sequent);
    EXPECT_EQ(e.turn(), 0);
    EXPECT_FALSE(e.named_suit().has_value());
    EXPECT_FALSE(in_legal(e, 0, Action::draw()));
    EXPECT_TRUE(in_legal(e, 0, Action::pass()));
    EXPECT_TRUE(in_legal(e, 0, Action::play(C("Kh"))));
    EXPECT_FALSE(in_legal(e, 0, Action::play(C("Kc"))));
    ok(e, 0, Action::play(C("Kh")));
    EXPECT_EQ(e.turn(), 1);
    EXPECT_EQ(e.bonus(), Bonus::None);
    EXPECT_EQ(e.hand_size(0), 1);
}

TEST(Exordia8Sequent, BonusMayBeDeclined) {
    auto e = Engine::from_cards(0, {H("2h 4h 6h 8h Kc"), H("3h 5h 7h 9c")}, H("2c 3c"));
    for (auto [s, c] : std::vector<std::pair<int, const char*>>{
             {0, "2h"}, {1, "3h"}, {0, "4h"}, {1, "5h"}, {0, "6h"}, {1, "7h"}, {0, "8h"}})
        ok(e, s, Action::play(C(c)));
    EXPECT_EQ(e.bonus(), Bonus::Sequent);
    auto r = ok(e, 0, Action::pass());
    EXPECT_TRUE(has(r.events, Event::Kind::BonusDeclined));
    EXPECT_EQ(e.turn(), 1);
    EXPECT_EQ(e.stock_size(), 2);
}

TEST(Exordia8Sequent, BreakDrawsTwoOrWhatIsLeft) {
    auto e = three("2h 5h 9d", "3h 6h 9s", "Qc Jc 4c", "Kd Kc Ks");
    ok(e, 0, Action::play(C("2h")));
    ok(e, 1, Action::play(C("3h")));
    EXPECT_TRUE(in_legal(e, 2, Action::draw()));
    auto r = ok(e, 2, Action::draw());
    EXPECT_TRUE(has(r.events, Event::Kind::SequentBroken));
    EXPECT_EQ(e.hand_size(2), 5);
    EXPECT_EQ(e.stock_size(), 1);
    EXPECT_FALSE(e.sequent());
    EXPECT_EQ(e.turn(), 0);
    // The drawn faces reach only the drawer.
    for (const auto& ev : r.events) {
        if (ev.kind == Event::Kind::DrewCards) {
            EXPECT_EQ(ev.visible_to, 2);
            EXPECT_EQ(T(ev.cards), "Kd Kc");
        } else {
            EXPECT_EQ(ev.visible_to, -1);
            EXPECT_TRUE(ev.cards.empty());
        }
    }
    // A break with one card left in the stock draws one.
    auto f = three("2h 5h 9d", "3h 6h 9s", "Qc Jc 4c", "Kd");
    ok(f, 0, Action::play(C("2h")));
    ok(f, 1, Action::play(C("3h")));
    ok(f, 2, Action::draw());
    EXPECT_EQ(f.hand_size(2), 4);
    EXPECT_EQ(f.stock_size(), 0);
}

TEST(Exordia8Sequent, JokerEndsItWithoutPenalty) {
    auto e = three("2h 5h 9d", "3h 6h 9s", "Joker Jc 4c");
    ok(e, 0, Action::play(C("2h")));
    ok(e, 1, Action::play(C("3h")));
    auto r = ok(e, 2, Action::play(C("Joker")));
    EXPECT_TRUE(has(r.events, Event::Kind::SequentEnded));
    EXPECT_FALSE(e.sequent());
    EXPECT_EQ(e.hand_size(2), 2);
    EXPECT_TRUE(in_legal(e, 0, Action::play(C("9d"))));  // anything may follow a Joker
}

TEST(Exordia8Sequent, ThreeOfAnotherSuitOrALateThreeStartsNothing) {
    auto e = three("2h 5h 9d", "3c 2c 9s", "3h Jc 4c");
    ok(e, 0, Action::play(C("2h")));
    ok(e, 1, Action::play(C("2c")));
    ok(e, 2, Action::play(C("Jc")));
    EXPECT_FALSE(e.sequent());
    auto f = three("2h 5h 9d", "Kc 2c 9s", "3h Jc 4c");
    ok(f, 0, Action::play(C("2h")));
    ok(f, 1, Action::draw());
    ok(f, 2, Action::play(C("3h")));  // the 2 stays live while nobody covers it
    EXPECT_TRUE(f.sequent());
}

TEST(Exordia8Rules, JokerGoesOnAnythingAndAnythingFollows) {
    auto e = three("Kc 4c", "Joker 7d", "5h 6d 5s");
    ok(e, 0, Action::play(C("Kc")));
    ok(e, 1, Action::play(C("Joker")));
    EXPECT_TRUE(in_legal(e, 2, Action::play(C("5h"))));
    EXPECT_TRUE(in_legal(e, 2, Action::play(C("6d"))));
    EXPECT_TRUE(in_legal(e, 2, Action::play(C("5s"))));
}

TEST(Exordia8End, GoingOutWinsEvenOnASpecialCard) {
    auto e = Engine::from_cards(0, {H("Qh"), H("8c Joker 9d Kh")}, H("2c"));
    EXPECT_FALSE(in_legal(e, 0, Action::play(C("Qh"))));  // still the first card
    e = Engine::from_cards(0, {H("5h Qh"), H("8c Joker 9d Kh Ah")}, H("2c"));
    ok(e, 0, Action::play(C("5h")));
    ok(e, 1, Action::play(C("Kh")));
    auto r = ok(e, 0, Action::play(C("Qh")));
    EXPECT_TRUE(e.finished());
    EXPECT_FALSE(has(r.events, Event::Kind::ExtraPlay));
    EXPECT_EQ(e.winner(), 0);
    EXPECT_EQ(e.points(), 50 + 50 + 9 + 1);
    EXPECT_FALSE(e.apply(1, Action::draw()).ok());
    EXPECT_TRUE(e.legal(1).empty());

    // A last 8 needs no suit.
    auto f = Engine::from_cards(0, {H("4c 8h"), H("Kh 9d")}, H("2c"));
    ok(f, 0, Action::play(C("4c")));
    ok(f, 1, Action::draw());
    EXPECT_TRUE(in_legal(f, 0, Action::play(C("8h"))));
    ok(f, 0, Action::play(C("8h")));
    EXPECT_EQ(f.winner(), 0);
    EXPECT_EQ(f.points(), 10 + 9 + 2);
}

TEST(Exordia8End, Scoring) {
    EXPECT_EQ(card_value(C("Joker")), 50);
    EXPECT_EQ(card_value(C("8s")), 50);
    EXPECT_EQ(card_value(C("Kd")), 10);
    EXPECT_EQ(card_value(C("Qd")), 10);
    EXPECT_EQ(card_value(C("Jd")), 10);
    EXPECT_EQ(card_value(C("10d")), 10);
    EXPECT_EQ(card_value(C("Ad")), 1);
    EXPECT_EQ(card_value(C("7d")), 7);
    EXPECT_EQ(card_value(C("2c")), 2);
    EXPECT_EQ(hand_value(H("Joker 8s Ad 2c")), 103);
}

TEST(Exordia8End, BlockedGameLowestHandWins) {
    auto e = three("Kc 9c", "Kd 2h", "Ks 5s", "");
    ok(e, 0, Action::play(C("9c")));
    EXPECT_FALSE(in_legal(e, 1, Action::draw()));
    EXPECT_TRUE(in_legal(e, 1, Action::pass()));
    EXPECT_EQ(e.apply(1, Action::draw()).error, "the stock is empty: play a card or pass");
    ok(e, 1, Action::pass());
    ok(e, 2, Action::pass());
    EXPECT_FALSE(e.finished());
    auto r = ok(e, 0, Action::pass());
    EXPECT_TRUE(has(r.events, Event::Kind::Blocked));
    EXPECT_TRUE(e.finished());
    EXPECT_TRUE(e.blocked());
    EXPECT_EQ(e.winner(), 0);  // Kc = 10 against 12 and 15
    EXPECT_EQ(e.points(), 12 + 15);
}

TEST(Exordia8End, APlayBetweenPassesRestartsTheCount) {
    auto e = three("Kc 9c", "Kd 2h", "Ks 5s", "");
    ok(e, 0, Action::play(C("9c")));
    ok(e, 1, Action::pass());
    ok(e, 2, Action::pass());
    ok(e, 0, Action::play(C("Kc")));  // goes out
    EXPECT_TRUE(e.finished());
    EXPECT_FALSE(e.blocked());
}

TEST(Exordia8Leave, ForfeitsCardsAndPassesTheTurn) {
    auto e = three("Kc 9c", "Kd 2h", "Ks 5s");
    auto r = ok(e, 0, Action::leave());
    EXPECT_EQ(r.events[0].kind, Event::Kind::Left);
    EXPECT_EQ(r.events[0].count, 2);
    EXPECT_FALSE(e.in(0));
    EXPECT_EQ(e.hand_size(0), 0);
    EXPECT_EQ(e.turn(), 1);
    EXPECT_FALSE(e.apply(0, Action::draw()).ok());
    ok(e, 1, Action::play(C("Kd")));
    EXPECT_EQ(e.turn(), 2);  // seat 0 is skipped from now on
    ok(e, 2, Action::play(C("Ks")));
    EXPECT_EQ(e.turn(), 1);
    ok(e, 2, Action::leave());  // not their turn: fine
    EXPECT_TRUE(e.finished());
    EXPECT_EQ(e.winner(), 1);
    EXPECT_EQ(e.points(), 0);
}
