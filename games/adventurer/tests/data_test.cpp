// The built-in Adventurer Factory cards and premade decks (data/adventurer/) keep the limits
// the balance pass of issue 31 set (docs/PERFORMANCE.md): enough enablers that a dead hand is
// rare, and no cheap burst that ignores Defence.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "games/adventurer/card.hpp"
#include "games/adventurer/kind/kind.hpp"

namespace {

using namespace croupier::games::adventurer;

const croupier::bot::AdventurerLibrary& builtin() {
    static const croupier::bot::AdventurerLibrary lib = [] {
        auto l = croupier::bot::load_adventurer_library("builtin", ".");
        EXPECT_TRUE(l) << l.why();
        return l ? *l : croupier::bot::AdventurerLibrary{};
    }();
    return lib;
}

TEST(AdventurerData, EveryPremadeDeckHasEnablersThatNeedNothing) {
    // The symbol the deck's cards need most must come from at least six cards that need
    // nothing themselves: with four (the class card alone) a hand of Needs was a whole duel.
    const auto& lib = builtin();
    ASSERT_FALSE(lib.decks.empty());
    for (const auto& deck : lib.decks) {
        std::map<std::string, int> needed;
        int ungated = 0;
        for (int c : deck.cards) {
            for (const auto& [sym, k] : lib.set.at(c).needs) ++needed[sym];
            ungated += lib.set.at(c).needs.empty();
        }
        ASSERT_FALSE(needed.empty()) << deck.name;
        std::string top;
        for (const auto& [sym, n] : needed)
            if (top.empty() || n > needed[top]) top = sym;
        int enablers = 0;
        for (int c : deck.cards) {
            const Card& card = lib.set.at(c);
            if (!card.needs.empty()) continue;
            for (const auto& [sym, k] : card.provides) enablers += sym == top;
        }
        EXPECT_GE(enablers, 6) << deck.name << " (" << top << ")";
        EXPECT_GE(ungated, 18) << deck.name << ": nearly half the deck needs nothing";
    }
}

TEST(AdventurerData, NoConsumableTakesMoreThanFiveAtOnce) {
    // A Consumable's damage ignores Defence and comes on top of the turn's encounter: the
    // second player's five Mind on turn 2 must not buy half of the other's Health.
    for (const auto& card : builtin().set.cards()) {
        if (!card.consumable) continue;
        for (const auto& a : card.actions)
            for (const auto& e : a.effects)
                if (e.op == Op::Damage) {
                    EXPECT_LE(e.amount.high(), 5) << card.name;
                }
    }
}

TEST(AdventurerData, AOneMindCardNeedingNothingRollsAtMostSix) {
    // What Player 1 can have on turn 1 (3 Mind): a 1-Mind die above 6 was a 9-point parley
    // or attack before the other side had played a card.
    for (const auto& card : builtin().set.cards()) {
        if (card.cost > 1 || !card.needs.empty()) continue;
        if (card.attack_die) {
            EXPECT_LE(card.attack_die->high(), 6) << card.name;
        }
        if (card.parley_die) {
            EXPECT_LE(card.parley_die->high(), 6) << card.name;
        }
        for (const auto& a : card.actions)
            for (const auto& e : a.effects)
                if (e.op == Op::AttackDie || e.op == Op::ParleyDie) {
                    EXPECT_LE(e.amount.high(), 6) << card.name;
                }
    }
}

TEST(AdventurerData, ADieBoughtForOneMindOnACheapCardRollsAtMostFour) {
    // Player 1 can use such a die on turns 1 and 3, before the other's second turn: two
    // rolls of 6 (Whetstone's 1d6, Loaded Dice's 2d3) and a weapon's took half of 20.
    int seen = 0;
    for (const auto& card : builtin().set.cards()) {
        if (card.cost > 1) continue;
        for (const auto& a : card.actions) {
            if (a.cost.mind > 1 || a.cost.encounter) continue;
            for (const auto& e : a.effects)
                if (e.op == Op::AttackDie || e.op == Op::ParleyDie) {
                    ++seen;
                    EXPECT_LE(e.amount.high(), 4) << card.name;
                }
        }
    }
    EXPECT_GE(seen, 2);  // Whetstone and Loaded Dice at least: the test looks at something
}

}  // namespace
