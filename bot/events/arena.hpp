// An arena (Lichess's rules) for duel games: for a fixed time, a player whose game ends is
// paired again as soon as another is free. Pure: the caller says who is free now and gets
// pairs; the caller keeps the games (plain data) and gets the points from them.
// The rules as players read them: docs/games/events.md.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

#include "bot/events/standings.hpp"

namespace croupier::events {

// A player free to be paired now.
struct ArenaFree {
    int player = -1;
    int points = 0;               // arena points so far
    int last_opponent = -1;       // the opponent of their last game, or -1
    int first_balance = 0;        // games played first minus games played second
    std::int64_t free_since = 0;  // any order the caller keeps (a sequence number, a time):
                                  // with an odd number free, the latest freed waits
};

// Pairs who is free now: the most games possible, never two who just played each other
// (either one's last opponent is the other); the one freed latest waits when the number is
// odd; then points as near as possible (the least sum of differences). In each pair the one
// who played first less often plays first (ties: the one with more points). Best pair first.
std::vector<Game> arena_pair(const std::vector<ArenaFree>& free);

// One player's streak: wins in a row. Two wins in a row put a player on fire: every game
// after is worth double (a win 4, a draw 2) until a game is not won.
struct ArenaStreak {
    int wins_in_a_row = 0;
    bool on_fire() const { return wins_in_a_row >= 2; }
};

// The points one finished game gives (win 2, draw 1, loss 0, doubled on fire), and the
// streak after it.
int arena_points(ArenaStreak& streak, Outcome outcome);

struct ArenaStanding {
    int player = -1;
    int place = 0;  // players with equal points share a place
    int points = 0;
    int games = 0;
    int wins = 0;
    bool on_fire = false;  // now
};

// The standings from the games in the order they ended; games without a result (still under
// way when the time was up) count for nothing. Best first: points, then seed.
std::vector<ArenaStanding> arena_standings(int players, const std::vector<Game>& games);

}  // namespace croupier::events
