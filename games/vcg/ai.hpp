// VCG players for the computer seat and the bench: the computer opponent, and the random
// and greedy players it is measured against. Each sees only what a human in its seat sees
// (Duel::seen_by): both hands, both Life and Potions, the card the other played first,
// never the other's potions or focus before the battle.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

#include "games/vcg/duel.hpp"

namespace croupier::games::vcg {

// A legal choice with a random card and random potions (focus one time in four).
Choice random_choice(const Duel& d, int s, std::uint64_t seed);
// The most attack it can afford: every card with all its potions, the strongest.
Choice greedy_choice(const Duel& d, int s);
// The computer opponent: every card, potion count and focus tried against sampled answers
// and played out to the end; the same state and seed give the same choice.
Choice computer_choice(const Duel& d, int s, std::uint64_t seed);

}  // namespace croupier::games::vcg
