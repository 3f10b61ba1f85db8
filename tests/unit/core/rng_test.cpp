// The DEALS.md test vectors that belong to the generator itself.
#include <set>

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

namespace {

// The inverse of splitmix64's output function (DEALS.md): from one output, the state that
// produced it. This is what anyone could do with a shown deal number.
std::uint64_t inverse_of_odd(std::uint64_t c) {
    std::uint64_t inv = c;  // Newton: each step doubles the correct low bits
    for (int i = 0; i < 6; ++i) inv *= 2 - c * inv;
    return inv;
}
std::uint64_t unxorshift(std::uint64_t y, int s) {
    std::uint64_t x = y;
    for (int i = 0; i < 64 / s + 1; ++i) x = y ^ (x >> s);
    return x;
}
std::uint64_t splitmix64_state_behind(std::uint64_t out) {
    std::uint64_t z = unxorshift(out, 31);
    z *= inverse_of_odd(0x94D049BB133111EBULL);
    z = unxorshift(z, 27);
    z *= inverse_of_odd(0xBF58476D1CE4E5B9ULL);
    return unxorshift(z, 30);
}
std::uint64_t predict_next(std::uint64_t shown) {
    std::uint64_t state = splitmix64_state_behind(shown);
    return splitmix64(state);
}

}  // namespace

TEST(DealNumberSource, SeededModeIsUnchangedAndFollowsTheSeed) {
    DealNumberSource plain(42), seeded(42, false);
    for (std::uint64_t want :
         {13679457532755275413ULL, 2949826092126892291ULL, 5139283748462763858ULL}) {
        EXPECT_EQ(plain.next(), want);
        EXPECT_EQ(seeded.next(), want);
    }
    EXPECT_FALSE(seeded.is_os_random());
}

TEST(DealNumberSource, SeededModeIsPredictableFromOneShownNumber) {
    // Why the live daemon must not use it: the next deal follows from the last one shown.
    DealNumberSource src(0x1234567890abcdefULL);
    std::uint64_t shown = src.next();
    for (int i = 0; i < 5; ++i) {
        const std::uint64_t next = src.next();
        EXPECT_EQ(predict_next(shown), next);
        shown = next;
    }
}

TEST(DealNumberSource, OsModeNumbersAreIndependentAndUnpredictable) {
    auto a = DealNumberSource::os_random();
    DealNumberSource b(42, true);  // the seed is ignored in OS mode
    EXPECT_TRUE(a.is_os_random());
    EXPECT_TRUE(b.is_os_random());
    std::set<std::uint64_t> seen;
    std::uint64_t last_a = a.next();
    seen.insert(last_a);
    for (int i = 0; i < 16; ++i) {
        const std::uint64_t na = a.next(), nb = b.next();
        EXPECT_NE(na, predict_next(last_a));  // chance of a false failure: 2^-64
        EXPECT_NE(nb, 13679457532755275413ULL);
        seen.insert(na);
        seen.insert(nb);
        last_a = na;
    }
    EXPECT_EQ(seen.size(), 33u);  // two sources, 33 numbers, all different
    // All 64 bits are used: over 32 numbers every bit position is seen both set and clear
    // (a failure here by chance has probability about 64 * 2^-31).
    std::uint64_t any = 0, all = ~0ULL;
    for (auto v : seen) {
        any |= v;
        all &= v;
    }
    EXPECT_EQ(any, ~0ULL);
    EXPECT_EQ(all, 0ULL);
}
