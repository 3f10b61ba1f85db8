// What a Spider player sees: the input of the fair player (games/spider/fair.*), which must
// never learn a face-down card. The engine fills it (SpiderEngine::view()).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <vector>

#include "games/core/card.hpp"

namespace croupier::games::spider {

struct View {
    int suits = 4;                              // 1, 2 or 4
    std::array<int, 10> face_down{};            // count of hidden cards under each pile
    std::array<std::vector<Card>, 10> face_up;  // bottom to top
    int stock_deals_left = 5;                   // 0..5
    int completed_runs = 0;                     // 0..8 runs on the foundation
};

}  // namespace croupier::games::spider
