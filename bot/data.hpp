// The files under data/ (card sets, premade decks), built into the daemon by
// data/embed.cmake: `cards = builtin` in a kind's section means these.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace croupier::bot {

struct DataFile {
    std::string path;  // under data/: "vcg/lanterns.csv"
    std::string text;
};

const std::vector<DataFile>& builtin_data();

// A whole file of an operator's card folder, as bytes ("" if it cannot be read).
inline std::string read_text_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream o;
    o << in.rdbuf();
    return o.str();
}

}  // namespace croupier::bot
