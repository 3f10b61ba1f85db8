// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/bench.hpp"

namespace croupier::bot {

void bench_core(BenchReport& r, bool) { r.note("core: not measured yet"); }

}  // namespace croupier::bot
