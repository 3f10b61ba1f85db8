// The Spider certifier: sees every card, proves a deal winnable (or says "unknown").
// Moves are canonical command texts: "move F T N" (piles 1..10, N cards) or "deal".
// Completed runs go to the foundation by themselves, so they are not moves.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/spider/search_state.hpp"

namespace croupier::games::spider {

// The search is deterministic in max_nodes (positions expanded): that is the real budget.
// `seconds` is only a safety cap, measured with std::chrono::steady_clock inside certify()
// -- the one place a game reads a clock -- so a slow machine cannot hang a caller; when it
// strikes, the answer is Unknown. max_memory_mb caps the solver's own allocations
// (reported as peak_bytes).
struct SolverLimits {
    double seconds = 5.0;               // wall-clock safety cap (steady_clock, see above)
    std::size_t max_nodes = 4'000'000;  // deterministic budget: the real limit in tests/bench
    std::size_t max_memory_mb = 100;
};

struct CertifyResult {
    enum class Verdict { Winnable, Unknown } verdict = Verdict::Unknown;
    std::vector<std::string> moves;  // when Winnable: a winning line from the deal
    std::size_t nodes = 0;           // positions expanded
    std::size_t peak_bytes = 0;      // the solver's own peak allocation
};

CertifyResult certify(int suits, std::uint64_t deal_number, const SolverLimits& limits);

// The same search from a position of a game in progress, every card known (the stock in
// `ctx.stock`): a winning line of single moves, each checked legal and the last winning,
// or nullopt (not proved within `limits`). `nodes`: the positions it expanded. For tools
// that ask where a game was still winnable (tests/tools/spider_fairlab --analyse).
std::optional<std::vector<search::Move>> certify_position(const search::State& position,
                                                          const search::Context& ctx,
                                                          const SolverLimits& limits,
                                                          std::size_t* nodes = nullptr);

}  // namespace croupier::games::spider
