// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/spider/search_play.hpp"

namespace croupier::games::spider {

using namespace search;

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
                        int max_moves) {
    FairGame game;
    Context ctx;
    State s = initial_state(suits, deal_number, ctx);
    while (!s.won() && static_cast<int>(game.moves.size()) < max_moves) {
        const auto text = fair_move(view_of(s, suits), limits);
        if (!text) break;
        const auto m = parse_move(*text);
        if (!m || !legal(s, *m)) {
            game.illegal = true;
            break;
        }
        game.moves.push_back(*text);
        apply(s, *m, ctx);
    }
    game.won = s.won();
    return game;
}

}  // namespace croupier::games::spider
