// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/events/standings.hpp"

#include <algorithm>
#include <stdexcept>

namespace croupier::events {

bool is_in(const Game& g, int player) {
    return g.first == player || g.second == player;
}

int opponent_in(const Game& g, int player) {
    return g.first == player ? g.second : g.first;
}

Outcome outcome_for(const Game& g, int player) {
    switch (g.result) {
        case Result::FirstWins:
            return g.first == player ? Outcome::Win : Outcome::Loss;
        case Result::SecondWins:
            return g.first == player ? Outcome::Loss : Outcome::Win;
        case Result::Draw:
        case Result::Pending:
            break;
    }
    return Outcome::Draw;
}

int half_points(Outcome o) {
    return o == Outcome::Win ? 2 : o == Outcome::Draw ? 1 : 0;
}

int half_points(ByeKind k) {
    return k == ByeKind::Full ? 2 : k == ByeKind::Half ? 1 : 0;
}

namespace {

void check_player(int players, int p) {
    if (p < 0 || p >= players) throw std::invalid_argument("events: a player out of range");
}

// What one player had in one round.
struct RoundOf {
    int points = 0;
    bool pending = false;
    bool at_board = false;  // at least one game played at the board
};

std::vector<std::vector<RoundOf>> by_round(int players, const std::vector<Round>& rounds) {
    std::vector<std::vector<RoundOf>> out(rounds.size(),
                                          std::vector<RoundOf>(static_cast<std::size_t>(players)));
    for (std::size_t r = 0; r < rounds.size(); ++r) {
        for (const Game& g : rounds[r].games) {
            for (int p : {g.first, g.second}) {
                check_player(players, p);
                RoundOf& of = out[r][static_cast<std::size_t>(p)];
                if (g.result == Result::Pending) {
                    of.pending = true;
                    continue;
                }
                of.points += half_points(outcome_for(g, p));
                if (!g.forfeit) of.at_board = true;
            }
        }
        for (const Bye& b : rounds[r].byes) {
            check_player(players, b.player);
            out[r][static_cast<std::size_t>(b.player)].points += half_points(b.kind);
        }
    }
    return out;
}

}  // namespace

std::vector<Standing> rank_players(int players, const std::vector<Round>& rounds,
                                   const std::vector<bool>& withdrawn) {
    const auto of = by_round(players, rounds);
    const auto n = static_cast<std::size_t>(players);
    std::vector<int> points(n, 0), adjusted(n, 0);
    for (const auto& round : of) {
        for (std::size_t p = 0; p < n; ++p) {
            points[p] += round[p].points;
            if (round[p].pending) continue;
            // An unplayed round counts as a draw in the points an opponent's tiebreak takes.
            if (round[p].at_board) {
                adjusted[p] += round[p].points;
            } else {
                adjusted[p] += 1;
            }
        }
    }
    std::vector<Standing> out(n);
    for (std::size_t p = 0; p < n; ++p) {
        out[p].player = static_cast<int>(p);
        out[p].points = points[p];
        out[p].withdrawn = p < withdrawn.size() && withdrawn[p];
    }
    for (std::size_t r = 0; r < rounds.size(); ++r) {
        for (const Game& g : rounds[r].games) {
            if (g.result == Result::Pending || g.forfeit) continue;
            for (int p : {g.first, g.second}) {
                const auto opp = static_cast<std::size_t>(opponent_in(g, p));
                Standing& s = out[static_cast<std::size_t>(p)];
                s.buchholz += adjusted[opp];
                s.sonneborn += half_points(outcome_for(g, p)) * adjusted[opp];
                ++s.played;
            }
        }
        for (std::size_t p = 0; p < n; ++p) {
            const RoundOf& x = of[r][p];
            if (!x.pending && !x.at_board) out[p].buchholz += points[p];
        }
    }
    std::sort(out.begin(), out.end(), [](const Standing& a, const Standing& b) {
        if (a.points != b.points) return a.points > b.points;
        if (a.buchholz != b.buchholz) return a.buchholz > b.buchholz;
        if (a.sonneborn != b.sonneborn) return a.sonneborn > b.sonneborn;
        return a.player < b.player;
    });
    for (std::size_t i = 0; i < out.size(); ++i) {
        const bool tied = i > 0 && out[i].points == out[i - 1].points &&
                          out[i].buchholz == out[i - 1].buchholz &&
                          out[i].sonneborn == out[i - 1].sonneborn;
        out[i].place = tied ? out[i - 1].place : static_cast<int>(i) + 1;
    }
    return out;
}

std::vector<std::vector<Meeting>> crosstable(int players, const std::vector<Round>& rounds) {
    std::vector<std::vector<Meeting>> out(static_cast<std::size_t>(players));
    for (std::size_t r = 0; r < rounds.size(); ++r) {
        std::vector<char> seen(static_cast<std::size_t>(players), 0);
        for (const Game& g : rounds[r].games) {
            for (int p : {g.first, g.second}) {
                check_player(players, p);
                Meeting m;
                m.round = static_cast<int>(r);
                m.opponent = opponent_in(g, p);
                m.first = g.first == p;
                m.forfeit = g.forfeit;
                m.pending = g.result == Result::Pending;
                m.points = m.pending ? 0 : half_points(outcome_for(g, p));
                out[static_cast<std::size_t>(p)].push_back(m);
                seen[static_cast<std::size_t>(p)] = 1;
            }
        }
        for (const Bye& b : rounds[r].byes) {
            check_player(players, b.player);
            Meeting m;
            m.round = static_cast<int>(r);
            m.bye = b.kind;
            m.points = half_points(b.kind);
            out[static_cast<std::size_t>(b.player)].push_back(m);
            seen[static_cast<std::size_t>(b.player)] = 1;
        }
        for (int p = 0; p < players; ++p) {
            if (seen[static_cast<std::size_t>(p)]) continue;
            Meeting m;
            m.round = static_cast<int>(r);
            out[static_cast<std::size_t>(p)].push_back(m);
        }
    }
    return out;
}

std::string half_points_text(int halves) {
    const bool negative = halves < 0;
    const int h = negative ? -halves : halves;
    std::string s = negative ? "-" : "";
    if (h / 2 > 0 || h % 2 == 0) s += std::to_string(h / 2);
    if (h % 2) s += "\u00bd";
    return s;
}

std::string quarter_points_text(int quarters) {
    const bool negative = quarters < 0;
    const int q = negative ? -quarters : quarters;
    std::string s = negative ? "-" : "";
    if (q / 4 > 0 || q % 4 == 0) s += std::to_string(q / 4);
    static const char* const kParts[] = {"", "\u00bc", "\u00bd", "\u00be"};
    s += kParts[q % 4];
    return s;
}

}  // namespace croupier::events
