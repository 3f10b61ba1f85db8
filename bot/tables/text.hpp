// Small pieces of text the tables share.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <string>

#include <fmt/format.h>

#include "bot/clock.hpp"
#include "bot/strings.hpp"

namespace croupier::bot {

// "90 s", "2 min".
inline std::string seconds_text(Duration d) {
    const auto s = std::chrono::duration_cast<std::chrono::seconds>(d).count();
    if (s % 60 == 0 && s >= 60) return fmt::format("{} min", s / 60);
    return fmt::format("{} s", s);
}

}  // namespace croupier::bot
