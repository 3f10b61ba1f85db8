// The DEALS.md test vectors that belong to the generator itself.
#include <gtest/gtest.h>

#include "games/core/card.hpp"
#include "games/core/rng.hpp"

using namespace croupier::games;

TEST(DealRng, NextMatchesDealsMdVectors) {
    DealRng zero(0);
    EXPECT_EQ(zero.next(), 0x99ec5f36cb75f2b4ULL);
    EXPECT_EQ(zero.next(), 0xbf6e1f784956452aULL);
    EXPECT_EQ(zero.next(), 0x1a5f849d4933e6e0ULL);
    DealRng one(1);
    EXPECT_EQ(one.next(), 0xb3f2af6d0fc710c5ULL);
    EXPECT_EQ(one.next(), 0x853b559647364ceaULL);
    EXPECT_EQ(one.next(), 0x92f89756082a4514ULL);
}

TEST(DealNumberSource, MasterSeed42) {
    DealNumberSource src(42);
    EXPECT_EQ(src.next(), 13679457532755275413ULL);
    EXPECT_EQ(src.next(), 2949826092126892291ULL);
    EXPECT_EQ(src.next(), 5139283748462763858ULL);
}

TEST(DealRng, BelowStaysInRangeAndCoversIt) {
    DealRng rng(7);
    std::vector<int> seen(13, 0);
    for (int i = 0; i < 13000; ++i) {
        auto v = rng.below(13);
        ASSERT_LT(v, 13u);
        ++seen[v];
    }
    for (int c : seen) EXPECT_GT(c, 800);
    EXPECT_EQ(rng.below(1), 0u);
}

TEST(DealRng, ShuffleIsAPermutation) {
    auto pack = standard_pack();
    DealRng rng(99);
    rng.shuffle(pack);
    auto sorted = pack;
    auto key = [](const Card& c) { return static_cast<int>(c.suit) * 16 + c.rank; };
    std::sort(sorted.begin(), sorted.end(), [&](auto& a, auto& b) { return key(a) < key(b); });
    EXPECT_EQ(sorted, standard_pack());
    EXPECT_NE(pack, standard_pack());
}

TEST(Card, TextRoundTrip) {
    for (const auto& c : standard_pack()) EXPECT_EQ(parse_card(to_text(c)), c);
    EXPECT_EQ(to_text(Card::make(10, Suit::Hearts)), "10h");
    EXPECT_EQ(parse_card("TH"), Card::make(10, Suit::Hearts));
    EXPECT_EQ(parse_card("qS"), Card::make(kQueen, Suit::Spades));
    EXPECT_EQ(parse_card("8\u2666"), Card::make(8, Suit::Diamonds));
    EXPECT_EQ(parse_card("JOKER"), Card::make_joker());
    EXPECT_FALSE(parse_card("1h"));
    EXPECT_FALSE(parse_card("11h"));
    EXPECT_FALSE(parse_card("9z"));
    EXPECT_FALSE(parse_card(""));
    EXPECT_FALSE(parse_card("h"));
}

TEST(Card, SuitWords) {
    EXPECT_EQ(parse_suit("spades"), Suit::Spades);
    EXPECT_EQ(parse_suit("Heart"), Suit::Hearts);
    EXPECT_EQ(parse_suit("d"), Suit::Diamonds);
    EXPECT_FALSE(parse_suit("x"));
}
