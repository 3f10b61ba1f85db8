// The game kinds the daemon knows, from the one list of games (games/list.hpp). Each lives
// in its folder's adapter, games/<name>/kind/, with its config section.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <vector>

#include "bot/game.hpp"
#include "config/config.hpp"
#include "games/list.hpp"

namespace croupier::bot {

// A kind as a list of games registers it: its config section and how it is made from it.
struct KindEntry {
    config::SectionSpec (*section)();
    std::unique_ptr<GameKind> (*make)(const config::Section&);
};

// Every kind's config section, for config::load: the daemon's, then `extra`'s (kinds that
// live only in tests, tests/support/list.hpp).
std::vector<config::SectionSpec> kind_specs(const std::vector<KindEntry>& extra = {});
// The kinds, each from its section of `cfg` (its defaults if the file has none): the
// daemon's, then `extra`'s.
std::vector<std::shared_ptr<GameKind>> make_kinds(const config::Config& cfg,
                                                  const std::vector<KindEntry>& extra = {});

// Each game's config section and kind (games/<name>/kind/).
#define CROUPIER_DECLARE_KIND(name)       \
    config::SectionSpec name##_section(); \
    std::unique_ptr<GameKind> make_##name##_kind(const config::Section& section);
CROUPIER_GAMES(CROUPIER_DECLARE_KIND)
#undef CROUPIER_DECLARE_KIND

}  // namespace croupier::bot
