// Adventurer Factory cards (shared/rules/adventurer-factory.md) and the small effect language
// their actions are written in, parsed once when a card file loads. The format is documented
// for operators in games/adventurer/rules.md. Pure: text in, cards or a refusal out.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace croupier::games::adventurer {

// A die roll or a fixed amount: "1d8", "2d4+1", "3" (count 0: the fixed amount `plus`).
struct Dice {
    int count = 1, sides = 1, plus = 0;
    int low() const { return count + plus; }
    int high() const { return count * sides + plus; }
    // Twice the mean, to compare dice without fractions.
    int mean2() const { return count * (sides + 1) + 2 * plus; }
    bool fixed() const { return count == 0 || sides == 1; }
    friend bool operator==(const Dice&, const Dice&) = default;
};
std::optional<Dice> parse_dice(std::string_view text);
std::string dice_text(const Dice& d);

enum class Stat : std::uint8_t { Health, Willpower };
enum class Mod : std::uint8_t { Attack, Defence, Charisma };
constexpr int kMods = 3;

// The inventory slots a card may fill (Fills); how many of each a player has.
enum class Slot : std::uint8_t { Class, Race, Hand, Head, Body, Neck, Back, Beltpouch, Mount };
constexpr int kSlots = 9;
constexpr std::array<int, kSlots> kSlotCount = {4, 1, 2, 1, 1, 1, 1, 1, 1};
std::string slot_name(Slot s);

// What an effect does. Damage, Drain and Discard act on the opponent; the rest on oneself.
enum class Op : std::uint8_t {
    Attack,         // a simple attack, with the given die in place of the Attack Die if any
    Parley,         // a simple parley, likewise
    Damage,         // the opponent loses AMOUNT of the stat
    Heal,           // you regain AMOUNT of the stat (never above the start of 20)
    GainMind,       // you gain N Mind (never above 10)
    DrainMind,      // the opponent loses N Mind
    Draw,           // you draw N cards
    Discard,        // the opponent discards N cards from their hand, at random
    AttackDie,      // your Attack Die is DICE until the end of this turn
    ParleyDie,      // your Parley Die is DICE until the end of this turn
    SkipEncounter,  // the opponent's next Encounter Step is skipped
    Negate,         // the next loss of the stat of at most N before your next turn is negated
    LookHand,       // you see the opponent's hand
    LookDeck,       // you see the top N cards of your deck
    Counter,        // this card gains N counters of the modifier (+N to it while in play)
};

struct Effect {
    Op op = Op::Draw;
    Stat stat = Stat::Health;
    Mod mod = Mod::Attack;
    Dice amount{0, 1, 1};  // Attack and Parley: count -1 means "with the usual die"
    bool usual_die() const { return amount.count < 0; }
    friend bool operator==(const Effect&, const Effect&) = default;
};

struct Cost {
    int mind = 0, health = 0, willpower = 0;
    bool discard_this = false;  // the card goes to the discard pile as the cost
    bool encounter = false;     // the action is the turn's Encounter Step
    bool consume = false;       // a Consumable's: the card is Consumed
    friend bool operator==(const Cost&, const Cost&) = default;
};

struct Action {
    Cost cost;
    std::vector<Effect> effects;
    std::string text;  // as written, for players
};

struct Card {
    std::string name;
    std::vector<std::string> types;                  // "Weapon", "Item"...
    bool consumable = false;                         // has the type Consumable
    bool cursed = false;                             // cannot be discarded from play by its owner
    int cost = 0;                                    // Mind
    std::vector<std::pair<std::string, int>> needs;  // symbol, count
    std::vector<std::pair<std::string, int>> provides;  // symbol, count
    std::vector<Slot> fills;                            // with repeats: two hands fill Hand twice
    std::array<int, kMods> mods{};                      // passive Attack, Defence, Charisma
    std::optional<Dice> attack_die, parley_die;         // passive die upgrades
    std::vector<Effect> on_play;                        // immediate effects when played
    std::vector<Action> actions;
    std::string text;    // flavour
    std::string source;  // the card's block as written ([Name] and its lines), to keep with a game
};

// Parses one action, "COSTS: EFFECTS" ("2 mind, encounter: attack with 1d8"). "" or why not.
std::string parse_action(std::string_view text, Action& out);
// Parses effects alone, "draw 1, gain 1 mind" (a card's `play` line). "" or why not.
std::string parse_effects(std::string_view text, std::vector<Effect>& out);
// In words for players: "2 Mind, Encounter: attack with 1d8".
std::string effect_text(const Effect& e);
std::string cost_text(const Cost& c);

// A card file: blocks of `key = value` lines, each block started by `[Card Name]`.
class CardSet {
  public:
    // Adds the cards of one file. Returns "" or "file:line: why (text)".
    std::string add_file(std::string_view text, const std::string& file);
    const std::vector<Card>& cards() const { return cards_; }
    const Card& at(int i) const { return cards_.at(static_cast<std::size_t>(i)); }
    // By name, case and spacing forgiven; -1 if none.
    int find(std::string_view name) const;
    int size() const { return static_cast<int>(cards_.size()); }

  private:
    std::vector<Card> cards_;
};

constexpr int kDeckSize = 40;
constexpr int kMaxCopies = 4;

struct Deck {
    std::string name;
    std::vector<int> cards;  // card indices, 40 with repeats
};
// "" or why the deck breaks the rules (40 cards, at most 4 copies of a card).
std::string check_deck(const CardSet& set, const std::vector<int>& cards);
// A deck written as "4 Sellsword, 3 Rusty Blade, ..." (a count may be left out for 1).
// "" or why not (an unknown card, a bad count); the deck rules are check_deck's.
std::string parse_deck_list(const CardSet& set, std::string_view text, std::vector<int>& out);
// The same form back, in the order of first appearance.
std::string deck_list_text(const CardSet& set, const std::vector<int>& cards);
// A decks file: "Name: 4 Card, 3 Card, ..." a line, '#' comments. "" or "file:line: why".
std::string parse_decks(const CardSet& set, std::string_view text, const std::string& file,
                        std::vector<Deck>& out);

std::string fold_name(std::string_view s);

}  // namespace croupier::games::adventurer
