// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/vcg/duel.hpp"

#include <algorithm>

#include <boost/container/small_vector.hpp>

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
    bool acted = false;  // a stop that acted (it stays acted if it is stopped later)
};

// Courage and Revenge are known before the battle; Stop: only once the stops have acted.
bool condition(const Ability& a, int s, int first, const std::array<bool, 2>& revenge) {
    switch (a.prefix) {
        case Prefix::Courage:
            return first == s;
        case Prefix::Revenge:
            return revenge[static_cast<std::size_t>(s)];
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

bool is_min_effect(Effect e) {
    return e == Effect::LifeMin || e == Effect::PotionMin || e == Effect::OppLife ||
           e == Effect::OppPotion || e == Effect::StealLife || e == Effect::StealPotion;
}

// After a battle, one side's effects go in the reference's order (battle.cpp): Life per
// Damage, Recover, Life, Potion, the "Min" ones, Poison, Self Poison, Heal.
int after_rank(Effect e) {
    switch (e) {
        case Effect::LifePerDamage:
            return 0;
        case Effect::Recover:
            return 1;
        case Effect::Life:
            return 2;
        case Effect::Potion:
            return 3;
        case Effect::Poison:
            return 5;
        case Effect::SelfPoison:
            return 6;
        case Effect::Heal:
            return 7;
        default:
            return 4;  // the "Min" ones
    }
}
constexpr int kMinRank = 4, kRanks = 8;

// Aimed at the opponent: what Backlash: turns on its own player.
bool aimed_at_opponent(Effect e) {
    return e == Effect::OppLife || e == Effect::OppPotion || e == Effect::StealLife ||
           e == Effect::StealPotion || e == Effect::Poison;
}

// `report`: the battle's Fired list is filled (a plan's battle, Duel::for_planning, skips it).
void fight_battle(std::array<Side, 2>& sides, std::array<Fighter, 2> f, int first, Battle& b,
                  bool report = true) {
    const std::array<bool, 2> revenge = {sides[0].lost_last, sides[1].lost_last};
    // Everything that may act, per side, before anything is stopped.
    // At most the card's ability, the hand's Support and Team and the bonus: no allocation.
    std::array<boost::container::small_vector<Active, kHand + 2>, 2> act;
    for (int s = 0; s < 2; ++s) {
        const Fighter& me = f[static_cast<std::size_t>(s)];
        auto add = [&](const Ability& a, const Card* from, bool bonus, bool printed) {
            if (a.empty() || !condition(a, s, first, revenge)) return;
            const int mult = a.prefix == Prefix::Team ? me.team(*from) : 1;
            act[static_cast<std::size_t>(s)].push_back(
                Active{a, from, bonus, printed, mult, false});
        };
        add(me.card->ability, me.card, false, true);
        for (const Card* c : me.hand)
            if (c && c != me.card &&
                (c->ability.prefix == Prefix::Support || c->ability.prefix == Prefix::Team))
                add(c->ability, c, false, false);
        if (me.bonus) add(me.card->bonus, me.card, true, false);
    }
    // The stops, one after the other as the reference does them (battle.cpp, do_ability.hpp):
    // Cancel Own Ability first (croupier's own), then every Stop Opp Ability (the first
    // player's, then the second's), then every Stop Opp Bonus; a stop whose card was stopped
    // before it acts does nothing. A Stop: ability acts when its own card was stopped.
    std::array<bool, 2> ability_stopped{}, bonus_stopped{}, cancelled{};
    auto live = [&](int s, const Active& x) {
        const auto su = static_cast<std::size_t>(s);
        if (x.bonus) return x.a.prefix == Prefix::Stop ? bonus_stopped[su] : !bonus_stopped[su];
        if (!x.printed) return true;  // Support and Team act from the hand
        if (cancelled[su]) return false;
        return x.a.prefix == Prefix::Stop ? ability_stopped[su] : !ability_stopped[su];
    };
    for (int s = 0; s < 2; ++s)
        for (auto& x : act[static_cast<std::size_t>(s)])
            if (x.a.effect == Effect::CancelOwnAbility && x.a.prefix != Prefix::Stop && live(s, x))
                cancelled[static_cast<std::size_t>(s)] = true;
    for (const Effect stop : {Effect::StopOppAbility, Effect::StopOppBonus})
        // A "Stop: Stop Opp ..." acts after the others of its kind: they are what stops it.
        for (const bool stop_prefix : {false, true})
            for (const int s : {first, 1 - first})
                for (auto& x : act[static_cast<std::size_t>(s)]) {
                    if (x.a.effect != stop || (x.a.prefix == Prefix::Stop) != stop_prefix ||
                        !live(s, x))
                        continue;
                    x.acted = true;
                    const auto ou = static_cast<std::size_t>(1 - s);
                    (stop == Effect::StopOppAbility ? ability_stopped : bonus_stopped)[ou] = true;
                }
    for (int s = 0; s < 2; ++s) {
        const auto su = static_cast<std::size_t>(s);
        act[su].erase(std::remove_if(act[su].begin(), act[su].end(),
                                     [&](const Active& x) {
                                         if (x.a.effect == Effect::StopOppAbility ||
                                             x.a.effect == Effect::StopOppBonus)
                                             return !x.acted;
                                         return !live(s, x);
                                     }),
                      act[su].end());
        b.bonus_active[su] = f[su].bonus && !bonus_stopped[su];
    }
    auto fired = [&](int s, const Active& x, int amount) {
        if (report)
            b.fired.push_back(Fired{s, x.from->name, x.from->faction, x.bonus, x.a, amount});
    };
    // During the battle: printed values, "= Opp", pluses, then the opponent's cuts.
    for (int s = 0; s < 2; ++s) {
        const auto su = static_cast<std::size_t>(s), ou = static_cast<std::size_t>(1 - s);
        const Card& me = *f[su].card;
        const Card& opp = *f[ou].card;
        int power = me.power, damage = me.damage, attack_plus = 0;
        for (const auto& x : act[su]) {
            if (x.a.effect == Effect::PowerEqOpp) power = opp.power;
            if (x.a.effect == Effect::DamageEqOpp) damage = opp.damage;
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

    // After the battle: the winner's effects (Backlash: turns those aimed at the opponent on
    // its own player), then the loser's Defeat ones. A player at 0 Life is out: nothing gives
    // them Life back.
    struct Post {
        int actor;  // the side the effect works for
        int from;   // the side whose card it is printed on
        Active x;
        bool done = false;
    };
    std::vector<Post> post;
    for (const auto& x : act[wu]) {
        if (!x.a.after_battle() || x.a.prefix == Prefix::Defeat) continue;
        const bool turned = x.a.prefix == Prefix::Backlash && aimed_at_opponent(x.a.effect);
        post.push_back(Post{turned ? l : w, w, x});
    }
    const std::size_t loser_from = post.size();
    for (const auto& x : act[lu])
        if (x.a.after_battle() && x.a.prefix == Prefix::Defeat) post.push_back(Post{l, l, x});
    auto alive = [&](int s) { return sides[static_cast<std::size_t>(s)].life > 0; };
    auto gain_life = [&](int s, int v) {
        Side& me = sides[static_cast<std::size_t>(s)];
        if (me.life <= 0) return 0;  // out: no Life back
        const int before = me.life;
        me.life = std::max(0, me.life + v);
        return me.life - before;
    };
    auto gain_potions = [&](int s, int v) {
        Side& me = sides[static_cast<std::size_t>(s)];
        const int before = me.potions;
        me.potions = std::max(0, me.potions + v);
        return me.potions - before;
    };
    // What a "Min" effect cuts: (side, Life or Potions).
    auto target = [](const Post& p) {
        const Effect e = p.x.a.effect;
        const bool own = e == Effect::LifeMin || e == Effect::PotionMin;
        const bool life = e == Effect::LifeMin || e == Effect::OppLife || e == Effect::StealLife;
        return std::pair<int, bool>{own ? p.actor : 1 - p.actor, life};
    };
    auto apply = [&](Post& p) {
        p.done = true;
        Side& me = sides[static_cast<std::size_t>(p.actor)];
        Side& opp = sides[static_cast<std::size_t>(1 - p.actor)];
        const int v = p.x.a.x * p.x.mult;
        switch (p.x.a.effect) {
            case Effect::Life: {
                if (v > 0 && !alive(p.actor)) return;
                fired(p.from, p.x, gain_life(p.actor, v));
                return;
            }
            case Effect::Potion:
                fired(p.from, p.x, gain_potions(p.actor, v));
                return;
            case Effect::LifePerDamage: {
                if (!alive(p.actor)) return;
                fired(p.from, p.x, gain_life(p.actor, v * (p.actor == w ? b.dealt : 0)));
                return;
            }
            case Effect::Recover: {
                const int used = b.choice[static_cast<std::size_t>(p.from)].potions + 1;
                fired(p.from, p.x, gain_potions(p.actor, (used * p.x.a.x + p.x.a.y - 1) / p.x.a.y));
                return;
            }
            case Effect::Heal:
                if (!alive(p.actor)) return;
                me.heals.push_back(Tick{v, p.x.a.y, b.round});
                fired(p.from, p.x, v);
                return;
            case Effect::Poison:
                opp.poisons.push_back(Tick{v, p.x.a.y, b.round});
                fired(p.from, p.x, v);
                return;
            case Effect::SelfPoison:
                me.poisons.push_back(Tick{v, p.x.a.y, b.round});
                fired(p.from, p.x, v);
                return;
            default:
                break;
        }
        // The "Min" ones: a cut never raises a value already below its Min.
        const auto [side, life] = target(p);
        Side& cut = sides[static_cast<std::size_t>(side)];
        int& value = life ? cut.life : cut.potions;
        const int before = value;
        if (value > p.x.a.y) value = std::max(p.x.a.y, value - v);
        const int taken = before - value;
        if (p.x.a.effect == Effect::StealLife) gain_life(p.actor, taken);
        if (p.x.a.effect == Effect::StealPotion) me.potions += taken;
        fired(p.from, p.x, taken);
    };
    for (int phase = 0; phase < 2; ++phase) {
        const std::size_t lo = phase == 0 ? 0 : loser_from;
        const std::size_t hi = phase == 0 ? loser_from : post.size();
        for (int rank = 0; rank < kRanks; ++rank) {
            if (rank != kMinRank) {
                for (std::size_t i = lo; i < hi; ++i)
                    if (!post[i].done && after_rank(post[i].x.a.effect) == rank) apply(post[i]);
                continue;
            }
            // Several cuts on one value go from the highest Min down (the README), the
            // loser's Defeat ones among the winner's when they cut the same value.
            std::vector<Post*> cuts;
            for (std::size_t i = lo; i < hi; ++i)
                if (!post[i].done && is_min_effect(post[i].x.a.effect)) cuts.push_back(&post[i]);
            for (std::size_t i = hi; i < post.size(); ++i) {
                if (post[i].done || !is_min_effect(post[i].x.a.effect)) continue;
                for (std::size_t k = lo; k < hi; ++k)
                    if (is_min_effect(post[k].x.a.effect) && target(post[k]) == target(post[i])) {
                        cuts.push_back(&post[i]);
                        break;
                    }
            }
            std::stable_sort(cuts.begin(), cuts.end(),
                             [](const Post* a, const Post* c) { return a->x.a.y > c->x.a.y; });
            for (Post* p : cuts) apply(*p);
        }
    }
    // Heal and Poison won in earlier battles: the strongest of each, Heal first; none for a
    // player who is out.
    for (int s = 0; s < 2; ++s) {
        Side& me = sides[static_cast<std::size_t>(s)];
        int best = 0;
        if (me.life > 0)
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

void Duel::for_planning() {
    report_ = false;
    battles_.clear();
    battles_.shrink_to_fit();
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
        if (report_) b.card[su] = f[su].card->name;
    }
    fight_battle(sides_, f, first_, b, report_);
    if (report_) battles_.push_back(std::move(b));
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
