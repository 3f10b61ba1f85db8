// Plays the fair player through whole games against a hidden position fed from the true
// deal (for the bench and the tests; the daemon's games use the engine instead).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/spider/fair.hpp"
#include "games/spider/search_state.hpp"
#include "games/spider/view.hpp"

namespace croupier::games::spider {

// What a player sees of a full position.
View view_of(const search::State& s, int suits);

struct FairGame {
    bool won = false;
    bool illegal = false;  // the player returned a move the rules refuse (a bug)
    std::vector<std::string> moves;
};

// Plays deal `deal_number` with fair_move until it is won, the player gives up, or
// `max_moves` moves were made.
FairGame play_fair_game(int suits, std::uint64_t deal_number, const FairLimits& limits,
                        int max_moves = 1500);

}  // namespace croupier::games::spider
