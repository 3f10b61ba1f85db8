// The Spider certifier's laboratory (issue 47): certify() over a range of deals, each deal
// alone on one of the threads, and the figures the bench gives for it.
//
//   spider_certlab --suits 4 --from 1001 --to 1200 [--nodes 1000000] [--memory 100]
//                  [--threads 2] [--list]
//
// Prints: deals proved winnable, the mean and most CPU time a deal (its thread's), the
// mean positions expanded; --list adds one line a deal (proved or not, nodes, seconds).
// Not a test; the bench (`croupierd --bench spider`) is the measure of record.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include "games/spider/solver.hpp"

namespace {

double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct One {
    bool won = false;
    std::size_t nodes = 0;
    std::size_t peak_bytes = 0;
    double seconds = 0;
};

}  // namespace

int main(int argc, char** argv) {
    int suits = 4;
    std::uint64_t from = 1, to = 200;
    std::size_t nodes = 1'000'000;
    unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    bool list = false;
    std::size_t memory_mb = 100;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "spider_certlab: %s wants a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--suits")
            suits = std::atoi(next());
        else if (a == "--from")
            from = std::strtoull(next(), nullptr, 10);
        else if (a == "--to")
            to = std::strtoull(next(), nullptr, 10);
        else if (a == "--nodes")
            nodes = std::strtoull(next(), nullptr, 10);
        else if (a == "--threads")
            threads = static_cast<unsigned>(std::max(1, std::atoi(next())));
        else if (a == "--memory")
            memory_mb = std::strtoull(next(), nullptr, 10);
        else if (a == "--list")
            list = true;
        else {
            std::fprintf(stderr,
                         "usage: spider_certlab [--suits 1|2|4] [--from N] [--to N] "
                         "[--nodes N] [--memory MB] [--threads N] [--list]\n");
            return 2;
        }
    }
    if (to < from || (suits != 1 && suits != 2 && suits != 4)) {
        std::fprintf(stderr, "spider_certlab: suits 1, 2 or 4 and --from at most --to\n");
        return 2;
    }
    croupier::games::spider::SolverLimits limits;
    limits.max_nodes = nodes;
    limits.max_memory_mb = memory_mb;
    limits.seconds = 120.0;  // a safety cap only, as in the bench: the node budget decides
    const std::size_t n = static_cast<std::size_t>(to - from + 1);
    std::vector<One> out(n);
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            for (std::size_t i; (i = next++) < n;) {
                const double t0 = thread_cpu_seconds();
                const auto r = croupier::games::spider::certify(suits, from + i, limits);
                out[i].seconds = thread_cpu_seconds() - t0;
                out[i].nodes = r.nodes;
                out[i].peak_bytes = r.peak_bytes;
                out[i].won = r.verdict == croupier::games::spider::CertifyResult::Verdict::Winnable;
            }
        });
    for (auto& t : pool) t.join();
    int won = 0;
    double total = 0, most = 0;
    double all_nodes = 0;
    for (std::size_t i = 0; i < n; ++i) {
        won += out[i].won;
        total += out[i].seconds;
        most = std::max(most, out[i].seconds);
        all_nodes += static_cast<double>(out[i].nodes);
        if (list)
            std::printf("deal %llu %s %zu nodes %.3f s %.1f MB\n",
                        static_cast<unsigned long long>(from + i),
                        out[i].won ? "winnable" : "unknown", out[i].nodes, out[i].seconds,
                        static_cast<double>(out[i].peak_bytes) / (1024.0 * 1024.0));
    }
    std::printf(
        "suits %d deals %llu..%llu nodes %zu: proved %d (%.1f%%), mean %.3f s, most %.3f s a "
        "deal (CPU), mean %.0f nodes\n",
        suits, static_cast<unsigned long long>(from), static_cast<unsigned long long>(to), nodes,
        won, 100.0 * won / static_cast<double>(n), total / static_cast<double>(n), most,
        all_nodes / static_cast<double>(n));
    return 0;
}
