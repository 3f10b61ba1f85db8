// VCG's card library at the daemon: the factions and premade decks of `[vcg] cards`.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "bot/checked.hpp"
#include "games/vcg/card.hpp"

namespace croupier::bot {

struct VcgDeck {
    std::string name;
    std::vector<int> cards;  // indices into the set
};

struct VcgLibrary {
    games::vcg::CardSet set;
    std::vector<VcgDeck> decks;  // premade
};

// Loads every entry of `cards`, comma-separated: "builtin" (data/vcg, built in) or folders
// of CSV files (one faction a file, decks.txt for premade decks), relative to `base` (the
// config file's folder). The library, or the Fault naming the file and line (the config
// section makes it the key's error).
Checked<VcgLibrary> load_vcg_library(const std::string& cards, const std::filesystem::path& base);

}  // namespace croupier::bot
