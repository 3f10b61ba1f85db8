// `croupierd --bench vcg`: battles a second, the computer opponent against a random and a
// greedy player over duels of the premade decks, and the premade decks' balance, the computer
// against itself (shared/BENCH.md).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "bot/bench.hpp"
#include "games/core/rng.hpp"
#include "games/vcg/ai.hpp"
#include "games/vcg/duel.hpp"
#include "games/vcg/kind/kind.hpp"

namespace croupier::bot {

namespace {

using games::vcg::Card;
using games::vcg::Choice;
using games::vcg::Duel;

double since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

enum class Rival { Random, Greedy };

// `duels` duels of premade decks; the computer sits at seat 0 in even duels and 1 in odd
// ones. Returns its share of duels won (a draw is not a win).
double computer_share(const VcgLibrary& lib, Rival rival, int duels, BenchReport& r,
                      const char* name) {
    const auto nd = lib.decks.size();
    std::uint64_t seeds = 0x5eed0000 + static_cast<std::uint64_t>(rival);
    int won = 0, draws = 0;
    for (int i = 0; i < duels; ++i) {
        const std::uint64_t deal = games::splitmix64(seeds);
        std::array<std::vector<Card>, 2> decks;
        const std::size_t da = static_cast<std::size_t>(i) % nd;
        const std::size_t db = (static_cast<std::size_t>(i) / nd + da + 1) % nd;
        for (int k : lib.decks[da].cards) decks[0].push_back(lib.set.at(k));
        for (int k : lib.decks[db].cards) decks[1].push_back(lib.set.at(k));
        Duel d(decks, deal);
        const int cpu = i % 2;
        std::uint64_t step = 0;
        while (!d.finished()) {
            const int p = d.to_play();
            const std::uint64_t seed = deal ^ (0x9E3779B97F4A7C15ULL * ++step);
            Choice c;
            if (p == cpu)
                c = games::vcg::computer_choice(d, p, seed);
            else if (rival == Rival::Random)
                c = games::vcg::random_choice(d, p, seed);
            else
                c = games::vcg::greedy_choice(d, p);
            d.choose(p, c);
        }
        if (d.winner() == cpu) ++won;
        if (d.winner() < 0) ++draws;
        r.outcome(
            fmt::format("vcg {} {} {} {} {}", name, i, d.winner(), d.side(0).life, d.side(1).life));
    }
    r.note(fmt::format("vcg against {}: {} duels, won {}, drawn {}, lost {}", name, duels, won,
                       draws, duels - won - draws));
    return static_cast<double>(won) / duels;
}

// One deck's results against the field.
struct DeckScore {
    int played = 0, won = 0, drawn = 0;
    // A win is 1, a draw half, a loss 0.
    double share() const { return played ? (won + 0.5 * drawn) / played : 0; }
    // Of share(), from the spread of the duels' scores.
    double standard_error() const {
        if (played < 2) return 0;
        const double p = share(), lost = played - won - drawn;
        const double var =
            (won * (1 - p) * (1 - p) + drawn * (0.5 - p) * (0.5 - p) + lost * p * p) / played;
        return std::sqrt(var / played);
    }
};

// `per_pair` duels for every ordered pair of different premade decks (the first deck at
// seat 0), the computer on both sides. The duels run on a few threads; the deals, and so the
// results and the signature, do not depend on how many.
std::vector<DeckScore> deck_balance(const VcgLibrary& lib, int per_pair, BenchReport& r) {
    const auto nd = lib.decks.size();
    struct Job {
        std::size_t a = 0, b = 0;
        int k = 0;
        std::uint64_t deal = 0;
        int winner = -1;
    };
    std::vector<Job> jobs;
    std::uint64_t seeds = 0xdec0;
    for (std::size_t a = 0; a < nd; ++a)
        for (std::size_t b = 0; b < nd; ++b) {
            if (a == b) continue;
            for (int k = 0; k < per_pair; ++k)
                jobs.push_back(Job{a, b, k, games::splitmix64(seeds)});
        }
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t j; (j = next++) < jobs.size();) {
            Job& job = jobs[j];
            std::array<std::vector<Card>, 2> decks;
            for (int i : lib.decks[job.a].cards) decks[0].push_back(lib.set.at(i));
            for (int i : lib.decks[job.b].cards) decks[1].push_back(lib.set.at(i));
            Duel d(decks, job.deal);
            std::uint64_t step = 0;
            while (!d.finished()) {
                const int p = d.to_play();
                d.choose(p, games::vcg::computer_choice(
                                d, p, job.deal ^ (0x9E3779B97F4A7C15ULL * ++step)));
            }
            job.winner = d.winner();
        }
    };
    const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, 4u);
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
    for (auto& t : pool) t.join();
    const double s = since(t0);
    std::vector<DeckScore> out(nd);
    for (const Job& job : jobs) {
        for (const std::size_t i : {job.a, job.b}) {
            ++out[i].played;
            if (job.winner < 0) ++out[i].drawn;
        }
        if (job.winner == 0) ++out[job.a].won;
        if (job.winner == 1) ++out[job.b].won;
        r.outcome(fmt::format("vcg deck {} {} {} {}", job.a, job.b, job.k, job.winner));
    }
    r.note(fmt::format(
        "vcg premade decks against the field, the computer against itself: {} duels for each "
        "ordered pair of decks, {} duels for each deck ({} in each seat); a draw counts half a "
        "win; {} duels in {:.1f} s on {} threads",
        per_pair, 2 * per_pair * (static_cast<int>(nd) - 1), per_pair * (static_cast<int>(nd) - 1),
        jobs.size(), s, threads));
    return out;
}

}  // namespace

void bench_vcg(BenchReport& r, bool quick) {
    const Checked<VcgLibrary> loaded = load_vcg_library("builtin", ".");
    if (!loaded) throw std::runtime_error("vcg: the built-in cards do not load: " + loaded.why());
    const VcgLibrary& lib = *loaded;
    // Battles: every card against every card, potions from the deal generator.
    const auto& cards = lib.set.cards();
    const long long battles = quick ? 200000 : 3000000;
    games::DealRng rng(12345);
    long long a_wins = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (long long i = 0; i < battles; ++i) {
        const Card& a = cards[static_cast<std::size_t>(rng.below(cards.size()))];
        const Card& b = cards[static_cast<std::size_t>(rng.below(cards.size()))];
        const int pa = static_cast<int>(rng.below(13)), pb = static_cast<int>(rng.below(13));
        const auto x = rng.next();
        const auto battle = games::vcg::calc_battle(a, pa, x & 1, pa <= 9 && (x & 2), b, pb, x & 4,
                                                    pb <= 9 && (x & 8));
        a_wins += battle.winner == 0;
    }
    const double s = since(t0);
    r.outcome(fmt::format("vcg battles {} {}", battles, a_wins));
    r.figure("vcg.battles_per_s", static_cast<double>(battles) / s, "battles/s");

    const int duels = quick ? 40 : 1000;
    const auto t1 = std::chrono::steady_clock::now();
    r.figure("vcg.ai_vs_random", computer_share(lib, Rival::Random, duels, r, "random"), "ratio");
    r.figure("vcg.ai_vs_greedy", computer_share(lib, Rival::Greedy, duels, r, "greedy"), "ratio");
    r.note(fmt::format("vcg: {} duels in {:.1f} s ({:.1f} ms a duel)", 2 * duels, since(t1),
                       1000.0 * since(t1) / (2 * duels)));
    // The premade decks' balance: the computer against itself, every ordered pair of decks
    // (so each deck sits in both seats), each deck's share of the points against the field.
    if (lib.decks.size() < 2) return;
    const int per_pair = quick ? 2 : 200;
    const auto balance = deck_balance(lib, per_pair, r);
    const auto nd = lib.decks.size();
    double lo = 1, hi = 0;
    std::string line = "vcg premade decks, the computer against itself:";
    for (std::size_t i = 0; i < nd; ++i) {
        const DeckScore& d = balance[i];
        const double share = d.share();
        lo = std::min(lo, share);
        hi = std::max(hi, share);
        r.note(
            fmt::format("vcg deck {}: {} duels against the field, won {}, drawn {}, lost {}: "
                        "share {:.3f}, standard error {:.3f}",
                        lib.decks[i].name, d.played, d.won, d.drawn, d.played - d.won - d.drawn,
                        share, d.standard_error()));
        line +=
            fmt::format(" {} {:.0f} %{}", lib.decks[i].name, 100.0 * share, i + 1 < nd ? "," : "");
    }
    r.note(line);
    r.figure("vcg.deck_win_rate.min", lo, "ratio");
    r.figure("vcg.deck_win_rate.max", hi, "ratio");
}

}  // namespace croupier::bot
