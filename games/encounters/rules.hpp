// Spider: Encounters, the numbers of games/encounters/rules.md: characters and their
// ranks, the party's classes and levels, the bestiary, how an encounter is chosen, the
// experience. Pure: no I/O, no clock.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/core/rng.hpp"

namespace croupier::games::encounters {

// Rank values: number ranks 1 (Ace) to 12, then the Jack, Queen and King.
constexpr int kJack = 13, kQueen = 14, kKing = 15;
constexpr int kMaxDefence = 12;
constexpr int kMaxLevel = 20;
constexpr int kPartySize = 3;
constexpr int kMaxEnemies = 6;

struct Stats {
    int speed = 1;
    int intelligence = 1;
    int constitution = 1;
    int armour = 0;
};

// "A", "7", "J", "Q", "K": a rank as cards show it.
std::string rank_name(int rank);
// armour + constitution / 4, at most 12.
int defence(const Stats& s);
// The ranks of a character of defence d, lowest first: 1..d, then J Q K.
std::vector<int> ranks(int defence);
// Runs of the character in the deal: 1 + ceil(constitution / 4).
int copies(const Stats& s);
// Cards of the character in the deal.
int card_count(const Stats& s);

enum class Class : std::uint8_t { Warrior = 0, Rogue = 1, Mage = 2 };
const char* class_name(Class c);
char class_tag(Class c);  // 'W', 'R', 'M'
// A class's stats at a level (1..20).
Stats class_stats(Class c, int level);

enum class Ability : std::uint8_t {
    Peek,            // Rogue 2: spends 1; a face-down card of a pile turns up (free action)
    Haste,           // Warrior 3: spends 2; two actions this turn
    Scry,            // Mage 4: needs 2; the next ten cards of the stock (free action)
    SecondThoughts,  // Rogue 6: spends 1; takes back the last move (free action)
    Rally,           // Mage 7: spends 3; an unconscious party member wakes
    Steadfast,       // Warrior 8: passive, needs 4; the Warrior keeps its turns unconscious
    Foresight,       // Mage 10: spends 4; a re-deal that keeps the coup de grace
};
constexpr int kAbilities = 7;
struct AbilityInfo {
    Ability ability;
    const char* name;  // "peek"
    Class owner;
    int level;
    int spends;  // focus spent
    int needs;   // focus needed (without spending)
    bool free;   // the turn goes on
};
const AbilityInfo& ability_info(Ability a);
const AbilityInfo* ability_by_name(const std::string& name);
// Whether a party of this level has learnt it.
bool knows(int party_level, Ability a);

// The enemies' abilities (issue 31), one for each of four kinds: used on the turn of an
// enemy of that kind and at least that level, paid with the enemy side's focus (its own
// runs cleared in its game); at most one a turn.
enum class EnemyAbility : std::uint8_t {
    Scurry,    // Goblin 1: spends 1; a face-down card of a pile of its game turns up (free)
    Frenzy,    // Wolf 2: spends 2; this enemy takes two actions this turn (free)
    Cutpurse,  // Bandit 2: spends 2; the party loses 2 focus (the turn's action)
    DarkRite,  // Cultist 3: spends 3; an unconscious enemy (TARGET) takes turns again
};
constexpr int kEnemyAbilities = 4;
struct EnemyAbilityInfo {
    EnemyAbility ability;
    const char* name;   // "scurry", as the journal writes it
    const char* title;  // "Scurry", as the player reads it
    const char* kind;   // the bestiary's kind: "Goblin"
    int level;          // the enemy's level it needs
    int spends;         // the enemy side's focus spent
    bool free;          // the turn goes on
};
const EnemyAbilityInfo& enemy_ability_info(EnemyAbility a);
const EnemyAbilityInfo* enemy_ability_by_name(const std::string& name);
// The ability of an enemy of this bestiary kind (an index) at this level; null: none.
const EnemyAbilityInfo* enemy_ability_of(int kind, int level);

// The version of these rules an encounter is played by, kept in its setup so that a saved
// encounter goes on as it began: 1, the first version (the enemies have no abilities);
// 2, issue 31 (the enemies' abilities above).
constexpr int kRulesVersion = 2;

// Experience to reach a level: 50 x L x (L - 1).
long long xp_for_level(int level);
int level_for_xp(long long xp);

struct EnemyKind {
    const char* name;
    Stats base;       // at level 1
    int speed_every;  // +1 speed every this many levels (0: never)
    int int_every;
    int con_every;
    int armour_every;
    int min_level, max_level;  // the levels it appears at
};
const std::vector<EnemyKind>& bestiary();
Stats enemy_stats(const EnemyKind& k, int level);

struct Enemy {
    int kind = 0;  // index into bestiary()
    int level = 1;
    Stats stats;
};

// The enemies of an encounter for a party of `level` whose deal holds `party_cards` cards,
// drawn from `rng` as the design says (until their cards reach 80 % of the party's; again
// if past 105 % or more than six; after 20 groups, the one nearest the band).
std::vector<Enemy> choose_enemies(int level, int party_cards, DealRng& rng);

// Experience for a won encounter: 20 x the enemies' levels, with the coup de grace bonus
// (+50 %), raised by Battle Flow 10 % a battle in a row to +100 % from the fifth:
// `streak` is the number of Battle Flow encounters in a row, this one included (0: none).
long long win_xp(const std::vector<Enemy>& enemies, bool coup_de_grace, int streak);
long long loss_xp(const std::vector<Enemy>& enemies);  // 25 %, no bonus

}  // namespace croupier::games::encounters
