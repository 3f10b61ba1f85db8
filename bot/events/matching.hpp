// The pairing engine under every event's pairing (bot/events/): among the allowed pairs of a
// set of players (vertices), the most pairs possible, then no pair of a worse tier than that
// number needs (tier 0: a clean pair; higher: a rematch, a second bye...), then the least
// total cost. Pure and deterministic: the same candidates give the same pairs.
//
// Boost 1.74's maximum_weighted_matching (Debian 12) crashes and loops forever on inputs of
// this shape (docs/ARCHITECTURE.md, "Events: pairing"), so it is called only on a Boost that
// carries its rewrite; everywhere the tiers are settled by Boost's Edmonds maximum
// cardinality matching (checked against its Tutte-Berge verifier), the cost by an exact search
// over subsets up to kExactVertices vertices, and above that by pairing in rank order with a
// cardinality check before each pair is fixed, then exchanging pairs while it lowers the cost.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace croupier::events {

// One pair the pairing may choose: vertices a and b, its tier (0 best) and cost (>= 0, lower
// better). A pair absent from the list is never chosen. The objective, in order: the most
// pairs; no pair above the lowest tier that allows that many; the least sum of the pairs'
// tiers; the least sum of their costs.
struct Candidate {
    int a = 0;
    int b = 0;
    int tier = 0;
    std::int64_t cost = 0;
};

enum class MatchMethod : std::uint8_t { Exact, Boost, RankOrder };
std::string_view method_name(MatchMethod m);

struct Matching {
    std::vector<int> mate;  // mate[v], or -1: v is left out
    int pairs = 0;
    int worst_tier = 0;           // the worst tier the pairs use
    std::int64_t total_cost = 0;  // sum over the pairs of tier * tier_step + cost
    MatchMethod method = MatchMethod::Exact;
};

// Vertices up to this many are paired by the exact search.
inline constexpr int kExactVertices = 18;
// The most vertices a pairing takes (std::invalid_argument above).
inline constexpr int kMaxVertices = 1024;
// The most a candidate's cost may be (std::invalid_argument above).
inline constexpr std::int64_t kMaxCost = std::int64_t{1} << 32;

// The best matching as above. Vertices are numbered 0..vertices-1; with equal choices the
// lower numbers (the caller's better ranked) are served first.
Matching match(int vertices, const std::vector<Candidate>& candidates);

// The same objective, forcing one method (for tests: the rank-order pairing against the
// exact one). Exact needs vertices <= 24; Boost falls back to RankOrder where it is not used.
Matching match_with(MatchMethod method, int vertices, const std::vector<Candidate>& candidates);

// The most pairs any matching of these candidates has (Boost's Edmonds matching).
int max_pairs(int vertices, const std::vector<Candidate>& candidates, int max_tier);

}  // namespace croupier::events
