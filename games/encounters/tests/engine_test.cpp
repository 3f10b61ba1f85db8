// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <map>

#include "games/core/rng.hpp"
#include "games/encounters/board.hpp"
#include "games/encounters/encounter.hpp"
#include "games/encounters/player.hpp"
#include "games/encounters/rules.hpp"

using namespace croupier::games;
using namespace croupier::games::encounters;

namespace {

// Plays an encounter with random legal actions on both sides, calling `each` after every
// action; returns the number of actions.
template <typename F>
int play_randomly(Encounter& e, std::uint64_t seed, F each, int limit = 4000) {
    DealRng rng(seed);
    int n = 0;
    while (e.outcome() == Outcome::Playing && n < limit) {
        const int side = e.side_to_play();
        auto legal = e.board(side).legal();
        if (e.board(side).stock().empty() && e.redeals(side) < kMaxRedeals && rng.below(8) == 0)
            legal.push_back("redeal");
        legal.push_back("pass");
        // Mostly moves: a pass only when nothing else is chosen.
        const auto pick = legal.size() == 1 ? 0 : rng.below(legal.size() - 1);
        const std::string action = legal[static_cast<std::size_t>(pick)];
        EXPECT_EQ(e.act(action), "") << action;
        each(e, side, action);
        ++n;
    }
    return n;
}

}  // namespace

TEST(EncountersRules, RankSetsForDefenceZeroThreeAndTwelve) {
    EXPECT_EQ(ranks(0), (std::vector<int>{kJack, kQueen, kKing}));
    EXPECT_EQ(ranks(3), (std::vector<int>{1, 2, 3, kJack, kQueen, kKing}));
    std::vector<int> twelve;
    for (int r = 1; r <= 12; ++r) twelve.push_back(r);
    twelve.insert(twelve.end(), {kJack, kQueen, kKing});
    EXPECT_EQ(ranks(12), twelve);
    EXPECT_EQ(ranks(20), twelve);  // never past 12
}

TEST(EncountersRules, DefenceCopiesAndTheLevelOneParty) {
    const Stats w = class_stats(Class::Warrior, 1);
    EXPECT_EQ(defence(w), 4);  // armour 3 + constitution 7 / 4
    EXPECT_EQ(copies(w), 2);
    EXPECT_EQ(card_count(w), 14);
    EXPECT_EQ(card_count(class_stats(Class::Rogue, 1)), 10);
    EXPECT_EQ(card_count(class_stats(Class::Mage, 1)), 6);
    // Level 10 Warrior: constitution +1 every 3 levels (10), armour every 4 (5), speed
    // every 5 (5); only constitution 12 gives a third copy.
    const Stats w10 = class_stats(Class::Warrior, 10);
    EXPECT_EQ(w10.constitution, 10);
    EXPECT_EQ(w10.armour, 5);
    EXPECT_EQ(w10.speed, 5);
    EXPECT_EQ(defence(w10), 7);
    EXPECT_EQ(copies(w10), 2);
    EXPECT_EQ(copies(Stats{1, 1, 12, 0}), 3);
    EXPECT_EQ(defence(Stats{1, 1, 12, 8}), 11);
    EXPECT_EQ(defence(Stats{1, 1, 12, 12}), 12);  // at most 12
}

TEST(EncountersRules, ExperienceLevelsCoupDeGraceAndBattleFlow) {
    EXPECT_EQ(xp_for_level(1), 0);
    EXPECT_EQ(xp_for_level(2), 100);
    EXPECT_EQ(xp_for_level(10), 4500);
    EXPECT_EQ(level_for_xp(999), 4);
    EXPECT_EQ(level_for_xp(1000), 5);
    EXPECT_EQ(level_for_xp(1'000'000), kMaxLevel);
    std::vector<Enemy> es(3);
    es[0].level = 1;
    es[1].level = 1;
    es[2].level = 2;  // 20 x 4 = 80
    EXPECT_EQ(win_xp(es, false, 0), 80);
    EXPECT_EQ(win_xp(es, true, 0), 120);  // coup de grace +50 %
    EXPECT_EQ(win_xp(es, true, 1), 128);  // Battle Flow, the first: +60 %
    EXPECT_EQ(win_xp(es, true, 4), 152);  // +90 %
    EXPECT_EQ(win_xp(es, true, 5), 160);  // +100 %: the most
    EXPECT_EQ(win_xp(es, true, 9), 160);
    EXPECT_EQ(loss_xp(es), 20);
}

TEST(EncountersRules, EnemiesAreChosenByTheirCardsAgainstTheParty) {
    for (int level : {1, 5, 10, 20}) {
        int party = 0;
        for (int c = 0; c < kPartySize; ++c)
            party += card_count(class_stats(static_cast<Class>(c), level));
        int within = 0;
        for (std::uint64_t seed = 1; seed <= 200; ++seed) {
            DealRng rng(seed);
            const auto group = choose_enemies(level, party, rng);
            ASSERT_FALSE(group.empty());
            EXPECT_LE(static_cast<int>(group.size()), kMaxEnemies);
            int cards = 0;
            for (const auto& e : group) {
                EXPECT_GE(e.level, std::max(1, level - 2));
                EXPECT_LE(e.level, std::min(kMaxLevel, level + 1));
                const auto& k = bestiary()[static_cast<std::size_t>(e.kind)];
                EXPECT_TRUE(k.min_level <= e.level && e.level <= k.max_level) << k.name;
                cards += card_count(e.stats);
            }
            within += cards * 100 >= party * 67 && cards * 100 <= party * 92;
            // Where big enemies make the band hard to hit, the nearest group is kept.
            EXPECT_LE(cards * 100, party * 130) << "level " << level;
        }
        // Mostly in the band at the levels the bench measures (20 tries, then the group
        // nearest to it).
        if (level <= 10) {
            EXPECT_GE(within, 100) << "level " << level;
        }
    }
}

TEST(EncountersDeal, BothSidesGetTheSameDealEachSeeingItsOwnCards) {
    PartyState p;
    const Encounter e(p, 42);
    const auto& chars = e.characters();
    int total = 0;
    for (const auto& c : chars) total += card_count(c.stats);
    int on_board = static_cast<int>(e.board(0).stock().size());
    for (int pile = 0; pile < Board::kPiles; ++pile) {
        const auto& a = e.board(0).pile(pile);
        const auto& b = e.board(1).pile(pile);
        ASSERT_EQ(a, b);
        on_board += static_cast<int>(a.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            const bool party = chars[a[i].who].party;
            const bool top = i + 1 == a.size();
            EXPECT_EQ(e.board(0).face_up(pile, static_cast<int>(i)), party || top);
            EXPECT_EQ(e.board(1).face_up(pile, static_cast<int>(i)), !party || top);
        }
    }
    EXPECT_EQ(on_board, total);
    const int stock = total < 45 ? 0 : 10 * std::min(5, (total - 30) / 15);
    EXPECT_EQ(static_cast<int>(e.board(0).stock().size()), stock);
    // The same number gives the same encounter; another, another.
    const Encounter again(p, 42), other(p, 43);
    EXPECT_EQ(again.board(0).pile(3), e.board(0).pile(3));
    bool differs = false;
    for (int pile = 0; pile < Board::kPiles; ++pile)
        differs |= other.board(0).pile(pile) != e.board(0).pile(pile);
    EXPECT_TRUE(differs);
}

TEST(EncountersTurns, InitiativeOrdersTheTurnsAndAmbushSkipsRoundOne) {
    PartyState p;
    int ambushed = 0, ambushing = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        Encounter e(p, seed);
        for (const auto& c : e.characters()) {
            const int base = 2 * c.stats.speed + c.stats.intelligence;
            EXPECT_GE(c.initiative, base + 1);
            EXPECT_LE(c.initiative, base + 6);
        }
        // Round one: in initiative order, without the ambushed side.
        int last = 1 << 30;
        while (e.outcome() == Outcome::Playing && e.round() == 1) {
            const auto& c = e.characters()[static_cast<std::size_t>(e.turn())];
            EXPECT_LE(c.initiative, last);
            last = c.initiative;
            if (e.ambush() == 1) {
                EXPECT_FALSE(c.party);
            }
            if (e.ambush() == -1) {
                EXPECT_TRUE(c.party);
            }
            ASSERT_EQ(e.act("pass"), "");
        }
        ambushed += e.ambush() == 1;
        ambushing += e.ambush() == -1;
    }
    // A d100 against 2-40 % each way: both happen, neither most of the time.
    EXPECT_GT(ambushed, 0);
    EXPECT_GT(ambushing, 0);
    EXPECT_LT(ambushed + ambushing, 200);
}

TEST(EncountersBoard, MovesFitOnTheNextRankOfTheirOwnRun) {
    // Two characters: 0 of defence 3 (A 2 3 J Q K), 1 of defence 0 (J Q K).
    std::vector<Card> cards;
    auto c = [](int who, int rank) {
        return Card{static_cast<std::uint8_t>(who), static_cast<std::uint8_t>(rank)};
    };
    // Piles get one card each, in order: 3 of 0, J of 1, Q of 0, K of 1, then filler.
    cards = {c(0, 3), c(1, kJack),  c(0, kQueen), c(1, kKing), c(0, 1),
             c(0, 2), c(1, kQueen), c(0, kJack),  c(0, kKing), c(1, kJack)};
    Board b({3, 0}, {true, true}, cards, 0);
    EXPECT_EQ(b.next_above(c(0, 3)), kJack);
    EXPECT_EQ(b.next_above(c(1, kJack)), kQueen);
    EXPECT_EQ(b.next_above(c(0, kKing)), 0);
    EXPECT_EQ(b.move(2, 3), "");  // J of 1 fits on Q of 0
    EXPECT_EQ(b.move(1, 3), "");  // the 3 of 0 fits on the J of 1
    EXPECT_EQ(b.pile(2).size(), 3u);
    EXPECT_NE(b.move(5, 4), "");  // an Ace does not fit on a King
    // Not one character: only the 3 moves.
    EXPECT_EQ(b.move(3, 1, 2),
              "Pile 3 can move only its top card (one character's cards in sequence move "
              "together).");
    EXPECT_EQ(b.move(3, 1), "");
    EXPECT_EQ(b.pile(0).size(), 1u);
}

TEST(EncountersBoard, ACompleteRunIsRemoved) {
    auto c = [](int who, int rank) {
        return Card{static_cast<std::uint8_t>(who), static_cast<std::uint8_t>(rank)};
    };
    // Pile 1: K Q of character 0 (defence 0), pile 2: its J.
    std::vector<Card> cards = {c(0, kKing), c(0, kJack), c(1, kKing), c(1, kKing),
                               c(1, kKing), c(1, kKing), c(1, kKing), c(1, kKing),
                               c(1, kKing), c(1, kKing), c(0, kQueen)};
    Board b({0, 0}, {true, false}, cards, 0);
    ASSERT_EQ(b.pile(0).size(), 2u);  // K, then the Q dealt in round two
    EXPECT_EQ(b.move(2, 1), "");
    EXPECT_EQ(b.removed(), std::vector<int>{0});
    EXPECT_EQ(b.remaining(0), 0);
    EXPECT_TRUE(b.pile(0).empty());
}

TEST(EncountersBoard, ARedealShufflesHalfFaceDownHalfToTheStock) {
    PartyState p;
    Encounter e(p, 7);
    Board b = e.board(0);
    while (!b.stock().empty()) {
        for (int pile = 1; pile <= Board::kPiles; ++pile)
            if (b.pile(pile - 1).empty()) {
                ASSERT_EQ(b.move(pile == 1 ? 2 : 1, pile, 1), "");
            }
        ASSERT_EQ(b.deal(), "");
    }
    int cards = 0;
    for (int pile = 0; pile < Board::kPiles; ++pile) cards += static_cast<int>(b.pile(pile).size());
    DealRng r1(1);
    ASSERT_EQ(b.redeal(r1), "");
    int on_piles = 0;
    for (int pile = 0; pile < Board::kPiles; ++pile) {
        const auto& cs = b.pile(pile);
        on_piles += static_cast<int>(cs.size());
        for (std::size_t i = 0; i < cs.size(); ++i) {
            const bool own = e.characters()[cs[i].who].party;
            const bool top = i + 1 == cs.size();
            EXPECT_EQ(b.face_up(pile, static_cast<int>(i)), own || top);
        }
    }
    EXPECT_EQ(on_piles, (cards + 1) / 2);  // half, rounded up, dealt to the piles
    EXPECT_EQ(static_cast<int>(b.stock().size()), cards / 2);
    DealRng r2(2);
    EXPECT_EQ(b.redeal(r2), "Deal the stock first: a re-deal needs an empty stock.");
}

// Random play on real encounters: whatever happens, focus is the side's own runs cleared
// (at most 10) and no unconscious character takes a turn.
TEST(EncountersPlay, FocusAndTurnsHoldUnderRandomPlay) {
    PartyState p;
    int actions = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        Encounter e(p, seed);
        std::array<int, 2> own_runs{};
        actions +=
            play_randomly(e, seed * 7, [&](const Encounter& en, int side, const std::string&) {
                for (const auto& ev : en.events())
                    if (ev.kind == Event::Kind::Cleared &&
                        en.characters()[static_cast<std::size_t>(ev.who)].party == (ev.side == 0))
                        ++own_runs[static_cast<std::size_t>(ev.side)];
                EXPECT_EQ(en.focus(side),
                          std::min(kMaxFocus, own_runs[static_cast<std::size_t>(side)]));
                if (en.turn() >= 0) {
                    const auto& c = en.characters()[static_cast<std::size_t>(en.turn())];
                    EXPECT_TRUE(c.conscious || c.rallied);
                }
            });
    }
    EXPECT_GT(actions, 1000);
}

namespace {

Card card(int who, int rank) {
    return Card{static_cast<std::uint8_t>(who), static_cast<std::uint8_t>(rank)};
}

Character person(const std::string& name, char tag, bool party, int initiative) {
    Character c;
    c.name = name;
    c.tag = tag;
    c.party = party;
    c.stats = Stats{5, 5, 1, 0};  // defence 0: J Q K
    c.initiative = initiative;
    return c;
}

// The Warrior (0) and the Rogue (1) against a goblin (2), one J Q K each, on piles 1-9:
// K Q J of the goblin, of the Warrior, of the Rogue.
Encounter tiny(const PartyState& p) {
    return Encounter::custom(
        p,
        {person("Warrior", 'W', true, 10), person("Rogue", 'R', true, 8),
         person("Goblin a", 'a', false, 5)},
        {card(2, kKing), card(2, kQueen), card(2, kJack), card(0, kKing), card(0, kQueen),
         card(0, kJack), card(1, kKing), card(1, kQueen), card(1, kJack)},
        0);
}

}  // namespace

TEST(EncountersPlay, AClearedCharacterFallsUnconsciousAndLosesItsTurns) {
    Encounter e = tiny(PartyState{});
    auto who = [&] { return e.characters()[static_cast<std::size_t>(e.turn())].tag; };
    EXPECT_EQ(who(), 'W');
    ASSERT_EQ(e.act("pass"), "");
    EXPECT_EQ(who(), 'R');
    ASSERT_EQ(e.act("pass"), "");
    EXPECT_EQ(who(), 'a');
    ASSERT_EQ(e.act("move 5 4"), "");  // the enemy builds the Warrior's run in its game
    ASSERT_EQ(e.act("pass"), "");      // W
    ASSERT_EQ(e.act("pass"), "");      // R
    ASSERT_EQ(e.act("move 6 4"), "");  // a: the Warrior's K Q J is cleared there
    ASSERT_EQ(e.events().size(), 2u);
    EXPECT_EQ(e.events()[0].kind, Event::Kind::Cleared);
    EXPECT_EQ(e.events()[1].kind, Event::Kind::Unconscious);
    EXPECT_EQ(e.events()[1].who, 0);
    EXPECT_FALSE(e.characters()[0].conscious);
    EXPECT_EQ(e.focus(1), 0);  // the Warrior's run is not the enemy's own
    for (int i = 0; i < 6; ++i) {
        EXPECT_NE(who(), 'W');
        ASSERT_EQ(e.act("pass"), "");
    }
    // The party's own game still holds the Warrior's cards; only the other side's counts.
    EXPECT_EQ(e.board(0).remaining(0), 3);
}

TEST(EncountersPlay, CoupDeGraceAndBattleFlowExperience) {
    // A coup de grace: the goblin cleared without a re-deal, the party's own cards left.
    PartyState p;
    p.xp = 250;
    {
        Encounter e = tiny(p);
        ASSERT_EQ(e.act("move 2 1"), "");  // W: the goblin's Q on its K
        ASSERT_EQ(e.act("pass"), "");      // R
        ASSERT_EQ(e.act("pass"), "");      // a
        ASSERT_EQ(e.act("move 3 1"), "");  // W: its J: the goblin's run is cleared
        EXPECT_EQ(e.outcome(), Outcome::Won);
        EXPECT_TRUE(e.coup_de_grace());
        EXPECT_FALSE(e.battle_flow());
        EXPECT_EQ(e.xp_gained(), 30);  // 20 x level 1, +50 %
        EXPECT_EQ(e.after(p).xp, 280);
        EXPECT_EQ(e.after(p).streak, 0);
    }
    // Battle Flow: the party's own runs first (focus +1 each), then the goblin's: the board
    // is empty; the streak grows and the focus left is carried.
    p.streak = 2;
    p.carried_focus = 3;
    Encounter e = tiny(p);
    EXPECT_EQ(e.focus(0), 3);
    const char* party_moves[] = {"move 5 4", "move 8 7", "move 6 4",
                                 "move 9 7", "move 2 1", "move 3 1"};
    for (const char* m : party_moves) {
        while (e.outcome() == Outcome::Playing && e.side_to_play() == 1)
            ASSERT_EQ(e.act("pass"), "");
        ASSERT_EQ(e.act(m), "") << m;
    }
    EXPECT_EQ(e.outcome(), Outcome::Won);
    EXPECT_TRUE(e.board(0).empty());
    EXPECT_TRUE(e.battle_flow());
    EXPECT_EQ(e.focus(0), 5);
    EXPECT_EQ(e.xp_gained(), 20 * 180 / 100);  // the third in a row: +80 %
    const PartyState after = e.after(p);
    EXPECT_EQ(after.streak, 3);
    EXPECT_EQ(after.carried_focus, 5);
}

TEST(EncountersPlay, FleeingEndsItWithNothing) {
    PartyState p;
    p.streak = 2;
    p.xp = 500;
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        Encounter e(p, seed);
        while (e.side_to_play() == 1) ASSERT_EQ(e.act("pass"), "");
        ASSERT_EQ(e.act("flee"), "");
        EXPECT_EQ(e.outcome(), Outcome::Fled);
        EXPECT_EQ(e.after(p).xp, 500);
        EXPECT_EQ(e.after(p).streak, 0);
        EXPECT_EQ(e.act("pass"), "The encounter is over.");
        return;
    }
}

TEST(EncountersAbilities, LearntByLevelOwnedByClassPaidWithFocus) {
    PartyState p;  // level 1: no abilities yet
    Encounter e(p, 5);
    while (e.side_to_play() == 1) ASSERT_EQ(e.act("pass"), "");
    EXPECT_EQ(e.act("ability peek 1"), "The party learns peek at level 2.");
    EXPECT_EQ(e.act("ability fly"),
              "No ability \"fly\": peek, haste, scry, second, rally, foresight.");
    PartyState high;
    high.xp = xp_for_level(10);
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        Encounter h(high, seed);
        while (h.outcome() == Outcome::Playing && h.side_to_play() == 1) h.act("pass");
        if (h.outcome() != Outcome::Playing) continue;
        const auto& me = h.characters()[static_cast<std::size_t>(h.turn())];
        if (me.tag != 'R') {
            const std::string why = h.act("ability peek 1");
            EXPECT_EQ(why, "peek is the Rogue's; it is the " + me.name + "'s turn.");
            continue;
        }
        EXPECT_EQ(h.act("ability peek 1"), "peek needs 1 focus; the party has 0.");
        return;
    }
}

namespace {

// A level-10 party (every ability but none past 10) with focus carried in: the Warrior (0),
// the Rogue (1) and the Mage (2) against a goblin (3), in that turn order. Piles 1-10 get
// the goblin's K Q J, the Warrior's K Q J, the Rogue's K Q J, the Mage's K; the next round
// puts the Mage's Q face down under the goblin's K (pile 1) and the Mage's J under its Q
// (pile 2); the last `stock` cards are the stock.
Encounter trio(int focus, std::vector<Card> extra = {}, int stock = 0) {
    PartyState p;
    p.xp = xp_for_level(10);
    p.streak = 1;
    p.carried_focus = focus;
    std::vector<Card> cards = {card(3, kKing),  card(3, kQueen), card(3, kJack),  card(0, kKing),
                               card(0, kQueen), card(0, kJack),  card(1, kKing),  card(1, kQueen),
                               card(1, kJack),  card(2, kKing),  card(3, kQueen), card(3, kJack)};
    cards.insert(cards.end(), extra.begin(), extra.end());
    return Encounter::custom(p,
                             {person("Warrior", 'W', true, 12), person("Rogue", 'R', true, 11),
                              person("Mage", 'M', true, 10), person("Goblin a", 'a', false, 5)},
                             cards, stock);
}

char whose(const Encounter& e) {
    return e.characters()[static_cast<std::size_t>(e.turn())].tag;
}

}  // namespace

TEST(EncountersAbilities, PeekTurnsUpTheHighestFaceDownCard) {
    Encounter e = trio(3);
    ASSERT_EQ(whose(e), 'W');
    ASSERT_EQ(e.act("pass"), "");
    ASSERT_EQ(whose(e), 'R');
    // Pile 1: the goblin's K (face down in the party's game), its Q on top.
    EXPECT_FALSE(e.board(0).face_up(0, 0));
    std::string info;
    ASSERT_EQ(e.act("ability peek 1", &info), "");
    EXPECT_TRUE(e.board(0).face_up(0, 0));
    EXPECT_EQ(info, "Pile 1: the Ka turns up.");  // the goblin (a) King
    EXPECT_EQ(e.focus(0), 2);
    EXPECT_EQ(whose(e), 'R');  // a free action: still the Rogue's turn
    EXPECT_EQ(e.act("ability peek 1"), "Pile 1 has no face-down card.");
    EXPECT_EQ(e.act("ability peek"), "Peek at which pile? ability peek PILE");
}

TEST(EncountersAbilities, HasteGivesTwoMoreActions) {
    Encounter e = trio(2);
    ASSERT_EQ(e.act("ability haste"), "");
    EXPECT_EQ(e.focus(0), 0);
    ASSERT_EQ(e.act("pass"), "");
    EXPECT_EQ(whose(e), 'W');
    ASSERT_EQ(e.act("pass"), "");
    EXPECT_EQ(whose(e), 'R');
    EXPECT_EQ(e.act("ability haste"), "haste is the Warrior's; it is the Rogue's turn.");
}

TEST(EncountersAbilities, ScryShowsTheNextDeal) {
    std::vector<Card> stock;
    for (int i = 0; i < 10; ++i) stock.push_back(card(i % 2 == 0 ? 2 : 3, i < 5 ? kKing : kJack));
    Encounter e = trio(2, stock, 10);
    ASSERT_EQ(e.act("pass"), "");  // W
    ASSERT_EQ(e.act("pass"), "");  // R
    ASSERT_EQ(whose(e), 'M');
    std::string info;
    ASSERT_EQ(e.act("ability scry", &info), "");
    EXPECT_EQ(info, "The next deal: KM Ka KM Ka KM Ja JM Ja JM Ja.");
    EXPECT_EQ(e.focus(0), 2);  // needs 2, spends nothing
    EXPECT_EQ(whose(e), 'M');
}

TEST(EncountersAbilities, SecondThoughtsTakesBackTheLastMove) {
    Encounter e = trio(1);
    ASSERT_EQ(e.act("move 5 4"), "");  // W: its own Q onto its K
    ASSERT_EQ(whose(e), 'R');
    ASSERT_EQ(e.board(0).pile(3).size(), 2u);
    ASSERT_EQ(e.act("ability second"), "");
    EXPECT_EQ(e.board(0).pile(3).size(), 1u);
    EXPECT_EQ(e.board(0).pile(4).size(), 1u);
    EXPECT_EQ(e.focus(0), 0);
    EXPECT_EQ(whose(e), 'R');
    EXPECT_EQ(e.act("ability second"), "second needs 1 focus; the party has 0.");
}

namespace {
// The goblin clears the Warrior in its game: W, R, M pass; the goblin moves; again.
void knock_out_warrior(Encounter& e) {
    for (const char* enemy : {"move 5 4", "move 6 4"}) {
        while (e.side_to_play() == 0) ASSERT_EQ(e.act("pass"), "");
        ASSERT_EQ(e.act(enemy), "");
    }
    ASSERT_FALSE(e.characters()[0].conscious);
}
}  // namespace

TEST(EncountersAbilities, SteadfastKeepsTheWarriorsTurnsWhileFocusLasts) {
    Encounter e = trio(4);
    knock_out_warrior(e);
    EXPECT_EQ(whose(e), 'W');  // focus 4: Steadfast holds
    EXPECT_EQ(e.act("ability steadfast"),
              "Steadfast acts by itself: the Warrior keeps its turns while focus is 4 or more.");
    Encounter low = trio(3);
    knock_out_warrior(low);
    EXPECT_NE(whose(low), 'W');
}

TEST(EncountersAbilities, RallyWakesAnUnconsciousMember) {
    Encounter e = trio(3);
    knock_out_warrior(e);
    ASSERT_NE(whose(e), 'W');
    while (whose(e) != 'M') ASSERT_EQ(e.act("pass"), "");
    EXPECT_EQ(e.act("ability rally rogue"), "Rogue is not unconscious.");
    ASSERT_EQ(e.act("ability rally warrior"), "");
    EXPECT_TRUE(e.characters()[0].rallied);
    EXPECT_EQ(e.focus(0), 0);
    // The Warrior takes turns again.
    bool warrior = false;
    for (int i = 0; i < 6 && !warrior; ++i) {
        warrior = whose(e) == 'W';
        ASSERT_EQ(e.act("pass"), "");
    }
    EXPECT_TRUE(warrior);
}

TEST(EncountersAbilities, ForesightReDealsWithoutLosingTheCoupDeGrace) {
    Encounter e = trio(4);
    ASSERT_EQ(e.act("pass"), "");  // W
    ASSERT_EQ(e.act("pass"), "");  // R
    ASSERT_EQ(e.act("ability foresight"), "");
    EXPECT_EQ(e.redeals(0), 0);  // not counted
    EXPECT_EQ(e.focus(0), 0);
    EXPECT_EQ(static_cast<int>(e.board(0).stock().size()), 6);  // 12 cards: half to the stock
}

TEST(EncountersTurns, TheEnemyTakesAtMostThreeTurnsARound) {
    // Five goblins, faster than the party: still three enemy turns a round, the fastest.
    std::vector<Character> cs = {person("Warrior", 'W', true, 1), person("Rogue", 'R', true, 2),
                                 person("Mage", 'M', true, 3)};
    std::vector<Card> cards;
    for (int g = 0; g < 5; ++g) {
        cs.push_back(person(std::string("Goblin ") + char('a' + g), char('a' + g), false, 20 - g));
        for (int r : {kKing, kQueen, kJack}) cards.push_back(card(3 + g, r));
    }
    for (int c = 0; c < 3; ++c)
        for (int r : {kKing, kQueen, kJack}) cards.push_back(card(c, r));
    Encounter e = Encounter::custom(PartyState{}, cs, cards, 0);
    for (int round = 1; round <= 3; ++round) {
        std::string order;
        while (e.round() == round) {
            order += e.characters()[static_cast<std::size_t>(e.turn())].tag;
            ASSERT_EQ(e.act("pass"), "");
        }
        EXPECT_EQ(order, "abcMRW") << "round " << round;
    }
}

TEST(EncountersTurns, WhenBothSidesAreSpentTheLargerShareClearedWins) {
    for (const bool party_ahead : {true, false}) {
        Encounter e = tiny(PartyState{});
        // W, R, a: the side ahead clears one run of the other's; then everyone passes.
        ASSERT_EQ(e.act(party_ahead ? "move 2 1" : "pass"), "");  // W (the goblin's Q on K)
        ASSERT_EQ(e.act(party_ahead ? "move 3 1" : "pass"), "");  // R: the goblin's run
        if (party_ahead) {
            EXPECT_FALSE(e.characters()[2].conscious);
            EXPECT_EQ(e.outcome(), Outcome::Won);  // the only enemy: won at once
            continue;
        }
        ASSERT_EQ(e.act("move 5 4"), "");  // a
        ASSERT_EQ(e.act("pass"), "");      // W
        ASSERT_EQ(e.act("pass"), "");      // R
        ASSERT_EQ(e.act("move 6 4"), "");  // a: the Warrior's run cleared
        EXPECT_GT(e.cleared_share(1), e.cleared_share(0));
        int guard = 0;
        while (e.outcome() == Outcome::Playing && ++guard < 3000) ASSERT_EQ(e.act("pass"), "");
        EXPECT_EQ(e.outcome(), Outcome::Lost);
        EXPECT_GE(e.turns(0), kMaxTurns);
        EXPECT_EQ(e.turns(1), kMaxTurns);
    }
}

TEST(EncountersBoard, ADealNeedsEveryPileFilledUnlessTooFewCardsAreLeft) {
    // Twelve cards on the piles (two on piles 1 and 2), ten in the stock; character 0 has
    // J Q K. Pile 1 ends in its K, pile 3 holds its Q; the rest are Kings of character 1.
    std::vector<Card> cards(22, card(1, kKing));
    cards[10] = card(0, kKing);
    cards[2] = card(0, kQueen);
    Board b({0, 0}, {true, true}, cards, 10);
    ASSERT_EQ(b.move(3, 1), "");
    EXPECT_TRUE(b.pile(2).empty());
    EXPECT_FALSE(b.may_deal());
    EXPECT_EQ(b.deal(), "Fill the empty piles before dealing.");
    // Five cards on the piles: no move could fill ten piles, so the deal is allowed.
    std::vector<Card> few(cards.begin(), cards.begin() + 15);
    Board c({0, 0}, {true, true}, few, 10);
    EXPECT_TRUE(c.may_deal());
    EXPECT_EQ(c.deal(), "");
    EXPECT_EQ(c.pile(9).size(), 1u);
}

// The enemies' abilities (issue 31): each paid with the enemy side's focus, used on the turn
// of an enemy of its kind and level, at most one a turn; none in an encounter of the first
// rules.
namespace {

int kind_index(const std::string& name) {
    for (std::size_t k = 0; k < bestiary().size(); ++k)
        if (name == bestiary()[k].name) return static_cast<int>(k);
    return -1;
}

Character enemy(const std::string& kind, char tag, int level, int initiative) {
    Character c = person(kind + " " + tag, tag, false, initiative);
    c.kind = kind_index(kind);
    c.level = level;
    return c;
}

// The Warrior (0) and the Rogue (1), the party's focus `party_focus`, against `enemies`
// (2, 3...), the enemy's focus `enemy_focus`; turns in that order.
Encounter band(std::vector<Character> enemies, const std::vector<Card>& cards, int enemy_focus,
               int party_focus = 0) {
    PartyState p;
    p.streak = party_focus > 0 ? 1 : 0;
    p.carried_focus = party_focus;
    std::vector<Character> cs = {person("Warrior", 'W', true, 30), person("Rogue", 'R', true, 29)};
    cs.insert(cs.end(), enemies.begin(), enemies.end());
    return Encounter::custom(p, cs, cards, 0, 1, enemy_focus);
}

// Piles 1-9: the K Q J of character 2, of the Warrior, of the Rogue: every side sees a
// line worth playing (a run to build).
std::vector<Card> open_cards() {
    return {card(2, kKing), card(2, kQueen), card(2, kJack),  card(0, kKing), card(0, kQueen),
            card(0, kJack), card(1, kKing),  card(1, kQueen), card(1, kJack)};
}

// Ten piles, each a King on top of a lower card: nothing can move in either game. In the
// enemy's game the party's cards under the Kings (piles 1-8) are face down; the goblin's
// own (piles 9, 10) face up.
std::vector<Card> stuck_cards() {
    std::vector<Card> cards = {card(0, kQueen), card(0, kJack), card(1, kQueen), card(1, kJack),
                               card(0, kQueen), card(0, kJack), card(1, kQueen), card(1, kJack),
                               card(2, kQueen), card(2, kJack)};
    for (int p = 0; p < 8; ++p) cards.push_back(card(p % 2, kKing));
    cards.push_back(card(2, kKing));
    cards.push_back(card(2, kKing));
    return cards;
}

void party_passes(Encounter& e) {
    while (e.outcome() == Outcome::Playing && e.side_to_play() == 0) ASSERT_EQ(e.act("pass"), "");
}

}  // namespace

TEST(EncountersEnemyAbilities, TheTableOneAKind) {
    EXPECT_EQ(enemy_ability_of(kind_index("Goblin"), 1)->ability, EnemyAbility::Scurry);
    EXPECT_EQ(enemy_ability_of(kind_index("Wolf"), 1), nullptr);  // Frenzy from level 2
    EXPECT_EQ(enemy_ability_of(kind_index("Wolf"), 2)->ability, EnemyAbility::Frenzy);
    EXPECT_EQ(enemy_ability_of(kind_index("Bandit"), 2)->ability, EnemyAbility::Cutpurse);
    EXPECT_EQ(enemy_ability_of(kind_index("Cultist"), 3)->ability, EnemyAbility::DarkRite);
    EXPECT_EQ(enemy_ability_of(kind_index("Ogre"), 20), nullptr);
    EXPECT_EQ(enemy_ability_by_name("rite")->spends, 3);
    EXPECT_EQ(enemy_ability_by_name("peek"), nullptr);
}

TEST(EncountersEnemyAbilities, ScurryTurnsUpACardOfTheEnemysGameWhenItIsStuck) {
    Encounter e = band({enemy("Goblin", 'a', 1, 5)}, stuck_cards(), 1);
    party_passes(e);
    ASSERT_EQ(whose(e), 'a');
    // Nothing to move, no stock: the goblin scurries on the pile with the fewest face-down
    // cards (the first of them).
    EXPECT_FALSE(sees_progress(e.board(1)));
    ASSERT_FALSE(e.board(1).face_up(0, 0));
    ASSERT_EQ(enemy_ability_action(e), "ability scurry 1");
    std::string info;
    ASSERT_EQ(e.act("ability scurry 1", &info), "");
    EXPECT_TRUE(e.board(1).face_up(0, 0));
    EXPECT_EQ(info, "Pile 1: the QW turns up.");
    // The party's game is untouched.
    EXPECT_EQ(e.board(0).hash(),
              band({enemy("Goblin", 'a', 1, 5)}, stuck_cards(), 1).board(0).hash());
    EXPECT_EQ(e.focus(1), 0);
    EXPECT_EQ(whose(e), 'a');  // a free action: still the goblin's turn
    EXPECT_TRUE(e.enemy_ability_used());
    EXPECT_EQ(enemy_ability_action(e), "");  // one a turn
    EXPECT_EQ(e.act("ability scurry 2"), "Goblin a has used an ability this turn.");
    ASSERT_EQ(e.act("pass"), "");
    EXPECT_EQ(whose(e), 'W');
}

TEST(EncountersEnemyAbilities, ScurryNeedsFocusAndIsNotUsedWithALineToPlay) {
    Encounter poor = band({enemy("Goblin", 'a', 1, 5)}, stuck_cards(), 0);
    party_passes(poor);
    EXPECT_EQ(enemy_ability_action(poor), "");
    EXPECT_EQ(poor.act("ability scurry 1"), "Scurry needs 1 focus; the enemy has 0.");
    EXPECT_EQ(poor.act("ability scurry"), "Scurry needs 1 focus; the enemy has 0.");
    Encounter open = band({enemy("Goblin", 'a', 1, 5)}, open_cards(), 1);
    party_passes(open);
    EXPECT_TRUE(sees_progress(open.board(1)));
    EXPECT_EQ(enemy_ability_action(open), "");
    EXPECT_EQ(open.act("ability scurry"), "Scurry at which pile? ability scurry PILE");
    EXPECT_EQ(open.focus(1), 1);
}

TEST(EncountersEnemyAbilities, FrenzyGivesTheWolfTwoActions) {
    Encounter e = band({enemy("Wolf", 'a', 2, 5)}, open_cards(), 4);
    party_passes(e);
    ASSERT_EQ(enemy_ability_action(e), "ability frenzy");  // it sees a line to play
    ASSERT_EQ(e.act("ability frenzy"), "");
    EXPECT_EQ(e.focus(1), 2);
    EXPECT_EQ(e.act("ability frenzy"), "Wolf a has used an ability this turn.");
    ASSERT_EQ(e.act("pass"), "");
    EXPECT_EQ(whose(e), 'a');  // the second action
    ASSERT_EQ(e.act("pass"), "");
    EXPECT_EQ(whose(e), 'W');
    // A level-1 wolf has not learnt it; a goblin has another.
    Encounter young = band({enemy("Wolf", 'a', 1, 5)}, open_cards(), 4);
    party_passes(young);
    EXPECT_EQ(enemy_ability_action(young), "");
    EXPECT_EQ(young.act("ability frenzy"), "Wolf a learns Frenzy at level 2.");
    Encounter goblin = band({enemy("Goblin", 'a', 5, 5)}, open_cards(), 4);
    party_passes(goblin);
    EXPECT_EQ(goblin.act("ability frenzy"), "Frenzy is a Wolf's; it is Goblin a's turn.");
    EXPECT_EQ(goblin.act("ability fly"),
              "No enemy ability \"fly\": scurry, frenzy, cutpurse, rite.");
    // Without a line worth playing, no Frenzy.
    Encounter stuck = band({enemy("Wolf", 'a', 2, 5)}, stuck_cards(), 4);
    party_passes(stuck);
    EXPECT_EQ(enemy_ability_action(stuck), "");
}

TEST(EncountersEnemyAbilities, CutpurseTakesTwoOfThePartysFocus) {
    Encounter e = band({enemy("Bandit", 'a', 2, 5)}, open_cards(), 3, 3);
    party_passes(e);
    ASSERT_EQ(e.focus(0), 3);
    ASSERT_EQ(enemy_ability_action(e), "ability cutpurse");
    ASSERT_EQ(e.act("ability cutpurse"), "");
    EXPECT_EQ(e.focus(0), 1);
    EXPECT_EQ(e.focus(1), 1);
    EXPECT_EQ(whose(e), 'W');  // it was the bandit's action
    ASSERT_FALSE(e.events().empty());
    EXPECT_EQ(e.events()[0].kind, Event::Kind::EnemyAbility);
    EXPECT_EQ(e.events()[0].who, 2);
    // Not worth it for less than 2 focus; nothing to take from none; it costs 2.
    Encounter poor = band({enemy("Bandit", 'a', 2, 5)}, open_cards(), 1, 3);
    party_passes(poor);
    EXPECT_EQ(enemy_ability_action(poor), "");
    EXPECT_EQ(poor.act("ability cutpurse"), "Cutpurse needs 2 focus; the enemy has 1.");
    Encounter one = band({enemy("Bandit", 'a', 2, 5)}, open_cards(), 2, 1);
    party_passes(one);
    EXPECT_EQ(enemy_ability_action(one), "");
    Encounter none = band({enemy("Bandit", 'a', 2, 5)}, open_cards(), 2);
    party_passes(none);
    EXPECT_EQ(none.act("ability cutpurse"), "The party has no focus to steal.");
    EXPECT_EQ(none.focus(1), 2);
}

TEST(EncountersEnemyAbilities, DarkRiteWakesAnUnconsciousEnemy) {
    // The cultist (2) and a goblin (3): piles 1-10 the goblin's K Q J, the cultist's K Q J,
    // the Warrior's K Q J, the Rogue's K.
    std::vector<Card> cards = {card(3, kKing),  card(3, kQueen), card(3, kJack), card(2, kKing),
                               card(2, kQueen), card(2, kJack),  card(0, kKing), card(0, kQueen),
                               card(0, kJack),  card(1, kKing)};
    Encounter e = band({enemy("Cultist", 'a', 3, 6), enemy("Goblin", 'b', 1, 5)}, cards, 3);
    ASSERT_EQ(e.act("move 2 1"), "");  // W
    ASSERT_EQ(e.act("move 3 1"), "");  // R: the goblin's run is cleared in the party's game
    ASSERT_FALSE(e.characters()[3].conscious);
    ASSERT_EQ(whose(e), 'a');
    EXPECT_EQ(e.act("ability rite a"),
              "Dark rite wakes an unconscious enemy; Cultist a still stands.");
    EXPECT_EQ(e.act("ability rite"), "Dark rite on whom? ability rite ENEMY (its tag: a, b...)");
    ASSERT_EQ(enemy_ability_action(e), "ability rite b");
    ASSERT_EQ(e.act("ability rite b"), "");
    EXPECT_TRUE(e.characters()[3].rallied);
    EXPECT_EQ(e.focus(1), 0);
    EXPECT_EQ(whose(e), 'b');  // the goblin takes its turn again
    // The party's game still has the goblin cleared: it is not back in the battle there.
    EXPECT_EQ(e.board(0).remaining(3), 0);
    // With 2 focus, no rite.
    Encounter low = band({enemy("Cultist", 'a', 3, 6), enemy("Goblin", 'b', 1, 5)}, cards, 2);
    ASSERT_EQ(low.act("move 2 1"), "");
    ASSERT_EQ(low.act("move 3 1"), "");
    EXPECT_EQ(enemy_ability_action(low), "");
    EXPECT_EQ(low.act("ability rite b"), "Dark rite needs 3 focus; the enemy has 2.");
}

TEST(EncountersEnemyAbilities, EncountersOfTheFirstRulesHaveNone) {
    // The same deal by rules 1 and 2: by rules 1 the enemy's abilities are refused and its
    // player uses none.
    PartyState p;
    Encounter old(p, 7, 1), now(p, 7);
    EXPECT_EQ(old.rules(), 1);
    EXPECT_EQ(now.rules(), kRulesVersion);
    EXPECT_FALSE(old.enemy_abilities());
    EXPECT_TRUE(now.enemy_abilities());
    party_passes(old);
    ASSERT_EQ(old.side_to_play(), 1);
    EXPECT_EQ(old.act("ability scurry 1"), "Enemies have no abilities.");
    EXPECT_EQ(enemy_ability_action(old), "");
}

// Real encounters played by the computer on both sides: the enemy's player uses its
// abilities, each paying exactly its focus, and the rules refuse none of its choices.
TEST(EncountersEnemyAbilities, TheEnemysPlayerUsesThemAndPaysForThem) {
    int used = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        PartyState p;
        p.xp = xp_for_level(1 + static_cast<int>(seed % 6));
        Encounter e(p, seed);
        PlayerMemory em;
        PartyMemory pm;
        for (int n = 0; n < 600 && e.outcome() == Outcome::Playing; ++n) {
            const int side = e.side_to_play();
            const std::string action = side == 1 ? enemy_action(e, em) : party_action(e, pm);
            const int before = e.focus(1);
            ASSERT_EQ(e.act(action), "") << action;
            if (side == 1 && action.rfind("ability ", 0) == 0) {
                ++used;
                const auto* a = enemy_ability_by_name(action.substr(8, action.find(' ', 8) - 8));
                ASSERT_NE(a, nullptr) << action;
                EXPECT_EQ(before - e.focus(1), a->spends) << action;
            }
            EXPECT_GE(e.focus(1), 0);
            EXPECT_GE(e.focus(0), 0);
        }
    }
    EXPECT_GT(used, 0);
}
