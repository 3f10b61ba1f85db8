// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/core/card.hpp"

#include <algorithm>
#include <cctype>

namespace croupier::games {

namespace {
std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}
}  // namespace

char suit_letter(Suit s) {
    return "cdhs"[static_cast<int>(s)];
}

std::string_view suit_name(Suit s) {
    static constexpr std::string_view names[] = {"clubs", "diamonds", "hearts", "spades"};
    return names[static_cast<int>(s)];
}

std::string_view suit_symbol(Suit s) {
    static constexpr std::string_view symbols[] = {"\u2663", "\u2666", "\u2665", "\u2660"};
    return symbols[static_cast<int>(s)];
}

std::string rank_text(int rank) {
    switch (rank) {
        case kAce:
            return "A";
        case kJack:
            return "J";
        case kQueen:
            return "Q";
        case kKing:
            return "K";
        default:
            return std::to_string(rank);
    }
}

std::string rank_phrase(int rank) {
    switch (rank) {
        case kAce:
            return "an Ace";
        case 8:
            return "an 8";
        case kJack:
            return "a Jack";
        case kQueen:
            return "a Queen";
        case kKing:
            return "a King";
        default:
            return "a " + std::to_string(rank);
    }
}

std::string to_text(const Card& c) {
    if (c.joker) return "Joker";
    return rank_text(c.rank) + suit_letter(c.suit);
}

std::optional<Suit> parse_suit(std::string_view text) {
    const std::string s = lower(text);
    for (int i = 0; i < 4; ++i) {
        const auto suit = static_cast<Suit>(i);
        const std::string_view name = suit_name(suit);
        if (s.size() == 1 && s[0] == suit_letter(suit)) return suit;
        if (s == name || s == name.substr(0, name.size() - 1)) return suit;
        if (s == suit_symbol(suit)) return suit;
    }
    // The outline symbols some clients send (♧ ♢ ♡ ♤).
    static constexpr std::string_view outline[] = {"\u2667", "\u2662", "\u2661", "\u2664"};
    for (int i = 0; i < 4; ++i)
        if (s == outline[i]) return static_cast<Suit>(i);
    return std::nullopt;
}

std::optional<Card> parse_card(std::string_view text) {
    const std::string s = lower(text);
    if (s == "joker" || s == "jk" || s == "jo") return Card::make_joker();
    if (s.size() < 2) return std::nullopt;
    int rank = 0;
    std::size_t used = 1;
    if (s.rfind("10", 0) == 0) {
        rank = 10;
        used = 2;
    } else {
        switch (s[0]) {
            case 'a':
                rank = kAce;
                break;
            case 't':
                rank = 10;
                break;
            case 'j':
                rank = kJack;
                break;
            case 'q':
                rank = kQueen;
                break;
            case 'k':
                rank = kKing;
                break;
            default:
                if (s[0] >= '2' && s[0] <= '9') rank = s[0] - '0';
        }
    }
    if (rank == 0) return std::nullopt;
    const auto suit = parse_suit(std::string_view(s).substr(used));
    if (!suit) return std::nullopt;
    return Card::make(rank, *suit);
}

std::vector<Card> standard_pack() {
    std::vector<Card> pack;
    pack.reserve(52);
    for (int s = 0; s < 4; ++s)
        for (int r = 1; r <= 13; ++r) pack.push_back(Card::make(r, static_cast<Suit>(s)));
    return pack;
}

}  // namespace croupier::games
