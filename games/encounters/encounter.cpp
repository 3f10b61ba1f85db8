// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/encounters/encounter.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace croupier::games::encounters {

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

Encounter::Encounter(const PartyState& party, std::uint64_t deal_number, int rules)
    : level_(party.level()), rules_(rules), party_(party), rng_(deal_number) {
    int party_cards = 0;
    for (int c = 0; c < kPartySize; ++c) {
        const auto cls = static_cast<Class>(c);
        Character ch;
        ch.name = class_name(cls);
        ch.tag = class_tag(cls);
        ch.party = true;
        ch.level = level_;
        ch.stats = class_stats(cls, level_);
        party_cards += card_count(ch.stats);
        chars_.push_back(ch);
    }
    // The generator's draws, in the design's order: enemies, shuffle, ambush, initiative.
    enemies_ = choose_enemies(level_, party_cards, rng_);
    for (std::size_t i = 0; i < enemies_.size(); ++i) {
        Character ch;
        ch.tag = static_cast<char>('a' + i);
        ch.name =
            std::string(bestiary()[static_cast<std::size_t>(enemies_[i].kind)].name) + " " + ch.tag;
        ch.level = enemies_[i].level;
        ch.stats = enemies_[i].stats;
        ch.kind = enemies_[i].kind;
        chars_.push_back(ch);
    }
    std::vector<Card> deck;
    std::vector<int> defences;
    std::vector<bool> mine_own, their_own;
    for (std::size_t c = 0; c < chars_.size(); ++c) {
        const int d = defence(chars_[c].stats);
        defences.push_back(d);
        mine_own.push_back(chars_[c].party);
        their_own.push_back(!chars_[c].party);
        for (int k = 0; k < copies(chars_[c].stats); ++k)
            for (int r : ranks(d))
                deck.push_back(Card{static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(r)});
    }
    rng_.shuffle(deck);
    const int n = static_cast<int>(deck.size());
    const int stock = n < 45 ? 0 : 10 * std::min(5, (n - 30) / 15);
    mine_ = Board(defences, mine_own, deck, stock);
    theirs_ = Board(defences, their_own, deck, stock);

    // Ambush: a d100 against the sides' mean intelligence.
    double pi = 0, ei = 0;
    int np = 0, ne = 0;
    for (const auto& ch : chars_) {
        (ch.party ? pi : ei) += ch.stats.intelligence;
        ++(ch.party ? np : ne);
    }
    const double diff = pi / std::max(np, 1) - ei / std::max(ne, 1);
    int ambushed = std::clamp(static_cast<int>(std::lround(15 - 2 * diff)), 2, 40);
    const int ambushes = std::clamp(static_cast<int>(std::lround(15 + 2 * diff)), 2, 40);
    if (party_.streak > 0) ambushed /= 4;
    const int roll = 1 + static_cast<int>(rng_.below(100));
    if (roll <= ambushed)
        ambush_ = 1;
    else if (roll > 100 - ambushes)
        ambush_ = -1;
    for (auto& ch : chars_)
        ch.initiative =
            2 * ch.stats.speed + ch.stats.intelligence + 1 + static_cast<int>(rng_.below(6));
    order_turns();
}

Encounter::Encounter(const PartyState& party, std::uint64_t deal_number, int rules, bool)
    : level_(party.level()), rules_(rules), party_(party), rng_(deal_number) {}

Encounter Encounter::custom(const PartyState& party, std::vector<Character> characters,
                            const std::vector<Card>& cards, int stock, std::uint64_t deal_number,
                            int enemy_focus) {
    Encounter e(party, deal_number, kRulesVersion, true);
    e.focus_[1] = std::clamp(enemy_focus, 0, kMaxFocus);
    e.chars_ = std::move(characters);
    std::vector<int> defences;
    std::vector<bool> mine_own, their_own;
    for (const auto& c : e.chars_) {
        defences.push_back(defence(c.stats));
        mine_own.push_back(c.party);
        their_own.push_back(!c.party);
        if (!c.party) e.enemies_.push_back(Enemy{std::max(c.kind, 0), c.level, c.stats});
    }
    e.mine_ = Board(defences, mine_own, cards, stock);
    e.theirs_ = Board(defences, their_own, cards, stock);
    e.order_turns();
    return e;
}

void Encounter::order_turns() {
    order_.clear();
    for (std::size_t c = 0; c < chars_.size(); ++c) order_.push_back(static_cast<int>(c));
    std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
        const Character& x = chars_[static_cast<std::size_t>(a)];
        const Character& y = chars_[static_cast<std::size_t>(b)];
        if (x.initiative != y.initiative) return x.initiative > y.initiative;
        if (x.party != y.party) return x.party;
        return x.stats.speed > y.stats.speed;
    });
    if (party_.streak > 0) focus_[0] = std::min(kMaxFocus, party_.carried_focus);
    pos_ = -1;
    round_ = 1;
    enemy_turns_ = 0;
    remember();
    next_turn();
}

bool Encounter::may_act(int c) const {
    const Character& ch = chars_[static_cast<std::size_t>(c)];
    if (round_ == 1 && ambush_ != 0 && ch.party == (ambush_ == 1)) return false;
    if (ch.conscious || ch.rallied) return true;
    // Steadfast: the Warrior keeps its turns while the party's focus is 4 or more.
    return ch.party && ch.tag == 'W' && knows(level_, Ability::Steadfast) &&
           focus_[0] >= ability_info(Ability::Steadfast).needs;
}

void Encounter::next_turn() {
    actions_left_ = 1;
    enemy_ability_used_ = false;
    const int n = static_cast<int>(order_.size());
    for (int step = 0; step < 2 * n + 2; ++step) {
        if (++pos_ >= n) {
            pos_ = 0;
            ++round_;
            enemy_turns_ = 0;
        }
        const int c = order_[static_cast<std::size_t>(pos_)];
        if (!may_act(c)) continue;
        // The enemy takes at most as many turns a round as a party has characters.
        if (!chars_[static_cast<std::size_t>(c)].party && enemy_turns_++ >= kPartySize) continue;
        return;
    }
    outcome_ = Outcome::Lost;  // nobody can act: cannot happen while a side is conscious
    events_.push_back(Event{Event::Kind::Ended, -1, 0});
}

int Encounter::turn() const {
    if (outcome_ != Outcome::Playing || pos_ < 0) return -1;
    return order_[static_cast<std::size_t>(pos_)];
}

int Encounter::side_to_play() const {
    const int c = turn();
    if (c < 0) return -1;
    return chars_[static_cast<std::size_t>(c)].party ? 0 : 1;
}

void Encounter::check_consciousness() {
    for (std::size_t c = 0; c < chars_.size(); ++c) {
        Character& ch = chars_[c];
        // A character is out when the other side has cleared its cards from its own game.
        const Board& b = ch.party ? theirs_ : mine_;
        const bool now = b.remaining(static_cast<int>(c)) > 0;
        if (ch.conscious && !now) {
            ch.conscious = false;
            events_.push_back(
                Event{Event::Kind::Unconscious, static_cast<int>(c), ch.party ? 1 : 0});
        }
    }
}

double Encounter::cleared_share(int side) const {
    int total = 0, left = 0;
    const Board& b = side == 0 ? mine_ : theirs_;
    for (std::size_t c = 0; c < chars_.size(); ++c) {
        if (chars_[c].party == (side == 0)) continue;
        total += card_count(chars_[c].stats);
        left += b.remaining(static_cast<int>(c));
    }
    return total > 0 ? 1.0 - static_cast<double>(left) / total : 0.0;
}

void Encounter::check_end() {
    bool enemies_left = false, party_left = false;
    for (std::size_t c = 0; c < chars_.size(); ++c) {
        if (chars_[c].party)
            party_left |= theirs_.remaining(static_cast<int>(c)) > 0;
        else
            enemies_left |= mine_.remaining(static_cast<int>(c)) > 0;
    }
    if (!enemies_left)
        outcome_ = Outcome::Won;
    else if (!party_left)
        outcome_ = Outcome::Lost;
    else if (turns_[0] >= kMaxTurns && turns_[1] >= kMaxTurns)
        // Both sides spent: the side that cleared the larger share of the other's cards wins
        // (a tie goes to the enemy).
        outcome_ = cleared_share(0) > cleared_share(1) ? Outcome::Won : Outcome::Lost;
    if (outcome_ != Outcome::Playing) events_.push_back(Event{Event::Kind::Ended, -1, 0});
}

void Encounter::remember() {
    visited_[0].insert(mine_.view_hash());
    visited_[1].insert(theirs_.view_hash());
}

void Encounter::after_action(bool ends_turn) {
    remember();
    check_consciousness();
    check_end();
    if (outcome_ != Outcome::Playing || !ends_turn) return;
    ++turns_[static_cast<std::size_t>(side_to_play())];
    if (--actions_left_ <= 0) next_turn();
}

std::string Encounter::act_board(int side, const std::string& action) {
    Board& b = side == 0 ? mine_ : theirs_;
    std::istringstream in(action);
    std::string word;
    in >> word;
    word = lower(word);
    if (word == "redeal") {
        if (redeals_[static_cast<std::size_t>(side)] >= kMaxRedeals)
            return "No re-deals left (" + std::to_string(kMaxRedeals) + " an encounter).";
        if (auto why = b.redeal(rng_); !why.empty()) return why;
        ++redeals_[static_cast<std::size_t>(side)];
        if (side == 0) before_last_move_.reset();
        after_action(true);
        return "";
    }
    const Board before = b;
    if (auto why = b.apply(word == "m" ? "move" + action.substr(1) : action); !why.empty())
        return why;
    for (int who : b.removed()) {
        const bool own = chars_[static_cast<std::size_t>(who)].party == (side == 0);
        if (own)
            focus_[static_cast<std::size_t>(side)] =
                std::min(kMaxFocus, focus_[static_cast<std::size_t>(side)] + 1);
        events_.push_back(Event{Event::Kind::Cleared, who, side});
    }
    if (side == 0) {
        if (word == "move" && b.removed().empty())
            before_last_move_ = before;
        else
            before_last_move_.reset();
    }
    after_action(true);
    return "";
}

std::string Encounter::use_ability(const std::string& name, const std::string& target,
                                   std::string* info) {
    const AbilityInfo* a = ability_by_name(lower(name));
    if (!a) return "No ability \"" + name + "\": peek, haste, scry, second, rally, foresight.";
    const Character& me = chars_[static_cast<std::size_t>(turn())];
    if (!knows(level_, a->ability))
        return std::string("The party learns ") + a->name + " at level " +
               std::to_string(a->level) + ".";
    if (me.tag != class_tag(a->owner))
        return std::string(a->name) + " is the " + class_name(a->owner) + "'s; it is the " +
               me.name + "'s turn.";
    if (a->ability == Ability::Steadfast)
        return "Steadfast acts by itself: the Warrior keeps its turns while focus is 4 or more.";
    const int need = std::max(a->needs, a->spends);
    if (focus_[0] < need)
        return std::string(a->name) + " needs " + std::to_string(need) + " focus; the party has " +
               std::to_string(focus_[0]) + ".";
    switch (a->ability) {
        case Ability::Peek: {
            if (auto why = turn_up(mine_, target, "Peek at which pile? ability peek PILE", info);
                !why.empty())
                return why;
            break;
        }
        case Ability::Haste:
            actions_left_ = 2;
            break;
        case Ability::Scry: {
            if (info) {
                std::string s;
                const auto& st = mine_.stock();
                for (std::size_t i = 0; i < st.size() && i < 10; ++i)
                    s += (s.empty() ? "" : " ") + card_name(st[i]);
                *info = s.empty() ? "The stock is empty." : "The next deal: " + s + ".";
            }
            break;
        }
        case Ability::SecondThoughts:
            if (!before_last_move_) return "There is no move to take back.";
            mine_ = *before_last_move_;
            before_last_move_.reset();
            break;
        case Ability::Rally: {
            int who = -1;
            for (std::size_t c = 0; c < chars_.size(); ++c)
                if (chars_[c].party &&
                    (lower(chars_[c].name) == lower(target) ||
                     (target.size() == 1 &&
                      std::toupper(static_cast<unsigned char>(target[0])) == chars_[c].tag)))
                    who = static_cast<int>(c);
            if (who < 0) return "Rally whom? ability rally WARRIOR|ROGUE|MAGE";
            Character& ch = chars_[static_cast<std::size_t>(who)];
            if (ch.conscious || ch.rallied) return ch.name + " is not unconscious.";
            ch.rallied = true;
            events_.push_back(Event{Event::Kind::Woke, who, 0});
            break;
        }
        case Ability::Foresight:
            if (!mine_.stock().empty()) return "Foresight re-deals: deal the stock first.";
            if (auto why = mine_.redeal(rng_); !why.empty()) return why;
            before_last_move_.reset();
            break;
        case Ability::Steadfast:
            break;
    }
    focus_[0] -= a->spends;
    after_action(!a->free);
    return "";
}

std::string Encounter::use_enemy_ability(const std::string& name, const std::string& target,
                                         std::string* info) {
    if (!enemy_abilities()) return "Enemies have no abilities.";
    const EnemyAbilityInfo* a = enemy_ability_by_name(lower(name));
    if (!a) return "No enemy ability \"" + name + "\": scurry, frenzy, cutpurse, rite.";
    const int who = turn();
    const Character& me = chars_[static_cast<std::size_t>(who)];
    // Its kind's ability whatever its level (one ability a kind).
    if (enemy_ability_of(me.kind, kMaxLevel) != a)
        return std::string(a->title) + " is a " + a->kind + "'s; it is " + me.name + "'s turn.";
    if (me.level < a->level)
        return me.name + " learns " + a->title + " at level " + std::to_string(a->level) + ".";
    if (enemy_ability_used_) return me.name + " has used an ability this turn.";
    if (focus_[1] < a->spends)
        return std::string(a->title) + " needs " + std::to_string(a->spends) +
               " focus; the enemy has " + std::to_string(focus_[1]) + ".";
    switch (a->ability) {
        case EnemyAbility::Scurry: {
            if (auto why =
                    turn_up(theirs_, target, "Scurry at which pile? ability scurry PILE", info);
                !why.empty())
                return why;
            break;
        }
        case EnemyAbility::Frenzy:
            actions_left_ = 2;
            break;
        case EnemyAbility::Cutpurse:
            if (focus_[0] == 0) return "The party has no focus to steal.";
            focus_[0] = std::max(0, focus_[0] - 2);
            break;
        case EnemyAbility::DarkRite: {
            int woken = -1;
            for (std::size_t c = 0; c < chars_.size(); ++c)
                if (!chars_[c].party && (lower(chars_[c].name) == lower(target) ||
                                         (target.size() == 1 && target[0] == chars_[c].tag)))
                    woken = static_cast<int>(c);
            if (woken < 0) return "Dark rite on whom? ability rite ENEMY (its tag: a, b...)";
            Character& ch = chars_[static_cast<std::size_t>(woken)];
            if (ch.conscious || ch.rallied)
                return "Dark rite wakes an unconscious enemy; " + ch.name + " still stands.";
            ch.rallied = true;
            events_.push_back(Event{Event::Kind::Woke, woken, 1});
            break;
        }
    }
    focus_[1] -= a->spends;
    enemy_ability_used_ = true;
    events_.insert(events_.begin(), Event{Event::Kind::EnemyAbility, who, 1});
    after_action(!a->free);
    return "";
}

std::string Encounter::turn_up(Board& board, const std::string& target, const char* usage,
                               std::string* info) const {
    int pile = 0;
    try {
        pile = std::stoi(target);
    } catch (const std::exception&) {
        return usage;
    }
    // The card that turns up: the highest face-down one.
    std::optional<Card> up;
    if (pile >= 1 && pile <= Board::kPiles)
        for (int i = static_cast<int>(board.pile(pile - 1).size()); i-- > 0;)
            if (!board.face_up(pile - 1, i)) {
                up = board.pile(pile - 1)[static_cast<std::size_t>(i)];
                break;
            }
    if (auto why = board.turn_up(pile); !why.empty()) return why;
    if (info && up)
        *info = "Pile " + std::to_string(pile) + ": the " + card_name(*up) + " turns up.";
    return "";
}

std::string Encounter::act(const std::string& action, std::string* info) {
    events_.clear();
    if (outcome_ != Outcome::Playing) return "The encounter is over.";
    const int side = side_to_play();
    std::istringstream in(action);
    std::string word, name, target;
    in >> word;
    word = lower(word);
    if (word == "flee") {
        if (side != 0) return "The enemy does not flee.";
        outcome_ = Outcome::Fled;
        events_.push_back(Event{Event::Kind::Ended, -1, 0});
        return "";
    }
    if (word == "pass") {
        if (side == 0) before_last_move_.reset();
        after_action(true);
        return "";
    }
    if (word == "ability") {
        in >> name >> target;
        if (side != 0) return use_enemy_ability(name, target, info);
        return use_ability(name, target, info);
    }
    if (word == "move" || word == "m" || word == "deal" || word == "redeal")
        return act_board(side, action);
    return "Unknown action: move FROM TO [N], deal, redeal, ability NAME [TARGET], pass, flee.";
}

std::string Encounter::card_name(const Card& c) const {
    return rank_name(c.rank) + chars_[c.who].tag;
}

long long Encounter::xp_gained() const {
    switch (outcome_) {
        case Outcome::Won:
            return win_xp(enemies_, coup_de_grace(), battle_flow() ? party_.streak + 1 : 0);
        case Outcome::Lost:
            return loss_xp(enemies_);
        default:
            return 0;
    }
}

PartyState Encounter::after(const PartyState& before) const {
    PartyState p = before;
    p.xp += xp_gained();
    if (battle_flow()) {
        p.streak = before.streak + 1;
        p.carried_focus = focus_[0];
    } else {
        p.streak = 0;
        p.carried_focus = 0;
    }
    return p;
}

}  // namespace croupier::games::encounters
