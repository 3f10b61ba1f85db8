// The computer player of Spider: Encounters: the enemy's side, and the party's in the
// balance bench. Like the fair Spider player it sees only what its side sees (face-down
// cards are unknown to it, the stock is unknown) and plans in that world: a best-first
// search over the moves whose outcome it knows, a line ending where a card turns over.
// Pure: no I/O, no clock, no randomness.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "games/encounters/board.hpp"
#include "games/encounters/encounter.hpp"

namespace croupier::games::encounters {

struct PlayerLimits {
    std::size_t max_nodes = 600;  // positions searched a decision
};

// Its action on this side's board: "move F T N", "deal", "redeal" (when `may_redeal` and
// nothing useful is left with the stock gone), or "pass". `avoid`: a move it must not make
// first (one it has just taken back).
std::string computer_action(const Board& b, bool may_redeal, const PlayerLimits& limits = {},
                            const std::string& avoid = "");

// Whether it sees a line worth playing (a card to turn over, a run to clear, a pile to
// empty); false when only a deal, a re-deal or a pass is left.
bool sees_progress(const Board& b, const PlayerLimits& limits = {});

// Its value of a position as the side sees it (higher is better): runs cleared count most,
// then empty piles, sequences of one character, and face-down cards against.
std::int64_t position_value(const Board& b);

// What a computer player keeps between its turns: the rest of the line it planned and the
// position it expects to find (a line is dropped when the board is elsewhere). Empty after
// a restart: it plans again from where the game stands. The positions its game has stood
// in, which it never plans a way back to, are the encounter's (Encounter::visited).
struct PlayerMemory {
    std::vector<std::string> plan;
    std::uint64_t expect = 0;
    bool dealing = false;  // filling empty piles to deal: deal as soon as it may
};

// The enemy's ability on its turn in `e`, "" when it uses none (encounters of the first
// rules have none): at most one a turn, when its focus pays for it and it is of use:
// Scurry when it sees no line worth playing (the pile with the fewest face-down cards),
// Frenzy when it sees one, Cutpurse when the party has 2 focus or more, Dark rite on the
// first unconscious enemy (in the order drawn). From the encounter's state alone, which a
// restart rebuilds from the journal.
std::string enemy_ability_action(const Encounter& e, const PlayerLimits& limits = {});

// The enemy's action on its turn in `e`: its ability when it uses one, else a move, a
// deal, a re-deal or a pass, from its own game only.
std::string enemy_action(const Encounter& e, PlayerMemory& memory, const PlayerLimits& limits = {});

// What the party's computer player remembers between its actions (the bench's player;
// a hint's). Starts empty for each encounter.
struct PartyMemory {
    long long turn_key = -1;  // the turn the flags below are about
    bool hasted = false, peeked = false;
    std::size_t scried_at = 0;  // stock size when it last scried (0: never)
    PlayerMemory lines;
};

// The party's action on its turn, abilities included: Rally an unconscious member, Haste
// when it sees a line worth two moves, Scry once a deal, Peek when stuck, Foresight in
// place of a re-deal. Never Second thoughts: taking a move back returns to a position the
// game has stood in, and no action it chooses leads back to one (Encounter::visited).
// Updates `m`.
std::string party_action(const Encounter& e, PartyMemory& m, const PlayerLimits& limits = {});

}  // namespace croupier::games::encounters
