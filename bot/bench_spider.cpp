// SPDX-License-Identifier: GPL-3.0-or-later
// Placeholder until the Spider bench lands: prints no figures (BENCH.md: a figure whose
// game is not built is left out).
#include "bot/bench.hpp"

namespace croupier::bot {

void bench_spider(BenchReport& r, bool) { r.note("spider: not measured yet"); }

}  // namespace croupier::bot
