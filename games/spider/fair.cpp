// SPDX-License-Identifier: GPL-3.0-or-later
//
// The fair player plans in the world it can see. Face-down cards are unknown (kUnknown),
// the stock is unknown. From the position in view it searches best-first over the moves
// whose outcome it knows; a move that turns a face-down card over ends a line there (what
// comes next is unknown). Its options are then:
//   - turn a card over (the position reached, valued by the evaluation plus a bonus), or
//   - deal from any position reached that has no empty pile (while the stock lasts), or
//   - with the stock gone, simply reach the best position it can.
// It goes for the best option and returns the first move of the line to it. Because the
// options are the same from every position along that line, the next call continues it.
#include "games/spider/fair.hpp"

#include <algorithm>

#include "games/spider/search_state.hpp"

namespace croupier::games::spider {

namespace {

using namespace search;

// A card turned over is worth this on top of the evaluation.
constexpr int kRevealBonus = 12;
// Dealing covers every pile with an unknown card: the price of dealing from a position.
constexpr int kDealCost = 80;

class HashSet {
  public:
    explicit HashSet(std::size_t cap) : slots_(cap, 0) {}
    bool insert(std::uint64_t h) {
        if (h == 0) h = 1;
        if ((size_ + 1) * 2 > slots_.size()) grow();
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = h & mask;; i = (i + 1) & mask) {
            if (slots_[i] == h) return false;
            if (slots_[i] == 0) {
                slots_[i] = h;
                ++size_;
                return true;
            }
        }
    }

  private:
    void grow() {
        std::vector<std::uint64_t> old;
        old.swap(slots_);
        slots_.assign(old.size() * 2, 0);
        size_ = 0;
        for (std::uint64_t h : old)
            if (h != 0) insert(h);
    }
    std::vector<std::uint64_t> slots_;
    std::size_t size_ = 0;
};

// A position reached: the expanded position it came from and the move. Only expanded
// positions keep their State.
struct Gen {
    std::uint32_t parent;  // index in `expanded`; UINT32_MAX for the root
    Move move;
};
struct Expanded {
    State state;
    std::uint32_t gen;
};

struct Decision {
    enum class Kind { None, Deal, Move } kind = Kind::None;
    Move first;                      // the first (possibly macro) move of the chosen line
    std::optional<Move> reveal;      // the first move towards the best card to turn over
    bool can_deal = false;           // some position reached can deal: deal_first leads there
    std::optional<Move> deal_first;  // empty when that position is the root itself
};

Decision decide(const State& root, const Context& ctx, std::size_t budget) {
    const bool stock = root.deals_left > 0;
    std::vector<Gen> gens{Gen{UINT32_MAX, Move{}}};
    std::vector<Expanded> expanded;
    HashSet seen(1 << 12);
    seen.insert(state_hash(root));
    std::vector<std::pair<std::int64_t, std::uint32_t>> open{{evaluate(root, ctx), 0}};
    auto cmp = [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first < b.first : a.second > b.second;
    };
    // The best option: value, position, and whether it is a deal from that position.
    std::int64_t best_value = INT64_MIN;
    std::uint32_t best = 0;
    bool best_is_deal = false;
    std::int64_t best_reveal_value = INT64_MIN;
    std::uint32_t best_reveal = UINT32_MAX;
    std::int64_t best_deal_value = INT64_MIN;
    std::uint32_t best_deal = UINT32_MAX;
    auto offer = [&](std::int64_t v, std::uint32_t g, bool deal) {
        if (deal && v > best_deal_value) {
            best_deal_value = v;
            best_deal = g;
        }
        if (v > best_value) {
            best_value = v;
            best = g;
            best_is_deal = deal;
        }
    };
    auto consider = [&](const State& st, std::uint32_t g, bool terminal) {
        const std::int64_t e = evaluate(st, ctx);
        if (st.won()) {
            offer(INT64_MAX / 2, g, false);
        } else if (terminal) {
            offer(e + kRevealBonus, g, false);
            if (e + kRevealBonus > best_reveal_value) {
                best_reveal_value = e + kRevealBonus;
                best_reveal = g;
            }
        } else if (!stock) {
            offer(e, g, false);
        } else if (st.empties() == 0) {
            offer(e - kDealCost, g, true);
        }
        return e;
    };
    consider(root, 0, false);
    std::vector<Move> moves;
    while (!open.empty() && expanded.size() < budget) {
        std::pop_heap(open.begin(), open.end(), cmp);
        const std::uint32_t g = open.back().second;
        open.pop_back();
        if (g == 0) {
            expanded.push_back(Expanded{root, 0});
        } else {
            expanded.push_back(Expanded{expanded[gens[g].parent].state, g});
            apply(expanded.back().state, gens[g].move, ctx);
        }
        const auto i = static_cast<std::uint32_t>(expanded.size() - 1);
        moves.clear();
        generate_moves(expanded[i].state, ctx, moves);
        for (const Move& m : moves) {
            if (m.is_deal()) continue;
            State child = expanded[i].state;
            const bool turned = apply(child, m, ctx);
            if (!seen.insert(state_hash(child))) continue;
            const bool terminal = turned || child.won();
            gens.push_back(Gen{i, m});
            const auto k = static_cast<std::uint32_t>(gens.size() - 1);
            const std::int64_t e = consider(child, k, terminal);
            if (!terminal) {
                open.emplace_back(e, k);
                std::push_heap(open.begin(), open.end(), cmp);
            }
        }
    }
    Decision d;
    auto first_of = [&](std::uint32_t g) {
        while (gens[g].parent != 0) g = expanded[gens[g].parent].gen;
        return gens[g].move;
    };
    if (best_reveal != UINT32_MAX) d.reveal = first_of(best_reveal);
    if (best_deal != UINT32_MAX) {
        d.can_deal = true;
        if (best_deal != 0) d.deal_first = first_of(best_deal);
    }
    if (best_value == INT64_MIN) return d;  // stock left, yet no way to deal
    if (best == 0) {
        if (best_is_deal) {
            d.kind = Decision::Kind::Deal;
            return d;
        }
        // Nothing better to reach with the stock gone: turn a card over if one can be.
        if (best_reveal == UINT32_MAX) return d;
        best = best_reveal;
    }
    d.kind = Decision::Kind::Move;
    d.first = first_of(best);
    return d;
}

// With the stock left but an empty pile in the way of dealing, and no search finding a way
// to fill it: split the longest face-up stack onto an empty pile, its top card first.
std::optional<std::string> fill_to_deal(const State& root) {
    if (root.deals_left == 0 || root.empties() == 0) return std::nullopt;
    int to = -1, from = -1, most = 1;
    for (int p = 0; p < kPiles; ++p) {
        if (root.len[p] == 0 && to < 0) to = p;
        const int up = root.len[p] - root.down[p];
        if (up > most) {
            most = up;
            from = p;
        }
    }
    if (from < 0) return std::nullopt;
    return move_text(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), 1});
}

}  // namespace

std::optional<std::string> fair_move(const View& view, const FairLimits& limits) {
    Context ctx;
    ctx.macros = true;
    State root;
    for (int p = 0; p < kPiles; ++p) {
        const int D = std::clamp(view.face_down[static_cast<std::size_t>(p)], 0, kCap);
        const auto& up = view.face_up[static_cast<std::size_t>(p)];
        if (D + static_cast<int>(up.size()) > kCap) return std::nullopt;
        int L = 0;
        for (int i = 0; i < D; ++i) root.cards[p][L++] = kUnknown;
        for (const Card& c : up) root.cards[p][L++] = to_byte(c);
        root.len[p] = static_cast<std::uint8_t>(L);
        root.down[p] = static_cast<std::uint8_t>(D);
    }
    root.deals_left = static_cast<std::uint8_t>(std::clamp(view.stock_deals_left, 0, kDeals));
    root.done = static_cast<std::uint8_t>(std::clamp(view.completed_runs, 0, 8));
    if (root.won()) return std::nullopt;
    refresh_all(root, ctx);

    // At most 50,000 positions are expanded whatever the limit says: about 40 MB.
    const std::size_t budget = std::clamp<std::size_t>(limits.max_nodes, 1, 50'000);
    const Decision d = decide(root, ctx, budget);
    if (d.kind == Decision::Kind::None) return fill_to_deal(root);
    if (d.kind == Decision::Kind::Deal) return std::string("deal");
    const std::vector<Move> line = expand_macro(root, d.first);
    if (line.empty()) return std::nullopt;
    // Stateless as it is, the player could step back and forth between two positions
    // when its (bounded) searches from each disagree. Look one step ahead: if the next
    // call would come straight back, deal or turn a card over instead.
    State next = root;
    if (!apply(next, line.front(), ctx) && !next.won()) {
        const Decision d2 = decide(next, ctx, budget);
        if (d2.kind == Decision::Kind::Move) {
            const std::vector<Move> line2 = expand_macro(next, d2.first);
            State back = next;
            if (!line2.empty()) apply(back, line2.front(), ctx);
            if (!line2.empty() && state_hash(back) == state_hash(root)) {
                if (d.can_deal) {
                    if (!d.deal_first) return std::string("deal");
                    const std::vector<Move> r = expand_macro(root, *d.deal_first);
                    if (!r.empty() && !(r.front() == line.front())) return move_text(r.front());
                }
                if (d.reveal) {
                    const std::vector<Move> r = expand_macro(root, *d.reveal);
                    if (!r.empty() && !(r.front() == line.front())) return move_text(r.front());
                }
                return fill_to_deal(root);
            }
        }
    }
    return move_text(line.front());
}

}  // namespace croupier::games::spider
