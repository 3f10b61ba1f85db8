// An Adventurer Factory duel (shared/rules/adventurer-factory.md, the decisions in
// games/adventurer/rules.md): two 40-card decks, the resource, main, encounter and clean-up
// steps, response windows whose answers resolve last in, first out, and every end condition.
// Pure: no I/O, no clock; the shuffles and every die come from the deal number (DEALS.md).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/adventurer/card.hpp"
#include "games/core/rng.hpp"

namespace croupier::games::adventurer {

constexpr int kStartHealth = 20;
constexpr int kStartWillpower = 20;
constexpr int kMaxMind = 10;
constexpr int kStartHand = 5;
constexpr std::array<int, 2> kStartMind = {2, 4};
constexpr int kCycleCost = 1;  // Mind to cycle a card of the hand (games/adventurer/rules.md)

struct InPlay {
    int id = 0;  // unique in the duel: counters and actions follow the card, not its place
    int card = 0;
    std::vector<bool> used;  // per action, this turn
    std::array<int, kMods> counters{};
    bool consumed = false;
    int turn = 0;  // the turn it was played in
};

struct Shield {
    Stat stat = Stat::Health;
    int upto = 0;
};

struct Side {
    int health = kStartHealth, willpower = kStartWillpower, mind = 0;
    std::vector<int> deck;  // index 0 is the top
    std::vector<int> hand;
    std::vector<int> discard;
    std::vector<InPlay> play;
    bool played_card = false;     // this turn
    bool cycled = false;          // a card of the hand cycled this turn
    int offered_turn = -1;        // the last turn this side offered a draw in (-1: never)
    bool skip_encounter = false;  // the next Encounter Step is skipped
    std::optional<Dice> turn_attack_die, turn_parley_die;
    std::vector<Shield> shields;  // until the start of this side's next turn
};

// Something waiting on the stack to resolve: a card played (its `play` effects), an action,
// or a simple attack or parley.
struct StackItem {
    enum class Kind : std::uint8_t { Card, Action, Attack, Parley };
    Kind kind = Kind::Card;
    int side = 0;
    int card = 0;            // the card it comes from (Card, Action)
    int instance = 0;        // its InPlay id (counters go there)
    int action = 0;          // which of the card's actions
    bool encounter = false;  // it is the turn's Encounter Step
};

// What happened, for the players: `to` -1 is everyone, else that side only (a drawn card, a
// look at a hand). Text names the sides "@0" and "@1"; the caller puts names in.
struct Event {
    int to = -1;
    std::string text;
    // A move declared while the other may answer it ("@1 parleys with 1d8."), and the first
    // line of its resolution when nothing answered it: that line says all the declaration
    // said, which the caller may then leave unsaid where both would be told together.
    bool declares = false;
    bool settles = false;
};

class Duel {
  public:
    // decks: card indices of `set`. Side 0 is Player 1. The shuffles: side 0's deck, then
    // side 1's; dice come after, in the order they are rolled.
    Duel(const CardSet& set, const std::array<std::vector<int>, 2>& decks,
         std::uint64_t deal_number);
    // The decks in the order given, top first, unshuffled (tests and tools that need a known
    // draw); dice still come from the deal number.
    static Duel arranged(const CardSet& set, const std::array<std::vector<int>, 2>& decks,
                         std::uint64_t deal_number);

    const CardSet& set() const { return *set_; }
    const Side& side(int s) const { return sides_[static_cast<std::size_t>(s & 1)]; }
    int active() const { return active_; }
    int turn() const { return turn_; }
    bool window_open() const { return responder_ >= 0; }
    int responder() const { return responder_; }
    const std::vector<StackItem>& stack() const { return stack_; }
    // The side whose command the duel waits for; -1 when it is over.
    int awaited() const;
    bool finished() const { return over_; }
    int winner() const { return winner_; }  // 0, 1, or -1 for a draw (once finished)
    const std::string& end_reason() const { return end_reason_; }
    int draw_offer() const { return draw_offer_; }  // the side offering a draw, or -1

    int mod(int s, Mod m) const;
    Dice attack_die(int s) const;
    Dice parley_die(int s) const;

    // A command of side `s`, words as a player types them: "play Rusty Blade", "play Longbow
    // over Rusty Blade", "use Hedge Mage", "use Old Map 2", "discard Dented Pot", "attack",
    // "parley", "cycle Cursed Idol", "end", "pass", "draw". "" when done; else why it is
    // refused (nothing changed).
    std::string act(int s, std::string_view line);
    // The events since the last call.
    std::vector<Event> take_events();
    // Every command `s` may give now, canonical (for the computer players and the tests).
    std::vector<std::string> legal(int s) const;
    // A player gives up: the other wins.
    void concede(int s);

    // Why `s` cannot play hand card `card` now ("" if it can), the slot cards it would
    // replace when no choice is left, or the choices when `over` must name one.
    std::string can_play(int s, int card, std::string_view over = {},
                         std::vector<int>* replaced = nullptr) const;
    // Why the action cannot be used now by `s` ("" if it can); as a response when a window
    // is open.
    std::string can_use(int s, const InPlay& ip, int action) const;
    // The side has an action it could answer with now.
    bool can_respond(int s) const;
    // Why `s` cannot cycle a card of its hand now ("" if it can): once a turn, in its main
    // step, for 1 Mind, with a card left in its deck to draw.
    std::string can_cycle(int s) const;
    // How many symbols of `name` side `s` has in play.
    int symbols(int s, const std::string& name) const;

  private:
    Dice best_die(int s, std::optional<Dice> Card::*of_card,
                  std::optional<Dice> Side::*this_turn) const;
    Duel(const CardSet& set, const std::array<std::vector<int>, 2>& decks,
         std::uint64_t deal_number, bool shuffle);
    Side& mut(int s) { return sides_[static_cast<std::size_t>(s & 1)]; }
    void emit(int to, std::string text);
    void begin_turn(int s);
    void end_turn();
    void draw(int s, int n);
    // Pushes the item and opens a window for the other side, or resolves at once when it has
    // no answer; `declare` is said only when the window opens.
    void open_window(StackItem item, const std::string& declare = "");
    void resolve_stack();
    void apply(const StackItem& item);
    void apply_effect(int s, const StackItem& item, const Effect& e);
    void lose(int s, Stat stat, int amount, const std::string& how);
    int roll(const Dice& d, std::string& shown);
    void finish(int winner, std::string reason);
    std::string cmd_play(int s, std::string_view args);
    std::string cmd_use(int s, std::string_view args);
    std::string cmd_discard(int s, std::string_view args);
    std::string cmd_cycle(int s, std::string_view args);
    std::string cmd_encounter(int s, bool parley);
    int find_in_play(int s, std::string_view name, bool usable, int action) const;

    const CardSet* set_;
    DealRng rng_;
    std::array<Side, 2> sides_;
    int active_ = 0;
    int turn_ = 0;
    int responder_ = -1;
    bool declared_ = false;  // a declared move waits, unanswered so far
    std::vector<StackItem> stack_;
    bool over_ = false;
    int winner_ = -1;
    std::string end_reason_;
    int draw_offer_ = -1;
    int next_id_ = 1;
    std::vector<Event> events_;
};

std::string side_tag(int s);  // "@0"

}  // namespace croupier::games::adventurer
