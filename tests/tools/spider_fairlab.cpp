// The fair player's laboratory: plays a range of deals without undo and prints the win rate,
// so a change to games/spider/fair.cpp can be measured on more deals than the bench uses.
//
//   spider_fairlab --suits 4 --from 1 --to 200 [--nodes 3000] [--threads 2] [--show DEAL]
//                  [--leaves 6] [--inner 40 (every suit count)] [--inner4 120 (4 suits)]
//
// --show prints the final position of that deal. Not a test; the bench prints the figures
// of record (croupierd --bench spider).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "games/spider/search_play.hpp"

using namespace croupier::games;
using namespace croupier::games::spider;

namespace {

void show(int suits, std::uint64_t deal, const FairLimits& limits) {
    const FairGame g = play_fair_game(suits, deal, limits);
    search::Context ctx;
    search::State s = search::initial_state(suits, deal, ctx);
    auto print = [&] {
        for (int p = 0; p < search::kPiles; ++p) {
            std::printf("%2d: ", p + 1);
            for (int i = 0; i < s.len[p]; ++i) {
                const std::string t = to_text(search::to_card(s.cards[p][i]));
                std::printf(i < s.down[p] ? "(%s) " : "%s ", t.c_str());
            }
            std::printf("\n");
        }
    };
    if (std::getenv("LAB_TRACE")) print();
    for (const auto& m : g.moves) {
        if (std::getenv("LAB_TRACE")) {
            if (m == "deal") print();
            std::printf("%s\n", m.c_str());
        }
        search::apply(s, *search::parse_move(m), ctx);
    }
    std::printf("deal %llu: %s after %zu moves, %d runs done, %d deals left\n",
                static_cast<unsigned long long>(deal), g.won ? "won" : "lost", g.moves.size(),
                s.done, s.deals_left);
    print();
    const auto plan = fair_plan(view_of(s, suits), limits);
    std::printf("its plan from here: %zu moves%s\n", plan.size(),
                plan.empty() ? "" : (" " + plan.front()).c_str());
}

}  // namespace

int main(int argc, char** argv) {
    int suits = 4, threads = 2;
    std::uint64_t from = 1, to = 50, show_deal = 0;
    FairLimits limits;
    // FairLimits{} as hint and the bench use it, unless --nodes says otherwise.
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        const char* v = argv[i + 1];
        if (a == "--suits")
            suits = std::atoi(v);
        else if (a == "--from")
            from = std::strtoull(v, nullptr, 10);
        else if (a == "--to")
            to = std::strtoull(v, nullptr, 10);
        else if (a == "--nodes")
            limits.max_nodes = std::strtoull(v, nullptr, 10);
        else if (a == "--threads")
            threads = std::atoi(v);
        else if (a == "--leaves")
            limits.reveal_leaves = std::strtoull(v, nullptr, 10);
        else if (a == "--inner")
            limits.inner_nodes = limits.inner_nodes_4suits = std::strtoull(v, nullptr, 10);
        else if (a == "--inner4")
            limits.inner_nodes_4suits = std::strtoull(v, nullptr, 10);
        else if (a == "--show")
            show_deal = std::strtoull(v, nullptr, 10);
        else {
            std::fprintf(stderr, "unknown option %s\n", a.c_str());
            return 2;
        }
    }
    if (show_deal != 0) {
        show(suits, show_deal, limits);
        return 0;
    }
    const auto t0 = std::chrono::steady_clock::now();
    std::atomic<std::uint64_t> next{from};
    std::atomic<int> won{0}, illegal{0};
    std::atomic<long> moves{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            for (std::uint64_t d; (d = next++) <= to;) {
                const FairGame g = play_fair_game(suits, d, limits);
                won += g.won;
                illegal += g.illegal;
                moves += static_cast<long>(g.moves.size());
                if (std::getenv("LAB_VERBOSE"))
                    std::printf("deal %llu %s %zu\n", static_cast<unsigned long long>(d),
                                g.won ? "won" : "lost", g.moves.size());
            }
        });
    for (auto& t : pool) t.join();
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double n = static_cast<double>(to - from + 1);
    std::printf(
        "suits %d deals %llu..%llu nodes %zu: won %d (%.1f%%) illegal %d, %.0f moves/game, "
        "%.2f s/game wall\n",
        suits, static_cast<unsigned long long>(from), static_cast<unsigned long long>(to),
        limits.max_nodes, won.load(), 100.0 * won.load() / n, illegal.load(),
        static_cast<double>(moves.load()) / n, secs / n * threads);
    return illegal.load() == 0 ? 0 : 1;
}
