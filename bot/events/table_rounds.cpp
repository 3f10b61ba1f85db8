// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/events/table_rounds.hpp"

#include <algorithm>
#include <stdexcept>

namespace croupier::events {

std::vector<int> table_sizes(int players, int table_size) {
    if (table_size < 3) throw std::invalid_argument("tables: a table seats at least 3");
    if (players < 2) throw std::invalid_argument("tables: at least 2 players");
    const int tables = (players + table_size - 1) / table_size;
    std::vector<int> sizes(static_cast<std::size_t>(tables), players / tables);
    for (int i = 0; i < players % tables; ++i) ++sizes[static_cast<std::size_t>(i)];
    return sizes;
}

std::vector<Game> table_pairs(const TableGame& t) {
    const bool over = !t.places.empty();
    if (over && t.places.size() != t.seats.size())
        throw std::invalid_argument("tables: a place for each seat");
    std::vector<Game> out;
    for (std::size_t i = 0; i < t.seats.size(); ++i)
        for (std::size_t j = i + 1; j < t.seats.size(); ++j) {
            Game g{t.seats[i], t.seats[j], Result::Pending, false};
            if (over) {
                g.result = t.places[i] < t.places[j]   ? Result::FirstWins
                           : t.places[i] > t.places[j] ? Result::SecondWins
                                                       : Result::Draw;
            }
            out.push_back(g);
        }
    return out;
}

std::vector<Round> table_rounds_as_pairs(const TableEvent& e) {
    std::vector<Round> out;
    for (const TableRound& r : e.rounds) {
        Round round;
        for (const TableGame& t : r.tables) {
            auto pairs = table_pairs(t);
            round.games.insert(round.games.end(), pairs.begin(), pairs.end());
        }
        out.push_back(std::move(round));
    }
    return out;
}

std::vector<Standing> table_standings(const TableEvent& e) {
    return rank_players(static_cast<int>(e.withdrawn.size()), table_rounds_as_pairs(e),
                        e.withdrawn);
}

TableRound seat_next_round(const TableEvent& e) {
    if (static_cast<int>(e.rounds.size()) >= e.rounds_planned)
        throw std::logic_error("tables: every round is seated");
    if (!e.rounds.empty())
        for (const TableGame& t : e.rounds.back().tables)
            if (t.places.empty()) throw std::logic_error("tables: the last round is not over");
    const int players = static_cast<int>(e.withdrawn.size());
    std::vector<int> firsts(static_cast<std::size_t>(players), 0);
    for (const TableRound& r : e.rounds)
        for (const TableGame& t : r.tables)
            if (!t.seats.empty()) {
                const int p = t.seats.front();
                if (p < 0 || p >= players)
                    throw std::invalid_argument("tables: a seat out of range");
                ++firsts[static_cast<std::size_t>(p)];
            }
    std::vector<int> ranked;
    for (const Standing& s : table_standings(e))
        if (!s.withdrawn) ranked.push_back(s.player);
    std::vector<int> rank_of(static_cast<std::size_t>(players), 0);
    for (std::size_t i = 0; i < ranked.size(); ++i)
        rank_of[static_cast<std::size_t>(ranked[i])] = static_cast<int>(i);
    TableRound round;
    std::size_t next = 0;
    for (int size : table_sizes(static_cast<int>(ranked.size()), e.table_size)) {
        TableGame t;
        t.seats.assign(ranked.begin() + static_cast<std::ptrdiff_t>(next),
                       ranked.begin() + static_cast<std::ptrdiff_t>(next) + size);
        next += static_cast<std::size_t>(size);
        std::stable_sort(t.seats.begin(), t.seats.end(), [&](int a, int b) {
            const int fa = firsts[static_cast<std::size_t>(a)],
                      fb = firsts[static_cast<std::size_t>(b)];
            if (fa != fb) return fa < fb;
            return rank_of[static_cast<std::size_t>(a)] < rank_of[static_cast<std::size_t>(b)];
        });
        round.tables.push_back(std::move(t));
    }
    return round;
}

}  // namespace croupier::events
