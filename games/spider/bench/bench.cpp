// SPDX-License-Identifier: GPL-3.0-or-later
//
// Spider bench: the certifier and the fair player on fixed deal numbers per suit count.
// Budgets are in nodes, so verdicts (and the signature) do not depend on the machine;
// times are reported as figures only. Times are this process's CPU time (std::clock), so
// a busy shared machine does not inflate them; one core is used.
#include <algorithm>
#include <cstdint>
#include <ctime>
#include <string>

#include "bot/bench.hpp"
#include "games/spider/fair.hpp"
#include "games/spider/search_play.hpp"
#include "games/spider/solver.hpp"

namespace croupier::bot {

namespace {

namespace spider = games::spider;

double cpu_seconds_since(std::clock_t t0) {
    return static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
}

std::string suit_tag(int suits) {
    return std::to_string(suits) + "suit";
}

}  // namespace

void bench_spider(BenchReport& r, bool quick) {
    const int suit_counts[] = {1, 2, 4};

    // The certifier.
    spider::SolverLimits slimits;
    slimits.max_nodes = quick ? 6'000 : 1'000'000;
    slimits.seconds = quick ? 10.0 : 30.0;  // safety cap only; the node budget decides
    slimits.max_memory_mb = 100;
    const std::uint64_t cert_deals = quick ? 3 : 200;
    std::size_t peak_bytes = 0;
    r.note("spider certifier: deals 1.." + std::to_string(cert_deals) + " per suit count, " +
           std::to_string(slimits.max_nodes) + " nodes per deal");
    for (int suits : suit_counts) {
        int won = 0;
        double total = 0, worst = 0;
        std::size_t nodes = 0;
        for (std::uint64_t deal = 1; deal <= cert_deals; ++deal) {
            const std::clock_t t0 = std::clock();
            const spider::CertifyResult c = spider::certify(suits, deal, slimits);
            const double s = cpu_seconds_since(t0);
            total += s;
            worst = std::max(worst, s);
            nodes += c.nodes;
            peak_bytes = std::max(peak_bytes, c.peak_bytes);
            const bool win = c.verdict == spider::CertifyResult::Verdict::Winnable;
            won += win;
            r.outcome("spider.certifier " + std::to_string(suits) + " " + std::to_string(deal) +
                      (win ? " winnable " : " unknown ") + std::to_string(c.moves.size()));
        }
        const double n = static_cast<double>(cert_deals);
        const std::string tag = suit_tag(suits);
        r.figure("spider.certifier.win_rate." + tag, static_cast<double>(won) / n, "ratio");
        r.figure("spider.certifier.mean_s." + tag, total / n, "s");
        r.figure("spider.certifier.max_s." + tag, worst, "s");
        r.figure("spider.certifier.mean_nodes." + tag, static_cast<double>(nodes) / n, "nodes");
    }
    r.figure("spider.certifier.peak_mb", static_cast<double>(peak_bytes) / (1024.0 * 1024.0), "MB");
    r.note("spider certifier: process peak RSS so far " + std::to_string(peak_rss_mb()) + " MB");

    // The fair player, playing whole games without undo.
    spider::FairLimits flimits;
    if (quick) flimits.max_nodes = 60;  // else the default: what `hint` uses
    const int max_moves = quick ? 150 : 1500;
    const std::uint64_t fair_deals = quick ? 1 : 200;
    r.note("spider fair player: deals 1.." + std::to_string(fair_deals) + " per suit count, " +
           std::to_string(flimits.max_nodes) + " nodes per decision");
    for (int suits : suit_counts) {
        int won = 0;
        double total = 0, worst = 0;
        for (std::uint64_t deal = 1; deal <= fair_deals; ++deal) {
            const std::clock_t t0 = std::clock();
            const spider::FairGame g = spider::play_fair_game(suits, deal, flimits, max_moves);
            const double s = cpu_seconds_since(t0);
            total += s;
            worst = std::max(worst, s);
            won += g.won;
            r.outcome("spider.fair " + std::to_string(suits) + " " + std::to_string(deal) +
                      (g.won ? " won " : (g.illegal ? " illegal " : " lost ")) +
                      std::to_string(g.moves.size()));
        }
        const double n = static_cast<double>(fair_deals);
        const std::string tag = suit_tag(suits);
        r.figure("spider.fair.win_rate." + tag, static_cast<double>(won) / n, "ratio");
        r.figure("spider.fair.mean_s." + tag, total / n, "s");
        r.figure("spider.fair.max_s." + tag, worst, "s");
    }
}

}  // namespace croupier::bot
