// SPDX-License-Identifier: GPL-3.0-or-later
//
// The certifier: beam search over positions (every card known) ordered by a heuristic
// evaluation (completed runs, face-down cards, breaks in the face-up cards, empty piles,
// deals made), with a transposition table and restarts at growing beam widths. The budget
// is deterministic (positions expanded); the wall clock is only a safety cap.
#include "games/spider/solver.hpp"

#include <algorithm>
#include <chrono>

#include "games/spider/search_state.hpp"

namespace croupier::games::spider {

namespace {

using namespace search;

// One position the search deals from (or starts a stage with), and the line leading to it.
struct Entry {
    State state;
    std::vector<Move> line;
    std::int64_t eval = 0;
};

struct Search {
    Context ctx;
    std::size_t node_budget = 0;
    std::size_t nodes = 0;
    std::size_t peak = 0;
    std::size_t mem_cap = 0;
    bool out_of_budget = false;
    std::size_t final_mult = 1, fanout = 4;  // a start offers width × fanout deal positions
    bool coarse = true;
    std::chrono::steady_clock::time_point deadline;
    HashSet seen;
    std::vector<Gen> gens;
    std::vector<Expanded> expanded;
    std::vector<Move> moves;
    std::vector<std::pair<std::int64_t, std::uint32_t>> open;  // heap: best eval first

    std::size_t bytes(std::size_t extra) const {
        return seen.bytes() + gens.capacity() * sizeof(Gen) +
               expanded.capacity() * sizeof(Expanded) + open.capacity() * sizeof(open[0]) + extra;
    }

    std::vector<Move> path_to(std::uint32_t i) const {
        std::vector<Move> out;
        for (; gens[i].parent != UINT32_MAX; i = expanded[gens[i].parent].gen)
            out.push_back(gens[i].move);
        std::reverse(out.begin(), out.end());
        return out;
    }

    bool check_limits(std::size_t extra) {
        peak = std::max(peak, bytes(extra));
        if (nodes >= node_budget || bytes(extra) > mem_cap ||
            ((nodes & 1023) == 0 && std::chrono::steady_clock::now() > deadline))
            out_of_budget = true;
        return out_of_budget;
    }

    // Best-first search from `start` over tableau moves (no deals), at most `budget`
    // expansions. A win returns its line in `won`. Otherwise the positions found that can
    // deal are offered as (evaluation after the deal, line) in `deals`.
    void stage_search(const Entry& start, std::size_t budget, std::size_t keep,
                      std::optional<std::vector<Move>>& won, std::vector<Entry>& deals,
                      std::size_t extra) {
        seen.clear(1 << 12);
        gens.clear();
        expanded.clear();
        open.clear();
        gens.push_back(Gen{UINT32_MAX, Move{}});
        seen.insert(state_hash(start.state));
        open.emplace_back(evaluate(start.state, ctx), 0);
        auto cmp = [](const auto& a, const auto& b) {
            return a.first != b.first ? a.first < b.first : a.second > b.second;
        };
        while (!open.empty() && expanded.size() < budget) {
            if (check_limits(extra)) return;
            std::pop_heap(open.begin(), open.end(), cmp);
            const std::uint32_t g = open.back().second;
            open.pop_back();
            if (g == 0) {
                expanded.push_back(Expanded{start.state, 0});
            } else {
                expanded.push_back(Expanded{expanded[gens[g].parent].state, g});
                apply(expanded.back().state, gens[g].move, ctx);
            }
            const std::uint32_t i = static_cast<std::uint32_t>(expanded.size() - 1);
            ++nodes;
            moves.clear();
            generate_moves(expanded[i].state, ctx, moves);
            for (const Move& m : moves) {
                if (m.is_deal()) continue;
                State child = expanded[i].state;
                apply(child, m, ctx);
                if (child.won()) {
                    std::vector<Move> line = start.line;
                    for (const Move& x : path_to(g)) line.push_back(x);
                    line.push_back(m);
                    won = std::move(line);
                    return;
                }
                if (!seen.insert(state_hash(child))) continue;
                gens.push_back(Gen{i, m});
                open.emplace_back(evaluate(child, ctx),
                                  static_cast<std::uint32_t>(gens.size() - 1));
                std::push_heap(open.begin(), open.end(), cmp);
            }
        }
        if (start.state.deals_left == 0) return;
        // The best positions to deal from, judged after the deal (the certifier knows it).
        std::vector<std::pair<std::int64_t, std::uint32_t>> ranked;
        for (std::uint32_t i = 0; i < expanded.size(); ++i) {
            if (!legal(expanded[i].state, Move::deal())) continue;
            State d = expanded[i].state;
            apply(d, Move::deal(), ctx);
            ranked.emplace_back(evaluate(d, ctx), i);
        }
        const std::size_t n = std::min(keep, ranked.size());
        std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(n),
                          ranked.end(), [](const auto& a, const auto& b) {
                              return a.first != b.first ? a.first > b.first : a.second < b.second;
                          });
        for (std::size_t k = 0; k < n; ++k) {
            Entry e;
            e.state = expanded[ranked[k].second].state;
            apply(e.state, Move::deal(), ctx);
            e.eval = ranked[k].first;
            e.line = start.line;
            for (const Move& x : path_to(expanded[ranked[k].second].gen)) e.line.push_back(x);
            e.line.push_back(Move::deal());
            deals.push_back(std::move(e));
        }
    }

    // A beam over deals: `width` positions per stock level, `budget` expansions each.
    std::optional<std::vector<Move>> run(const State& root, std::size_t width, std::size_t budget) {
        std::vector<Entry> level(1);
        level[0].state = root;
        while (!level.empty()) {
            std::vector<Entry> next;
            std::size_t extra = 0;
            for (const Entry& e : level) extra += sizeof(Entry) + e.line.capacity() * sizeof(Move);
            for (const Entry& e : level) {
                std::optional<std::vector<Move>> won;
                const std::size_t b = e.state.deals_left == 0 ? budget * final_mult : budget;
                stage_search(e, b, width * fanout, won, next, extra);
                if (won) return won;
                if (out_of_budget) return std::nullopt;
            }
            // Keep the best `width` distinct positions.
            std::stable_sort(next.begin(), next.end(),
                             [](const Entry& a, const Entry& b) { return a.eval > b.eval; });
            level.clear();
            HashSet distinct;
            distinct.clear(1024);
            for (Entry& e : next) {
                if (level.size() >= width) break;
                if (distinct.insert(
                        coarse ? static_cast<std::uint64_t>(e.eval) * 0x9e3779b97f4a7c15ULL + 1
                               : state_hash(e.state)))
                    level.push_back(std::move(e));
            }
        }
        return std::nullopt;
    }
};

// The certifier's restarts from `root` (every card known, the stock in `base.stock`): a
// winning line of single moves, replayed with the rules, or nullopt.
std::optional<std::vector<Move>> prove(const State& root, const Context& base,
                                       const SolverLimits& limits, std::size_t& nodes,
                                       std::size_t& peak) {
    Search s;
    s.ctx = base;
    s.ctx.macros = true;
    // Moving a run from one off-suit card to another looks idle but frees the card under
    // it; the certifier keeps those moves (measured: clearly more 4-suit wins).
    s.ctx.prune_lateral = false;
    s.node_budget = limits.max_nodes;
    s.mem_cap = limits.max_memory_mb * 1024 * 1024;
    s.deadline = std::chrono::steady_clock::now() +
                 std::chrono::microseconds(static_cast<std::int64_t>(limits.seconds * 1e6));
    // The last, widest beam (issue 47): at 4,000,000 positions three of the eight held-out
    // 4-suit deals left unproved (1001..1200) had run through every width before the budget
    // was spent; with it and 5,000,000 positions, 97.5 % of those deals are proved.
    static constexpr std::pair<std::size_t, std::size_t> kSchedule[] = {
        {1, 1000}, {3, 3000}, {6, 6000}, {10, 12000}, {20, 24000}, {40, 48000}, {80, 96000}};
    // Restarts alternate between two evaluations: the shared one, and one that prizes empty
    // piles more (+80), punishes out-of-sequence pairs harder (-40) and face-down cards a
    // little less (-15). The two beams fail on different deals. Measured at 1,000,000 nodes,
    // 4 suits, deals 1..200 / 201..400 (the second set not used for tuning): the shared
    // evaluation alone (fanout 2) 88.0 % / 89.0 %; alternating, fanout 2: 92.5 % / 89.0 %;
    // alternating, fanout 4: 94.5 % / 91.0 %.
    Weights empties_first = s.ctx.w;
    empties_first.empty = 80;
    empties_first.brk = -40;
    empties_first.down = -15;
    const Weights weights[2] = {s.ctx.w, empties_first};
    std::size_t restart = 0;
    std::optional<std::vector<Move>> proof;
    for (const auto& [width, budget] : kSchedule) {
        s.ctx.w = weights[restart++ % 2];
        State start = root;
        refresh_all(start, s.ctx);
        auto line = s.run(start, width, budget);
        if (line) {
            // Macro moves become legal single moves, replayed from the root; the line is
            // only claimed when every move is legal and it ends in a win.
            State st = root;
            refresh_all(st, s.ctx);
            std::vector<Move> singles;
            bool ok = true;
            for (const Move& m : *line) {
                const std::vector<Move> single = expand_macro(st, m);
                ok = ok && !single.empty();
                for (const Move& x : single) {
                    ok = ok && legal(st, x);
                    if (!ok) break;
                    singles.push_back(x);
                    apply(st, x, s.ctx);
                }
                if (!ok) break;
            }
            if (ok && st.won()) proof = std::move(singles);
            break;
        }
        if (s.out_of_budget) break;
    }
    nodes = s.nodes;
    peak = s.peak;
    return proof;
}

}  // namespace

CertifyResult certify(int suits, std::uint64_t deal_number, const SolverLimits& limits) {
    CertifyResult result;
    Context ctx;
    const State root = initial_state(suits, deal_number, ctx);
    if (auto proof = prove(root, ctx, limits, result.nodes, result.peak_bytes)) {
        result.verdict = CertifyResult::Verdict::Winnable;
        for (const Move& m : *proof) result.moves.push_back(move_text(m));
    }
    return result;
}

std::optional<std::vector<search::Move>> certify_position(const search::State& position,
                                                          const search::Context& ctx,
                                                          const SolverLimits& limits,
                                                          std::size_t* nodes) {
    std::size_t n = 0, peak = 0;
    auto proof = prove(position, ctx, limits, n, peak);
    if (nodes) *nodes = n;
    return proof;
}

}  // namespace croupier::games::spider
