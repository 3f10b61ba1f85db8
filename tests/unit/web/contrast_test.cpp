// SPDX-License-Identifier: GPL-3.0-or-later
// The pages' colours against WCAG 2 AA (docs/WEB.md): every text colour of the style sheet on
// every background of the same colour scheme (light, and dark where the reader's system asks
// for it) has a contrast ratio of at least 4.5, computed here from the WCAG formula
// (relative luminance of sRGB). The colours are read from the style sheet itself (kStyle), so
// a colour added or changed is checked without a change here.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "bot/web/page.hpp"

namespace croupier::bot::web {
namespace {

// "#abc" or "#aabbcc" -> r, g, b in 0..1.
std::vector<double> rgb(const std::string& hex) {
    std::string h = hex.substr(1);
    if (h.size() == 3) h = {h[0], h[0], h[1], h[1], h[2], h[2]};
    EXPECT_EQ(h.size(), 6u) << hex;
    std::vector<double> out;
    for (int i = 0; i < 3; ++i) out.push_back(std::stoi(h.substr(2 * i, 2), nullptr, 16) / 255.0);
    return out;
}

double luminance(const std::string& hex) {
    const auto c = rgb(hex);
    auto lin = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
}

double ratio(const std::string& a, const std::string& b) {
    double x = luminance(a), y = luminance(b);
    if (x < y) std::swap(x, y);
    return (x + 0.05) / (y + 0.05);
}

struct Rule {
    std::string selector, property, value;
};

// The style sheet's `color` and `background` declarations of one part ("" for the light one,
// the dark scheme's @media block for the other), by selector.
std::vector<Rule> colours(const std::string& css) {
    std::vector<Rule> out;
    std::size_t at = 0;
    while (true) {
        const auto open = css.find('{', at);
        if (open == std::string::npos) break;
        const auto close = css.find('}', open);
        std::string selector = css.substr(at, open - at);
        if (selector.rfind("@media", 0) == 0) {  // the block's rules follow
            at = open + 1;
            continue;
        }
        const std::string body = css.substr(open + 1, close - open - 1);
        std::size_t d = 0;
        while (d < body.size()) {
            auto end = body.find(';', d);
            if (end == std::string::npos) end = body.size();
            const std::string decl = body.substr(d, end - d);
            const auto colon = decl.find(':');
            if (colon != std::string::npos) {
                const std::string prop = decl.substr(0, colon), value = decl.substr(colon + 1);
                if ((prop == "color" || prop == "background" || prop == "background-color") &&
                    !value.empty() && value[0] == '#')
                    out.push_back({selector, prop, value});
            }
            d = end + 1;
        }
        at = close + 1;
        while (at < css.size() && css[at] == '}') ++at;  // the end of an @media block
    }
    return out;
}

TEST(Contrast, EveryTextColourOnEveryBackgroundIsAtLeastAA) {
    const std::string css = kStyle;
    const std::string dark_at = "@media (prefers-color-scheme:dark){";
    const auto dark = css.find(dark_at);
    ASSERT_NE(dark, std::string::npos) << "the style sheet has a dark scheme";
    // The light scheme: every rule outside the dark block (the narrow screens' block holds
    // colours too); the dark one: those, with the dark block's on top, by selector.
    auto light_rules = colours(css.substr(0, dark));
    auto dark_rules = light_rules;
    for (const auto& r : colours(css.substr(dark + dark_at.size()))) {
        bool replaced = false;
        for (auto& d : dark_rules)
            if (d.selector == r.selector && d.property == r.property) {
                d.value = r.value;
                replaced = true;
            }
        if (!replaced) dark_rules.push_back(r);
    }
    int checked = 0;
    for (const auto* rules : {&light_rules, &dark_rules}) {
        std::vector<Rule> texts, grounds;
        for (const auto& r : *rules) (r.property == "color" ? texts : grounds).push_back(r);
        ASSERT_GE(texts.size(), 5u) << "body, links, muted, ok, bad at least";
        ASSERT_GE(grounds.size(), 2u) << "the body's and pre's backgrounds";
        for (const auto& t : texts)
            for (const auto& g : grounds) {
                const double c = ratio(t.value, g.value);
                EXPECT_GE(c, 4.5) << (rules == &dark_rules ? "dark: " : "light: ") << t.selector
                                  << " " << t.value << " on " << g.selector << " " << g.value
                                  << ": " << c;
                ++checked;
            }
    }
    EXPECT_GE(checked, 20);
}

// The formula itself, on WCAG's own extremes and a known pair.
TEST(Contrast, TheFormula) {
    EXPECT_NEAR(ratio("#000", "#fff"), 21.0, 1e-9);
    EXPECT_NEAR(ratio("#fff", "#fff"), 1.0, 1e-9);
    EXPECT_NEAR(ratio("#767676", "#fff"), 4.54, 0.01);  // the lightest grey that passes on white
    EXPECT_LT(ratio("#777", "#fff"), 4.5);
}

}  // namespace
}  // namespace croupier::bot::web
