// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/exordia8/engine.hpp"

#include <algorithm>
#include <stdexcept>

#include "games/core/rng.hpp"

namespace croupier::games::exordia8 {

namespace {

constexpr int kEight = 8;

bool is_queen_of_hearts(const Card& c) {
    return !c.joker && c.rank == kQueen && c.suit == Suit::Hearts;
}
bool is_queen_of_spades(const Card& c) {
    return !c.joker && c.rank == kQueen && c.suit == Suit::Spades;
}
// Cards whose special effect a Queen of Spades cancels.
bool is_special(const Card& c) {
    if (c.joker) return false;  // anything may follow a Joker wherever it lies
    return c.rank == kEight || c.rank == kJack || c.rank == kAce || c.rank == 2 ||
           is_queen_of_hearts(c) || is_queen_of_spades(c);
}

std::string suit_one(Suit s) {
    std::string n(suit_name(s));
    n.pop_back();
    return n;
}

}  // namespace

std::string to_text(const Action& a) {
    switch (a.type) {
        case Action::Type::Play: {
            std::string t = "play " + games::to_text(a.card);
            if (a.suit) t += std::string(" ") + suit_letter(*a.suit);
            return t;
        }
        case Action::Type::Draw:
            return "draw";
        case Action::Type::Pass:
            return "pass";
        case Action::Type::Leave:
            return "leave";
    }
    return "draw";
}

int card_value(const Card& c) {
    if (c.joker || c.rank == kEight) return 50;
    if (c.rank >= 10) return 10;
    return c.rank;  // Ace 1, others their number
}

int hand_value(const std::vector<Card>& cards) {
    int v = 0;
    for (const auto& c : cards) v += card_value(c);
    return v;
}

int packs_for(int players, int players_per_pack) {
    if (players_per_pack < 1) players_per_pack = 1;
    int packs = (players + players_per_pack - 1) / players_per_pack;
    if (packs < 1) packs = 1;
    while (packs * 53 < players * 5 + 1) ++packs;
    return packs;
}

Engine::Engine(int players, int dealer, std::uint64_t deal_number, int players_per_pack)
    : deal_number_(deal_number), dealer_(dealer) {
    if (players < 2) throw std::invalid_argument("Exordia8 needs at least 2 players");
    if (dealer < 0 || dealer >= players) throw std::invalid_argument("no such dealer seat");
    packs_ = packs_for(players, players_per_pack);
    std::vector<Card> cards;
    cards.reserve(static_cast<std::size_t>(packs_) * 53);
    const auto pack = standard_pack();
    for (int p = 0; p < packs_; ++p) {
        cards.insert(cards.end(), pack.begin(), pack.end());
        cards.push_back(Card::make_joker());
    }
    DealRng rng(deal_number);
    rng.shuffle(cards);
    hands_.assign(players, {});
    in_.assign(players, true);
    std::size_t i = 0;
    for (int round = 0; round < 5; ++round)
        for (int k = 0; k < players; ++k) hands_[(dealer + k) % players].push_back(cards[i++]);
    stock_.assign(cards.rbegin(), cards.rend() - static_cast<std::ptrdiff_t>(i));
    turn_ = dealer;
}

Engine Engine::from_cards(int dealer, std::vector<std::vector<Card>> hands,
                          const std::vector<Card>& stock_top_first) {
    if (hands.size() < 2) throw std::invalid_argument("Exordia8 needs at least 2 players");
    Engine e;
    e.dealer_ = dealer;
    e.turn_ = dealer;
    e.hands_ = std::move(hands);
    e.in_.assign(e.hands_.size(), true);
    e.stock_.assign(stock_top_first.rbegin(), stock_top_first.rend());
    return e;
}

int Engine::players_in() const {
    return static_cast<int>(std::count(in_.begin(), in_.end(), true));
}

int Engine::next_seat(int from) const {
    const int n = players();
    int s = from;
    for (int k = 0; k < n; ++k) {
        s = ((s + direction_) % n + n) % n;
        if (in_[s]) return s;
    }
    return from;
}

bool Engine::playable(const Card& c) const {
    if (finished_) return false;
    if (bonus_ == Bonus::Sequent) {
        const Card& t = pile_.back();  // the completing 8: names no suit
        return c.joker || c.rank == kEight || c.suit == t.suit;
    }
    if (seq_active_) return c.joker || c == sequent_card();
    if (pile_.empty()) return !is_queen_of_hearts(c);
    if (named_) {
        if (stock_.empty()) return true;
        return !c.joker && (c.rank == kEight || c.suit == *named_);
    }
    if (c.joker || c.rank == kEight) return true;
    const Card& t = pile_.back();
    if (t.joker || qs_wild_) return true;
    if (c.rank == t.rank || c.suit == t.suit) return true;
    if (jack_red_) return c.is_red() == *jack_red_;
    return false;
}

bool Engine::needs_suit(int seat, const Card& c) const {
    if (c.joker || c.rank != kEight) return false;
    if (hands_.at(seat).size() <= 1) return false;           // going out: no suit needed
    if (bonus_ == Bonus::None && seq_active_) return false;  // completes the sequent
    if (bonus_ != Bonus::Sequent && !pile_.empty() && qs_wild_) return false;  // loses effect
    return true;
}

std::string Engine::hint() const {
    const bool empty = stock_.empty();
    if (finished_) return "the game is over";
    if (bonus_ == Bonus::Sequent) {
        const Card& t = pile_.back();
        return "a " + suit_one(t.suit) + ", an 8 or a Joker, or pass to end your turn";
    }
    if (seq_active_)
        return to_text(sequent_card()) + " or a Joker, or " +
               (empty ? "draw (the stock is empty: no penalty)" : "draw two");
    const std::string tail = empty ? ", or pass" : ", or draw";
    if (pile_.empty()) return "any card but the Queen of Hearts" + tail;
    if (named_) {
        if (empty) return "any card (the stock is empty), or pass";
        return "a " + suit_one(*named_) + " or an 8" + tail;
    }
    const Card& t = pile_.back();
    if (t.joker || qs_wild_) return "any card" + tail;
    std::string what;
    if (jack_red_)
        what = std::string(*jack_red_ ? "a red card" : "a black card") + " or a Jack";
    else
        what = "a " + suit_one(t.suit) + " or " + rank_phrase(t.rank);
    if (t.rank == kEight) return what + " or a Joker" + tail;
    return what + ", an 8 or a Joker" + tail;
}

std::vector<Action> Engine::legal(int seat) const {
    std::vector<Action> out;
    if (finished_ || seat < 0 || seat >= players() || !in_[seat]) return out;
    if (seat == turn_) {
        std::vector<Card> seen;
        for (const auto& c : hands_[seat]) {
            if (std::find(seen.begin(), seen.end(), c) != seen.end()) continue;
            seen.push_back(c);
            if (!playable(c)) continue;
            if (needs_suit(seat, c)) {
                for (int s = 0; s < 4; ++s) out.push_back(Action::play(c, static_cast<Suit>(s)));
            } else {
                out.push_back(Action::play(c));
            }
        }
        if (bonus_ == Bonus::Sequent) {
            out.push_back(Action::pass());
        } else {
            if (!stock_.empty() || seq_active_) out.push_back(Action::draw());
            if (stock_.empty()) out.push_back(Action::pass());
        }
    }
    out.push_back(Action::leave());
    return out;
}

Card Engine::draw_one() {
    Card c = stock_.back();
    stock_.pop_back();
    return c;
}

void Engine::advance(Result& r) {
    turn_ = next_seat(turn_);
    Event e;
    e.kind = Event::Kind::Turn;
    e.seat = turn_;
    e.count = hand_size(turn_);
    r.events.push_back(e);
}

void Engine::finish(Result& r, int winner) {
    finished_ = true;
    winner_ = winner;
    bonus_ = Bonus::None;
    int pts = 0;
    for (int s = 0; s < players(); ++s)
        if (s != winner && in_[s]) pts += hand_value(hands_[s]);
    points_ = pts;
    Event e;
    e.kind = Event::Kind::GameOver;
    e.seat = winner;
    e.count = pts;
    r.events.push_back(e);
}

void Engine::block(Result& r) {
    blocked_ = true;
    r.events.push_back(Event{Event::Kind::Blocked, -1, -1, {}, std::nullopt, 0, {}});
    // Lowest hand value; then fewer cards; then the first in playing order from the dealer.
    int best = -1;
    const int n = players();
    for (int k = 0; k < n; ++k) {
        const int s = (dealer_ + k) % n;
        if (!in_[s]) continue;
        if (best < 0) {
            best = s;
            continue;
        }
        const int vs = hand_value(hands_[s]), vb = hand_value(hands_[best]);
        if (vs < vb || (vs == vb && hands_[s].size() < hands_[best].size())) best = s;
    }
    finish(r, best);
}

Result Engine::apply(int seat, const Action& a) {
    Result r;
    if (finished_) {
        r.error = "the game is over";
        return r;
    }
    if (seat < 0 || seat >= players() || !in_[seat]) {
        r.error = "you are not in this game";
        return r;
    }
    if (a.type == Action::Type::Leave) {
        const int forfeited = hand_size(seat);
        hands_[seat].clear();
        in_[seat] = false;
        r.events.push_back(Event{Event::Kind::Left, seat, -1, {}, std::nullopt, forfeited, {}});
        if (players_in() == 1) {
            for (int s = 0; s < players(); ++s)
                if (in_[s]) finish(r, s);
            return r;
        }
        if (stock_.empty() && passes_ >= players_in()) {
            block(r);
            return r;
        }
        if (seat == turn_) {
            bonus_ = Bonus::None;
            advance(r);
        }
        return r;
    }
    if (seat != turn_) {
        r.error = "it is not your turn";
        return r;
    }
    switch (a.type) {
        case Action::Type::Play:
            return play(seat, a);
        case Action::Type::Draw: {
            if (bonus_ == Bonus::Sequent) {
                r.error = "after the completing 8 you may discard one more card or pass, not draw";
                return r;
            }
            if (seq_active_) {
                const int n = std::min<int>(2, stock_size());
                Event priv{Event::Kind::DrewCards, seat, seat, {}, std::nullopt, n, {}};
                for (int i = 0; i < n; ++i) {
                    priv.cards.push_back(draw_one());
                    hands_[seat].push_back(priv.cards.back());
                }
                seq_active_ = false;
                if (n == 0) {
                    ++passes_;
                } else {
                    passes_ = 0;
                }
                r.events.push_back(
                    Event{Event::Kind::SequentBroken, seat, -1, {}, seq_suit_, n, {}});
                if (n > 0) r.events.push_back(priv);
                if (stock_.empty() && passes_ >= players_in()) {
                    block(r);
                    return r;
                }
                bonus_ = Bonus::None;
                advance(r);
                return r;
            }
            if (stock_.empty()) {
                r.error = "the stock is empty: play a card or pass";
                return r;
            }
            const Card c = draw_one();
            hands_[seat].push_back(c);
            passes_ = 0;
            bonus_ = Bonus::None;
            r.events.push_back(Event{Event::Kind::Drew, seat, -1, {}, std::nullopt, 1, {}});
            r.events.push_back(Event{Event::Kind::DrewCards, seat, seat, c, std::nullopt, 1, {c}});
            advance(r);
            return r;
        }
        case Action::Type::Pass: {
            if (bonus_ == Bonus::Sequent) {
                bonus_ = Bonus::None;
                r.events.push_back(
                    Event{Event::Kind::BonusDeclined, seat, -1, {}, std::nullopt, 0, {}});
                advance(r);
                return r;
            }
            if (!stock_.empty()) {
                r.error = seq_active_ ? "you may pass only when the stock is empty: play " +
                                            to_text(sequent_card()) + " or a Joker, or draw two"
                                      : "you may pass only when the stock is empty: play a "
                                        "card or draw";
                return r;
            }
            if (seq_active_) {
                Action d = Action::draw();
                return apply(seat, d);  // breaking with nothing to draw
            }
            ++passes_;
            bonus_ = Bonus::None;
            r.events.push_back(Event{Event::Kind::Passed, seat, -1, {}, std::nullopt, 0, {}});
            if (passes_ >= players_in()) {
                block(r);
                return r;
            }
            advance(r);
            return r;
        }
        case Action::Type::Leave:
            break;
    }
    return r;
}

Result Engine::play(int seat, const Action& a) {
    Result r;
    const Card c = a.card;
    auto& h = hands_[seat];
    const auto it = std::find(h.begin(), h.end(), c);
    if (it == h.end()) {
        r.error = "you have no " + to_text(c);
        return r;
    }
    if (!playable(c)) {
        const std::string ct = to_text(c);
        if (seq_active_ && bonus_ == Bonus::None)
            r.error = ct + " doesn't continue the sequent: play " + hint();
        else if (pile_.empty())
            r.error = "the Queen of Hearts can't be the game's first card: play " + hint();
        else if (c.joker && named_)
            r.error = "a Joker can't counter an 8: play " + hint();
        else if (named_)
            r.error = ct + " can't go on " + to_text(pile_.back()) + " (" +
                      std::string(suit_name(*named_)) + " named): play " + hint();
        else
            r.error = ct + " can't go on " + to_text(pile_.back()) + ": play " + hint();
        return r;
    }
    const bool wants_suit = needs_suit(seat, c);
    if (wants_suit && !a.suit) {
        r.error = "name a suit for the 8: !play " + to_text(c) + " s (or c, d, h)";
        return r;
    }
    if (a.suit && (c.joker || c.rank != kEight)) {
        r.error = "only an 8 names a suit: !play " + to_text(c);
        return r;
    }

    // Accepted: from here on the state changes.
    const bool was_bonus_seq = bonus_ == Bonus::Sequent;
    const bool on_queen_of_spades = !was_bonus_seq && !pile_.empty() && qs_wild_;
    const bool continuing = !was_bonus_seq && seq_active_;
    const bool sparks = !was_bonus_seq && !seq_active_ && two_live_ && !c.joker && c.rank == 3 &&
                        !pile_.empty() && c.suit == pile_.back().suit;
    h.erase(it);
    pile_.push_back(c);
    passes_ = 0;
    bonus_ = Bonus::None;
    named_.reset();
    jack_red_.reset();
    qs_wild_ = false;
    two_live_ = false;

    Event played{Event::Kind::Played, seat, -1, c, std::nullopt, 0, {}};
    if (wants_suit) played.suit = a.suit;
    r.events.push_back(played);

    if (h.empty()) {
        seq_active_ = false;
        finish(r, seat);
        return r;
    }

    if (continuing) {
        seq_active_ = false;
        if (c.joker) {
            r.events.push_back(Event{Event::Kind::SequentEnded, seat, -1, c, seq_suit_, 0, {}});
            advance(r);
            return r;
        }
        if (c.rank == kEight) {
            bonus_ = Bonus::Sequent;
            r.events.push_back(Event{Event::Kind::SequentCompleted, seat, -1, c, seq_suit_, 0, {}});
            Event t{Event::Kind::Turn, seat, -1, {}, std::nullopt, hand_size(seat), {}};
            r.events.push_back(t);
            return r;
        }
        seq_active_ = true;
        seq_next_ = c.rank + 1;
        r.events.push_back(
            Event{Event::Kind::SequentContinued, seat, -1, c, seq_suit_, seq_next_, {}});
        advance(r);
        return r;
    }
    if (sparks) {
        seq_active_ = true;
        seq_suit_ = c.suit;
        seq_next_ = 4;
        r.events.push_back(
            Event{Event::Kind::SequentStarted, seat, -1, c, seq_suit_, seq_next_, {}});
        advance(r);
        return r;
    }
    if (on_queen_of_spades && is_special(c)) {
        r.events.push_back(Event{Event::Kind::LostEffect, seat, -1, c, std::nullopt, 0, {}});
        advance(r);
        return r;
    }
    if (c.joker) {
        advance(r);
        return r;
    }
    if (c.rank == kEight) {
        if (wants_suit) named_ = a.suit;
    } else if (c.rank == kJack) {
        jack_red_ = c.is_red();
    } else if (c.rank == kAce) {
        direction_ = -direction_;
        r.events.push_back(Event{Event::Kind::Reversed, seat, -1, c, std::nullopt, direction_, {}});
    } else if (c.rank == 2) {
        two_live_ = true;
    } else if (is_queen_of_spades(c)) {
        qs_wild_ = true;
    } else if (is_queen_of_hearts(c)) {
        bonus_ = Bonus::QueenOfHearts;
        r.events.push_back(Event{Event::Kind::ExtraPlay, seat, -1, c, std::nullopt, 0, {}});
        r.events.push_back(
            Event{Event::Kind::Turn, seat, -1, {}, std::nullopt, hand_size(seat), {}});
        return r;
    }
    advance(r);
    return r;
}

}  // namespace croupier::games::exordia8
