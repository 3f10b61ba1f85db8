// The files under data/ (card sets, premade decks), built into the daemon by
// cmake/embed_data.cmake: `cards = builtin` in a kind's section means these.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace croupier::bot {

struct DataFile {
    std::string path;  // under data/: "vcg/lanterns.csv"
    std::string text;
};

const std::vector<DataFile>& builtin_data();

}  // namespace croupier::bot
