// The computer player of Spider: Encounters: it sees only its side's view, finds the moves
// that matter, and never walks back into a position its game has stood in.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <set>

#include "games/core/rng.hpp"
#include "games/encounters/encounter.hpp"
#include "games/encounters/player.hpp"

using namespace croupier::games;
using namespace croupier::games::encounters;

namespace {

Card card(int who, int rank) {
    return Card{static_cast<std::uint8_t>(who), static_cast<std::uint8_t>(rank)};
}

}  // namespace

TEST(EncountersPlayer, SeesNoFaceDownCard) {
    // Two deals that differ only in two face-down cards of the enemy's view: the same
    // action, every time; and the pair does change something the player cannot see.
    int compared = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        DealRng rng(seed);
        std::vector<Card> cards;
        for (int who = 0; who < 5; ++who)
            for (int copy = 0; copy < 2; ++copy)
                for (int r : ranks(who % 3)) cards.push_back(card(who, r));
        rng.shuffle(cards);
        const std::vector<int> defences = {0, 1, 2, 0, 1};
        const std::vector<bool> own = {false, false, false, true, true};
        const int stock = 10;
        const Board a(defences, own, cards, stock);
        // Two face-down cards of different characters, both under the top of their piles.
        std::vector<std::size_t> down;
        const int on_piles = static_cast<int>(cards.size()) - stock;
        for (int i = 0; i < on_piles; ++i) {
            const int p = i % Board::kPiles, at = i / Board::kPiles;
            if (!a.face_up(p, at)) down.push_back(static_cast<std::size_t>(i));
        }
        ASSERT_GE(down.size(), 2u);
        std::size_t x = down.front(), y = down.front();
        for (std::size_t d : down)
            if (!(cards[d] == cards[x])) y = d;
        if (x == y) continue;
        std::vector<Card> swapped = cards;
        std::swap(swapped[x], swapped[y]);
        const Board b(defences, own, swapped, stock);
        EXPECT_NE(a.hash(), b.hash());
        EXPECT_EQ(a.view_hash(), b.view_hash());
        EXPECT_EQ(position_value(a), position_value(b));
        EXPECT_EQ(computer_action(a, true), computer_action(b, true)) << "seed " << seed;
        ++compared;
    }
    EXPECT_GT(compared, 50);
}

TEST(EncountersPlayer, ClearsARunItCanSee) {
    // Character 0 (J Q K, the other side's) has its K on pile 1, its Q on pile 2 and its J
    // on pile 3; Kings of character 1 elsewhere. Two moves clear the run.
    std::vector<Card> cards(10, card(1, kKing));
    cards[0] = card(0, kKing);
    cards[1] = card(0, kQueen);
    cards[2] = card(0, kJack);
    Board b({0, 0}, {false, true}, cards, 0);
    PlayerLimits limits;
    for (int step = 0; step < 2; ++step) {
        const std::string action = computer_action(b, false, limits);
        ASSERT_EQ(action.rfind("move", 0), 0u) << action;
        ASSERT_EQ(b.apply(action), "");
    }
    EXPECT_EQ(b.remaining(0), 0);
    // Nothing left worth doing, no stock and no re-deal allowed: it passes.
    EXPECT_FALSE(sees_progress(b));
    EXPECT_EQ(computer_action(b, false), "pass");
    EXPECT_EQ(computer_action(b, true), "redeal");
}

TEST(EncountersPlayer, BothSidesPlayedByItEndWithoutRepeatingAPosition) {
    for (std::uint64_t deal = 1; deal <= 6; ++deal) {
        PartyState party;
        party.xp = xp_for_level(deal <= 3 ? 1 : 5);
        Encounter e(party, deal);
        PartyMemory pm;
        PlayerMemory em;
        std::array<std::set<std::uint64_t>, 2> seen;
        for (int side = 0; side < 2; ++side)
            seen[static_cast<std::size_t>(side)].insert(e.board(side).hash());
        int actions = 0, repeats = 0;
        while (e.outcome() == Outcome::Playing && ++actions < 4 * kMaxTurns) {
            const int side = e.side_to_play();
            const std::string action = side == 1 ? enemy_action(e, em) : party_action(e, pm);
            ASSERT_EQ(e.act(action), "") << action;
            if (action.rfind("move", 0) == 0)
                repeats +=
                    !seen[static_cast<std::size_t>(side)].insert(e.board(side).hash()).second;
            else
                seen[static_cast<std::size_t>(side)].insert(e.board(side).hash());
        }
        EXPECT_NE(e.outcome(), Outcome::Playing) << "deal " << deal;
        EXPECT_EQ(repeats, 0) << "deal " << deal;
    }
}
