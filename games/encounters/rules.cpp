// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/encounters/rules.hpp"

#include <algorithm>
#include <array>

namespace croupier::games::encounters {

std::string rank_name(int rank) {
    switch (rank) {
        case kJack:
            return "J";
        case kQueen:
            return "Q";
        case kKing:
            return "K";
        case 1:
            return "A";
        default:
            return std::to_string(rank);
    }
}

int defence(const Stats& s) {
    return std::clamp(s.armour + s.constitution / 4, 0, kMaxDefence);
}

std::vector<int> ranks(int d) {
    std::vector<int> out;
    for (int r = 1; r <= std::clamp(d, 0, kMaxDefence); ++r) out.push_back(r);
    out.push_back(kJack);
    out.push_back(kQueen);
    out.push_back(kKing);
    return out;
}

int copies(const Stats& s) {
    return s.constitution >= 12 ? 3 : 2;
}

int card_count(const Stats& s) {
    return copies(s) * (defence(s) + 3);
}

const char* class_name(Class c) {
    switch (c) {
        case Class::Warrior:
            return "Warrior";
        case Class::Rogue:
            return "Rogue";
        case Class::Mage:
            return "Mage";
    }
    return "";
}

char class_tag(Class c) {
    return class_name(c)[0];
}

Stats class_stats(Class c, int level) {
    level = std::clamp(level, 1, kMaxLevel);
    const int grown = level - 1;
    Stats s;
    // Level 1, then +1 every so many levels (the design's table).
    switch (c) {
        case Class::Warrior:
            s = Stats{4 + grown / 5, 2, 7 + grown / 3, 3 + grown / 4};
            break;
        case Class::Rogue:
            s = Stats{7 + grown / 2, 5 + grown / 3, 4, 1 + grown / 5};
            break;
        case Class::Mage:
            s = Stats{3, 8 + grown / 2, 3 + grown / 4, grown / 5};
            break;
    }
    s.speed = std::min(s.speed, 12);
    s.intelligence = std::min(s.intelligence, 12);
    s.constitution = std::min(s.constitution, 12);
    s.armour = std::min(s.armour, 8);
    return s;
}

namespace {
const std::array<AbilityInfo, kAbilities> kAbilityTable = {{
    {Ability::Peek, "peek", Class::Rogue, 2, 1, 0, true},
    {Ability::Haste, "haste", Class::Warrior, 3, 2, 0, true},
    {Ability::Scry, "scry", Class::Mage, 4, 0, 2, true},
    {Ability::SecondThoughts, "second", Class::Rogue, 6, 1, 0, true},
    {Ability::Rally, "rally", Class::Mage, 7, 3, 0, false},
    {Ability::Steadfast, "steadfast", Class::Warrior, 8, 0, 4, true},
    {Ability::Foresight, "foresight", Class::Mage, 10, 4, 0, false},
}};
}  // namespace

const AbilityInfo& ability_info(Ability a) {
    return kAbilityTable[static_cast<std::size_t>(a)];
}

const AbilityInfo* ability_by_name(const std::string& name) {
    for (const auto& a : kAbilityTable)
        if (name == a.name) return &a;
    return nullptr;
}

bool knows(int party_level, Ability a) {
    return party_level >= ability_info(a).level;
}

namespace {
const std::array<EnemyAbilityInfo, kEnemyAbilities> kEnemyAbilityTable = {{
    {EnemyAbility::Scurry, "scurry", "Scurry", "Goblin", 1, 1, true},
    {EnemyAbility::Frenzy, "frenzy", "Frenzy", "Wolf", 2, 2, true},
    {EnemyAbility::Cutpurse, "cutpurse", "Cutpurse", "Bandit", 2, 2, false},
    {EnemyAbility::DarkRite, "rite", "Dark rite", "Cultist", 3, 3, false},
}};
}  // namespace

const EnemyAbilityInfo& enemy_ability_info(EnemyAbility a) {
    return kEnemyAbilityTable[static_cast<std::size_t>(a)];
}

const EnemyAbilityInfo* enemy_ability_by_name(const std::string& name) {
    for (const auto& a : kEnemyAbilityTable)
        if (name == a.name) return &a;
    return nullptr;
}

const EnemyAbilityInfo* enemy_ability_of(int kind, int level) {
    if (kind < 0 || kind >= static_cast<int>(bestiary().size())) return nullptr;
    const std::string name = bestiary()[static_cast<std::size_t>(kind)].name;
    for (const auto& a : kEnemyAbilityTable)
        if (name == a.kind && level >= a.level) return &a;
    return nullptr;
}

long long xp_for_level(int level) {
    const long long l = std::clamp(level, 1, kMaxLevel);
    return 50 * l * (l - 1);
}

int level_for_xp(long long xp) {
    int level = 1;
    while (level < kMaxLevel && xp >= xp_for_level(level + 1)) ++level;
    return level;
}

const std::vector<EnemyKind>& bestiary() {
    static const std::vector<EnemyKind> kinds = {
        {"Goblin", {5, 2, 2, 1}, 4, 0, 0, 0, 1, 6},   {"Wolf", {8, 1, 3, 0}, 4, 0, 0, 0, 1, 6},
        {"Skeleton", {3, 1, 4, 3}, 0, 0, 0, 4, 2, 9}, {"Bandit", {6, 4, 4, 2}, 0, 0, 4, 0, 2, 10},
        {"Cultist", {4, 7, 3, 1}, 0, 2, 0, 0, 3, 12}, {"Ogre", {2, 1, 9, 2}, 0, 0, 6, 4, 4, 14},
        {"Wraith", {7, 6, 5, 4}, 4, 0, 0, 6, 6, 16},  {"Drake", {6, 5, 8, 5}, 6, 6, 6, 6, 8, 20},
    };
    return kinds;
}

Stats enemy_stats(const EnemyKind& k, int level) {
    Stats s = k.base;
    const int grown = std::max(0, level - 1);
    auto add = [&](int& v, int every, int cap) {
        if (every > 0) v = std::min(cap, v + grown / every);
    };
    add(s.speed, k.speed_every, 12);
    add(s.intelligence, k.int_every, 12);
    add(s.constitution, k.con_every, 12);
    add(s.armour, k.armour_every, 8);
    return s;
}

std::vector<Enemy> choose_enemies(int level, int party_cards, DealRng& rng) {
    const auto& kinds = bestiary();
    const int low = party_cards * 67 / 100, high = party_cards * 92 / 100;
    std::vector<Enemy> group, closest;
    int closest_over = 1 << 30;
    for (int attempt = 0; attempt < 20; ++attempt) {
        group.clear();
        int cards = 0;
        while (cards < low && static_cast<int>(group.size()) <= kMaxEnemies) {
            Enemy e;
            const int lo = std::max(1, level - 2), hi = std::min(kMaxLevel, level + 1);
            e.level = lo + static_cast<int>(rng.below(static_cast<std::uint64_t>(hi - lo + 1)));
            std::vector<int> fit;
            for (std::size_t k = 0; k < kinds.size(); ++k)
                if (kinds[k].min_level <= e.level && e.level <= kinds[k].max_level)
                    fit.push_back(static_cast<int>(k));
            if (fit.empty()) fit.push_back(static_cast<int>(kinds.size()) - 1);
            e.kind = fit[static_cast<std::size_t>(rng.below(fit.size()))];
            e.stats = enemy_stats(kinds[static_cast<std::size_t>(e.kind)], e.level);
            cards += card_count(e.stats);
            group.push_back(e);
        }
        if (static_cast<int>(group.size()) > kMaxEnemies) continue;
        if (cards <= high) return group;
        if (cards - high < closest_over) {
            closest_over = cards - high;
            closest = group;
        }
    }
    if (!closest.empty()) return closest;
    if (static_cast<int>(group.size()) > kMaxEnemies) group.resize(kMaxEnemies);
    return group;
}

long long win_xp(const std::vector<Enemy>& enemies, bool coup_de_grace, int streak) {
    long long base = 0;
    for (const auto& e : enemies) base += 20LL * e.level;
    int bonus = 0;
    if (coup_de_grace) bonus = 50 + 10 * std::clamp(streak, 0, 5);
    return base * (100 + bonus) / 100;
}

long long loss_xp(const std::vector<Enemy>& enemies) {
    long long base = 0;
    for (const auto& e : enemies) base += 20LL * e.level;
    return base / 4;
}

}  // namespace croupier::games::encounters
