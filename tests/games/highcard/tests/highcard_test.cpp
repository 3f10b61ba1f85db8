// High card's engine (tests/games/highcard/highcard.hpp) and its kind's config section.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "config/config.hpp"
#include "tests/games/highcard/highcard.hpp"
#include "tests/games/highcard/kind/kind.hpp"

namespace {

using croupier::games::Card;
using croupier::games::Suit;
using croupier::games::highcard::Round;
using croupier::games::highcard::value;

TEST(HighCardEngine, AnAceIsHigh) {
    EXPECT_EQ(value(Card::make(1, Suit::Spades)), 14);
    EXPECT_EQ(value(Card::make(13, Suit::Hearts)), 13);
    EXPECT_EQ(value(Card::make(2, Suit::Clubs)), 2);
}

TEST(HighCardEngine, TheDealNumberDealsTheSameCards) {
    Round a(3, 3), b(3, 3), c(4, 3);
    std::vector<Card> da, db, dc;
    while (!a.finished()) da.push_back(a.draw());
    while (!b.finished()) db.push_back(b.draw());
    while (!c.finished()) dc.push_back(c.draw());
    EXPECT_EQ(da, db);
    EXPECT_NE(da, dc);
}

TEST(HighCardEngine, SeatsDrawInTurnAndNoMore) {
    Round r(7, 2);
    EXPECT_EQ(r.to_draw(), 0);
    EXPECT_EQ(r.best(), 0);
    EXPECT_TRUE(r.winners().empty());
    r.draw();
    EXPECT_EQ(r.to_draw(), 1);
    EXPECT_FALSE(r.finished());
    r.draw();
    EXPECT_TRUE(r.finished());
    EXPECT_THROW(r.draw(), std::logic_error);
}

TEST(HighCardEngine, TheHighestWinsAndATieShares) {
    // Some deal among the first hundred ties for the best card, and every deal has a winner
    // who drew the best.
    bool tie = false;
    for (std::uint64_t deal = 1; deal <= 100; ++deal) {
        Round r(deal, 4);
        while (!r.finished()) r.draw();
        const auto w = r.winners();
        ASSERT_FALSE(w.empty());
        for (int s : w) EXPECT_EQ(value(r.drawn()[static_cast<std::size_t>(s)]), r.best());
        for (int s = 0; s < 4; ++s)
            EXPECT_LE(value(r.drawn()[static_cast<std::size_t>(s)]), r.best());
        tie = tie || w.size() > 1;
    }
    EXPECT_TRUE(tie);
}

TEST(HighCardKind, ItsSectionSetsTheTable) {
    const auto spec = croupier::tests::highcard_section();
    const auto defaults = croupier::tests::make_highcard_kind(croupier::config::defaults(spec));
    EXPECT_EQ(defaults->seating().table_config()->max_players, 4);
    const auto cfg = croupier::config::parse(
        "[network local]\nhost = 127.0.0.1\nchannels = #cards\n[highcard]\nmax_players = 2\n",
        "croupier.ini", {}, {spec});
    const auto two = croupier::tests::make_highcard_kind(cfg.games.at("highcard"));
    EXPECT_EQ(two->seating().table_config()->max_players, 2);
    EXPECT_THROW(croupier::config::parse("[network local]\nhost = 127.0.0.1\nchannels = "
                                         "#cards\n[highcard]\nmax_players = 99\n",
                                         "croupier.ini", {}, {spec}),
                 croupier::config::ConfigError);
}

}  // namespace
