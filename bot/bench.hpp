// `croupierd --bench` (shared/BENCH.md): fixed inputs, figures, a deterministic signature.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <vector>

#include "bot/game.hpp"
#include "games/list.hpp"
#include "storage/storage.hpp"

namespace croupier::bot {

class BenchReport {
  public:
    // Prints `figure NAME VALUE UNIT`.
    void figure(std::string_view name, double value, std::string_view unit);
    // Any other line for people (starts with "# ").
    void note(std::string_view text);
    // Mixes one game outcome into the signature (FNV-1a over the text), the run's and the
    // bench's own.
    void outcome(std::string_view text);
    // A bench starts: its own signature starts afresh.
    void begin(std::string_view bench);
    // A bench has ended: prints `signature.BENCH HEX`, compared by the test bench.quick with
    // tests/data/bench-signatures.txt.
    void end();
    // Prints `signature HEX`, the whole run's.
    void finish();

  private:
    static constexpr std::uint64_t kFnvBasis = 0xcbf29ce484222325ULL;
    std::uint64_t hash_ = kFnvBasis;
    std::uint64_t bench_hash_ = kFnvBasis;
    std::string bench_;
};

// The rows of a game's results as the daemon writes a finished game's: a row a seat, a
// computer's key "*" and its nick (`--bench disk` and the web pages' tests write games so).
std::vector<storage::PlayerResult> result_rows(const GameSetup& setup,
                                               const std::vector<SeatResult>& results);

// One per game; `quick` runs the small set the test suite uses. A bench that cannot run a
// scenario throws: the run exits non-zero, with no signature.
void bench_core(BenchReport& r, bool quick);
// The server's line budget shared by a crowd (issue 26).
void bench_lines(BenchReport& r, bool quick);
// What finished games cost on disk, per kind (issue 45).
void bench_disk(BenchReport& r, bool quick);
// Each game's (games/<name>/bench/), from the one list of games (games/list.hpp).
#define CROUPIER_DECLARE_BENCH(name) void bench_##name(BenchReport& r, bool quick);
CROUPIER_GAMES(CROUPIER_DECLARE_BENCH)
#undef CROUPIER_DECLARE_BENCH

// Peak resident set of this process so far, in MB (getrusage).
double peak_rss_mb();

}  // namespace croupier::bot

namespace croupier::bot {
// The `--bench` entry point: `which` is one of bench_names(). Returns an exit code.
int run_bench(const std::string& which, bool quick);
// `--table-option KEY=VALUE`: an option every table of `--bench core`'s loads is dealt with
// (GameSetup::options, as a table's starter would give it), to run another load shape; e.g.
// an Exordia8 load of long games as before 6f4f2f9 with players_per_pack=1
// (docs/PERFORMANCE.md). Returns false for text without '='.
bool add_bench_table_option(const std::string& key_value);
// "all|core|...": the benches `--bench` takes.
std::string bench_names();
}  // namespace croupier::bot
