// Rock, paper, scissors, best of three, by challenge: a game kind that lives only in tests,
// to prove the table layer's seam before the real duel games stand on it. Both players
// choose at once and in secret (two awaited seats), a pause between rounds is a wake-up,
// and each player's tally of rounds won is saved data in their profile.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>

#include "bot/game.hpp"
#include "config/config.hpp"

namespace croupier::tests {

config::SectionSpec rps_section();
std::unique_ptr<bot::GameKind> make_rps_kind(const config::Section& section);

}  // namespace croupier::tests
