// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/exordia8/ai.hpp"

#include <array>

namespace croupier::games::exordia8 {

namespace {

bool wild(const Card& c) {
    return c.joker || c.rank == 8;
}

// The suit to name with an 8: the one most held (8s and Jokers aside), then the one worth
// most; the 8's own suit when nothing else is left.
Suit best_suit(const std::vector<Card>& hand, const Card& eight) {
    std::array<int, 4> count{}, value{};
    bool skipped = false;
    for (const auto& c : hand) {
        if (!skipped && c == eight) {
            skipped = true;
            continue;
        }
        if (wild(c)) continue;
        ++count[static_cast<int>(c.suit)];
        value[static_cast<int>(c.suit)] += card_value(c);
    }
    int best = static_cast<int>(eight.suit);
    for (int s = 0; s < 4; ++s)
        if (count[s] > count[best] || (count[s] == count[best] && value[s] > value[best])) best = s;
    return static_cast<Suit>(best);
}

}  // namespace

Action choose_action(const Engine& e, int seat) {
    const auto legal = e.legal(seat);
    const auto& hand = e.hand(seat);
    const int next = e.next_seat(seat);
    const int next_cards = e.hand_size(next);
    std::array<int, 4> count{};
    for (const auto& c : hand)
        if (!wild(c)) ++count[static_cast<int>(c.suit)];

    const Action* best = nullptr;
    int best_score = 0;
    bool can_draw = false, can_pass = false;
    for (const auto& a : legal) {
        if (a.type == Action::Type::Draw) can_draw = true;
        if (a.type == Action::Type::Pass) can_pass = true;
        if (a.type != Action::Type::Play) continue;
        const Card& c = a.card;
        if (hand.size() == 1) return a;  // going out wins at once
        if (a.suit && *a.suit != best_suit(hand, c)) continue;
        int score = 0;
        if (e.sequent() && e.bonus() == Bonus::None) {
            score = c.joker ? 60 : 100;  // continue it; a Joker beats drawing two
        } else if (c.joker) {
            score = 5;
        } else if (c.rank == 8) {
            score = 6;
        } else {
            const int same = count[static_cast<int>(c.suit)] - 1;
            score = 20 + card_value(c) + 2 * same;
            if (c.rank == kQueen && c.suit == Suit::Hearts) {
                // A double play only pays when something else can follow it.
                bool follow = false;
                for (const auto& o : hand)
                    if (!(o == c) && (wild(o) || o.suit == Suit::Hearts || o.rank == kQueen))
                        follow = true;
                score += follow ? 15 : -15;
            }
            if (c.rank == 3 && e.two_live() && e.top() && e.top()->suit == c.suit) score += 5;
            if (c.rank == kAce && next_cards <= 2) score += 8;
            if (c.rank == kQueen && c.suit == Suit::Spades && next_cards <= 2) score -= 8;
        }
        if (!best || score > best_score) {
            best = &a;
            best_score = score;
        }
    }
    if (best) {
        // After a completing 8 the bonus discard is optional: keep wild cards for later.
        if (e.bonus() == Bonus::Sequent && wild(best->card) && hand.size() > 2 && can_pass)
            return Action::pass();
        return *best;
    }
    if (can_draw) return Action::draw();
    if (can_pass) return Action::pass();
    return Action::draw();
}

}  // namespace croupier::games::exordia8
