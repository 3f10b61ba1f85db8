// `croupierd --replay FILE [--config FILE] [--record]`: plays a transcript
// (shared/REPLAY.md) against the whole daemon on a virtual clock. The engine itself lives
// in bot/irc/replay_engine.hpp.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <iosfwd>
#include <string>

namespace croupier::bot {

// Exit codes: 0 every expectation met, 1 the first miss (reported on `err`), 2 the
// transcript (or its config) is malformed.
int run_replay(const std::string& transcript_path, const std::string& config_path, bool record,
               std::ostream& out, std::ostream& err);

}  // namespace croupier::bot
