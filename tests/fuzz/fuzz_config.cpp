// libFuzzer target: the INI loader (config/config.hpp) with every game kind's section, as
// croupierd reads a file. Anything may be refused, but only with a ConfigError naming the
// file (and line and key where there is one); nothing else may escape, nothing may crash.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "bot/kinds/kinds.hpp"
#include "config/config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const auto specs = croupier::bot::kind_specs();
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto cfg = croupier::config::parse(text, "fuzz.ini", {}, specs);
        // A file that loads gives a summary and builds every kind (what the daemon does next).
        (void)croupier::config::summarise(cfg);
        (void)croupier::bot::make_kinds(cfg);
    } catch (const croupier::config::ConfigError& e) {
        if (e.file != "fuzz.ini") std::abort();
    }
    return 0;
}
