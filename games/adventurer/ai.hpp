// Adventurer Factory players for the computer seat and the bench. Each decides from what a
// human in its seat sees: its own hand, both boards, the public counts (Health, Willpower,
// Mind, cards in hand and deck), the stack. Never the other's hand or either deck's order.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

#include "games/adventurer/duel.hpp"

namespace croupier::games::adventurer {

// The computer opponent: plays what improves its adventurer, uses actions worth their cost,
// answers a threat with a guard or a skip, and meets the opponent by the stat it can wear
// down soonest. A command for the awaited side `s`, canonical.
std::string computer_action(const Duel& d, int s);
// Any legal command, uniformly (never offers or accepts a draw).
std::string random_action(const Duel& d, int s, std::uint64_t seed);

}  // namespace croupier::games::adventurer
