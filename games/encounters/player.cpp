// SPDX-License-Identifier: GPL-3.0-or-later
//
// The search works on a compact copy of what the side sees: each card a byte (its
// character times 16 plus its rank), a face-down card the byte kUnknown. From the position
// in view it searches best-first (by value) over the moves whose outcome it knows; a move
// that turns a card over, or clears a run with a face-down card under it, ends its line
// there with a bonus (what comes up is unknown). The best position reached decides: if it is
// better than where the side stands, the first move of its line is played; else a deal,
// a re-deal or a pass.
#include "games/encounters/player.hpp"

#include <algorithm>
#include <array>
#include <unordered_set>
#include <vector>

#include "games/encounters/rules.hpp"

namespace croupier::games::encounters {

namespace {

constexpr std::uint8_t kUnknown = 0xFF;
constexpr int kCap = 80;  // cards a pile may hold in the search (moves past it are skipped)

// Weights, tuned by the balance bench (docs/PERFORMANCE.md).
constexpr std::int64_t kOppRun = 1000;  // a run of an opposing character cleared
constexpr std::int64_t kOwnRun = 400;   // a run of one's own cleared (focus)
constexpr std::int64_t kTurned = 60;    // a card turned over (its value unknown)
constexpr std::int64_t kEmpty = 90;     // an empty pile
constexpr std::int64_t kDown = 12;      // each face-down card
constexpr std::int64_t kSeq = 8;        // a card in sequence on its own character's card
constexpr std::int64_t kBreak = 10;     // a known card on one it does not fit

struct Context {
    std::array<std::array<std::uint8_t, 16>, 16> next{};  // [who][rank]: the rank above, 0
    std::array<int, 16> run{};                            // run length by character
    std::array<bool, 16> own{};
    int characters = 0;
    std::size_t stock = 0;  // the stock's size (no deal is searched)
};

struct State {
    std::array<std::array<std::uint8_t, kCap>, Board::kPiles> c{};
    std::array<std::uint8_t, Board::kPiles> n{};
    int opp_runs = 0, own_runs = 0, turned = 0;
};

struct Move {
    std::int8_t from = -1, to = -1, count = 0;
};

std::uint8_t who_of(std::uint8_t b) {
    return static_cast<std::uint8_t>(b >> 4);
}
std::uint8_t rank_of(std::uint8_t b) {
    return static_cast<std::uint8_t>(b & 15);
}

bool fits(const Context& x, std::uint8_t card, std::uint8_t under) {
    return card != kUnknown && under != kUnknown &&
           x.next[who_of(card)][rank_of(card)] == rank_of(under);
}
bool in_sequence(const Context& x, std::uint8_t card, std::uint8_t under) {
    return fits(x, card, under) && who_of(card) == who_of(under);
}

Context context_of(const Board& b) {
    Context x;
    x.characters = std::min(b.characters(), 15);
    x.stock = b.stock().size();
    for (int w = 0; w < x.characters; ++w) {
        x.run[static_cast<std::size_t>(w)] = b.run_length(w);
        x.own[static_cast<std::size_t>(w)] = b.own(w);
        for (int r = 1; r <= kKing; ++r)
            x.next[static_cast<std::size_t>(w)][static_cast<std::size_t>(r)] =
                static_cast<std::uint8_t>(
                    b.next_above(Card{static_cast<std::uint8_t>(w), static_cast<std::uint8_t>(r)}));
    }
    return x;
}

State state_of(const Board& b) {
    State s;
    for (int p = 0; p < Board::kPiles; ++p) {
        const auto& pile = b.pile(p);
        const auto n = std::min<std::size_t>(pile.size(), kCap);
        // A pile longer than the cap keeps its top (what can move); never happens in a deal.
        const std::size_t skip = pile.size() - n;
        for (std::size_t i = 0; i < n; ++i) {
            const Card& card = pile[skip + i];
            s.c[static_cast<std::size_t>(p)][i] =
                b.face_up(p, static_cast<int>(skip + i))
                    ? static_cast<std::uint8_t>(card.who << 4 | card.rank)
                    : kUnknown;
        }
        s.n[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(n);
    }
    return s;
}

int movable(const State& s, const Context& x, int p) {
    const auto& pile = s.c[static_cast<std::size_t>(p)];
    const int n = s.n[static_cast<std::size_t>(p)];
    if (n == 0 || pile[static_cast<std::size_t>(n - 1)] == kUnknown) return 0;
    int k = 1;
    while (k < n && in_sequence(x, pile[static_cast<std::size_t>(n - k)],
                                pile[static_cast<std::size_t>(n - k - 1)]))
        ++k;
    return k;
}

// Applies a legal move; true when a card turned over (or a run left a face-down top).
bool apply(State& s, const Move& m, const Context& x) {
    auto& src = s.c[static_cast<std::size_t>(m.from)];
    auto& dst = s.c[static_cast<std::size_t>(m.to)];
    auto& sn = s.n[static_cast<std::size_t>(m.from)];
    auto& dn = s.n[static_cast<std::size_t>(m.to)];
    for (int i = 0; i < m.count; ++i)
        dst[static_cast<std::size_t>(dn + i)] = src[static_cast<std::size_t>(sn - m.count + i)];
    sn = static_cast<std::uint8_t>(sn - m.count);
    dn = static_cast<std::uint8_t>(dn + m.count);
    bool turned = sn > 0 && src[static_cast<std::size_t>(sn - 1)] == kUnknown;
    // A complete run on top of the destination is removed.
    const std::uint8_t top = dst[static_cast<std::size_t>(dn - 1)];
    const int len = x.run[who_of(top)];
    if (movable(s, x, m.to) >= len && rank_of(dst[static_cast<std::size_t>(dn - len)]) == kKing) {
        dn = static_cast<std::uint8_t>(dn - len);
        (x.own[who_of(top)] ? s.own_runs : s.opp_runs) += 1;
        turned |= dn > 0 && dst[static_cast<std::size_t>(dn - 1)] == kUnknown;
    }
    s.turned += turned;
    return turned;
}

void generate(const State& s, const Context& x, std::vector<Move>& out) {
    out.clear();
    for (int f = 0; f < Board::kPiles; ++f) {
        const int can = movable(s, x, f);
        if (can == 0) continue;
        const auto& src = s.c[static_cast<std::size_t>(f)];
        const int sn = s.n[static_cast<std::size_t>(f)];
        bool to_empty_done = false;
        for (int t = 0; t < Board::kPiles; ++t) {
            if (t == f) continue;
            const int dn = s.n[static_cast<std::size_t>(t)];
            if (dn == 0) {
                // Onto an empty pile: the whole run, or part of it when something under it
                // fits elsewhere; one empty pile is as good as another.
                if (to_empty_done || can == sn) continue;
                to_empty_done = true;
                for (int k = 1; k <= can; ++k)
                    if (dn + k <= kCap)
                        out.push_back(Move{static_cast<std::int8_t>(f), static_cast<std::int8_t>(t),
                                           static_cast<std::int8_t>(k)});
                continue;
            }
            const std::uint8_t under =
                s.c[static_cast<std::size_t>(t)][static_cast<std::size_t>(dn - 1)];
            for (int k = 1; k <= can; ++k)
                if (fits(x, src[static_cast<std::size_t>(sn - k)], under) && dn + k <= kCap)
                    out.push_back(Move{static_cast<std::int8_t>(f), static_cast<std::int8_t>(t),
                                       static_cast<std::int8_t>(k)});
        }
    }
}

std::int64_t evaluate(const State& s, const Context& x) {
    std::int64_t v = kOppRun * s.opp_runs + kOwnRun * s.own_runs + kTurned * s.turned;
    for (int p = 0; p < Board::kPiles; ++p) {
        const auto& pile = s.c[static_cast<std::size_t>(p)];
        const int n = s.n[static_cast<std::size_t>(p)];
        if (n == 0) {
            v += kEmpty;
            continue;
        }
        for (int i = 0; i < n; ++i) {
            const std::uint8_t card = pile[static_cast<std::size_t>(i)];
            if (card == kUnknown) {
                v -= kDown;
                continue;
            }
            if (i == 0) continue;
            const std::uint8_t under = pile[static_cast<std::size_t>(i - 1)];
            if (in_sequence(x, card, under))
                v += kSeq;
            else if (under != kUnknown)
                v -= kBreak;
        }
    }
    return v;
}

// As Board::view_hash(): the same bytes in the same order.
std::uint64_t hash_of(const State& s, const Context& x) {
    std::uint64_t h = 1469598103934665603ULL;
    for (int p = 0; p < Board::kPiles; ++p) {
        const int n = s.n[static_cast<std::size_t>(p)];
        for (int i = 0; i < n; ++i) {
            h ^= s.c[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)];
            h *= 1099511628211ULL;
        }
        h ^= 0x100 + static_cast<std::uint64_t>(p);
        h *= 1099511628211ULL;
    }
    h ^= x.stock;
    h *= 1099511628211ULL;
    return h;
}

std::string text_of(const Move& m) {
    return "move " + std::to_string(m.from + 1) + " " + std::to_string(m.to + 1) + " " +
           std::to_string(m.count);
}

struct Best {
    std::int64_t root = 0, value = 0;
    std::vector<Move> line;  // the best line; empty: none
};

// Best-first search from the position in view; `avoid` is skipped as a first move, and
// lines through a position in `visited`.
Best search(const Board& b, const PlayerLimits& limits, const std::string& avoid,
            const std::unordered_set<std::uint64_t>* visited) {
    const Context x = context_of(b);
    struct Node {
        State s;
        std::size_t parent;
        Move move;
    };
    std::vector<Node> nodes;
    nodes.reserve(limits.max_nodes + 1);
    nodes.push_back(Node{state_of(b), 0, Move{}});
    Best best;
    best.root = best.value = evaluate(nodes[0].s, x);
    std::size_t best_parent = 0;
    Move best_move;
    std::unordered_set<std::uint64_t> seen{hash_of(nodes[0].s, x)};
    std::vector<std::pair<std::int64_t, std::size_t>> open{{best.root, 0}};
    auto cmp = [](const auto& a, const auto& b2) {
        return a.first != b2.first ? a.first < b2.first : a.second > b2.second;
    };
    std::vector<Move> moves;
    std::size_t expanded = 0;
    while (!open.empty() && expanded < limits.max_nodes) {
        std::pop_heap(open.begin(), open.end(), cmp);
        const std::size_t i = open.back().second;
        open.pop_back();
        ++expanded;
        generate(nodes[i].s, x, moves);
        for (const Move& m : moves) {
            if (i == 0 && text_of(m) == avoid) continue;
            State child = nodes[i].s;
            const bool turned = apply(child, m, x);
            const std::uint64_t h = hash_of(child, x);
            if ((visited && visited->count(h)) || !seen.insert(h).second) continue;
            const std::int64_t v = evaluate(child, x);
            if (v > best.value) {
                best.value = v;
                best_parent = i;
                best_move = m;
            }
            if (!turned) {
                nodes.push_back(Node{child, i, m});
                open.emplace_back(v, nodes.size() - 1);
                std::push_heap(open.begin(), open.end(), cmp);
            }
        }
    }
    if (best.value > best.root) {
        best.line.push_back(best_move);
        for (std::size_t i = best_parent; i != 0; i = nodes[i].parent)
            best.line.push_back(nodes[i].move);
        std::reverse(best.line.begin(), best.line.end());
    }
    return best;
}

// The pile (1-10) with the fewest face-down cards of those with any, the first of equals;
// 0 when none has any: the pile a card turned up empties soonest.
int fewest_down_pile(const Board& b) {
    int pile = 0, fewest = 1 << 20;
    for (int p = 0; p < Board::kPiles; ++p) {
        const int down = b.face_down(p);
        if (down > 0 && down < fewest) {
            fewest = down;
            pile = p + 1;
        }
    }
    return pile;
}

}  // namespace

std::int64_t position_value(const Board& b) {
    return evaluate(state_of(b), context_of(b));
}

namespace {

// What it does when it sees no line worth playing: a deal, filling an empty pile first
// when the stock needs every pile filled (never with a move back to a position in
// `visited`), a re-deal, or a pass.
std::string computer_action_without_progress(const Board& b, bool may_redeal,
                                             const std::unordered_set<std::uint64_t>* visited) {
    const bool stock = !b.stock().empty();
    bool any_card = false;
    for (int p = 0; p < Board::kPiles; ++p) any_card |= !b.pile(p).empty();
    if (stock && b.may_deal()) return "deal";
    if (stock) {
        // A deal needs every pile filled: cards from the tallest pile that can spare them go
        // to an empty pile, the top card first; a fill that would undo the move that
        // emptied the pile (a position the game has stood in) is passed over.
        std::vector<int> from;
        int to = -1;
        for (int p = 0; p < Board::kPiles; ++p) {
            if (b.pile(p).empty()) {
                if (to < 0) to = p;
            } else if (b.pile(p).size() > 1) {
                from.push_back(p);
            }
        }
        std::stable_sort(from.begin(), from.end(),
                         [&](int x, int y) { return b.pile(x).size() > b.pile(y).size(); });
        for (const int f : from)
            for (std::size_t n = 1; n < b.pile(f).size(); ++n) {
                const std::string move = "move " + std::to_string(f + 1) + " " +
                                         std::to_string(to + 1) + " " + std::to_string(n);
                Board next = b;
                if (!next.apply(move).empty()) break;  // no longer one character's sequence
                if (!visited || !visited->count(next.view_hash())) return move;
            }
        return "pass";  // fewer cards than piles, or every fill goes back: nothing to deal onto
    }
    if (!stock && may_redeal && any_card) return "redeal";
    return "pass";
}

struct Decision {
    std::string action;
    bool progress = false;  // a line worth playing
};

// Goes on with the line planned last time while the board is where the line left it;
// else plans anew and keeps the line.
Decision decide(const Board& b, bool may_redeal, const PlayerLimits& limits,
                const std::string& avoid, const std::unordered_set<std::uint64_t>* visited,
                PlayerMemory* memory) {
    if (memory) {
        if (memory->dealing) {
            const std::string action = computer_action_without_progress(b, may_redeal, visited);
            memory->dealing = action.rfind("move", 0) == 0;
            memory->plan.clear();
            return {action, false};
        }
    }
    if (memory && !memory->plan.empty() && memory->expect == b.hash() &&
        memory->plan.front() != avoid) {
        Board next = b;
        // The line goes on unless its next step leads back where the game has stood.
        if (next.apply(memory->plan.front()).empty() &&
            !(visited && visited->count(next.view_hash()))) {
            Decision d{memory->plan.front(), true};
            memory->plan.erase(memory->plan.begin());
            memory->expect = next.hash();
            return d;
        }
    }
    if (memory) memory->plan.clear();
    const Best best = search(b, limits, avoid, visited);
    if (best.line.empty()) {
        const std::string action = computer_action_without_progress(b, may_redeal, visited);
        if (memory) memory->dealing = action.rfind("move", 0) == 0;
        return {action, false};
    }
    Decision d{text_of(best.line.front()), true};
    if (memory) {
        Board next = b;
        next.apply(d.action);
        memory->expect = next.hash();
        for (std::size_t i = 1; i < best.line.size(); ++i)
            memory->plan.push_back(text_of(best.line[i]));
    }
    return d;
}

}  // namespace

bool sees_progress(const Board& b, const PlayerLimits& limits) {
    return !search(b, limits, "", nullptr).line.empty();
}

std::string computer_action(const Board& b, bool may_redeal, const PlayerLimits& limits,
                            const std::string& avoid) {
    return decide(b, may_redeal, limits, avoid, nullptr, nullptr).action;
}

std::string enemy_ability_action(const Encounter& e, const PlayerLimits& limits) {
    if (!e.enemy_abilities() || e.enemy_ability_used() || e.side_to_play() != 1) return "";
    const Character& me = e.characters()[static_cast<std::size_t>(e.turn())];
    const EnemyAbilityInfo* a = enemy_ability_of(me.kind, me.level);
    if (!a || e.focus(1) < a->spends) return "";
    const Board& b = e.board(1);
    switch (a->ability) {
        case EnemyAbility::Scurry: {
            if (sees_progress(b, limits)) return "";
            const int pile = fewest_down_pile(b);
            return pile > 0 ? "ability scurry " + std::to_string(pile) : "";
        }
        case EnemyAbility::Frenzy:
            return sees_progress(b, limits) ? "ability frenzy" : "";
        case EnemyAbility::Cutpurse:
            return e.focus(0) >= 2 ? "ability cutpurse" : "";
        case EnemyAbility::DarkRite:
            for (const Character& ch : e.characters())
                if (!ch.party && !ch.conscious && !ch.rallied)
                    return std::string("ability rite ") + ch.tag;
            return "";
    }
    return "";
}

std::string enemy_action(const Encounter& e, PlayerMemory& memory, const PlayerLimits& limits) {
    if (std::string ability = enemy_ability_action(e, limits); !ability.empty()) return ability;
    return decide(e.board(1), e.redeals(1) < kMaxRedeals, limits, "", &e.visited(1), &memory)
        .action;
}

std::string party_action(const Encounter& e, PartyMemory& m, const PlayerLimits& limits) {
    const int c = e.turn();
    const Character& me = e.characters()[static_cast<std::size_t>(c)];
    const long long key = static_cast<long long>(e.round()) * 64 + c;
    if (key != m.turn_key) {
        m.turn_key = key;
        m.hasted = m.peeked = false;
    }
    const Board& b = e.board(0);
    const int level = e.party_level(), focus = e.focus(0);
    // Focus kept for Rally and Foresight (and Steadfast, which needs 4) once it knows them.
    const int reserve = knows(level, Ability::Foresight) || knows(level, Ability::Steadfast) ? 4
                        : knows(level, Ability::Rally)                                       ? 3
                                                                                             : 0;
    auto can = [&](Ability a) {
        const AbilityInfo& info = ability_info(a);
        const bool big = a == Ability::Rally || a == Ability::Foresight;
        return knows(level, a) && me.tag == class_tag(info.owner) &&
               focus >= std::max(info.spends, info.needs) + (big ? 0 : reserve);
    };
    if (can(Ability::Rally))
        for (const Character& ch : e.characters()) {
            // Steadfast keeps the Warrior going while focus lasts: no need to rally it.
            const bool steadfast = ch.tag == 'W' && knows(level, Ability::Steadfast) &&
                                   focus - ability_info(Ability::Rally).spends >=
                                       ability_info(Ability::Steadfast).needs;
            if (ch.party && !ch.conscious && !ch.rallied && !steadfast)
                return std::string("ability rally ") + ch.tag;
        }
    if (can(Ability::Scry) && !b.stock().empty() && m.scried_at != b.stock().size()) {
        m.scried_at = b.stock().size();
        return "ability scry";
    }
    const Decision d = decide(b, e.redeals(0) < kMaxRedeals, limits, "", &e.visited(0), &m.lines);
    const bool progress = d.progress;
    if (can(Ability::Haste) && !m.hasted && progress) {
        m.hasted = true;
        return "ability haste";
    }
    if (!progress) {
        if (can(Ability::Peek) && !m.peeked) {
            const int pile = fewest_down_pile(b);
            if (pile > 0) {
                m.peeked = true;
                return "ability peek " + std::to_string(pile);
            }
        }
        if (can(Ability::Foresight) && b.stock().empty()) return "ability foresight";
    }
    return d.action;
}

}  // namespace croupier::games::encounters
