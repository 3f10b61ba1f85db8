// The Exordia8 computer player: a few sound habits, no search, microseconds a move. It looks
// only at what a human in its seat sees: its own hand and the public state (the pile, the
// suit or sequent in force, the stock size and how many cards each player holds).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "games/exordia8/engine.hpp"

namespace croupier::games::exordia8 {

// A legal action for seat (never `leave`). The engine must be waiting for seat.
Action choose_action(const Engine& engine, int seat);

}  // namespace croupier::games::exordia8
