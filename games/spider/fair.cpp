// SPDX-License-Identifier: GPL-3.0-or-later
//
// The fair player plans in the world it can see. Face-down cards are unknown (kUnknown),
// the stock is unknown. From the position in view it searches best-first over the moves
// whose outcome it knows; a move that turns a face-down card over ends a line there (what
// comes next is unknown). Of the positions reached it then picks, like a careful human:
//   - a card turned over, the best few such lines (one per pile) valued by their expectation
//     over the card that may turn up: the unseen cards are known as a multiset (the pack
//     minus what is in view and the completed runs), and for each possible card a small
//     search finds the best it can reach next;
//   - else a deal, from the position best prepared for it (no empty pile, as the rules say;
//     a second search that prizes filled piles finds one when empty piles are in the way);
//   - with the stock gone, the best position it can reach (a pile emptied, a run completed),
//     or a card turned over.
// A card turned over is taken whenever its value is not much below what a deal would give
// (in practice: whenever there is one). fair_plan() returns the whole line.
// A decision's budget (FairLimits::max_nodes) counts the positions of all its searches: the
// outer search takes three fifths, the fill search up to three tenths, and the searches
// after each card that may turn up share what is left (issue 47): in the many decisions
// where the outer search runs out of moves early, they search further.
#include "games/spider/fair.hpp"

#include <algorithm>
#include <array>

#include "games/core/rng.hpp"
#include "games/spider/deal.hpp"
#include "games/spider/search_state.hpp"

namespace croupier::games::spider {

// The fair player's own evaluation (the certifier keeps its Weights and its pruning).
// Tuned by hand on deals 1..100 (2 and 4 suits): empty piles and turned cards weigh more than
// in the certifier's evaluation, an off-suit sequence counts against more than a plain break
// (it still has to be taken apart to build in suit). The pile nearest to empty counts its
// face-down cards again: it says which pile to work on (1 suit 86.9 -> 87.8 % over 1,400
// deals, 4 suits 19.0 -> 25.5 % on held-out deals). A top run that no top card can take
// counts against: only an empty pile frees what is under it (1 suit 87.8 -> 92.6 % over
// 1,400 deals, 2 suits 58.8 -> 64.8 % over 500, 4 suits flat; docs/PERFORMANCE.md). The
// weights left at the search's defaults (same, done, deal, down_last, cover) are the
// certifier's. Issue 47's fourth session searched them again (spider_fairlab --weight, each
// of the ten below moved both ways on 4-suit training deals 3001..3300): no change won
// clearly at the hint's budget, so these stand (docs/PERFORMANCE.md). Its fifth session tried
// four new terms (runs_near, runs_over, unlock, one_move in search::Weights): each lost games
// on those training deals, so they stay 0 here as in the certifier (laboratory only).
FairWeights fair_weights() {
    FairWeights f;
    search::Weights& w = f.w;
    w.seq = -25;
    w.brk = -15;
    w.down = -30;
    w.empty = 200;
    w.unknown = 0;
    w.king_base = 30;
    w.min_down = -20;
    w.no_home = -20;
    // A card turned over counts this much on top of its expected value.
    f.reveal_bonus = 80;
    // A card turned over is worth taking unless it leaves the position this much worse than
    // the best position to deal from (a deal covers every pile with an unknown card).
    f.deal_cost = 80;
    // The search for a position to deal from, with empty piles in the way: each empty pile
    // counts this much against.
    f.fill_empty = 60;
    return f;
}

namespace {

using namespace search;

// The largest search after a card that may turn up.
constexpr std::size_t kMaxInner = 4'000;

// A won position is above anything else, a stranded one (stock left, fewer cards out than
// piles) below. Small enough that a mean over the 104 cards cannot overflow.
constexpr std::int64_t kWon = std::int64_t{1} << 50;
constexpr std::int64_t kStranded = -kWon;

std::int64_t value(const State& s, const Context& ctx) {
    return s.stranded() ? kStranded : evaluate(s, ctx);
}

// A search's memory, a thread's own, reused by the three searches of a decision and, up to
// FairLimits::keep_bytes (none by default), from one decision to the next. Keeping it once
// saved half the CPU (4 suits, deals 1001..1020: 48 s, 26 s kept) while the expanded
// positions grew to the next power of two; since a search reserves exactly its budget,
// allocating it afresh costs nothing measurable (docs/PERFORMANCE.md, issue 45), and a
// daemon's worker no longer holds the largest search it met for its whole life.
struct Scratch {
    std::vector<Gen> gens;
    std::vector<Expanded> expanded;
    HashSet seen, been;
    std::vector<std::pair<std::int64_t, std::uint32_t>> open;
    std::vector<Move> moves;

    // The memory it holds (capacity, bytes).
    std::size_t bytes() const {
        return gens.capacity() * sizeof(Gen) + expanded.capacity() * sizeof(Expanded) +
               seen.bytes() + been.bytes() + open.capacity() * sizeof(open[0]) +
               moves.capacity() * sizeof(Move);
    }
    // Gives it back (issue 45): the next search allocates again.
    void release() {
        std::vector<Gen>().swap(gens);
        std::vector<Expanded>().swap(expanded);
        seen.release();
        been.release();
        std::vector<std::pair<std::int64_t, std::uint32_t>>().swap(open);
        std::vector<Move>().swap(moves);
    }

    // The moves from the search's root to position g.
    std::vector<Move> line_to(std::uint32_t g) const {
        std::vector<Move> line;
        while (g != 0) {
            line.push_back(gens[g].move);
            g = expanded[gens[g].parent].gen;
        }
        std::reverse(line.begin(), line.end());
        return line;
    }
};

// The three searches of a decision, kept by each thread from one decision to the next.
struct Scratches {
    Scratch outer, fill, inner;
    std::size_t bytes() const { return outer.bytes() + fill.bytes() + inner.bytes(); }
};
Scratches& scratches() {
    thread_local Scratches s;
    return s;
}

int unknown_top_pile(const State& s);

// Best-first search over the moves whose outcome is known. visit(state, gen, terminal) is
// called once per position reached (the root first, gen 0) and returns its evaluation.
template <class Visit>
void best_first(const State& root, const Context& ctx, std::size_t budget, Scratch& scratch,
                Visit&& visit, const std::vector<std::uint64_t>* avoid = nullptr,
                bool through_turns = false) {
    auto& gens = scratch.gens;
    auto& expanded = scratch.expanded;
    gens.assign(1, Gen{UINT32_MAX, Move{}});
    expanded.clear();
    // At most `budget` positions are expanded: that many, not the next power of two.
    expanded.reserve(budget);
    HashSet& seen = scratch.seen;
    seen.clear(budget > 500 ? (1 << 12) : (1 << 9));
    // The positions the game has stood in count as reached already: no line goes back. A
    // first move that is a macro (several single moves) must not pass through one either.
    HashSet& been = scratch.been;
    been.clear(1 << 9);
    if (avoid)
        for (const std::uint64_t h : *avoid) {
            seen.insert(h);
            been.insert(h);
        }
    auto passes_back = [&](const State& from, const Move& m) {
        if (!avoid || avoid->empty()) return false;
        State s = from;
        for (const Move& x : expand_macro(from, m)) {
            apply(s, x, ctx);
            if (been.contains(state_hash(s))) return true;
        }
        return false;
    };
    seen.insert(state_hash(root));
    auto& open = scratch.open;
    open.assign(1, {visit(root, 0u, false), 0});
    auto cmp = [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first < b.first : a.second > b.second;
    };
    auto& moves = scratch.moves;
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
            if (i == 0 && passes_back(expanded[0].state, m)) continue;
            // A card turned over ends a line, unless it is known (a sampled world).
            const bool terminal =
                (turned && (!through_turns || unknown_top_pile(child) >= 0)) || child.won();
            gens.push_back(Gen{i, m});
            const auto k = static_cast<std::uint32_t>(gens.size() - 1);
            const std::int64_t e = visit(child, k, terminal);
            if (!terminal) {
                open.emplace_back(e, k);
                std::push_heap(open.begin(), open.end(), cmp);
            }
        }
    }
}

// The unseen cards as a multiset: count per card byte.
using Unseen = std::array<int, 64>;

Unseen unseen_of(const View& view) {
    Unseen u{};
    for (const Card& c : spider_pack(view.suits == 1 || view.suits == 2 ? view.suits : 4))
        ++u[to_byte(c)];
    std::vector<int> suits;  // the pack's suits, lowest first
    for (int s = 0; s < 4; ++s)
        if (u[static_cast<std::size_t>(s * 16 + 1)] > 0) suits.push_back(s);
    for (const auto& pile : view.face_up)
        for (const Card& c : pile) {
            auto& k = u[to_byte(c) & 63];
            if (k > 0) --k;
        }
    // Completed runs: the suit is not in the view; take them from the suit most left.
    for (int d = 0; d < view.completed_runs; ++d) {
        int best = -1, most = -1;
        for (int s : suits) {
            int t = 0;
            for (int r = 1; r <= 13; ++r) t += u[static_cast<std::size_t>(s * 16 + r)];
            if (t > most) {
                most = t;
                best = s;
            }
        }
        for (int r = 1; r <= 13; ++r) {
            auto& k = u[static_cast<std::size_t>(best * 16 + r)];
            if (k > 0) --k;
        }
    }
    return u;
}

// The pile whose top card was just turned over and is still unknown; -1 if none.
int unknown_top_pile(const State& s) {
    for (int p = 0; p < kPiles; ++p)
        if (s.len[p] > s.down[p] && s.top(p) == kUnknown) return p;
    return -1;
}

// The best value reachable from s by a small search (a card turned over counts its bonus).
std::int64_t best_reachable(const State& s, const Context& ctx, int bonus, std::size_t budget,
                            Scratch& scratch) {
    std::int64_t best = INT64_MIN;
    best_first(s, ctx, budget, scratch, [&](const State& st, std::uint32_t, bool terminal) {
        const std::int64_t e = value(st, ctx);
        const std::int64_t v = st.won() ? kWon : e + (terminal ? bonus : 0);
        best = std::max(best, v);
        return e;
    });
    return best;
}

// The cards that may turn up on `pile` of `leaf` (its top card unknown), each with its weight
// (how many unseen cards it stands for). Suits of each rank that no face-up card of a
// neighbouring rank (one above or below) shares are alike to the search (it compares suits
// only between cards one rank apart, and any card it turns over next is unknown), so one
// card stands for all of them, weighted by their count.
std::vector<std::pair<Byte, int>> card_classes(const State& leaf, const Unseen& unseen) {
    std::array<std::uint16_t, 16> touched{};  // per rank: bit s when a face-up r±1 card has suit s
    for (int p = 0; p < kPiles; ++p)
        for (int i = leaf.down[p]; i < leaf.len[p]; ++i) {
            const Byte c = leaf.cards[p][i];
            if (c == kUnknown) continue;
            const auto bit = static_cast<std::uint16_t>(1u << suit_of(c));
            touched[static_cast<std::size_t>(rank_of(c) - 1)] |= bit;
            touched[static_cast<std::size_t>(rank_of(c) + 1)] |= bit;
        }
    std::vector<std::pair<Byte, int>> out;
    for (int r = 1; r <= 13; ++r) {
        int alike = 0, first = -1;  // untouched suits: their count, one of them
        for (int su = 0; su < 4; ++su) {
            const auto c = static_cast<std::size_t>(su * 16 + r);
            const int n = unseen[c];
            if (n == 0) continue;
            if (!(touched[static_cast<std::size_t>(r)] & (1u << su))) {
                alike += n;
                if (first < 0) first = su;
                continue;
            }
            out.emplace_back(static_cast<Byte>(c), n);
        }
        if (alike > 0) out.emplace_back(static_cast<Byte>(first * 16 + r), alike);
    }
    return out;
}

// The value of a position where a card was just turned over: the mean, over the cards
// that may have turned up, of the best reachable then.
std::int64_t expected_value(State leaf, const Context& ctx, int bonus, const Unseen& unseen,
                            std::size_t inner, Scratch& scratch, std::size_t& spent) {
    const int pile = unknown_top_pile(leaf);
    if (pile < 0) {
        const std::int64_t v = best_reachable(leaf, ctx, bonus, inner, scratch);
        spent += scratch.expanded.size();
        return v;
    }
    std::int64_t sum = 0, total = 0;
    for (const auto& [card, n] : card_classes(leaf, unseen)) {
        leaf.cards[pile][leaf.len[pile] - 1] = card;
        refresh_pile(leaf, pile, ctx);
        sum += n * best_reachable(leaf, ctx, bonus, inner, scratch);
        spent += scratch.expanded.size();
        total += n;
    }
    if (total == 0) return value(leaf, ctx);
    return sum / total;
}

// Sampled worlds (issue 47, third session; FairLimits::worlds): the unseen cards dealt at
// random to the face-down places of the root, seeded from the position itself (never from
// the real hidden cards), so the same view always gives the same worlds.

// One world: the card at each face-down place (pile, index) of the root.
using World = std::array<std::array<Byte, kCap>, kPiles>;

std::vector<World> sample_worlds(const State& root, const Unseen& unseen, std::size_t count) {
    std::vector<Byte> pool;
    for (std::size_t c = 0; c < unseen.size(); ++c)
        for (int k = 0; k < unseen[c]; ++k) pool.push_back(static_cast<Byte>(c));
    std::size_t places = 0;
    for (int p = 0; p < kPiles; ++p) places += root.down[p];
    std::vector<World> worlds(count);
    std::uint64_t seed = state_hash(root);
    for (std::size_t w = 0; w < count; ++w) {
        std::vector<Byte> cards = pool;
        // Fisher-Yates with our own generator: the same on every machine and library.
        for (std::size_t i = cards.size(); i > 1; --i) {
            std::uint64_t step = seed;
            seed = games::splitmix64(step);  // each output seeds the next step
            std::swap(cards[i - 1], cards[seed % i]);
        }
        std::size_t k = 0;
        for (int p = 0; p < kPiles; ++p)
            for (int i = 0; i < root.down[p]; ++i)
                worlds[w][static_cast<std::size_t>(p)][static_cast<std::size_t>(i)] =
                    k < cards.size() && k < places ? cards[k++] : kUnknown;
    }
    return worlds;
}

// The best value a full-knowledge search of `budget` positions reaches from `leaf` in world
// `w` (every unknown card of the leaf replaced by the world's): graded, not won/lost. A won
// position counts a fixed amount above its evaluation, so a win in one world does not
// outweigh all the others.
std::int64_t world_value(State leaf, const World& w, const Context& ctx, int bonus,
                         std::size_t budget, std::size_t depth, Scratch& scratch) {
    for (int p = 0; p < kPiles; ++p) {
        bool changed = false;
        // With `depth`, only that many of the pile's face-down cards (the top ones) are known,
        // and the card turned over by the line; a line ends where an unknown one turns.
        const int from = depth == 0 ? 0 : std::max(0, leaf.down[p] - static_cast<int>(depth));
        for (int i = 0; i < leaf.len[p]; ++i)
            if (leaf.cards[p][i] == kUnknown && (i >= from)) {
                leaf.cards[p][i] = w[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)];
                changed = true;
            }
        if (changed) refresh_pile(leaf, p, ctx);
    }
    std::int64_t best = INT64_MIN;
    best_first(
        leaf, ctx, budget, scratch,
        [&](const State& st, std::uint32_t, bool terminal) {
            const std::int64_t e = st.stranded() ? kStranded / 4 : evaluate(st, ctx);
            best = std::max(best, st.won() ? e + 2'000 : e + (terminal ? bonus : 0));
            return e;
        },
        nullptr, true);
    return best;
}

// The chosen line: moves (possibly macro) from the root, and whether a deal ends it.
struct Plan {
    std::vector<Move> moves;
    bool deal = false;
    bool none = true;
    std::size_t used = 0;  // positions expanded by the decision's searches
};

Plan decide(const State& root, const Context& ctx, const FairWeights& fw, const View& view,
            const FairLimits& limits) {
    const bool stock = root.deals_left > 0;
    // The decision's positions: three fifths for the outer search, up to three tenths for
    // the search that fills empty piles, and what is left (at least the inner minimum each)
    // for the searches after the cards that may turn up.
    const std::size_t total = std::clamp<std::size_t>(limits.max_nodes, 1, kMaxNodes);
    const std::size_t budget = std::max<std::size_t>(1, total * 3 / 5);
    std::size_t used = 0;
    const int root_empties = root.empties();
    const std::int64_t root_eval = value(root, ctx);

    std::vector<std::pair<std::int64_t, std::uint32_t>> reveals;  // static value, gen
    std::int64_t best_prog = INT64_MIN, best_deal = INT64_MIN, best_plain = INT64_MIN;
    std::uint32_t prog = UINT32_MAX, deal = UINT32_MAX, plain = UINT32_MAX;
    bool won = false;
    std::uint32_t won_gen = 0;
    Scratches& kept = scratches();
    Scratch& outer = kept.outer;
    Scratch& fill = kept.fill;
    Scratch& inner = kept.inner;
    best_first(
        root, ctx, budget, outer,
        [&](const State& st, std::uint32_t g, bool terminal) {
            const std::int64_t e = value(st, ctx);
            if (st.won()) {
                if (!won) won_gen = g;
                won = true;
            } else if (terminal) {
                reveals.emplace_back(e + fw.reveal_bonus, g);
            } else {
                if (g != 0 && !stock && (st.empties() > root_empties || st.done > root.done) &&
                    e > best_prog) {
                    best_prog = e;
                    prog = g;
                }
                if (stock && st.empties() == 0 && e > best_deal) {
                    best_deal = e;
                    deal = g;
                }
                if (g != 0 && e > best_plain) {
                    best_plain = e;
                    plain = g;
                }
            }
            return e;
        },
        limits.avoid);
    used += outer.expanded.size();
    // With an empty pile in the way of dealing and no deal found: a search that fills piles.
    bool filled = false;
    if (stock && deal == UINT32_MAX && root_empties > 0) {
        Context fctx = ctx;
        fctx.w.empty = -fw.fill_empty;
        State froot = root;
        refresh_all(froot, fctx);
        best_first(
            froot, fctx, std::max<std::size_t>(1, std::min(total * 3 / 10, total - used)), fill,
            [&](const State& st, std::uint32_t g, bool terminal) {
                const std::int64_t e = value(st, fctx);
                if (!terminal && st.empties() == 0) {
                    State n = st;
                    refresh_all(n, ctx);
                    const std::int64_t v = value(n, ctx);
                    if (v > best_deal) {
                        best_deal = v;
                        deal = g;
                        filled = true;
                    }
                }
                return e;
            },
            limits.avoid);
        used += fill.expanded.size();
    }
    auto state_at = [&](std::uint32_t g) {
        State s = outer.expanded[outer.gens[g].parent].state;
        apply(s, outer.gens[g].move, ctx);
        return s;
    };
    Plan plan;
    if (won) {
        plan.moves = outer.line_to(won_gen);
        plan.none = false;
        plan.used = used;
        return plan;
    }
    // The best few cards to turn over (one line per pile), valued by expectation.
    std::sort(reveals.begin(), reveals.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    {
        std::vector<std::pair<std::int64_t, std::uint32_t>> picked;
        std::array<bool, kPiles> pile_seen{};
        const Unseen unseen = unseen_of(view);
        const std::size_t inner_nodes =
            view.suits == 4 ? limits.inner_nodes_4suits : limits.inner_nodes;
        struct Line {
            std::int64_t v;
            std::uint32_t g;
            State s;
        };
        std::vector<Line> lines;
        std::size_t searches = 0;  // inner searches the lines need
        for (const auto& [v, g] : reveals) {
            if (lines.size() >= limits.reveal_leaves) break;
            const State s = state_at(g);
            const int pile = unknown_top_pile(s);
            if (pile >= 0) {
                if (pile_seen[static_cast<std::size_t>(pile)]) continue;
                pile_seen[static_cast<std::size_t>(pile)] = true;
                searches += card_classes(s, unseen).size();
            } else {
                ++searches;
            }
            lines.push_back(Line{v, g, s});
        }
        std::size_t inner_spent = 0;
        // Each inner search: the minimum, or its share of the positions left (with sampled
        // worlds to rank the lines: half of them).
        const bool rank_in_worlds = limits.worlds > 0 && lines.size() >= 2;
        const std::size_t left = (total > used ? total - used : 0) / (rank_in_worlds ? 2 : 1);
        const std::size_t each =
            inner_nodes == 0 ? 0
                             : std::clamp<std::size_t>(left / std::max<std::size_t>(1, searches),
                                                       inner_nodes, kMaxInner);
        for (const Line& line : lines) {
            const std::int64_t ev = each > 0 ? expected_value(line.s, ctx, fw.reveal_bonus, unseen,
                                                              each, inner, inner_spent) +
                                                   fw.reveal_bonus
                                             : line.v;
            picked.emplace_back(ev, line.g);
        }
        used += inner_spent;
        // Sampled worlds rank the lines (the laboratory's; not kept, docs/PERFORMANCE.md, issue
        // 47, third session): each line's leaf, in each world, searched with the world's cards
        // known (through the cards it turns); the line with the best score is the one the best
        // expectation's value stands for.
        std::size_t first = SIZE_MAX;
        if (rank_in_worlds) {
            const std::size_t wleft = total > used ? total - used : 0;
            const std::size_t per = wleft / (lines.size() * limits.worlds);
            if (per >= limits.world_min) {
                const std::vector<World> worlds = sample_worlds(root, unseen, limits.worlds);
                // values[world][line]
                std::vector<std::vector<std::int64_t>> values(
                    worlds.size(), std::vector<std::int64_t>(lines.size()));
                for (std::size_t l = 0; l < lines.size(); ++l)
                    for (std::size_t w = 0; w < worlds.size(); ++w) {
                        values[w][l] =
                            world_value(lines[l].s, worlds[w], ctx, fw.reveal_bonus,
                                        std::min(per, kMaxInner * 4), limits.world_depth, inner);
                        used += inner.expanded.size();
                    }
                // Mean over the worlds (world_vote 0), or a vote: each world for its best line.
                // Equal scores go to the line the expectation puts first.
                std::vector<std::int64_t> score(lines.size(), 0);
                for (std::size_t w = 0; w < worlds.size(); ++w) {
                    if (limits.world_vote) {
                        const auto it = std::max_element(values[w].begin(), values[w].end());
                        ++score[static_cast<std::size_t>(it - values[w].begin())];
                    } else {
                        for (std::size_t l = 0; l < lines.size(); ++l)
                            score[l] += values[w][l] / static_cast<std::int64_t>(worlds.size());
                    }
                }
                // Lines in the expectation's order; the best score, the first of equals.
                std::vector<std::size_t> order(lines.size());
                for (std::size_t l = 0; l < order.size(); ++l) order[l] = l;
                std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
                    return picked[a].first > picked[b].first;
                });
                for (const std::size_t l : order)
                    if (first == SIZE_MAX || score[l] > score[first]) first = l;
            }
        }
        // Whether to turn a card over is decided as without the worlds (the best expectation);
        // which card, by the worlds when they ranked the lines.
        for (std::size_t l = 0; l < picked.size(); ++l)
            if (picked[l].first > best_prog) {
                best_prog = picked[l].first;
                prog = first != SIZE_MAX ? picked[first].second : picked[l].second;
            }
    }
    std::uint32_t chosen = UINT32_MAX;
    if (stock) {
        const bool can_deal = deal != UINT32_MAX;
        if (prog != UINT32_MAX && (!can_deal || best_prog >= best_deal - fw.deal_cost)) {
            chosen = prog;
        } else if (can_deal) {
            plan.moves = filled ? fill.line_to(deal) : outer.line_to(deal);
            plan.deal = true;
            plan.none = false;
            plan.used = used;
            return plan;
        }
    } else {
        std::int64_t v = best_prog;
        chosen = prog;
        if (plain != UINT32_MAX && best_plain > v) {
            v = best_plain;
            chosen = plain;
        }
        if (v <= root_eval) {
            // Nothing better to reach: turn a card over if one can be.
            chosen = prog != UINT32_MAX && !reveals.empty() ? prog : UINT32_MAX;
        }
    }
    plan.used = used;
    if (chosen == UINT32_MAX) return plan;
    plan.moves = outer.line_to(chosen);
    plan.none = false;
    return plan;
}

// With the stock left but an empty pile in the way of dealing, and no search finding a way
// to fill it: split the longest face-up stack onto an empty pile, its top card first.
std::optional<Move> fill_to_deal(const State& root) {
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
    return Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), 1};
}

}  // namespace

Context fair_context(int suits) {
    Context ctx;
    ctx.macros = true;
    // At 4 suits only (issue 31; docs/PERFORMANCE.md): sequences of several runs through
    // empty piles as far as they reach (supermoves), and part of a run onto a card of its
    // own suit. Both took 4 suits from 26.0 to 29.5 % of deals 1..200 (25 -> 28 of held-out
    // deals 1001..1100) at about the same CPU a game. At 1 and 2 suits they cost CPU
    // (1 suit 0.87 -> 1.52 s, 2 suits 1.32 -> 1.66 s a game with both), and supermoves
    // alone lost a game at 2 suits (64.0 -> 63.5 %).
    ctx.supermoves = suits == 4;
    ctx.partial_same = suits == 4;
    // Unlike the certifier, it also moves a run from an off-suit card to another off-suit
    // card: lines that turn a card over often need it (4 suits: 9% -> 25% on deals 1..100).
    ctx.prune_lateral = false;
    ctx.w = fair_weights().w;
    return ctx;
}

namespace {

// The position in view as a search state (face-down cards unknown); false when it does not
// fit one.
bool root_of(const View& view, State& root) {
    for (int p = 0; p < kPiles; ++p) {
        const int D = std::clamp(view.face_down[static_cast<std::size_t>(p)], 0, kCap);
        const auto& up = view.face_up[static_cast<std::size_t>(p)];
        if (D + static_cast<int>(up.size()) > kCap) return false;
        int L = 0;
        for (int i = 0; i < D; ++i) root.cards[p][L++] = kUnknown;
        for (const Card& c : up) root.cards[p][L++] = to_byte(c);
        root.len[p] = static_cast<std::uint8_t>(L);
        root.down[p] = static_cast<std::uint8_t>(D);
    }
    root.deals_left = static_cast<std::uint8_t>(std::clamp(view.stock_deals_left, 0, kDeals));
    root.done = static_cast<std::uint8_t>(std::clamp(view.completed_runs, 0, 8));
    return true;
}

}  // namespace

namespace {

// The line one decision rule plans, in single moves; `used`: the positions it expanded.
std::vector<std::string> plan_line(const View& view, const FairLimits& limits, int empty_weight,
                                   std::size_t& used) {
    Context ctx = fair_context(view.suits);
    const FairWeights fw = limits.weights ? *limits.weights : fair_weights();
    ctx.w = fw.w;
    if (empty_weight != 0) ctx.w.empty = empty_weight;
    State root;
    if (!root_of(view, root)) return {};
    if (root.won()) return {};
    refresh_all(root, ctx);

    const Plan plan = decide(root, ctx, fw, view, limits);
    used += plan.used;
    std::vector<std::string> out;
    if (plan.none) {
        if (const auto m = fill_to_deal(root)) out.push_back(move_text(*m));
        return out;
    }
    State s = root;
    bool whole = true;
    for (const Move& m : plan.moves) {
        const std::vector<Move> line = expand_macro(s, m);
        whole = !line.empty();
        if (!whole) break;  // cannot happen: the search applied the same moves
        for (const Move& x : line) {
            out.push_back(move_text(x));
            apply(s, x, ctx);
        }
    }
    if (plan.deal && whole) out.push_back("deal");
    return out;
}

}  // namespace

namespace {

std::vector<std::string> plan_of(const View& view, const FairLimits& limits) {
    std::size_t used = 0;
    std::vector<std::string> line = plan_line(view, limits, limits.empty_weight, used);
    const std::size_t total = std::clamp<std::size_t>(limits.max_nodes, 1, kMaxNodes);
    if (!limits.vote || line.empty() || used * 3 > total) return line;
    // A vote of three rules when the first left most of the budget: an empty pile worth
    // more, and larger searches after the card that turns up; when these two agree on a
    // line other than the first rule's, theirs is played.
    FairLimits other = limits;
    other.max_nodes = (total - used) / 2;
    other.vote = false;
    const std::vector<std::string> a = plan_line(view, other, 300, used);
    other.inner_nodes = other.inner_nodes_4suits = 120;
    const std::vector<std::string> b = plan_line(view, other, limits.empty_weight, used);
    if (!a.empty() && a == b) return a;
    return line;
}

}  // namespace

std::vector<std::string> fair_plan(const View& view, const FairLimits& limits) {
    std::vector<std::string> line = plan_of(view, limits);
    // Issue 45: what the searches allocated is given back unless a caller keeps it (below
    // its keep_bytes) for the next decision.
    if (Scratches& kept = scratches(); kept.bytes() > limits.keep_bytes) {
        kept.outer.release();
        kept.fill.release();
        kept.inner.release();
    }
    return line;
}

std::size_t fair_scratch_bytes() {
    return scratches().bytes();
}

std::uint64_t position_key(const View& view) {
    State s;
    if (!root_of(view, s)) return 0;
    refresh_all(s, fair_context(view.suits));
    return state_hash(s);
}

std::optional<std::string> fair_move(const View& view, const FairLimits& limits) {
    std::vector<std::string> plan = fair_plan(view, limits);
    if (plan.empty()) return std::nullopt;
    return plan.front();
}

}  // namespace croupier::games::spider
