// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/bench.hpp"

#include <sys/resource.h>

#include <cstdio>
#include <exception>

namespace croupier::bot {

void BenchReport::figure(std::string_view name, double value, std::string_view unit) {
    std::printf("figure %.*s %.6g %.*s\n", static_cast<int>(name.size()), name.data(), value,
                static_cast<int>(unit.size()), unit.data());
    std::fflush(stdout);
}

void BenchReport::note(std::string_view text) {
    std::printf("# %.*s\n", static_cast<int>(text.size()), text.data());
    std::fflush(stdout);
}

namespace {
void mix(std::uint64_t& h, std::string_view text) {
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    h ^= 0xff;  // a separator, so "ab"+"c" differs from "a"+"bc"
    h *= 0x100000001b3ULL;
}
}  // namespace

void BenchReport::outcome(std::string_view text) {
    mix(hash_, text);
    mix(bench_hash_, text);
}

void BenchReport::begin(std::string_view bench) {
    bench_ = bench;
    bench_hash_ = kFnvBasis;
}

void BenchReport::end() {
    std::printf("signature.%s %016llx\n", bench_.c_str(),
                static_cast<unsigned long long>(bench_hash_));
    std::fflush(stdout);
}

void BenchReport::finish() {
    std::printf("signature %016llx\n", static_cast<unsigned long long>(hash_));
}

double peak_rss_mb() {
    struct rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    return static_cast<double>(ru.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

namespace {
// The benches, in the order `all` runs them.
struct Bench {
    const char* name;
    void (*run)(BenchReport&, bool);
};
#define CROUPIER_BENCH_ENTRY(name) {#name, bench_##name},
const Bench kBenches[] = {{"core", bench_core},
                          {"lines", bench_lines},
                          {"disk", bench_disk},
                          CROUPIER_GAMES(CROUPIER_BENCH_ENTRY)};
#undef CROUPIER_BENCH_ENTRY
}  // namespace

std::string bench_names() {
    std::string out = "all";
    for (const auto& b : kBenches) out += std::string("|") + b.name;
    return out;
}

int run_bench(const std::string& which, bool quick) {
    BenchReport r;
    const bool all = which == "all";
    bool known = all;
    for (const auto& b : kBenches) known = known || which == b.name;
    if (!known) {
        std::fprintf(stderr, "croupierd: --bench takes one of %s\n", bench_names().c_str());
        return 2;
    }
    r.note(std::string("croupierd bench ") + which + (quick ? " (quick)" : ""));
    // A bench that cannot run (a game that does not start, a move never answered) fails the
    // whole run: no figures of zero and no signature.
    try {
        for (const auto& b : kBenches)
            if (all || which == b.name) {
                r.begin(b.name);
                b.run(r, quick);
                r.end();
            }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "croupierd: --bench %s failed: %s\n", which.c_str(), e.what());
        return 1;
    }
    r.finish();
    return 0;
}

std::vector<storage::PlayerResult> result_rows(const GameSetup& setup,
                                               const std::vector<SeatResult>& results) {
    std::vector<storage::PlayerResult> rows;
    for (std::size_t s = 0; s < setup.players.size(); ++s) {
        storage::PlayerResult r;
        r.nick = setup.players[s];
        r.computer = setup.computer[s];
        r.key = r.computer ? "*" + r.nick : setup.persons[s];
        r.seat = static_cast<int>(s);
        if (s < results.size()) {
            r.points = results[s].points;
            r.won = results[s].won;
            r.detail = results[s].detail;
            r.xp = results[s].xp;
        }
        rows.push_back(r);
    }
    return rows;
}

}  // namespace croupier::bot
