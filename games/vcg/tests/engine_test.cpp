// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "games/vcg/ai.hpp"
#include "games/vcg/card.hpp"
#include "games/vcg/duel.hpp"

using namespace croupier::games::vcg;

namespace {

Ability ab(const std::string& text) {
    auto p = parse_ability(text);
    if (auto* why = std::get_if<std::string>(&p)) {
        ADD_FAILURE() << text << ": " << *why;
        return {};
    }
    return std::get<Ability>(p);
}

Card card(const std::string& name, int level, int power, int damage, const std::string& ability,
          const std::string& bonus = "", const std::string& faction = "F") {
    Card c;
    c.name = name;
    c.faction = faction;
    c.level = level;
    c.power = power;
    c.damage = damage;
    c.ability = ab(ability);
    c.bonus = ab(bonus);
    return c;
}

const Card kPlain = card("Plain", 3, 5, 4, "");

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::ostringstream o;
    o << in.rdbuf();
    return o.str();
}

// A duel of four plain cards a side but slot 0, A first.
Duel duel_of(const Card& a, const Card& b, int first = 0) {
    std::array<std::array<Card, kHand>, 2> hands;
    hands[0].fill(kPlain);
    hands[1].fill(kPlain);
    hands[0][0] = a;
    hands[1][0] = b;
    for (int i = 1; i < kHand; ++i) {
        hands[0][static_cast<std::size_t>(i)].faction = "A" + std::to_string(i);
        hands[1][static_cast<std::size_t>(i)].faction = "B" + std::to_string(i);
    }
    hands[0][0].faction = hands[0][0].faction == "F" ? "FA" : hands[0][0].faction;
    hands[1][0].faction = hands[1][0].faction == "F" ? "FB" : hands[1][0].faction;
    return Duel(hands, first);
}

}  // namespace

TEST(VcgAbility, EveryBaseFormParsesAndPrintsBack) {
    const char* forms[] = {"+ 2 Power",
                           "+ 3 Damage",
                           "+ 8 Attack",
                           "+ 1 Life",
                           "+ 2 Potion",
                           "+ 3 Life per Damage",
                           "- 2 Opp Power Min 4",
                           "- 3 Opp Damage Min 2",
                           "- 8 Opp Attack Min 3",
                           "- 4 Opp Life Min 2",
                           "- 3 Opp Potion Min 3",
                           "Steal 2 Life Min 1",
                           "Steal 1 Potion Min 1",
                           "Heal 2 Max 13",
                           "Poison 1 Min 0",
                           "Recover 1 of 2 Potion",
                           "Power = Opp Power",
                           "Damage = Opp Damage",
                           "Stop Opp Ability",
                           "Stop Opp Bonus",
                           "Cancel Own Ability"};
    for (const char* f : forms) {
        EXPECT_EQ(ability_text(ab(f)), f);
        for (const char* p : {"Courage", "Revenge", "Stop", "Support", "Team"})
            EXPECT_EQ(ability_text(ab(std::string(p) + ": " + f)), std::string(p) + ": " + f);
    }
    // Spacing and case are forgiven; the canonical text is the glossary's.
    EXPECT_EQ(ability_text(ab("courage:+3 power")), "Courage: + 3 Power");
    EXPECT_EQ(ability_text(ab("Backlash: - 3 Life Min 0")), "Backlash: - 3 Life Min 0");
    EXPECT_EQ(ability_text(ab("Defeat: - 3 Opp Life Min 0")), "Defeat: - 3 Opp Life Min 0");
}

TEST(VcgAbility, UnknownTextIsRefusedWithAReason) {
    for (const char* bad : {"+ 2 Luck", "Frenzy: + 2 Power", "- 2 Opp Power", "Heal 2",
                            "Defeat: + 2 Power", "Backlash: - 2 Opp Attack Min 1", "Courage:",
                            "+ two Power", "Defeat: - 2 Power", "+ 2 Opp Power Min 1"}) {
        auto p = parse_ability(bad);
        EXPECT_TRUE(std::holds_alternative<std::string>(p)) << bad;
    }
}

TEST(VcgLoad, RefusesAnUnknownAbilityWithFileAndLine) {
    CardSet set;
    const std::string csv =
        "Name,Level,Power,Damage,Ability,Bonus\n"
        "Good,2,5,3,+ 2 Power,+ 2 Damage\n"
        "\n"
        "Bad,3,6,4,+ 2 Luck,+ 2 Damage\n";
    EXPECT_EQ(set.add_faction(csv, "Test", "cards/test.csv"),
              "cards/test.csv:4: Bad: ability \"+ 2 Luck\": not an ability the language knows");
    EXPECT_TRUE(set.cards().empty());
    EXPECT_NE(set.add_faction("Name,Level,Power,Damage,Ability,Bonus,Colour\n", "T", "t.csv")
                  .find("t.csv:1: unknown column \"Colour\""),
              std::string::npos);
    EXPECT_NE(set.add_faction("Name,Level,Power,Damage,Ability,Bonus\nX,0,5,3,,\n", "T", "t.csv")
                  .find("t.csv:2: X: Level must be a number from 1 to 10 (0)"),
              std::string::npos);
}

TEST(VcgLoad, DescriptionAnywhereQuotedAndFactionBonusHeader) {
    CardSet set;
    const std::string csv =
        "Description,Name,Level,Power,Damage,Ability,Faction Bonus\n"
        "\"A card, with a comma \"\"quoted\"\"\",Alpha,2,5,3,+ 2 Power,Stop Opp Bonus\n";
    ASSERT_EQ(set.add_faction(csv, "Test", "t.csv"), "");
    ASSERT_EQ(set.cards().size(), 1u);
    EXPECT_EQ(set.cards()[0].name, "Alpha");
    EXPECT_EQ(set.cards()[0].bonus.effect, Effect::StopOppBonus);
}

TEST(VcgLoad, TheReferenceFilesLoad) {
    const std::filesystem::path dir = std::filesystem::path(CROUPIER_SHARED_DIR) / "vcg-reference";
    if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no " << dir;
    CardSet set;
    int files = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() != ".csv") continue;
        ++files;
        EXPECT_EQ(set.add_faction(slurp(e.path()), e.path().stem().string(), e.path().string()),
                  "");
    }
    EXPECT_EQ(files, 5);
    EXPECT_GE(set.cards().size(), 90u);
    // The example of the issue: with the reference set, Beast of the Fields with 2 potions
    // and its bonus against Burrower with 1 and its bonus.
    const int a = set.find("Beast of the Fields"), b = set.find("burrower");
    ASSERT_GE(a, 0);
    ASSERT_GE(b, 0);
    const Battle r = calc_battle(set.at(a), 2, true, false, set.at(b), 1, true, false);
    // Beast: Power 8 + 2 (bonus) = 10, x3 = 30; its "- 8 Opp Attack Min 3" cuts Burrower's.
    EXPECT_EQ(r.power[0], 10);
    EXPECT_EQ(r.attack[0], 30);
    // Burrower: 6 + 2 (ability) + 2 (bonus) = 10, x2 = 20, cut by 8 down to 12.
    EXPECT_EQ(r.attack[1], 12);
    EXPECT_EQ(r.winner, 0);
    EXPECT_EQ(r.life[1], 6);
}

TEST(VcgLoad, TheShippedSetLoadsAndUsesEveryForm) {
    const std::filesystem::path dir =
        std::filesystem::path(CROUPIER_SOURCE_DIR) / "games" / "vcg" / "data";
    CardSet set;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() != ".csv") continue;
        ASSERT_EQ(set.add_faction(slurp(e.path()), e.path().stem().string(), e.path().string()),
                  "");
    }
    EXPECT_GE(set.factions().size(), 6u);
    for (const auto& f : set.factions()) {
        int n = 0;
        for (const auto& c : set.cards()) n += c.faction == f;
        EXPECT_GE(n, 8) << f;
    }
    std::set<Effect> effects;
    std::set<Prefix> prefixes;
    for (const auto& c : set.cards())
        for (const Ability& a : {c.ability, c.bonus}) {
            if (a.empty()) continue;
            effects.insert(a.effect);
            prefixes.insert(a.prefix);
        }
    for (int e = static_cast<int>(Effect::Power); e <= static_cast<int>(Effect::Recover); ++e)
        EXPECT_TRUE(effects.count(static_cast<Effect>(e))) << "effect " << e << " unused";
    for (int p = 0; p <= static_cast<int>(Prefix::Team); ++p)
        EXPECT_TRUE(prefixes.count(static_cast<Prefix>(p))) << "prefix " << p << " unused";
}

TEST(VcgBattle, AttackIsPowerTimesPotionsPlusOneAndHigherWins) {
    const Battle b = calc_battle(card("A", 3, 5, 4, ""), 2, false, false, card("B", 3, 6, 3, ""), 1,
                                 false, false);
    EXPECT_EQ(b.attack[0], 15);
    EXPECT_EQ(b.attack[1], 12);
    EXPECT_EQ(b.winner, 0);
    EXPECT_EQ(b.life[1], 8);
    EXPECT_EQ(b.potions[0], 10);
}

TEST(VcgBattle, TiesGoToTheLowerLevelThenToWhoPlayedFirst) {
    Battle b = calc_battle(card("A", 4, 5, 4, ""), 1, false, false, card("B", 3, 5, 3, ""), 1,
                           false, false);
    EXPECT_EQ(b.winner, 1);
    EXPECT_TRUE(b.tie_by_level);
    b = calc_battle(card("A", 3, 5, 4, ""), 1, false, false, card("B", 3, 5, 3, ""), 1, false,
                    false);
    EXPECT_EQ(b.winner, 0);
    EXPECT_TRUE(b.tie_by_order);
}

TEST(VcgBattle, FocusCostsThreeAndAddsTwoDamage) {
    const Battle b = calc_battle(card("A", 3, 5, 4, ""), 2, false, true, card("B", 3, 1, 3, ""), 0,
                                 false, false);
    EXPECT_EQ(b.damage[0], 6);
    EXPECT_EQ(b.potions[0], 12 - 2 - 3);
    EXPECT_EQ(b.life[1], 6);
}

TEST(VcgBattle, MinCutsApplyFromTheHighestMinDown) {
    // Power 10 cut by "- 3 Min 8" (first: 8) then "- 5 Min 2" (3). The other order would give
    // 5 then 5 (Min 8 does nothing below 8).
    Card a = card("A", 3, 10, 4, "");
    Card b = card("B", 3, 1, 3, "- 5 Opp Power Min 2", "- 3 Opp Power Min 8", "X");
    const Battle r = calc_battle(a, 0, false, false, b, 0, true, false);
    EXPECT_EQ(r.power[0], 3);
    // A cut never raises a value already under its Min.
    const Battle r2 = calc_battle(card("A", 3, 2, 4, ""), 0, false, false,
                                  card("B", 3, 1, 3, "- 5 Opp Power Min 4"), 0, false, false);
    EXPECT_EQ(r2.power[0], 2);
}

TEST(VcgBattle, OppAttackAndDamageCuts) {
    const Battle r = calc_battle(card("A", 3, 8, 6, ""), 2, false, false,
                                 card("B", 3, 1, 3, "- 8 Opp Attack Min 3"), 0, false, false);
    EXPECT_EQ(r.attack[0], 16);
    const Battle r2 = calc_battle(card("A", 3, 8, 6, ""), 2, false, false,
                                  card("B", 3, 1, 3, "- 3 Opp Damage Min 2"), 0, false, false);
    EXPECT_EQ(r2.damage[0], 3);
    EXPECT_EQ(r2.life[1], 9);
}

TEST(VcgBattle, EqualsOppTakesThePrintedValue) {
    const Battle r = calc_battle(card("A", 3, 2, 1, "Power = Opp Power"), 0, false, false,
                                 card("B", 3, 7, 5, ""), 0, false, false);
    EXPECT_EQ(r.power[0], 7);
    const Battle r2 = calc_battle(card("A", 3, 9, 1, "Damage = Opp Damage"), 0, false, false,
                                  card("B", 3, 1, 5, ""), 0, false, false);
    EXPECT_EQ(r2.damage[0], 5);
    EXPECT_EQ(r2.life[1], 7);
}

TEST(VcgBattle, AfterBattleGainsOnlyOnAWin) {
    Battle r = calc_battle(card("A", 3, 9, 2, "+ 3 Life"), 0, false, false, card("B", 3, 1, 1, ""),
                           0, false, false);
    EXPECT_EQ(r.life[0], 15);
    r = calc_battle(card("A", 3, 1, 2, "+ 3 Life"), 0, false, false, card("B", 3, 9, 1, ""), 0,
                    false, false);
    EXPECT_EQ(r.life[0], 11);
    r = calc_battle(card("A", 3, 9, 2, "+ 2 Potion"), 0, false, false, card("B", 3, 1, 1, ""), 0,
                    false, false);
    EXPECT_EQ(r.potions[0], 14);
    r = calc_battle(card("A", 3, 9, 3, "+ 2 Life per Damage"), 0, false, false,
                    card("B", 3, 1, 1, ""), 0, false, false);
    EXPECT_EQ(r.life[0], 18);
}

TEST(VcgBattle, OppLifePotionAndStealAfterTheDamage) {
    Battle r = calc_battle(card("A", 3, 9, 4, "- 4 Opp Life Min 2"), 0, false, false,
                           card("B", 3, 1, 1, ""), 0, false, false);
    EXPECT_EQ(r.life[1], 4);  // 12 - 4 damage - 4
    r = calc_battle(card("A", 3, 9, 4, "- 5 Opp Potion Min 5"), 0, false, false,
                    card("B", 3, 1, 1, ""), 3, false, false);
    EXPECT_EQ(r.potions[1], 5);  // 9 -> 5, not below 5
    r = calc_battle(card("A", 3, 9, 4, "Steal 3 Life Min 1"), 0, false, false,
                    card("B", 3, 1, 1, ""), 0, false, false);
    EXPECT_EQ(r.life[1], 5);
    EXPECT_EQ(r.life[0], 15);
    r = calc_battle(card("A", 3, 9, 4, "Steal 3 Potion Min 10"), 0, false, false,
                    card("B", 3, 1, 1, ""), 1, false, false);
    EXPECT_EQ(r.potions[1], 10);  // 11 -> 10: only one was there to take
    EXPECT_EQ(r.potions[0], 13);
}

TEST(VcgBattle, RecoverHalfRoundedUp) {
    const Battle r = calc_battle(card("A", 3, 9, 4, "Recover 1 of 2 Potion"), 4, false, false,
                                 card("B", 3, 1, 1, ""), 0, false, false);
    EXPECT_EQ(r.potions[0], 12 - 4 + 3);  // 5 potions on the card, half rounded up
}

TEST(VcgBattle, CourageOnlyWhenPlayedFirst) {
    const Card a = card("A", 3, 5, 4, "Courage: + 3 Power");
    Battle r = calc_battle(a, 0, false, false, card("B", 3, 1, 1, ""), 0, false, false);
    EXPECT_EQ(r.power[0], 8);
    r = calc_battle(card("B", 3, 1, 1, ""), 0, false, false, a, 0, false, false);
    EXPECT_EQ(r.power[1], 5);
}

TEST(VcgBattle, DefeatActsWhenTheCardLoses) {
    const Card a = card("A", 3, 1, 4, "Defeat: - 3 Opp Life Min 0");
    const Battle r = calc_battle(a, 0, false, false, card("B", 3, 9, 2, ""), 0, false, false);
    EXPECT_EQ(r.winner, 1);
    EXPECT_EQ(r.life[1], 9);
    EXPECT_EQ(r.life[0], 10);
}

TEST(VcgBattle, BacklashHurtsItsOwnPlayerOnAWin) {
    const Battle r = calc_battle(card("A", 3, 9, 4, "Backlash: - 3 Life Min 0"), 0, false, false,
                                 card("B", 3, 1, 2, ""), 0, false, false);
    EXPECT_EQ(r.winner, 0);
    EXPECT_EQ(r.life[0], 9);
    EXPECT_EQ(r.life[1], 8);
}

TEST(VcgBattle, StopOppAbilityAndStopOppBonus) {
    const Card a = card("A", 3, 5, 4, "+ 6 Power", "+ 2 Damage", "X");
    Battle r =
        calc_battle(a, 0, true, false, card("B", 3, 1, 1, "Stop Opp Ability"), 0, false, false);
    EXPECT_EQ(r.power[0], 5);
    EXPECT_EQ(r.damage[0], 6);
    r = calc_battle(a, 0, true, false, card("B", 3, 1, 1, "Stop Opp Bonus"), 0, false, false);
    EXPECT_EQ(r.power[0], 11);
    EXPECT_EQ(r.damage[0], 4);
    // Of two Stop Opp Ability, the one played first acts and silences the other (the
    // reference's battle.cpp does the first player's stops first).
    r = calc_battle(card("A", 3, 5, 4, "Stop Opp Ability", "+ 2 Power", "X"), 0, true, false,
                    card("B", 3, 1, 1, "Stop Opp Ability"), 0, false, false);
    EXPECT_EQ(r.power[0], 7);
    ASSERT_EQ(r.fired.size(), 2u);
    EXPECT_EQ(r.fired[0].side, 0);
    EXPECT_EQ(r.fired[0].ability.effect, Effect::StopOppAbility);
    EXPECT_EQ(r.fired[1].side, 0);
    EXPECT_TRUE(r.fired[1].bonus);
}

TEST(VcgBattle, StopPrefixActsAgainstStopOppAbilityAndCannotBeStopped) {
    const Card a = card("A", 3, 5, 4, "Stop: + 4 Damage");
    Battle r =
        calc_battle(a, 0, false, false, card("B", 3, 1, 1, "Stop Opp Ability"), 0, false, false);
    EXPECT_EQ(r.damage[0], 8);
    r = calc_battle(a, 0, false, false, card("B", 3, 1, 1, ""), 0, false, false);
    EXPECT_EQ(r.damage[0], 4);
}

TEST(VcgBattle, CancelOwnAbility) {
    const Battle r = calc_battle(card("A", 3, 5, 4, "+ 6 Power", "Cancel Own Ability", "X"), 0,
                                 true, false, card("B", 3, 1, 1, ""), 0, false, false);
    EXPECT_EQ(r.power[0], 5);
}

TEST(VcgDuel, RevengeAfterALostBattle) {
    std::array<std::array<Card, kHand>, 2> hands;
    hands[0] = {card("Weak", 3, 1, 1, ""), card("Avenger", 3, 2, 2, "Revenge: + 5 Power"), kPlain,
                kPlain};
    hands[1] = {card("Strong", 3, 9, 1, ""), card("Mid", 3, 5, 1, ""), kPlain, kPlain};
    Duel d(hands, 0);
    ASSERT_EQ(d.choose(0, {0, 0, false}), "");
    ASSERT_EQ(d.choose(1, {0, 0, false}), "");
    EXPECT_EQ(d.battles().back().winner, 1);
    EXPECT_EQ(d.to_play(), 1);  // who answered plays first now
    ASSERT_EQ(d.choose(1, {1, 0, false}), "");
    ASSERT_EQ(d.choose(0, {1, 0, false}), "");
    EXPECT_EQ(d.battles().back().power[0], 7);
    EXPECT_EQ(d.battles().back().winner, 0);
}

TEST(VcgDuel, SupportActsFromTheHandAndTeamCountsTheFaction) {
    std::array<std::array<Card, kHand>, 2> hands;
    const Card sup = card("Banner", 2, 1, 1, "Support: + 2 Power", "", "Guild");
    const Card team = card("Drummer", 2, 1, 1, "Team: + 1 Attack", "", "Guild");
    hands[0] = {card("Fighter", 3, 5, 2, "", "", "Guild"), sup, team, kPlain};
    hands[1] = {kPlain, kPlain, kPlain, kPlain};
    Duel d(hands, 0);
    ASSERT_EQ(d.choose(0, {0, 1, false}), "");
    ASSERT_EQ(d.choose(1, {0, 0, false}), "");
    // Power 5 + 2 (Banner) = 7, x2 = 14, + 1 Attack x 3 Guild cards drawn = 17.
    EXPECT_EQ(d.battles().back().power[0], 7);
    EXPECT_EQ(d.battles().back().attack[0], 17);
}

TEST(VcgDuel, FactionBonusNeedsTwoOfTheFaction) {
    std::array<std::array<Card, kHand>, 2> hands;
    hands[0] = {card("A", 3, 5, 2, "", "+ 2 Power", "Guild"),
                card("B", 3, 5, 2, "", "+ 2 Power", "Guild"), kPlain, kPlain};
    hands[1] = {card("C", 3, 5, 2, "", "+ 2 Power", "Lone"), kPlain, kPlain, kPlain};
    Duel d(hands, 0);
    EXPECT_TRUE(d.bonus_active(0, 0));
    EXPECT_FALSE(d.bonus_active(1, 0));
}

TEST(VcgDuel, PoisonAndHealActFromTheNextBattleOnHealFirst) {
    std::array<std::array<Card, kHand>, 2> hands;
    hands[0] = {card("Viper", 3, 9, 1, "Poison 2 Min 3"), kPlain, kPlain, kPlain};
    hands[1] = {card("Medic", 3, 1, 1, "Defeat: Heal 1 Max 20"), kPlain, kPlain, kPlain};
    Duel d(hands, 0);
    d.choose(0, {0, 0, false});
    d.choose(1, {0, 0, false});
    EXPECT_EQ(d.side(1).life, 11);  // 1 damage, no poison or heal yet
    EXPECT_EQ(d.battles().back().poisoned[1], 0);
    d.choose(1, {1, 0, false});
    d.choose(0, {1, 0, false});
    const Battle& b = d.battles().back();
    // Battle 2: tie on attack and level, bob played first and wins: 4 damage to alice.
    EXPECT_EQ(b.healed[1], 1);
    EXPECT_EQ(b.poisoned[1], 2);
    EXPECT_EQ(d.side(1).life, 10);
    // Of several poisons only the one that takes most, never below its Min.
    Duel d2 = duel_of(kPlain, kPlain);
    d2.side_mut(1).poisons = {{2, 3, 0}, {1, 0, 0}};
    d2.choose(0, {0, 0, false});
    d2.choose(1, {0, 0, false});
    EXPECT_EQ(d2.battles().back().poisoned[1], 2);  // 12 - 4 = 8, then -2
    EXPECT_EQ(d2.side(1).life, 6);
}

TEST(VcgDuel, MoreLifeAfterFourBattlesWinsEqualIsADraw) {
    std::array<std::array<Card, kHand>, 2> hands;
    hands[0].fill(card("A", 3, 5, 2, ""));
    hands[1].fill(card("B", 3, 5, 2, ""));
    Duel d(hands, 0);
    for (int r = 0; r < 4; ++r) {
        const int p = d.to_play();
        ASSERT_EQ(d.choose(p, {r, 0, false}), "");
        ASSERT_EQ(d.choose(1 - p, {r, 0, false}), "");
    }
    // Each side played first twice and won those: 8 - 8.
    EXPECT_TRUE(d.finished());
    EXPECT_EQ(d.winner(), -1);
}

TEST(VcgDuel, BothAtZeroIsADraw) {
    std::array<std::array<Card, kHand>, 2> hands;
    hands[0].fill(kPlain);
    hands[1].fill(kPlain);
    hands[0][0] = card("A", 3, 9, 12, "Backlash: - 12 Life Min 0");
    Duel d(hands, 0);
    d.choose(0, {0, 0, false});
    d.choose(1, {0, 0, false});
    EXPECT_TRUE(d.finished());
    EXPECT_EQ(d.winner(), -1);
}

TEST(VcgDuel, ChoicesAreChecked) {
    Duel d = duel_of(kPlain, kPlain);
    EXPECT_EQ(d.choose(1, {0, 0, false}), "It is not your turn to play.");
    EXPECT_EQ(d.choose(0, {0, 13, false}), "You have only 12 potions.");
    EXPECT_EQ(d.choose(0, {0, 10, true}), "You have only 12 potions (focus costs 3).");
    EXPECT_EQ(d.choose(0, {0, 2, false}), "");
    d.choose(1, {0, 0, false});
    EXPECT_EQ(d.choose(1, {0, 0, false}), "You have played that card already.");
}

TEST(VcgDuel, SeenByHidesTheOthersPotions) {
    Duel d = duel_of(kPlain, kPlain);
    d.choose(0, {0, 7, true});
    const Duel seen = d.seen_by(1);
    EXPECT_EQ(seen.pending(0).slot, 0);
    EXPECT_EQ(seen.pending(0).potions, 0);
    EXPECT_FALSE(seen.pending(0).focus);
}

// The computer's simulations fight on a copy made for planning: every battle comes out as
// in the duel itself (Life, Potions, the winner), only its report is not kept.
TEST(VcgDuel, APlanningCopyFightsAsTheDuelWithoutItsReport) {
    std::array<std::array<Card, kHand>, 2> hands;
    hands[0] = {card("Viper", 3, 9, 1, "Poison 2 Min 3"),
                card("Sage", 2, 4, 3, "Support: + 1 Power"),
                card("Brute", 4, 7, 5, "Courage: + 2 Damage"), kPlain};
    hands[1] = {card("Medic", 3, 1, 1, "Defeat: Heal 1 Max 20"),
                card("Thief", 2, 5, 2, "Steal 3 Potion Min 10"),
                card("Wall", 5, 8, 2, "Stop Opp Ability"), kPlain};
    Duel real(hands, 0);
    Duel plan = real.seen_by(0);
    plan.for_planning();
    const std::array<std::array<Choice, 2>, 4> rounds{{{Choice{0, 3, false}, Choice{0, 2, false}},
                                                       {Choice{1, 1, false}, Choice{2, 4, true}},
                                                       {Choice{2, 2, true}, Choice{1, 0, false}},
                                                       {Choice{3, 0, false}, Choice{3, 1, false}}}};
    for (const auto& round : rounds) {
        const int p = real.to_play();
        ASSERT_EQ(plan.to_play(), p);
        for (const int s : {p, 1 - p}) {
            ASSERT_EQ(real.choose(s, round[static_cast<std::size_t>(s)]), "");
            ASSERT_EQ(plan.choose(s, round[static_cast<std::size_t>(s)]), "");
        }
        for (int s = 0; s < 2; ++s) {
            EXPECT_EQ(plan.side(s).life, real.side(s).life);
            EXPECT_EQ(plan.side(s).potions, real.side(s).potions);
        }
    }
    std::size_t fired = 0;
    for (const Battle& b : real.battles()) fired += b.fired.size();
    EXPECT_GT(fired, 0u);  // the duel itself reports what its abilities did
    ASSERT_TRUE(real.finished());
    EXPECT_TRUE(plan.finished());
    EXPECT_EQ(plan.winner(), real.winner());
    EXPECT_EQ(real.battles().size(), 4u);
    EXPECT_TRUE(plan.battles().empty());
}

TEST(VcgDuel, TheDrawFollowsTheDealNumber) {
    std::array<std::vector<Card>, 2> decks;
    for (int s = 0; s < 2; ++s)
        for (int i = 0; i < kDeck; ++i)
            decks[static_cast<std::size_t>(s)].push_back(
                card("C" + std::to_string(s) + std::to_string(i), 1 + i % 5, 5, 3, ""));
    const Duel a(decks, 42), b(decks, 42), c(decks, 43);
    for (int s = 0; s < 2; ++s)
        for (int i = 0; i < kHand; ++i)
            EXPECT_EQ(a.side(s).hand[static_cast<std::size_t>(i)].name,
                      b.side(s).hand[static_cast<std::size_t>(i)].name);
    bool differs = false;
    for (int i = 0; i < kHand; ++i)
        differs |= a.side(0).hand[static_cast<std::size_t>(i)].name !=
                   c.side(0).hand[static_cast<std::size_t>(i)].name;
    EXPECT_TRUE(differs);
}

TEST(VcgAi, ComputerChoicesAreLegalAndRepeatable) {
    Duel d = duel_of(card("A", 3, 6, 4, "+ 2 Power"), card("B", 4, 7, 5, "- 2 Opp Power Min 3"));
    while (!d.finished()) {
        const int p = d.to_play();
        const Choice c = computer_choice(d, p, 7);
        const Choice again = computer_choice(d, p, 7);
        EXPECT_EQ(c.slot, again.slot);
        EXPECT_EQ(c.potions, again.potions);
        ASSERT_EQ(d.check(p, c), "");
        d.choose(p, c);
    }
}

// Every prefix over every base effect: the ability acts exactly when its prefix says.
TEST(VcgDuel, EveryPrefixOverEveryEffectActsWhenItsPrefixSays) {
    const char* forms[] = {"+ 2 Power",
                           "+ 3 Damage",
                           "+ 8 Attack",
                           "- 2 Opp Power Min 1",
                           "- 3 Opp Damage Min 1",
                           "- 8 Opp Attack Min 1",
                           "Power = Opp Power",
                           "Damage = Opp Damage",
                           "Stop Opp Ability",
                           "Stop Opp Bonus",
                           "Cancel Own Ability",
                           "+ 1 Life",
                           "+ 2 Potion",
                           "+ 1 Life per Damage",
                           "- 2 Opp Life Min 0",
                           "- 3 Opp Potion Min 0",
                           "Steal 2 Life Min 0",
                           "Steal 1 Potion Min 0",
                           "Heal 2 Max 20",
                           "Poison 1 Min 0",
                           "Recover 1 of 2 Potion"};
    const char* prefixes[] = {
        "", "Courage: ", "Revenge: ", "Defeat: ", "Backlash: ", "Stop: ", "Support: ", "Team: "};
    int checked = 0;
    for (const char* form : forms)
        for (const char* prefix : prefixes) {
            auto parsed = parse_ability(std::string(prefix) + form);
            if (std::holds_alternative<std::string>(parsed)) {
                // Only Defeat and Backlash on an effect during the battle are refused.
                EXPECT_TRUE(std::string(prefix) == "Defeat: " ||
                            std::string(prefix) == "Backlash: ")
                    << prefix << form;
                continue;
            }
            const Ability a = std::get<Ability>(parsed);
            const bool from_hand = a.prefix == Prefix::Support || a.prefix == Prefix::Team;
            // A printed Cancel Own Ability silences itself: it never shows as acting.
            if (a.effect == Effect::CancelOwnAbility && !from_hand) continue;
            for (int yes = 0; yes < 2; ++yes) {
                // Side 0 wins (or, for Defeat, loses) battle 1 unless the prefix's condition
                // is what is being tested.
                const bool lose = a.prefix == Prefix::Defeat;
                Card carrier = card("Carrier", 3, lose ? 1 : 9, 4, "");
                Card fighter = carrier;
                std::array<std::array<Card, kHand>, 2> hands;
                hands[0] = {fighter, kPlain, kPlain, kPlain};
                hands[1] = {card("Foe", 3, lose ? 9 : 1, 2, ""), kPlain, kPlain, kPlain};
                if (from_hand) {
                    hands[0][1] = card("Helper", 2, 1, 1, "");
                    hands[0][1].ability = a;
                } else {
                    hands[0][0].ability = a;
                }
                int first = 0;
                bool expect = true;
                switch (a.prefix) {
                    case Prefix::Courage:
                        first = yes ? 0 : 1;
                        expect = yes;
                        break;
                    case Prefix::Stop:
                        if (yes) hands[1][0].ability = ab("Stop Opp Ability");
                        expect = yes;
                        break;
                    case Prefix::Revenge:
                        expect = yes;
                        break;
                    default:
                        if (!yes) continue;  // no condition: once is enough
                }
                Duel d(hands, first);
                if (a.prefix == Prefix::Revenge) d.side_mut(0).lost_last = yes;
                d.choose(first, {0, 0, false});
                d.choose(1 - first, {0, 0, false});
                const Battle& b = d.battles().back();
                bool acted = false;
                for (const auto& f : b.fired) acted |= f.side == 0 && f.ability == a;
                EXPECT_EQ(acted, expect) << prefix << form << (yes ? " (condition met)" : "");
                ++checked;
            }
        }
    EXPECT_GT(checked, 150);
}

TEST(VcgLoad, ANameInTwoFactionsIsPickedByFaction) {
    CardSet set;
    ASSERT_EQ(set.add_faction("Name,Level,Power,Damage,Ability,Bonus\nTwin,2,5,3,,\nSolo,1,3,2,,\n",
                              "Red", "red.csv"),
              "");
    ASSERT_EQ(set.add_faction("Name,Level,Power,Damage,Ability,Bonus\nTwin,3,6,4,,\n", "Blue",
                              "blue.csv"),
              "");
    std::string choices;
    EXPECT_EQ(set.find("twin", &choices), -2);
    EXPECT_EQ(choices, "Red/Twin or Blue/Twin");
    const int blue = set.find("blue/TWIN");
    ASSERT_GE(blue, 0);
    EXPECT_EQ(set.at(blue).level, 3);
    EXPECT_EQ(set.unique_name(blue), "Blue/Twin");
    EXPECT_EQ(set.unique_name(set.find("solo")), "Solo");
    EXPECT_EQ(set.find("green/twin"), -1);
    // A faction loaded twice is refused.
    EXPECT_NE(
        set.add_faction("Name,Level,Power,Damage,Ability,Bonus\nX,1,1,1,,\n", "Red", "r2.csv"), "");
}
