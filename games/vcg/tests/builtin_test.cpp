// The built-in card set (data/vcg/) as the balance passes leave it: it loads, every premade
// deck is eight different cards of it, and every ability is written as players see it.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "bot/data.hpp"
#include "games/vcg/card.hpp"
#include "games/vcg/duel.hpp"
#include "games/vcg/kind/kind.hpp"

namespace {

using croupier::bot::VcgLibrary;
namespace vcg = croupier::games::vcg;

VcgLibrary builtin() {
    auto lib = croupier::bot::load_vcg_library("builtin", ".");
    EXPECT_TRUE(lib) << lib.why();
    return lib ? *lib : VcgLibrary{};
}

}  // namespace

TEST(VcgBuiltin, EveryPremadeDeckIsEightDifferentCardsOfTheSet) {
    const VcgLibrary lib = builtin();
    ASSERT_EQ(lib.decks.size(), 6u);
    for (const auto& d : lib.decks) {
        EXPECT_EQ(d.cards.size(), static_cast<std::size_t>(vcg::kDeck)) << d.name;
        const std::set<int> distinct(d.cards.begin(), d.cards.end());
        EXPECT_EQ(distinct.size(), d.cards.size()) << d.name;
        for (int i : d.cards) {
            EXPECT_GE(i, 0) << d.name;
            EXPECT_LT(i, static_cast<int>(lib.set.cards().size())) << d.name;
        }
    }
}

// `!vcg card` shows ability_text(); the file says the same, so an operator reading data/vcg/
// and a player reading the card see one text (and a hand-made edit in another spelling shows).
TEST(VcgBuiltin, EveryCardLineIsWrittenAsPlayersSeeIt) {
    const VcgLibrary lib = builtin();
    ASSERT_FALSE(lib.set.cards().empty());
    std::string all;  // every built-in faction file's lines
    for (const auto& f : croupier::bot::builtin_data())
        if (f.path.rfind("vcg/", 0) == 0 && f.path.ends_with(".csv")) all += "\n" + f.text;
    for (const auto& c : lib.set.cards()) {
        const std::string line = "\n" + c.name + "," + std::to_string(c.level) + "," +
                                 std::to_string(c.power) + "," + std::to_string(c.damage) + "," +
                                 vcg::ability_text(c.ability) + "," + vcg::ability_text(c.bonus) +
                                 ",";
        EXPECT_NE(all.find(line), std::string::npos) << line.substr(1);
        EXPECT_GE(c.level, 1) << c.name;
        EXPECT_LE(c.level, 5) << c.name;  // the built-in set's levels
    }
}
