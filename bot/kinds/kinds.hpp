// The game kinds the daemon knows, from the one list of games (bot/games/list.hpp). Each
// lives in bot/games/<name>/kind.cpp with its config section.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <vector>

#include "bot/game.hpp"
#include "config/config.hpp"
#include "games/list.hpp"

namespace croupier::bot {

// Every kind's config section, for config::load.
std::vector<config::SectionSpec> kind_specs();
// The kinds, each from its section of `cfg`.
std::vector<std::shared_ptr<GameKind>> make_kinds(const config::Config& cfg);

// Each game's config section and kind (bot/games/<name>/kind.cpp).
#define CROUPIER_DECLARE_KIND(name)       \
    config::SectionSpec name##_section(); \
    std::unique_ptr<GameKind> make_##name##_kind(const config::Section& section);
CROUPIER_GAMES(CROUPIER_DECLARE_KIND)
#undef CROUPIER_DECLARE_KIND

}  // namespace croupier::bot
