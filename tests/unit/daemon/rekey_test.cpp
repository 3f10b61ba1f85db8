// bot/rekey: the persons split by the old rule, moved to today's keys (issue 32).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/rekey.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "bot/game.hpp"

namespace croupier::bot {
namespace {

using storage::PersonRow;

PersonRow row(const std::string& key, const std::string& nick, const std::string& userhost,
              const std::string& account = "") {
    return PersonRow{key, nick, nick, account, userhost, 100};
}

const GuestHost kNobody = [](const std::string&) { return false; };
// The gateway's people are guests: "*@gateway/web/*".
const GuestHost kGateway = [](const std::string& userhost) {
    return userhost.find("@gateway/web/") != std::string::npos;
};

TEST(Rekey, AnAccountStays) {
    EXPECT_EQ(rekeyed(row("a:alice", "al", "a@x", "Alice"), kNobody), "a:alice");
    EXPECT_EQ(rekeyed(row("a:alice", "al", "a@gateway/web/1", "Alice"), kGateway), "a:alice");
}

TEST(Rekey, TheOldRuleGoesByUserAndHost) {
    EXPECT_EQ(rekeyed(row("h:nx!~nx@127.0.0.1", "nx_away", "~nx@127.0.0.1"), kNobody),
              "h:~nx@127.0.0.1");
    EXPECT_EQ(rekeyed(row("h:nx!~nx@127.0.0.1#2", "nx", "~nx@127.0.0.1"), kNobody),
              "h:~nx@127.0.0.1");
    // The host in lower case, whatever the row says; the user as it is.
    EXPECT_EQ(rekeyed(row("h:nx!Nx@example.org", "nx", "Nx@Example.ORG"), kNobody),
              "h:Nx@example.org");
    // A row without its user@host (never written so): the key's own.
    EXPECT_EQ(rekeyed(row("h:nx!u@host.example#3", "nx", ""), kNobody), "h:u@host.example");
}

TEST(Rekey, AGuestIsToldApartByTheNickFirstSeen) {
    EXPECT_EQ(
        rekeyed(row("h:nx!u@gateway/web/1.2.3.4", "nx_away", "u@gateway/web/1.2.3.4"), kGateway),
        "g:nx!u@gateway/web/1.2.3.4");
    EXPECT_EQ(rekeyed(row("h:nx!u@gateway/web/1.2.3.4#2", "nx", "u@gateway/web/1.2.3.4"), kGateway),
              "g:nx!u@gateway/web/1.2.3.4#2");
    // Still a guest: stays.
    EXPECT_EQ(rekeyed(row("g:nx!u@gateway/web/1#2", "other", "u@gateway/web/1"), kGateway),
              "g:nx!u@gateway/web/1#2");
    // No longer a guest host (the operator took it off the list): by user@host.
    EXPECT_EQ(rekeyed(row("g:nx!u@gateway/web/1#2", "other", "u@gateway/web/1"), kNobody),
              "h:u@gateway/web/1");
}

TEST(Rekey, AHostThatBecameAGatewaySplitsByTheNickNow) {
    EXPECT_EQ(rekeyed(row("h:u@gateway/web/1", "dk2", "u@gateway/web/1"), kGateway),
              "g:dk2!u@gateway/web/1");
    EXPECT_EQ(rekeyed(row("h:u@host.example", "dk2", "u@host.example"), kGateway),
              "h:u@host.example");
}

TEST(Rekey, TodaysKeysAndLegacyKeysStay) {
    for (const auto& r : {row("h:u@host.example", "x", "u@host.example"), row("l:nx", "nx", ""),
                          row("*cpu#1", "cpu#1", ""), row("", "", "")})
        EXPECT_EQ(rekeyed(r, kNobody), r.key);
}

TEST(Rekey, ItIsIdempotent) {
    for (const GuestHost& guest : {kNobody, kGateway})
        for (const auto& r : {row("h:nx!u@gateway/web/9#2", "nx", "u@gateway/web/9"),
                              row("h:nx!u@x.example", "nx", "u@x.example"),
                              row("h:u@gateway/web/9", "nx", "u@gateway/web/9")}) {
            PersonRow once = r;
            once.key = rekeyed(r, guest);
            EXPECT_EQ(rekeyed(once, guest), once.key) << r.key;
        }
}

TEST(Rekey, ASetupsSeatsMove) {
    GameSetup s;
    s.deal_number = 77;
    s.variant = "4suit";
    s.players = {"nx", "dk", "cpu#1"};
    s.persons = {"h:nx!u@h#2", "a:dk", ""};
    s.computer = {false, false, true};
    s.options = {{"saved.0", "deck\nh:nx!u@h#2"}, {"keep_runs", "0"}};
    const std::map<std::string, std::string> moved{{"h:nx!u@h#2", "h:u@h"}};
    const auto out = GameSetup::deserialise(rekeyed_setup(s.serialise(), moved));
    ASSERT_TRUE(out);
    EXPECT_EQ(out->persons, (std::vector<std::string>{"h:u@h", "a:dk", ""}));
    EXPECT_EQ(out->players, s.players);
    EXPECT_EQ(out->computer, s.computer);
    EXPECT_EQ(out->deal_number, 77u);
    EXPECT_EQ(out->variant, "4suit");
    EXPECT_EQ(out->options, s.options);  // saved data is data, not a seat
}

TEST(Rekey, ASetupWithNobodyMovedOrUnreadableIsLeftAsItIs) {
    const std::map<std::string, std::string> moved{{"h:nx!u@h", "h:u@h"}};
    // v1 (before persons): seats by nick only.
    const std::string v1 = "v1\t5\t\t1\tnx\t0\tkeep_runs\t0";
    EXPECT_EQ(rekeyed_setup(v1, moved), v1);
    EXPECT_EQ(rekeyed_setup("seats=h:nx!u@h", moved), "seats=h:nx!u@h");
    GameSetup s;
    s.players = {"bob"};
    s.persons = {"a:bob"};
    s.computer = {false};
    const std::string text = s.serialise();
    EXPECT_EQ(rekeyed_setup(text, moved), text);
}

TEST(Rekey, ALobbysSeatsMove) {
    const std::map<std::string, std::string> moved{{"h:nx!u@h#2", "h:u@h"}};
    EXPECT_EQ(
        rekeyed_lobby("v1\nchallenge\t\t\nseat\tnx\th:nx!u@h#2\t0\nseat\tdk2\ta:dk\t0\n"
                      "seat\tcpu#1\t*cpu#1\t1\n",
                      moved),
        "v1\nchallenge\t\t\nseat\tnx\th:u@h\t0\nseat\tdk2\ta:dk\t0\nseat\tcpu#1\t*cpu#1\t1\n");
    // A challenge names a folded nick, not a person; a line this does not know is kept.
    const std::string other = "v1\nchallenge\th:nx!u@h#2\tnx\nready\nodd\th:nx!u@h#2";
    EXPECT_EQ(rekeyed_lobby(other, moved), other);
}

// The daemon's callbacks with the database: an old-rule pair of persons becomes one, and the
// game each opened is theirs.
TEST(Rekey, TheDaemonsCallbacksMergeAPair) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("croupier-rekey-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    {
        storage::Database db((dir / "croupier.db").string());
        db.remember_person("net", row("h:nx!~nx@127.0.0.1", "nx_away", "~nx@127.0.0.1"));
        db.remember_person("net", row("h:nx!~nx@127.0.0.1#2", "nx", "~nx@127.0.0.1"));
        GameSetup s;
        s.players = {"nx"};
        s.persons = {"h:nx!~nx@127.0.0.1#2"};
        s.computer = {false};
        storage::GameRecord g;
        g.kind = "spider";
        g.network = "net";
        g.place = "nx";
        g.setup = s.serialise();
        const auto id = db.create_game(g);
        EXPECT_EQ(db.rekey_persons(person_rekey(kNobody)), 2u);
        ASSERT_EQ(db.persons("net").size(), 1u);
        EXPECT_EQ(db.persons("net")[0].key, "h:~nx@127.0.0.1");
        EXPECT_EQ(GameSetup::deserialise(db.game(id)->setup)->persons[0], "h:~nx@127.0.0.1");
        EXPECT_EQ(db.rekey_persons(person_rekey(kNobody)), 0u);
        // The same database with the host a gateway: the guests split again, by nick.
        PersonRow dk = row("h:u@gateway/web/1", "dk", "u@gateway/web/1");
        dk.seen = 200;
        db.remember_person("net", dk);
        EXPECT_EQ(db.rekey_persons(person_rekey(kGateway)), 1u);
        EXPECT_EQ(db.persons("net")[1].key, "g:dk!u@gateway/web/1");
    }
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace croupier::bot
