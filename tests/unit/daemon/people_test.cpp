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
    EXPECT_EQ(bob, "h:bob!b@example.org");
    p.gone("bob");  // quit
    const auto stranger = p.resolve("bob", "bob", "x", "elsewhere.example", "", "", 2).key;
    EXPECT_NE(stranger, bob);
    // The owner back from the same address under the same nick is the owner again.
    p.gone("bob");
    EXPECT_EQ(p.resolve("bob", "bob", "b", "EXAMPLE.org", "", "", 3).key, bob);
}

TEST(People, ANickChangeKeepsTheKeyAndTheOldNickIsFree) {
    People p;
    const auto bob = p.resolve("bob", "bob", "b", "example.org", "", "", 1).key;
    p.renamed("bob", "Robert", "robert", 2);
    EXPECT_EQ(p.resolve("Robert", "robert", "b", "example.org", "", "", 3).key, bob);
    // Someone now under "bob", even from the same address, is not the person called Robert.
    EXPECT_NE(p.resolve("bob", "bob", "b", "example.org", "", "", 4).key, bob);
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
              "h:bob!b@example.org");
    ASSERT_EQ(after.by_nick("robert").size(), 1u);
}

TEST(People, AdoptGivesANewNickToAKnownPerson) {
    People p;
    const auto bob = p.resolve("bob", "bob", "b", "example.org", "", "", 1).key;
    p.gone("bob");
    p.adopt(bob, "bob_", "bob_", 2);
    EXPECT_EQ(p.online("bob_")->key, bob);
    EXPECT_EQ(p.known(bob)->nick, "bob_");
}

}  // namespace
}  // namespace croupier::bot
