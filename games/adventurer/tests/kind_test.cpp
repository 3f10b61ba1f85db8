// The adventurer kind as an operator configures it and as a player meets it without a duel:
// the built-in cards and decks, a bad card file refused at startup with the INI's line and
// the card file's line, `card`, `cards` and `deck`; and the computer player measured on the
// premade decks.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "bot/kinds/kinds.hpp"
#include "config/config.hpp"
#include "games/adventurer/ai.hpp"
#include "games/adventurer/duel.hpp"
#include "games/adventurer/kind/kind.hpp"

namespace {

const std::string kNet = "[network local]\nhost = 127.0.0.1\nchannels = #cards\n";

// This game's section alone, as the daemon reads it (bot/kinds/kinds.hpp): these tests link
// only this game's libraries.
std::vector<croupier::config::SectionSpec> specs() {
    return {croupier::bot::adventurer_section()};
}

std::shared_ptr<croupier::bot::GameKind> af_kind(const croupier::config::Config& cfg) {
    const auto it = cfg.games.find("adventurer");
    return croupier::bot::make_adventurer_kind(
        it != cfg.games.end() ? it->second
                              : croupier::config::defaults(croupier::bot::adventurer_section()));
}

const croupier::bot::AdventurerLibrary& builtin() {
    static const croupier::bot::AdventurerLibrary lib = [] {
        auto l = croupier::bot::load_adventurer_library("builtin", ".");
        EXPECT_TRUE(l) << l.why();
        return l ? *l : croupier::bot::AdventurerLibrary{};
    }();
    return lib;
}

}  // namespace

using namespace croupier::games::adventurer;

TEST(AdventurerKind, TheBuiltInSetHasWhatTheRulesAsk) {
    const auto& lib = builtin();
    EXPECT_GE(lib.set.size(), 60);
    int classes = 0, races = 0;
    std::set<Slot> slots;
    bool no_slot = false;
    int most_needed = 0;
    for (const auto& c : lib.set.cards()) {
        for (const auto& t : c.types) {
            classes += t == "Class";
            races += t == "Race";
        }
        for (auto s : c.fills) slots.insert(s);
        if (c.fills.empty()) no_slot = true;
        for (const auto& [sym, k] : c.needs) most_needed = std::max(most_needed, k);
    }
    EXPECT_EQ(classes, 4);
    EXPECT_EQ(races, 4);
    EXPECT_EQ(slots.size(), static_cast<std::size_t>(kSlots))
        << "every slot is filled by some card";
    EXPECT_TRUE(no_slot);
    EXPECT_EQ(most_needed, 4);
    ASSERT_GE(lib.decks.size(), 4u);
    for (const auto& d : lib.decks) EXPECT_EQ(check_deck(lib.set, d.cards), "") << d.name;
}

TEST(AdventurerKind, ABadCardFileStopsStartupNamingBothFiles) {
    const auto dir =
        std::filesystem::temp_directory_path() /
        ("af-bad-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "goblins.txt") << "[Goblin]\ntype = Minion\nfills = none\n"
                                          "action = 1 mind: bite 2\n";
    try {
        croupier::config::parse(kNet + "\n[adventurer]\ncards = builtin, " + dir.string() + "\n",
                                "croupier.ini", {}, specs());
        FAIL() << "a bad card file was accepted";
    } catch (const croupier::config::ConfigError& e) {
        EXPECT_EQ(e.line, 6);
        EXPECT_EQ(e.key, "adventurer.cards");
        const std::string what = e.what();
        EXPECT_NE(what.find((dir / "goblins.txt").string() + ":4: unknown effect `bite`"),
                  std::string::npos)
            << what;
        EXPECT_NE(what.find("(action = 1 mind: bite 2)"), std::string::npos) << what;
    }
    std::filesystem::remove_all(dir);
}

TEST(AdventurerKind, LookupsCardCardsDeckAndDecks) {
    const auto cfg = croupier::config::parse(kNet, "croupier.ini", {}, specs());
    auto k = af_kind(cfg);
    ASSERT_TRUE(k);
    const std::string card = k->lookup("card", "bastard", {})->lines.at(0);
    EXPECT_EQ(card.rfind("Bastard Sword (Weapon): 4 Mind, needs 2 Sellsword, fills hand, Attack "
                         "+1, Attack Die 1d8.",
                         0),
              0u)
        << card;
    EXPECT_NE(k->lookup("card", "Epic", {})
                  ->lines.at(0)
                  .find("Action: 2 Mind, Encounter: parley "
                        "with 3d4+1."),
              std::string::npos);
    EXPECT_NE(k->lookup("card", "Nothing Such", {}).why().find("no card \"Nothing Such\""),
              std::string::npos);
    // What was typed wrong is a refusal (said to the asker alone); an answer is not.
    EXPECT_TRUE(k->lookup("card", "Nothing Such", {}).is_refusal());
    EXPECT_TRUE(k->lookup("card", "", {}).is_refusal());
    EXPECT_FALSE(k->lookup("card", "bastard", {}).is_refusal());
    EXPECT_TRUE(k->lookup("cards", "dragons", {}).is_refusal());
    EXPECT_FALSE(k->lookup("cards", "", {}).is_refusal());
    EXPECT_NE(k->lookup("cards", "race", {})->lines.at(0).find("Race: Stoneborn (1),"),
              std::string::npos);
    EXPECT_NE(k->lookup("decks", "", {})->lines.at(0).find("Iron Company (Sellsword, Stoneborn)"),
              std::string::npos);
    // A deck saved, shown, refused, cleared.
    auto r = k->lookup("deck", "set silver tongues", {});
    ASSERT_TRUE(r && r->save);
    EXPECT_NE(k->lookup("deck", "", r->save)
                  ->lines.at(0)
                  .find("Your deck (Silver Tongues): 4 "
                        "Minstrel"),
              std::string::npos);
    r = k->lookup("deck", "set 5 Sellsword, 35 Rusty Blade", {});
    EXPECT_TRUE(r.is_refusal());
    EXPECT_NE(r.why().find("a count is 1 to 4"), std::string::npos) << r.why();
    r = k->lookup("deck", "set 4 Sellsword, 4 Rusty Blade", {});
    EXPECT_TRUE(r.is_refusal());
    EXPECT_NE(r.why().find("a deck has 40 cards, this one 8"), std::string::npos);
    r = k->lookup("deck", "clear", {});
    ASSERT_TRUE(r && r->save);
    EXPECT_EQ(*r->save, "");
}

TEST(AdventurerComputer, BeatsARandomPlayerNineTimesInTen) {
    const auto& lib = builtin();
    const auto nd = lib.decks.size();
    int won = 0;
    const int n = 160;
    for (int i = 0; i < n; ++i) {
        const std::size_t a = static_cast<std::size_t>(i) % nd, b = (i / nd) % nd;
        Duel d(lib.set, {lib.decks[a].cards, lib.decks[b].cards}, 1000 + i);
        const int cpu = i % 2;
        std::uint64_t step = 0;
        while (!d.finished()) {
            const int s = d.awaited();
            const std::string c =
                s == cpu ? computer_action(d, s) : random_action(d, s, 77 * i + ++step);
            ASSERT_EQ(d.act(s, c), "") << c;
        }
        won += d.winner() == cpu;
    }
    EXPECT_GE(won, n * 9 / 10) << won << " of " << n;
}

TEST(AdventurerComputer, DecidesOnWhatItMaySeeOnly) {
    // Two duels alike but for the other side's cards, which it keeps in hand (it only ends
    // its turns): the computer's commands are the same in both.
    const auto& lib = builtin();
    const auto run = [&](std::size_t other) {
        Duel d = Duel::arranged(lib.set, {lib.decks[0].cards, lib.decks[other].cards}, 99);
        std::string log;
        for (int n = 0; n < 300 && !d.finished() && d.turn() < 16; ++n) {
            const int s = d.awaited();
            const std::string c = s == 0 ? computer_action(d, 0) : std::string("end");
            log += c + "\n";
            EXPECT_EQ(d.act(s, c), "");
        }
        return log;
    };
    const std::string a = run(1), b = run(2);
    EXPECT_GT(a.size(), 100u);
    EXPECT_EQ(a, b);
}

TEST(AdventurerKind, ADuelKeepsItsCardsWhateverTheOperatorLoadsLater) {
    // A duel dealt with the built-in set, restored by a daemon whose only cards are a
    // folder of one other card: it plays on with the cards it was dealt.
    const auto cfg = croupier::config::parse(kNet, "croupier.ini", {}, specs());
    auto builtin_kind = af_kind(cfg);
    ASSERT_TRUE(builtin_kind);
    croupier::bot::GameSetup setup;
    setup.players = {"ann", "ben"};
    setup.persons = {"h:ann", "h:ben"};
    setup.computer = {false, false};
    setup.deal_number = 42;
    builtin_kind->deal_options(setup);
    const auto original = builtin_kind->create(setup);

    const auto dir =
        std::filesystem::temp_directory_path() /
        ("af-other-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "one.txt") << "[Lone Pebble]\ntype = Item\nfills = none\n";
    std::ofstream(dir / "decks.txt") << "Pebbles: 4 Lone Pebble\n";
    // A premade deck that breaks the deck rules stops startup: four pebbles are no deck.
    EXPECT_THROW(croupier::config::parse(kNet + "[adventurer]\ncards = " + dir.string() + "\n",
                                         "croupier.ini", {}, specs()),
                 croupier::config::ConfigError);
    std::ofstream(dir / "decks.txt") << "Pebbles: 4 Lone Pebble, 4 Lone Pebble, 4 Lone Pebble\n";
    EXPECT_THROW(croupier::config::parse(kNet + "[adventurer]\ncards = " + dir.string() + "\n",
                                         "croupier.ini", {}, specs()),
                 croupier::config::ConfigError)
        << "a card thrice at 4 copies is 12 of one card";
    std::filesystem::remove(dir / "decks.txt");
    std::string list;
    for (int i = 0; i < 10; ++i)
        list += std::string(i ? ", " : "") + "4 Pebble " + std::to_string(i);
    std::ofstream more(dir / "more.txt");
    for (int i = 0; i < 10; ++i) more << "[Pebble " << i << "]\ntype = Item\nfills = none\n";
    more.close();
    std::ofstream(dir / "decks.txt") << "Pebbles: " << list << "\n";
    const auto other_cfg = croupier::config::parse(
        kNet + "[adventurer]\ncards = " + dir.string() + "\n", "croupier.ini", {}, specs());
    auto other_kind = af_kind(other_cfg);
    ASSERT_TRUE(other_kind);
    const auto restored = other_kind->create(setup);
    ASSERT_EQ(original->show_hand(0).size(), 1u);
    EXPECT_EQ(restored->show_hand(0).at(0).text, original->show_hand(0).at(0).text);
    EXPECT_EQ(restored->show_hand(0).at(0).text.find("Pebble"), std::string::npos);
    std::filesystem::remove_all(dir);
}

namespace {

// The card a "play NAME [over NAME]" command plays and the ids of the cards it would replace.
int replaced_by(const Duel& d, int s, const std::string& cmd, std::vector<int>& gone) {
    std::string name = cmd.substr(5), over;
    if (const auto at = name.find(" over "); at != std::string::npos) {
        over = name.substr(at + 6);
        name = name.substr(0, at);
    }
    const int c = d.set().find(name);
    gone.clear();
    EXPECT_GE(c, 0) << cmd;
    if (c >= 0) {
        EXPECT_EQ(d.can_play(s, c, over, &gone), "") << cmd;
    }
    return c;
}

// A card of `after` that `before` did not hold (as many times).
bool gained(std::vector<int> before, const std::vector<int>& after) {
    for (int c : after) {
        auto it = std::find(before.begin(), before.end(), c);
        if (it == before.end()) return true;
        before.erase(it);
    }
    return false;
}

}  // namespace

TEST(AdventurerComputer, TheHintDoesNotPlayIronShortswordToReplaceItWithTowerShield) {
    // The duel players saw: Stoneborn, Dented Helm, Oak Buckler and Padded Jerkin in play,
    // a Sellsword played this turn, Iron Shortsword, Squire and Tower Shield in hand, Mind
    // for all three. The hint said "play Iron Shortsword" and then "play Tower Shield over
    // Iron Shortsword": 2 Mind thrown away.
    const auto& lib = builtin();
    std::vector<int> mine;
    for (const char* n : {"Stoneborn", "Dented Helm", "Oak Buckler", "Padded Jerkin", "Sellsword",
                          "Iron Shortsword", "Squire", "Tower Shield"})
        mine.push_back(lib.set.find(n));
    while (mine.size() < 40) mine.push_back(lib.set.find("Healing Salve"));
    Duel d = Duel::arranged(lib.set, {mine, lib.decks[0].cards}, 7);
    const auto ok = [&](int s, const std::string& c) {
        ASSERT_EQ(d.act(s, c), "") << c;
        while (d.window_open()) ASSERT_EQ(d.act(d.responder(), "pass"), "");
    };
    for (const char* c : {"play Stoneborn", "play Dented Helm", "play Oak Buckler", "end", "end",
                          "play Padded Jerkin", "end", "end", "end", "end"})
        ok(d.active(), c);
    ASSERT_EQ(d.active(), 0);
    ASSERT_GE(d.side(0).mind, 8);
    ok(0, "play Sellsword");
    std::vector<std::string> hints;
    std::vector<int> this_turn;
    for (int n = 0; n < 10; ++n) {
        const std::string h = computer_action(d, 0);
        hints.push_back(h);
        if (h.rfind("play ", 0) != 0) break;
        std::vector<int> gone;
        replaced_by(d, 0, h, gone);
        for (int id : gone)
            EXPECT_EQ(std::find(this_turn.begin(), this_turn.end(), id), this_turn.end())
                << h << " replaces a card played this turn";
        ok(0, h);
        this_turn.push_back(d.side(0).play.back().id);
    }
    std::string said;
    for (const auto& h : hints) said += h + "; ";
    EXPECT_EQ(said.find("over Iron Shortsword"), std::string::npos) << said;
    bool shield = false;
    for (const auto& ip : d.side(0).play) shield |= lib.set.at(ip.card).name == "Tower Shield";
    EXPECT_TRUE(shield) << said;
}

TEST(AdventurerComputer, AHintFollowedNeverReplacesACardPlayedTheSameTurn) {
    // The computer's own choice is the hint: followed step by step, through many duels of
    // every deck against every deck, a card it played this turn is never replaced, unless a
    // card it did not know of came into its hand since (a draw, a cycle).
    const auto& lib = builtin();
    const auto nd = lib.decks.size();
    int plays = 0, replacing = 0;
    for (int i = 0; i < 96; ++i) {
        const std::size_t a = static_cast<std::size_t>(i) % nd, b = (i / nd) % nd;
        Duel d(lib.set, {lib.decks[a].cards, lib.decks[b].cards}, 4000 + i);
        int turn = -1;
        std::vector<int> fresh;  // ids the active side played this turn, no new card since
        for (int n = 0; n < 4000 && !d.finished(); ++n) {
            if (d.turn() != turn) {
                turn = d.turn();
                fresh.clear();
            }
            const int s = d.awaited();
            const int act = d.active();
            const std::string c = computer_action(d, s);
            const bool play = !d.window_open() && c.rfind("play ", 0) == 0;
            if (play) {
                std::vector<int> gone;
                replaced_by(d, s, c, gone);
                ++plays;
                replacing += !gone.empty();
                for (int id : gone)
                    EXPECT_EQ(std::find(fresh.begin(), fresh.end(), id), fresh.end())
                        << "duel " << i << " turn " << turn << ": " << c;
            }
            const std::vector<int> hand = d.side(act).hand;
            ASSERT_EQ(d.act(s, c), "") << c;
            if (play) fresh.push_back(d.side(s).play.back().id);
            if (gained(hand, d.side(act).hand)) fresh.clear();
        }
        EXPECT_TRUE(d.finished()) << "duel " << i;
    }
    EXPECT_GT(plays, 1000);
    EXPECT_GT(replacing, 20) << "duels in which cards are replaced at all";
}
