// The Spider deal of shared/rules/DEALS.md: 104 cards in dealing order.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

#include "games/core/card.hpp"

namespace croupier::games::spider {

// The 104 cards of a game with 1, 2 or 4 suits, unshuffled (std::invalid_argument for any
// other count): two packs, four of hearts and spades, or eight of spades.
std::vector<Card> spider_pack(int suits);

// The shuffled 104 cards, index 0 first dealt. Cards 0..53 go to the tableau in rounds
// (see tableau_pile()), 54..103 are the stock, 10 per deal, piles 1..10 in order.
std::vector<Card> shuffled_deck(int suits, std::uint64_t deal_number);

// For card i < 54 of shuffled_deck: the pile (0..9) it is dealt to. Rounds r = 0..5, each
// pile still owed a card gets one; piles 0, 3, 6, 9 are owed 6, the others 5.
int tableau_pile(int i);

}  // namespace croupier::games::spider
