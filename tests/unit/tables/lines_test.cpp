// The packing of a move's lines (bot/tables/lines.hpp): what deliver() sends.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "bot/tables/lines.hpp"

namespace croupier::bot {
namespace {

Line channel(std::string text, bool alone = false) {
    return Line{true, "#cards", "", false, std::move(text), alone, {}, false};
}
Line person(std::string nick, std::string text) {
    return Line{false, nick, "h:" + nick + "!u@example.org", true, std::move(text), false,
                {},    false};
}

std::vector<std::string> texts(const std::vector<Line>& lines) {
    std::vector<std::string> out;
    for (const auto& l : lines) out.push_back((l.channel ? "" : l.target + ": ") + l.text);
    return out;
}

TEST(PackLines, OneRecipientsLinesOfAMoveArePacked) {
    const auto out = pack_lines(
        {channel("alice plays 5♣."), channel("bob plays 7♣."), channel("carol to play on 7♣.")},
        390);
    EXPECT_EQ(texts(out),
              (std::vector<std::string>{"alice plays 5♣. bob plays 7♣. carol to play on 7♣."}));
}

TEST(PackLines, PackedToTheWidthAndNoFurther) {
    const std::string a(200, 'a'), b(150, 'b'), c(100, 'c');
    const auto out = pack_lines({channel(a), channel(b), channel(c)}, 390);
    EXPECT_EQ(texts(out), (std::vector<std::string>{a + " " + b, c}));
    // A line longer than the width is left whole (render::split cuts it when it is sent).
    const std::string big(500, 'x');
    EXPECT_EQ(texts(pack_lines({channel("short"), channel(big), channel("after")}, 390)),
              (std::vector<std::string>{"short", big, "after"}));
}

TEST(PackLines, ALayoutLineStandsAlone) {
    const auto out = pack_lines({channel("Spider 1 suit"), channel("1: 8♠", true),
                                 channel("2: A♠", true), channel("Moved.")},
                                390);
    EXPECT_EQ(texts(out), (std::vector<std::string>{"Spider 1 suit", "1: 8♠", "2: A♠", "Moved."}));
}

TEST(PackLines, TwoRecipientsAreNotMixed) {
    const auto out = pack_lines({channel("alice draws a card."), person("alice", "You draw 9♥."),
                                 channel("bob to play on 5♣."), person("bob", "Your hand: 5♦"),
                                 person("alice", "Your hand: 2♣ 9♥")},
                                390);
    EXPECT_EQ(texts(out), (std::vector<std::string>{
                              "alice draws a card. bob to play on 5♣.",
                              "alice: You draw 9♥. Your hand: 2♣ 9♥",
                              "bob: Your hand: 5♦",
                          }));
}

TEST(PackLines, HiddenLinesNeverReachAnotherRecipient) {
    // The same nick by NOTICE and privately, or held by another person, is another recipient.
    Line by_notice = person("alice", "Your hand: 2♣");
    Line privately = by_notice;
    privately.notice = false;
    privately.text = "A private game's board";
    Line other_person = by_notice;
    other_person.key = "h:alice!z@other.example";
    other_person.text = "Your hand: K♠";
    const auto out = pack_lines({by_notice, privately, other_person, channel("table")}, 390);
    ASSERT_EQ(out.size(), 4u);
    EXPECT_EQ(out[0].text, "Your hand: 2♣");
    EXPECT_EQ(out[1].text, "A private game's board");
    EXPECT_EQ(out[2].text, "Your hand: K♠");
    EXPECT_EQ(out[3].text, "table");
    // Every packed line is made of lines for its own recipient only.
    const auto mixed = pack_lines({person("bob", "Your hand: 5♦"), channel("bob plays."),
                                   person("carol", "Your hand: 9♠"), person("bob", "You draw 2♣.")},
                                  390);
    for (const auto& l : mixed) {
        if (l.channel) {
            EXPECT_EQ(l.text, "bob plays.");
        } else if (l.target == "carol") {
            EXPECT_EQ(l.text, "Your hand: 9♠");
        } else {
            EXPECT_EQ(l.text, "Your hand: 5♦ You draw 2♣.");
        }
    }
    EXPECT_EQ(mixed.size(), 3u);
}

TEST(PackLines, LinesOfOneViewArePackedOnlyTogether) {
    // A board is a view the send queue may drop when a newer one comes: it is not packed
    // with the words around it, which must reach the player.
    Line header = channel("Spider, score 3");
    header.view = "board";
    Line row = channel("1:[5] 7s");
    row.view = "board";
    EXPECT_EQ(texts(pack_lines({channel("Moved."), header, row, channel("Hint: move 1 2.")}, 390)),
              (std::vector<std::string>{"Moved.", "Spider, score 3 1:[5] 7s", "Hint: move 1 2."}));
}

TEST(PackLines, EmptyLinesAreDropped) {
    EXPECT_EQ(texts(pack_lines({channel(""), channel("a"), channel("")}, 390)),
              (std::vector<std::string>{"a"}));
}

}  // namespace
}  // namespace croupier::bot
