// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/events/arena.hpp"

#include <algorithm>
#include <stdexcept>

#include "bot/events/matching.hpp"

namespace croupier::events {

namespace {

constexpr int kArenaMaxDifference = 1000;  // points; larger differences weigh the same

}  // namespace

std::vector<Game> arena_pair(const std::vector<ArenaFree>& free) {
    const int n = static_cast<int>(free.size());
    if (n > kMaxVertices) throw std::invalid_argument("arena: too many players");
    // Rank order: points, then player.
    std::vector<int> order(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = i;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const ArenaFree& x = free[static_cast<std::size_t>(a)];
        const ArenaFree& y = free[static_cast<std::size_t>(b)];
        if (x.points != y.points) return x.points > y.points;
        return x.player < y.player;
    });
    // Each one's turn to wait: 0 for the earliest freed (ties: the better ranked first).
    std::vector<int> by_time = order;
    std::stable_sort(by_time.begin(), by_time.end(), [&](int a, int b) {
        return free[static_cast<std::size_t>(a)].free_since <
               free[static_cast<std::size_t>(b)].free_since;
    });
    std::vector<std::int64_t> lateness(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k)
        lateness[static_cast<std::size_t>(by_time[static_cast<std::size_t>(k)])] = k;
    // A pair costs its members' lateness (so that, with one left out, it is the latest) far
    // above their points' difference.
    const std::int64_t scale = (static_cast<std::int64_t>(n) / 2 + 1) * (kArenaMaxDifference + 1);
    std::vector<Candidate> candidates;
    for (int i = 0; i < n; ++i) {
        const ArenaFree& a = free[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])];
        for (int j = i + 1; j < n; ++j) {
            const ArenaFree& b = free[static_cast<std::size_t>(order[static_cast<std::size_t>(j)])];
            if (a.player == b.player) throw std::invalid_argument("arena: a player free twice");
            if (a.last_opponent == b.player || b.last_opponent == a.player) continue;
            const std::int64_t late =
                lateness[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] +
                lateness[static_cast<std::size_t>(order[static_cast<std::size_t>(j)])];
            const std::int64_t diff = std::min(kArenaMaxDifference, std::abs(a.points - b.points));
            candidates.push_back(Candidate{i, j, 0, late * scale + diff});
        }
    }
    const Matching m = match(n, candidates);
    std::vector<Game> out;
    for (int i = 0; i < n; ++i) {
        const int j = m.mate[static_cast<std::size_t>(i)];
        if (j <= i) continue;
        const ArenaFree& a = free[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])];
        const ArenaFree& b = free[static_cast<std::size_t>(order[static_cast<std::size_t>(j)])];
        const bool a_first = a.first_balance <= b.first_balance;
        out.push_back(Game{a_first ? a.player : b.player, a_first ? b.player : a.player,
                           Result::Pending, false});
    }
    return out;
}

int arena_points(ArenaStreak& streak, Outcome outcome) {
    const int base = half_points(outcome);  // 2, 1, 0: the arena's points
    const int points = streak.on_fire() ? 2 * base : base;
    streak.wins_in_a_row = outcome == Outcome::Win ? streak.wins_in_a_row + 1 : 0;
    return points;
}

std::vector<ArenaStanding> arena_standings(int players, const std::vector<Game>& games) {
    std::vector<ArenaStanding> out(static_cast<std::size_t>(players));
    std::vector<ArenaStreak> streaks(static_cast<std::size_t>(players));
    for (int p = 0; p < players; ++p) out[static_cast<std::size_t>(p)].player = p;
    for (const Game& g : games) {
        if (g.result == Result::Pending) continue;
        for (int p : {g.first, g.second}) {
            if (p < 0 || p >= players) throw std::invalid_argument("arena: a player out of range");
            const Outcome o = outcome_for(g, p);
            ArenaStanding& s = out[static_cast<std::size_t>(p)];
            s.points += arena_points(streaks[static_cast<std::size_t>(p)], o);
            ++s.games;
            if (o == Outcome::Win) ++s.wins;
        }
    }
    for (int p = 0; p < players; ++p)
        out[static_cast<std::size_t>(p)].on_fire = streaks[static_cast<std::size_t>(p)].on_fire();
    std::stable_sort(out.begin(), out.end(), [](const ArenaStanding& a, const ArenaStanding& b) {
        return a.points > b.points;
    });
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i].place = i > 0 && out[i].points == out[i - 1].points ? out[i - 1].place
                                                                   : static_cast<int>(i) + 1;
    return out;
}

}  // namespace croupier::events
