// The fair Spider player: sees only what a human sees (View), never a face-down card.
// Behind `hint`, and later the enemy of Spider: Encounters.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/spider/search_state.hpp"
#include "games/spider/view.hpp"

namespace croupier::games::spider {

// The largest budget a decision may have (about 700 bytes a position expanded).
inline constexpr std::size_t kMaxNodes = 400'000;

// The memory a thread's searches keep from one decision to the next (issue 45): a decision
// that leaves them holding more gives it all back (FairLimits::keep_bytes). None by default:
// since each search reserves exactly its budget, allocating afresh costs no measurable CPU
// (docs/PERFORMANCE.md), and a daemon's worker kept up to 24 MB for its whole life.
inline constexpr std::size_t kScratchKeepBytes = 0;

// The fair player's evaluation: the search's weights and three constants of its own.
struct FairWeights {
    search::Weights w;
    // A card turned over counts this much on top of its (expected) value.
    int reveal_bonus = 0;
    // A card turned over is taken unless it leaves the position this much worse than the best
    // position to deal from.
    int deal_cost = 0;
    // The search for a position to deal from, with empty piles in the way: each empty pile
    // counts this much against.
    int fill_empty = 0;
};

// The player's own weights (fair.cpp says where they came from).
FairWeights fair_weights();

struct FairLimits {
    // The decision's budget in positions expanded (deterministic; capped at kMaxNodes), all
    // its searches together (issue 47): three fifths for the search over the moves in view,
    // up to three tenths for the search that fills empty piles before a deal, the rest for
    // the searches after each card that may turn up. The default is what `hint` uses and
    // what the bench measures: about 0.1 s of one core (docs/PERFORMANCE.md, Fair player).
    // 15,000 since issue 47's p99 of 150 ms: at 18,000 a 4-suit decision's p99 was 164 ms
    // on one core of the 2-core machine (deals 1..200), at 15,000 120 ms, winning 60 of
    // those deals against 62 and 61 of 1001..1200 against 64 (within noise: the curve is
    // flat from 12,000 to 50,000).
    std::size_t max_nodes = 15'000;
    // The best few lines that turn a card over are valued by their expectation over the
    // card that may turn up: each possible card, a search of at least this many positions
    // (more when the budget has positions left).
    std::size_t reveal_leaves = 6;
    std::size_t inner_nodes = 40;
    // At 4 suits (issue 31): a card that turns up matters through its suit as well as its
    // rank, and larger searches after it paid (docs/PERFORMANCE.md, Fair player).
    std::size_t inner_nodes_4suits = 40;
    // For the laboratory (tests/tools/spider_fairlab): an empty pile's weight in the
    // evaluation instead of the player's own; 0 keeps it.
    int empty_weight = 0;
    // For the laboratory (issue 47, fourth session): the evaluation's weights instead of
    // fair_weights() (spider_fairlab --weight NAME=VALUE); empty_weight still applies on top.
    std::optional<FairWeights> weights;
    // For the laboratory: a vote of three decision rules (fair_plan).
    bool vote = false;
    // For the laboratory (issue 47, third session): the lines that turn a card over ranked
    // by a full-knowledge search in this many sampled worlds of the unseen cards (0: off),
    // each search at least world_min positions or none is made. Not kept: at 4 suits the best
    // variant won 58 of deals 1..200 against the player's 62 (docs/PERFORMANCE.md).
    std::size_t worlds = 0;
    std::size_t world_min = 30;
    // The worlds vote (each for its best line) instead of averaging their values.
    bool world_vote = false;
    // In a world, only this many face-down cards of each pile (the top ones) are known; a
    // line ends where an unknown one turns. 0: all known.
    std::size_t world_depth = 0;
    // The search memory the thread keeps after this decision, at most (bytes of capacity);
    // past it, all of it is given back (and allocated again by the next decision).
    std::size_t keep_bytes = kScratchKeepBytes;
    // Positions the game has stood in (position_key of each): no line it plans passes
    // through one, so a hint never leads back where the player has been. nullptr: none.
    const std::vector<std::uint64_t>* avoid = nullptr;
};

// The moves and weights the fair player searches with at `suits` suits (for tools that
// search as it does while seeing every card: tests/tools/spider_fairlab --seeing).
search::Context fair_context(int suits);

// The memory this thread's searches keep between decisions now (bytes of capacity).
std::size_t fair_scratch_bytes();

// A position as the fair player sees it, as a number: equal for equal views.
std::uint64_t position_key(const View& view);

// The move it would make: "move F T N" (piles 1..10) or "deal"; nullopt when it sees no
// move worth making (the game is lost for it).
std::optional<std::string> fair_move(const View& view, const FairLimits& limits = {});

// The whole line it plans from this position, legal single moves in order: up to the move
// that turns a card over, or ending with "deal", or to the best position it can reach.
// Empty when it sees nothing worth doing. Its first move is fair_move()'s.
std::vector<std::string> fair_plan(const View& view, const FairLimits& limits = {});

}  // namespace croupier::games::spider
