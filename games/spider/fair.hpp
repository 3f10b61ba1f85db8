// The fair Spider player: sees only what a human sees (View), never a face-down card.
// Behind `hint`, and later the enemy of Spider: Encounters.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "games/spider/view.hpp"

namespace croupier::games::spider {

struct FairLimits {
    std::size_t max_nodes =
        200'000;  // search budget per decision (deterministic; capped at 50,000)
};

// The move it would make: "move F T N" (piles 1..10) or "deal"; nullopt when it sees no
// move worth making (the game is lost for it).
std::optional<std::string> fair_move(const View& view, const FairLimits& limits = {});

}  // namespace croupier::games::spider
