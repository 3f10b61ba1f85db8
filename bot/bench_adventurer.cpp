// `croupierd --bench adventurer`: the computer opponent against a random player, and whole
// duels between computer players a second, over the premade decks (shared/BENCH.md).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <array>
#include <chrono>
#include <string>

#include <fmt/format.h>

#include "bot/bench.hpp"
#include "bot/games/adventurer.hpp"
#include "games/adventurer/ai.hpp"
#include "games/adventurer/duel.hpp"
#include "games/core/rng.hpp"

namespace croupier::bot {

namespace {

using games::adventurer::Duel;

struct Tally {
    int won = 0, drawn = 0, lost = 0;
    long long turns = 0, commands = 0;
};

// One duel; `random_side` -1 for two computer players. Returns the winner (-1 a draw).
int play(const AdventurerLibrary& lib, std::size_t da, std::size_t db, std::uint64_t deal,
         int random_side, Tally& t) {
    Duel d(lib.set, {lib.decks[da].cards, lib.decks[db].cards}, deal);
    std::uint64_t step = 0;
    while (!d.finished()) {
        const int s = d.awaited();
        const std::string cmd =
            s == random_side
                ? games::adventurer::random_action(d, s, deal ^ (0x9E3779B97F4A7C15ULL * ++step))
                : games::adventurer::computer_action(d, s);
        if (cmd.empty() || !d.act(s, cmd).empty()) {
            d.concede(s);  // a player with no legal command would be a bug: count it lost
            break;
        }
        ++t.commands;
        (void)d.take_events();
    }
    t.turns += d.turn();
    return d.winner();
}

double since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

void bench_adventurer(BenchReport& r, bool quick) {
    AdventurerLibrary lib;
    if (auto why = load_adventurer_library("builtin", ".", lib); !why.empty()) {
        r.note("adventurer: the built-in cards do not load: " + why);
        return;
    }
    const auto nd = lib.decks.size();
    // The computer against a random player: every deck against every deck, both seats.
    const int duels = quick ? 64 : 800;
    std::uint64_t seeds = 0xadf0000;
    Tally vs_random;
    for (int i = 0; i < duels; ++i) {
        const std::uint64_t deal = games::splitmix64(seeds);
        const std::size_t da = static_cast<std::size_t>(i) % nd;
        const std::size_t db = (static_cast<std::size_t>(i) / nd) % nd;
        const int cpu = (i / static_cast<int>(nd * nd)) % 2;
        const int w = play(lib, da, db, deal, 1 - cpu, vs_random);
        (w == cpu ? vs_random.won : w < 0 ? vs_random.drawn : vs_random.lost)++;
        r.outcome(fmt::format("adventurer random {} {}", i, w));
    }
    r.note(fmt::format("adventurer against random: {} duels, won {}, drawn {}, lost {}", duels,
                       vs_random.won, vs_random.drawn, vs_random.lost));
    r.figure("adventurer.ai_vs_random", static_cast<double>(vs_random.won) / duels, "ratio");

    // Computer against computer: games a second, and each deck's share.
    const int games_n = quick ? 64 : 1600;
    Tally self;
    std::vector<int> deck_won(nd), deck_played(nd);
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < games_n; ++i) {
        const std::uint64_t deal = games::splitmix64(seeds);
        const std::size_t da = static_cast<std::size_t>(i) % nd;
        const std::size_t db = (static_cast<std::size_t>(i) / nd) % nd;
        const int w = play(lib, da, db, deal, -1, self);
        ++deck_played[da];
        ++deck_played[db];
        if (w >= 0) ++deck_won[w == 0 ? da : db];
        r.outcome(fmt::format("adventurer self {} {}", i, w));
    }
    const double secs = since(t0);
    r.figure("adventurer.games_per_s", games_n / secs, "games/s");
    r.note(
        fmt::format("adventurer computer against itself: {} duels in {:.2f} s, {:.1f} turns "
                    "and {:.1f} commands a duel",
                    games_n, secs, static_cast<double>(self.turns) / games_n,
                    static_cast<double>(self.commands) / games_n));
    for (std::size_t k = 0; k < nd; ++k)
        r.note(fmt::format("adventurer deck {}: won {:.0f} % of its duels", lib.decks[k].name,
                           100.0 * deck_won[k] / std::max(1, deck_played[k])));
}

}  // namespace croupier::bot
