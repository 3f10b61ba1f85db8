// The game kinds the daemon knows. Each lives in bot/games/<name>.cpp.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>

#include "bot/game.hpp"
#include "config/config.hpp"

namespace croupier::bot {

std::unique_ptr<GameKind> make_exordia8_kind(const config::Exordia8Config& cfg);
std::unique_ptr<GameKind> make_spider_kind(const config::SpiderConfig& cfg);

}  // namespace croupier::bot
