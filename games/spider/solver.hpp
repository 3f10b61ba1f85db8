// The Spider certifier: sees every card, proves a deal winnable (or says "unknown").
// Moves are canonical command texts: "move F T N" (piles 1..10, N cards) or "deal".
// Completed runs go to the foundation by themselves, so they are not moves.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace croupier::games::spider {

struct SolverLimits {
    double seconds = 5.0;               // wall budget (measured by the caller's clock source)
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

}  // namespace croupier::games::spider
