// The Exordia8 rules engine (shared/rules/exordia8.txt and the decisions in
// shared/rules/README.md; the rest is written in games/exordia8/rules.md). A pure value type:
// no I/O, no clock; randomness only from the deal number.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/core/card.hpp"

namespace croupier::games::exordia8 {

struct Action {
    enum class Type : std::uint8_t { Play, Draw, Pass, Leave };
    Type type = Type::Draw;
    Card card{};               // Play only
    std::optional<Suit> suit;  // Play of an 8 that names a suit

    static Action play(Card c, std::optional<Suit> s = std::nullopt) {
        return Action{Type::Play, c, s};
    }
    static Action draw() { return Action{Type::Draw, {}, std::nullopt}; }
    static Action pass() { return Action{Type::Pass, {}, std::nullopt}; }
    static Action leave() { return Action{Type::Leave, {}, std::nullopt}; }
    friend bool operator==(const Action&, const Action&) = default;
};

// The canonical text: "play 10h", "play 8h s", "draw", "pass", "leave".
std::string to_text(const Action& a);

struct Event {
    enum class Kind : std::uint8_t {
        Played,            // seat played card; suit: the suit an 8 named
        LostEffect,        // the card just played on the Queen of Spades has no effect
        Reversed,          // an Ace: direction is now count (+1 or -1)
        SequentStarted,    // suit, count = the rank the next player needs
        SequentContinued,  // suit, count = the rank the next player needs
        SequentCompleted,  // seat played the 8 that completes it: a bonus discard follows
        SequentBroken,     // seat could not continue: drew count cards
        SequentEnded,      // a Joker ended it, no penalty
        ExtraPlay,         // Queen of Hearts: seat plays again at once
        BonusDeclined,     // seat did not use the bonus discard after a completing 8
        Drew,              // seat drew count cards (public: no faces)
        DrewCards,         // the faces, visible only to seat (visible_to == seat)
        Passed,            // seat passed (empty stock)
        Left,              // seat left; count = cards forfeited
        Blocked,           // everyone passed with an empty stock
        GameOver,          // seat won with count points (seat -1: nobody)
        Turn,              // seat is to play; count = cards in that hand
    };
    Kind kind = Kind::Turn;
    int seat = -1;
    int visible_to = -1;  // -1: everyone at the table; otherwise only this seat
    Card card{};
    std::optional<Suit> suit;
    int count = 0;
    std::vector<Card> cards;
};

struct Result {
    std::string error;  // non-empty: refused, the state did not change
    std::vector<Event> events;
    bool ok() const { return error.empty(); }
};

// The bonus a player holds right now.
enum class Bonus : std::uint8_t { None, QueenOfHearts, Sequent };

// Points a card left in a hand is worth: Joker and 8 50, K Q J 10 10, A 1, others their
// number.
int card_value(const Card& c);
int hand_value(const std::vector<Card>& cards);
// The number of packs for a table: ceil(players / players_per_pack), and at least enough
// to deal every player 5 cards and keep one in the stock.
int packs_for(int players, int players_per_pack = 6);

class Engine {
  public:
    // Seats 0..players-1 in playing order ("clockwise" is increasing seat). The dealer
    // deals one card at a time starting with themself and plays first.
    Engine(int players, int dealer, std::uint64_t deal_number, int players_per_pack = 6);
    // A position given card by card (tests, puzzles): hands by seat, the stock top first,
    // the dealer to play first on an empty pile.
    static Engine from_cards(int dealer, std::vector<std::vector<Card>> hands,
                             const std::vector<Card>& stock_top_first);

    int players() const { return static_cast<int>(hands_.size()); }
    int dealer() const { return dealer_; }
    int packs() const { return packs_; }
    std::uint64_t deal_number() const { return deal_number_; }

    const std::vector<Card>& hand(int seat) const { return hands_.at(seat); }
    int hand_size(int seat) const { return static_cast<int>(hands_.at(seat).size()); }
    // The stock, top first (index 0 is drawn next).
    std::vector<Card> stock() const { return {stock_.rbegin(), stock_.rend()}; }
    int stock_size() const { return static_cast<int>(stock_.size()); }
    const std::vector<Card>& pile() const { return pile_; }
    std::optional<Card> top() const {
        return pile_.empty() ? std::nullopt : std::optional<Card>(pile_.back());
    }

    int direction() const { return direction_; }  // +1 clockwise, -1 reversed
    int turn() const { return turn_; }            // meaningless once finished
    std::optional<Suit> named_suit() const { return named_; }
    std::optional<bool> jack_red() const { return jack_red_; }  // Jack's colour in force
    bool queen_of_spades() const { return qs_wild_; }  // any card may go; specials lose effect
    bool two_live() const { return two_live_; }        // a 3 of its suit starts a sequent
    bool sequent() const { return seq_active_; }
    Card sequent_card() const { return Card::make(seq_next_, seq_suit_); }  // the next to play
    Bonus bonus() const { return bonus_; }
    int passes() const { return passes_; }  // consecutive passes with an empty stock
    bool first_play() const { return pile_.empty(); }
    bool in(int seat) const { return in_.at(seat); }
    int players_in() const;

    bool finished() const { return finished_; }
    bool blocked() const { return blocked_; }
    std::optional<int> winner() const { return winner_; }
    int points() const { return points_; }  // the winner's points

    // Whether card c may be played now by the player to move (ignoring whether they hold it).
    bool playable(const Card& c) const;
    // Whether playing c now must name a suit (a live 8 that is not the player's last card).
    bool needs_suit(int seat, const Card& c) const;
    // What may be played now, as text: "a heart or a 7, an 8 or a Joker, or draw".
    std::string hint() const;
    // The seat after `from` in the direction of play among players still in.
    int next_seat(int from) const;

    // Every legal action of seat (leave included for a player still in).
    std::vector<Action> legal(int seat) const;
    // Applies an action: on error nothing changes.
    Result apply(int seat, const Action& a);

  private:
    Engine() = default;
    Card draw_one();
    void advance(Result& r);
    void finish(Result& r, int winner);
    void block(Result& r);
    Result play(int seat, const Action& a);

    std::uint64_t deal_number_ = 0;
    int dealer_ = 0;
    int packs_ = 1;
    std::vector<std::vector<Card>> hands_;
    std::vector<bool> in_;
    std::vector<Card> stock_;  // top at the back
    std::vector<Card> pile_;   // top at the back
    int direction_ = 1;
    int turn_ = 0;
    std::optional<Suit> named_;
    std::optional<bool> jack_red_;
    bool qs_wild_ = false;
    bool two_live_ = false;
    bool seq_active_ = false;
    Suit seq_suit_ = Suit::Clubs;
    int seq_next_ = 0;
    Bonus bonus_ = Bonus::None;
    int passes_ = 0;
    bool finished_ = false;
    bool blocked_ = false;
    std::optional<int> winner_;
    int points_ = 0;
};

}  // namespace croupier::games::exordia8
