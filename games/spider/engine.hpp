// The Spider solitaire engine (Aisleriot's rules, shared/rules/spider.txt, with the choices
// of shared/rules/README.md): ten piles, a stock of five deals, a foundation of completed
// runs, Aisleriot's score and unlimited undo. A pure value type: no I/O, no clock.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/card.hpp"
#include "games/spider/view.hpp"

namespace croupier::games::spider {

// What one successful action changed (for the text the player sees).
struct Change {
    enum class Kind { None, Move, Deal, Undo, Resign } kind = Kind::None;
    Kind undone = Kind::None;  // for Undo: what was taken back (Move or Deal)
    int from = -1;             // Move (or undone Move): piles 0..9
    int to = -1;
    int count = 0;                // cards moved
    std::uint16_t piles = 0;      // bit p: pile p changed
    int runs_completed = 0;       // runs that went to the foundation by this action
    int runs_returned = 0;        // runs an undo took back from the foundation
    std::vector<Suit> run_suits;  // suits of the runs completed by this action
    std::vector<Card> dealt;      // Deal: the ten cards dealt, piles 1..10
};

struct Result {
    std::string error;      // non-empty: refused, nothing changed
    std::string canonical;  // on success: "move 3 7 2", "deal", "undo", "resign"
    Change change;
    bool ok() const { return error.empty(); }
};

class Engine {
  public:
    static constexpr int kPiles = 10;
    static constexpr int kRuns = 8;
    static constexpr int kMaxScore = 96;

    // suits: 1, 2 or 4 (std::invalid_argument otherwise). keep_runs: completed runs stay on
    // the tableau, and the win is a score of 96.
    Engine(int suits, std::uint64_t deal_number, bool keep_runs = false);

    // A position given card by card, for tests and tools: piles bottom first with their
    // face-down counts, the stock (a multiple of 10 cards, next deal first, at most 50) and
    // the runs already on the foundation. Throws std::invalid_argument on a bad layout.
    struct Layout {
        std::array<std::vector<Card>, kPiles> piles;
        std::array<int, kPiles> face_down{};
        std::vector<Card> stock;
        std::vector<Suit> foundation;
    };
    static Engine from_layout(int suits, const Layout& layout, bool keep_runs = false);

    // Piles are numbered 1..10 here, as the player types them. count: nullopt means "the
    // longest movable run that fits on `to`" (on an empty pile: the longest movable run).
    Result move(int from, int to, std::optional<int> count = std::nullopt);
    Result deal();
    Result undo();
    Result resign();

    // Text commands: "move F T [N]" (also "m"), "deal" ("d"), "undo" ("u"), "resign".
    Result apply(std::string_view text);

    // Every legal move and deal as canonical text ("move F T N" for every N that is legal,
    // then "deal"); empty once the game is over. Undo and resign are not listed.
    std::vector<std::string> legal() const;

    View view() const;

    // State.
    int suits() const { return suits_; }
    std::uint64_t deal_number() const { return deal_number_; }
    bool keep_runs() const { return keep_runs_; }
    int face_down(int pile) const { return piles_.at(static_cast<std::size_t>(pile)).down; }
    // All cards of a pile (0..9), bottom first; the first face_down(pile) are hidden.
    const std::vector<Card>& pile(int pile) const {
        return piles_.at(static_cast<std::size_t>(pile)).cards;
    }
    std::vector<Card> face_up(int pile) const;
    // Length of the run of one suit in sequence on top of a pile (0 for an empty pile).
    int movable_run(int pile) const;
    int stock_deals_left() const { return static_cast<int>(stock_.size() / kPiles) - deals_done_; }
    const std::vector<Suit>& foundation() const { return foundation_; }

    int score() const;
    int moves() const { return moves_; }  // moves and deals made, undone ones included
    int undos() const { return undos_; }
    bool can_undo() const { return !history_.empty() && !over(); }

    bool won() const;
    bool resigned() const { return resigned_; }
    bool over() const { return resigned_ || won(); }

    // Approximate heap bytes held (for the memory budget of many open games).
    std::size_t memory_bytes() const;

  private:
    struct Pile {
        std::vector<Card> cards;
        int down = 0;  // cards[0..down) are face down
    };
    // One step of history: enough to take it back exactly.
    // Eight bytes: a game of 500 moves keeps 4 KB of history.
    struct Step {
        std::uint8_t from = 0, to = 0, count = 0;
        std::uint8_t deal : 1 = 0;         // 1: a deal from the stock; 0: a move
        std::uint8_t flipped : 1 = 0;      // move: the card under the run was turned up
        std::uint16_t completed = 0;       // bit p: a run went from pile p to the foundation
        std::uint16_t completed_flip = 0;  // bit p: ... and the card under it was turned up
    };
    static_assert(sizeof(Step) == 8);

    Result refuse(std::string why) const;
    std::string check_move(int from, int to, int count) const;  // "" when legal
    bool accepts(int to, const Card& c) const;
    bool complete_run_on_top(int p) const;
    // Sends a completed run on top of each pile in `piles` (bits) to the foundation.
    void collect_runs(std::uint16_t piles, Step& step, Change& change);

    int suits_ = 4;
    std::uint64_t deal_number_ = 0;
    bool keep_runs_ = false;
    std::array<Pile, kPiles> piles_;
    std::vector<Card> stock_;  // 50 cards, 10 per deal, next deal first
    int deals_done_ = 0;
    std::vector<Suit> foundation_;
    int moves_ = 0;
    int undos_ = 0;
    bool resigned_ = false;
    std::vector<Step> history_;
};

}  // namespace croupier::games::spider
