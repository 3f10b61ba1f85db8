// Logging to stderr (journald under systemd), one line per record.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string_view>

#include <fmt/format.h>

namespace croupier::bot::log {

enum class Level { Debug = 0, Info = 1, Warn = 2, Error = 3 };

void set_level(Level level);
Level level();
bool parse_level(std::string_view text, Level& out);  // debug|info|warn|error
void write(Level level, std::string_view text);

template <typename... Args>
void debug(fmt::format_string<Args...> f, Args&&... args) {
    if (level() <= Level::Debug) write(Level::Debug, fmt::format(f, std::forward<Args>(args)...));
}
template <typename... Args>
void info(fmt::format_string<Args...> f, Args&&... args) {
    if (level() <= Level::Info) write(Level::Info, fmt::format(f, std::forward<Args>(args)...));
}
template <typename... Args>
void warn(fmt::format_string<Args...> f, Args&&... args) {
    if (level() <= Level::Warn) write(Level::Warn, fmt::format(f, std::forward<Args>(args)...));
}
template <typename... Args>
void error(fmt::format_string<Args...> f, Args&&... args) {
    write(Level::Error, fmt::format(f, std::forward<Args>(args)...));
}

}  // namespace croupier::bot::log
