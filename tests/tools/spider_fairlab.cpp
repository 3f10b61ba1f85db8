// The fair player's laboratory: plays a range of deals without undo and prints the win rate,
// so a change to games/spider/fair.cpp can be measured on more deals than the bench uses.
//
//   spider_fairlab --suits 4 --from 1 --to 200 [--nodes 20000] [--threads 2] [--show DEAL]
//                  [--leaves 6] [--inner 40 (every suit count)] [--inner4 120 (4 suits)]
//                  [--empty 200 (an empty pile's weight)] [--keep MB (search memory kept)]
//                  [--weight NAME=VALUE ...] (the evaluation's weights, repeatable: issue 47)
//                  [--worlds K [--world-min 30] [--world-vote 1] [--world-depth D]] (lines that
//                  turn a card ranked in K sampled worlds of the unseen cards, a full-knowledge
//                  search each: issue 47)
//                  [--analyse NODES [--recheck NODES2] [--reveal NODES3] [--seeing NODES4]]
//   spider_fairlab --suits 4 --from 1001 --to 1200 --certify 5000000 [--memory 200]
//
// --nodes is the budget of a decision, all its searches together (FairLimits::max_nodes).
// The summary line gives each decision's CPU time (its thread's): mean, 99th percentile,
// most. LAB_VERBOSE=1 prints each deal's outcome. --show prints the final position of that deal.
// Not a test; the bench prints the figures of record (croupierd --bench spider).
//
// --weight sets one of the fair player's weights (FairLimits::weights; the rest stay
// fair_weights()'s): NAME is a field of search::Weights (same, seq, brk, down, empty, done,
// deal, unknown, king_base, down_last, cover, min_down, no_home) or of FairWeights (reveal,
// deal_cost, fill_empty). The summary line then lists the weights that differ.
//
// --certify runs the certifier instead (it sees every card; issue 47): certify() on each deal
// with that budget in positions and --memory MB (100 unless given), each deal alone on a
// thread, as the bench does, and prints the deals proved, the mean and most CPU time a deal
// (its thread's) and the mean positions; LAB_VERBOSE=1 prints each deal.
//
// --analyse replays each game with every card known and prints, a line per deal: how it
// ended (won; stuck: no plan; repeat: a position came back; limit: 1500 moves), the cards
// face down before each deal and at the end, the cards turned over and the most empty piles
// in each stretch between deals, the dealt cards that landed in sequence (in suit / not),
// the face-up structure at each deal, and, for lost games, whether the certifier's search
// (full knowledge, at most NODES expanded positions each; 0: not run) proves the deal, the
// position before each deal the player made, and the end winnable (--recheck: the first
// position not proved is searched again with NODES2; --reveal: before each deal, whether any
// legal line turns a card over, NODES3 positions at most; --seeing: in each stretch before
// a deal, the cards turned by searches seeing every card, NODES4 positions each).
// Then the means over won
// and lost games (docs/PERFORMANCE.md, Spider, Fair player, issue 31's sixth session).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <sys/resource.h>
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "games/spider/search_play.hpp"
#include "games/spider/solver.hpp"

using namespace croupier::games;
using namespace croupier::games::spider;

namespace {

using namespace search;

double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// --certify: the certifier on deals from..to, `threads` at a time.
int certify_range(int suits, std::uint64_t from, std::uint64_t to, int threads,
                  const SolverLimits& limits) {
    struct One {
        bool won = false;
        std::size_t nodes = 0, peak_bytes = 0;
        double seconds = 0;
    };
    std::vector<One> out(to - from + 1);
    std::atomic<std::uint64_t> next{from};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            for (std::uint64_t d; (d = next++) <= to;) {
                const double t0 = thread_cpu_seconds();
                const CertifyResult r = certify(suits, d, limits);
                One& o = out[d - from];
                o.seconds = thread_cpu_seconds() - t0;
                o.won = r.verdict == CertifyResult::Verdict::Winnable;
                o.nodes = r.nodes;
                o.peak_bytes = r.peak_bytes;
            }
        });
    for (auto& t : pool) t.join();
    int won = 0;
    double total = 0, most = 0, nodes = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const One& o = out[i];
        won += o.won;
        total += o.seconds;
        most = std::max(most, o.seconds);
        nodes += static_cast<double>(o.nodes);
        if (std::getenv("LAB_VERBOSE"))
            std::printf("deal %llu %s %zu nodes %.3f s %.1f MB\n",
                        static_cast<unsigned long long>(from + i), o.won ? "winnable" : "unknown",
                        o.nodes, o.seconds, static_cast<double>(o.peak_bytes) / (1024.0 * 1024.0));
    }
    const double n = static_cast<double>(out.size());
    std::printf(
        "suits %d deals %llu..%llu certifier nodes %zu memory %zu MB: proved %d (%.1f%%), mean "
        "%.3f s, most %.3f s a deal (CPU), mean %.0f nodes\n",
        suits, static_cast<unsigned long long>(from), static_cast<unsigned long long>(to),
        limits.max_nodes, limits.max_memory_mb, won, 100.0 * won / n, total / n, most, nodes / n);
    return 0;
}

// The weights --weight may set, by name: the fields of search::Weights and of FairWeights.
std::vector<std::pair<const char*, int*>> weight_fields(FairWeights& f) {
    search::Weights& w = f.w;
    return {
        {"same", &w.same},
        {"seq", &w.seq},
        {"brk", &w.brk},
        {"down", &w.down},
        {"empty", &w.empty},
        {"done", &w.done},
        {"deal", &w.deal},
        {"unknown", &w.unknown},
        {"king_base", &w.king_base},
        {"down_last", &w.down_last},
        {"cover", &w.cover},
        {"min_down", &w.min_down},
        {"no_home", &w.no_home},
        {"runs_near", &w.runs_near},
        {"runs_over", &w.runs_over},
        {"unlock", &w.unlock},
        {"one_move", &w.one_move},
        {"reveal", &f.reveal_bonus},
        {"deal_cost", &f.deal_cost},
        {"fill_empty", &f.fill_empty},
    };
}

// --weight NAME=VALUE: the field it names, nullptr if none.
int* weight_field(FairWeights& f, const std::string& name) {
    for (const auto& [n, field] : weight_fields(f))
        if (name == n) return field;
    return nullptr;
}

// The weights that differ from the player's, as "name=value ..." ("" when none).
std::string weights_text(const FairLimits& limits) {
    if (!limits.weights) return "";
    FairWeights set = *limits.weights, own = fair_weights();
    const auto mine = weight_fields(set), player = weight_fields(own);
    std::string out;
    for (std::size_t i = 0; i < mine.size(); ++i)
        if (*mine[i].second != *player[i].second)
            out += std::string(" ") + mine[i].first + "=" + std::to_string(*mine[i].second);
    return out;
}

void show(int suits, std::uint64_t deal, const FairLimits& limits) {
    const FairGame g = play_fair_game(suits, deal, limits);
    search::Context ctx;
    search::State s = search::initial_state(suits, deal, ctx);
    auto print = [&] {
        for (int p = 0; p < search::kPiles; ++p) {
            std::printf("%2d: ", p + 1);
            for (int i = 0; i < s.len[p]; ++i) {
                const std::string t = to_text(search::to_card(s.cards[p][i]));
                std::printf(i < s.down[p] ? "(%s) " : "%s ", t.c_str());
            }
            std::printf("\n");
        }
    };
    if (std::getenv("LAB_TRACE")) print();
    for (const auto& m : g.moves) {
        if (std::getenv("LAB_TRACE")) {
            if (m == "deal") print();
            std::printf("%s\n", m.c_str());
        }
        search::apply(s, *search::parse_move(m), ctx);
    }
    std::printf("deal %llu: %s after %zu moves, %d runs done, %d deals left\n",
                static_cast<unsigned long long>(deal), g.won ? "won" : "lost", g.moves.size(),
                s.done, s.deals_left);
    print();
    const auto plan = fair_plan(view_of(s, suits), limits);
    std::printf("its plan from here: %zu moves%s\n", plan.size(),
                plan.empty() ? "" : (" " + plan.front()).c_str());
}

// ---- Where the games die (--analyse) -------------------------------------------------------

// Whether the certifier's search (games/spider/solver.hpp, certify_position) proves `s`
// winnable (every card known: the stock in `stock`) within `max_nodes` expansions; its line
// of single moves, replayed with the rules, in `proof`.
bool winnable_from(const State& s, const std::array<Byte, 50>& stock, std::size_t max_nodes,
                   std::vector<Move>* proof = nullptr) {
    Context ctx;
    ctx.stock = stock;
    SolverLimits limits;
    limits.max_nodes = max_nodes;
    limits.seconds = 1e6;         // the node budget is the limit here
    limits.max_memory_mb = 4096;  // as much as the search needs
    auto line = certify_position(s, ctx, limits);
    if (line && proof) *proof = std::move(*line);
    return line.has_value();
}

// Whether, seeing only what the player sees, some sequence of legal moves (every move the
// rules allow, not only the player's) turns a card over before the next deal: 'F' found (and
// its length in moves), 'N' none (every position reachable without turning a card was
// searched), 'U' not known within `budget` positions.
std::pair<char, int> reveal_line(const State& full, std::size_t budget) {
    Context ctx;
    State root = full;
    for (int p = 0; p < kPiles; ++p)
        for (int i = 0; i < root.down[p]; ++i) root.cards[p][i] = kUnknown;
    refresh_all(root, ctx);
    HashSet seen;
    seen.clear(1 << 12);
    seen.insert(state_hash(root));
    std::vector<std::pair<State, int>> layer{{root, 0}}, next;
    std::size_t nodes = 0;
    while (!layer.empty()) {
        next.clear();
        for (const auto& [st, depth] : layer) {
            if (++nodes > budget) return {'U', 0};
            for (int f = 0; f < kPiles; ++f) {
                if (st.len[f] <= st.down[f]) continue;
                const int run = st.len[f] - st.run_start(f);
                for (int n = 1; n <= run; ++n)
                    for (int t = 0; t < kPiles; ++t) {
                        const Move m{static_cast<std::uint8_t>(f), static_cast<std::uint8_t>(t),
                                     static_cast<std::uint8_t>(n)};
                        if (!legal(st, m)) continue;
                        State child = st;
                        if (apply(child, m, ctx)) return {'F', depth + 1};
                        if (seen.insert(state_hash(child))) next.emplace_back(child, depth + 1);
                    }
            }
        }
        layer.swap(next);
    }
    return {'N', 0};
}

// The cards a player who saw every card turns over from `s` before the next deal (tableau
// moves only, the player's moves and evaluation): searches of at most `budget` positions each,
// each going to the position with the
// fewest face-down cards it reached, until one finds none fewer. A lower bound of what seeing
// every card allows, not the most.
int most_turned(const State& s, int suits, std::size_t budget) {
    const Context ctx = fair_context(suits);
    auto down_of = [](const State& st) {
        int d = 0;
        for (int p = 0; p < kPiles; ++p) d += st.down[p];
        return d;
    };
    State root = s;
    refresh_all(root, ctx);
    const int start = down_of(root);
    HashSet seen;
    std::vector<State> states;
    std::vector<std::pair<std::int64_t, std::uint32_t>> open;
    std::vector<Move> moves;
    auto cmp = [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first < b.first : a.second > b.second;
    };
    for (;;) {
        seen.clear(1 << 12);
        seen.insert(state_hash(root));
        states.assign(1, root);
        open.assign(1, {evaluate(root, ctx), 0});
        std::uint32_t best = 0;
        for (std::size_t n = 0; n < budget && !open.empty(); ++n) {
            std::pop_heap(open.begin(), open.end(), cmp);
            const std::uint32_t i = open.back().second;
            open.pop_back();
            moves.clear();
            generate_moves(states[i], ctx, moves);
            for (const Move& m : moves) {
                if (m.is_deal()) continue;
                State child = states[i];
                apply(child, m, ctx);
                if (!seen.insert(state_hash(child))) continue;
                states.push_back(child);
                const auto k = static_cast<std::uint32_t>(states.size() - 1);
                if (down_of(child) < down_of(states[best])) best = k;
                open.emplace_back(evaluate(child, ctx), k);
                std::push_heap(open.begin(), open.end(), cmp);
            }
        }
        if (best == 0) break;
        root = states[best];
        if (root.won()) break;
    }
    return start - down_of(root);
}

// The face-up structure of a position.
struct Shape {
    int down = 0;      // face-down cards
    int same = 0;      // face-up pairs in sequence, same suit
    int offseq = 0;    // face-up pairs in sequence, other suit
    int brk = 0;       // face-up pairs out of sequence
    int mixed = 0;     // piles with face-down cards under more than one run
    int pieces = 0;    // runs over face-down cards, all piles
    int cheapest = 0;  // fewest runs over face-down cards in a pile (0: none left down)
};

Shape shape_of(const State& s) {
    Shape sh;
    sh.cheapest = 99;
    for (int p = 0; p < kPiles; ++p) {
        sh.down += s.down[p];
        int runs = s.len[p] > s.down[p] ? 1 : 0;
        for (int i = s.down[p] + 1; i < s.len[p]; ++i) {
            const Byte a = s.cards[p][i - 1], b = s.cards[p][i];
            if (same_suit_seq(a, b)) {
                ++sh.same;
            } else {
                ++runs;
                if (rank_of(a) == rank_of(b) + 1)
                    ++sh.offseq;
                else
                    ++sh.brk;
            }
        }
        if (s.down[p] > 0) {
            sh.pieces += runs;
            sh.mixed += runs > 1;
            sh.cheapest = std::min(sh.cheapest, runs);
        }
    }
    if (sh.cheapest == 99) sh.cheapest = 0;
    return sh;
}

// One game of the fair player, replayed with every card known.
struct Anatomy {
    std::uint64_t deal = 0;
    bool won = false;
    std::size_t moves = 0;
    std::string end;  // won, stuck (no plan), repeat (a position came back), limit (moves)
    // Positions: the deal (0), before each deal it made (1..5), the end (last).
    std::vector<State> at;
    std::vector<std::string> names;
    std::array<int, 6> reveals{};    // cards turned over before deal 1, between deals, after 5
    std::array<int, 6> max_empty{};  // most empty piles at once in each of those stretches
    std::array<int, 5> fit_same{}, fit_off{};  // dealt cards landing in sequence, in suit / not
    std::string knowing;   // per position: W proved winnable, w implied (a later one is), ? not
    std::string reveal;    // before each deal it made: reveal_line()'s verdict
    int reveal_moves = 0;  // the moves of the reveal lines found, all deals
    // From the last position proved winnable: the cards the certifier's line turns over before
    // its next deal, and the player's (-1: not measured).
    int knowing_turned = -1, player_turned = -1;
    // In each stretch before a deal, from where it began (the deal, or just after a deal):
    // the cards a player seeing every card turns over (most_turned(); -1: not run).
    std::array<int, 5> could_turn{-1, -1, -1, -1, -1};
};

Anatomy anatomy(int suits, std::uint64_t deal, const FairLimits& limits, std::size_t knowing_nodes,
                std::size_t recheck_nodes, std::size_t reveal_nodes, std::size_t seeing_nodes,
                int max_moves = 1500) {
    Anatomy a;
    a.deal = deal;
    const FairGame g = play_fair_game(suits, deal, limits, max_moves);
    a.won = g.won;
    a.moves = g.moves.size();
    Context ctx;
    State s = initial_state(suits, deal, ctx);
    a.at.push_back(s);
    a.names.push_back("start");
    int stage = 0, deals = 0;
    for (const auto& text : g.moves) {
        const Move m = *parse_move(text);
        if (m.is_deal()) {
            a.at.push_back(s);
            a.names.push_back("d" + std::to_string(++deals));
            for (int p = 0; p < kPiles; ++p) {
                const Byte top = s.top(p), card = ctx.stock[10 * (deals - 1) + p];
                if (same_suit_seq(top, card))
                    ++a.fit_same[static_cast<std::size_t>(deals - 1)];
                else if (rank_of(top) == rank_of(card) + 1)
                    ++a.fit_off[static_cast<std::size_t>(deals - 1)];
            }
            ++stage;
        }
        const int before = shape_of(s).down;
        apply(s, m, ctx);
        const auto st = static_cast<std::size_t>(stage);
        a.reveals[st] += before - shape_of(s).down;
        a.max_empty[st] = std::max(a.max_empty[st], s.empties());
    }
    a.at.push_back(s);
    a.names.push_back("end");
    if (a.won)
        a.end = "won";
    else if (static_cast<int>(a.moves) >= max_moves)
        a.end = "limit";
    else
        a.end = fair_plan(view_of(s, suits), limits).empty() ? "stuck" : "repeat";
    if (seeing_nodes > 0)
        for (std::size_t i = 0; i + 2 < a.at.size() && i < 5; ++i) {
            State st = a.at[i];
            if (i > 0) apply(st, Move::deal(), ctx);
            a.could_turn[i] = most_turned(st, suits, seeing_nodes);
        }
    if (reveal_nodes > 0)
        for (std::size_t i = 1; i + 1 < a.at.size(); ++i) {
            const auto [verdict, moves] = reveal_line(a.at[i], reveal_nodes);
            a.reveal += verdict;
            a.reveal_moves += moves;
        }
    a.knowing.assign(a.at.size(), a.won ? 'W' : '?');
    if (!a.won && knowing_nodes > 0) {
        // The player's own line leads from each position to the next: once one is winnable,
        // every earlier one is. So from the end backwards, up to the first proved.
        for (std::size_t i = a.at.size(); i-- > 0;) {
            std::vector<Move> proof;
            if (winnable_from(a.at[i], ctx.stock, knowing_nodes, &proof)) {
                a.knowing[i] = 'W';
                // Cards turned before the next deal: by the certifier's line, by the player.
                State st = a.at[i];
                a.knowing_turned = 0;
                for (const Move& m : proof) {
                    if (m.is_deal()) break;
                    const int before = shape_of(st).down;
                    apply(st, m, ctx);
                    a.knowing_turned += before - shape_of(st).down;
                }
                a.player_turned = i == 0 ? a.reveals[0] : 0;
                for (std::size_t j = 0; j < i; ++j) a.knowing[j] = 'w';
                break;
            }
        }
        // How much "not proved" means "lost": the first position not proved, once more with a
        // larger budget (R when it is proved then).
        const std::size_t first = a.knowing.find('?');
        if (recheck_nodes > 0 && first != std::string::npos &&
            winnable_from(a.at[first], ctx.stock, recheck_nodes))
            a.knowing[first] = 'R';
    }
    return a;
}

void print_anatomy(const Anatomy& a) {
    std::printf("deal %llu %s %s moves %zu | down", static_cast<unsigned long long>(a.deal),
                a.won ? "won" : "lost", a.end.c_str(), a.moves);
    for (std::size_t i = 1; i < a.at.size(); ++i)
        std::printf(" %s:%d", a.names[i].c_str(), shape_of(a.at[i]).down);
    std::printf(" | turned");
    for (int r : a.reveals) std::printf(" %d", r);
    std::printf(" | empty");
    for (int e : a.max_empty) std::printf(" %d", e);
    std::printf(" | fit");
    for (std::size_t k = 0; k + 2 < a.at.size(); ++k)
        std::printf(" %d/%d", a.fit_same[k], a.fit_off[k]);
    std::printf(" | at deals offseq/brk/mixed/pieces/cheapest");
    for (std::size_t i = 1; i + 1 < a.at.size(); ++i) {
        const Shape sh = shape_of(a.at[i]);
        std::printf(" %d/%d/%d/%d/%d", sh.offseq, sh.brk, sh.mixed, sh.pieces, sh.cheapest);
    }
    if (!a.reveal.empty()) std::printf(" | reveal %s", a.reveal.c_str());
    if (a.could_turn[0] >= 0) {
        std::printf(" | could turn");
        for (int c : a.could_turn)
            if (c >= 0) std::printf(" %d", c);
    }
    if (a.knowing_turned >= 0)
        std::printf(" | turned before deal, certifier %d player %d", a.knowing_turned,
                    a.player_turned);
    std::printf(" | knowing");
    for (std::size_t i = 0; i < a.at.size(); ++i)
        std::printf(" %s:%c", a.names[i].c_str(), a.knowing[i]);
    std::printf("\n");
}

// Means over a group of games (won or lost); -1 rows where no game got there.
void summarise(const char* title, const std::vector<const Anatomy*>& group, bool knowing) {
    std::printf("== %s: %zu games\n", title, group.size());
    if (group.empty()) return;
    std::map<std::string, int> ends;
    double moves = 0;
    for (const Anatomy* a : group) {
        ++ends[a->end];
        moves += static_cast<double>(a->moves);
    }
    std::printf("ends:");
    for (const auto& [e, n] : ends) std::printf(" %s %d", e.c_str(), n);
    std::printf("; %.0f moves a game\n", moves / static_cast<double>(group.size()));
    std::printf("%-6s %5s %7s %7s %5s %7s %7s %7s %7s %7s %8s %8s\n", "before", "games", "down",
                "median", "max", "turned", "empty", "offseq", "brk", "mixed", "pieces", "fit s/o");
    for (int k = 1; k <= 6; ++k) {
        std::vector<int> downs;
        double turned = 0, empty = 0, offseq = 0, brk = 0, mixed = 0, pieces = 0, fs = 0, fo = 0;
        for (const Anatomy* a : group) {
            const auto ku = static_cast<std::size_t>(k);
            // Stretch k-1 (before deal k) was played whenever the game got that far.
            const bool reached = k <= 5 ? ku + 1 < a->at.size() : a->at.size() == 7;
            if (!reached) continue;
            const Shape sh = shape_of(a->at[ku]);
            downs.push_back(sh.down);
            turned += a->reveals[ku - 1];
            empty += a->max_empty[ku - 1];
            offseq += sh.offseq;
            brk += sh.brk;
            mixed += sh.mixed;
            pieces += sh.pieces;
            if (k <= 5) {
                fs += a->fit_same[ku - 1];
                fo += a->fit_off[ku - 1];
            }
        }
        if (downs.empty()) continue;
        std::sort(downs.begin(), downs.end());
        const double n = static_cast<double>(downs.size());
        double sum = 0;
        for (int d : downs) sum += d;
        std::printf("%-6s %5zu %7.1f %7d %5d %7.1f %7.2f %7.1f %7.1f %7.1f %8.1f %4.1f/%.1f\n",
                    k <= 5 ? ("d" + std::to_string(k)).c_str() : "end*", downs.size(), sum / n,
                    downs[downs.size() / 2], downs.back(), turned / n, empty / n, offseq / n,
                    brk / n, mixed / n, pieces / n, fs / n, fo / n);
    }
    // Before each deal: whether a line that turns a card over was there to be found.
    std::map<char, int> verdicts;
    int found_moves = 0;
    for (const Anatomy* a : group) {
        for (char c : a->reveal) ++verdicts[c];
        found_moves += a->reveal_moves;
    }
    std::array<double, 5> could{}, did{};
    std::array<int, 5> counted{};
    for (const Anatomy* a : group)
        for (std::size_t k = 0; k < 5; ++k)
            if (a->could_turn[k] >= 0) {
                could[k] += a->could_turn[k];
                did[k] += a->reveals[k];
                ++counted[k];
            }
    if (counted[0] > 0) {
        std::printf("cards turned before deal 1..5, the player / seeing every card:");
        for (std::size_t k = 0; k < 5; ++k)
            if (counted[k] > 0)
                std::printf(" %.1f/%.1f", did[k] / counted[k], could[k] / counted[k]);
        std::printf("\n");
    }
    if (!verdicts.empty()) {
        std::printf("before its deals, a line turning a card over:");
        for (const auto& [c, n] : verdicts) std::printf(" %c %d", c, n);
        if (verdicts['F'] > 0) std::printf(" (%.1f moves each)", 1.0 * found_moves / verdicts['F']);
        std::printf("\n");
    }
    // Games that ended with stock left do not appear at "end*" (it is after deal 5).
    std::vector<int> ends_down;
    for (const Anatomy* a : group) ends_down.push_back(shape_of(a->at.back()).down);
    std::sort(ends_down.begin(), ends_down.end());
    double sum = 0;
    for (int d : ends_down) sum += d;
    std::printf("at the end: down mean %.1f, median %d, range %d..%d\n",
                sum / static_cast<double>(ends_down.size()), ends_down[ends_down.size() / 2],
                ends_down.front(), ends_down.back());
    if (!knowing) return;
    // Lost games: at which position the full-knowledge search last proves a win.
    std::map<std::string, int> last;
    std::map<std::string, std::vector<int>> down_there;
    int winnable_before_last_deal = 0, reached_last_deal = 0, rechecked = 0;
    for (const Anatomy* a : group) {
        rechecked += a->knowing.find('R') != std::string::npos;
        std::size_t lw = a->at.size();
        for (std::size_t i = 0; i < a->at.size(); ++i)
            if (a->knowing[i] == 'W') lw = i;
        const std::string name = lw < a->at.size() ? a->names[lw] : "never";
        ++last[name];
        if (lw < a->at.size()) down_there[name].push_back(shape_of(a->at[lw]).down);
        if (a->names.size() == 7) {
            ++reached_last_deal;
            winnable_before_last_deal += a->knowing[5] != '?';
        }
    }
    std::printf("last position proved winnable (with full knowledge):");
    for (const auto& [n, c] : last) {
        std::printf(" %s %d", n.c_str(), c);
        const auto it = down_there.find(n);
        if (it != down_there.end() && !it->second.empty()) {
            auto v = it->second;
            std::sort(v.begin(), v.end());
            std::printf(" (down %d..%d)", v.front(), v.back());
        }
    }
    std::printf("\nwinnable just before deal 5: %d of the %d that made it\n",
                winnable_before_last_deal, reached_last_deal);
    std::printf("first position not proved, proved with the larger budget (R): %d games\n",
                rechecked);
    int measured = 0, more = 0, turned_k = 0, turned_p = 0;
    for (const Anatomy* a : group) {
        if (a->knowing_turned < 0) continue;
        ++measured;
        more += a->knowing_turned > a->player_turned;
        turned_k += a->knowing_turned;
        turned_p += a->player_turned;
    }
    std::printf(
        "from the last position proved, cards turned before the next deal: certifier's "
        "line %d, player %d, in %d games (the certifier more in %d)\n",
        turned_k, turned_p, measured, more);
}

}  // namespace

int main(int argc, char** argv) {
    int suits = 4, threads = 2;
    std::uint64_t from = 1, to = 50, show_deal = 0;
    std::size_t analyse = 0, recheck = 0, reveal = 0, seeing = 0;
    bool analysing = false;
    FairLimits limits;
    SolverLimits certifier;  // --certify
    certifier.max_nodes = 0;
    certifier.seconds = 120.0;  // a safety cap only, as in the bench: the budget decides
    // FairLimits{} as hint and the bench use it, unless --nodes says otherwise.
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        const char* v = argv[i + 1];
        if (a == "--suits")
            suits = std::atoi(v);
        else if (a == "--from")
            from = std::strtoull(v, nullptr, 10);
        else if (a == "--to")
            to = std::strtoull(v, nullptr, 10);
        else if (a == "--nodes")
            limits.max_nodes = std::strtoull(v, nullptr, 10);
        else if (a == "--threads")
            threads = std::atoi(v);
        else if (a == "--leaves")
            limits.reveal_leaves = std::strtoull(v, nullptr, 10);
        else if (a == "--inner")
            limits.inner_nodes = limits.inner_nodes_4suits = std::strtoull(v, nullptr, 10);
        else if (a == "--vote")
            limits.vote = std::atoi(v) != 0;
        else if (a == "--worlds")
            limits.worlds = static_cast<std::size_t>(std::atoi(v));
        else if (a == "--world-vote")
            limits.world_vote = std::atoi(v) != 0;
        else if (a == "--world-depth")
            limits.world_depth = static_cast<std::size_t>(std::atoi(v));
        else if (a == "--world-min")
            limits.world_min = static_cast<std::size_t>(std::atoi(v));
        else if (a == "--keep")
            limits.keep_bytes = std::strtoull(v, nullptr, 10) << 20;
        else if (a == "--empty")
            limits.empty_weight = std::atoi(v);
        else if (a == "--weight") {
            const std::string nv = v;
            const auto eq = nv.find('=');
            if (!limits.weights) limits.weights = fair_weights();
            int* field =
                eq == std::string::npos ? nullptr : weight_field(*limits.weights, nv.substr(0, eq));
            if (!field) {
                std::fprintf(stderr, "--weight wants NAME=VALUE with a known NAME, not %s\n", v);
                return 2;
            }
            *field = std::atoi(nv.c_str() + eq + 1);
        } else if (a == "--inner4")
            limits.inner_nodes_4suits = std::strtoull(v, nullptr, 10);
        else if (a == "--analyse") {
            analysing = true;
            analyse = std::strtoull(v, nullptr, 10);
        } else if (a == "--seeing")
            seeing = std::strtoull(v, nullptr, 10);
        else if (a == "--reveal")
            reveal = std::strtoull(v, nullptr, 10);
        else if (a == "--recheck")
            recheck = std::strtoull(v, nullptr, 10);
        else if (a == "--certify")
            certifier.max_nodes = std::strtoull(v, nullptr, 10);
        else if (a == "--memory")
            certifier.max_memory_mb = std::strtoull(v, nullptr, 10);
        else if (a == "--show")
            show_deal = std::strtoull(v, nullptr, 10);
        else {
            std::fprintf(stderr, "unknown option %s\n", a.c_str());
            return 2;
        }
    }
    if (certifier.max_nodes != 0) return certify_range(suits, from, to, threads, certifier);
    if (show_deal != 0) {
        show(suits, show_deal, limits);
        return 0;
    }
    const auto t0 = std::chrono::steady_clock::now();
    std::atomic<std::uint64_t> next{from};
    if (analysing) {
        std::vector<Anatomy> games(to - from + 1);
        std::vector<std::thread> workers;
        for (int t = 0; t < threads; ++t)
            workers.emplace_back([&] {
                for (std::uint64_t d; (d = next++) <= to;)
                    games[d - from] = anatomy(suits, d, limits, analyse, recheck, reveal, seeing);
            });
        for (auto& t : workers) t.join();
        std::vector<const Anatomy*> won_games, lost_games;
        for (const Anatomy& a : games) {
            print_anatomy(a);
            (a.won ? won_games : lost_games).push_back(&a);
        }
        std::printf("suits %d deals %llu..%llu nodes %zu\n", suits,
                    static_cast<unsigned long long>(from), static_cast<unsigned long long>(to),
                    limits.max_nodes);
        summarise("won", won_games, false);
        summarise("lost", lost_games, analyse > 0);
        return 0;
    }
    std::atomic<int> won{0}, illegal{0};
    std::atomic<long> moves{0};
    std::vector<std::thread> pool;
    // Each decision's CPU time (this thread's), for the mean and the 99th percentile.
    std::vector<std::vector<double>> times(static_cast<std::size_t>(threads));
    // The most search memory a thread kept after a decision (issue 45), and the deal.
    std::vector<std::pair<std::size_t, std::uint64_t>> kept(static_cast<std::size_t>(threads));
    std::vector<std::vector<double>> kept_mb(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            auto& mine = times[static_cast<std::size_t>(t)];
            auto& most = kept[static_cast<std::size_t>(t)];
            auto& mbs = kept_mb[static_cast<std::size_t>(t)];
            std::uint64_t deal = 0;
            const FairPlanner timed = [&](const View& v, const FairLimits& l) {
                const double t0 = thread_cpu_seconds();
                auto plan = fair_plan(v, l);
                mine.push_back(thread_cpu_seconds() - t0);
                most = std::max(most, std::pair{fair_scratch_bytes(), deal});
                mbs.push_back(static_cast<double>(fair_scratch_bytes()) / (1024.0 * 1024.0));
                return plan;
            };
            for (std::uint64_t d; (d = next++) <= to;) {
                deal = d;
                const FairGame g = play_fair_game(suits, d, limits, 1500, &timed);
                won += g.won;
                illegal += g.illegal;
                moves += static_cast<long>(g.moves.size());
                if (std::getenv("LAB_VERBOSE"))
                    std::printf("deal %llu %s %zu\n", static_cast<unsigned long long>(d),
                                g.won ? "won" : "lost", g.moves.size());
            }
        });
    for (auto& t : pool) t.join();
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double n = static_cast<double>(to - from + 1);
    std::vector<double> all;
    for (const auto& v : times) all.insert(all.end(), v.begin(), v.end());
    std::sort(all.begin(), all.end());
    double cpu = 0;
    for (double x : all) cpu += x;
    const double p99 = all.empty() ? 0 : all[std::min(all.size() - 1, all.size() * 99 / 100)];
    std::printf(
        "suits %d deals %llu..%llu nodes %zu inner %zu/%zu leaves %zu: won %d (%.1f%%) illegal "
        "%d, %.0f moves/game, %.2f s/game wall, %.2f s/game CPU; %.1f decisions/game, mean "
        "%.1f ms, p99 %.1f ms, max %.1f ms a decision (CPU)%s%s\n",
        suits, static_cast<unsigned long long>(from), static_cast<unsigned long long>(to),
        limits.max_nodes, limits.inner_nodes, limits.inner_nodes_4suits, limits.reveal_leaves,
        won.load(), 100.0 * won.load() / n, illegal.load(), static_cast<double>(moves.load()) / n,
        secs / n * threads, cpu / n, static_cast<double>(all.size()) / n,
        all.empty() ? 0 : 1000 * cpu / static_cast<double>(all.size()), 1000 * p99,
        all.empty() ? 0 : 1000 * all.back(), limits.weights ? "; weights" : "",
        weights_text(limits).c_str());
    const auto most = *std::max_element(kept.begin(), kept.end());
    std::vector<double> mb;
    for (const auto& v : kept_mb) mb.insert(mb.end(), v.begin(), v.end());
    std::sort(mb.begin(), mb.end());
    auto at = [&](double q) {
        return mb.empty()
                   ? 0.0
                   : mb[std::min(mb.size() - 1,
                                 static_cast<std::size_t>(q * static_cast<double>(mb.size())))];
    };
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    std::printf(
        "search memory kept after a decision (a thread's, MB): median %.1f, p90 %.1f, p99 %.1f, "
        "most %.1f (deal %llu); peak RSS %.1f MB\n",
        at(0.5), at(0.9), at(0.99), static_cast<double>(most.first) / (1024.0 * 1024.0),
        static_cast<unsigned long long>(most.second), static_cast<double>(ru.ru_maxrss) / 1024.0);
    return illegal.load() == 0 ? 0 : 1;
}
