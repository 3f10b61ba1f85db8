// High card's rules, pure (no I/O, no clock): a pack shuffled by the deal number
// (shared/rules/DEALS.md), the players draw in turn one card each, the highest rank wins
// (an Ace is high) and the players who tie for it share the win. rules.md says it for people.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

#include "games/core/card.hpp"

namespace croupier::games::highcard {

// A card's value: an Ace 14, a King 13, ... a 2 2.
int value(const Card& c);

// One game: `players` seats draw in turn, seat 0 first, from one pack shuffled by the deal
// number; the same deal number and players deal the same cards.
class Round {
  public:
    Round(std::uint64_t deal_number, int players);

    int players() const { return players_; }
    // Whose turn it is to draw: the seat after the last that drew.
    int to_draw() const { return static_cast<int>(drawn_.size()); }
    bool finished() const { return to_draw() >= players_; }
    // The cards drawn so far, by seat.
    const std::vector<Card>& drawn() const { return drawn_; }

    // The next seat draws its card. Throws std::logic_error once every seat has drawn.
    Card draw();

    // The highest value drawn so far (0 before any draw).
    int best() const;
    // Whether `seat` drew the best card (ties share the win).
    bool wins(int seat) const;
    // The seats that drew the best card, in seat order.
    std::vector<int> winners() const;

  private:
    int players_;
    std::vector<Card> pack_;
    std::vector<Card> drawn_;
};

}  // namespace croupier::games::highcard
