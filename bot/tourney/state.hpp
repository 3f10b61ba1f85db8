// An event's rows (storage) as the pure pairing and standings of bot/events/ read them, and
// back. Shared by the daemon (bot/tourney/tourney.cpp) and the pages (bot/web/).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

#include "bot/events/arena.hpp"
#include "bot/events/swiss.hpp"
#include "bot/events/table_rounds.hpp"
#include "storage/storage.hpp"

namespace croupier::bot::tourney {

// A game between two from its places ("1,2": the first won); Pending without them.
events::Result result_of(const storage::EventGameRow& g);
events::SwissState swiss_state(const storage::EventFull& e);
events::TableEvent table_event(const storage::EventFull& e);
// An arena's games with a result, in the order they ended (void ones left out).
std::vector<events::Game> arena_games(const storage::EventFull& e);
// The pairings of one round (an arena's: all its games).
std::vector<const storage::EventGameRow*> round_rows(const storage::EventFull& e, int round);
// Rounds paired so far.
int rounds_paired(const storage::EventFull& e);
// Whether every pairing so far has its result (or is a bye, or void).
bool all_decided(const storage::EventFull& e);
// Whether a player signed up and left before playing anything (shown nowhere).
bool left_before_playing(const storage::EventFull& e, int idx);

}  // namespace croupier::bot::tourney
