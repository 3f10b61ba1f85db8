// Plays the fair player through whole games against a hidden position fed from the true
// deal (for the bench and the tests; the daemon's games use the engine instead).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <functional>
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

// What makes each decision: fair_plan, or a caller's wrapper of it (the bench times each
// decision; the engine reads no clock).
using FairPlanner = std::function<std::vector<std::string>(const View&, const FairLimits&)>;

// Plays deal `deal_number` with fair_move until it is won, the player gives up, or
// `max_moves` moves were made. `planner`: nullptr for fair_plan itself.
FairGame play_fair_game(int suits, std::uint64_t deal_number, const FairLimits& limits,
                        int max_moves = 1500, const FairPlanner* planner = nullptr);

}  // namespace croupier::games::spider
