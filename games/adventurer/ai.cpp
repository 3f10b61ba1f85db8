// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/adventurer/ai.hpp"

#include <algorithm>
#include <cctype>

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

// What a card in play is worth to its owner: a Mind a turn, its stats, dice and actions.
double card_value(const View& v, const Card& c) {
    double x = 2.0;
    if (!c.provides.empty()) x += 3.0;
    x += c.mods[0] * 3.0 + c.mods[1] * 2.5 + c.mods[2] * 3.0;
    if (c.attack_die) x += std::max(0.0, mean(*c.attack_die) - mean(v.d.attack_die(v.s))) * 2.5;
    if (c.parley_die) x += std::max(0.0, mean(*c.parley_die) - mean(v.d.parley_die(v.s))) * 2.5;
    for (const auto& a : c.actions) x += std::max(0.0, action_value(v, a)) * 0.8 + 0.5;
    for (const auto& e : c.on_play) x += effect_value(v, e);
    return x;
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
    std::string best = "pass";
    double best_x = 0.5;
    for (const auto& cmd : legal) {
        if (cmd.rfind("use ", 0) != 0) continue;
        const Action* a = use_action(v.d, cmd);
        if (!a) continue;
        double x = -cost_penalty(v, a->cost);
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
    if (d.window_open()) return answer(v, legal);
    // 1. The card that adds most, counting what it replaces.
    std::string best;
    double best_x = 0.5;
    for (const auto& cmd : legal) {
        if (cmd.rfind("play ", 0) != 0) continue;
        std::string name = cmd.substr(5), over;
        if (const auto at = name.find(" over "); at != std::string::npos) {
            over = name.substr(at + 6);
            name = name.substr(0, at);
        }
        const Card& c = d.set().at(d.set().find(name));
        double x = card_value(v, c);
        std::vector<int> gone;
        if (!d.can_play(s, d.set().find(name), over, &gone).empty()) continue;
        for (const auto& ip : v.me().play)
            if (std::find(gone.begin(), gone.end(), ip.id) != gone.end())
                x -= card_value(v, d.set().at(ip.card)) + 1.0;
        x -= c.cost * 0.2;
        if (x > best_x) {
            best_x = x;
            best = cmd;
        }
    }
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
    // 3. The encounter that wears the other down soonest.
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
