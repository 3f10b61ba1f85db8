// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/spider/deal.hpp"

#include <array>
#include <stdexcept>

#include "games/core/rng.hpp"

namespace croupier::games::spider {

std::vector<Card> spider_pack(int suits) {
    std::vector<Card> cards;
    cards.reserve(104);
    if (suits == 4) {
        for (int pack = 0; pack < 2; ++pack)
            for (const Card& c : standard_pack()) cards.push_back(c);
    } else if (suits == 2) {
        for (int rep = 0; rep < 4; ++rep)
            for (Suit s : {Suit::Hearts, Suit::Spades})
                for (int r = 1; r <= 13; ++r) cards.push_back(Card::make(r, s));
    } else if (suits == 1) {
        for (int rep = 0; rep < 8; ++rep)
            for (int r = 1; r <= 13; ++r) cards.push_back(Card::make(r, Suit::Spades));
    } else {
        throw std::invalid_argument("spider: suits must be 1, 2 or 4");
    }
    return cards;
}

std::vector<Card> shuffled_deck(int suits, std::uint64_t deal_number) {
    std::vector<Card> cards = spider_pack(suits);
    DealRng rng(deal_number);
    rng.shuffle(cards);
    return cards;
}

int tableau_pile(int i) {
    static const std::array<int, 54> table = [] {
        std::array<int, 54> t{};
        int k = 0;
        for (int round = 0; round < 6; ++round)
            for (int p = 0; p < 10; ++p) {
                const int owed = (p % 3 == 0) ? 6 : 5;
                if (round < owed) t[k++] = p;
            }
        return t;
    }();
    return table.at(static_cast<std::size_t>(i));
}

}  // namespace croupier::games::spider
