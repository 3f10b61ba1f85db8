// The computer player of Spider: Encounters: it sees only its side's view, finds the moves
// that matter, and never walks back into a position its game has stood in.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <set>
#include <unordered_set>

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

namespace {

Character member(const char* name, char tag, bool party, int armour, int initiative) {
    Character c;
    c.name = name;
    c.tag = tag;
    c.party = party;
    c.stats = Stats{5, 5, 1, armour};  // defence = armour: A..armour, then J Q K
    c.initiative = initiative;
    return c;
}

// The Warrior (0, defence `w_armour`), the Rogue (1), the Mage (2) of a level-1 party, who
// know no ability yet, against a goblin (3); `piles`: the cards dealt in rounds from pile
// 1, then the stock: Kings of the Rogue, the Mage and the goblin (each member has cards in
// the enemy's game, so each is conscious).
Encounter shaped(int w_armour, std::vector<Card> piles) {
    for (int i = 0; i < 10; ++i) piles.push_back(card(i < 2 ? i + 1 : 3, kKing));
    return Encounter::custom(
        PartyState{},
        {member("Warrior", 'W', true, w_armour, 12), member("Rogue", 'R', true, 0, 11),
         member("Mage", 'M', true, 0, 10), member("Goblin a", 'a', false, 0, 5)},
        piles, 10);
}

// Plays the party's action that the player would be hinted (the party's computer player,
// `m` its memory) and checks it leads nowhere the game has stood in.
std::string follow(Encounter& e, PartyMemory& m) {
    EXPECT_EQ(e.side_to_play(), 0);
    const std::string action = party_action(e, m);
    const std::uint64_t before = e.board(0).view_hash();
    const std::unordered_set<std::uint64_t> visited = e.visited(0);
    EXPECT_EQ(e.act(action), "") << action;
    if (e.board(0).view_hash() != before) {
        EXPECT_FALSE(visited.count(e.board(0).view_hash())) << action << " goes back";
    }
    return action;
}

}  // namespace

TEST(EncountersPlayer, AHintDoesNotUndoTheMoveThatEmptiedAPile) {
    // "move 2 10 1" then "move 10 2 1": the JW of pile 2 goes on the QW of pile 10, which
    // empties pile 2; with the stock left a deal needs pile 2 filled, and the JW, top of
    // the tallest pile, must not go back where it came from.
    std::vector<Card> piles(11, card(3, kKing));
    piles[1] = card(0, kJack);    // pile 2
    piles[9] = card(0, kKing);    // pile 10
    piles[10] = card(0, kQueen);  // pile 1, on a goblin King
    Encounter e = shaped(1, piles);
    ASSERT_EQ(e.act("move 1 10 1"), "");  // the Warrior's turn: pile 10 is K Q of W
    PartyMemory m;
    EXPECT_EQ(follow(e, m), "move 2 10 1");  // the Rogue's
    const std::string fill = follow(e, m);   // the Mage's
    EXPECT_NE(fill, "move 10 2 1");
    EXPECT_EQ(fill.rfind("move 10 2", 0), 0u) << fill;  // pile 2 filled all the same
    // The same with the player's memory lost between the two (a restart, another hint).
    Encounter again = shaped(1, piles);
    ASSERT_EQ(again.act("move 1 10 1"), "");
    PartyMemory first, fresh;
    EXPECT_EQ(follow(again, first), "move 2 10 1");
    EXPECT_NE(follow(again, fresh), "move 10 2 1");
}

TEST(EncountersPlayer, AHintDoesNotSendTheAceBack) {
    // "AW 6->3" then "3->6": the Warrior's Ace (defence 2: A 2 J Q K) alone on pile 6 goes
    // on its 2 on pile 3, which is then the tallest pile; the fill must not send it back.
    std::vector<Card> piles(13, card(3, kKing));
    piles[5] = card(0, 1);   // pile 6: AW
    piles[12] = card(0, 2);  // pile 3: 2W on a goblin King
    Encounter e = shaped(2, piles);
    PartyMemory m;
    EXPECT_EQ(follow(e, m), "move 6 3 1");  // the Warrior's
    const std::string fill = follow(e, m);  // the Rogue's
    EXPECT_NE(fill, "move 3 6 1");
    EXPECT_EQ(fill.rfind("move", 0), 0u) << fill;
}

TEST(EncountersPlayer, AHintFollowedStepByStepNeverReturnsToAPosition) {
    // The party plays only what the hint says, through whole encounters at levels 1 and 5
    // (the bench's first deals): with the hint's memory kept, and with it lost before every
    // hint (as after a restart). No action that changes the party's game leads to a
    // position it stood in.
    const int encounters = 2;
    int actions = 0;
    for (const bool keep : {true, false})
        for (const int level : {1, 5}) {
            PartyState party;
            party.xp = xp_for_level(level);
            std::uint64_t seeds = 0xe7c0000 + static_cast<std::uint64_t>(level);  // the bench's
            for (int i = 0; i < encounters; ++i) {
                Encounter e(party, splitmix64(seeds));
                PartyMemory m;
                PlayerMemory enemy;
                int guard = 0;
                while (e.outcome() == Outcome::Playing && ++guard < 4 * kMaxTurns) {
                    if (e.side_to_play() == 1) {
                        ASSERT_EQ(e.act(enemy_action(e, enemy)), "");
                        continue;
                    }
                    if (!keep) m = PartyMemory{};
                    const std::string action = follow(e, m);
                    EXPECT_NE(action.rfind("ability second", 0), 0u);
                    ++actions;
                    if (HasFailure()) return;
                }
                EXPECT_NE(e.outcome(), Outcome::Playing);
            }
        }
    EXPECT_GT(actions, 250 * encounters);
}
