// The compact Spider position shared by the certifier (solver.cpp) and the fair player
// (fair.cpp): ten piles of bytes, face-down counts, cached per-pile evaluation and hashes.
// Independent of the game engine (games/spider/engine.*) on purpose: it is built for speed.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/card.hpp"

namespace croupier::games::spider::search {

constexpr int kPiles = 10;
constexpr int kCap = 56;  // cards a pile may hold in search; longer piles refuse moves
constexpr int kDeals = 5;
using Byte = std::uint8_t;

// A card as a byte: suit * 16 + rank (rank 1..13). kUnknown is a face-down card the fair
// player cannot see; it never matches anything.
constexpr Byte kUnknown = 0xF0;
inline int rank_of(Byte c) {
    return c & 15;
}
inline int suit_of(Byte c) {
    return c >> 4;
}
inline Byte to_byte(const Card& c) {
    return static_cast<Byte>(static_cast<int>(c.suit) * 16 + c.rank);
}
inline Card to_card(Byte b) {
    return Card::make(rank_of(b), static_cast<Suit>(suit_of(b)));
}
// b goes on a in sequence, same suit.
inline bool same_suit_seq(Byte a, Byte b) {
    return rank_of(a) == rank_of(b) + 1 && suit_of(a) == suit_of(b) && b != kUnknown;
}

struct Move {
    std::uint8_t from = 0, to = 0, n = 0;  // piles 0..9; from == kDealMove for a deal
    static constexpr std::uint8_t kDealMove = 255;
    bool is_deal() const { return from == kDealMove; }
    static Move deal() { return Move{kDealMove, 0, 0}; }
    friend bool operator==(const Move&, const Move&) = default;
};

// "move F T N" with piles 1..10, or "deal".
std::string move_text(const Move& m);
std::optional<Move> parse_move(std::string_view text);

// The evaluation's weights (integers, higher is better).
struct Weights {
    int same = 0;         // a same-suit pair in sequence
    int seq = -14;        // an off-suit pair in sequence
    int brk = -25;        // a face-up pair out of sequence
    int down = -20;       // each face-down card
    int empty = 40;       // each empty pile
    int done = 200;       // each completed run
    int deal = 100;       // each deal made (offsets the disorder it brings)
    int unknown = -8;     // an unknown face-up card (fair player's look at a reveal)
    int king_base = 6;    // a King at the bottom of a pile with nothing under it
    int down_last = -10;  // a pile with face-down cards (on top of `down` per card)
    int cover = -3;       // each face-up card over face-down ones
    int min_down = 0;     // each face-down card of the pile nearest to empty (fewest face-down)
    int no_home = 0;      // each top run that no other top card can take (runs_without_home())
    // Issue 47, fifth session (0 in both players; docs/PERFORMANCE.md). Each maximal
    // same-suit run of the face-up cards over a pile's face-down ones, divided by the pile's
    // face-down cards: the moves that stand between the nearest piles and a card turned over.
    int runs_near = 0;
    // Each break between same-suit runs (a pair `seq` or `brk` counts) in the face-up part of
    // a pile with face-down cards: on top of those prices, which count it in any pile.
    int runs_over = 0;
    // With an empty pile, each pile with face-down cards whose face-up part it could take
    // whole (at most as many runs as there are empty piles), turning a card over.
    int unlock = 0;
    // Each pile with face-down cards whose face-up part is one same-suit run that another
    // pile's top card takes: one move turns a card over (piles_one_move_from_a_turn()).
    int one_move = 0;
};

struct State {
    std::array<std::array<Byte, kCap>, kPiles> cards;
    std::array<std::uint8_t, kPiles> len{}, down{};
    std::uint8_t deals_left = kDeals, done = 0;
    std::array<std::int32_t, kPiles> pscore{};
    std::array<std::uint64_t, kPiles> phash{};

    int empties() const {
        int e = 0;
        for (int p = 0; p < kPiles; ++p) e += len[p] == 0;
        return e;
    }
    bool won() const { return done == 8; }
    // Stock left but fewer cards on the tableau than piles: no deal can ever be made (every
    // pile must be filled first), so the game is lost. A completed run that goes to the
    // foundation can cause it (Aisleriot: "Undo until there are enough cards to fill all
    // tableau piles").
    bool stranded() const {
        if (deals_left == 0) return false;
        int cards_out = 0;
        for (int p = 0; p < kPiles; ++p) cards_out += len[p];
        return cards_out < kPiles;
    }
    Byte top(int p) const { return cards[p][len[p] - 1]; }
    // Index of the first card of the movable run on top of pile p (len[p] > down[p]).
    int run_start(int p) const {
        int r = len[p] - 1;
        while (r - 1 >= down[p] && same_suit_seq(cards[p][r - 1], cards[p][r])) --r;
        return r;
    }
};

// Open-addressing set of 64-bit hashes (0 is reserved for "empty").
class HashSet {
  public:
    void clear(std::size_t capacity_pow2) {
        slots_.assign(capacity_pow2, 0);
        size_ = 0;
    }
    // True when h was not there (and is now).
    bool insert(std::uint64_t h) {
        if (h == 0) h = 1;
        if ((size_ + 1) * 2 > slots_.size()) grow();
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = h & mask;; i = (i + 1) & mask) {
            if (slots_[i] == h) return false;
            if (slots_[i] == 0) {
                slots_[i] = h;
                ++size_;
                return true;
            }
        }
    }
    bool contains(std::uint64_t h) const {
        if (h == 0) h = 1;
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = h & mask;; i = (i + 1) & mask) {
            if (slots_[i] == h) return true;
            if (slots_[i] == 0) return false;
        }
    }
    std::size_t bytes() const { return slots_.capacity() * sizeof(std::uint64_t); }
    // Gives the memory back (the next clear() allocates again).
    void release() {
        std::vector<std::uint64_t>().swap(slots_);
        size_ = 0;
    }

  private:
    void grow() {
        std::vector<std::uint64_t> old;
        old.swap(slots_);
        slots_.assign(std::max<std::size_t>(1024, old.size() * 2), 0);
        size_ = 0;
        for (std::uint64_t h : old)
            if (h != 0) insert(h);
    }
    std::vector<std::uint64_t> slots_;
    std::size_t size_ = 0;
};

// A generated position: its parent (an expanded position) and the move. Only expanded
// positions keep a full State.
struct Gen {
    std::uint32_t parent;  // index in `expanded`; UINT32_MAX for the search's start
    Move move;
};
struct Expanded {
    State state;
    std::uint32_t gen;
};

// The context a search runs in: weights and (for the certifier) the stock cards.
struct Context {
    Weights w;
    std::array<Byte, 50> stock{};  // deal k (0-based) gives stock[10k + p] to pile p
    bool prune_lateral = true;     // no run moves from an off-suit parent to an off-suit target
    // Also offer "macro" moves: several runs in sequence (of different suits) moved at
    // once through empty piles (each run parked on its own empty pile, then stacked back).
    // They are not legal single moves: expand_macro() turns one into legal moves.
    bool macros = false;
    // Macro moves through empty piles as far as they reach ("supermoves"): with e empty piles
    // other than the target, a sequence of up to 2^e runs moves (pieces parked and restacked
    // on the empty piles), not e + 1. expand_macro() expands either kind.
    bool supermoves = false;
    // Also part of a run onto a card of its own suit (not only to an empty pile): it can
    // complete a run there, or free the card it leaves on top.
    bool partial_same = false;
};

// Top runs with nowhere to go but an empty pile: the run's first card is a King, or no
// pile's top card is one rank above it. A run that is the whole pile (from its bottom) is
// not counted: it has nothing under it to free.
int runs_without_home(const State& s);
// With an empty pile: the piles with face-down cards whose whole face-up part moves off
// through the empty piles (at most as many same-suit runs as there are empty piles).
int piles_unlocked(const State& s);
// The piles with face-down cards whose face-up part is one same-suit run that another pile's
// top card (one rank above its first card, any suit) takes.
int piles_one_move_from_a_turn(const State& s);

void refresh_pile(State& s, int p, const Context& ctx);
void refresh_all(State& s, const Context& ctx);
std::int64_t evaluate(const State& s, const Context& ctx);
std::uint64_t state_hash(const State& s);

// Legal moves (rules), with the certifier's/player's pruning. Appends to out.
void generate_moves(const State& s, const Context& ctx, std::vector<Move>& out);
// Whether m is legal by the rules (no pruning).
bool legal(const State& s, const Move& m);
// The legal single moves a (possibly macro) move stands for, in the position s.
// Empty when m is not legal even through empty piles.
std::vector<Move> expand_macro(const State& s, const Move& m);
// Applies a legal move (or a macro move); completed runs go to the foundation, exposed cards turn
// over. Returns true when a face-down card was turned over.
bool apply(State& s, const Move& m, const Context& ctx);

// The opening position of a deal, every card known; ctx.stock filled.
State initial_state(int suits, std::uint64_t deal_number, Context& ctx);

}  // namespace croupier::games::spider::search
