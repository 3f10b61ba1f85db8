// Spider's Game adapter, the parts tests and tools reach besides make_spider_kind():
// a game from any engine position, and the text of one pile.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "bot/game.hpp"
#include "games/spider/engine.hpp"
#include "games/spider/view.hpp"

namespace croupier::bot::spider {

// A Spider game that starts from `engine` as it is (e.g. Engine::from_layout in tests).
std::unique_ptr<Game> make_game(const games::spider::Engine& engine);

// "3: [4] 9♥ 8♥ 7♠" (pile 0..9) in at most `budget` bytes: in full when it fits, else runs of
// three or more of one suit shown as "K♠-5♠", else only the top cards after "...".
std::string pile_text(const games::spider::Engine& engine, int pile, std::size_t budget);

// The simple fair move behind `hint` until games/spider/fair.cpp exists (and when the fair
// player finds nothing): turn a face-down card, else build in suit, else deal, else fill an
// empty pile so that a deal can follow; "" when none. Following it always ends.
std::string greedy_move(const games::spider::View& view);

}  // namespace croupier::bot::spider
