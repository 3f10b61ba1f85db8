// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/log.hpp"

#include <cstdio>
#include <cstdlib>

namespace croupier::bot::log {

namespace {
Level g_level = Level::Info;
}

void set_level(Level l) {
    g_level = l;
}
Level level() {
    return g_level;
}

bool parse_level(std::string_view text, Level& out) {
    if (text == "debug")
        out = Level::Debug;
    else if (text == "info")
        out = Level::Info;
    else if (text == "warn" || text == "warning")
        out = Level::Warn;
    else if (text == "error")
        out = Level::Error;
    else
        return false;
    return true;
}

void write(Level l, std::string_view text) {
    // systemd's journal reads "<N>" priority prefixes on stderr lines.
    // Elsewhere (a terminal, a test) the level is spelt out.
    static const bool journal = std::getenv("JOURNAL_STREAM") != nullptr;
    static constexpr const char* journal_prefix[] = {"<7>", "<6>", "<4>", "<3>"};
    static constexpr const char* names[] = {"debug: ", "info: ", "warning: ", "error: "};
    const int i = static_cast<int>(l);
    std::fprintf(stderr, "%s%s%.*s\n", journal ? journal_prefix[i] : "", names[i],
                 static_cast<int>(text.size()), text.data());
    std::fflush(stderr);
}

}  // namespace croupier::bot::log
