// libFuzzer target: the replay reader (bot/irc/replay_engine.hpp), which operators and
// tests feed transcripts to. A malformed transcript is refused with MalformedError and its
// line; nothing else may escape.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "bot/irc/replay_engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto t = croupier::bot::replay::parse_transcript(text, "fuzz.replay");
        (void)t;
    } catch (const croupier::bot::replay::MalformedError& e) {
        if (e.line < 0) std::abort();
    }
    (void)croupier::bot::replay::parse_wait(text);
    return 0;
}
