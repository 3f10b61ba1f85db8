// The vcg kind as an operator configures it: card folders from the INI file, a bad card
// file refused at startup with the INI's line and the card file's line, and `calc` on the
// reference set.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <iostream>

#include "bot/kinds/kinds.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "config/config.hpp"

namespace {

const std::string kNet = "[network local]\nhost = 127.0.0.1\nchannels = #cards\n";

// This game's section alone, as the daemon reads it (bot/kinds/kinds.hpp): these tests link
// only this game's libraries.
std::vector<croupier::config::SectionSpec> specs() {
    return {croupier::bot::vcg_section()};
}

std::shared_ptr<croupier::bot::GameKind> vcg_kind(const croupier::config::Config& cfg) {
    const auto it = cfg.games.find("vcg");
    return croupier::bot::make_vcg_kind(
        it != cfg.games.end() ? it->second
                              : croupier::config::defaults(croupier::bot::vcg_section()));
}

std::filesystem::path temp_dir(const std::string& name) {
    auto d = std::filesystem::temp_directory_path() /
             (name + "-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
              std::to_string(std::hash<std::string>{}(name)));
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
}

}  // namespace

TEST(VcgKind, CalcOnTheReferenceSetThroughTheConfig) {
    const std::filesystem::path ref = std::filesystem::path(CROUPIER_SHARED_DIR) / "vcg-reference";
    if (!std::filesystem::exists(ref)) GTEST_SKIP() << "no " << ref;
    const auto cfg = croupier::config::parse(kNet + "[vcg]\ncards = " + ref.string() + "\n",
                                             "croupier.ini", {}, specs());
    auto k = vcg_kind(cfg);
    ASSERT_TRUE(k);
    const auto r = k->lookup("calc", "Beast of the Fields 2 bonus vs Burrower 1 bonus", {});
    ASSERT_TRUE(r) << r.why();
    ASSERT_EQ(r->lines.size(), 1u);
    // Beast: (8 + 2) x 3 = 30. Burrower: (6 + 2 + 2) x 2 = 20, cut by 8 to 12. 6 damage.
    EXPECT_EQ(r->lines[0].rfind("Beast of the Fields attack 30 vs Burrower attack 12: Beast of "
                                "the Fields wins, 6 damage; life 12 vs life 6",
                                0),
              0u)
        << r->lines[0];
    // The reference has no decks file: a deck of its first eight cards stands in.
    EXPECT_NE(k->lookup("decks", "", {})->lines[0].find("Starter"), std::string::npos);
}

TEST(VcgKind, ABadCardFileStopsStartupNamingBothFiles) {
    const auto dir = temp_dir("vcg-bad");
    std::ofstream(dir / "goblins.csv") << "Name,Level,Power,Damage,Ability,Bonus\n"
                                          "Sneak,2,4,3,+ 2 Power,+ 1 Damage\n"
                                          "Boss,4,7,5,Frenzy: + 2 Power,+ 1 Damage\n";
    try {
        croupier::config::parse(kNet + "\n[vcg]\ncards = builtin, " + dir.string() + "\n",
                                "croupier.ini", {}, specs());
        FAIL() << "a bad card file was accepted";
    } catch (const croupier::config::ConfigError& e) {
        EXPECT_EQ(e.line, 6);
        EXPECT_EQ(e.key, "vcg.cards");
        const std::string what = e.what();
        EXPECT_NE(what.find((dir / "goblins.csv").string() +
                            ":3: Boss: ability \"Frenzy: + 2 Power\": \"frenzy\" is not a prefix"),
                  std::string::npos)
            << what;
    }
    std::filesystem::remove_all(dir);
}

TEST(VcgKind, TheBuiltInSetIsTheDefault) {
    const auto cfg = croupier::config::parse(kNet, "croupier.ini", {}, specs());
    auto k = vcg_kind(cfg);
    ASSERT_TRUE(k);
    EXPECT_NE(k->lookup("cards", "", {})->lines[0].find("Lanterns"), std::string::npos);
    EXPECT_NE(k->lookup("decks", "", {})->lines[0].find("Night Watch"), std::string::npos);
    // What was typed wrong is a refusal (said to the asker alone); an answer is not.
    EXPECT_FALSE(k->lookup("cards", "", {}).is_refusal());
    EXPECT_TRUE(k->lookup("cards", "goblins", {}).is_refusal());
    EXPECT_FALSE(k->lookup("card", "iron duchess", {}).is_refusal());
    EXPECT_TRUE(k->lookup("card", "dragon", {}).is_refusal());
    EXPECT_TRUE(k->lookup("calc", "iron duchess", {}).is_refusal());
    EXPECT_TRUE(k->lookup("calc", "iron duchess 13 vs mud golem 2", {}).is_refusal());
    EXPECT_FALSE(k->lookup("calc", "iron duchess 3 vs mud golem 2", {}).is_refusal());
}

// A battle is told in one line of the channel when it can be: what happened, what acted,
// and the Life and potions after it. When what acted is too long for that, it is told
// briefly (no card named twice), never cut, and never takes more than two lines. Computer
// against computer on 120 deals of the premade decks, with long nicks (9 and 11 letters):
// told in full, 9.7 % of the battles took a second line; told briefly when needed, 1.5 %.
TEST(VcgKind, ABattleIsToldInOneLineWhenItCanBe) {
    const auto cfg = croupier::config::parse(kNet, "croupier.ini", {}, specs());
    auto k = vcg_kind(cfg);
    ASSERT_TRUE(k);
    std::size_t battles = 0, longest = 0, over = 0;
    const std::uint64_t deals = 120;
    for (std::uint64_t deal = 1; deal <= deals; ++deal) {
        croupier::bot::GameSetup setup;
        setup.players = {"annabelle", "bartholomew"};
        setup.persons = {"h:a", "h:b"};
        setup.computer = {false, false};
        setup.deal_number = deal;
        k->deal_options(setup);
        auto g = k->create(setup);
        for (int steps = 0; steps < 100 && !g->finished(); ++steps) {
            const auto waiting = g->awaited();
            ASSERT_FALSE(waiting.empty());
            const int seat = waiting.front();
            const auto [cmd, args] = croupier::bot::split_command(g->computer_action(seat));
            const auto o = g->act(seat, cmd, args);
            ASSERT_TRUE(o.why().empty()) << o.why();
            std::vector<std::string> parts;
            for (const auto& out : o->out) {
                if (out.to != croupier::bot::Out::To::Table) continue;
                if (out.text.rfind("Battle ", 0) == 0 && out.text.find(" vs ") != std::string::npos)
                    parts.clear();
                parts.push_back(out.text);
                if (out.text.rfind("Life ", 0) == 0) {
                    ++battles;
                    std::size_t bytes = 0;
                    for (const auto& p : parts) bytes += p.size() + 1;
                    longest = std::max(longest, bytes);
                    if (bytes > croupier::bot::render::kWidth + 1) ++over;
                    EXPECT_LE(
                        croupier::bot::render::pack(parts, croupier::bot::render::kWidth).size(),
                        2u)
                        << "deal " << deal << ": " << ::testing::PrintToString(parts);
                    parts.clear();
                }
            }
        }
        EXPECT_TRUE(g->finished()) << deal;
    }
    EXPECT_GT(battles, deals * 10 / 3);  // 400 of 120 deals
    EXPECT_LT(over * 100, battles * 3) << over << " of " << battles << " battles took two lines";
    std::cout << "[ info ] " << battles << " battles, the longest " << longest << " bytes, " << over
              << " over one line\n";
}
