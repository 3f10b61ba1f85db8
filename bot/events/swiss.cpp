// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/events/swiss.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace croupier::events {

namespace {

// The weights' scale (matching.hpp sums tier, then cost): a point difference outweighs every
// colour and fold term of a whole round (128 games * 63 < 8192).
constexpr std::int64_t kScoreStep = 8192;
constexpr std::int64_t kColourStep = 16;
constexpr int kSwissMaxDifference = 31;  // half-points; larger differences weigh the same
constexpr int kMaxFold = 15;
constexpr int kTierRematch = 1;
constexpr int kTierSecondBye = 2;

std::vector<int> points_of(const SwissState& s) {
    std::vector<int> pts(s.players.size(), 0);
    for (const Round& r : s.rounds) {
        for (const Game& g : r.games) {
            if (g.result == Result::Pending) continue;
            for (int p : {g.first, g.second})
                pts[static_cast<std::size_t>(p)] += half_points(outcome_for(g, p));
        }
        for (const Bye& b : r.byes) pts[static_cast<std::size_t>(b.player)] += half_points(b.kind);
    }
    return pts;
}

void check(const SwissState& s) {
    const int n = static_cast<int>(s.players.size());
    for (const Round& r : s.rounds) {
        for (const Game& g : r.games)
            if (g.first < 0 || g.first >= n || g.second < 0 || g.second >= n || g.first == g.second)
                throw std::invalid_argument("swiss: a game's player out of range");
        for (const Bye& b : r.byes)
            if (b.player < 0 || b.player >= n)
                throw std::invalid_argument("swiss: a bye's player out of range");
    }
}

// +1 played first, -1 second, in round order (games at the board).
std::vector<std::vector<int>> colour_history(const SwissState& s) {
    std::vector<std::vector<int>> h(s.players.size());
    for (const Round& r : s.rounds)
        for (const Game& g : r.games) {
            if (g.forfeit) continue;
            h[static_cast<std::size_t>(g.first)].push_back(1);
            h[static_cast<std::size_t>(g.second)].push_back(-1);
        }
    return h;
}

int sum(const std::vector<int>& v) {
    int t = 0;
    for (int x : v) t += x;
    return t;
}

int colour_penalty(const std::vector<int>& a, const std::vector<int>& b) {
    const int da = sum(a), db = sum(b);
    if (da != 0 && db != 0 && (da > 0) == (db > 0))
        return 1 + (std::abs(da) >= 2 && std::abs(db) >= 2 ? 2 : 0);
    if (da == 0 && db == 0 && !a.empty() && !b.empty() && a.back() == b.back()) return 1;
    return 0;
}

// Whether a (better ranked) plays first against b on board `board`.
bool plays_first(const std::vector<int>& a, const std::vector<int>& b, std::size_t board) {
    const int da = sum(a), db = sum(b);
    if (da != db) return da < db;
    for (std::size_t k = 1; k <= a.size() && k <= b.size(); ++k) {
        const int ca = a[a.size() - k], cb = b[b.size() - k];
        if (ca != cb) return ca < cb;  // the one who played second then plays first now
    }
    return board % 2 == 0;
}

}  // namespace

bool swiss_round_complete(const SwissState& s) {
    if (s.rounds.empty()) return true;
    const auto& games = s.rounds.back().games;
    return std::none_of(games.begin(), games.end(),
                        [](const Game& g) { return g.result == Result::Pending; });
}

bool swiss_can_join(const SwissState& s) {
    return s.rounds.empty() || static_cast<int>(s.rounds.size()) * 2 < s.rounds_planned;
}

int swiss_join(SwissState& s) {
    if (!swiss_can_join(s)) throw std::logic_error("swiss: too late to join");
    if (static_cast<int>(s.players.size()) >= kSwissMaxPlayers)
        throw std::logic_error("swiss: the tournament is full");
    const int p = static_cast<int>(s.players.size());
    s.players.push_back(SwissPlayer{});
    for (Round& r : s.rounds) r.byes.push_back(Bye{p, ByeKind::Half});
    return p;
}

void swiss_withdraw(SwissState& s, int player) {
    if (player < 0 || player >= static_cast<int>(s.players.size()))
        throw std::invalid_argument("swiss: a player out of range");
    s.players[static_cast<std::size_t>(player)].withdrawn = true;
    if (s.rounds.empty()) return;
    for (Game& g : s.rounds.back().games) {
        if (g.result != Result::Pending || !is_in(g, player)) continue;
        g.result = g.first == player ? Result::SecondWins : Result::FirstWins;
        g.forfeit = true;
    }
}

std::vector<SwissColours> swiss_colours(const SwissState& s) {
    std::vector<SwissColours> out(s.players.size());
    const auto h = colour_history(s);
    for (std::size_t p = 0; p < h.size(); ++p)
        for (int c : h[p]) (c > 0 ? out[p].firsts : out[p].seconds)++;
    return out;
}

namespace {

struct Problem {
    std::vector<int> ranked;
    std::vector<Candidate> candidates;
    std::vector<std::vector<char>> met;
    std::vector<char> had_bye;
    std::vector<std::vector<int>> colours;
};

Problem problem_of(const SwissState& s) {
    check(s);
    if (static_cast<int>(s.players.size()) > kSwissMaxPlayers)
        throw std::invalid_argument("swiss: too many players");
    const auto pts = points_of(s);
    const auto colours = colour_history(s);
    std::vector<std::vector<char>> met(s.players.size(), std::vector<char>(s.players.size(), 0));
    std::vector<char> had_bye(s.players.size(), 0);
    for (const Round& r : s.rounds) {
        for (const Game& g : r.games) {
            met[static_cast<std::size_t>(g.first)][static_cast<std::size_t>(g.second)] = 1;
            met[static_cast<std::size_t>(g.second)][static_cast<std::size_t>(g.first)] = 1;
        }
        for (const Bye& b : r.byes)
            if (b.kind == ByeKind::Full) had_bye[static_cast<std::size_t>(b.player)] = 1;
    }

    // The players to pair, in rank order: points, then seed.
    std::vector<int> ranked;
    for (std::size_t p = 0; p < s.players.size(); ++p)
        if (!s.players[p].withdrawn) ranked.push_back(static_cast<int>(p));
    std::stable_sort(ranked.begin(), ranked.end(), [&](int a, int b) {
        return pts[static_cast<std::size_t>(a)] > pts[static_cast<std::size_t>(b)];
    });
    const int n = static_cast<int>(ranked.size());
    const auto pt = [&](int i) {
        return pts[static_cast<std::size_t>(ranked[static_cast<std::size_t>(i)])];
    };
    // Each one's place in its score group, and the group's size.
    std::vector<int> pos(static_cast<std::size_t>(n)), size(static_cast<std::size_t>(n));
    for (int i = 0, start = 0; i < n; ++i) {
        if (i > 0 && pt(i) != pt(i - 1)) start = i;
        pos[static_cast<std::size_t>(i)] = i - start;
    }
    for (int i = 0; i < n; ++i) {
        int same = 0;
        for (int j = 0; j < n; ++j) same += pt(j) == pt(i) ? 1 : 0;
        size[static_cast<std::size_t>(i)] = same;
    }
    const int lowest = n > 0 ? pt(n - 1) : 0;

    std::vector<Candidate> candidates;
    for (int i = 0; i < n; ++i) {
        const auto pi = static_cast<std::size_t>(ranked[static_cast<std::size_t>(i)]);
        for (int j = i + 1; j < n; ++j) {
            const auto pj = static_cast<std::size_t>(ranked[static_cast<std::size_t>(j)]);
            const std::int64_t d = std::min(kSwissMaxDifference, pt(i) - pt(j));
            int fold = 0;
            if (d == 0) {
                const int g = size[static_cast<std::size_t>(i)];
                fold = std::abs(
                    (pos[static_cast<std::size_t>(j)] - pos[static_cast<std::size_t>(i)]) - g / 2);
            } else {
                fold = pos[static_cast<std::size_t>(j)];
            }
            const std::int64_t cost = kScoreStep * d * d +
                                      kColourStep * colour_penalty(colours[pi], colours[pj]) +
                                      std::min(kMaxFold, fold);
            candidates.push_back(Candidate{i, j, met[pi][pj] ? kTierRematch : 0, cost});
        }
    }
    const bool odd = n % 2 == 1;
    if (odd) {
        for (int i = 0; i < n; ++i) {
            const auto p = static_cast<std::size_t>(ranked[static_cast<std::size_t>(i)]);
            const std::int64_t d = std::min(kSwissMaxDifference, pt(i) - lowest);
            const std::int64_t cost = kScoreStep * d * d + std::min(kMaxFold, n - 1 - i);
            candidates.push_back(Candidate{i, n, had_bye[p] ? kTierSecondBye : 0, cost});
        }
    }
    return Problem{std::move(ranked), std::move(candidates), std::move(met), std::move(had_bye),
                   colours};
}

}  // namespace

SwissProblem swiss_problem(const SwissState& s) {
    Problem p = problem_of(s);
    const int n = static_cast<int>(p.ranked.size());
    return SwissProblem{p.ranked, n + n % 2, std::move(p.candidates)};
}

SwissPairing swiss_pair_next(const SwissState& s) {
    check(s);
    if (!swiss_round_complete(s)) throw std::logic_error("swiss: the last round is not over");
    if (static_cast<int>(s.rounds.size()) >= s.rounds_planned)
        throw std::logic_error("swiss: every round is paired");
    const Problem problem = problem_of(s);
    const auto& ranked = problem.ranked;
    const auto& met = problem.met;
    const auto& had_bye = problem.had_bye;
    const auto& colours = problem.colours;
    const int n = static_cast<int>(ranked.size());
    const bool odd = n % 2 == 1;
    const Matching m = match(odd ? n + 1 : n, problem.candidates);

    SwissPairing out;
    out.method = m.method;
    std::vector<std::pair<int, int>> boards;  // (better ranked, other) by rank order
    for (int i = 0; i < n; ++i) {
        const int j = m.mate[static_cast<std::size_t>(i)];
        const int p = ranked[static_cast<std::size_t>(i)];
        if (j == n) {
            out.round.byes.push_back(Bye{p, ByeKind::Full});
            out.second_bye = had_bye[static_cast<std::size_t>(p)] != 0;
        } else if (j > i) {
            boards.emplace_back(i, j);
        } else if (j < 0) {
            throw std::logic_error("swiss: a player left unpaired");
        }
    }
    for (std::size_t b = 0; b < boards.size(); ++b) {
        const int a = ranked[static_cast<std::size_t>(boards[b].first)];
        const int c = ranked[static_cast<std::size_t>(boards[b].second)];
        if (met[static_cast<std::size_t>(a)][static_cast<std::size_t>(c)]) ++out.rematches;
        Game g;
        const bool a_first = plays_first(colours[static_cast<std::size_t>(a)],
                                         colours[static_cast<std::size_t>(c)], b);
        g.first = a_first ? a : c;
        g.second = a_first ? c : a;
        out.round.games.push_back(g);
    }
    return out;
}

std::vector<Standing> swiss_standings(const SwissState& s) {
    std::vector<bool> withdrawn;
    for (const auto& p : s.players) withdrawn.push_back(p.withdrawn);
    return rank_players(static_cast<int>(s.players.size()), s.rounds, withdrawn);
}

}  // namespace croupier::events
