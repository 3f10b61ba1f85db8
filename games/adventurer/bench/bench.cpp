// `croupierd --bench adventurer`: the computer opponent against a random player, whole duels
// between computer players a second, and the balance of the premade decks: each deck's share
// of wins against the others, the length of a duel, how much a side can lose before its
// second turn, turns with no card to play, and how often cards of each cost are played
// (shared/BENCH.md).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bot/bench.hpp"
#include "games/adventurer/ai.hpp"
#include "games/adventurer/duel.hpp"
#include "games/adventurer/kind/kind.hpp"
#include "games/core/rng.hpp"

namespace croupier::bot {

namespace {

using games::adventurer::Duel;

constexpr int kCosts = 7;  // cards played by cost: 0 to 5, and 6 or more

struct Tally {
    int won = 0, drawn = 0, lost = 0;
    long long turns = 0, commands = 0;
};

// What one duel between computers showed, per side (0 is Player 1).
struct DuelFacts {
    int winner = -1;
    int turns = 0;                         // each side's turn counts once
    std::array<double, 2> opening_loss{};  // most of 20 Health or Willpower lost, as a share
    std::array<int, 2> own_turns{}, dead_turns{}, needs_dead{}, longest_dead{};
    std::array<std::array<int, kCosts>, 2> played{};  // cards played, by cost
};

int cost_bin(int cost) {
    return std::clamp(cost, 0, kCosts - 1);
}

// Who plays a seat: the computer, a random player, or one that only ends its turns.
enum class Seat { Computer, Random, Passive };

// One duel. A player with no legal command would be a bug: it is counted as giving up.
DuelFacts play(const AdventurerLibrary& lib, std::size_t da, std::size_t db, std::uint64_t deal,
               std::array<Seat, 2> seats, Tally& t) {
    Duel d(lib.set, {lib.decks[da].cards, lib.decks[db].cards}, deal);
    DuelFacts f;
    std::array<int, 2> run{};  // dead turns in a row
    int seen_turn = 0;
    std::uint64_t step = 0;
    while (!d.finished()) {
        const int s = d.awaited();
        const int turn = d.turn();
        if (turn != seen_turn && !d.window_open()) {
            // The main step of a new turn: has the side any card it can play?
            seen_turn = turn;
            const auto& me = d.side(s);
            ++f.own_turns[static_cast<std::size_t>(s)];
            const auto legal = d.legal(s);
            const bool can_play = std::any_of(
                legal.begin(), legal.end(), [](const auto& c) { return c.rfind("play ", 0) == 0; });
            auto& r = run[static_cast<std::size_t>(s)];
            if (!can_play && me.mind > 0 && !me.hand.empty()) {
                ++f.dead_turns[static_cast<std::size_t>(s)];
                // Dead by Needs alone: no card in hand has its Needs met.
                const bool gated = std::all_of(me.hand.begin(), me.hand.end(), [&](int c) {
                    for (const auto& [sym, k] : lib.set.at(c).needs)
                        if (d.symbols(s, sym) < k) return true;
                    return false;
                });
                if (gated) ++f.needs_dead[static_cast<std::size_t>(s)];
                ++r;
                auto& longest = f.longest_dead[static_cast<std::size_t>(s)];
                longest = std::max(longest, r);
            } else {
                r = 0;
            }
        }
        const Seat seat = seats[static_cast<std::size_t>(s)];
        std::string cmd;
        if (seat == Seat::Random)
            cmd = games::adventurer::random_action(d, s, deal ^ (0x9E3779B97F4A7C15ULL * ++step));
        else if (seat == Seat::Passive)
            cmd = d.window_open() ? "pass" : "end";
        else
            cmd = games::adventurer::computer_action(d, s);
        // A player with no command, or one the engine refuses, is a bug: the bench fails.
        if (cmd.empty())
            throw std::runtime_error(
                fmt::format("adventurer: deal {}: side {} had no command", deal, s));
        if (auto why = d.act(s, cmd); !why.empty())
            throw std::runtime_error(fmt::format(
                "adventurer: deal {}: side {}'s \"{}\" was refused: {}", deal, s, cmd, why));
        if (cmd.rfind("play ", 0) == 0) {
            std::string name = cmd.substr(5);
            if (const auto at = name.find(" over "); at != std::string::npos) name.resize(at);
            if (const int c = lib.set.find(name); c >= 0)
                ++f.played[static_cast<std::size_t>(s)]
                          [static_cast<std::size_t>(cost_bin(lib.set.at(c).cost))];
        }
        // A side's losses count until its own second turn begins: turn 3 for Player 1,
        // turn 4 for Player 2.
        for (int k = 0; k < 2; ++k) {
            if (turn >= 3 + k) continue;
            const auto& side = d.side(k);
            const int lost = std::max(games::adventurer::kStartHealth - side.health,
                                      games::adventurer::kStartWillpower - side.willpower);
            auto& o = f.opening_loss[static_cast<std::size_t>(k)];
            o = std::max(o, lost / double(games::adventurer::kStartHealth));
        }
        ++t.commands;
        (void)d.take_events();
    }
    f.turns = d.turn();
    f.winner = d.winner();
    t.turns += d.turn();
    return f;
}

double since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

template <typename T>
double percentile(std::vector<T> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const double at = std::ceil(p * static_cast<double>(v.size()));
    const auto i = at < 1 ? std::size_t{0} : static_cast<std::size_t>(at) - 1;
    return static_cast<double>(v[std::min(i, v.size() - 1)]);
}

double median(std::vector<int> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

}  // namespace

void bench_adventurer(BenchReport& r, bool quick) {
    const Checked<AdventurerLibrary> loaded = load_adventurer_library("builtin", ".");
    if (!loaded)
        throw std::runtime_error("adventurer: the built-in cards do not load: " + loaded.why());
    const AdventurerLibrary& lib = *loaded;
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
        std::array<Seat, 2> seats{Seat::Random, Seat::Random};
        seats[static_cast<std::size_t>(cpu)] = Seat::Computer;
        const int w = play(lib, da, db, deal, seats, vs_random).winner;
        (w == cpu ? vs_random.won : w < 0 ? vs_random.drawn : vs_random.lost)++;
        r.outcome(fmt::format("adventurer random {} {}", i, w));
    }
    r.note(fmt::format("adventurer against random: {} duels, won {}, drawn {}, lost {}", duels,
                       vs_random.won, vs_random.drawn, vs_random.lost));
    r.figure("adventurer.ai_vs_random", static_cast<double>(vs_random.won) / duels, "ratio");

    // Computer against computer: every deck against every other deck in both seats, the same
    // number of duels for each ordered pair; a deck's share counts its wins and half its
    // draws. Mirror duels are left out (a deck against itself always scores a half).
    const int per_pair = quick ? 8 : 350;
    Tally self;
    std::vector<double> deck_score(nd);
    std::vector<int> deck_played(nd), deck_turns(nd), deck_dead(nd), deck_needs_dead(nd),
        deck_longest(nd);
    std::vector<int> turns;
    std::vector<double> opening;
    std::array<long long, kCosts> played_by_cost{}, dealt_by_cost{};
    int games_n = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t da = 0; da < nd; ++da) {
        for (std::size_t db = 0; db < nd; ++db) {
            if (da == db) continue;
            for (int k = 0; k < per_pair; ++k) {
                const std::uint64_t deal = games::splitmix64(seeds);
                const DuelFacts f = play(lib, da, db, deal, {Seat::Computer, Seat::Computer}, self);
                const std::array<std::size_t, 2> deck{da, db};
                for (int s = 0; s < 2; ++s) {
                    const auto us = static_cast<std::size_t>(s);
                    const std::size_t x = deck[us];
                    ++deck_played[x];
                    deck_score[x] += f.winner == s ? 1.0 : f.winner < 0 ? 0.5 : 0.0;
                    deck_turns[x] += f.own_turns[us];
                    deck_dead[x] += f.dead_turns[us];
                    deck_needs_dead[x] += f.needs_dead[us];
                    deck_longest[x] = std::max(deck_longest[x], f.longest_dead[us]);
                    opening.push_back(f.opening_loss[us]);
                    for (int c = 0; c < kCosts; ++c)
                        played_by_cost[static_cast<std::size_t>(c)] +=
                            f.played[us][static_cast<std::size_t>(c)];
                    for (int c : lib.decks[x].cards)
                        ++dealt_by_cost[static_cast<std::size_t>(cost_bin(lib.set.at(c).cost))];
                }
                turns.push_back(f.turns);
                (f.winner == 0 ? self.won : f.winner < 0 ? self.drawn : self.lost)++;
                ++games_n;
                r.outcome(fmt::format("adventurer self {} {} {} {}", da, db, k, f.winner));
            }
        }
    }
    const double secs = since(t0);
    r.figure("adventurer.games_per_s", games_n / secs, "games/s");
    r.note(
        fmt::format("adventurer computer against itself: {} duels in {:.2f} s, {:.1f} turns "
                    "and {:.1f} commands a duel; Player 1 won {}, Player 2 {}, drawn {}",
                    games_n, secs, static_cast<double>(self.turns) / games_n,
                    static_cast<double>(self.commands) / games_n, self.won, self.lost, self.drawn));
    double lo = 1, hi = 0, worst_se = 0;
    for (std::size_t k = 0; k < nd; ++k) {
        const double n = std::max(1, deck_played[k]);
        const double p = deck_score[k] / n;
        const double se = std::sqrt(p * (1 - p) / n);
        lo = std::min(lo, p);
        hi = std::max(hi, p);
        worst_se = std::max(worst_se, se);
        r.note(fmt::format(
            "adventurer deck {}: {:.1f} % of {} duels (standard error {:.1f} %); no card to "
            "play in {:.1f} % of its turns ({:.1f} % for want of Needs alone), at most {} "
            "turns in a row",
            lib.decks[k].name, 100 * p, deck_played[k], 100 * se,
            100.0 * deck_dead[k] / std::max(1, deck_turns[k]),
            100.0 * deck_needs_dead[k] / std::max(1, deck_turns[k]), deck_longest[k]));
    }
    r.note(fmt::format(
        "adventurer deck shares: {} duels a deck ({} for each other deck in each seat, mirror "
        "duels left out), a draw counts a half; the largest standard error {:.1f} %",
        per_pair * 2 * static_cast<int>(nd - 1), per_pair, 100 * worst_se));
    r.figure("adventurer.deck_win_rate.min", lo, "ratio");
    r.figure("adventurer.deck_win_rate.max", hi, "ratio");
    r.note(fmt::format(
        "adventurer turns: each side's turn counts once (Player 1 has turns 1, 3, 5...); "
        "quartiles {:.0f}, {:.0f}, {:.0f}; shortest {:.0f}, longest {:.0f}",
        percentile(turns, 0.25), median(turns), percentile(turns, 0.75), percentile(turns, 0.0),
        percentile(turns, 1.0)));
    r.figure("adventurer.turns_median", median(turns), "turns");
    r.note(fmt::format(
        "adventurer opening: the most of its 20 Health or Willpower a side lost before its own "
        "second turn began (turn 3 for Player 1, 4 for Player 2), over {} sides: median "
        "{:.2f}, 95th percentile {:.2f}",
        opening.size(), percentile(opening, 0.5), percentile(opening, 0.95)));
    r.figure("adventurer.opening_loss_max", percentile(opening, 1.0), "ratio");
    std::string costs;
    for (int c = 0; c < kCosts; ++c) {
        const auto u = static_cast<std::size_t>(c);
        if (dealt_by_cost[u] == 0) continue;
        costs += fmt::format(
            "{}cost {}{}: {:.0f} % of the copies dealt", costs.empty() ? "" : "; ", c,
            c == kCosts - 1 ? "+" : "",
            100.0 * static_cast<double>(played_by_cost[u]) / static_cast<double>(dealt_by_cost[u]));
    }
    r.note("adventurer cards played, by cost, as a share of the copies in the decks: " + costs);

    // Against a player who only ends its turns: the computer's turns to win.
    const int passive_n = quick ? 16 : 400;
    Tally passive;
    std::vector<int> to_win;
    int passive_won = 0;
    for (int i = 0; i < passive_n; ++i) {
        const std::uint64_t deal = games::splitmix64(seeds);
        const std::size_t da = static_cast<std::size_t>(i) % nd;
        const std::size_t db = (static_cast<std::size_t>(i) / nd) % nd;
        const int cpu = (i / static_cast<int>(nd * nd)) % 2;
        std::array<Seat, 2> seats{Seat::Passive, Seat::Passive};
        seats[static_cast<std::size_t>(cpu)] = Seat::Computer;
        const DuelFacts f = play(lib, da, db, deal, seats, passive);
        if (f.winner == cpu) {
            ++passive_won;
            to_win.push_back(f.own_turns[static_cast<std::size_t>(cpu)]);
        }
        r.outcome(fmt::format("adventurer passive {} {}", i, f.winner));
    }
    r.note(fmt::format(
        "adventurer against a player who only ends turns: {} duels, won {}, by its own turn "
        "{:.0f} to {:.0f} (median {:.0f})",
        passive_n, passive_won, percentile(to_win, 0.0), percentile(to_win, 1.0), median(to_win)));
}

}  // namespace croupier::bot
