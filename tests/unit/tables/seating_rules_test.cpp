// The seating's rules on tables built in memory, the shared ones
// (bot/tables/seating_rules.hpp) and each way's own (OpenTableRules, DuelRules): room in a
// channel, the one table a person holds waiting, joining, starting, leaving before the deal,
// who deals, and which challenge a person answers.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/seating_rules.hpp"
#include "bot/tables/way_duel.hpp"
#include "bot/tables/way_open.hpp"
#include "bot/tables/way_private.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using croupier::bot::CommandSpec;
using croupier::bot::DuelRules;
using croupier::bot::DuelSeating;
using croupier::bot::Game;
using croupier::bot::GameKind;
using croupier::bot::GameSetup;
using croupier::bot::OpenTableRules;
using croupier::bot::OpenTableSeating;
using croupier::bot::PrivateGames;
using croupier::bot::Seat;
using croupier::bot::Seating;
using croupier::bot::SeatingRules;
using croupier::bot::Table;
using Phase = Table::Phase;
using Left = SeatingRules::Left;

namespace {

// A kind with nothing but a title and a way of seating.
class Kind final : public GameKind {
  public:
    Kind(std::string title, std::unique_ptr<Seating> seating)
        : title_(std::move(title)), seating_(std::move(seating)) {}
    std::string name() const override { return "k"; }
    std::string title() const override { return title_; }
    std::vector<std::string> aliases() const override { return {}; }
    const std::vector<CommandSpec>& commands() const override { return none_; }
    std::string summary() const override { return ""; }
    const Seating& seating() const override { return *seating_; }
    std::unique_ptr<Game> create(const GameSetup&) const override { return nullptr; }

  private:
    std::string title_;
    std::unique_ptr<Seating> seating_;
    std::vector<CommandSpec> none_;
};

class SeatingRulesTest : public ::testing::Test {
  protected:
    SeatingRulesTest() {
        table_cfg.min_players = 2;
        table_cfg.max_players = 3;
        duel_cfg.min_players = duel_cfg.max_players = 2;
        cfg.limits.tables_per_channel = 2;
    }
    Table* add(const GameKind& kind, Phase phase, std::vector<std::string> people) {
        auto t = std::make_unique<Table>();
        t->kind = &kind;
        t->phase = phase;
        t->place = "#c";
        for (const auto& p : people) t->seats.push_back(Seat{"nick-" + p, p});
        if (!people.empty()) t->opener_key = people.front();
        tables.push_back(std::move(t));
        here.push_back(tables.back().get());
        return here.back();
    }
    // The tables here of a way: the duels, or the open tables (each way asks its own rules
    // about its own tables).
    std::vector<Table*> duels() const {
        std::vector<Table*> out;
        for (Table* t : here)
            if (t->kind == &duel) out.push_back(t);
        return out;
    }
    std::vector<Table*> opens() const {
        std::vector<Table*> out;
        for (Table* t : here)
            if (t->kind != &duel) out.push_back(t);
        return out;
    }

    croupier::config::Config cfg;
    croupier::config::TableConfig table_cfg, duel_cfg;
    Kind cards{"Cards", std::make_unique<OpenTableSeating>(table_cfg)};
    Kind other{"Other", std::make_unique<OpenTableSeating>(table_cfg)};
    Kind duel{"Duel", std::make_unique<DuelSeating>(duel_cfg)};
    Kind third{"Third", std::make_unique<OpenTableSeating>(table_cfg)};
    SeatingRules rules{cfg};
    OpenTableRules open_rules{cfg};
    DuelRules duel_rules{cfg};
    std::vector<std::unique_ptr<Table>> tables;
    std::vector<Table*> here;
};

TEST_F(SeatingRulesTest, OnlyGamesUnderWayTakeTheChannelsRoom) {
    add(cards, Phase::Joining, {"a"});
    add(duel, Phase::Joining, {"b"});
    EXPECT_TRUE(rules.room(here, cards));
    add(other, Phase::Playing, {"c", "d"});
    EXPECT_TRUE(rules.room(here, cards));
    add(duel, Phase::Playing, {"e", "f"});
    EXPECT_EQ(rules.room(here, cards).why(),
              "2 games are under way here, the most this channel allows");
    cfg.limits.tables_per_channel = 1;
    tables.pop_back();
    here.pop_back();
    EXPECT_EQ(rules.room(here, cards).why(), "An Other game is under way here");
}

TEST_F(SeatingRulesTest, AKindsOwnCapCountsOnlyItsGames) {
    duel_cfg.per_channel = 1;
    add(other, Phase::Playing, {"a", "b"});
    EXPECT_TRUE(rules.room(here, duel));
    add(duel, Phase::Playing, {"c", "d"});
    EXPECT_EQ(rules.room(here, duel).why(),
              "1 Duel duel is under way here, the most this channel "
              "allows");
}

TEST_F(SeatingRulesTest, APersonHoldsOneTableWaitingAndIsToldHowToGiveItUp) {
    Table* mine = add(cards, Phase::Joining, {"a", "b"});
    add(other, Phase::Playing, {"a", "c"});
    EXPECT_EQ(SeatingRules::waiting_of(here, "a"), mine);
    EXPECT_EQ(SeatingRules::waiting_of(here, "b"), nullptr);  // seated, not its opener
    auto no = open_rules.holds_one(*mine);                    // an Aside: told, not refused
    EXPECT_NE(no.text.find("a Cards table taking players"), std::string::npos) << no.text;
    EXPECT_NE(no.text.find("!start deals it, !leave gives up your seat"), std::string::npos);
    mine->ready = true;
    EXPECT_NE(open_rules.holds_one(*mine).text.find("waits for a game to end"), std::string::npos);

    Table* challenge = add(duel, Phase::Joining, {"d"});
    challenge->challenged = "eve";
    challenge->challenged_nick = "Eve";
    EXPECT_NE(duel_rules.holds_one(*challenge).text.find("challenge open here (to Eve)"),
              std::string::npos);
    // Opening another table while holding one: the rules of open tables let it through, and
    // the one held answers (told, not refused).
    EXPECT_TRUE(go_ahead(open_rules.may_open(opens(), third, "a", nullptr)));
    EXPECT_FALSE(open_rules.holds_one(*SeatingRules::waiting_of(here, "a")).text.empty());
}

TEST_F(SeatingRulesTest, OpeningIsRefusedWhileTheKindIsOpenOrUnderWayHere) {
    Table* open = add(cards, Phase::Joining, {"a"});
    auto no = open_rules.may_open(opens(), cards, "z", open);
    ASSERT_TRUE(no.is_refusal());
    EXPECT_EQ(no.why(), "A Cards table is already open here: type !join to sit down.");
    here.clear();
    add(cards, Phase::Playing, {"a", "b"});
    EXPECT_EQ(open_rules.may_open(opens(), cards, "z", nullptr).why(),
              "A Cards game is under way here; wait for it to end (see !table).");
    EXPECT_EQ(open_rules.may_open(opens(), cards, "a", nullptr).why(),
              "You are already playing Cards here; finish that game first.");
    EXPECT_TRUE(go_ahead(open_rules.may_open(opens(), other, "z", nullptr)));
    EXPECT_EQ(open_rules.open_args(cards, "please").why(),
              "Usage: !k or !k bot (with a computer player).");
    EXPECT_TRUE(go_ahead(open_rules.open_args(cards, "bot")));
    table_cfg.computer_players = false;
    EXPECT_EQ(open_rules.open_args(cards, "bot").why(), "Computer players are turned off here.");
}

TEST_F(SeatingRulesTest, JoiningFindsTheNewestOpenTableAndRefusesWhatCannotBe) {
    add(cards, Phase::Joining, {"a"});
    add(duel, Phase::Joining, {"d"});  // a challenge is answered, not joined
    Table* newest = add(other, Phase::Joining, {"b"});
    EXPECT_EQ(OpenTableRules::taking_players(opens(), nullptr), newest);
    EXPECT_EQ(OpenTableRules::taking_players(opens(), &cards), here.front());
    EXPECT_EQ(OpenTableRules::taking_players(opens(), &duel), nullptr);

    EXPECT_TRUE(go_ahead(open_rules.may_join(*newest, opens(), "z")));
    EXPECT_EQ(open_rules.may_join(*newest, opens(), "b").why(),
              "You are already at the table; the opener can !start.");
    newest->seats.push_back(Seat{"y", "y"});
    newest->seats.push_back(Seat{"x", "x"});
    EXPECT_EQ(open_rules.may_join(*newest, opens(), "z").why(), "The table is full (3 players).");
    EXPECT_EQ(open_rules.may_add_computer(*newest).why(), "The table is full (3 players).");
    Table* playing = add(cards, Phase::Playing, {"p", "q"});
    EXPECT_EQ(open_rules.may_join(*playing, opens(), "p").why(), "You are already playing here.");
    EXPECT_EQ(open_rules.may_join(*playing, opens(), "z").why(),
              "A game is under way here; you can join the next one.");
    // Seated in a game of the same kind here: not at its open table too.
    EXPECT_EQ(open_rules.may_join(*here.front(), opens(), "p").why(),
              "You are already playing Cards here; finish that game first.");
}

TEST_F(SeatingRulesTest, OnlyTheOpenerStartsAndOnlyWithEnoughPlayers) {
    Table* t = add(cards, Phase::Joining, {"a"});
    EXPECT_EQ(open_rules.may_start(*t, "a").why(),
              "Cards needs at least 2 players; 1 sits. Others can !join, or add a computer "
              "player with !bot.");
    t->seats.push_back(SeatingRules::computer_seat(1));
    EXPECT_TRUE(go_ahead(open_rules.may_start(*t, "a")));
    EXPECT_NE(open_rules.may_start(*t, "b").why().find("Only the player who opened"),
              std::string::npos);
    t->ready = true;
    auto waits = open_rules.may_start(*t, "a");
    ASSERT_TRUE(waits && *waits);  // an Aside, not a mistake: it is dealt when a game ends
    t->phase = Phase::Playing;
    EXPECT_EQ(open_rules.may_start(*t, "a").why(), "The game is already under way.");
}

TEST_F(SeatingRulesTest, TheLastWinnerDealsIfSeatedElseTheOpener) {
    Table* t = add(cards, Phase::Joining, {"a", "b", "c"});
    EXPECT_EQ(OpenTableRules::dealer(*t, ""), 0);
    EXPECT_EQ(OpenTableRules::dealer(*t, "c"), 2);
    EXPECT_EQ(OpenTableRules::dealer(*t, "gone"), 0);
    t->opener_key = "b";
    EXPECT_EQ(OpenTableRules::dealer(*t, "gone"), 1);
}

TEST_F(SeatingRulesTest, LeavingBeforeTheDealPassesTheTableOnOrClosesIt) {
    Table* t = add(cards, Phase::Joining, {"a", "b"});
    t->seats.insert(t->seats.begin() + 1, SeatingRules::computer_seat(1));
    t->pending_joins = {"nick-a", "nick-b"};
    EXPECT_EQ(SeatingRules::leave(*t, 0, "nick-a"), Left::Stays);
    EXPECT_EQ(t->opener_key, "b");  // the first person left, not the computer
    EXPECT_EQ(t->pending_joins, std::vector<std::string>{"nick-b"});
    EXPECT_EQ(SeatingRules::leave(*t, t->seat_of("b"), "nick-b"), Left::Empty);

    Table* ready = add(cards, Phase::Joining, {"c", "d"});
    ready->ready = true;
    EXPECT_EQ(SeatingRules::leave(*ready, 1, "nick-d"), Left::Reopens);
    EXPECT_FALSE(ready->ready);
    EXPECT_EQ(ready->opener_key, "c");
    // (A duel accepted and waiting is called off instead: Duels::leave_waiting.)
}

TEST_F(SeatingRulesTest, AChallengeToOnesNickIsAnsweredBeforeOneToAnyone) {
    Table* anyone = add(duel, Phase::Joining, {"a"});
    Table* to_bob = add(duel, Phase::Joining, {"c"});
    to_bob->challenged = "bob";
    EXPECT_EQ(DuelRules::answerable(duels(), "b", "bob", nullptr), to_bob);
    EXPECT_EQ(DuelRules::answerable(duels(), "x", "xavier", nullptr), anyone);
    EXPECT_EQ(DuelRules::answerable(duels(), "a", "alice", nullptr), nullptr);  // one's own
    EXPECT_EQ(DuelRules::answerable(duels(), "b", "bob", &cards), nullptr);
    to_bob->ready = true;  // accepted already, waiting for room
    EXPECT_EQ(DuelRules::answerable(duels(), "b", "bob", nullptr), anyone);
    EXPECT_EQ(DuelRules::in_a_duel(*anyone, "!duel", true),
              "You are already in a duel (Duel at #c); finish it first, or !duel cancel.");
    EXPECT_EQ(DuelRules::in_a_duel(*anyone, "", false),
              "You are already in a duel (Duel at #c); finish it first.");
}

TEST_F(SeatingRulesTest, OnesOwnChallengeIsFoundToWithdrawIt) {
    Table* open = add(cards, Phase::Joining, {"a"});
    Table* mine = add(duel, Phase::Joining, {"a"});
    EXPECT_EQ(OpenTableRules::taking_players(opens(), nullptr), open);
    EXPECT_EQ(DuelRules::own_challenge(duels(), "a", nullptr), mine);
    EXPECT_EQ(DuelRules::own_challenge(duels(), "a", &cards), nullptr);
    EXPECT_EQ(DuelRules::own_challenge(duels(), "b", nullptr), nullptr);
    mine->phase = Phase::Playing;
    EXPECT_EQ(DuelRules::own_challenge(duels(), "a", nullptr), nullptr);
}

TEST_F(SeatingRulesTest, PrivateGamesPerPerson) {
    EXPECT_TRUE(go_ahead(PrivateGames::may_open(cfg, 1)));
    EXPECT_EQ(PrivateGames::may_open(cfg, 2).why(),
              "You have 2 private games open, the most allowed here; finish or resign one "
              "first.");
    cfg.limits.private_games_per_person = 0;
    EXPECT_EQ(PrivateGames::may_open(cfg, 0).why(), "Private games are turned off here.");
}

TEST_F(SeatingRulesTest, AComputerSeatCannotBeAPersons) {
    const Seat s = SeatingRules::computer_seat(2);
    EXPECT_EQ(s.nick, "cpu#2");
    EXPECT_EQ(s.key, "*cpu#2");
    EXPECT_TRUE(s.computer);
}

}  // namespace
