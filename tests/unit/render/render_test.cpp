#include <gtest/gtest.h>

#include "bot/render.hpp"

using namespace croupier;
using namespace croupier::bot;

TEST(Render, CardPlainRoundTrip) {
    for (const auto& c : games::standard_pack())
        EXPECT_EQ(render::to_plain(render::card(c)), games::to_text(c));
    EXPECT_EQ(render::to_plain(render::card(games::Card::make_joker())), "Joker");
}

TEST(Render, PlainStripsColoursWithBackground) {
    EXPECT_EQ(render::to_plain("\x03"
                               "04,01red\x03 \x02"
                               "b\x02 \x1fu\x0f"),
              "red b u");
    EXPECT_EQ(render::to_plain("\x03"
                               "4x"),
              "x");
}

TEST(Render, QuoteUserRemovesControls) {
    EXPECT_EQ(render::quote_user("a\r\nb\x01"
                                 "c"),
              "a  b c");
    auto q = render::quote_user(std::string(100, 'x'), 10);
    EXPECT_EQ(q, std::string(10, 'x') + "\u2026");
}

TEST(Render, SplitOnSpacesUnderLimit) {
    std::string text;
    for (int i = 0; i < 100; ++i) text += (i ? " word" : "word") + std::to_string(i);
    auto parts = render::split(text, 50);
    ASSERT_GT(parts.size(), 5u);
    std::string joined;
    for (auto& p : parts) {
        EXPECT_LE(p.size(), 50u);
        joined += (joined.empty() ? "" : " ") + p;
    }
    EXPECT_EQ(joined, text);
}

TEST(Render, SplitNeverCutsUtf8) {
    std::string text;
    for (int i = 0; i < 200; ++i) text += "\u2665";
    for (auto& p : render::split(text, 40)) {
        EXPECT_LE(p.size(), 40u);
        EXPECT_EQ(p.size() % 3, 0u);
    }
}

TEST(Render, TextDirectionControlsAreDroppedFromWhatTheBotRepeats) {
    // U+202E (right-to-left override), U+2066 (isolate), U+200F (RLM), U+061C (ALM).
    const std::string typed = "deck \u202Eevil\u202C \u2066x\u2069 \u200Fy \u061Cz \u00e9";
    EXPECT_EQ(render::without_bidi(typed), "deck evil x y z \u00e9");
    EXPECT_EQ(render::quote_user("\u202Ekcab"), "kcab");
    EXPECT_EQ(render::without_bidi("\xE2\x80"), "\xE2\x80");  // a cut sequence is left alone
}

TEST(RenderAppend, AppendsOnlyWhereTheLineStaysWithinTheWidth) {
    using croupier::bot::render::append_if_fits;
    using croupier::bot::render::kWidth;
    std::string line(kWidth - 10, 'x');
    EXPECT_TRUE(append_if_fits(line, " 123456789"));  // exactly the width
    EXPECT_EQ(line.size(), kWidth);
    EXPECT_FALSE(append_if_fits(line, "!"));
    EXPECT_EQ(line.size(), kWidth);
    std::string short_line = "Top Spider: ann";
    EXPECT_FALSE(append_if_fits(short_line, " more", kWidth - short_line.size()));  // a prefix
    EXPECT_EQ(short_line, "Top Spider: ann");
    EXPECT_TRUE(append_if_fits(short_line, " more", 5));
    EXPECT_EQ(short_line, "Top Spider: ann more");
}
