// bot/people: a person, not a nick.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/people.hpp"

#include <gtest/gtest.h>

namespace croupier::bot {
namespace {

TEST(People, TheAccountIsThePersonWhateverTheNickOrAddress) {
    People p;
    const auto a = p.resolve("Alice", "alice", "a", "one.example", "Alice", "alice", 1).key;
    const auto b = p.resolve("al", "al", "x", "two.example", "ALICE", "alice", 2).key;
    EXPECT_EQ(a, "a:alice");
    EXPECT_EQ(a, b);
}

TEST(People, AStrangerUnderATakenNickIsSomeoneElse) {
    People p;
    const auto bob = p.resolve("bob", "bob", "b", "example.org", "", "", 1).key;
    EXPECT_EQ(bob, "h:b@example.org");
    p.gone("bob");  // quit
    const auto stranger = p.resolve("bob", "bob", "x", "elsewhere.example", "", "", 2).key;
    EXPECT_NE(stranger, bob);
    // The owner back from the same address under the same nick is the owner again.
    p.gone("bob");
    EXPECT_EQ(p.resolve("bob", "bob", "b", "EXAMPLE.org", "", "", 3).key, bob);
}

TEST(People, TheAddressIsThePersonWhateverTheNick) {
    People p;
    const auto nx = p.resolve("nx", "nx", "~nx", "127.0.0.1", "", "", 1).key;
    p.renamed("nx", "nx_away", "nx_away", 2);
    EXPECT_EQ(p.resolve("nx_away", "nx_away", "~nx", "127.0.0.1", "", "", 3).key, nx);
    p.gone("nx_away");
    // Back under the first nick, or under a new one: the same person, never a "#2".
    EXPECT_EQ(p.resolve("nx", "nx", "~nx", "127.0.0.1", "", "", 4).key, nx);
    p.gone("nx");
    EXPECT_EQ(p.resolve("nexus", "nexus", "~nx", "127.0.0.1", "", "", 5).key, nx);
    EXPECT_EQ(p.known(nx)->nick, "nexus");
    // A second client at once: the same person under two nicks.
    EXPECT_EQ(p.resolve("nx2", "nx2", "~nx", "127.0.0.1", "", "", 6).key, nx);
    EXPECT_EQ(p.other_nick(nx, "nx2"), "nexus");
    p.gone("nexus");
    EXPECT_EQ(p.other_nick(nx, "nx2"), "");
}

TEST(People, ANickChangeKeepsTheKey) {
    People p;
    const auto bob = p.resolve("bob", "bob", "b", "example.org", "", "", 1).key;
    p.renamed("bob", "Robert", "robert", 2);
    EXPECT_EQ(p.resolve("Robert", "robert", "b", "example.org", "", "", 3).key, bob);
    // Someone under "bob" from another address is not the person called Robert.
    EXPECT_NE(p.resolve("bob", "bob", "x", "example.net", "", "", 4).key, bob);
}

TEST(People, OnAGuestHostTheNickTellsPeopleApart) {
    People p;
    p.guest_host = [](const std::string& uh) { return uh.ends_with("@gateway.example"); };
    const auto ann = p.resolve("ann", "ann", "web", "gateway.example", "", "", 1);
    EXPECT_EQ(ann.key, "g:ann!web@gateway.example");
    EXPECT_TRUE(ann.guest());
    const auto ben = p.resolve("ben", "ben", "web", "gateway.example", "", "", 2).key;
    EXPECT_NE(ben, "g:ann!web@gateway.example");
    // A guest's nick change keeps them; back under the last nick after a quit, too.
    p.renamed("ann", "ann_", "ann_", 3);
    EXPECT_EQ(p.resolve("ann_", "ann_", "web", "gateway.example", "", "", 4).key,
              "g:ann!web@gateway.example");
    p.gone("ann_");
    EXPECT_EQ(p.resolve("ann_", "ann_", "web", "gateway.example", "", "", 5).key,
              "g:ann!web@gateway.example");
    // Someone else now under "ann" on the gateway is a new guest, not ann.
    const auto other = p.resolve("ann", "ann", "web", "gateway.example", "", "", 6).key;
    EXPECT_EQ(other, "g:ann!web@gateway.example#2");
    // An account vouches on any host.
    EXPECT_EQ(p.resolve("cat", "cat", "web", "gateway.example", "Cat", "cat", 7).key, "a:cat");
    EXPECT_FALSE(p.known("a:cat")->guest());
}

TEST(People, KnownPeopleComeBackAfterARestartUnderTheirLastNick) {
    std::vector<Person> saved;
    {
        People p;
        p.on_change = [&](const Person& q) {
            std::erase_if(saved, [&](const Person& s) { return s.key == q.key; });
            saved.push_back(q);
        };
        p.resolve("bob", "bob", "b", "example.org", "", "", 1);
        p.renamed("bob", "robert", "robert", 2);
    }
    People after;
    after.load(saved);
    EXPECT_EQ(after.resolve("robert", "robert", "b", "example.org", "", "", 3).key,
              "h:b@example.org");
    ASSERT_EQ(after.by_nick("robert").size(), 1u);
}

}  // namespace
}  // namespace croupier::bot
