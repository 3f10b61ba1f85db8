// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/adventurer/ai.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace croupier::games::adventurer {

namespace {

double mean(const Dice& d) {
    return d.count <= 0 ? d.plus : d.mean2() / 2.0;
}

struct View {
    const Duel& d;
    int s, o;
    const Side& me() const { return d.side(s); }
    const Side& them() const { return d.side(o); }
    int stat(int side, Stat st) const {
        return st == Stat::Health ? d.side(side).health : d.side(side).willpower;
    }
    // What a simple attack (parley) of `side` takes now, on average.
    double simple(int side, bool parley) const {
        const int other = 1 - side;
        if (parley)
            return std::max(0.0, mean(d.parley_die(side)) + d.mod(side, Mod::Charisma) -
                                     d.mod(other, Mod::Charisma));
        return std::max(
            0.0, mean(d.attack_die(side)) + d.mod(side, Mod::Attack) - d.mod(other, Mod::Defence));
    }
    // Progress towards ending the duel: a loss weighs more the nearer the stat is to 0.
    double weight(int side, Stat st) const { return 20.0 / std::max(1, stat(side, st)); }
};

double effect_value(const View& v, const Effect& e) {
    switch (e.op) {
        case Op::Attack:
        case Op::Parley: {
            const bool parley = e.op == Op::Parley;
            double x = v.simple(v.s, parley);
            if (!e.usual_die())
                x += mean(e.amount) - mean(parley ? v.d.parley_die(v.s) : v.d.attack_die(v.s));
            return std::max(0.0, x) * v.weight(v.o, parley ? Stat::Willpower : Stat::Health);
        }
        case Op::Damage:
            return mean(e.amount) * v.weight(v.o, e.stat);
        case Op::Heal: {
            const int cap = e.stat == Stat::Health ? kStartHealth : kStartWillpower;
            return std::min(mean(e.amount), double(cap - v.stat(v.s, e.stat))) *
                   v.weight(v.s, e.stat) * 0.8;
        }
        case Op::GainMind:
            return std::min(e.amount.plus, kMaxMind - v.me().mind) * 0.7;
        case Op::DrainMind:
            return std::min(e.amount.plus, v.them().mind) * 0.5;
        case Op::Draw:
            return v.me().deck.empty() ? 0.0 : 1.6 * e.amount.plus;
        case Op::Discard:
            return 1.2 * std::min<double>(e.amount.plus, double(v.them().hand.size()));
        case Op::AttackDie:
            return std::max(0.0, mean(e.amount) - mean(v.d.attack_die(v.s))) *
                   (v.me().skip_encounter ? 0.0 : 0.8);
        case Op::ParleyDie:
            return std::max(0.0, mean(e.amount) - mean(v.d.parley_die(v.s))) *
                   (v.me().skip_encounter ? 0.0 : 0.8);
        case Op::SkipEncounter:
            return v.them().skip_encounter
                       ? 0.0
                       : std::max(v.simple(v.o, false) * v.weight(v.s, Stat::Health),
                                  v.simple(v.o, true) * v.weight(v.s, Stat::Willpower));
        case Op::Negate:
            return std::min<double>(e.amount.plus, v.simple(v.o, e.stat == Stat::Willpower)) * 0.8;
        case Op::LookHand:
        case Op::LookDeck:
            return 0.1;
        case Op::Counter:
            return 2.0 * e.amount.plus;
    }
    return 0.0;
}

double cost_penalty(const View& v, const Cost& c) {
    return c.mind * 0.5 + c.health * v.weight(v.s, Stat::Health) +
           c.willpower * v.weight(v.s, Stat::Willpower);
}

double action_value(const View& v, const Action& a) {
    double x = 0;
    for (const auto& e : a.effects) x += effect_value(v, e);
    return x - cost_penalty(v, a.cost);
}

// What a card in play is worth to its owner turn after turn: a Mind a turn, its symbols, its
// stats and actions. Its dice count with the board's (board_value): only the best die rolls.
double lasting_value(const View& v, const Card& c) {
    double x = 2.0;
    if (!c.provides.empty()) x += 3.0;
    x += c.mods[0] * 3.0 + c.mods[1] * 2.5 + c.mods[2] * 3.0;
    for (const auto& a : c.actions) x += std::max(0.0, action_value(v, a)) * 0.8 + 0.5;
    return x;
}

// The turn planned: the cards of a board (the side's in play, or as a plan would leave it)
// and the Mind left, without the dice, the stack or the other side.
struct Piece {
    int card = 0;
    bool this_turn = false;  // played in the turn under way
};

struct Planner {
    const View& v;
    std::vector<double> lasting;  // by card index, computed once (NaN: not yet)

    explicit Planner(const View& view)
        : v(view), lasting(static_cast<std::size_t>(view.d.set().size()), -1e300) {}

    const Card& card(int c) const { return v.d.set().at(c); }
    double value_of(int c) {
        double& x = lasting[static_cast<std::size_t>(c)];
        if (x < -1e299) x = lasting_value(v, card(c));
        return x;
    }
    // The board's worth: each card's, and the best Attack and Parley Die above 1d1.
    double board_value(const std::vector<Piece>& board) {
        double x = 0, attack = 1.0, parley = 1.0;
        for (const auto& p : board) {
            x += value_of(p.card);
            const Card& c = card(p.card);
            if (c.attack_die) attack = std::max(attack, mean(*c.attack_die));
            if (c.parley_die) parley = std::max(parley, mean(*c.parley_die));
        }
        const double dice = v.me().skip_encounter ? 2.0 : 2.5;
        return x + (attack - 1.0) * dice + (parley - 1.0) * dice;
    }
    int symbols(const std::vector<Piece>& board, const std::string& name) const {
        const std::string f = fold_name(name);
        int n = 0;
        for (const auto& p : board)
            for (const auto& [sym, k] : card(p.card).provides)
                if (fold_name(sym) == f) n += k;
        return n;
    }
    bool needs_met(const std::vector<Piece>& board, const Card& c) const {
        for (const auto& [sym, k] : c.needs)
            if (symbols(board, sym) < k) return false;
        return true;
    }
    // What a card leaving the board loses, for choosing which goes: its worth, and the Mind
    // paid for it this turn.
    double loss_of(const Piece& p) {
        return value_of(p.card) + (p.this_turn ? card(p.card).cost : 0);
    }
    // Puts card `c` on the board as the engine would, the cheapest cards to lose giving up
    // their slots; false if a cursed card holds a slot it needs.
    bool place(std::vector<Piece>& board, int c, int& removed, double& wasted) {
        const Card& nc = card(c);
        removed = 0;
        wasted = 0;
        for (int k = 0; k < kSlots; ++k) {
            const Slot slot = static_cast<Slot>(k);
            const int need = static_cast<int>(std::count(nc.fills.begin(), nc.fills.end(), slot));
            if (need == 0) continue;
            const auto fills = [&](const Piece& p) {
                const auto& f = card(p.card).fills;
                return static_cast<int>(std::count(f.begin(), f.end(), slot));
            };
            int taken = 0;
            for (const auto& p : board) taken += fills(p);
            int free = kSlotCount[static_cast<std::size_t>(k)] - taken;
            while (free < need) {
                std::size_t pick = board.size();
                for (std::size_t i = 0; i < board.size(); ++i) {
                    if (fills(board[i]) == 0) continue;
                    if (card(board[i].card).cursed) return false;
                    if (pick == board.size() || loss_of(board[i]) < loss_of(board[pick])) pick = i;
                }
                if (pick == board.size()) return false;
                free += fills(board[pick]);
                if (board[pick].this_turn) wasted += card(board[pick].card).cost;
                board.erase(board.begin() + static_cast<std::ptrdiff_t>(pick));
                ++removed;
            }
        }
        board.push_back(Piece{c, true});
        return true;
    }
    // What playing `c` adds, given the board before and after.
    double gain(const std::vector<Piece>& before, const std::vector<Piece>& after, int c,
                int removed, double wasted) {
        const Card& nc = card(c);
        double x = board_value(after) - board_value(before);
        for (const auto& e : nc.on_play) x += effect_value(v, e);
        return x - nc.cost * 0.2 - removed * 1.0 - wasted * 1.5;
    }
    // The plays that follow, best first while one adds enough: the rest of the plan.
    double follow(std::vector<Piece>& board, std::vector<int>& hand, int& mind) {
        double total = 0;
        for (int step = 0; step < 4; ++step) {
            double best = 0.5;
            std::size_t at = hand.size();
            std::vector<Piece> best_board;
            for (std::size_t i = 0; i < hand.size(); ++i) {
                const int c = hand[i];
                if (i > 0 && std::find(hand.begin(), hand.begin() + static_cast<std::ptrdiff_t>(i),
                                       c) != hand.begin() + static_cast<std::ptrdiff_t>(i))
                    continue;
                const Card& nc = card(c);
                if (nc.cost > mind || !needs_met(board, nc)) continue;
                std::vector<Piece> after = board;
                int removed = 0;
                double wasted = 0;
                if (!place(after, c, removed, wasted)) continue;
                const double x = gain(board, after, c, removed, wasted);
                if (x > best) {
                    best = x;
                    at = i;
                    best_board = std::move(after);
                }
            }
            if (at == hand.size()) break;
            total += best;
            mind -= card(hand[at]).cost;
            hand.erase(hand.begin() + static_cast<std::ptrdiff_t>(at));
            board = std::move(best_board);
        }
        return total;
    }
    // Next turn: the best card of the hand left that the Mind then would pay for, half
    // weighed (a plan that leaves Mind for a better card next turn is worth that much).
    double next_turn(const std::vector<Piece>& board, const std::vector<int>& hand, int mind) {
        std::vector<Piece> now = board;
        for (auto& p : now) p.this_turn = false;
        const int then = std::min(kMaxMind, mind + std::max(1, static_cast<int>(now.size())));
        double best = 0;
        for (int c : hand) {
            const Card& nc = card(c);
            if (nc.cost > then || !needs_met(now, nc)) continue;
            std::vector<Piece> after = now;
            int removed = 0;
            double wasted = 0;
            if (!place(after, c, removed, wasted)) continue;
            best = std::max(best, gain(now, after, c, removed, wasted));
        }
        return 0.5 * best;
    }
    std::vector<Piece> board_now() const {
        std::vector<Piece> b;
        for (const auto& ip : v.me().play)
            if (!ip.consumed) b.push_back(Piece{ip.card, ip.turn == v.d.turn()});
        return b;
    }
};

// The first step of the best plan of plays this turn (each first play the engine allows,
// then the best plays that follow it), weighing next turn's play too; "" when no plan beats
// playing nothing.
std::string plan_plays(const View& v, const std::vector<std::string>& legal) {
    Planner pl(v);
    const std::vector<Piece> now = pl.board_now();
    const int mind0 = v.me().mind;
    const double base = pl.next_turn(now, v.me().hand, mind0);
    std::string best;
    double best_x = base + 0.5;
    for (const auto& cmd : legal) {
        if (cmd.rfind("play ", 0) != 0) continue;
        std::string name = cmd.substr(5), over;
        if (const auto at = name.find(" over "); at != std::string::npos) {
            over = name.substr(at + 6);
            name = name.substr(0, at);
        }
        const int c = v.d.set().find(name);
        std::vector<int> gone;
        if (c < 0 || !v.d.can_play(v.s, c, over, &gone).empty()) continue;
        std::vector<Piece> after;
        double wasted = 0;
        for (const auto& ip : v.me().play) {
            if (ip.consumed) continue;
            if (std::find(gone.begin(), gone.end(), ip.id) != gone.end()) {
                if (ip.turn == v.d.turn()) wasted += pl.card(ip.card).cost;
                continue;
            }
            after.push_back(Piece{ip.card, ip.turn == v.d.turn()});
        }
        after.push_back(Piece{c, true});
        const double first = pl.gain(now, after, c, static_cast<int>(gone.size()), wasted);
        // Plans alike: the card that adds most goes first.
        double x = first * 1.001;
        std::vector<int> hand = v.me().hand;
        hand.erase(std::find(hand.begin(), hand.end(), c));
        int mind = mind0 - pl.card(c).cost;
        x += pl.follow(after, hand, mind);
        x += pl.next_turn(after, hand, mind);
        if (x > best_x) {
            best_x = x;
            best = cmd;
        }
    }
    return best;
}

// The hand card least worth keeping when the hand is dead: one whose Needs the board does
// not meet (the more missing, and the fewer the hand could bring, the deader), or a cursed
// card not worth its slot. "" when every card may yet be played.
std::string dead_card(const View& v) {
    Planner pl(v);
    const std::vector<Piece> now = pl.board_now();
    double worst = 0;
    std::string out;
    for (int c : v.me().hand) {
        const Card& nc = pl.card(c);
        double dead = 0;
        for (const auto& [sym, k] : nc.needs) {
            const int missing = k - pl.symbols(now, sym);
            if (missing <= 0) continue;
            int brought = 0;  // symbols the hand's own cards provide
            for (int h : v.me().hand)
                for (const auto& [p, n] : pl.card(h).provides)
                    if (fold_name(p) == fold_name(sym)) brought += n;
            dead += missing * 2.0 - std::min(missing, brought) * 1.5;
        }
        if (nc.cursed && pl.value_of(c) < 2.5) dead = std::max(dead, 3.0);
        if (dead > worst) {
            worst = dead;
            out = "cycle " + nc.name;
        }
    }
    return out;
}

// Turns to end the duel: how many turns `side` needs to bring the other's Health or
// Willpower to 0 at its present rate, or the other's deck to run out (a deck-out loses the
// turn after the last card, with no card left to play), whichever comes first.
double turns_to_win(const Duel& d, int side) {
    const View w{d, side, 1 - side};
    double health = w.simple(side, false), will = w.simple(side, true);
    for (const auto& ip : d.side(side).play) {
        for (const auto& a : d.set().at(ip.card).actions) {
            double h = 0, p = 0;
            for (const auto& e : a.effects) {
                if (e.op == Op::Damage) (e.stat == Stat::Health ? h : p) += mean(e.amount);
                if (e.op == Op::Attack && !e.usual_die())
                    h += std::max(0.0, mean(e.amount) + d.mod(side, Mod::Attack) -
                                           d.mod(1 - side, Mod::Defence));
                if (e.op == Op::Parley && !e.usual_die())
                    p += std::max(0.0, mean(e.amount) + d.mod(side, Mod::Charisma) -
                                           d.mod(1 - side, Mod::Charisma));
            }
            if (a.cost.encounter) {
                health = std::max(health, h);
                will = std::max(will, p);
            } else if (!a.cost.consume && !a.cost.discard_this) {
                health += h;
                will += p;
            }
        }
    }
    const Side& other = d.side(1 - side);
    double t = static_cast<double>(other.deck.size() + other.hand.size()) + 1.0;
    if (health > 0.05) t = std::min(t, std::ceil(other.health / health));
    if (will > 0.05) t = std::min(t, std::ceil(other.willpower / will));
    return t;
}

// Losing: the other side ends the duel sooner than `s` can, by turns_to_win.
bool losing(const Duel& d, int s) {
    return turns_to_win(d, 1 - s) < turns_to_win(d, s);
}

// The other's deck at or below which the duel is judged from today's board: with more
// cards left, what each side has in play says little about how the duel ends (the hand
// and deck may yet turn it), so a duel that young is never given up.
constexpr std::size_t kLateDeck = 5;

// Cannot win: losing, with no card left to draw, or late in the duel (the other's deck
// nearly gone) with no way to win before the other's deck and hand run out.
bool cannot_win(const Duel& d, int s) {
    if (!losing(d, s)) return false;
    if (d.side(s).deck.empty()) return true;
    const Side& other = d.side(1 - s);
    if (other.deck.size() > kLateDeck) return false;
    return turns_to_win(d, s) >= static_cast<double>(other.deck.size() + other.hand.size());
}

// Splits "use NAME [k]" into the card and action index.
bool parse_use(const Duel& d, const std::string& cmd, int& card, int& action) {
    std::string rest = cmd.substr(4);
    action = 0;
    const auto sp = rest.find_last_of(' ');
    if (sp != std::string::npos && rest.size() - sp == 2 && std::isdigit(rest[sp + 1])) {
        action = rest[sp + 1] - '1';
        rest = rest.substr(0, sp);
    }
    card = d.set().find(rest);
    return card >= 0;
}

const Action* use_action(const Duel& d, const std::string& cmd) {
    int card = -1, action = 0;
    if (!parse_use(d, cmd, card, action)) return nullptr;
    const auto& acts = d.set().at(card).actions;
    if (action < 0 || action >= static_cast<int>(acts.size())) return nullptr;
    return &acts[static_cast<std::size_t>(action)];
}

// The harm the item on top of the stack threatens `v.s` with, by stat.
double threat(const View& v, const StackItem& item, Stat st) {
    if (item.side == v.s) return 0;
    if (item.kind == StackItem::Kind::Attack) return st == Stat::Health ? v.simple(v.o, false) : 0;
    if (item.kind == StackItem::Kind::Parley)
        return st == Stat::Willpower ? v.simple(v.o, true) : 0;
    const Card& c = v.d.set().at(item.card);
    const auto& effects = item.kind == StackItem::Kind::Card
                              ? c.on_play
                              : c.actions[static_cast<std::size_t>(item.action)].effects;
    double x = 0;
    for (const auto& e : effects) {
        if (e.op == Op::Damage && e.stat == st) x += mean(e.amount);
        if (e.op == Op::Attack && st == Stat::Health)
            x += v.simple(v.o, false) +
                 (e.usual_die() ? 0 : mean(e.amount) - mean(v.d.attack_die(v.o)));
        if (e.op == Op::Parley && st == Stat::Willpower)
            x += v.simple(v.o, true) +
                 (e.usual_die() ? 0 : mean(e.amount) - mean(v.d.parley_die(v.o)));
    }
    return x;
}

std::string answer(const View& v, const std::vector<std::string>& legal) {
    const StackItem& top = v.d.stack().back();
    // Mind spent in the other's turn is missing at the start of its own, unless the Mind
    // would pass 10 there anyway; and it may be the Mind next turn's best card needs.
    Planner pl(v);
    const std::vector<Piece> now = pl.board_now();
    const int mind = v.me().mind;
    const int gain = std::max(1, static_cast<int>(now.size()));
    const double keep = pl.next_turn(now, v.me().hand, mind);
    const auto mind_cost = [&](int c) {
        if (c <= 0) return 0.0;
        const int lost = std::min(kMaxMind, mind + gain) - std::min(kMaxMind, mind - c + gain);
        const double plan = 2.0 * (keep - pl.next_turn(now, v.me().hand, mind - c));
        return std::max(0.5 * lost, plan) + 0.1 * c;
    };
    std::string best = "pass";
    double best_x = 0.5;
    for (const auto& cmd : legal) {
        if (cmd.rfind("use ", 0) != 0) continue;
        const Action* a = use_action(v.d, cmd);
        if (!a) continue;
        Cost other = a->cost;
        other.mind = 0;
        double x = -cost_penalty(v, other) - mind_cost(a->cost.mind);
        for (const auto& e : a->effects) {
            if (e.op == Op::Negate) {
                const double t = threat(v, top, e.stat);
                if (t > 0 && t <= e.amount.plus + 0.5) x += t * v.weight(v.s, e.stat);
            } else if (e.op == Op::SkipEncounter) {
                if (top.encounter && top.side == v.o)
                    x += std::max(threat(v, top, Stat::Health) * v.weight(v.s, Stat::Health),
                                  threat(v, top, Stat::Willpower) * v.weight(v.s, Stat::Willpower));
            } else if (e.op == Op::Damage || e.op == Op::DrainMind || e.op == Op::Discard) {
                // Spare Mind spent on harm in the other's turn.
                x += effect_value(v, e) * 0.6;
            }
        }
        if (x > best_x) {
            best_x = x;
            best = cmd;
        }
    }
    return best;
}

}  // namespace

std::string computer_action(const Duel& d, int s) {
    const View v{d, s, 1 - s};
    const auto legal = d.legal(s);
    if (legal.empty()) return "";
    if (d.window_open()) {
        if (d.draw_offer() == v.o && losing(d, s)) return "draw";
        return answer(v, legal);
    }
    // 0. A draw offered while it is losing is taken.
    if (d.draw_offer() == v.o && losing(d, s)) return "draw";
    // 1. The first play of the best plan for the turn.
    std::string best = plan_plays(v, legal);
    double best_x = 0;
    if (!best.empty()) return best;
    // 2. An action worth its cost, not the Encounter Step.
    best_x = 0.3;
    for (const auto& cmd : legal) {
        if (cmd.rfind("use ", 0) != 0) continue;
        const Action* a = use_action(d, cmd);
        if (!a || a->cost.encounter) continue;
        const double x = action_value(v, *a);
        if (x > best_x) {
            best_x = x;
            best = cmd;
        }
    }
    if (!best.empty()) return best;
    // 3. A dead hand: the card least worth keeping goes to the bottom of the deck for another.
    if (d.can_cycle(s).empty()) {
        best = dead_card(v);
        if (!best.empty()) return best;
    }
    // 4. No way to win: a draw is offered (again four of its turns after an offer lapsed).
    const int offered = v.me().offered_turn;
    if (d.draw_offer() < 0 && (offered < 0 || d.turn() - offered >= 8) && cannot_win(d, s))
        return "draw";
    // 5. The encounter that wears the other down soonest.
    best = "end";
    best_x = 0.0;
    for (const auto& cmd : legal) {
        double x = -1;
        if (cmd == "attack") x = v.simple(s, false) * v.weight(v.o, Stat::Health);
        if (cmd == "parley") x = v.simple(s, true) * v.weight(v.o, Stat::Willpower);
        if (cmd.rfind("use ", 0) == 0) {
            const Action* a = use_action(d, cmd);
            if (a && a->cost.encounter) x = action_value(v, *a);
        }
        if (x > best_x) {
            best_x = x;
            best = cmd;
        }
    }
    return best;
}

std::string random_action(const Duel& d, int s, std::uint64_t seed) {
    auto legal = d.legal(s);
    legal.erase(std::remove(legal.begin(), legal.end(), std::string("draw")), legal.end());
    if (legal.empty()) return "";
    DealRng rng(seed);
    return legal[static_cast<std::size_t>(rng.below(legal.size()))];
}

}  // namespace croupier::games::adventurer
