// VCG cards and their ability language (shared/rules/vcg.md, its glossary), parsed once
// when a card set loads into a small typed form. Pure: text in, cards or a refusal out.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace croupier::games::vcg {

// What an ability or bonus does (the base effect, without its prefix).
enum class Effect : std::uint8_t {
    None,
    // During the battle.
    Power,             // + X Power (or - X Power: X is then negative)
    Damage,            // + X Damage (or - X Damage)
    Attack,            // + X Attack (or - X Attack)
    OppPower,          // - X Opp Power Min Y
    OppDamage,         // - X Opp Damage Min Y
    OppAttack,         // - X Opp Attack Min Y
    PowerEqOpp,        // Power = Opp Power
    DamageEqOpp,       // Damage = Opp Damage
    StopOppAbility,    // Stop Opp Ability
    StopOppBonus,      // Stop Opp Bonus
    CancelOwnAbility,  // Cancel Own Ability
    // After the battle.
    Life,           // + X Life (or - X Life, on oneself, no Min)
    Potion,         // + X Potion (or - X Potion)
    LifePerDamage,  // + X Life per Damage
    OppLife,        // - X Opp Life Min Y
    OppPotion,      // - X Opp Potion Min Y
    StealLife,      // Steal X Life Min Y
    StealPotion,    // Steal X Potion Min Y
    Heal,           // Heal X Max Y
    Poison,         // Poison X Min Y
    Recover,        // Recover X of Y Potion
    LifeMin,        // - X Life Min Y, on oneself
    PotionMin,      // - X Potion Min Y, on oneself
    SelfPoison,     // Self Poison X Min Y: Poison on oneself
};

// When it acts.
enum class Prefix : std::uint8_t {
    None,      // always (battle effects) / when the card wins (after-battle effects)
    Courage,   // only when the card is played first in its battle
    Revenge,   // only when its player lost the battle before
    Defeat,    // after-battle effects, when the card loses
    Backlash,  // after-battle effects when the card wins; one aimed at the opponent hits oneself
    Stop,      // only when the opponent's stop silenced this card's ability (or bonus)
    Support,   // from the hand: on every battle of its player, whichever card fights
    Team,      // as Support, its X times the cards of its faction its player drew
};

struct Ability {
    Prefix prefix = Prefix::None;
    Effect effect = Effect::None;
    int x = 0;  // the amount
    int y = 0;  // Min, Max, or Recover's "of Y"
    bool empty() const { return effect == Effect::None; }
    bool after_battle() const { return effect >= Effect::Life; }
    friend bool operator==(const Ability&, const Ability&) = default;
};

// The ability language: "" is no ability; anything the grammar does not know, or a prefix
// that cannot act on its effect ("Defeat: + 2 Power"), is a refusal with the reason.
std::variant<Ability, std::string> parse_ability(std::string_view text);
// The canonical text of an ability ("Courage: - 3 Opp Power Min 4"); "" for none.
std::string ability_text(const Ability& a);
// In plain words for players ("when played first: the opponent's Power -3, not below 4").
std::string ability_words(const Ability& a);

struct Card {
    std::string name;
    std::string faction;  // the file's name, "Monsters"
    int level = 1;
    int power = 1;
    int damage = 1;
    Ability ability;
    Ability bonus;  // the faction bonus
};

// A set of factions. Names may repeat across factions: `faction/Name` picks one.
class CardSet {
  public:
    // Adds one faction from CSV text. `file` names it in errors ("data/vcg/monsters.csv");
    // `faction` is its display name. Returns "" or the refusal "file:line: why (text)".
    std::string add_faction(std::string_view csv, const std::string& faction,
                            const std::string& file);

    const std::vector<Card>& cards() const { return cards_; }
    std::vector<std::string> factions() const;
    // By "Name" or "Faction/Name", case and spacing forgiven. -1: none; -2: ambiguous (then
    // `choices` says which faction/Name are meant).
    int find(std::string_view name, std::string* choices = nullptr) const;
    // A faction by name, forgiving case; "" if none.
    std::string faction(std::string_view name) const;
    const Card& at(int i) const { return cards_.at(static_cast<std::size_t>(i)); }
    // "Faction/Name" when the bare name is ambiguous, else the name.
    std::string unique_name(int i) const;

  private:
    std::vector<Card> cards_;
};

// A canonical form of a name for lookups: lower case, single spaces, no outer spaces.
std::string fold_name(std::string_view s);

}  // namespace croupier::games::vcg
