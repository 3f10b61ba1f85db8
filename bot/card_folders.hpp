// Where a card game's set comes from: its section's `cards` key names "builtin" (the files
// under data/<game>/, built in) and/or folders of the operator's. One reader for every kind
// that has a card set; what the files say is the kind's to read.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "bot/checked.hpp"
#include "bot/data.hpp"

namespace croupier::bot {

// The files of one folder, each with the name it is shown by in an error
// ("(built in) data/vcg/lanterns.csv", or the file's path).
struct CardFolder {
    std::vector<DataFile> cards;  // the card files, in name order
    std::vector<DataFile> decks;  // decks.txt, if there is one
};

// What a kind's card files look like: "vcg" and ".csv" read data/vcg/*.csv; `none` is said of a
// folder without one ("no .csv files (one faction a file)").
struct CardFiles {
    std::string_view game;
    std::string_view extension;
    std::string_view none;
};

// One entry of a `cards` key: "builtin" or a folder (relative to `base`). Its files, or the
// Fault saying why not: a missing folder, no card file in it, a file that cannot be read.
Checked<CardFolder> read_card_folder(std::string_view entry, const std::filesystem::path& base,
                                     const CardFiles& kind);

}  // namespace croupier::bot
