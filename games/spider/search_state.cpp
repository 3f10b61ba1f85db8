// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/spider/search_state.hpp"

#include <charconv>

#include "games/spider/deal.hpp"

namespace croupier::games::spider::search {

namespace {

std::uint64_t mix64(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

// Moves a completed King..Ace run of one suit off the top of pile p, if there is one.
void complete_runs(State& s, int p) {
    const int L = s.len[p];
    if (L - s.down[p] < 13 || rank_of(s.cards[p][L - 1]) != 1) return;
    if (s.run_start(p) > L - 13) return;
    s.len[p] = static_cast<std::uint8_t>(L - 13);
    ++s.done;
}

// Moves the runs lens[i0..i1) (bottom first; the top one on top of pile `from`) onto pile
// `to` through the empty piles `free`, one run per legal move. Up to free.size() + 1 runs:
// each run above the bottom one parked on an empty pile of its own, then stacked back.
// More (up to 2^free.size()): the upper runs move as a whole to one empty pile through the
// others, the lower ones to `to` through the others, then the upper ones from that pile on.
void move_runs(int from, int to, const std::vector<int>& lens, int i0, int i1,
               const std::vector<int>& free, std::vector<Move>& out) {
    auto mv = [](int a, int c, int n) {
        return Move{static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(c),
                    static_cast<std::uint8_t>(n)};
    };
    const int k = i1 - i0, e = static_cast<int>(free.size());
    auto len = [&](int i) { return lens[static_cast<std::size_t>(i)]; };
    if (k - 1 <= e) {
        for (int i = i1 - 1; i > i0; --i)
            out.push_back(mv(from, free[static_cast<std::size_t>(i - i0 - 1)], len(i)));
        out.push_back(mv(from, to, len(i0)));
        for (int i = i0 + 1; i < i1; ++i)
            out.push_back(mv(free[static_cast<std::size_t>(i - i0 - 1)], to, len(i)));
        return;
    }
    const int park = free.back();
    const std::vector<int> rest(free.begin(), free.end() - 1);
    const int upper = std::min(k - 1, 1 << std::min(e - 1, 5));
    move_runs(from, park, lens, i1 - upper, i1, rest, out);
    move_runs(from, to, lens, i0, i1 - upper, rest, out);
    move_runs(park, to, lens, i1 - upper, i1, rest, out);
}

bool turn_over(State& s, int p) {
    if (s.down[p] > 0 && s.len[p] == s.down[p]) {
        --s.down[p];
        return true;
    }
    return false;
}

}  // namespace

std::string move_text(const Move& m) {
    if (m.is_deal()) return "deal";
    return "move " + std::to_string(m.from + 1) + " " + std::to_string(m.to + 1) + " " +
           std::to_string(m.n);
}

std::optional<Move> parse_move(std::string_view text) {
    if (text == "deal") return Move::deal();
    if (text.substr(0, 5) != "move ") return std::nullopt;
    text.remove_prefix(5);
    int v[3] = {0, 0, 0};
    for (int k = 0; k < 3; ++k) {
        const auto r = std::from_chars(text.data(), text.data() + text.size(), v[k]);
        if (r.ec != std::errc{}) return std::nullopt;
        text.remove_prefix(static_cast<std::size_t>(r.ptr - text.data()));
        if (k < 2) {
            if (text.empty() || text.front() != ' ') return std::nullopt;
            text.remove_prefix(1);
        }
    }
    if (!text.empty()) return std::nullopt;
    if (v[0] < 1 || v[0] > kPiles || v[1] < 1 || v[1] > kPiles || v[2] < 1 || v[2] > 13)
        return std::nullopt;
    return Move{static_cast<std::uint8_t>(v[0] - 1), static_cast<std::uint8_t>(v[1] - 1),
                static_cast<std::uint8_t>(v[2])};
}

namespace {

// Which ranks some pile's top card (face up and known) has: the cards a run can go onto.
std::array<bool, 16> top_ranks(const State& s) {
    std::array<bool, 16> top_rank{};
    for (int p = 0; p < kPiles; ++p)
        if (s.len[p] > s.down[p] && s.top(p) != kUnknown) top_rank[rank_of(s.top(p))] = true;
    return top_rank;
}

}  // namespace

int runs_without_home(const State& s) {
    const std::array<bool, 16> top_rank = top_ranks(s);
    int n = 0;
    for (int p = 0; p < kPiles; ++p) {
        if (s.len[p] <= s.down[p] || s.top(p) == kUnknown) continue;
        const int r = s.run_start(p);
        if (r == 0) continue;
        const int rank = rank_of(s.cards[p][r]);
        if (rank == 13 || !top_rank[rank + 1]) ++n;
    }
    return n;
}

int piles_unlocked(const State& s) {
    const int e = s.empties();
    if (e == 0) return 0;
    int n = 0;
    for (int p = 0; p < kPiles; ++p) {
        const int L = s.len[p], D = s.down[p];
        if (D == 0 || L == D) continue;
        int runs = 1;
        for (int i = D + 1; i < L && runs <= e; ++i)
            runs += !same_suit_seq(s.cards[p][i - 1], s.cards[p][i]);
        n += runs <= e;
    }
    return n;
}

int piles_one_move_from_a_turn(const State& s) {
    const std::array<bool, 16> top_rank = top_ranks(s);
    int n = 0;
    for (int p = 0; p < kPiles; ++p) {
        if (s.down[p] == 0 || s.len[p] == s.down[p] || s.top(p) == kUnknown) continue;
        if (s.run_start(p) != s.down[p]) continue;
        const int rank = rank_of(s.cards[p][s.down[p]]);
        n += rank < 13 && top_rank[rank + 1];
    }
    return n;
}

void refresh_pile(State& s, int p, const Context& ctx) {
    const Weights& w = ctx.w;
    const int L = s.len[p], D = s.down[p];
    const auto& c = s.cards[p];
    std::uint64_t h = mix64(static_cast<std::uint64_t>(D) + 1);
    for (int i = 0; i < L; ++i) h = (h ^ c[i]) * 0x100000001b3ULL;
    s.phash[p] = mix64(h + static_cast<std::uint64_t>(L));
    if (L == 0) {
        s.pscore[p] = w.empty;
        return;
    }
    int sc = w.down * D + (D > 0 ? w.down_last + w.cover * (L - D) : 0);
    if (D == 0 && rank_of(c[0]) == 13) sc += w.king_base;
    int runs = L > D ? 1 : 0;  // maximal same-suit runs of the face-up part
    for (int i = D; i < L; ++i) {
        if (c[i] == kUnknown) {
            sc += w.unknown;
            runs += i > D;
            continue;
        }
        if (i == D) continue;
        if (c[i - 1] == kUnknown) {
            ++runs;
            continue;
        }
        if (rank_of(c[i - 1]) == rank_of(c[i]) + 1) {
            const bool same = suit_of(c[i - 1]) == suit_of(c[i]);
            sc += same ? w.same : w.seq;
            runs += !same;
        } else {
            sc += w.brk;
            ++runs;
        }
    }
    if (D > 0 && (w.runs_near != 0 || w.runs_over != 0))  // laboratory only: no division otherwise
        sc += w.runs_near * runs / D + w.runs_over * std::max(runs - 1, 0);
    s.pscore[p] = sc;
}

void refresh_all(State& s, const Context& ctx) {
    for (int p = 0; p < kPiles; ++p) refresh_pile(s, p, ctx);
}

std::int64_t evaluate(const State& s, const Context& ctx) {
    std::int64_t e = 0;
    for (int p = 0; p < kPiles; ++p) e += s.pscore[p];
    if (ctx.w.min_down != 0) {
        // The pile with face-down cards nearest to having none: emptying a pile is what
        // lets the rest be sorted, so the fewer cards stand in the way, the better.
        int least = 0;
        for (int p = 0; p < kPiles; ++p)
            if (s.down[p] > 0 && (least == 0 || s.down[p] < least)) least = s.down[p];
        e += static_cast<std::int64_t>(ctx.w.min_down) * least;
    }
    if (ctx.w.no_home != 0) e += static_cast<std::int64_t>(ctx.w.no_home) * runs_without_home(s);
    if (ctx.w.unlock != 0) e += static_cast<std::int64_t>(ctx.w.unlock) * piles_unlocked(s);
    if (ctx.w.one_move != 0)
        e += static_cast<std::int64_t>(ctx.w.one_move) * piles_one_move_from_a_turn(s);
    e += static_cast<std::int64_t>(ctx.w.done) * s.done;
    e += static_cast<std::int64_t>(ctx.w.deal) * (kDeals - s.deals_left);
    return e;
}

std::uint64_t state_hash(const State& s) {
    // With no stock left the piles are interchangeable: the hash ignores their order.
    std::uint64_t h = s.deals_left * 0x2545f4914f6cdd1dULL;
    if (s.deals_left == 0) {
        for (int p = 0; p < kPiles; ++p) h += s.phash[p];
    } else {
        for (int p = 0; p < kPiles; ++p)
            h += mix64(s.phash[p] + static_cast<std::uint64_t>(p) * 0x9e3779b97f4a7c15ULL);
    }
    return h;
}

void generate_moves(const State& s, const Context& ctx, std::vector<Move>& out) {
    int first_empty = -1;
    for (int p = 0; p < kPiles; ++p)
        if (s.len[p] == 0) {
            first_empty = p;
            break;
        }
    for (int f = 0; f < kPiles; ++f) {
        const int L = s.len[f];
        if (L <= s.down[f] || s.cards[f][L - 1] == kUnknown) continue;
        const int r = s.run_start(f);
        for (int st = r; st < L; ++st) {
            const Byte c = s.cards[f][st];
            const int n = L - st;
            const bool full = st == r;
            const bool beneath_seq = full && st - 1 >= s.down[f] &&
                                     rank_of(s.cards[f][st - 1]) == rank_of(c) + 1 &&
                                     s.cards[f][st - 1] != kUnknown;
            if (first_empty >= 0 && st > 0)
                out.push_back(Move{static_cast<std::uint8_t>(f),
                                   static_cast<std::uint8_t>(first_empty),
                                   static_cast<std::uint8_t>(n)});
            if (!full) {
                // Part of a run only to an empty pile, or (partial_same) onto its own suit.
                if (!ctx.partial_same) continue;
                for (int t = 0; t < kPiles; ++t) {
                    if (t == f || s.len[t] == 0 || s.len[t] + n > kCap) continue;
                    const Byte top = s.cards[t][s.len[t] - 1];
                    if (!same_suit_seq(top, c)) continue;
                    out.push_back(Move{static_cast<std::uint8_t>(f), static_cast<std::uint8_t>(t),
                                       static_cast<std::uint8_t>(n)});
                }
                continue;
            }
            for (int t = 0; t < kPiles; ++t) {
                if (t == f || s.len[t] == 0 || s.len[t] + n > kCap) continue;
                const Byte top = s.cards[t][s.len[t] - 1];
                if (top == kUnknown || rank_of(top) != rank_of(c) + 1) continue;
                const bool same = suit_of(top) == suit_of(c);
                if (ctx.prune_lateral && !same && beneath_seq) continue;
                out.push_back(Move{static_cast<std::uint8_t>(f), static_cast<std::uint8_t>(t),
                                   static_cast<std::uint8_t>(n)});
            }
        }
    }
    if (ctx.macros && first_empty >= 0) {
        const int empties = s.empties();
        // Runs that can move at once with e free empty piles (other than the target).
        auto reach = [&](int e) { return ctx.supermoves ? 1 << std::min(e, 4) : e + 1; };
        for (int f = 0; f < kPiles; ++f) {
            const int L = s.len[f];
            if (L <= s.down[f] || s.cards[f][L - 1] == kUnknown) continue;
            // Segment starts from the top down: seg[0] is the top run.
            int seg[14];
            int ns = 0;
            int r = s.run_start(f);
            seg[ns++] = r;
            while (ns < 14 && r - 1 >= s.down[f] && s.cards[f][r - 1] != kUnknown &&
                   rank_of(s.cards[f][r - 1]) == rank_of(s.cards[f][r]) + 1) {
                const Byte* c = s.cards[f].data();
                int q = r - 1;
                while (q - 1 >= s.down[f] && same_suit_seq(c[q - 1], c[q])) --q;
                r = q;
                seg[ns++] = r;
            }
            for (int k = 1; k < ns; ++k) {
                const int st = seg[k];
                const int n = L - st;
                const int parked = k;  // runs that go to empty piles meanwhile
                const bool chain_bottom = k == ns - 1;
                const Byte c = s.cards[f][st];
                // To an empty pile: needs one more empty pile, and not the whole pile.
                if (st > 0 && parked <= reach(empties - 1) - 1)
                    out.push_back(Move{static_cast<std::uint8_t>(f),
                                       static_cast<std::uint8_t>(first_empty),
                                       static_cast<std::uint8_t>(n)});
                if (parked > reach(empties) - 1) continue;
                for (int t = 0; t < kPiles; ++t) {
                    if (t == f || s.len[t] == 0 || s.len[t] + n > kCap) continue;
                    const Byte top = s.cards[t][s.len[t] - 1];
                    if (top == kUnknown || rank_of(top) != rank_of(c) + 1) continue;
                    if (!chain_bottom && suit_of(top) != suit_of(c)) continue;
                    out.push_back(Move{static_cast<std::uint8_t>(f), static_cast<std::uint8_t>(t),
                                       static_cast<std::uint8_t>(n)});
                }
            }
        }
    }
    if (s.deals_left > 0 && first_empty < 0) {
        bool room = true;
        for (int p = 0; p < kPiles; ++p) room = room && s.len[p] < kCap;
        if (room) out.push_back(Move::deal());
    }
}

bool legal(const State& s, const Move& m) {
    if (m.is_deal()) {
        if (s.deals_left == 0) return false;
        for (int p = 0; p < kPiles; ++p)
            if (s.len[p] == 0 || s.len[p] >= kCap) return false;
        return true;
    }
    if (m.from >= kPiles || m.to >= kPiles || m.from == m.to || m.n < 1) return false;
    const int L = s.len[m.from];
    if (m.n > L - s.down[m.from]) return false;
    const int st = L - m.n;
    if (s.cards[m.from][L - 1] == kUnknown || s.run_start(m.from) > st) return false;
    if (s.len[m.to] + m.n > kCap) return false;
    if (s.len[m.to] == 0) return true;
    const Byte top = s.cards[m.to][s.len[m.to] - 1];
    return top != kUnknown && rank_of(top) == rank_of(s.cards[m.from][st]) + 1;
}

std::vector<Move> expand_macro(const State& s, const Move& m) {
    if (legal(s, m)) return {m};
    if (m.is_deal() || m.from >= kPiles || m.to >= kPiles || m.from == m.to) return {};
    const int f = m.from, t = m.to, L = s.len[f];
    if (m.n < 1 || m.n > L - s.down[f] || s.len[t] + m.n > kCap) return {};
    const int st = L - m.n;
    // Runs of the moved cards, bottom first: [b[i], b[i+1]).
    std::vector<int> b{st};
    for (int i = st + 1; i < L; ++i) {
        const Byte a = s.cards[f][i - 1], c = s.cards[f][i];
        if (c == kUnknown || rank_of(a) != rank_of(c) + 1) return {};
        if (suit_of(a) != suit_of(c)) b.push_back(i);
    }
    b.push_back(L);
    const int runs = static_cast<int>(b.size()) - 1;
    std::vector<int> empty;
    for (int p = 0; p < kPiles; ++p)
        if (s.len[p] == 0 && p != t) empty.push_back(p);
    const int e = static_cast<int>(empty.size());
    if (runs > (e >= 5 ? 32 : 1 << e)) return {};
    if (s.len[t] > 0) {
        const Byte top = s.cards[t][s.len[t] - 1];
        if (top == kUnknown || rank_of(top) != rank_of(s.cards[f][st]) + 1) return {};
    }
    std::vector<int> lens;  // the runs' lengths, bottom first
    for (int i = 0; i < runs; ++i) lens.push_back(b[static_cast<std::size_t>(i) + 1] - b[i]);
    std::vector<Move> out;
    move_runs(f, t, lens, 0, runs, empty, out);
    return out;
}

bool apply(State& s, const Move& m, const Context& ctx) {
    if (m.is_deal()) {
        const int k = kDeals - s.deals_left;
        for (int p = 0; p < kPiles; ++p) s.cards[p][s.len[p]++] = ctx.stock[10 * k + p];
        --s.deals_left;
        for (int p = 0; p < kPiles; ++p) {
            complete_runs(s, p);
            turn_over(s, p);
        }
        refresh_all(s, ctx);
        return false;
    }
    const int f = m.from, t = m.to, n = m.n;
    const int st = s.len[f] - n;
    for (int i = 0; i < n; ++i) s.cards[t][s.len[t] + i] = s.cards[f][st + i];
    s.len[t] = static_cast<std::uint8_t>(s.len[t] + n);
    s.len[f] = static_cast<std::uint8_t>(st);
    complete_runs(s, t);
    const bool turned_t = turn_over(s, t);
    const bool turned_f = turn_over(s, f);
    refresh_pile(s, f, ctx);
    refresh_pile(s, t, ctx);
    return turned_t || turned_f;
}

State initial_state(int suits, std::uint64_t deal_number, Context& ctx) {
    const std::vector<Card> deck = shuffled_deck(suits, deal_number);
    State s;
    for (int i = 0; i < 54; ++i) {
        const int p = tableau_pile(i);
        s.cards[p][s.len[p]++] = to_byte(deck[i]);
    }
    for (int p = 0; p < kPiles; ++p) s.down[p] = static_cast<std::uint8_t>(s.len[p] - 1);
    for (int i = 0; i < 50; ++i) ctx.stock[i] = to_byte(deck[54 + i]);
    s.deals_left = kDeals;
    s.done = 0;
    refresh_all(s, ctx);
    return s;
}

}  // namespace croupier::games::spider::search
