// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/spider/search_play.hpp"

#include <unordered_set>

namespace croupier::games::spider {

using namespace search;

namespace {

// The whole position, piles in order (state_hash() ignores their order once the stock is
// gone, which is right for a search but not for what the player sees).
std::uint64_t position_key(const State& s) {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL * (1 + s.deals_left * 16 + s.done);
    for (int p = 0; p < kPiles; ++p) {
        h ^= s.phash[p] + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        h *= 0xbf58476d1ce4e5b9ULL;
    }
    return h;
}

}  // namespace

View view_of(const State& s, int suits) {
    View v;
    v.suits = suits;
    for (int p = 0; p < kPiles; ++p) {
        const auto pi = static_cast<std::size_t>(p);
        v.face_down[pi] = s.down[p];
        for (int i = s.down[p]; i < s.len[p]; ++i) v.face_up[pi].push_back(to_card(s.cards[p][i]));
    }
    v.stock_deals_left = s.deals_left;
    v.completed_runs = s.done;
    return v;
}

FairGame play_fair_game(int suits, std::uint64_t deal_number, const FairLimits& limits,
                        int max_moves, const FairPlanner* planner) {
    FairGame game;
    Context ctx;
    State s = initial_state(suits, deal_number, ctx);
    // The player is deterministic and sees a function of the position: once a position
    // comes back, the game goes round that cycle for ever, and is lost.
    std::unordered_set<std::uint64_t> seen;
    // It follows each plan it makes to its end: the card it turns over (a macro move may
    // still stack back runs parked on empty piles after it), or the deal. Deciding afresh
    // along the way would see nothing new.
    bool over = false;
    while (!over && !s.won() && static_cast<int>(game.moves.size()) < max_moves) {
        // Positions where it decides: once one comes back, it goes round for ever.
        if (!seen.insert(position_key(s)).second) break;
        const View view = view_of(s, suits);
        const std::vector<std::string> plan =
            planner ? (*planner)(view, limits) : fair_plan(view, limits);
        if (plan.empty()) break;
        for (const std::string& text : plan) {
            const auto m = parse_move(text);
            if (!m || !legal(s, *m)) {
                game.illegal = true;
                over = true;
                break;
            }
            game.moves.push_back(text);
            apply(s, *m, ctx);
            if (s.won() || static_cast<int>(game.moves.size()) >= max_moves) break;
        }
    }
    game.won = s.won();
    return game;
}

}  // namespace croupier::games::spider
