// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/card_folders.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <system_error>

#include <fmt/format.h>

#include "bot/strings.hpp"

namespace croupier::bot {

namespace {

constexpr std::string_view kDecks = "decks.txt";

// The file and its bytes, or the Fault saying it cannot be read.
Checked<DataFile> read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return Fault{fmt::format("{}: cannot be read", p.string())};
    std::ostringstream o;
    o << in.rdbuf();  // an empty file leaves `o` failed: nothing read, and no error of the file's
    if (in.bad()) return Fault{fmt::format("{}: cannot be read", p.string())};
    return DataFile{p.string(), o.str()};
}

}  // namespace

Checked<CardFolder> read_card_folder(std::string_view entry, const std::filesystem::path& base,
                                     const CardFiles& kind) {
    CardFolder out;
    if (lower(std::string(entry)) == "builtin") {
        const std::string under = std::string(kind.game) + "/";
        for (const auto& f : builtin_data()) {
            if (f.path.rfind(under, 0) != 0) continue;
            const std::string name = f.path.substr(under.size());
            DataFile shown{"(built in) data/" + f.path, f.text};
            if (name == kDecks)
                out.decks.push_back(std::move(shown));
            else if (name.ends_with(kind.extension))
                out.cards.push_back(std::move(shown));
        }
        return out;
    }
    std::filesystem::path dir(entry);
    if (dir.is_relative()) dir = base / dir;
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
        return Fault{fmt::format("{}: not a folder", dir.string())};
    std::vector<std::filesystem::path> found;
    std::error_code each;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec))
        if (e.is_regular_file(each) && e.path().extension() == kind.extension &&
            e.path().filename() != kDecks)
            found.push_back(e.path());
    if (ec) return Fault{fmt::format("{}: cannot be read ({})", dir.string(), ec.message())};
    std::sort(found.begin(), found.end());
    if (found.empty()) return Fault{fmt::format("{}: {}", dir.string(), kind.none)};
    for (const auto& f : found) {
        Checked<DataFile> file = read_file(f);
        if (!file) return Fault{file.why()};
        out.cards.push_back(std::move(*file));
    }
    if (std::filesystem::is_regular_file(dir / kDecks, each)) {
        Checked<DataFile> file = read_file(dir / kDecks);
        if (!file) return Fault{file.why()};
        out.decks.push_back(std::move(*file));
    }
    return out;
}

}  // namespace croupier::bot
