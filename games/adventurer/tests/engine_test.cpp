// The Adventurer Factory engine: the card format and effect language, needs and fills, the
// response stack, dice, the steps of a turn and every end condition.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "games/adventurer/ai.hpp"
#include "games/adventurer/card.hpp"
#include "games/adventurer/duel.hpp"

using namespace croupier::games::adventurer;

namespace {

const char* kSet = R"(# cards for the tests
[Fighter]
type = Class
cost = 0
fills = class
provides = Fighter
attack = +1
[Talker]
type = Class
cost = 0
fills = class
provides = Talker
charisma = +1
[Dwarf]
type = Race
cost = 0
fills = race
provides = Dwarf
defence = +1
[Dagger]
type = Weapon
cost = 1
fills = hand
attack die = 1d4
[Club]
type = Weapon
cost = 0
fills = hand
[Greatsword]
type = Weapon
cost = 0
needs = 2 Fighter
fills = two hands
attack die = 2d6
[Helm]
type = Armour
cost = 0
fills = head
defence = +1
[Iron Helm]
type = Armour
cost = 0
fills = head
defence = +2
[Cursed Crown]
type = Item
cost = 0
fills = head
cursed = yes
charisma = -1
[Banner]
type = Item
cost = 0
needs = 2 Fighter
fills = back
attack = +2
[Bolt]
type = Spell
cost = 0
fills = none
action = 1 mind: damage 3 health
[Curse]
type = Spell
cost = 0
fills = none
action = : damage 1d4+1 willpower
[Guard]
type = Spell
cost = 0
fills = none
action = 1 mind: negate 3 health
[Leech]
type = Spell
cost = 0
fills = none
action = : drain 2 mind
[Potion]
type = Consumable
cost = 0
fills = none
action = consume: heal 5 health
[Focus Stone]
type = Item
cost = 0
fills = neck
action = 1 health: gain 3 mind
[Will Stone]
type = Item
cost = 0
fills = none
action = 2 willpower: draw 2
[Thief]
type = Minion
cost = 0
fills = none
action = : discard 1
[Sleep]
type = Spell
cost = 0
fills = none
action = : skip encounter
[Spyglass]
type = Item
cost = 0
fills = none
action = : look hand, look deck 2
[Drill]
type = Minion
cost = 0
fills = none
action = : counter 2 attack
[Rage]
type = Spell
cost = 0
fills = none
action = : attack die 1d12
[Song]
type = Spell
cost = 0
fills = none
action = : parley die 1d10
[Lance]
type = Weapon
cost = 0
fills = none
action = 1 mind, encounter: attack with 1d8+2
[Sacrifice]
type = Spell
cost = 0
fills = none
action = discard this: damage 2 health
[Herald]
type = Minion
cost = 0
fills = none
play = draw 1
[Doom]
type = Spell
cost = 0
fills = none
action = : damage 20 health
[Despair]
type = Spell
cost = 0
fills = none
action = : damage 20 willpower
[Mend]
type = Consumable
cost = 0
fills = none
action = consume: heal 20 health
[Tonic]
type = Consumable
cost = 0
fills = none
action = consume: heal 4 willpower
[Martyr]
type = Spell
cost = 0
fills = none
action = 20 health: damage 20 health
[Blank]
type = Item
cost = 0
fills = none
[Warhorse]
type = Item
cost = 6
fills = mount
attack = +2
)";

const CardSet& set() {
    static const CardSet s = [] {
        CardSet c;
        const auto why = c.add_file(kSet, "test.txt");
        EXPECT_EQ(why, "");
        return c;
    }();
    return s;
}

int id(const std::string& name) {
    const int i = set().find(name);
    EXPECT_GE(i, 0) << name;
    return i;
}

// Side 0 holds `a` (five cards and the sixth it draws on turn 1), side 1 holds `b` (five,
// then its draws); the rest of each deck is Blank, `left` cards in all (40 by default).
Duel duel(std::vector<std::string> a, std::vector<std::string> b, std::size_t left0 = 40,
          std::size_t left1 = 40, std::uint64_t deal = 1) {
    std::array<std::vector<int>, 2> decks;
    a.resize(std::max<std::size_t>(a.size(), 6), "Blank");
    b.resize(std::max<std::size_t>(b.size(), 5), "Blank");
    for (const auto& n : a) decks[0].push_back(id(n));
    for (const auto& n : b) decks[1].push_back(id(n));
    decks[0].resize(std::max(left0, a.size()), id("Blank"));
    decks[1].resize(std::max(left1, b.size()), id("Blank"));
    decks[0].resize(left0);
    decks[1].resize(left1);
    return Duel::arranged(set(), decks, deal);
}

// A command that must be taken; the other side passes any answer it is offered.
void ok(Duel& d, int s, const std::string& cmd) {
    const std::string why = d.act(s, cmd);
    ASSERT_EQ(why, "") << cmd;
    while (d.window_open() && d.responder() != s) ASSERT_EQ(d.act(d.responder(), "pass"), "");
}

// A command that must be taken, the windows it opens left open.
void raw(Duel& d, int s, const std::string& cmd) {
    const std::string why = d.act(s, cmd);
    ASSERT_EQ(why, "") << cmd;
}

bool in_play(const Duel& d, int s, const std::string& name) {
    for (const auto& ip : d.side(s).play)
        if (d.set().at(ip.card).name == name) return true;
    return false;
}

std::string all_text(const std::vector<Event>& ev, int to = -2) {
    std::string s;
    for (const auto& e : ev)
        if (to == -2 || e.to == to) s += e.text + "\n";
    return s;
}

}  // namespace

// ---- The card format ----

TEST(AdventurerCards, TheTestSetAndTheBuiltInFormsParse) {
    EXPECT_EQ(set().size(), 33);
    const Card& lance = set().at(id("Lance"));
    ASSERT_EQ(lance.actions.size(), 1u);
    EXPECT_TRUE(lance.actions[0].cost.encounter);
    EXPECT_EQ(lance.actions[0].cost.mind, 1);
    EXPECT_EQ(lance.actions[0].effects[0].op, Op::Attack);
    EXPECT_EQ(lance.actions[0].effects[0].amount, (Dice{1, 8, 2}));
    EXPECT_EQ(lance.actions[0].text, "1 Mind, Encounter: attack with 1d8+2");
    const Card& gs = set().at(id("Greatsword"));
    EXPECT_EQ(gs.fills, (std::vector<Slot>{Slot::Hand, Slot::Hand}));
    EXPECT_EQ(gs.needs, (std::vector<std::pair<std::string, int>>{{"Fighter", 2}}));
    EXPECT_TRUE(set().at(id("Cursed Crown")).cursed);
    EXPECT_TRUE(set().at(id("Potion")).consumable);
}

// An action that costs nothing is written as its effects alone: "bob uses Pointed Hat: gain 1
// Mind.", not "Pointed Hat: : gain 1 Mind." (issue 28).
TEST(AdventurerCards, ActionWithoutCostHasNoEmptyCost) {
    Action a;
    ASSERT_EQ(parse_action(": gain 1 mind", a), "");
    EXPECT_EQ(a.text, "gain 1 Mind");
    ASSERT_EQ(parse_action("1 mind: gain 2 mind", a), "");
    EXPECT_EQ(a.text, "1 Mind: gain 2 Mind");
}

TEST(AdventurerCards, EveryCostAndEffectParses) {
    Action a;
    ASSERT_EQ(parse_action("2 mind, 1 health, 3 willpower, discard this: draw 1", a), "");
    EXPECT_EQ(a.cost, (Cost{2, 1, 3, true, false, false}));
    const char* effects[] = {"attack",
                             "attack with 2d4+1",
                             "parley",
                             "parley with 1d6",
                             "damage 2 health",
                             "damage 1d4 willpower",
                             "heal 3 health",
                             "heal 2 willpower",
                             "gain 2 mind",
                             "drain 1 mind",
                             "draw 2",
                             "discard 1",
                             "attack die 1d8",
                             "parley die 2d4+1",
                             "skip encounter",
                             "negate 3 health",
                             "negate 2 willpower",
                             "look hand",
                             "look deck 3",
                             "counter 1 defence"};
    std::set<Op> ops;
    for (const char* e : effects) {
        std::vector<Effect> out;
        EXPECT_EQ(parse_effects(e, out), "") << e;
        ASSERT_EQ(out.size(), 1u) << e;
        ops.insert(out[0].op);
    }
    EXPECT_EQ(ops.size(), 15u);  // every Op
}

TEST(AdventurerCards, RefusalsNameFileLineAndText) {
    struct Bad {
        const char* text;
        int line;
        const char* says;
    };
    const Bad bad[] = {
        {"[A]\ntype = Spell\nfills = none\naction = 1 mind: explode 3\n", 4, "unknown effect"},
        {"[A]\ntype = Spell\nfills = none\naction = 1 mind: attack\n", 1, "costs `encounter`"},
        {"[A]\ntype = Spell\nfills = none\naction = consume: draw 1\n", 1, "Consumable"},
        {"[A]\ntype = Consumable\nfills = none\naction = 1 mind: draw 1\n", 1, "cost `consume`"},
        {"[A]\ntype = Item\nfills = class\n", 1, "only Class cards"},
        {"[A]\ntype = Class\nfills = hand\nprovides = A\n", 1, "fills `class`"},
        {"[A]\ntype = Class\nfills = class\n", 1, "provides a symbol"},
        {"[A]\ntype = Item\nfills = pocket\n", 3, "unknown slot"},
        {"[A]\ntype = Item\nwings = 2\n", 3, "unknown key"},
        {"[A]\ntype = Trinket\n", 2, "unknown type"},
        {"[A]\ntype = Item\nattack die = 0d6\n", 3, "a die"},
        {"[A]\ntype = Item\ncost = 11\n", 3, "0 to 10"},
        {"[A]\ntype = Item\n[A]\ntype = Item\n", 3, "second card"},
        {"type = Item\n", 1, "before the first"},
        {"[A]\ntype = Item\naction = 1 lute: draw 1\n", 3, "unknown cost"},
        {"[A]\ntype = Item\naction = draw 1\n", 3, "COSTS: EFFECTS"},
    };
    for (const auto& b : bad) {
        CardSet s;
        const std::string why = s.add_file(b.text, "my.txt");
        EXPECT_NE(why.find("my.txt:" + std::to_string(b.line) + ": "), std::string::npos)
            << b.text << " -> " << why;
        EXPECT_NE(why.find(b.says), std::string::npos) << b.text << " -> " << why;
        EXPECT_EQ(s.size(), 0) << "a refused file adds nothing";
    }
}

TEST(AdventurerCards, DiceParseAndPrint) {
    EXPECT_EQ(parse_dice("1d8"), (Dice{1, 8, 0}));
    EXPECT_EQ(parse_dice("2d4+1"), (Dice{2, 4, 1}));
    EXPECT_EQ(parse_dice("d6"), (Dice{1, 6, 0}));
    EXPECT_EQ(parse_dice("3"), (Dice{0, 1, 3}));
    EXPECT_EQ(parse_dice("1D10-1"), (Dice{1, 10, -1}));
    for (const char* bad : {"0d6", "1d0", "1d21", "10d6", "x", "1d", "d", "2d4+", ""})
        EXPECT_FALSE(parse_dice(bad)) << bad;
    EXPECT_EQ(dice_text(Dice{2, 4, 1}), "2d4+1");
    EXPECT_EQ(dice_text(Dice{0, 1, 3}), "3");
}

TEST(AdventurerCards, DecksHoldFortyAndAtMostFourOfACard) {
    std::vector<int> cards;
    EXPECT_EQ(parse_deck_list(set(),
                              "4 Fighter, 4 Talker, 4 Dwarf, 4 Dagger, 4 Club, 4 Helm, "
                              "4 Bolt, 4 Guard, 4 Potion, 4 Blank",
                              cards),
              "");
    EXPECT_EQ(check_deck(set(), cards), "");
    EXPECT_EQ(deck_list_text(set(), cards).substr(0, 22), "4 Fighter, 4 Talker, 4");
    cards.pop_back();
    EXPECT_NE(check_deck(set(), cards).find("40 cards"), std::string::npos);
    cards.push_back(id("Fighter"));
    EXPECT_NE(check_deck(set(), cards).find("at most 4"), std::string::npos);
    EXPECT_NE(parse_deck_list(set(), "5 Fighter", cards).find("1 to 4"), std::string::npos);
    EXPECT_NE(parse_deck_list(set(), "2 Unicorn", cards).find("Unicorn"), std::string::npos);
}

// ---- Setup and the resource step ----

TEST(AdventurerDuel, SetupAndResourceStep) {
    Duel d = duel({"Fighter", "Talker"}, {});
    EXPECT_EQ(d.side(0).health, 20);
    EXPECT_EQ(d.side(0).willpower, 20);
    EXPECT_EQ(d.side(0).mind, 3);  // 2, and 1 for no card in play
    EXPECT_EQ(d.side(1).mind, 4);
    EXPECT_EQ(d.side(0).hand.size(), 6u);  // five and the turn's draw
    EXPECT_EQ(d.side(1).hand.size(), 5u);
    EXPECT_EQ(d.active(), 0);
    ok(d, 0, "play Fighter");
    ok(d, 0, "play Talker");
    ok(d, 0, "end");
    EXPECT_EQ(d.active(), 1);
    EXPECT_EQ(d.side(1).mind, 5);  // one: nothing in play, the minimum
    ok(d, 1, "end");
    EXPECT_EQ(d.side(0).mind, 5);  // 3, and 2 for two cards in play
    EXPECT_EQ(d.side(0).hand.size(), 5u);
}

TEST(AdventurerDuel, MindStopsAtTen) {
    Duel d = duel({"Blank", "Blank", "Blank", "Blank", "Blank", "Blank"}, {});
    for (int i = 0; i < 6; ++i) ok(d, 0, "play Blank");
    for (int t = 0; t < 4; ++t) {
        ok(d, d.active(), "end");
    }
    EXPECT_EQ(d.side(0).mind, 10);
}

// ---- Needs and Fills ----

TEST(AdventurerDuel, NeedsMustBeMet) {
    Duel d = duel({"Banner", "Fighter", "Fighter"}, {});
    EXPECT_NE(d.act(0, "play Banner").find("needs 2 Fighter (you have 0)"), std::string::npos);
    ok(d, 0, "play Fighter");
    EXPECT_NE(d.act(0, "play Banner").find("(you have 1)"), std::string::npos);
    ok(d, 0, "play Fighter");
    ok(d, 0, "play Banner");
    EXPECT_EQ(d.mod(0, Mod::Attack), 4);
}

TEST(AdventurerDuel, AFilledSlotIsReplacedAndTheOldCardDiscarded) {
    Duel d = duel({"Helm", "Iron Helm", "Dagger", "Club", "Club", "Fighter"}, {});
    ok(d, 0, "play Helm");
    ok(d, 0, "play Iron Helm");  // one head: Helm goes
    EXPECT_FALSE(in_play(d, 0, "Helm"));
    EXPECT_EQ(d.side(0).discard, std::vector<int>{id("Helm")});
    EXPECT_EQ(d.mod(0, Mod::Defence), 2);
    ok(d, 0, "play Dagger");
    ok(d, 0, "play Club");  // two hands: both fit
    const std::string why = d.act(0, "play Club");
    EXPECT_NE(why.find("hand slots are full (Dagger, Club)"), std::string::npos) << why;
    EXPECT_NE(why.find("play Club over Dagger"), std::string::npos) << why;
    ok(d, 0, "play Club over Dagger");
    EXPECT_FALSE(in_play(d, 0, "Dagger"));
    EXPECT_NE(d.act(0, "play Fighter over Club").find("no Club in a slot Fighter fills"),
              std::string::npos);
}

TEST(AdventurerDuel, ATwoHandedCardTakesBothHands) {
    Duel d = duel({"Fighter", "Fighter", "Dagger", "Club", "Greatsword"}, {});
    ok(d, 0, "play Fighter");
    ok(d, 0, "play Fighter");
    ok(d, 0, "play Dagger");
    ok(d, 0, "play Club");
    ok(d, 0, "play Greatsword");  // no choice left: both go
    EXPECT_FALSE(in_play(d, 0, "Dagger"));
    EXPECT_FALSE(in_play(d, 0, "Club"));
    EXPECT_EQ(d.attack_die(0), (Dice{2, 6, 0}));
}

TEST(AdventurerDuel, FourClassSlots) {
    Duel d = duel({"Fighter", "Fighter", "Talker", "Talker", "Fighter"}, {});
    for (const char* c : {"Fighter", "Fighter", "Talker", "Talker"})
        ok(d, 0, std::string("play ") + c);
    EXPECT_NE(d.act(0, "play Fighter").find("class slots are full"), std::string::npos);
    ok(d, 0, "play Fighter over Talker");
    EXPECT_EQ(d.symbols(0, "Fighter"), 3);
    EXPECT_EQ(d.symbols(0, "Talker"), 1);
}

TEST(AdventurerDuel, ACursedCardCannotBeDiscardedOrReplaced) {
    Duel d = duel({"Cursed Crown", "Helm", "Club"}, {});
    ok(d, 0, "play Cursed Crown");
    EXPECT_NE(d.act(0, "play Helm").find("cursed"), std::string::npos);
    EXPECT_NE(d.act(0, "discard Cursed Crown").find("cursed"), std::string::npos);
    EXPECT_TRUE(in_play(d, 0, "Cursed Crown"));
    ok(d, 0, "play Club");
    const int mind = d.side(0).mind;
    ok(d, 0, "discard Club");  // 1 Mind
    EXPECT_EQ(d.side(0).mind, mind - 1);
    EXPECT_EQ(d.side(0).discard, std::vector<int>{id("Club")});
}

TEST(AdventurerDuel, APlayCostsItsMind) {
    Duel d = duel({"Dagger", "Dagger", "Dagger", "Dagger"}, {});
    ok(d, 0, "play Dagger");
    ok(d, 0, "play Dagger");
    ok(d, 0, "play Dagger over Dagger");
    EXPECT_EQ(d.side(0).mind, 0);
    EXPECT_NE(d.act(0, "play Dagger over Dagger").find("costs 1 Mind; you have 0"),
              std::string::npos);
}

// ---- Actions, costs and effects ----

TEST(AdventurerDuel, EachActionOnceATurnAndItsCostsPaid) {
    Duel d = duel({"Bolt", "Focus Stone", "Will Stone", "Sacrifice"}, {});
    ok(d, 0, "play Bolt");
    ok(d, 0, "use Bolt");
    EXPECT_EQ(d.side(1).health, 17);
    EXPECT_EQ(d.side(0).mind, 2);
    EXPECT_NE(d.act(0, "use Bolt").find("once a turn"), std::string::npos);
    ok(d, 0, "play Focus Stone");
    ok(d, 0, "use Focus Stone");  // 1 Health: gain 3 Mind
    EXPECT_EQ(d.side(0).health, 19);
    EXPECT_EQ(d.side(0).mind, 5);
    ok(d, 0, "play Will Stone");
    const auto hand = d.side(0).hand.size();
    ok(d, 0, "use Will Stone");  // 2 Willpower: draw 2
    EXPECT_EQ(d.side(0).willpower, 18);
    EXPECT_EQ(d.side(0).hand.size(), hand + 2);
    ok(d, 0, "play Sacrifice");
    ok(d, 0, "use Sacrifice");  // discard this: damage 2
    EXPECT_FALSE(in_play(d, 0, "Sacrifice"));
    EXPECT_EQ(d.side(1).health, 15);
}

TEST(AdventurerDuel, ACostThatCannotBePaidIsRefused) {
    Duel d = duel({"Bolt", "Bolt", "Bolt", "Bolt"}, {});
    for (int i = 0; i < 3; ++i) ok(d, 0, "play Bolt");
    ok(d, 0, "use Bolt");
    ok(d, 0, "use Bolt");
    ok(d, 0, "use Bolt");
    EXPECT_EQ(d.side(0).mind, 0);
    ok(d, 0, "play Bolt");
    EXPECT_NE(d.act(0, "use Bolt").find("costs 1 Mind; you have 0"), std::string::npos);
}

TEST(AdventurerDuel, AConsumableIsConsumedThenDiscardedAtCleanUp) {
    Duel d = duel({"Potion", "Doom"}, {});
    ok(d, 0, "play Potion");
    ok(d, 0, "use Potion");
    EXPECT_TRUE(d.side(0).play.front().consumed);
    EXPECT_NE(d.act(0, "use Potion").find("consumed"), std::string::npos);
    ok(d, 0, "end");
    EXPECT_TRUE(d.side(0).play.empty());
    EXPECT_EQ(d.side(0).discard, std::vector<int>{id("Potion")});
}

TEST(AdventurerDuel, HealingStopsAtTwenty) {
    Duel d = duel({"Bolt"}, {"Potion"});
    ok(d, 0, "play Bolt");
    ok(d, 0, "use Bolt");
    ok(d, 0, "end");
    ok(d, 1, "play Potion");
    ok(d, 1, "use Potion");  // 17 + 5, no more than 20
    EXPECT_EQ(d.side(1).health, 20);
}

TEST(AdventurerDuel, MindDrawDiscardLookAndCounterEffects) {
    Duel d = duel({"Leech", "Thief", "Spyglass", "Drill", "Herald"}, {"Club", "Helm", "Bolt"});
    ok(d, 0, "play Leech");
    ok(d, 0, "use Leech");
    EXPECT_EQ(d.side(1).mind, 2);
    ok(d, 0, "play Thief");
    ok(d, 0, "use Thief");
    EXPECT_EQ(d.side(1).hand.size(), 4u);
    EXPECT_EQ(d.side(1).discard.size(), 1u);
    ok(d, 0, "play Spyglass");
    (void)d.take_events();
    ok(d, 0, "use Spyglass");
    const auto ev = d.take_events();
    EXPECT_NE(all_text(ev, 0).find("@1's hand:"), std::string::npos);
    EXPECT_NE(all_text(ev, 0).find("the top of your deck: Blank, Blank"), std::string::npos);
    EXPECT_EQ(all_text(ev, -1).find("'s hand:"), std::string::npos) << "the hand is private";
    EXPECT_EQ(all_text(ev, 1), "");
    ok(d, 0, "play Drill");
    ok(d, 0, "use Drill");
    EXPECT_EQ(d.mod(0, Mod::Attack), 2);
    const auto hand = d.side(0).hand.size();
    ok(d, 0, "play Herald");                 // play = draw 1, after the window
    EXPECT_EQ(d.side(0).hand.size(), hand);  // one played, one drawn
}

TEST(AdventurerDuel, DieUpgradesLastTheTurn) {
    Duel d = duel({"Rage", "Song"}, {});
    ok(d, 0, "play Rage");
    ok(d, 0, "play Song");
    EXPECT_EQ(d.attack_die(0), (Dice{1, 1, 0}));
    ok(d, 0, "use Rage");
    ok(d, 0, "use Song");
    EXPECT_EQ(d.attack_die(0), (Dice{1, 12, 0}));
    EXPECT_EQ(d.parley_die(0), (Dice{1, 10, 0}));
    ok(d, 0, "end");
    EXPECT_EQ(d.attack_die(0), (Dice{1, 1, 0}));
    EXPECT_EQ(d.parley_die(0), (Dice{1, 1, 0}));
}

// ---- Dice ----

TEST(AdventurerDuel, RollsStayInRangeAndReachBothEnds) {
    std::set<int> seen;
    for (std::uint64_t deal = 1; deal < 200; ++deal) {
        Duel d = duel({"Curse"}, {}, 40, 40, deal);
        ok(d, 0, "play Curse");
        (void)d.take_events();
        ok(d, 0, "use Curse");  // 1d4+1 Willpower
        const int lost = 20 - d.side(1).willpower;
        ASSERT_GE(lost, 2);
        ASSERT_LE(lost, 5);
        seen.insert(lost);
        EXPECT_NE(all_text(d.take_events()).find("1d4+1 rolls"), std::string::npos);
    }
    EXPECT_EQ(seen, (std::set<int>{2, 3, 4, 5}));
}

TEST(AdventurerDuel, TheSameDealGivesTheSameDuel) {
    const auto play = [](std::uint64_t deal) {
        std::array<std::vector<int>, 2> decks;
        for (int i = 0; i < 40; ++i) {
            decks[0].push_back(id(i % 2 ? "Bolt" : "Curse"));
            decks[1].push_back(id(i % 3 ? "Guard" : "Potion"));
        }
        Duel d(set(), decks, deal);
        std::string log;
        for (int n = 0; n < 400 && !d.finished(); ++n) {
            const int w = d.awaited();
            raw(d, w, computer_action(d, w));
            log += all_text(d.take_events());
        }
        return log;
    };
    EXPECT_EQ(play(7), play(7));
    EXPECT_NE(play(7), play(8));
}

// ---- The encounter step ----

TEST(AdventurerDuel, ASimpleAttackIsDieAndAttackLessDefenceNeverAHeal) {
    Duel d = duel({"Fighter", "Dagger"}, {"Dwarf", "Helm", "Iron Helm"});
    ok(d, 0, "play Fighter");
    ok(d, 0, "attack");  // 1d1 + 1 - 0
    EXPECT_EQ(d.side(1).health, 18);
    EXPECT_EQ(d.active(), 1);
    ok(d, 1, "play Dwarf");
    ok(d, 1, "play Iron Helm");
    ok(d, 1, "end");
    ok(d, 0, "attack");  // 1 + 1 - 3: nothing, never a gain
    EXPECT_EQ(d.side(1).health, 18);
}

TEST(AdventurerDuel, ASimpleParleyIsDieAndCharismaLessTheirs) {
    Duel d = duel({"Talker", "Song"}, {"Talker"});
    ok(d, 0, "play Talker");
    ok(d, 0, "parley");  // 1 + 1 - 0
    EXPECT_EQ(d.side(1).willpower, 18);
    ok(d, 1, "play Talker");
    ok(d, 1, "parley");  // 1 + 1 - 1
    EXPECT_EQ(d.side(0).willpower, 19);
}

TEST(AdventurerDuel, AnEncounterActionIsTheEncounterStepOnly) {
    Duel d = duel({"Lance", "Guard"}, {"Lance"});
    ok(d, 0, "play Lance");
    ok(d, 0, "end");
    ok(d, 1, "play Lance");
    ok(d, 1, "use Lance");  // 1d8+2: 3 to 10
    EXPECT_EQ(d.active(), 0);
    EXPECT_GE(d.side(0).health, 10);
    EXPECT_LE(d.side(0).health, 17);
}

TEST(AdventurerDuel, SkipEncounterStopsTheNextEncounterStep) {
    Duel d = duel({"Sleep"}, {});
    ok(d, 0, "play Sleep");
    ok(d, 0, "use Sleep");
    ok(d, 0, "end");
    EXPECT_NE(d.act(1, "attack").find("skipped"), std::string::npos);
    EXPECT_NE(d.act(1, "parley").find("skipped"), std::string::npos);
    ok(d, 1, "end");
    ok(d, 0, "end");
    ok(d, 1, "attack");  // the turn after: as usual
}

// ---- The response stack ----

TEST(AdventurerDuel, AnswersStackAndResolveLastInFirstOut) {
    // Side 0's Bolt (3 damage) is answered by side 1's Guard (negate up to 3), which side 0
    // answers with Leech (drain 2 Mind). Leech resolves first, then Guard, then Bolt.
    Duel d = duel({"Bolt", "Leech"}, {"Guard"});
    ok(d, 0, "end");
    ok(d, 1, "play Guard");
    ok(d, 1, "end");
    ok(d, 0, "play Bolt");
    ok(d, 0, "play Leech");
    raw(d, 0, "use Bolt");
    ASSERT_TRUE(d.window_open());
    EXPECT_EQ(d.responder(), 1);
    EXPECT_EQ(d.awaited(), 1);
    EXPECT_NE(d.act(0, "use Leech").find("answer to give"), std::string::npos);
    raw(d, 1, "use Guard");
    ASSERT_TRUE(d.window_open());
    EXPECT_EQ(d.responder(), 0);
    EXPECT_EQ(d.stack().size(), 2u);
    (void)d.take_events();
    const int mind = d.side(1).mind;
    raw(d, 0, "use Leech");  // side 1 has nothing left to answer with: all resolve
    EXPECT_FALSE(d.window_open());
    const std::string log = all_text(d.take_events(), -1);
    const auto leech = log.find("Leech:");
    const auto guard = log.find("Guard:");
    const auto bolt = log.find("Bolt:");
    ASSERT_NE(leech, std::string::npos);
    EXPECT_LT(leech, guard);
    EXPECT_LT(guard, bolt);
    EXPECT_EQ(d.side(1).health, 20) << "Guard, resolved before Bolt, negated it";
    EXPECT_EQ(d.side(1).mind, mind - 2);
    EXPECT_EQ(d.active(), 0) << "the main step goes on";
}

TEST(AdventurerDuel, APassResolvesTheStackAndAWindowOnlyOpensForAnAnswer) {
    Duel d = duel({"Bolt", "Club"}, {"Guard"});
    raw(d, 0, "play Club");
    EXPECT_FALSE(d.window_open()) << "side 1 has nothing to answer with";
    raw(d, 0, "end");
    raw(d, 1, "play Guard");
    raw(d, 1, "end");
    raw(d, 0, "play Bolt");
    ASSERT_TRUE(d.window_open());  // Guard could answer the Bolt coming into play
    EXPECT_NE(d.act(1, "attack").find("answer with use CARD"), std::string::npos);
    raw(d, 1, "pass");
    raw(d, 0, "use Bolt");
    ASSERT_TRUE(d.window_open());
    raw(d, 1, "pass");
    EXPECT_FALSE(d.window_open());
    EXPECT_EQ(d.side(1).health, 17);
}

TEST(AdventurerDuel, AnEncounterActionIsNoAnswer) {
    Duel d = duel({"Bolt"}, {"Lance", "Guard"});
    ok(d, 0, "end");
    ok(d, 1, "play Lance");
    ok(d, 1, "play Guard");
    ok(d, 1, "end");
    raw(d, 0, "play Bolt");
    ASSERT_TRUE(d.window_open());
    EXPECT_NE(d.act(1, "use Lance").find("not an answer"), std::string::npos);
}

TEST(AdventurerDuel, AGuardAnswersAnAttack) {
    Duel d = duel({"Fighter"}, {"Guard"});
    ok(d, 0, "end");
    ok(d, 1, "play Guard");
    ok(d, 1, "end");
    ok(d, 0, "play Fighter");
    raw(d, 0, "attack");  // 2 damage
    ASSERT_TRUE(d.window_open());
    raw(d, 1, "use Guard");
    EXPECT_EQ(d.side(1).health, 20);
    EXPECT_EQ(d.active(), 1) << "the encounter ended the turn";
}

// ---- End conditions ----

TEST(AdventurerDuel, NoHealthAtTheEndOfATurnLoses) {
    Duel d = duel({"Doom"}, {});
    ok(d, 0, "play Doom");
    ok(d, 0, "use Doom");
    EXPECT_FALSE(d.finished()) << "only at the end of the turn";
    ok(d, 0, "end");
    EXPECT_TRUE(d.finished());
    EXPECT_EQ(d.winner(), 0);
    EXPECT_NE(d.end_reason().find("no Health left"), std::string::npos);
}

TEST(AdventurerDuel, NoWillpowerAtTheEndOfATurnLoses) {
    Duel d = duel({"Despair"}, {});
    ok(d, 0, "play Despair");
    ok(d, 0, "use Despair");
    ok(d, 0, "end");
    EXPECT_EQ(d.winner(), 0);
    EXPECT_NE(d.end_reason().find("no Willpower left"), std::string::npos);
}

TEST(AdventurerDuel, HealedBeforeTheEndOfTheTurnPlaysOn) {
    // An answer resolves first: Mend in answer to Doom heals nothing, then Doom takes all.
    Duel d = duel({"Doom"}, {"Mend"});
    ok(d, 0, "end");
    ok(d, 1, "play Mend");
    ok(d, 1, "end");
    ok(d, 0, "play Doom");
    raw(d, 0, "use Doom");
    raw(d, 1, "use Mend");
    EXPECT_EQ(d.side(1).health, 0);
    ok(d, 0, "end");
    EXPECT_TRUE(d.finished());
    // Mend kept for side 0's next move: at 0 Health mid-turn, healed before its end.
    Duel e = duel({"Doom"}, {"Mend"});
    ok(e, 0, "end");
    ok(e, 1, "play Mend");
    ok(e, 1, "end");
    ok(e, 0, "play Doom");
    raw(e, 0, "use Doom");
    raw(e, 1, "pass");
    EXPECT_EQ(e.side(1).health, 0);
    raw(e, 0, "play Blank");
    raw(e, 1, "use Mend");
    EXPECT_EQ(e.side(1).health, 20);
    ok(e, 0, "end");
    EXPECT_FALSE(e.finished());
}

TEST(AdventurerDuel, BothOutAtOnceIsADraw) {
    Duel d = duel({"Martyr"}, {});
    ok(d, 0, "play Martyr");
    ok(d, 0, "use Martyr");  // 20 Health of one's own for 20 of the other's
    EXPECT_EQ(d.side(0).health, 0);
    EXPECT_EQ(d.side(1).health, 0);
    ok(d, 0, "end");
    EXPECT_TRUE(d.finished());
    EXPECT_EQ(d.winner(), -1);
}

TEST(AdventurerDuel, AnEmptyDeckAndNoCardPlayedLoses) {
    Duel d = duel({"Club"}, {}, 6, 40);
    EXPECT_TRUE(d.side(0).deck.empty());
    ok(d, 0, "play Club");
    ok(d, 0, "end");
    EXPECT_FALSE(d.finished()) << "a card was played";
    ok(d, 1, "end");
    ok(d, 0, "end");
    EXPECT_TRUE(d.finished());
    EXPECT_EQ(d.winner(), 1);
    EXPECT_NE(d.end_reason().find("no cards left to draw and played none"), std::string::npos);
}

TEST(AdventurerDuel, ADrawOfferedAndAccepted) {
    Duel d = duel({}, {});
    ok(d, 0, "draw");
    EXPECT_EQ(d.draw_offer(), 0);
    EXPECT_NE(d.act(0, "draw").find("already"), std::string::npos);
    ok(d, 1, "draw");  // out of turn: a draw is accepted any time
    EXPECT_TRUE(d.finished());
    EXPECT_EQ(d.winner(), -1);
}

TEST(AdventurerDuel, ADrawOfferLapsesWhenTheOtherPlaysOn) {
    Duel d = duel({}, {});
    ok(d, 0, "end");
    ok(d, 0, "draw");
    ok(d, 1, "end");  // plays on
    EXPECT_EQ(d.draw_offer(), -1);
    ok(d, 1, "draw");
    EXPECT_FALSE(d.finished());
}

TEST(AdventurerDuel, GivingUp) {
    Duel d = duel({}, {});
    d.concede(0);
    EXPECT_TRUE(d.finished());
    EXPECT_EQ(d.winner(), 1);
    EXPECT_NE(d.act(1, "end").find("over"), std::string::npos);
}

TEST(AdventurerDuel, OutOfTurnAndUnknownCommandsChangeNothing) {
    Duel d = duel({"Club"}, {"Club"});
    EXPECT_NE(d.act(1, "play Club").find("@0's turn"), std::string::npos);
    EXPECT_NE(d.act(0, "fly").find("unknown command"), std::string::npos);
    EXPECT_NE(d.act(0, "play Dragon").find("no Dragon in your hand"), std::string::npos);
    EXPECT_NE(d.act(0, "use Club").find("no Club in play"), std::string::npos);
    EXPECT_NE(d.act(0, "pass").find("nothing to answer"), std::string::npos);
    EXPECT_NE(d.act(5, "end").find("no such seat"), std::string::npos);
    EXPECT_EQ(d.side(0).hand.size(), 6u);
}

// ---- A dead hand: cycle ----

TEST(AdventurerDuel, CycleSendsACardToTheBottomAndDrawsTheTop) {
    // Side 0's deck: the six it holds, then Club, Blank...
    Duel d = duel({"Banner", "Banner", "Banner", "Banner", "Banner", "Banner", "Club"}, {});
    const int mind = d.side(0).mind;
    const auto deck = d.side(0).deck.size();
    const auto legal = d.legal(0);
    EXPECT_NE(std::find(legal.begin(), legal.end(), "cycle Banner"), legal.end());
    ok(d, 0, "cycle banner");
    EXPECT_EQ(d.side(0).mind, mind - kCycleCost);
    EXPECT_EQ(d.side(0).deck.size(), deck);
    EXPECT_EQ(d.side(0).deck.back(), id("Banner"));
    EXPECT_EQ(std::count(d.side(0).hand.begin(), d.side(0).hand.end(), id("Club")), 1);
    EXPECT_EQ(std::count(d.side(0).hand.begin(), d.side(0).hand.end(), id("Banner")), 5);
    const auto ev = d.take_events();
    EXPECT_NE(all_text(ev, 0).find("you put Banner at the bottom of your deck and draw Club"),
              std::string::npos);
    // The other side is told a card was cycled, not which.
    EXPECT_EQ(all_text(ev, -1).find("Banner"), std::string::npos) << all_text(ev, -1);
    EXPECT_NE(all_text(ev, -1).find("@0 cycles a card"), std::string::npos);
    // Once a turn.
    EXPECT_NE(d.act(0, "cycle Banner").find("once a turn"), std::string::npos);
    const auto again = d.legal(0);
    EXPECT_EQ(std::find(again.begin(), again.end(), "cycle Banner"), again.end());
    ok(d, 0, "end");
    ok(d, 1, "end");
    ok(d, 0, "cycle Banner");  // a new turn, a new cycle
}

TEST(AdventurerDuel, CycleRefusalsSayWhy) {
    Duel d = duel({"Club", "Guard", "Guard"}, {"Bolt"}, 6, 40);
    EXPECT_NE(d.act(0, "cycle").find("cycle which card"), std::string::npos);
    EXPECT_NE(d.act(0, "cycle Dragon").find("no Dragon in your hand"), std::string::npos);
    EXPECT_NE(d.act(1, "cycle Bolt").find("@0's turn"), std::string::npos);
    // The deck is empty (six cards, all drawn): nothing to draw in its place.
    EXPECT_NE(d.act(0, "cycle Club").find("deck is empty"), std::string::npos);
    const auto legal = d.legal(0);
    EXPECT_TRUE(std::none_of(legal.begin(), legal.end(),
                             [](const std::string& c) { return c.rfind("cycle", 0) == 0; }));
    // No Mind.
    Duel e = duel({"Dagger", "Dagger", "Dagger", "Guard", "Guard"}, {"Bolt"});
    ok(e, 0, "play Dagger");
    ok(e, 0, "play Dagger");
    ok(e, 0, "play Dagger over Dagger");
    EXPECT_EQ(e.side(0).mind, 0);
    EXPECT_NE(e.act(0, "cycle Guard").find("costs 1 Mind; you have 0"), std::string::npos);
    // In an answer window: only answers.
    ok(e, 0, "end");
    ok(e, 1, "play Bolt");
    ok(e, 1, "end");
    raw(e, 0, "play Guard");
    ASSERT_TRUE(e.window_open());
    EXPECT_NE(e.act(1, "cycle Blank").find("answer with use CARD"), std::string::npos);
    EXPECT_NE(e.act(0, "cycle Guard").find("@1's answer"), std::string::npos);
}

TEST(AdventurerComputer, CyclesADeadHandAndPlaysWhatComes) {
    // Nothing but cards that need two Fighters, and no Fighter in play: the computer cycles
    // one away and plays the Fighter it draws.
    Duel d = duel({"Banner", "Banner", "Banner", "Banner", "Banner", "Banner", "Fighter"}, {});
    EXPECT_EQ(computer_action(d, 0), "cycle Banner");
    ok(d, 0, "cycle Banner");
    EXPECT_EQ(computer_action(d, 0), "play Fighter");
    ok(d, 0, "play Fighter");
    const std::string next = computer_action(d, 0);
    EXPECT_TRUE(next == "attack" || next == "parley" || next == "end") << next;
}

// ---- Draw offers ----

// Side 0 harms side 1 and side 1 cannot harm back: Talker and Dwarf leave side 1's 1d1
// nothing against them.
Duel lopsided(std::size_t left1 = 40) {
    Duel d = duel({"Talker", "Dwarf", "Fighter"}, {"Blank", "Blank"}, 40, left1);
    ok(d, 0, "play Talker");
    ok(d, 0, "play Dwarf");
    ok(d, 0, "play Fighter");
    ok(d, 0, "parley");
    return d;
}

TEST(AdventurerComputer, OffersADrawWhenItCannotWin) {
    // Side 1's deck is empty once its hand is dealt and its first card drawn: nothing it
    // can draw will turn the duel.
    Duel d = lopsided(6);
    ASSERT_EQ(d.active(), 1);
    std::vector<std::string> said;
    for (int n = 0; n < 20 && d.active() == 1 && !d.finished(); ++n) {
        said.push_back(computer_action(d, 1));
        ok(d, 1, said.back());
        if (said.back() == "draw") {
            EXPECT_EQ(d.draw_offer(), 1);
        }
    }
    EXPECT_EQ(std::count(said.begin(), said.end(), "draw"), 1) << said.size();
    EXPECT_EQ(d.active(), 0);
    // Played on, the offer lapses; it is not made again at once.
    ok(d, 0, "parley");
    for (int n = 0; n < 20 && d.active() == 1 && !d.finished(); ++n) {
        const std::string c = computer_action(d, 1);
        EXPECT_NE(c, "draw");
        ok(d, 1, c);
    }
}

TEST(AdventurerComputer, NeverOffersADrawWhileTheDuelIsYoung) {
    // The same board with 35 cards left in each deck: behind today, side 1 may yet draw
    // what turns the duel (seen in play: an offer at turn 5 with every stat full).
    Duel d = lopsided();
    for (int turn = 0; turn < 6 && !d.finished(); ++turn) {
        for (int n = 0; n < 20 && d.active() == 1 && !d.finished(); ++n) {
            const std::string c = computer_action(d, 1);
            EXPECT_NE(c, "draw") << "turn " << turn;
            ok(d, 1, c);
        }
        if (d.active() == 0 && !d.finished()) ok(d, 0, "end");
    }
    EXPECT_GT(d.side(0).deck.size(), 5U);
}

TEST(AdventurerComputer, AcceptsADrawWhenLosing) {
    Duel d = lopsided();
    ok(d, 0, "draw");  // out of turn: the winner offers
    EXPECT_EQ(computer_action(d, 1), "draw");
    ok(d, 1, "draw");
    EXPECT_TRUE(d.finished());
    EXPECT_EQ(d.winner(), -1);
}

TEST(AdventurerComputer, DeclinesADrawWhenWinning) {
    Duel d = lopsided();
    ok(d, 1, "draw");  // the losing side offers
    ok(d, 1, "end");
    ASSERT_EQ(d.active(), 0);
    const std::string c = computer_action(d, 0);
    EXPECT_NE(c, "draw");
    ok(d, 0, c);
    EXPECT_EQ(d.draw_offer(), -1) << "it played on: the offer lapsed";
    EXPECT_FALSE(d.finished());
}

// ---- Answers in a window ----

TEST(AdventurerComputer, AnAnswerDoesNotSpendTheMindNextTurnsCardNeeds) {
    // Side 1 holds Bolt in play (1 Mind: damage 3 Health) and 5 Mind; next turn it gains 1.
    // With a Warhorse (6 Mind) in hand, a Bolt in answer would leave it 5 next turn: it
    // passes. With no such card it spends the Mind on harm.
    for (const char* keep : {"Warhorse", "Blank"}) {
        Duel d = duel({"Club"}, {"Bolt", keep});
        ok(d, 0, "end");
        ok(d, 1, "play Bolt");
        ok(d, 1, "end");
        raw(d, 0, "play Club");
        ASSERT_TRUE(d.window_open());
        ASSERT_EQ(d.side(1).mind, 5);
        const std::string c = computer_action(d, 1);
        EXPECT_EQ(c, std::string(keep) == "Warhorse" ? "pass" : "use Bolt") << keep;
    }
}
