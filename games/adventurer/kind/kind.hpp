// Adventurer Factory's card library at the daemon: the cards and premade decks of
// `[adventurer] cards`.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "bot/checked.hpp"
#include "games/adventurer/card.hpp"

namespace croupier::bot {

struct AdventurerLibrary {
    games::adventurer::CardSet set;
    std::vector<games::adventurer::Deck> decks;  // premade
};

// Loads every entry of `cards`, comma-separated: "builtin" (data/adventurer, built in) or
// folders of card files (*.txt, decks.txt for premade decks), relative to `base` (the config
// file's folder). The library, or the Fault naming the file and line (the config section
// makes it the key's error).
Checked<AdventurerLibrary> load_adventurer_library(const std::string& cards,
                                                   const std::filesystem::path& base);

}  // namespace croupier::bot
