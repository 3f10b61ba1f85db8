// Cards, packs and their text form, shared by every game.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace croupier::games {

// Order matters: DEALS.md lists a pack clubs, diamonds, hearts, spades.
enum class Suit : std::uint8_t { Clubs = 0, Diamonds = 1, Hearts = 2, Spades = 3 };

constexpr int kAce = 1, kJack = 11, kQueen = 12, kKing = 13;

struct Card {
    std::uint8_t rank = 0;  // 1 (Ace) .. 13 (King); 0 for a Joker
    Suit suit = Suit::Clubs;
    bool joker = false;

    static constexpr Card make(int rank, Suit suit) {
        return Card{static_cast<std::uint8_t>(rank), suit, false};
    }
    static constexpr Card make_joker() { return Card{0, Suit::Clubs, true}; }

    bool is_red() const { return !joker && (suit == Suit::Diamonds || suit == Suit::Hearts); }
    friend bool operator==(const Card&, const Card&) = default;
};

char suit_letter(Suit s);              // 'c' 'd' 'h' 's'
std::string_view suit_name(Suit s);    // "clubs" ...
std::string_view suit_symbol(Suit s);  // UTF-8 "♣" "♦" "♥" "♠"
std::string rank_text(int rank);       // "A" "2" .. "10" "J" "Q" "K"
std::string rank_phrase(int rank);     // with its article: "an Ace", "an 8", "a Jack", "a 7"

// Canonical text: rank then suit letter: "Ah", "10h", "Qs", "Joker".
std::string to_text(const Card& c);

// Accepts the canonical form in any case, "T" for ten, suit symbols in place of letters,
// and "joker"/"jk". Returns nothing for anything else.
std::optional<Card> parse_card(std::string_view text);

// A suit given as a letter, a word (singular or plural), or a symbol, any case.
std::optional<Suit> parse_suit(std::string_view text);

// One 52-card pack in DEALS.md order: clubs, diamonds, hearts, spades, each A..K.
std::vector<Card> standard_pack();

}  // namespace croupier::games
