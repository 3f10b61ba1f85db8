// `croupierd --replay FILE [--config FILE] [--record]`: plays a transcript
// (shared/REPLAY.md) against the whole daemon on a virtual clock. The engine itself lives
// in bot/irc/replay_engine.hpp.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "bot/kinds/kinds.hpp"

namespace croupier::bot {

// Exit codes: 0 every expectation met, 1 the first miss (reported on `err`), 2 the
// transcript (or its config) is malformed.
// `extra_kinds`: game kinds besides the daemon's own (the kinds that live only in tests),
// their config sections read with the daemon's.
int run_replay(const std::string& transcript_path, const std::string& config_path, bool record,
               std::ostream& out, std::ostream& err,
               const std::vector<KindEntry>& extra_kinds = {});

}  // namespace croupier::bot
