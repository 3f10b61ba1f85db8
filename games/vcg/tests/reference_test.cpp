// VCG battles as the reference implementation computes them (issue 27). The inputs and
// expected numbers of the reference's own tests (solanaceae_vcg,
// src/solanaceae/vcg/test_battle.cpp and test_parse_abilities.cpp), written as our tests,
// and the cases where croupier once differed from the reference's battle.cpp.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

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
          const std::string& bonus, const std::string& faction) {
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

Card plain(const std::string& faction) {
    return card("Plain", 3, 5, 4, "", "", faction);
}

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::ostringstream o;
    o << in.rdbuf();
    return o.str();
}

// The reference card set: ../shared/vcg-reference (five factions), or the folder named by
// CROUPIER_VCG_REFERENCE_DIR (the reference's res/factions, all seventeen).
std::filesystem::path reference_dir() {
    if (const char* env = std::getenv("CROUPIER_VCG_REFERENCE_DIR"); env && *env) return env;
    return std::filesystem::path(CROUPIER_SHARED_DIR) / "vcg-reference";
}

// Loads every faction of the reference set. A card the loader refuses is noted (the refusal
// in `refused`), blanked out of its file (its line numbers kept) and the file loaded again,
// so every other card of the file is checked too.
CardSet load_reference(std::vector<std::string>& refused) {
    CardSet set;
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(reference_dir()))
        if (e.path().extension() == ".csv") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& p : files) {
        std::string text = slurp(p);
        const std::string name = p.filename().string();
        for (int tries = 0; tries < 10; ++tries) {
            const std::string why = set.add_faction(text, p.stem().string(), name);
            if (why.empty()) break;
            refused.push_back(why);
            // "file:LINE: ...": blank that line.
            const int line = std::stoi(why.substr(name.size() + 1));
            std::size_t at = 0;
            for (int l = 1; l < line; ++l) at = text.find('\n', at) + 1;
            text.erase(at, text.find('\n', at) - at);
        }
    }
    return set;
}

const Card& find(const CardSet& set, const std::string& name) {
    const int i = set.find(name);
    if (i < 0) throw std::runtime_error("no card " + name);
    return set.at(i);
}

}  // namespace

// test_parse_abilities.cpp: every string of its list parses.
TEST(VcgReference, EveryAbilityOfTheReferenceParserTestParses) {
    const char* forms[] = {"- 2 Opp Power Min 2",
                           "- 2 Opp Damage Min 2",
                           "- 2 Opp Attack Min 2",
                           "- 2 Opp Life Min 2",
                           "- 2 Opp Potion Min 2",
                           "+ 2 Power",
                           "- 2 Power",
                           "+ 2 Damage",
                           "- 2 Damage",
                           "+ 2 Attack",
                           "- 2 Attack",
                           "+ 2 Life",
                           "- 2 Life",
                           "+ 2 Potion",
                           "- 2 Potion",
                           "- 2 Life Min 2",
                           "- 2 Potion Min 2",
                           "Steal 2 Life Min 2",
                           "Steal 2 Potion Min 2",
                           "Damage = Opp Damage",
                           "Power = Opp Power",
                           "+ 2 Life per Damage",
                           "Heal 2 Max 2",
                           "Poison 2 Min 2",
                           "Self Poison 2 Min 2",
                           "Recover 1 of 2 Potion",
                           "Stop Opp Ability",
                           "Stop Opp Bonus",
                           "Defeat: - 2 Opp Life Min 2",
                           "Defeat: - 2 Opp Potion Min 2",
                           "Defeat: - 2 Life",
                           "Defeat: + 2 Life",
                           "Defeat: + 2 Potion",
                           "Defeat: + 2 Life per Damage",
                           "Defeat: Heal 2 Max 2",
                           "Defeat: Poison 2 Min 2",
                           "Defeat: Recover 1 of 2 Potion",
                           "Stop: - 2 Opp Power Min 2",
                           "Stop: - 2 Opp Damage Min 2",
                           "Stop: - 2 Opp Attack Min 2",
                           "Stop: - 2 Opp Life Min 2",
                           "Stop: - 2 Opp Potion Min 2",
                           "Stop: + 2 Power",
                           "Stop: + 2 Damage",
                           "Stop: + 2 Attack",
                           "Stop: + 2 Life",
                           "Stop: + 2 Potion",
                           "Stop: Steal 2 Life Min 2",
                           "Stop: Steal 2 Potion Min 2",
                           "Stop: Damage = Opp Damage",
                           "Stop: Power = Opp Power",
                           "Stop: + 2 Life per Damage",
                           "Stop: Recover 1 of 2 Potion",
                           "Courage: - 2 Opp Power Min 2",
                           "Courage: - 2 Opp Damage Min 2",
                           "Courage: - 2 Opp Attack Min 2",
                           "Courage: + 2 Power",
                           "Courage: + 2 Damage",
                           "Courage: + 2 Attack",
                           "Courage: Damage = Opp Damage",
                           "Courage: Power = Opp Power",
                           "Courage: Heal 2 Max 2",
                           "Courage: Steal 2 Life Min 2",
                           "Revenge: - 2 Opp Power Min 2",
                           "Revenge: - 2 Opp Damage Min 2",
                           "Revenge: - 2 Opp Attack Min 2",
                           "Revenge: - 2 Opp Life Min 2",
                           "Revenge: - 2 Opp Potion Min 2",
                           "Revenge: + 2 Power",
                           "Revenge: + 2 Damage",
                           "Revenge: + 2 Attack",
                           "Revenge: + 2 Life",
                           "Revenge: + 2 Potion",
                           "Revenge: Damage = Opp Damage",
                           "Revenge: Power = Opp Power",
                           "Revenge: + 2 Life per Damage",
                           "Revenge: Recover 1 of 2 Potion",
                           "Revenge: Steal 2 Life Min 2",
                           "Revenge: Steal 2 Potion Min 2",
                           "Revenge: Stop Opp Ability",
                           "Revenge: Stop Opp Bonus",
                           "Backlash: - 2 Life",
                           "Backlash: - 2 Life Min 2",
                           "Backlash: - 2 Potion Min 2",
                           "Backlash: Self Poison 2 Min 2",
                           "Team: - 2 Opp Power Min 2",
                           "Team: - 2 Opp Damage Min 2",
                           "Team: - 2 Opp Attack Min 2",
                           "Team: - 2 Opp Life Min 2",
                           "Team: - 2 Opp Potion Min 2",
                           "Team: + 2 Power",
                           "Team: + 2 Damage",
                           "Team: + 2 Attack",
                           "Team: + 2 Life",
                           "Team: + 2 Potion",
                           "Team: Damage = Opp Damage",
                           "Team: Power = Opp Power",
                           "Team: + 2 Life per Damage",
                           "Team: Recover 1 of 2 Potion"};
    for (const char* f : forms) {
        auto p = parse_ability(f);
        ASSERT_TRUE(std::holds_alternative<Ability>(p)) << f << ": " << std::get<std::string>(p);
        // The canonical text reads back as the same ability.
        const Ability a = std::get<Ability>(p);
        EXPECT_EQ(ab(ability_text(a)), a) << f;
    }
}

// Self Poison in every form the reference's parser takes (card.cpp: unprefixed, Backlash:,
// Defeat:, Courage:): its own player loses X Life after each later battle, not below Y.
TEST(VcgReference, SelfPoisonPoisonsItsOwnPlayerFromTheNextBattle) {
    struct Case {
        const char* text;
        bool lose;  // the card must lose (Defeat:)
        int first;  // who plays first
    };
    for (const Case& c :
         {Case{"Self Poison 2 Min 3", false, 0}, Case{"Backlash: Self Poison 2 Min 3", false, 0},
          Case{"Courage: Self Poison 2 Min 3", false, 0},
          Case{"Defeat: Self Poison 2 Min 3", true, 0}}) {
        std::array<std::array<Card, kHand>, 2> hands;
        hands[0] = {card("Carrier", 2, c.lose ? 1 : 8, 2, c.text, "", "A"), plain("B"), plain("C"),
                    plain("D")};
        hands[1] = {card("Foe", 3, c.lose ? 9 : 1, 2, "", "", "E"), plain("F"), plain("G"),
                    plain("H")};
        Duel d(hands, c.first);
        ASSERT_EQ(d.choose(0, {0, 0, false}), "");
        ASSERT_EQ(d.choose(1, {0, 0, false}), "");
        const Battle& b1 = d.battles().back();
        EXPECT_EQ(b1.poisoned[0], 0) << c.text << ": not in the battle it is won in";
        const int life = d.side(0).life;
        ASSERT_FALSE(d.side(0).poisons.empty()) << c.text;
        EXPECT_TRUE(d.side(1).poisons.empty()) << c.text;
        // Battle 2: two plain cards; side 1 plays first now.
        ASSERT_EQ(d.choose(1, {1, 0, false}), "");
        ASSERT_EQ(d.choose(0, {1, 0, false}), "");
        const Battle& b2 = d.battles().back();
        // Plain against plain: the first played (side 1) wins, 4 damage; then 2 poison.
        EXPECT_EQ(b2.winner, 1) << c.text;
        EXPECT_EQ(b2.poisoned[0], 2) << c.text;
        EXPECT_EQ(d.side(0).life, life - 4 - 2) << c.text;
    }
    // Courage: only when played first.
    std::array<std::array<Card, kHand>, 2> hands;
    hands[0] = {card("Carrier", 2, 8, 2, "Courage: Self Poison 2 Min 3", "", "A"), plain("B"),
                plain("C"), plain("D")};
    hands[1] = {card("Foe", 3, 1, 2, "", "", "E"), plain("F"), plain("G"), plain("H")};
    Duel d(hands, 1);
    d.choose(1, {0, 0, false});
    d.choose(0, {0, 0, false});
    EXPECT_TRUE(d.side(0).poisons.empty());
}

// The reference's Cannibalistic Consumer (parasites.csv): `Backlash: Self Poison 2 Min 3`.
TEST(VcgReference, TheReferenceSetLoadsButTheTwoItsParserRefuses) {
    const auto dir = reference_dir();
    if (!std::filesystem::exists(dir))
        GTEST_SKIP() << "no reference card set at " << dir
                     << " (shared/vcg-reference, or CROUPIER_VCG_REFERENCE_DIR)";
    std::vector<std::string> refused;
    const CardSet set = load_reference(refused);
    EXPECT_GE(set.factions().size(), 5u);
    const bool all = std::filesystem::exists(dir / "supporters.csv");
    if (all) {
        // The reference's res/factions: all seventeen load, two cards of supporters.csv
        // refused.
        EXPECT_EQ(set.factions().size(), 17u);
        EXPECT_EQ(refused.size(), 2u);
    } else {
        EXPECT_TRUE(refused.empty());
    }
    // The reference's own parser (card.cpp) refuses these two of supporters.csv; so do we,
    // naming the file, the line and the text.
    for (const auto& r : refused) {
        const bool known = r.find("\"Support: All Draws are won\"") != std::string::npos ||
                           r.find("\"Support: Courage: + 3 Power\"") != std::string::npos;
        EXPECT_TRUE(known) << r;
        EXPECT_EQ(r.rfind("supporters.csv:", 0), 0u) << r;
    }
    if (set.find("Cannibalistic Consumer") >= 0) {
        const Card& c = find(set, "Cannibalistic Consumer");
        EXPECT_EQ(ability_text(c.ability), "Backlash: Self Poison 2 Min 3");
    }
}

TEST(VcgReference, TheTwoAbilitiesTheReferenceRefusesAreRefusedWithFileLineAndText) {
    CardSet set;
    const std::string csv =
        "Name,Level,Power,Damage,Ability,Bonus\n"
        "Fine,3,6,3,Support: + 1 Power,Cancel Own Ability\n"
        "Lucky,4,5,4,Support: All Draws are won,Cancel Own Ability\n";
    EXPECT_EQ(set.add_faction(csv, "Supporters", "supporters.csv"),
              "supporters.csv:3: Lucky: ability \"Support: All Draws are won\": not an ability "
              "the language knows");
    const std::string csv2 =
        "Name,Level,Power,Damage,Ability,Bonus\n"
        "Brave,4,5,4,Support: Courage: + 3 Power,Cancel Own Ability\n";
    EXPECT_EQ(set.add_faction(csv2, "Supporters", "supporters.csv"),
              "supporters.csv:2: Brave: ability \"Support: Courage: + 3 Power\": not an ability "
              "the language knows");
}

// test_battle.cpp, simple_full_battle1: four Monsters a side, every bonus "+ 2 Power"
// (active: the same faction). Beast of the Fields with 2 potions against Burrower with 1.
TEST(VcgReference, TestBattleSimpleFullBattle1) {
    std::array<std::array<Card, kHand>, 2> hands;
    hands[0] = {card("Living Gargoyle", 4, 5, 8, "- 1 Opp Damage Min 3", "+ 2 Power", "M"),
                card("Basilisk", 3, 7, 4, "- 1 Opp Power Min 4", "+ 2 Power", "M"),
                card("Mountain Troll", 5, 7, 8, "- 2 Opp Damage Min 5", "+ 2 Power", "M"),
                card("Beast of the Fields", 5, 8, 6, "- 8 Opp Attack Min 10", "+ 2 Power", "M")};
    hands[1] = {card("Rabies Bison", 2, 6, 3, "+ 1 Damage", "+ 2 Power", "M"),
                card("Red Dragon", 5, 8, 6, "+ 2 Damage", "+ 2 Power", "M"),
                card("Burrower", 3, 6, 4, "+ 2 Power", "+ 2 Power", "M"),
                card("Monster8", 3, 8, 3, "+ 4 Attack", "+ 2 Power", "M")};
    // determineStartingPlayer: 17 levels against 13, player 0 starts.
    Duel d(hands, 0);
    ASSERT_EQ(d.choose(0, {3, 2, false}), "");
    ASSERT_EQ(d.choose(1, {2, 1, false}), "");
    const Battle& b = d.battles().back();
    EXPECT_EQ(b.winner, 0);
    EXPECT_EQ(b.attack[0], 30);  // (8 + 2) x 3
    EXPECT_EQ(b.attack[1], 12);  // (6 + 2 + 2) x 2 - 8
    EXPECT_TRUE(d.side(0).heals.empty());
    EXPECT_TRUE(d.side(1).heals.empty());
    EXPECT_TRUE(d.side(0).poisons.empty());
    EXPECT_TRUE(d.side(1).poisons.empty());
    EXPECT_EQ(d.side(0).life, 12);
    EXPECT_EQ(d.side(1).life, 6);
    // "round invalid": the same cards again are refused (player 1 plays first now).
    EXPECT_NE(d.choose(1, {2, 1, false}), "");
}

// test_battle.cpp, courage_heal: War Cleric (Courage: Heal 2 Max 15) played first with 12
// potions against Glue Sniffer with 4; both bonuses active.
TEST(VcgReference, TestBattleCourageHeal) {
    std::array<std::array<Card, kHand>, 2> hands;
    hands[0] = {
        card("Life Cleric", 5, 6, 2, "+ 3 Life per Damage", "Stop Opp Ability", "Clerics"),
        card("War Cleric", 4, 7, 5, "Courage: Heal 2 Max 15", "Stop Opp Ability", "Clerics"),
        card("Tempest Cleric", 3, 8, 2, "- 8 Opp Attack Min 3", "Stop Opp Ability", "Clerics"),
        card("Dope Fiend", 2, 5, 5, "Backlash: - 2 Life Min 2", "- 2 Opp Damage Min 1", "Junkies")};
    hands[1] = {
        card("War Cleric", 4, 7, 5, "Courage: Heal 2 Max 15", "Stop Opp Ability", "Clerics"),
        card("Mass Servant", 2, 5, 3, "- 2 Opp Damage Min 1", "Stop Opp Ability", "Clerics"),
        card("Glue Sniffer", 2, 6, 2, "+ 2 Potion", "- 2 Opp Damage Min 1", "Junkies"),
        card("Gambler", 2, 5, 3, "Courage: - 3 Opp Power Min 2", "- 2 Opp Damage Min 1",
             "Junkies")};
    Duel d(hands, 0);  // 14 levels against 10
    ASSERT_EQ(d.choose(0, {1, 12, false}), "");
    ASSERT_EQ(d.choose(1, {2, 4, false}), "");
    const Battle& b = d.battles().back();
    EXPECT_EQ(b.winner, 0);
    EXPECT_EQ(b.attack[0], 91);  // 7 x 13
    EXPECT_EQ(b.attack[1], 30);  // 6 x 5
    ASSERT_EQ(d.side(0).heals.size(), 1u);
    EXPECT_EQ(d.side(0).heals[0].x, 2);
    EXPECT_EQ(d.side(0).heals[0].y, 15);
    EXPECT_TRUE(d.side(1).heals.empty());
    EXPECT_TRUE(d.side(0).poisons.empty());
    EXPECT_TRUE(d.side(1).poisons.empty());
    EXPECT_EQ(d.side(0).life, 12);
    EXPECT_EQ(d.side(1).life, 9);  // 5 damage, cut by 2 (Glue Sniffer's bonus)
}

// Stop Opp Ability acts before Stop Opp Bonus: a card whose ability is stopped stops nothing
// (battle.cpp: doAbilities<StopOppAbility, StopOppBonus>). Own set: Archivist (Stop Opp
// Ability, bonus - 3 Opp Power Min 2) against Smoke Veil (Stop Opp Bonus, bonus + 2 Damage).
TEST(VcgReference, StopOppAbilityActsBeforeStopOppBonus) {
    const Card archivist =
        card("Archivist", 2, 4, 3, "Stop Opp Ability", "- 3 Opp Power Min 2", "Quillwrights");
    const Card veil = card("Smoke Veil", 3, 5, 3, "Stop Opp Bonus", "+ 2 Damage", "Lanterns");
    Battle b = calc_battle(archivist, 0, true, false, veil, 0, true, false);
    EXPECT_EQ(b.winner, 0);
    EXPECT_EQ(b.attack[0], 4);
    EXPECT_EQ(b.attack[1], 2);  // Smoke Veil's power 5, cut by 3 to 2
    EXPECT_EQ(b.dealt, 3);
    EXPECT_TRUE(b.bonus_active[0]);
    b = calc_battle(veil, 0, true, false, archivist, 0, true, false);
    EXPECT_EQ(b.winner, 1);
    EXPECT_EQ(b.dealt, 3);
    EXPECT_EQ(b.life[0], 9);
}

// A Stop: ability acts when its own card's ability was stopped; a Stop Opp Ability whose
// condition is not met stops nothing. Magistrate (Stop: + 4 Damage) against Quill Duelist
// (Revenge: Stop Opp Ability), no battle lost before.
TEST(VcgReference, StopPrefixActsOnlyWhenItsCardWasStopped) {
    const Card magistrate =
        card("Magistrate", 5, 7, 6, "Stop: + 4 Damage", "Stop Opp Bonus", "Emberkin");
    const Card duelist =
        card("Quill Duelist", 3, 5, 5, "Revenge: Stop Opp Ability", "- 3 Opp Power Min 2", "Q");
    Battle b = calc_battle(magistrate, 0, false, false, duelist, 0, false, false);
    EXPECT_EQ(b.winner, 0);
    EXPECT_EQ(b.damage[0], 6);
    EXPECT_EQ(b.dealt, 6);
    // Stopped by a faction bonus (the Clerics' Stop Opp Ability): Stop: acts.
    const Card cleric = card("Cleric", 3, 5, 5, "", "Stop Opp Ability", "Clerics");
    b = calc_battle(magistrate, 0, false, false, cleric, 0, true, false);
    EXPECT_EQ(b.damage[0], 10);
}

// The same with the reference's own cards: Sandworm (Stop: + 1 Power) against Hollow Cleric
// (its bonus Stop Opp Ability), and Water Cleric (+ 12 Attack, bonus Stop Opp Ability)
// played first against Dispeller (Stop Opp Ability).
TEST(VcgReference, ReferenceCardsStopsChangeTheWinner) {
    const auto dir = reference_dir();
    if (!std::filesystem::exists(dir))
        GTEST_SKIP() << "no reference card set at " << dir
                     << " (shared/vcg-reference, or CROUPIER_VCG_REFERENCE_DIR)";
    std::vector<std::string> refused;
    const CardSet set = load_reference(refused);
    if (set.find("Sandworm") < 0 || set.find("Dispeller") < 0 || set.find("Hollow Cleric") < 0)
        GTEST_SKIP() << "the reference set at " << dir << " lacks Monsters, Clerics or Mages";
    // Sandworm 6 + 1 = 7 against 7: equal level (4), the first played wins.
    Battle b = calc_battle(find(set, "Sandworm"), 0, false, false, find(set, "Hollow Cleric"), 0,
                           true, false);
    EXPECT_EQ(b.power[0], 7);
    EXPECT_EQ(b.winner, 0);
    EXPECT_EQ(b.life[1], 5);
    // Water Cleric's bonus stops Dispeller's Stop Opp Ability before it acts: 17 against 7.
    b = calc_battle(find(set, "Water Cleric"), 0, true, false, find(set, "Dispeller"), 0, false,
                    false);
    EXPECT_EQ(b.attack[0], 17);
    EXPECT_EQ(b.winner, 0);
    // Dispeller first: its Stop Opp Ability acts first, Water Cleric has 5 attack.
    b = calc_battle(find(set, "Dispeller"), 0, false, false, find(set, "Water Cleric"), 0, false,
                    false);
    EXPECT_EQ(b.attack[1], 5);
    EXPECT_EQ(b.winner, 0);
}

// After the battle, the winner's effects, then the loser's (battle.cpp): a cut made by the
// winner comes before the loser's Defeat gain.
TEST(VcgReference, TheWinnersAfterBattleEffectsThenTheLosers) {
    const Battle b =
        calc_battle(card("Hitter", 3, 9, 9, "- 3 Opp Life Min 2", "", "A"), 0, false, false,
                    card("Mender", 3, 1, 2, "Defeat: + 4 Life", "", "B"), 0, false, false);
    EXPECT_EQ(b.winner, 0);
    EXPECT_EQ(b.life[0], 12);
    EXPECT_EQ(b.life[1], 6);  // 12 - 9 = 3, cut to 2, then + 4
}

// Kept from the rule text: several cuts on one value go from the highest Min down, the
// loser's Defeat: cut among the winner's when both cut the same value (the reference would
// apply the winner's first: 12 - 2 = 10, then 8).
TEST(VcgReference, CutsOnOneValueFromBothSidesGoFromTheHighestMin) {
    const Battle b =
        calc_battle(card("Brute", 3, 9, 1, "Backlash: - 2 Life Min 5", "", "A"), 0, false, false,
                    card("Spite", 3, 1, 1, "Defeat: - 3 Opp Life Min 8", "", "B"), 0, false, false);
    EXPECT_EQ(b.winner, 0);
    EXPECT_EQ(b.life[0], 7);  // Min 8 first: 12 - 3 = 9; then Min 5: 9 - 2 = 7
}

// A player at 0 Life is out at that moment: no Defeat: gain brings them back (calc).
TEST(VcgReference, AtZeroLifeNoDefeatGainBringsAPlayerBack) {
    const Battle b =
        calc_battle(card("Crusher", 3, 9, 16, "", "", "A"), 0, false, false,
                    card("Mender", 3, 1, 2, "Defeat: + 4 Life", "", "B"), 0, false, false);
    EXPECT_EQ(b.life[0], 12);
    EXPECT_EQ(b.life[1], 0);
    // Nor Steal: the Life is taken from the winner, none comes to the player who is out.
    const Battle s =
        calc_battle(card("Crusher", 3, 9, 16, "", "", "A"), 0, false, false,
                    card("Leech", 3, 1, 2, "Defeat: Steal 2 Life Min 0", "", "B"), 0, false, false);
    EXPECT_EQ(s.life[1], 0);
}

// In a duel: alice at 12 takes a 15-damage hit; her Heal, won before, does not tick.
TEST(VcgReference, AtZeroLifeAHealWonBeforeDoesNotTickAndTheDuelEnds) {
    std::array<std::array<Card, kHand>, 2> hands;
    hands[0] = {card("Healer", 3, 9, 0, "Heal 3 Max 15", "", "A"), plain("B"), plain("C"),
                plain("D")};
    hands[1] = {card("Feeble", 3, 1, 1, "", "", "E"), card("Giant", 3, 9, 15, "", "", "F"),
                plain("G"), plain("H")};
    Duel d(hands, 0);
    ASSERT_EQ(d.choose(0, {0, 0, false}), "");
    ASSERT_EQ(d.choose(1, {0, 0, false}), "");
    ASSERT_EQ(d.side(0).life, 12);
    ASSERT_EQ(d.choose(1, {1, 0, false}), "");
    ASSERT_EQ(d.choose(0, {1, 0, false}), "");
    const Battle& b = d.battles().back();
    EXPECT_EQ(b.healed[0], 0);
    EXPECT_EQ(b.life[0], 0);
    EXPECT_TRUE(d.finished());
    EXPECT_EQ(d.winner(), 1);
}

// The loser's Defeat: effects still act on the winner: both at 0 in one battle is a draw.
TEST(VcgReference, BothAtZeroInOneBattleIsStillADraw) {
    std::array<std::array<Card, kHand>, 2> hands;
    hands[0] = {card("Crusher", 3, 9, 12, "", "", "A"), plain("B"), plain("C"), plain("D")};
    hands[1] = {card("Spite", 3, 1, 1, "Defeat: - 12 Opp Life Min 0", "", "E"), plain("F"),
                plain("G"), plain("H")};
    Duel d(hands, 0);
    d.choose(0, {0, 0, false});
    d.choose(1, {0, 0, false});
    EXPECT_TRUE(d.finished());
    EXPECT_EQ(d.winner(), -1);
}
