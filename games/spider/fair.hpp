// The fair Spider player: sees only what a human sees (View), never a face-down card.
// Behind `hint`, and later the enemy of Spider: Encounters.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "games/spider/view.hpp"

namespace croupier::games::spider {

struct FairLimits {
    // Search budget per decision (deterministic; capped at 50,000). The default is what
    // `hint` uses and what the bench measures (figures in docs/PERFORMANCE.md).
    std::size_t max_nodes = 12'000;
    // The best few lines that turn a card over are valued by their expectation over the
    // card that may turn up: each possible card, a small search of this many positions.
    std::size_t reveal_leaves = 6;
    std::size_t inner_nodes = 40;
};

// The move it would make: "move F T N" (piles 1..10) or "deal"; nullopt when it sees no
// move worth making (the game is lost for it).
std::optional<std::string> fair_move(const View& view, const FairLimits& limits = {});

// The whole line it plans from this position, legal single moves in order: up to the move
// that turns a card over, or ending with "deal", or to the best position it can reach.
// Empty when it sees nothing worth doing. Its first move is fair_move()'s.
std::vector<std::string> fair_plan(const View& view, const FairLimits& limits = {});

}  // namespace croupier::games::spider
