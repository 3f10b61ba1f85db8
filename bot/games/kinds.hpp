// The game kinds the daemon knows: the one list of kinds. Each lives in
// bot/games/<name>.cpp with its config section.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <vector>

#include "bot/game.hpp"
#include "config/config.hpp"

namespace croupier::bot {

// Every kind's config section, for config::load.
std::vector<config::SectionSpec> kind_specs();
// The kinds, each from its section of `cfg`.
std::vector<std::shared_ptr<GameKind>> make_kinds(const config::Config& cfg);

config::SectionSpec exordia8_section();
std::unique_ptr<GameKind> make_exordia8_kind(const config::Section& section);
config::SectionSpec spider_section();
std::unique_ptr<GameKind> make_spider_kind(const config::Section& section);
config::SectionSpec vcg_section();
std::unique_ptr<GameKind> make_vcg_kind(const config::Section& section);
config::SectionSpec adventurer_section();
std::unique_ptr<GameKind> make_adventurer_kind(const config::Section& section);
config::SectionSpec encounters_section();
std::unique_ptr<GameKind> make_encounters_kind(const config::Section& section);

}  // namespace croupier::bot
