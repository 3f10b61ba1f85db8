// A VCG duel: two decks of 8, four cards of each drawn, four battles (shared/rules/vcg.md).
// Pure: no I/O, no clock; the draw and every random choice come from the deal number.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/vcg/card.hpp"

namespace croupier::games::vcg {

constexpr int kStartLife = 12;
constexpr int kStartPotions = 12;
constexpr int kFocusCost = 3;
constexpr int kFocusDamage = 2;
constexpr int kHand = 4;
constexpr int kDeck = 8;

struct Choice {
    int slot = -1;  // which of the four drawn cards
    int potions = 0;
    bool focus = false;
    int cost() const { return potions + (focus ? kFocusCost : 0); }
};

// A Heal or a Poison won in battle `from`: it acts after every later battle.
struct Tick {
    int x = 0, y = 0, from = 0;
};

struct Side {
    int life = kStartLife;
    int potions = kStartPotions;
    std::array<Card, kHand> hand{};
    std::array<bool, kHand> played{};
    bool lost_last = false;
    std::vector<Tick> heals, poisons;  // on this player
    int cards_left() const;
};

// One effect that acted in a battle, for the report.
struct Fired {
    int side = 0;         // whose card or hand it came from
    std::string card;     // the card it is printed on
    std::string faction;  // that card's faction (a bonus is the faction's)
    bool bonus = false;   // the faction bonus rather than the ability
    Ability ability;
    int amount = 0;  // what it did, when that differs from its text (Team, Min, Steal)
};

struct Battle {
    int round = 0;  // 1..4
    int first = 0;  // the side that played first
    std::array<Choice, 2> choice{};
    std::array<std::string, 2> card;
    std::array<int, 2> power{}, attack{}, damage{};
    std::array<bool, 2> bonus_active{};
    int winner = 0;
    int dealt = 0;  // Life the winner's damage took
    std::vector<Fired> fired;
    std::array<int, 2> healed{}, poisoned{};  // by Heal and Poison after this battle
    std::array<int, 2> life{}, potions{};     // after it
    bool tie_by_level = false, tie_by_order = false;
};

class Duel {
  public:
    // decks: 8 cards a side. The draw and, when the levels are equal, who starts come from
    // the deal number (DEALS.md): side 0's deck shuffled and its first four taken, then
    // side 1's, then below(2) if needed.
    Duel(const std::array<std::vector<Card>, 2>& decks, std::uint64_t deal_number);
    // A duel from hands already drawn (`calc`, tests); `first` plays first.
    Duel(const std::array<std::array<Card, kHand>, 2>& hands, int first);

    const Side& side(int s) const { return sides_[static_cast<std::size_t>(s)]; }
    Side& side_mut(int s) { return sides_[static_cast<std::size_t>(s)]; }
    int round() const { return round_; }  // 1..4
    int to_play() const;                  // -1 when over
    int first() const { return first_; }  // this round's first player
    bool has_chosen(int s) const { return chosen_[static_cast<std::size_t>(s)]; }
    const Choice& pending(int s) const { return pending_[static_cast<std::size_t>(s)]; }
    bool finished() const { return over_; }
    int winner() const { return winner_; }  // 0, 1, or -1 for a draw (once finished)
    const std::vector<Battle>& battles() const { return battles_; }
    bool bonus_active(int s, int slot) const;

    // "" or why the choice is refused. The battle is fought when both have chosen.
    std::string check(int s, const Choice& c) const;
    std::string choose(int s, const Choice& c);
    // A player gives up: the other wins.
    void concede(int s);

    // What side `s` may know: a copy in which the other side's choice, if made, shows its
    // card but not its potions or focus (the computer player plans on this).
    Duel seen_by(int s) const;
    // For plans on a seen_by() copy: puts a guess in place of the other side's hidden choice.
    void guess_choice(int s, const Choice& c);
    // A copy only planned on (the computer's simulations): battles are fought as before but
    // leave no report (battles() stays empty), so copying it allocates nothing for them.
    void for_planning();

  private:
    void fight();

    std::array<Side, 2> sides_;
    int round_ = 1;
    int first_ = 0;
    std::array<bool, 2> chosen_{};
    std::array<Choice, 2> pending_{};
    bool over_ = false;
    int winner_ = -1;
    std::vector<Battle> battles_;
    bool report_ = true;
};

// One battle alone, for `calc` and the bench: both sides from 12 Life and 12 Potions, A
// first. `bonus`: that card's faction bonus is active.
Battle calc_battle(const Card& a, int pa, bool bonus_a, bool focus_a, const Card& b, int pb,
                   bool bonus_b, bool focus_b);

}  // namespace croupier::games::vcg
