// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/vcg/duel.hpp"

#include <algorithm>

#include "games/core/rng.hpp"

namespace croupier::games::vcg {

namespace {

// One side of a battle: its card, its choice, and the hand its Support and Team come from.
struct Fighter {
    const Card* card = nullptr;
    Choice choice;
    bool bonus = false;  // its faction bonus is active (two or more of its faction drawn)
    std::array<const Card*, kHand> hand{};  // the four drawn cards (nullptr: none)
    int team_override = -1;                 // calc: cards of the faction drawn
    int team(const Card& from) const {
        if (team_override >= 0) return team_override;
        int n = 0;
        for (const Card* c : hand)
            if (c && c->faction == from.faction) ++n;
        return std::max(n, 1);
    }
};

struct Active {
    Ability a;
    const Card* from = nullptr;
    bool bonus = false;
    bool printed = false;  // the fighting card's own ability (what Stop Opp Ability stops)
    int mult = 1;
};

bool condition(const Ability& a, int s, int first, const std::array<bool, 2>& revenge,
               const Card& opp) {
    switch (a.prefix) {
        case Prefix::Courage:
            return first == s;
        case Prefix::Revenge:
            return revenge[static_cast<std::size_t>(s)];
        case Prefix::Stop:
            return opp.ability.effect == Effect::StopOppAbility;
        default:
            return true;
    }
}

// Reductions "- X ... Min Y" on one value, the highest Min first (shared/rules/README.md).
int reduce(int value, std::vector<std::pair<int, int>> cuts) {
    std::stable_sort(cuts.begin(), cuts.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    for (const auto& [x, min] : cuts)
        if (value > min) value = std::max(min, value - x);
    return value;
}

void fight_battle(std::array<Side, 2>& sides, std::array<Fighter, 2> f, int first, Battle& b) {
    const std::array<bool, 2> revenge = {sides[0].lost_last, sides[1].lost_last};
    // Everything that may act, per side, before anything is stopped.
    std::array<std::vector<Active>, 2> act;
    for (int s = 0; s < 2; ++s) {
        const Fighter& me = f[static_cast<std::size_t>(s)];
        const Card& opp = *f[static_cast<std::size_t>(1 - s)].card;
        auto add = [&](const Ability& a, const Card* from, bool bonus, bool printed) {
            if (a.empty() || !condition(a, s, first, revenge, opp)) return;
            const int mult = a.prefix == Prefix::Team ? me.team(*from) : 1;
            act[static_cast<std::size_t>(s)].push_back(Active{a, from, bonus, printed, mult});
        };
        add(me.card->ability, me.card, false, true);
        for (const Card* c : me.hand)
            if (c && c != me.card &&
                (c->ability.prefix == Prefix::Support || c->ability.prefix == Prefix::Team))
                add(c->ability, c, false, false);
        if (me.bonus) add(me.card->bonus, me.card, true, false);
    }
    // Stops act at once on both sides: two cards with Stop Opp Ability stop each other.
    std::array<bool, 2> stop_ability{}, stop_bonus{}, cancel_own{};
    for (int s = 0; s < 2; ++s)
        for (const auto& x : act[static_cast<std::size_t>(s)]) {
            if (x.a.effect == Effect::StopOppAbility)
                stop_ability[static_cast<std::size_t>(1 - s)] = true;
            if (x.a.effect == Effect::StopOppBonus)
                stop_bonus[static_cast<std::size_t>(1 - s)] = true;
            if (x.a.effect == Effect::CancelOwnAbility)
                cancel_own[static_cast<std::size_t>(s)] = true;
        }
    for (int s = 0; s < 2; ++s) {
        auto& v = act[static_cast<std::size_t>(s)];
        const auto su = static_cast<std::size_t>(s);
        std::erase_if(v, [&](const Active& x) {
            if (x.bonus) return stop_bonus[su];
            if (!x.printed) return false;
            if (cancel_own[su]) return true;
            return stop_ability[su] && x.a.prefix != Prefix::Stop;
        });
        b.bonus_active[su] = f[su].bonus && !stop_bonus[su];
    }
    auto fired = [&](int s, const Active& x, int amount) {
        b.fired.push_back(Fired{s, x.from->name, x.from->faction, x.bonus, x.a, amount});
    };
    // During the battle: printed values, "= Opp", pluses, then the opponent's cuts.
    for (int s = 0; s < 2; ++s) {
        const auto su = static_cast<std::size_t>(s), ou = static_cast<std::size_t>(1 - s);
        const Card& me = *f[su].card;
        const Card& opp = *f[ou].card;
        int power = me.power, damage = me.damage, attack_plus = 0;
        for (const auto& x : act[su]) {
            const int v = x.a.x * x.mult;
            switch (x.a.effect) {
                case Effect::PowerEqOpp:
                    power = opp.power;
                    break;
                case Effect::DamageEqOpp:
                    damage = opp.damage;
                    break;
                default:
                    break;
            }
            (void)v;
        }
        for (const auto& x : act[su]) {
            const int v = x.a.x * x.mult;
            switch (x.a.effect) {
                case Effect::Power:
                    power += v;
                    break;
                case Effect::Damage:
                    damage += v;
                    break;
                case Effect::Attack:
                    attack_plus += v;
                    break;
                default:
                    continue;
            }
        }
        if (f[su].choice.focus) damage += kFocusDamage;
        std::vector<std::pair<int, int>> pcut, acut, dcut;
        for (const auto& x : act[ou]) {
            const int v = x.a.x * x.mult;
            if (x.a.effect == Effect::OppPower) pcut.emplace_back(v, x.a.y);
            if (x.a.effect == Effect::OppAttack) acut.emplace_back(v, x.a.y);
            if (x.a.effect == Effect::OppDamage) dcut.emplace_back(v, x.a.y);
        }
        power = reduce(std::max(power, 0), pcut);
        int attack = power * (f[su].choice.potions + 1) + attack_plus;
        attack = reduce(std::max(attack, 0), acut);
        damage = reduce(std::max(damage, 0), dcut);
        b.power[su] = power;
        b.attack[su] = attack;
        b.damage[su] = damage;
    }
    for (int s = 0; s < 2; ++s)
        for (const auto& x : act[static_cast<std::size_t>(s)])
            if (!x.a.after_battle()) fired(s, x, x.a.x * x.mult);
    // Who wins: more attack, then the lower level, then who played first.
    int w;
    if (b.attack[0] != b.attack[1]) {
        w = b.attack[0] > b.attack[1] ? 0 : 1;
    } else if (f[0].card->level != f[1].card->level) {
        w = f[0].card->level < f[1].card->level ? 0 : 1;
        b.tie_by_level = true;
    } else {
        w = first;
        b.tie_by_order = true;
    }
    const int l = 1 - w;
    const auto wu = static_cast<std::size_t>(w), lu = static_cast<std::size_t>(l);
    b.winner = w;
    b.dealt = std::min(b.damage[wu], sides[lu].life);
    sides[lu].life -= b.dealt;

    // After the battle: the winner's effects (Backlash on itself), the loser's Defeat ones.
    struct Post {
        int actor;  // the side the effect works for (Backlash: the other one)
        int from;   // the side whose card it is printed on
        Active x;
    };
    std::vector<Post> post;
    for (const auto& x : act[wu]) {
        if (!x.a.after_battle() || x.a.prefix == Prefix::Defeat) continue;
        post.push_back(Post{x.a.prefix == Prefix::Backlash ? l : w, w, x});
    }
    for (const auto& x : act[lu])
        if (x.a.after_battle() && x.a.prefix == Prefix::Defeat) post.push_back(Post{l, l, x});
    // Gains first, then Heal and Poison set up, then every "Min" from the highest down.
    for (const auto& p : post) {
        Side& me = sides[static_cast<std::size_t>(p.actor)];
        Side& opp = sides[static_cast<std::size_t>(1 - p.actor)];
        const int v = p.x.a.x * p.x.mult;
        const std::size_t chosen = static_cast<std::size_t>(p.from == w ? w : l);
        switch (p.x.a.effect) {
            case Effect::Life:
                me.life += v;
                fired(p.from, p.x, v);
                break;
            case Effect::Potion:
                me.potions += v;
                fired(p.from, p.x, v);
                break;
            case Effect::LifePerDamage: {
                const int gain = v * (p.actor == w ? b.dealt : 0);
                me.life += gain;
                fired(p.from, p.x, gain);
                break;
            }
            case Effect::Recover: {
                const int used = b.choice[chosen].potions + 1;
                const int gain = (used * p.x.a.x + p.x.a.y - 1) / p.x.a.y;
                me.potions += gain;
                fired(p.from, p.x, gain);
                break;
            }
            case Effect::Heal:
                me.heals.push_back(Tick{v, p.x.a.y, b.round});
                fired(p.from, p.x, v);
                break;
            case Effect::Poison:
                opp.poisons.push_back(Tick{v, p.x.a.y, b.round});
                fired(p.from, p.x, v);
                break;
            default:
                break;
        }
    }
    std::vector<const Post*> cuts;
    for (const auto& p : post)
        if (p.x.a.effect == Effect::OppLife || p.x.a.effect == Effect::OppPotion ||
            p.x.a.effect == Effect::StealLife || p.x.a.effect == Effect::StealPotion)
            cuts.push_back(&p);
    std::stable_sort(cuts.begin(), cuts.end(),
                     [](const Post* a, const Post* c) { return a->x.a.y > c->x.a.y; });
    for (const Post* p : cuts) {
        Side& me = sides[static_cast<std::size_t>(p->actor)];
        Side& opp = sides[static_cast<std::size_t>(1 - p->actor)];
        const bool life = p->x.a.effect == Effect::OppLife || p->x.a.effect == Effect::StealLife;
        int& value = life ? opp.life : opp.potions;
        const int v = p->x.a.x * p->x.mult;
        const int before = value;
        if (value > p->x.a.y) value = std::max(p->x.a.y, value - v);
        const int taken = before - value;
        if (p->x.a.effect == Effect::StealLife) me.life += taken;
        if (p->x.a.effect == Effect::StealPotion) me.potions += taken;
        fired(p->from, p->x, taken);
    }
    // Heal and Poison won in earlier battles: the strongest of each, Heal first.
    for (int s = 0; s < 2; ++s) {
        Side& me = sides[static_cast<std::size_t>(s)];
        int best = 0;
        for (const auto& t : me.heals)
            if (t.from < b.round) best = std::max(best, std::clamp(t.y - me.life, 0, t.x));
        me.life += best;
        b.healed[static_cast<std::size_t>(s)] = best;
    }
    for (int s = 0; s < 2; ++s) {
        Side& me = sides[static_cast<std::size_t>(s)];
        int best = 0;
        for (const auto& t : me.poisons)
            if (t.from < b.round) best = std::max(best, std::clamp(me.life - t.y, 0, t.x));
        me.life -= best;
        b.poisoned[static_cast<std::size_t>(s)] = best;
    }
    sides[wu].lost_last = false;
    sides[lu].lost_last = true;
    for (int s = 0; s < 2; ++s) {
        b.life[static_cast<std::size_t>(s)] = sides[static_cast<std::size_t>(s)].life;
        b.potions[static_cast<std::size_t>(s)] = sides[static_cast<std::size_t>(s)].potions;
    }
}

int total_level(const std::array<Card, kHand>& h) {
    int n = 0;
    for (const auto& c : h) n += c.level;
    return n;
}

}  // namespace

int Side::cards_left() const {
    return static_cast<int>(std::count(played.begin(), played.end(), false));
}

Duel::Duel(const std::array<std::vector<Card>, 2>& decks, std::uint64_t deal_number) {
    DealRng rng(deal_number);
    for (int s = 0; s < 2; ++s) {
        std::vector<Card> d = decks[static_cast<std::size_t>(s)];
        rng.shuffle(d);
        for (int i = 0; i < kHand && i < static_cast<int>(d.size()); ++i)
            sides_[static_cast<std::size_t>(s)].hand[static_cast<std::size_t>(i)] =
                d[static_cast<std::size_t>(i)];
    }
    const int l0 = total_level(sides_[0].hand), l1 = total_level(sides_[1].hand);
    first_ = l0 != l1 ? (l0 > l1 ? 0 : 1) : static_cast<int>(rng.below(2));
}

Duel::Duel(const std::array<std::array<Card, kHand>, 2>& hands, int first) : first_(first) {
    sides_[0].hand = hands[0];
    sides_[1].hand = hands[1];
}

int Duel::to_play() const {
    if (over_) return -1;
    if (!chosen_[static_cast<std::size_t>(first_)]) return first_;
    return 1 - first_;
}

bool Duel::bonus_active(int s, int slot) const {
    const Side& me = side(s);
    const Card& c = me.hand[static_cast<std::size_t>(slot)];
    int n = 0;
    for (const auto& o : me.hand)
        if (o.faction == c.faction) ++n;
    return n >= 2 && !c.bonus.empty();
}

std::string Duel::check(int s, const Choice& c) const {
    if (over_) return "The duel is over.";
    if (s != to_play()) return "It is not your turn to play.";
    const Side& me = side(s);
    if (c.slot < 0 || c.slot >= kHand) return "You have no such card.";
    if (me.played[static_cast<std::size_t>(c.slot)]) return "You have played that card already.";
    if (c.potions < 0) return "Potions cannot be fewer than 0.";
    if (c.cost() > me.potions)
        return "You have only " + std::to_string(me.potions) + " potions" +
               (c.focus ? " (focus costs 3)." : ".");
    return "";
}

std::string Duel::choose(int s, const Choice& c) {
    if (auto why = check(s, c); !why.empty()) return why;
    const auto su = static_cast<std::size_t>(s);
    pending_[su] = c;
    chosen_[su] = true;
    if (chosen_[0] && chosen_[1]) fight();
    return "";
}

void Duel::concede(int s) {
    if (over_) return;
    over_ = true;
    winner_ = 1 - s;
}

Duel Duel::seen_by(int s) const {
    Duel d = *this;
    const auto ou = static_cast<std::size_t>(1 - s);
    if (d.chosen_[ou]) d.pending_[ou] = Choice{pending_[ou].slot, 0, false};
    return d;
}

void Duel::guess_choice(int s, const Choice& c) {
    const auto su = static_cast<std::size_t>(s);
    if (chosen_[su]) pending_[su] = c;
}

void Duel::fight() {
    Battle b;
    b.round = round_;
    b.first = first_;
    b.choice = pending_;
    std::array<Fighter, 2> f;
    for (int s = 0; s < 2; ++s) {
        const auto su = static_cast<std::size_t>(s);
        Side& me = sides_[su];
        const int slot = pending_[su].slot;
        me.potions -= pending_[su].cost();
        me.played[static_cast<std::size_t>(slot)] = true;
        f[su].card = &me.hand[static_cast<std::size_t>(slot)];
        f[su].choice = pending_[su];
        f[su].bonus = bonus_active(s, slot);
        for (int i = 0; i < kHand; ++i)
            f[su].hand[static_cast<std::size_t>(i)] = &me.hand[static_cast<std::size_t>(i)];
        b.card[su] = f[su].card->name;
    }
    fight_battle(sides_, f, first_, b);
    battles_.push_back(std::move(b));
    chosen_ = {false, false};
    pending_ = {};
    const bool dead0 = sides_[0].life <= 0, dead1 = sides_[1].life <= 0;
    if (dead0 || dead1 || round_ == kHand) {
        over_ = true;
        if (dead0 && dead1)
            winner_ = -1;
        else if (dead0)
            winner_ = 1;
        else if (dead1)
            winner_ = 0;
        else if (sides_[0].life != sides_[1].life)
            winner_ = sides_[0].life > sides_[1].life ? 0 : 1;
        else
            winner_ = -1;
        return;
    }
    ++round_;
    first_ = 1 - first_;  // who answered plays first now
}

Battle calc_battle(const Card& a, int pa, bool bonus_a, bool focus_a, const Card& b, int pb,
                   bool bonus_b, bool focus_b) {
    std::array<Side, 2> sides;
    sides[0].hand[0] = a;
    sides[1].hand[0] = b;
    std::array<Fighter, 2> f;
    f[0].card = &sides[0].hand[0];
    f[1].card = &sides[1].hand[0];
    f[0].choice = Choice{0, pa, focus_a};
    f[1].choice = Choice{0, pb, focus_b};
    f[0].bonus = bonus_a && !a.bonus.empty();
    f[1].bonus = bonus_b && !b.bonus.empty();
    f[0].hand[0] = f[0].card;
    f[1].hand[0] = f[1].card;
    f[0].team_override = bonus_a ? 2 : 1;
    f[1].team_override = bonus_b ? 2 : 1;
    for (int s = 0; s < 2; ++s) {
        const auto su = static_cast<std::size_t>(s);
        sides[su].potions -= f[su].choice.cost();
    }
    Battle out;
    out.round = 1;
    out.first = 0;
    out.choice = {f[0].choice, f[1].choice};
    out.card = {a.name, b.name};
    fight_battle(sides, f, 0, out);
    return out;
}

}  // namespace croupier::games::vcg
