// One side's game of Spider: Encounters: ten piles and a stock of character cards, played
// as Spider with characters for suits (games/encounters/rules.md, "Moving cards").
// Pure: no I/O, no clock.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/core/rng.hpp"

namespace croupier::games::encounters {

struct Card {
    std::uint8_t who = 0;   // the character: an index into the encounter's characters
    std::uint8_t rank = 0;  // 1..12, 13 J, 14 Q, 15 K
    friend bool operator==(const Card&, const Card&) = default;
};

class Board {
  public:
    static constexpr int kPiles = 10;

    Board() = default;
    // `defences`: each character's defence (its ranks); `own`: the characters whose cards
    // this side always sees; `cards`: the shuffled deal; the last `stock` cards are the
    // stock, the rest go to the piles in rounds from pile 1.
    Board(std::vector<int> defences, std::vector<bool> own, const std::vector<Card>& cards,
          int stock);

    // Piles are 1..10 as typed. count: nullopt, the longest run that fits. "" or the reason.
    std::string move(int from, int to, std::optional<int> count = std::nullopt);
    // A deal needs every pile filled, unless fewer cards than piles are left on them.
    std::string deal();
    bool may_deal() const;
    // The stock must be empty: every pile card shuffled, half (rounded up) dealt face down
    // in rounds, the rest the stock.
    std::string redeal(DealRng& rng);
    // Peek: the highest face-down card of a pile turns up. "" or the reason.
    std::string turn_up(int pile);

    // The runs removed by the last action, by character, in order.
    const std::vector<int>& removed() const { return removed_; }
    // Cards of a character still in play (piles and stock).
    int remaining(int who) const;
    bool empty() const;  // no card left anywhere

    int next_above(const Card& c) const;  // the rank above in its own run; 0 at the King
    int run_length(int who) const { return defences_[who] + 3; }
    const std::vector<Card>& pile(int p) const { return piles_[static_cast<std::size_t>(p)]; }
    bool face_up(int p, int i) const {
        return up_[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)];
    }
    int face_down(int p) const;  // face-down cards in pile p (0-based)
    const std::vector<Card>& stock() const { return stock_; }
    int characters() const { return static_cast<int>(defences_.size()); }
    bool own(int who) const { return own_[static_cast<std::size_t>(who)]; }

    // The position (cards, which are face up, the stock), for telling repeated ones apart.
    std::uint64_t hash() const { return hash_of(false); }
    // The position as this side sees it (face-down cards unknown, the stock by its size):
    // the computer players' memory of where a game has stood (games/encounters/player.cpp
    // hashes its own positions the same way).
    std::uint64_t view_hash() const { return hash_of(true); }

    // Every legal move as "move F T N" and "deal" when allowed (for the computer players).
    std::vector<std::string> legal() const;
    // "move F T [N]", "deal": "" or the reason (redeal needs the generator: not here).
    std::string apply(const std::string& text);

  private:
    std::uint64_t hash_of(bool view) const;
    int movable(int p) const;  // length of the same-character run on top of pile p
    void settle(int p);        // remove a complete run on top, turn the top up
    void reveal_own();

    std::vector<int> defences_;
    std::vector<bool> own_;
    std::array<std::vector<Card>, kPiles> piles_;
    std::array<std::vector<bool>, kPiles> up_;
    std::vector<Card> stock_;
    std::vector<int> removed_;
};

}  // namespace croupier::games::encounters
