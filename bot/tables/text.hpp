// Small pieces of text the tables share.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bot/clock.hpp"
#include "bot/game.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"

namespace croupier::bot {

// A private game whose deal the database refused, to its player.
inline constexpr const char* kNewGameNotSaved =
    "Your new game could not be saved, so it was not dealt (the bot's log says why); try again "
    "in a moment.";

// "a, b and c"; past `most` names: "a, b, c and 4 others".
inline std::string names_text(const std::vector<std::string>& names, std::size_t most) {
    const std::size_t shown = names.size() > most ? most - 1 : names.size();
    std::string out;
    for (std::size_t i = 0; i < shown; ++i) {
        if (i > 0) out += (i + 1 == names.size() ? " and " : ", ");
        out += names[i];
    }
    if (shown < names.size()) out += fmt::format(" and {} others", names.size() - shown);
    return out;
}

// How a game's deal is named to its player: "deal 123"; a daily deal (GameSetup option
// "daily", bot/daily/) by its day, its number sealed until the day ends.
inline std::string deal_words(const GameSetup& setup) {
    if (auto it = setup.options.find("daily"); it != setup.options.end())
        return "the daily deal of " + it->second;
    return "deal " + std::to_string(setup.deal_number);
}

// A computer player's name: "cpu#1". No IRC nick may hold a '#', so no person can take a
// computer's name and pass for it (or be taken for it).
inline std::string computer_name(int number) {
    return fmt::format("cpu#{}", number);
}

// The name a kind is typed by: its first alias ("e8"), else its name.
inline std::string typed_name(const GameKind& kind) {
    const auto names = kind.aliases();
    return names.empty() ? kind.name() : names.front();
}

// "90 s", "2 min".
inline std::string seconds_text(Duration d) {
    const auto s = std::chrono::duration_cast<std::chrono::seconds>(d).count();
    if (s % 60 == 0 && s >= 60) return fmt::format("{} min", s / 60);
    return fmt::format("{} s", s);
}

}  // namespace croupier::bot
