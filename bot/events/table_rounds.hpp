// Rounds of tables for an open-table game (more than two at a table): each round seats the
// players at tables of at most table_size by standing (the top players together), and a
// table's finishing places give points as if each player had played each other at the table:
// 1 point for each player finished behind, 1/2 for each tied (so, without ties, the players at
// the table minus the place: 4, 3, 2, 1, 0 at a table of five). Plain data; the rules as
// players read them: docs/games/events.md.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

#include "bot/events/standings.hpp"

namespace croupier::events {

inline constexpr int kDefaultTableSize = 5;

// One table: the players in seat order (the first seat plays first) and, once the game is
// over, each seat's place (1 for the first; equal places for a tie); empty while under way.
struct TableGame {
    std::vector<int> seats;
    std::vector<int> places;
};

struct TableRound {
    std::vector<TableGame> tables;
};

struct TableEvent {
    int table_size = kDefaultTableSize;
    int rounds_planned = 0;
    std::vector<bool> withdrawn;     // by player index; its size is the number of players
    std::vector<TableRound> rounds;  // seated so far, the last maybe under way
};

// The sizes of the tables for this many players: as few tables as the size allows, their
// sizes as even as possible, bigger tables first (7 at 5: 4 and 3; 11 at 5: 4, 4 and 3).
// std::invalid_argument if players < 2 or table_size < 3.
std::vector<int> table_sizes(int players, int table_size);

// The next round: the players not withdrawn, ranked by the standings (by seed before the
// first round), filled table by table in that order. At each table the one who sat first
// least often sits first, then by standing. std::logic_error if the last round is not over or
// every round is seated.
TableRound seat_next_round(const TableEvent& e);

// A table's result as games between each two of its players (for the standings and the
// crosstable); a table under way gives pending games.
std::vector<Game> table_pairs(const TableGame& t);

// Every round as games between two (table_pairs), for rank_players and crosstable.
std::vector<Round> table_rounds_as_pairs(const TableEvent& e);

// Standings: points, Buchholz and Sonneborn-Berger over the pairs at each table.
std::vector<Standing> table_standings(const TableEvent& e);

}  // namespace croupier::events
