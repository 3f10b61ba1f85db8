// bot/checked.hpp: a value made from what a person typed, or why not.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/checked.hpp"

#include <gtest/gtest.h>

#include <string>

using croupier::bot::Checked;

namespace {

Checked<int> digit(const std::string& typed) {
    if (typed.size() != 1 || typed[0] < '0' || typed[0] > '9')
        return Checked<int>::refused("\"" + typed + "\" is not a digit: type 0 to 9.");
    return typed[0] - '0';
}

}  // namespace

TEST(Checked, AValueHasNoReason) {
    const Checked<int> d = digit("7");
    ASSERT_TRUE(d);
    EXPECT_EQ(*d, 7);
    EXPECT_EQ(d.why(), "");
}

TEST(Checked, ARefusalSaysWhy) {
    const Checked<int> d = digit("x");
    EXPECT_FALSE(d);
    EXPECT_EQ(d.why(), "\"x\" is not a digit: type 0 to 9.");
}

TEST(Checked, ThenMakesAnotherValueOrPassesTheRefusalOn) {
    const auto text = [](int v) { return "play " + std::to_string(v); };
    const Checked<std::string> ok = digit("3").then(text);
    ASSERT_TRUE(ok);
    EXPECT_EQ(*ok, "play 3");
    const Checked<std::string> no = digit("33").then(text);
    EXPECT_FALSE(no);
    EXPECT_EQ(no.why(), "\"33\" is not a digit: type 0 to 9.");
}

// A value of the same type as the reason is a value, never taken for a refusal.
TEST(Checked, AStringValueIsNotAReason) {
    const Checked<std::string> s = std::string("");
    EXPECT_TRUE(s);
    EXPECT_EQ(*s, "");
}

// A person's refusal and the bot's fault are told apart by their type, not by their words.
TEST(Checked, ARefusalIsNotAFault) {
    using croupier::bot::Done;
    using croupier::bot::Fault;
    using croupier::bot::Refusal;
    const Checked<Done> done = Done{};
    EXPECT_TRUE(done);
    EXPECT_FALSE(done.is_refusal());
    EXPECT_FALSE(done.is_fault());
    const Checked<Done> no = Refusal{"Not your turn."};
    EXPECT_FALSE(no);
    EXPECT_TRUE(no.is_refusal());
    EXPECT_FALSE(no.is_fault());
    EXPECT_EQ(no.why(), "Not your turn.");
    const Checked<Done> broke = Fault{"That move failed inside the bot."};
    EXPECT_FALSE(broke);
    EXPECT_FALSE(broke.is_refusal());
    EXPECT_TRUE(broke.is_fault());
    EXPECT_EQ(broke.why(), "That move failed inside the bot.");
    // then() passes a fault on as a fault.
    const Checked<int> still = broke.then([](const Done&) { return 1; });
    EXPECT_TRUE(still.is_fault());
    EXPECT_EQ(Checked<int>(5).value_or(0), 5);
    EXPECT_EQ(Checked<int>::refused("no").value_or(0), 0);
}
