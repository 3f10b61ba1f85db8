// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/adventurer/duel.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace croupier::games::adventurer {

namespace {

std::string_view trim_blanks(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// Splits "NAME over NAME" at the word "over" (any case); `over` empty when there is none.
void split_over(std::string_view args, std::string_view& name, std::string_view& over) {
    const std::string f = fold_name(args);
    const auto at = f.find(" over ");
    name = args;
    over = {};
    if (at == std::string::npos) return;
    // fold_name collapsed spaces; find the same word in the original text.
    for (std::size_t i = 0; i + 6 <= args.size(); ++i) {
        if (!std::isspace(static_cast<unsigned char>(args[i]))) continue;
        const std::string word = fold_name(args.substr(i, 6));
        if (word == "over" && i + 5 < args.size() &&
            std::isspace(static_cast<unsigned char>(args[i + 5]))) {
            name = trim_blanks(args.substr(0, i));
            over = trim_blanks(args.substr(i + 5));
            return;
        }
    }
}

const char* stat_name(Stat s) {
    return s == Stat::Health ? "Health" : "Willpower";
}

std::string signed_text(int v) {
    return (v >= 0 ? "+" : "") + std::to_string(v);
}

// The better of two dice: the higher mean, then the higher top.
Dice better(const Dice& a, const Dice& b) {
    if (a.mean2() != b.mean2()) return a.mean2() > b.mean2() ? a : b;
    return a.high() >= b.high() ? a : b;
}

}  // namespace

std::string side_tag(int s) {
    return s == 0 ? "@0" : "@1";
}

Duel::Duel(const CardSet& set, const std::array<std::vector<int>, 2>& decks,
           std::uint64_t deal_number)
    : Duel(set, decks, deal_number, true) {}

Duel Duel::arranged(const CardSet& set, const std::array<std::vector<int>, 2>& decks,
                    std::uint64_t deal_number) {
    return Duel(set, decks, deal_number, false);
}

Duel::Duel(const CardSet& set, const std::array<std::vector<int>, 2>& decks,
           std::uint64_t deal_number, bool shuffle)
    : set_(&set), rng_(deal_number) {
    for (int s = 0; s < 2; ++s) {
        Side& side = mut(s);
        side.deck = decks[static_cast<std::size_t>(s)];
        if (shuffle) rng_.shuffle(side.deck);
        side.mind = kStartMind[static_cast<std::size_t>(s)];
    }
    for (int s = 0; s < 2; ++s) draw(s, kStartHand);
    begin_turn(0);
}

int Duel::awaited() const {
    if (over_) return -1;
    return responder_ >= 0 ? responder_ : active_;
}

int Duel::mod(int s, Mod m) const {
    int v = 0;
    const auto k = static_cast<std::size_t>(m);
    for (const auto& ip : side(s).play) v += set_->at(ip.card).mods[k] + ip.counters[k];
    return v;
}

// The best die of 1d1, the upgrades of the cards in play and this turn's.
Dice Duel::best_die(int s, std::optional<Dice> Card::*of_card,
                    std::optional<Dice> Side::*this_turn) const {
    Dice d{1, 1, 0};
    for (const auto& ip : side(s).play)
        if (const auto& up = set_->at(ip.card).*of_card) d = better(d, *up);
    if (const auto& up = side(s).*this_turn) d = better(d, *up);
    return d;
}

Dice Duel::attack_die(int s) const {
    return best_die(s, &Card::attack_die, &Side::turn_attack_die);
}

Dice Duel::parley_die(int s) const {
    return best_die(s, &Card::parley_die, &Side::turn_parley_die);
}

int Duel::symbols(int s, const std::string& name) const {
    const std::string f = fold_name(name);
    int n = 0;
    for (const auto& ip : side(s).play)
        for (const auto& [sym, k] : set_->at(ip.card).provides)
            if (fold_name(sym) == f) n += k;
    return n;
}

void Duel::emit(int to, std::string text) {
    events_.push_back(Event{to, std::move(text), false, false});
}

std::vector<Event> Duel::take_events() {
    std::vector<Event> out;
    out.swap(events_);
    return out;
}

void Duel::draw(int s, int n) {
    Side& side = mut(s);
    std::string names;
    int drawn = 0;
    for (int i = 0; i < n && !side.deck.empty(); ++i) {
        const int c = side.deck.front();
        side.deck.erase(side.deck.begin());
        side.hand.push_back(c);
        names += (names.empty() ? "" : ", ") + set_->at(c).name;
        ++drawn;
    }
    if (drawn > 0) emit(s, "you draw " + names + ".");
}

void Duel::begin_turn(int s) {
    active_ = s;
    ++turn_;
    for (auto& side : sides_)
        for (auto& ip : side.play) std::fill(ip.used.begin(), ip.used.end(), false);
    Side& side = mut(s);
    side.shields.clear();
    side.played_card = false;
    side.cycled = false;
    const int gain = std::max(1, static_cast<int>(side.play.size()));
    side.mind = std::min(kMaxMind, side.mind + gain);
    const bool could_draw = !side.deck.empty();
    draw(s, 1);
    emit(-1, "Turn " + std::to_string(turn_) + ", " + side_tag(s) + ": +" + std::to_string(gain) +
                 " Mind (" + std::to_string(side.mind) + "), " +
                 (could_draw ? "draws a card" : "no card left to draw") + " (hand " +
                 std::to_string(side.hand.size()) + ", deck " + std::to_string(side.deck.size()) +
                 ").");
}

void Duel::end_turn() {
    const int a = active_;
    for (int s = 0; s < 2; ++s) {
        Side& side = mut(s);
        for (auto it = side.play.begin(); it != side.play.end();) {
            if (it->consumed) {
                side.discard.push_back(it->card);
                it = side.play.erase(it);
            } else {
                ++it;
            }
        }
    }
    Side& act = mut(a);
    act.turn_attack_die.reset();
    act.turn_parley_die.reset();
    act.skip_encounter = false;
    const auto out = [&](int s) { return side(s).health <= 0 || side(s).willpower <= 0; };
    const auto why = [&](int s) {
        return side(s).health <= 0 ? side_tag(s) + " has no Health left"
                                   : side_tag(s) + " has no Willpower left";
    };
    if (out(0) && out(1)) return finish(-1, "Both give up the fight at once: a draw.");
    if (out(0)) return finish(1, why(0) + ": " + side_tag(1) + " wins.");
    if (out(1)) return finish(0, why(1) + ": " + side_tag(0) + " wins.");
    if (act.deck.empty() && !act.played_card)
        return finish(1 - a, side_tag(a) + " has no cards left to draw and played none: " +
                                 side_tag(1 - a) + " wins.");
    begin_turn(1 - a);
}

void Duel::finish(int winner, std::string reason) {
    over_ = true;
    winner_ = winner;
    responder_ = -1;
    stack_.clear();
    end_reason_ = reason;
    emit(-1, std::move(reason));
}

void Duel::concede(int s) {
    if (over_) return;
    finish(1 - (s & 1), side_tag(s) + " gives up: " + side_tag(1 - (s & 1)) + " wins.");
}

int Duel::roll(const Dice& d, std::string& shown) {
    if (d.fixed()) {  // "3", or a die of one side ("1d1"): nothing is rolled
        const int v = d.count == 0 ? d.plus : d.count + d.plus;
        shown = d.count == 0 ? std::to_string(v) : dice_text(d);
        return v;
    }
    int total = d.plus;
    std::string faces;
    for (int i = 0; i < d.count; ++i) {
        const int f = 1 + static_cast<int>(rng_.below(static_cast<std::uint64_t>(d.sides)));
        total += f;
        faces += (i ? "+" : "") + std::to_string(f);
    }
    shown = dice_text(d) + " rolls " + faces;
    if (d.plus != 0) shown += signed_text(d.plus);
    if (d.count > 1 || d.plus != 0) shown += " = " + std::to_string(total);
    return total;
}

void Duel::lose(int s, Stat stat, int amount, const std::string& how) {
    Side& side = mut(s);
    if (amount <= 0) {
        emit(-1, how + ": no harm done.");
        return;
    }
    for (auto it = side.shields.begin(); it != side.shields.end(); ++it) {
        if (it->stat == stat && amount <= it->upto) {
            side.shields.erase(it);
            emit(-1, how + ": " + side_tag(s) + "'s guard negates the loss of " +
                         std::to_string(amount) + " " + stat_name(stat) + ".");
            return;
        }
    }
    int& v = stat == Stat::Health ? side.health : side.willpower;
    v = std::max(0, v - amount);
    emit(-1, how + ": " + side_tag(s) + " loses " + std::to_string(amount) + " " + stat_name(stat) +
                 " (" + std::to_string(v) + " left).");
}

void Duel::apply_effect(int s, const StackItem& item, const Effect& e) {
    const int o = 1 - s;
    Side& me = mut(s);
    Side& them = mut(o);
    std::string shown;
    const std::string who = side_tag(s);
    const std::string source =
        item.kind == StackItem::Kind::Card || item.kind == StackItem::Kind::Action
            ? set_->at(item.card).name
            : who;
    switch (e.op) {
        case Op::Attack:
        case Op::Parley: {
            const bool attack = e.op == Op::Attack;
            const Dice die = e.usual_die() ? (attack ? attack_die(s) : parley_die(s)) : e.amount;
            const int r = roll(die, shown);
            const int mine = mod(s, attack ? Mod::Attack : Mod::Charisma);
            const int theirs = mod(o, attack ? Mod::Defence : Mod::Charisma);
            const int total = r + mine - theirs;
            const std::string how = who + (attack ? " attacks: " : " parleys: ") + shown + ", " +
                                    (attack ? "Attack " : "Charisma ") + signed_text(mine) + ", " +
                                    side_tag(o) + "'s " + (attack ? "Defence " : "Charisma ") +
                                    std::to_string(theirs);
            lose(o, attack ? Stat::Health : Stat::Willpower, std::max(0, total), how);
            return;
        }
        case Op::Damage: {
            const int r = roll(e.amount, shown);
            lose(o, e.stat, r, source + (e.amount.fixed() ? "" : " (" + shown + ")"));
            return;
        }
        case Op::Heal: {
            const int r = roll(e.amount, shown);
            int& v = e.stat == Stat::Health ? me.health : me.willpower;
            const int cap = e.stat == Stat::Health ? kStartHealth : kStartWillpower;
            const int gained = std::max(0, std::min(r, cap - v));
            v += gained;
            emit(-1, source + (e.amount.fixed() ? "" : " (" + shown + ")") + ": " + who +
                         " regains " + std::to_string(gained) + " " + stat_name(e.stat) + " (" +
                         std::to_string(v) + ").");
            return;
        }
        case Op::GainMind: {
            me.mind = std::min(kMaxMind, me.mind + e.amount.plus);
            emit(-1, source + ": " + who + " has " + std::to_string(me.mind) + " Mind.");
            return;
        }
        case Op::DrainMind: {
            them.mind = std::max(0, them.mind - e.amount.plus);
            emit(-1, source + ": " + side_tag(o) + " has " + std::to_string(them.mind) + " Mind.");
            return;
        }
        case Op::Draw: {
            const auto before = me.hand.size();
            draw(s, e.amount.plus);
            emit(-1, source + ": " + who + " draws " + std::to_string(me.hand.size() - before) +
                         " (hand " + std::to_string(me.hand.size()) + ").");
            return;
        }
        case Op::Discard: {
            std::string names;
            for (int i = 0; i < e.amount.plus && !them.hand.empty(); ++i) {
                const auto j = static_cast<std::size_t>(rng_.below(them.hand.size()));
                const int c = them.hand[j];
                them.hand.erase(them.hand.begin() + static_cast<std::ptrdiff_t>(j));
                them.discard.push_back(c);
                names += (names.empty() ? "" : ", ") + set_->at(c).name;
            }
            emit(-1, source + ": " + side_tag(o) + " discards " +
                         (names.empty() ? std::string("nothing (no cards in hand)") : names) + ".");
            return;
        }
        case Op::AttackDie:
        case Op::ParleyDie: {
            const bool attack = e.op == Op::AttackDie;
            (attack ? me.turn_attack_die : me.turn_parley_die) = e.amount;
            emit(-1, source + ": " + who + "'s " + (attack ? "Attack" : "Parley") + " Die is " +
                         dice_text(attack ? attack_die(s) : parley_die(s)) + " this turn.");
            return;
        }
        case Op::SkipEncounter:
            them.skip_encounter = true;
            emit(-1, source + ": " + side_tag(o) + "'s next Encounter Step is skipped.");
            return;
        case Op::Negate:
            me.shields.push_back(Shield{e.stat, e.amount.plus});
            emit(-1, source + ": " + who + "'s next loss of " + std::to_string(e.amount.plus) +
                         " " + stat_name(e.stat) + " or less is negated.");
            return;
        case Op::LookHand: {
            std::string names;
            for (int c : them.hand) names += (names.empty() ? "" : ", ") + set_->at(c).name;
            emit(-1, source + ": " + who + " looks at " + side_tag(o) + "'s hand.");
            emit(s, side_tag(o) + "'s hand: " + (names.empty() ? "no cards" : names) + ".");
            return;
        }
        case Op::LookDeck: {
            std::string names;
            for (std::size_t i = 0; i < me.deck.size() && i < std::size_t(e.amount.plus); ++i)
                names += (names.empty() ? "" : ", ") + set_->at(me.deck[i]).name;
            emit(-1, source + ": " + who + " looks at the top of their deck.");
            emit(s, "the top of your deck: " + (names.empty() ? "no cards" : names) + ".");
            return;
        }
        case Op::Counter: {
            for (auto& ip : me.play) {
                if (ip.id != item.instance) continue;
                const auto k = static_cast<std::size_t>(e.mod);
                ip.counters[k] += e.amount.plus;
                const char* m = e.mod == Mod::Attack    ? "Attack"
                                : e.mod == Mod::Defence ? "Defence"
                                                        : "Charisma";
                emit(-1, source + ": +" + std::to_string(e.amount.plus) + " " + m + " (" + who +
                             "'s " + m + " " + std::to_string(mod(s, e.mod)) + ").");
                return;
            }
            emit(-1, source + " has left play: no counter.");
            return;
        }
    }
}

void Duel::apply(const StackItem& item) {
    const int s = item.side;
    if (item.encounter && side(s).skip_encounter) {
        emit(-1, side_tag(s) + "'s Encounter Step is skipped.");
        return;
    }
    switch (item.kind) {
        case StackItem::Kind::Card:
            for (const auto& e : set_->at(item.card).on_play) apply_effect(s, item, e);
            return;
        case StackItem::Kind::Action:
            for (const auto& e :
                 set_->at(item.card).actions[static_cast<std::size_t>(item.action)].effects)
                apply_effect(s, item, e);
            return;
        case StackItem::Kind::Attack:
        case StackItem::Kind::Parley: {
            Effect e;
            e.op = item.kind == StackItem::Kind::Attack ? Op::Attack : Op::Parley;
            e.amount = Dice{-1, 1, 0};
            apply_effect(s, item, e);
            return;
        }
    }
}

void Duel::resolve_stack() {
    responder_ = -1;
    bool encounter = false;
    const std::size_t from = events_.size();
    const bool settles = declared_;
    declared_ = false;
    while (!stack_.empty()) {
        const StackItem item = stack_.back();
        stack_.pop_back();
        encounter = encounter || item.encounter;
        apply(item);
    }
    if (settles && events_.size() > from) events_[from].settles = true;
    if (encounter && !over_) end_turn();
}

void Duel::open_window(StackItem item, const std::string& declare) {
    stack_.push_back(item);
    responder_ = 1 - item.side;
    if (!can_respond(responder_)) {
        resolve_stack();
    } else if (!declare.empty()) {
        emit(-1, declare);
        events_.back().declares = true;
        declared_ = true;
    }
}

bool Duel::can_respond(int s) const {
    for (const auto& ip : side(s).play)
        for (std::size_t a = 0; a < ip.used.size(); ++a)
            if (can_use(s, ip, static_cast<int>(a)).empty()) return true;
    return false;
}

std::string Duel::can_use(int s, const InPlay& ip, int action) const {
    const Card& c = set_->at(ip.card);
    if (action < 0 || action >= static_cast<int>(c.actions.size()))
        return c.name + " has no action " + std::to_string(action + 1) + ".";
    const Action& a = c.actions[static_cast<std::size_t>(action)];
    if (ip.consumed) return c.name + " is consumed.";
    if (ip.used[static_cast<std::size_t>(action)])
        return c.name + "'s action is used this turn (each action once a turn).";
    if (responder_ >= 0) {
        if (s != responder_) return "it is not your answer to give.";
        if (a.cost.encounter)
            return c.name + "'s action costs Encounter: it is an Encounter Step, not an answer.";
    } else {
        if (s != active_) return "it is not your turn.";
        if (a.cost.encounter && side(s).skip_encounter)
            return "your Encounter Step is skipped this turn.";
    }
    const Side& me = side(s);
    if (me.mind < a.cost.mind)
        return c.name + "'s action costs " + std::to_string(a.cost.mind) + " Mind; you have " +
               std::to_string(me.mind) + ".";
    if (me.health < a.cost.health)
        return c.name + "'s action costs " + std::to_string(a.cost.health) + " Health; you have " +
               std::to_string(me.health) + ".";
    if (me.willpower < a.cost.willpower)
        return c.name + "'s action costs " + std::to_string(a.cost.willpower) +
               " Willpower; you have " + std::to_string(me.willpower) + ".";
    return "";
}

std::string Duel::can_play(int s, int card, std::string_view over,
                           std::vector<int>* replaced) const {
    const Card& c = set_->at(card);
    const Side& me = side(s);
    for (const auto& [sym, k] : c.needs) {
        const int have = symbols(s, sym);
        if (have < k)
            return c.name + " needs " + std::to_string(k) + " " + sym + " (you have " +
                   std::to_string(have) + ").";
    }
    if (me.mind < c.cost)
        return c.name + " costs " + std::to_string(c.cost) + " Mind; you have " +
               std::to_string(me.mind) + ".";
    std::vector<int> out;  // in-play ids that go
    bool over_used = over.empty();
    for (int k = 0; k < kSlots; ++k) {
        const Slot slot = static_cast<Slot>(k);
        const int need = static_cast<int>(std::count(c.fills.begin(), c.fills.end(), slot));
        if (need == 0) continue;
        std::vector<const InPlay*> holders;
        int taken = 0;
        for (const auto& ip : me.play) {
            const auto& f = set_->at(ip.card).fills;
            const int n = static_cast<int>(std::count(f.begin(), f.end(), slot));
            if (n > 0) holders.push_back(&ip);
            taken += n;
        }
        int free = kSlotCount[static_cast<std::size_t>(k)] - taken;
        if (free >= need) continue;
        auto frees = [&](const InPlay* ip) {
            const auto& f = set_->at(ip->card).fills;
            return static_cast<int>(std::count(f.begin(), f.end(), slot));
        };
        std::vector<const InPlay*> go;
        if (!over.empty()) {
            for (const auto* ip : holders) {
                if (fold_name(set_->at(ip->card).name) == fold_name(over)) {
                    go.push_back(ip);
                    free += frees(ip);
                    over_used = true;
                    break;
                }
            }
        }
        if (free < need) {
            // Only when no choice is left: every other holder must go too.
            int rest = 0;
            for (const auto* ip : holders)
                if (std::find(go.begin(), go.end(), ip) == go.end()) rest += frees(ip);
            if (free + rest - need > 0 && holders.size() > go.size() + 1) {
                std::string names;
                for (const auto* ip : holders)
                    names += (names.empty() ? "" : ", ") + set_->at(ip->card).name;
                return "your " + slot_name(slot) + " slots are full (" + names + "): play " +
                       c.name + " over one of them (play " + c.name + " over " +
                       set_->at(holders.front()->card).name + ").";
            }
            for (const auto* ip : holders)
                if (std::find(go.begin(), go.end(), ip) == go.end()) go.push_back(ip);
        }
        for (const auto* ip : go) {
            if (set_->at(ip->card).cursed)
                return set_->at(ip->card).name + " is cursed: it cannot be discarded, so " +
                       c.name + " cannot take its " + slot_name(slot) + " slot.";
            if (std::find(out.begin(), out.end(), ip->id) == out.end()) out.push_back(ip->id);
        }
    }
    if (!over_used) return "you have no " + std::string(over) + " in a slot " + c.name + " fills.";
    if (replaced) *replaced = out;
    return "";
}

int Duel::find_in_play(int s, std::string_view name, bool usable, int action) const {
    const std::string f = fold_name(name);
    int first = -1, fresh = -1;  // fresh: its action not used, the card not consumed
    const auto& play = side(s).play;
    for (std::size_t i = 0; i < play.size(); ++i) {
        if (fold_name(set_->at(play[i].card).name) != f) continue;
        if (first < 0) first = static_cast<int>(i);
        if (!usable) return first;
        if (action < 0) continue;
        if (can_use(s, play[i], action).empty()) return static_cast<int>(i);
        const auto a = static_cast<std::size_t>(action);
        if (fresh < 0 && a < play[i].used.size() && !play[i].used[a] && !play[i].consumed)
            fresh = static_cast<int>(i);
    }
    return fresh >= 0 ? fresh : first;
}

std::string Duel::cmd_play(int s, std::string_view args) {
    std::string_view name, over;
    split_over(args, name, over);
    if (name.empty()) return "play which card? (play CARD, or play CARD over CARD)";
    Side& me = mut(s);
    const std::string f = fold_name(name);
    auto it = std::find_if(me.hand.begin(), me.hand.end(),
                           [&](int c) { return fold_name(set_->at(c).name) == f; });
    if (it == me.hand.end()) return "you have no " + std::string(name) + " in your hand.";
    const int card = *it;
    std::vector<int> replaced;
    if (auto why = can_play(s, card, over, &replaced); !why.empty()) return why;
    std::string gone;
    for (int id : replaced) {
        auto ip = std::find_if(me.play.begin(), me.play.end(),
                               [&](const InPlay& p) { return p.id == id; });
        gone += (gone.empty() ? "" : ", ") + set_->at(ip->card).name;
        me.discard.push_back(ip->card);
        me.play.erase(ip);
    }
    const Card& c = set_->at(card);
    me.mind -= c.cost;
    me.hand.erase(it);
    InPlay ip;
    ip.id = next_id_++;
    ip.card = card;
    ip.used.assign(c.actions.size(), false);
    ip.turn = turn_;
    me.play.push_back(ip);
    me.played_card = true;
    emit(-1, side_tag(s) + " plays " + c.name + (gone.empty() ? "" : " over " + gone) + " (" +
                 std::to_string(c.cost) + " Mind, " + std::to_string(me.mind) + " left).");
    open_window(StackItem{StackItem::Kind::Card, s, card, ip.id, 0, false});
    return "";
}

std::string Duel::cmd_use(int s, std::string_view args) {
    args = trim_blanks(args);
    int action = -1;
    const auto sp = args.find_last_of(" \t");
    if (sp != std::string_view::npos) {
        int k = 0;
        const auto tail = args.substr(sp + 1);
        const auto r = std::from_chars(tail.data(), tail.data() + tail.size(), k);
        if (r.ec == std::errc() && r.ptr == tail.data() + tail.size() && k >= 1 && k <= 9) {
            action = k - 1;
            args = trim_blanks(args.substr(0, sp));
        }
    }
    if (args.empty()) return "use which card? (use CARD, or use CARD N for its Nth action)";
    const int first = find_in_play(s, args, false, -1);
    if (first < 0) return "you have no " + std::string(args) + " in play.";
    const Card& c = set_->at(side(s).play[static_cast<std::size_t>(first)].card);
    if (c.actions.empty()) return c.name + " has no action to use.";
    if (action < 0) {
        if (c.actions.size() > 1) {
            std::vector<int> open;
            for (std::size_t a = 0; a < c.actions.size(); ++a)
                if (find_in_play(s, args, true, static_cast<int>(a)) >= 0 &&
                    can_use(s,
                            side(s).play[static_cast<std::size_t>(
                                find_in_play(s, args, true, static_cast<int>(a)))],
                            static_cast<int>(a))
                        .empty())
                    open.push_back(static_cast<int>(a));
            if (open.size() > 1) {
                std::string list;
                for (int a : open)
                    list += (list.empty() ? "" : ", or ") + std::string("use ") + c.name + " " +
                            std::to_string(a + 1) + " (" +
                            c.actions[static_cast<std::size_t>(a)].text + ")";
                return c.name + " has more than one action: " + list + ".";
            }
            action = open.empty() ? 0 : open.front();
        } else {
            action = 0;
        }
    }
    const int at = find_in_play(s, args, true, action);
    Side& me = mut(s);
    InPlay& ip = me.play[static_cast<std::size_t>(at)];
    if (auto why = can_use(s, ip, action); !why.empty()) return why;
    const Action& a = c.actions[static_cast<std::size_t>(action)];
    me.mind -= a.cost.mind;
    me.health -= a.cost.health;
    me.willpower -= a.cost.willpower;
    ip.used[static_cast<std::size_t>(action)] = true;
    if (a.cost.consume) ip.consumed = true;
    const int id = ip.id;
    const int card = ip.card;
    if (a.cost.discard_this) {
        me.discard.push_back(card);
        me.play.erase(me.play.begin() + at);
    }
    const bool answer = responder_ >= 0;
    emit(-1, side_tag(s) + (answer ? " answers with " : " uses ") + c.name + ": " + a.text +
                 (a.cost.mind ? " (" + std::to_string(me.mind) + " Mind left)" : "") + ".");
    StackItem item{StackItem::Kind::Action, s, card, id, action, a.cost.encounter};
    if (!answer) {
        open_window(item);
    } else {
        declared_ = false;  // answered: the declaration is what the answer answers
        stack_.push_back(item);
        responder_ = 1 - s;
        if (!can_respond(responder_)) resolve_stack();
    }
    return "";
}

std::string Duel::cmd_discard(int s, std::string_view args) {
    args = trim_blanks(args);
    if (args.empty()) return "discard which card in play? (discard CARD, for 1 Mind)";
    const int at = find_in_play(s, args, false, -1);
    if (at < 0) return "you have no " + std::string(args) + " in play.";
    Side& me = mut(s);
    const int card = me.play[static_cast<std::size_t>(at)].card;
    if (set_->at(card).cursed) return set_->at(card).name + " is cursed: it cannot be discarded.";
    if (me.mind < 1) return "discarding a card from play costs 1 Mind; you have none.";
    me.mind -= 1;
    me.discard.push_back(card);
    me.play.erase(me.play.begin() + at);
    emit(-1, side_tag(s) + " discards " + set_->at(card).name + " from play (1 Mind, " +
                 std::to_string(me.mind) + " left).");
    return "";
}

std::string Duel::can_cycle(int s) const {
    const Side& me = side(s);
    if (over_) return "the duel is over.";
    if (s != active_ || responder_ >= 0) return "you may cycle a card in your own main step only.";
    if (me.cycled) return "you have cycled a card this turn already (once a turn).";
    if (me.hand.empty()) return "you have no card in your hand to cycle.";
    if (me.deck.empty()) return "your deck is empty: there is no card to draw in its place.";
    if (me.mind < kCycleCost)
        return "cycling a card costs " + std::to_string(kCycleCost) + " Mind; you have " +
               std::to_string(me.mind) + ".";
    return "";
}

// A dead hand's way out: the card goes to the bottom of the deck, unseen by the other, and
// the top card is drawn.
std::string Duel::cmd_cycle(int s, std::string_view args) {
    args = trim_blanks(args);
    if (args.empty())
        return "cycle which card? (cycle CARD: a card of your hand to the bottom of your deck, "
               "and you draw one, for " +
               std::to_string(kCycleCost) + " Mind)";
    Side& me = mut(s);
    const std::string f = fold_name(args);
    auto it = std::find_if(me.hand.begin(), me.hand.end(),
                           [&](int c) { return fold_name(set_->at(c).name) == f; });
    if (it == me.hand.end()) return "you have no " + std::string(args) + " in your hand.";
    if (auto why = can_cycle(s); !why.empty()) return why;
    const int card = *it;
    me.hand.erase(it);
    me.deck.push_back(card);
    me.mind -= kCycleCost;
    me.cycled = true;
    const int drawn = me.deck.front();
    me.deck.erase(me.deck.begin());
    me.hand.push_back(drawn);
    emit(s, "you put " + set_->at(card).name + " at the bottom of your deck and draw " +
                set_->at(drawn).name + ".");
    emit(-1, side_tag(s) +
                 " cycles a card: one from the hand to the bottom of the deck, and "
                 "draws one (" +
                 std::to_string(kCycleCost) + " Mind, " + std::to_string(me.mind) + " left).");
    return "";
}

std::string Duel::cmd_encounter(int s, bool parley) {
    if (side(s).skip_encounter) return "your Encounter Step is skipped this turn: type end.";
    const auto kind = parley ? StackItem::Kind::Parley : StackItem::Kind::Attack;
    // Said only when the other can answer it; else it resolves at once and that line says all.
    open_window(StackItem{kind, s, 0, 0, 0, true},
                side_tag(s) + (parley ? " parleys" : " attacks") + " with " +
                    dice_text(parley ? parley_die(s) : attack_die(s)) + ".");
    return "";
}

std::string Duel::act(int s, std::string_view line) {
    if (s != 0 && s != 1) return "no such seat.";
    if (over_) return "the duel is over.";
    line = trim_blanks(line);
    const auto sp = line.find_first_of(" \t");
    const std::string cmd = fold_name(line.substr(0, sp));
    const std::string_view args = sp == std::string_view::npos ? "" : trim_blanks(line.substr(sp));
    if (cmd == "draw") {
        if (!args.empty()) return "draw takes no words: it offers a draw, or accepts one.";
        if (draw_offer_ == 1 - s) {
            finish(-1, "A draw, agreed by both.");
            return "";
        }
        if (draw_offer_ == s) return "you have offered a draw already; it stands.";
        draw_offer_ = s;
        mut(s).offered_turn = turn_;
        emit(-1, side_tag(s) + " offers a draw; " + side_tag(1 - s) + " may type draw to accept.");
        return "";
    }
    if (s != awaited()) {
        return responder_ >= 0 ? "it is " + side_tag(responder_) + "'s answer to give."
                               : "it is " + side_tag(active_) + "'s turn.";
    }
    const int offer = draw_offer_;
    const std::size_t before = events_.size();  // the lapse is told before what the move did
    std::string why;
    if (responder_ >= 0) {
        if (cmd == "pass") {
            if (!args.empty()) return "pass takes no words.";
            // Nothing said: what resolves, or the next move, shows that the window closed
            // (a pass costs the channel no line of its own).
            resolve_stack();
        } else if (cmd == "use") {
            why = cmd_use(s, args);
        } else {
            return "answer with use CARD (an action of a card in play) or pass.";
        }
    } else if (cmd == "play") {
        why = cmd_play(s, args);
    } else if (cmd == "use") {
        why = cmd_use(s, args);
    } else if (cmd == "discard") {
        why = cmd_discard(s, args);
    } else if (cmd == "cycle") {
        why = cmd_cycle(s, args);
    } else if (cmd == "attack" || cmd == "parley") {
        if (!args.empty()) return cmd + " takes no words (the die is your " + cmd + " die).";
        why = cmd_encounter(s, cmd == "parley");
    } else if (cmd == "end") {
        if (!args.empty()) return "end takes no words.";
        emit(-1, side_tag(s) + " ends the turn without an encounter.");
        end_turn();
    } else if (cmd == "pass") {
        return "there is nothing to answer: play, use, discard, cycle, attack, parley or end.";
    } else {
        return "unknown command: play, use, discard, cycle, attack, parley, end (or draw).";
    }
    if (!why.empty()) return why;
    if (offer == 1 - s && draw_offer_ == offer && !over_) {
        draw_offer_ = -1;
        events_.insert(events_.begin() + static_cast<std::ptrdiff_t>(before),
                       Event{-1, side_tag(s) + " plays on: the draw offer lapses.", false, false});
    }
    return "";
}

std::vector<std::string> Duel::legal(int s) const {
    std::vector<std::string> out;
    if (over_) return out;
    if (draw_offer_ == 1 - s) out.emplace_back("draw");
    if (s != awaited()) return out;
    const Side& me = side(s);
    auto uses = [&](bool answer) {
        std::vector<std::string> seen;
        for (const auto& ip : me.play) {
            const Card& c = set_->at(ip.card);
            for (std::size_t a = 0; a < c.actions.size(); ++a) {
                if (!can_use(s, ip, static_cast<int>(a)).empty()) continue;
                if (answer && c.actions[a].cost.encounter) continue;
                std::string cmd = "use " + c.name;
                if (c.actions.size() > 1) cmd += " " + std::to_string(a + 1);
                if (std::find(seen.begin(), seen.end(), cmd) == seen.end()) seen.push_back(cmd);
            }
        }
        out.insert(out.end(), seen.begin(), seen.end());
    };
    if (responder_ >= 0) {
        out.emplace_back("pass");
        uses(true);
        return out;
    }
    std::vector<int> tried;
    for (int c : me.hand) {
        if (std::find(tried.begin(), tried.end(), c) != tried.end()) continue;
        tried.push_back(c);
        const std::string name = set_->at(c).name;
        if (can_play(s, c).empty()) {
            out.push_back("play " + name);
            continue;
        }
        for (const auto& ip : me.play) {
            const std::string o = set_->at(ip.card).name;
            const std::string cmd = "play " + name + " over " + o;
            if (std::find(out.begin(), out.end(), cmd) == out.end() && can_play(s, c, o).empty())
                out.push_back(cmd);
        }
    }
    uses(false);
    if (me.mind >= 1) {
        std::vector<std::string> seen;
        for (const auto& ip : me.play) {
            if (set_->at(ip.card).cursed) continue;
            std::string cmd = "discard " + set_->at(ip.card).name;
            if (std::find(seen.begin(), seen.end(), cmd) == seen.end()) seen.push_back(cmd);
        }
        out.insert(out.end(), seen.begin(), seen.end());
    }
    if (can_cycle(s).empty()) {
        std::vector<int> seen;
        for (int c : me.hand) {
            if (std::find(seen.begin(), seen.end(), c) != seen.end()) continue;
            seen.push_back(c);
            out.push_back("cycle " + set_->at(c).name);
        }
    }
    if (!me.skip_encounter) {
        out.emplace_back("attack");
        out.emplace_back("parley");
    }
    out.emplace_back("end");
    return out;
}

}  // namespace croupier::games::adventurer
