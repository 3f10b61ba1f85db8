// `replay_kinds --bench highcard`: High card's engine on fixed deals (shared/BENCH.md): for
// two, three and four players, how often the win is shared and how often the first to draw
// wins, and deals a second; the signature hashes each deal's cards and winners. No daemon
// runs: the engine alone is measured.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <chrono>
#include <cstdint>
#include <string>

#include "bot/bench.hpp"
#include "tests/games/highcard/highcard.hpp"

namespace croupier::tests {

void bench_highcard(bot::BenchReport& r, bool quick) {
    using games::highcard::Round;
    const std::uint64_t deals = quick ? 300 : 100000;
    for (int players = 2; players <= 4; ++players) {
        long long shared = 0, first_wins = 0;
        const auto t0 = std::chrono::steady_clock::now();
        for (std::uint64_t deal = 1; deal <= deals; ++deal) {
            Round round(deal, players);
            std::string outcome = std::to_string(players) + "p#" + std::to_string(deal) + ":";
            while (!round.finished()) outcome += " " + games::to_text(round.draw());
            const auto winners = round.winners();
            outcome += " ->";
            for (int s : winners) outcome += " " + std::to_string(s);
            if (winners.size() > 1) ++shared;
            if (round.wins(0)) ++first_wins;
            r.outcome(outcome);
        }
        const double secs =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const std::string p = "highcard." + std::to_string(players) + "p.";
        r.figure(p + "shared_win", 100.0 * static_cast<double>(shared) / deals, "%");
        r.figure(p + "first_wins", 100.0 * static_cast<double>(first_wins) / deals, "%");
        r.figure(p + "deals_per_s", secs > 0 ? static_cast<double>(deals) / secs : 0.0, "deal/s");
    }
}

}  // namespace croupier::tests
