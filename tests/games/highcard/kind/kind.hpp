// High card at the daemon: its kind and its config section, `[highcard]` (rules.md, "For
// operators"), as a daemon's game declares them; tests/support/list.hpp registers it.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>

#include "bot/game.hpp"
#include "config/config.hpp"

namespace croupier::tests {

config::SectionSpec highcard_section();
std::unique_ptr<bot::GameKind> make_highcard_kind(const config::Section& section);

}  // namespace croupier::tests
