// Results as every event keeps them, and the standings and crosstable made from them. Plain
// data, so that the caller stores it as it is: rounds of games between two players (a table
// of several is its pairs, bot/events/table_rounds.hpp) and rounds not played (byes).
// Points are counted in half-points (a win 2, a draw 1) so that every sum is exact.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace croupier::events {

// A player is an index into the event's players, in the order they joined (the seed).

enum class Result : std::uint8_t { Pending, FirstWins, Draw, SecondWins };
enum class Outcome : std::uint8_t { Win, Draw, Loss };

// One game between two players; `first` plays first. A forfeit is a result not played at
// the board (the other withdrew): it counts for the points, not as a game in the tiebreaks.
struct Game {
    int first = -1;
    int second = -1;
    Result result = Result::Pending;
    bool forfeit = false;
};

// A round without a game: Full is the pairing's bye (1 point), Half the bye of a round missed
// before a late join (1/2), Zero a round missed otherwise (0).
enum class ByeKind : std::uint8_t { Full, Half, Zero };
struct Bye {
    int player = -1;
    ByeKind kind = ByeKind::Full;
};

struct Round {
    std::vector<Game> games;
    std::vector<Bye> byes;
};

// The outcome for one of a game's players (Pending: the game is under way).
bool is_in(const Game& g, int player);
int opponent_in(const Game& g, int player);
Outcome outcome_for(const Game& g, int player);
int half_points(Outcome o);  // 2, 1, 0
int half_points(ByeKind k);  // 2, 1, 0

struct Standing {
    int player = -1;
    int place = 0;      // 1 for the first; players tied on every count share a place
    int points = 0;     // in half-points
    int buchholz = 0;   // in half-points
    int sonneborn = 0;  // Sonneborn-Berger, in quarter-points
    int played = 0;     // games played at the board
    bool withdrawn = false;
};

// Every player's points and tiebreaks over the rounds so far (a game under way counts for
// nothing yet), best first: points, then Buchholz, then Sonneborn-Berger, then the seed.
// Unplayed rounds in the tiebreaks (docs/games/events.md, "Tiebreaks"): a player's own
// rounds without a game at the board (a bye of any kind, a forfeit either way, a round after
// withdrawing) count in their Buchholz as a game against a virtual opponent with their own
// points and add nothing to their Sonneborn-Berger; an opponent's points are taken with each
// of the opponent's unplayed rounds counted as a draw.
std::vector<Standing> rank_players(int players, const std::vector<Round>& rounds,
                                   const std::vector<bool>& withdrawn);

// One entry of the crosstable: what a player had in one round against one opponent.
struct Meeting {
    int round = 0;       // 0 for the first
    int opponent = -1;   // -1: no game (bye or absent)
    bool first = false;  // the player played first
    bool forfeit = false;
    bool pending = false;         // under way
    ByeKind bye = ByeKind::Zero;  // when opponent is -1
    int points = 0;               // in half-points
};

// Per player, every meeting in round order (several a round at a table of more than two).
// A round a player has nothing in (after withdrawing) is a Zero bye.
std::vector<std::vector<Meeting>> crosstable(int players, const std::vector<Round>& rounds);

// "3", "2½", "½" for half-points; "4¾" for quarter-points.
std::string half_points_text(int halves);
std::string quarter_points_text(int quarters);

}  // namespace croupier::events
