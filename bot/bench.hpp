// `croupierd --bench` (shared/BENCH.md): fixed inputs, figures, a deterministic signature.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace croupier::bot {

class BenchReport {
  public:
    // Prints `figure NAME VALUE UNIT`.
    void figure(std::string_view name, double value, std::string_view unit);
    // Any other line for people (starts with "# ").
    void note(std::string_view text);
    // Mixes one game outcome into the signature (FNV-1a over the text).
    void outcome(std::string_view text);
    // Prints `signature HEX`.
    void finish();

  private:
    std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

// One per game; `quick` runs the small set the test suite uses.
void bench_core(BenchReport& r, bool quick);
// The server's line budget shared by a crowd (issue 26); throws when a scenario fails to run.
void bench_lines(BenchReport& r, bool quick);
void bench_exordia8(BenchReport& r, bool quick);
void bench_spider(BenchReport& r, bool quick);
void bench_vcg(BenchReport& r, bool quick);
void bench_encounters(BenchReport& r, bool quick);
void bench_adventurer(BenchReport& r, bool quick);

// Peak resident set of this process so far, in MB (getrusage).
double peak_rss_mb();

}  // namespace croupier::bot

namespace croupier::bot {
// The `--bench` entry point: `which` is one of bench_names(). Returns an exit code.
int run_bench(const std::string& which, bool quick);
// "all|core|...": the benches `--bench` takes.
std::string bench_names();
}  // namespace croupier::bot
