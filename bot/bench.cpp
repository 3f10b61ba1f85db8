// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/bench.hpp"

#include <sys/resource.h>

#include <cstdio>

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

void BenchReport::outcome(std::string_view text) {
    for (unsigned char c : text) {
        hash_ ^= c;
        hash_ *= 0x100000001b3ULL;
    }
    hash_ ^= 0xff;  // a separator, so "ab"+"c" differs from "a"+"bc"
    hash_ *= 0x100000001b3ULL;
}

void BenchReport::finish() {
    std::printf("signature %016llx\n", static_cast<unsigned long long>(hash_));
}

double peak_rss_mb() {
    struct rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    return static_cast<double>(ru.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

int run_bench(const std::string& which, bool quick) {
    BenchReport r;
    const bool all = which == "all";
    if (!all && which != "core" && which != "exordia8" && which != "spider" && which != "vcg" &&
        which != "encounters") {
        std::fprintf(stderr,
                     "croupierd: --bench takes all, core, exordia8, spider, vcg or encounters\n");
        return 2;
    }
    r.note(std::string("croupierd bench ") + which + (quick ? " (quick)" : ""));
    if (all || which == "core") bench_core(r, quick);
    if (all || which == "exordia8") bench_exordia8(r, quick);
    if (all || which == "spider") bench_spider(r, quick);
    if (all || which == "vcg") bench_vcg(r, quick);
    if (all || which == "encounters") bench_encounters(r, quick);
    r.finish();
    return 0;
}

}  // namespace croupier::bot
