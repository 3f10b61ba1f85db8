// An independent, deliberately simple Spider simulator for the tests: it shares no code
// with games/spider/search_state.* and checks lines move by move against the rules.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "games/core/card.hpp"
#include "games/spider/deal.hpp"

namespace croupier::test {

struct SimpleSpider {
    struct Slot {
        games::Card card;
        bool up;
    };
    std::vector<std::vector<Slot>> piles = std::vector<std::vector<Slot>>(10);
    std::vector<games::Card> stock;  // next dealt first
    int completed = 0;
    std::string error;

    SimpleSpider(int suits, std::uint64_t deal) {
        const std::vector<games::Card> deck = games::spider::shuffled_deck(suits, deal);
        for (int i = 0; i < 54; ++i)
            piles[static_cast<std::size_t>(games::spider::tableau_pile(i))].push_back(
                {deck[static_cast<std::size_t>(i)], false});
        for (auto& p : piles) p.back().up = true;
        stock.assign(deck.begin() + 54, deck.end());
    }

    void settle(std::vector<Slot>& p) {
        // A King..Ace run of one suit, face up, on top goes to the foundation.
        if (p.size() >= 13) {
            bool run = true;
            const std::size_t base = p.size() - 13;
            for (std::size_t k = 0; k < 13 && run; ++k) {
                const Slot& s = p[base + k];
                run = s.up && s.card.rank == 13 - k && s.card.suit == p[base].card.suit;
            }
            if (run) {
                p.resize(base);
                ++completed;
            }
        }
        if (!p.empty()) p.back().up = true;
    }

    // Applies one command text; false (with error set) if it breaks the rules.
    bool play(const std::string& text) {
        std::istringstream in(text);
        std::string verb;
        in >> verb;
        if (verb == "deal") {
            if (stock.size() < 10) return fail("no stock");
            for (auto& p : piles)
                if (p.empty()) return fail("deal with an empty pile");
            for (std::size_t i = 0; i < 10; ++i) piles[i].push_back({stock[i], true});
            stock.erase(stock.begin(), stock.begin() + 10);
            for (auto& p : piles) settle(p);
            return true;
        }
        int f = 0, t = 0, n = 0;
        if (verb != "move" || !(in >> f >> t >> n)) return fail("bad text");
        std::string rest;
        if (in >> rest) return fail("trailing text");
        if (f < 1 || f > 10 || t < 1 || t > 10 || f == t || n < 1) return fail("bad numbers");
        auto& from = piles[static_cast<std::size_t>(f - 1)];
        auto& to = piles[static_cast<std::size_t>(t - 1)];
        if (static_cast<int>(from.size()) < n) return fail("too few cards");
        const std::size_t st = from.size() - static_cast<std::size_t>(n);
        for (std::size_t k = st; k < from.size(); ++k) {
            if (!from[k].up) return fail("face-down card moved");
            if (k > st && (from[k].card.suit != from[k - 1].card.suit ||
                           from[k].card.rank + 1 != from[k - 1].card.rank))
                return fail("not a run of one suit");
        }
        if (!to.empty() && to.back().card.rank != from[st].card.rank + 1)
            return fail("not one rank lower");
        to.insert(to.end(), from.begin() + static_cast<std::ptrdiff_t>(st), from.end());
        from.resize(st);
        settle(to);
        settle(from);
        return true;
    }

    bool fail(const std::string& why) {
        error = why;
        return false;
    }
    bool won() const { return completed == 8; }
};

}  // namespace croupier::test
