// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/events/matching.hpp"

#include <algorithm>
#include <bit>
// GCC 12 at -O2 warns inside Boost's Edmonds matching (odd_components_counter, a member
// it reads only after setting it) that a field "may be used uninitialized": Boost's code,
// not ours, and with -Werror it stopped the RelWithDebInfo build (build/, `contrib/dev run`).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#include <boost/version.hpp>
#include <limits>
#include <stdexcept>
#include <utility>

// Boost's maximum_weighted_matching before its rewrite (boostorg/graph#400, which closed
// #199, #223 and #399) dereferences null blossoms and never ends on graphs like a Swiss
// round's (docs/ARCHITECTURE.md, "Events: pairing"): it is used only from Boost 1.89.
#if BOOST_VERSION >= 108900
#define CROUPIER_EVENTS_BOOST_MWM 1
#include <boost/graph/maximum_weighted_matching.hpp>
#else
#define CROUPIER_EVENTS_BOOST_MWM 0
#endif

namespace croupier::events {

std::string_view method_name(MatchMethod m) {
    switch (m) {
        case MatchMethod::Exact:
            return "exact";
        case MatchMethod::Boost:
            return "boost";
        case MatchMethod::RankOrder:
            return "rank-order";
    }
    return "?";
}

namespace {

constexpr std::int64_t kNone = -1;

// The candidates as a matrix of combined costs (tier * step + cost; kNone: not a candidate).
struct Table {
    int n = 0;
    std::vector<std::int64_t> combined;
    std::vector<int> tier;
    std::int64_t step = 0;

    std::int64_t at(int a, int b) const { return combined[static_cast<std::size_t>(a * n + b)]; }
    int tier_at(int a, int b) const { return tier[static_cast<std::size_t>(a * n + b)]; }
};

Table make_table(int n, const std::vector<Candidate>& candidates) {
    if (n < 0 || n > kMaxVertices) throw std::invalid_argument("events: too many players");
    Table t;
    t.n = n;
    t.combined.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), kNone);
    t.tier.assign(t.combined.size(), 0);
    std::int64_t max_cost = 0;
    for (const auto& c : candidates) {
        if (c.a < 0 || c.b < 0 || c.a >= n || c.b >= n || c.a == c.b || c.cost < 0 ||
            c.cost > kMaxCost || c.tier < 0 || c.tier > 15)
            throw std::invalid_argument("events: a pairing candidate out of range");
        max_cost = std::max(max_cost, c.cost);
    }
    t.step = (static_cast<std::int64_t>(n) / 2 + 1) * (max_cost + 1);
    for (const auto& c : candidates) {
        const std::int64_t v = c.tier * t.step + c.cost;
        for (auto [a, b] : {std::pair{c.a, c.b}, std::pair{c.b, c.a}}) {
            const auto i = static_cast<std::size_t>(a * n + b);
            if (t.combined[i] == kNone || v < t.combined[i]) {
                t.combined[i] = v;
                t.tier[i] = c.tier;
            }
        }
    }
    return t;
}

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

// The most pairs among the vertices not in `out`, with pairs of tier <= max_tier.
int edmonds_pairs(const Table& t, int max_tier, const std::vector<char>& out) {
    Graph g(static_cast<std::size_t>(t.n));
    for (int a = 0; a < t.n; ++a) {
        if (out[static_cast<std::size_t>(a)]) continue;
        for (int b = a + 1; b < t.n; ++b) {
            if (out[static_cast<std::size_t>(b)] || t.at(a, b) == kNone) continue;
            if (t.tier_at(a, b) <= max_tier)
                boost::add_edge(static_cast<Vertex>(a), static_cast<Vertex>(b), g);
        }
    }
    std::vector<Vertex> mate(static_cast<std::size_t>(t.n));
    if (!boost::checked_edmonds_maximum_cardinality_matching(g, mate.data()))
        throw std::logic_error("events: Boost's cardinality matching failed its own check");
    return static_cast<int>(boost::matching_size(g, mate.data()));
}

struct Bound {
    int pairs = 0;     // the most pairs possible
    int max_tier = 0;  // the lowest tier bound that still gives them
};

Bound bound_of(const Table& t) {
    const std::vector<char> none(static_cast<std::size_t>(t.n), 0);
    int top = 0;
    for (int v : t.tier) top = std::max(top, v);
    Bound b;
    b.pairs = edmonds_pairs(t, top, none);
    b.max_tier = top;
    for (int tier = 0; tier < top; ++tier) {
        if (edmonds_pairs(t, tier, none) == b.pairs) {
            b.max_tier = tier;
            break;
        }
    }
    return b;
}

bool allowed(const Table& t, const Bound& b, int x, int y) {
    return t.at(x, y) != kNone && t.tier_at(x, y) <= b.max_tier;
}

Matching finish(const Table& t, std::vector<int> mate, MatchMethod method) {
    Matching m;
    m.mate = std::move(mate);
    m.method = method;
    for (int a = 0; a < t.n; ++a) {
        const int b = m.mate[static_cast<std::size_t>(a)];
        if (b > a) {
            ++m.pairs;
            m.worst_tier = std::max(m.worst_tier, t.tier_at(a, b));
            m.total_cost += t.at(a, b);
        }
    }
    return m;
}

// Exact: over the subsets of vertices, the most pairs and then the least cost.
std::vector<int> exact(const Table& t, const Bound& b) {
    const int n = t.n;
    if (n > 20) throw std::invalid_argument("events: the exact pairing takes at most 20");
    const std::size_t states = std::size_t{1} << n;
    struct Best {
        int pairs = 0;
        std::int64_t cost = 0;
        int with = -1;  // the lowest vertex's mate, or -1: left out
    };
    std::vector<Best> best(states);
    for (std::size_t mask = 1; mask < states; ++mask) {
        const int i = std::countr_zero(mask);
        const std::size_t rest = mask & ~(std::size_t{1} << i);
        Best choice{best[rest].pairs, best[rest].cost, -1};
        for (int j = i + 1; j < n; ++j) {
            if (!(rest >> j & 1U) || !allowed(t, b, i, j)) continue;
            const Best& r = best[rest & ~(std::size_t{1} << j)];
            const int pairs = r.pairs + 1;
            const std::int64_t cost = r.cost + t.at(i, j);
            if (pairs > choice.pairs || (pairs == choice.pairs && cost < choice.cost))
                choice = Best{pairs, cost, j};
        }
        best[mask] = choice;
    }
    std::vector<int> mate(static_cast<std::size_t>(n), -1);
    std::size_t mask = states - 1;
    while (mask) {
        const int i = std::countr_zero(mask);
        mask &= ~(std::size_t{1} << i);
        const int j = best[mask | (std::size_t{1} << i)].with;
        if (j >= 0) {
            mate[static_cast<std::size_t>(i)] = j;
            mate[static_cast<std::size_t>(j)] = i;
            mask &= ~(std::size_t{1} << j);
        }
    }
    return mate;
}

// Exchanges partners while that lowers the total: two pairs swap partners, or a pair takes a
// left-out vertex in place of one of its two. The number of pairs and the tier bound stay.
void exchange(const Table& t, const Bound& b, std::vector<int>& mate) {
    const int n = t.n;
    for (int pass = 0; pass < 200; ++pass) {
        bool better = false;
        for (int a = 0; a < n; ++a) {
            const int x = mate[static_cast<std::size_t>(a)];
            if (x >= 0 && x < a) continue;
            for (int c = a + 1; c < n; ++c) {
                if (c == x) continue;
                const int y = mate[static_cast<std::size_t>(c)];
                if (y >= 0 && y < c) continue;
                if (x >= 0 && y >= 0) {
                    const std::int64_t now = t.at(a, x) + t.at(c, y);
                    if (allowed(t, b, a, c) && allowed(t, b, x, y) &&
                        t.at(a, c) + t.at(x, y) < now) {
                        mate[static_cast<std::size_t>(a)] = c,
                        mate[static_cast<std::size_t>(c)] = a;
                        mate[static_cast<std::size_t>(x)] = y,
                        mate[static_cast<std::size_t>(y)] = x;
                        better = true;
                    } else if (allowed(t, b, a, y) && allowed(t, b, x, c) &&
                               t.at(a, y) + t.at(x, c) < now) {
                        mate[static_cast<std::size_t>(a)] = y,
                        mate[static_cast<std::size_t>(y)] = a;
                        mate[static_cast<std::size_t>(x)] = c,
                        mate[static_cast<std::size_t>(c)] = x;
                        better = true;
                    }
                } else if (x >= 0 || y >= 0) {
                    // One of a, c is left out (u), the other (p) is paired with q.
                    const int u = x >= 0 ? c : a;
                    const int p = x >= 0 ? a : c;
                    const int q = x >= 0 ? x : y;
                    if (allowed(t, b, u, p) && t.at(u, p) < t.at(p, q)) {
                        mate[static_cast<std::size_t>(q)] = -1;
                        mate[static_cast<std::size_t>(u)] = p,
                        mate[static_cast<std::size_t>(p)] = u;
                        better = true;
                    } else if (allowed(t, b, u, q) && t.at(u, q) < t.at(p, q)) {
                        mate[static_cast<std::size_t>(p)] = -1;
                        mate[static_cast<std::size_t>(u)] = q,
                        mate[static_cast<std::size_t>(q)] = u;
                        better = true;
                    }
                }
                if (better) break;
            }
            if (better) break;
        }
        if (!better) return;
    }
}

// In rank order: each vertex still free takes its cheapest partner that leaves the rest able
// to reach the most pairs (Edmonds' check); then exchanges.
std::vector<int> rank_order(const Table& t, const Bound& b) {
    const int n = t.n;
    std::vector<int> mate(static_cast<std::size_t>(n), -1);
    std::vector<char> out(static_cast<std::size_t>(n), 0);  // paired, or decided left out
    int pairs = 0;
    for (int v = 0; v < n; ++v) {
        if (out[static_cast<std::size_t>(v)]) continue;
        std::vector<int> partners;
        for (int u = 0; u < n; ++u)
            if (u != v && !out[static_cast<std::size_t>(u)] && allowed(t, b, v, u))
                partners.push_back(u);
        std::stable_sort(partners.begin(), partners.end(),
                         [&](int x, int y) { return t.at(v, x) < t.at(v, y); });
        out[static_cast<std::size_t>(v)] = 1;
        bool paired = false;
        for (int u : partners) {
            out[static_cast<std::size_t>(u)] = 1;
            if (pairs + 1 + edmonds_pairs(t, b.max_tier, out) == b.pairs) {
                mate[static_cast<std::size_t>(v)] = u;
                mate[static_cast<std::size_t>(u)] = v;
                ++pairs;
                paired = true;
                break;
            }
            out[static_cast<std::size_t>(u)] = 0;
        }
        (void)paired;  // unpaired: v is left out, and the rest still reach the most pairs
    }
    exchange(t, b, mate);
    return mate;
}

#if CROUPIER_EVENTS_BOOST_MWM
// Boost's weighted matching on the allowed pairs, weights turned so that more pairs always
// weigh more; its answer is checked (the most pairs) and polished by exchanges.
bool boost_weighted(const Table& t, const Bound& b, std::vector<int>& out) {
    using WeightedGraph =
        boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                              boost::property<boost::edge_weight_t, std::int64_t>>;
    std::int64_t top = 0;
    for (std::int64_t c : t.combined) top = std::max(top, c);
    const std::int64_t k = (static_cast<std::int64_t>(t.n) / 2 + 1) * (top + 1);
    WeightedGraph g(static_cast<std::size_t>(t.n));
    for (int a = 0; a < t.n; ++a)
        for (int c = a + 1; c < t.n; ++c)
            if (allowed(t, b, a, c))
                boost::add_edge(static_cast<std::size_t>(a), static_cast<std::size_t>(c),
                                2 * (k - t.at(a, c)), g);
    std::vector<boost::graph_traits<WeightedGraph>::vertex_descriptor> mate(
        static_cast<std::size_t>(t.n));
    boost::maximum_weighted_matching(g, mate.data());
    out.assign(static_cast<std::size_t>(t.n), -1);
    int pairs = 0;
    for (int a = 0; a < t.n; ++a) {
        const auto m = mate[static_cast<std::size_t>(a)];
        if (m == boost::graph_traits<WeightedGraph>::null_vertex()) continue;
        const int c = static_cast<int>(m);
        if (c < 0 || c >= t.n || static_cast<int>(mate[static_cast<std::size_t>(c)]) != a ||
            !allowed(t, b, a, c))
            return false;
        out[static_cast<std::size_t>(a)] = c;
        if (c > a) ++pairs;
    }
    if (pairs != b.pairs) return false;
    exchange(t, b, out);
    return true;
}
#endif

}  // namespace

int max_pairs(int vertices, const std::vector<Candidate>& candidates, int max_tier) {
    const Table t = make_table(vertices, candidates);
    return edmonds_pairs(t, max_tier, std::vector<char>(static_cast<std::size_t>(vertices), 0));
}

Matching match_with(MatchMethod method, int vertices, const std::vector<Candidate>& candidates) {
    const Table t = make_table(vertices, candidates);
    const Bound b = bound_of(t);
    switch (method) {
        case MatchMethod::Exact:
            return finish(t, exact(t, b), MatchMethod::Exact);
        case MatchMethod::Boost: {
#if CROUPIER_EVENTS_BOOST_MWM
            std::vector<int> mate;
            if (boost_weighted(t, b, mate)) return finish(t, std::move(mate), MatchMethod::Boost);
#endif
            return finish(t, rank_order(t, b), MatchMethod::RankOrder);
        }
        case MatchMethod::RankOrder:
            return finish(t, rank_order(t, b), MatchMethod::RankOrder);
    }
    return finish(t, rank_order(t, b), MatchMethod::RankOrder);
}

Matching match(int vertices, const std::vector<Candidate>& candidates) {
    if (vertices <= kExactVertices) return match_with(MatchMethod::Exact, vertices, candidates);
    return match_with(MatchMethod::Boost, vertices, candidates);
}

}  // namespace croupier::events
