// SPDX-License-Identifier: GPL-3.0-or-later
// Spider: Encounters at the daemon (games/encounters/kind/kind.cpp): the enemy's abilities as the
// player reads them, and the rules an encounter keeps in its setup (issue 31).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "bot/kinds/kinds.hpp"
#include "bot/render.hpp"

using namespace croupier;
using namespace croupier::bot;

namespace {

std::unique_ptr<GameKind> kind() {
    return make_encounters_kind(config::defaults(encounters_section()));
}

GameSetup setup(std::uint64_t deal, const std::string& saved, bool today) {
    GameSetup s;
    s.players = {"alice", "the enemy"};
    s.persons = {"h:alice", ""};
    s.computer = {false, true};
    s.deal_number = deal;
    s.options["saved.0"] = saved;
    if (today) kind()->deal_options(s);
    return s;
}

struct Played {
    std::vector<std::pair<int, std::string>> journal;  // every action, by seat
    std::vector<std::string> said;                     // each action's lines, joined
    int enemy_abilities = 0;
};

// The encounter played to its end (or `limit` actions): the enemy by its computer player,
// the party by the table's filler (legal moves; a deal or a pass when none).
Played play(const GameSetup& s, int limit = 3000) {
    auto g = kind()->create(s);
    Played p;
    for (int n = 0; n < limit && !g->finished(); ++n) {
        const bool enemy = !g->awaited().empty();
        const int seat = enemy ? 1 : 0;
        std::string action = enemy ? g->computer_action(1) : g->filler_action(0, n * 7919ULL);
        if (action.empty()) action = "pass";
        const auto sp = action.find(' ');
        const std::string args = sp == std::string::npos ? "" : action.substr(sp + 1);
        Checked<Outcome> o = g->act(seat, action.substr(0, sp), args);
        if (!o && seat == 0) o = g->act(0, "pass", "");
        EXPECT_TRUE(o) << action << ": " << o.why();
        if (!o) break;
        std::string said;
        for (const auto& out : o->out) said += render::to_plain(out.text) + "\n";
        if (enemy) {
            EXPECT_LE(o->out.size(), 1u) << said;  // the enemy's moves: one line at most
            p.enemy_abilities += o->canonical.rfind("ability ", 0) == 0;
        }
        p.journal.emplace_back(seat, o->canonical);
        p.said.push_back(said);
    }
    return p;
}

// The journal played again into a game made from the same setup, as after a restart:
// every action accepted and saying what it said the first time.
void replays_the_same(const GameSetup& s, const Played& p) {
    auto g = kind()->create(s);
    for (std::size_t i = 0; i < p.journal.size(); ++i) {
        const auto& [seat, action] = p.journal[i];
        const auto sp = action.find(' ');
        const Checked<Outcome> o = g->act(seat, action.substr(0, sp),
                                          sp == std::string::npos ? "" : action.substr(sp + 1));
        ASSERT_TRUE(o) << i << " " << action << ": " << o.why();
        std::string said;
        for (const auto& out : o->out) said += render::to_plain(out.text) + "\n";
        ASSERT_EQ(said, p.said[i]) << i << " " << action;
    }
}

}  // namespace

TEST(EncountersAdapter, ANewEncounterKeepsItsRulesInItsSetup) {
    GameSetup s = setup(1, "xp=300", true);
    EXPECT_EQ(s.options["rules"], "2");
    // Written and read back as the games table keeps it.
    const auto back = GameSetup::deserialise(s.serialise());
    ASSERT_TRUE(back);
    EXPECT_EQ(back->options.at("rules"), "2");
}

TEST(EncountersAdapter, TheEnemysAbilitiesAreSaidInItsLineAndReplayAfterARestart) {
    // Level-3 parties meet goblins, wolves, bandits, cultists: over a few encounters the
    // enemy uses its abilities, each named in the line of its moves.
    int used = 0;
    for (std::uint64_t deal = 1; deal <= 6 && used == 0; ++deal) {
        const GameSetup s = setup(deal, "xp=300", true);
        const Played p = play(s);
        used += p.enemy_abilities;
        bool named = p.enemy_abilities == 0;
        for (const auto& said : p.said)
            named |= said.find(" uses Scurry: ") != std::string::npos ||
                     said.find(" uses Frenzy: ") != std::string::npos ||
                     said.find(" uses Cutpurse: ") != std::string::npos ||
                     said.find(" uses Dark rite: ") != std::string::npos;
        EXPECT_TRUE(named) << "deal " << deal;
        replays_the_same(s, p);
    }
    EXPECT_GT(used, 0);
}

TEST(EncountersAdapter, AnEncounterSavedBeforeTheEnemiesHadAbilitiesGoesOnWithout) {
    // A setup without "rules" (written before issue 31): the enemy uses no ability, refuses
    // one if its journal held it, and the journal replays as it was played.
    for (std::uint64_t deal = 1; deal <= 3; ++deal) {
        const GameSetup s = setup(deal, "xp=300", false);
        EXPECT_EQ(s.options.count("rules"), 0u);
        const Played p = play(s);
        EXPECT_EQ(p.enemy_abilities, 0) << "deal " << deal;
        replays_the_same(s, p);
    }
    auto g = kind()->create(setup(2, "xp=300", false));
    while (g->awaited().empty() && !g->finished()) ASSERT_TRUE(g->act(0, "pass", ""));
    EXPECT_EQ(g->act(1, "ability", "scurry 1").why(), "Enemies have no abilities.");
}
