// A Swiss tournament for duel games, as plain data a caller stores and gives back: its
// players, its rounds (games and byes, bot/events/standings.hpp). The next round's pairing is
// a function of that state alone (no clock, no chance): the same state, the same pairing.
// The rules as players read them: docs/games/events.md.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

#include "bot/events/matching.hpp"
#include "bot/events/standings.hpp"

namespace croupier::events {

struct SwissPlayer {
    bool withdrawn = false;
};

struct SwissState {
    int rounds_planned = 0;
    std::vector<SwissPlayer> players;  // by index, in the order they joined
    std::vector<Round> rounds;         // the rounds paired so far, the last maybe under way
};

// The most players a Swiss takes.
inline constexpr int kSwissMaxPlayers = 256;

// Whether every game of the last round has a result (true before the first round).
bool swiss_round_complete(const SwissState& s);

// Whether a player may join now: before the tournament, or late while fewer than half the
// planned rounds have started (3 of 5 started: too late).
bool swiss_can_join(const SwissState& s);

// Adds a player and returns their index; a late joiner gets a half-point bye (ByeKind::Half)
// in each round already started. std::logic_error when swiss_can_join is false.
int swiss_join(SwissState& s);

// Withdraws a player: never paired again; each game of theirs still under way becomes a
// forfeit won by the opponent. Their rounds after this are unplayed (0 points).
void swiss_withdraw(SwissState& s, int player);

// The next round, for the caller to append to s.rounds as it is.
struct SwissPairing {
    Round round;        // games best board first, `first` playing first; the bye (if any) in byes
    int rematches = 0;  // pairs that met before (0 whenever any pairing without one exists)
    bool second_bye = false;  // a bye to one who had one (only if nothing else pairs)
    MatchMethod method = MatchMethod::Exact;
};

// Pairs the next round: players not withdrawn, in order of points then seed; by the
// matching in matching.hpp with, from most to least important: as many games as possible; no
// second bye; no rematch; the least sum over the games of the squared difference of points
// (the bye counted as a game against the lowest points present); then who plays first, so
// that each player plays first about as often as second; then, within a score group, the top
// half against the bottom half. With an odd number the bye goes so (usually the lowest
// ranked). std::logic_error if the last round is not complete or all rounds are paired.
SwissPairing swiss_pair_next(const SwissState& s);

// The matching problem the next round is (for tests and diagnostics): the players to pair
// in rank order (vertex i is ranked[i]), the bye the last vertex when their number is odd,
// and the candidates swiss_pair_next gives match().
struct SwissProblem {
    std::vector<int> ranked;
    int vertices = 0;
    std::vector<Candidate> candidates;
};
SwissProblem swiss_problem(const SwissState& s);

// Standings with Buchholz and Sonneborn-Berger (rank_players).
std::vector<Standing> swiss_standings(const SwissState& s);

// Who played first and second so far (games at the board only).
struct SwissColours {
    int firsts = 0;
    int seconds = 0;
};
std::vector<SwissColours> swiss_colours(const SwissState& s);

}  // namespace croupier::events
