// The seating types (bot/game.hpp): each built-in kind's way of seating, the commands and
// words it owns, the private game's rules, and what GameKind keeps (its lookups, its ladder).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>

#include "bot/games/kinds.hpp"

using namespace croupier::bot;

namespace {
std::shared_ptr<GameKind> kind_named(const std::string& name) {
    static const auto kinds = make_kinds(croupier::config::Config{});
    for (const auto& k : kinds)
        if (k->name() == name) return k;
    return nullptr;
}

std::vector<std::string> names_of(const std::vector<SeatingCommand>& cs) {
    std::vector<std::string> out;
    for (const auto& c : cs) out.push_back(c.spec.name);
    return out;
}
}  // namespace

TEST(Seating, EachBuiltInKindHasItsWay) {
    const std::vector<std::pair<std::string, Seating::Way>> want = {
        {"exordia8", Seating::Open},      {"vcg", Seating::Duel},
        {"adventurer", Seating::Duel},    {"spider", Seating::Private},
        {"encounters", Seating::Private},
    };
    for (const auto& [name, way] : want) {
        const auto k = kind_named(name);
        ASSERT_TRUE(k) << name;
        EXPECT_EQ(k->seating().way(), way) << name;
        EXPECT_TRUE(k->seating() == way) << name;
        EXPECT_EQ(k->in_private(), way == Seating::Private) << name;
        // Only a private game has private rules; only tables and duels have a table config.
        EXPECT_EQ(k->seating().as_private() != nullptr, way == Seating::Private) << name;
        EXPECT_EQ(k->seating().table_config() != nullptr, way != Seating::Private) << name;
    }
}

TEST(Seating, OpenTableCommandsAndWords) {
    const auto k = kind_named("exordia8");
    ASSERT_TRUE(k);
    const Seating& s = k->seating();
    EXPECT_EQ(names_of(s.commands(*k, "!")),
              (std::vector<std::string>{"exordia8", "join", "leave", "start", "bot", "table"}));
    EXPECT_EQ(s.commands(*k, "!").front().spec.aliases, k->aliases());
    EXPECT_EQ(s.commands(*k, "!").front().does, SeatingCommand::Does::Open);
    EXPECT_EQ(s.moves_where(), SeatingCommand::Where::Channel);
    EXPECT_FALSE(s.secret_moves());
    EXPECT_FALSE(s.computer_opponent(1));
    EXPECT_EQ(s.how_to_start("e8", "!", "croupier"), "!e8 in a channel");
    EXPECT_EQ(s.over_words("Exordia8", 7, " (won)", "!e8"),
              "Your Exordia8 game #7 is over (won). Open another table with !e8.");
}

TEST(Seating, DuelCommandsWordsAndComputer) {
    const auto vcg = kind_named("vcg");
    const auto af = kind_named("adventurer");
    ASSERT_TRUE(vcg && af);
    const auto cs = vcg->seating().commands(*vcg, "!");
    EXPECT_EQ(names_of(cs), (std::vector<std::string>{"vcg", "challenge", "accept", "decline",
                                                      "cancel", "ai", "leave", "table"}));
    EXPECT_EQ(cs.front().does, SeatingCommand::Does::Usage);
    EXPECT_EQ(cs.front().usage,
              "Usage: !vcg challenge NICK, !vcg challenge (anyone), !vcg accept, !vcg decline, "
              "!vcg cancel, or !vcg ai (the computer).");
    // The usage names the kind by its first alias.
    EXPECT_NE(af->seating().commands(*af, "?").front().usage.find("?af challenge NICK"),
              std::string::npos);
    // VCG's bids are secret and typed in private; Adventurer Factory's moves anywhere.
    EXPECT_TRUE(vcg->seating().secret_moves());
    EXPECT_EQ(vcg->seating().moves_where(), SeatingCommand::Where::Private);
    EXPECT_FALSE(af->seating().secret_moves());
    EXPECT_EQ(af->seating().moves_where(), SeatingCommand::Where::Anywhere);
    EXPECT_EQ(vcg->seating().computer_opponent(1), std::optional<std::string>("Computer"));
    EXPECT_FALSE(vcg->seating().computer_opponent(2));
    EXPECT_EQ(vcg->seating().how_to_start("vcg", "!", "croupier"),
              "!vcg challenge NICK, in a channel");
    EXPECT_EQ(vcg->seating().over_words("VCG", 12, "", "!vcg"),
              "Your VCG duel #12 is over. Start another: !vcg challenge NICK, or !vcg ai against "
              "the computer.");
}

TEST(Seating, PrivateGamesRulesAndWords) {
    const auto spider = kind_named("spider");
    const auto enc = kind_named("encounters");
    ASSERT_TRUE(spider && enc);
    const PrivateSeating* sp = spider->seating().as_private();
    const PrivateSeating* ep = enc->seating().as_private();
    ASSERT_TRUE(sp && ep);
    EXPECT_EQ(names_of(spider->seating().commands(*spider, "!")),
              (std::vector<std::string>{"spider", "new"}));
    const auto news = spider->seating().commands(*spider, "!").back();
    EXPECT_EQ(news.where, SeatingCommand::Where::Private);
    EXPECT_EQ(news.spec.args, "[1|2|4] [DEAL|winnable] [keep]");
    EXPECT_EQ(news.spec.help, sp->start_help());
    EXPECT_EQ(spider->seating().moves_where(), SeatingCommand::Where::Private);
    EXPECT_EQ(spider->seating().how_to_start("spider", "!", "croupier"), "/msg croupier spider");
    EXPECT_EQ(spider->seating().over_words("Spider", 3, " (won)", "spider"), "");

    EXPECT_EQ(sp->end_command(), "resign");
    EXPECT_EQ(ep->end_command(), "flee");
    EXPECT_FALSE(sp->opponent());
    EXPECT_EQ(ep->opponent(), std::optional<std::string>("the enemy"));
    EXPECT_EQ(enc->seating().computer_opponent(1), ep->opponent());
    EXPECT_TRUE(sp->abandon_after());

    const PrivateStart two = sp->start("2 winnable", {});
    EXPECT_EQ(two.error, "");
    EXPECT_EQ(two.variant, "2suit");
    EXPECT_TRUE(two.proven);
    EXPECT_NE(sp->start("7 8 9", {}).error, "");
    EXPECT_NE(ep->start("harder", {}).error, "");
    EXPECT_EQ(ep->start("", {}).error, "");
}

TEST(Seating, PrivateSeatingWithoutRulesRefusesDeals) {
    const PrivateSeating bare{PrivateRules{}};
    EXPECT_EQ(bare.start("", {}).error, "This game has no private deals.");
    EXPECT_FALSE(bare.find_deal(PrivateStart{}, {1, 2, 3}));
    EXPECT_FALSE(bare.abandon_after());
    EXPECT_EQ(bare.end_command(), "resign");
    EXPECT_EQ(bare.start_help(), "starts a new game");
}

TEST(GameKindKeeps, LadderAndLookups) {
    const auto spider = kind_named("spider");
    const auto af = kind_named("adventurer");
    const auto e8 = kind_named("exordia8");
    const auto vcg = kind_named("vcg");
    ASSERT_TRUE(spider && af && e8 && vcg);
    EXPECT_FALSE(spider->ladder().rated);
    EXPECT_EQ(spider->ladder().title_of("4suit"), "4 suits");
    EXPECT_EQ(spider->ladder().title_of("1suit"), "1 suit");
    EXPECT_EQ(spider->ladder().top_variants.front().second, "4suit");
    EXPECT_TRUE(e8->ladder().rated);
    EXPECT_TRUE(e8->ladder().points_count);
    EXPECT_EQ(e8->ladder().title_of("x"), "x");
    EXPECT_FALSE(af->ladder().points_count);
    EXPECT_TRUE(af->ladder().rated);

    EXPECT_TRUE(e8->lookups().commands.empty());
    EXPECT_TRUE(e8->lookup("card", "x", std::nullopt).lines.empty());
    const auto& names = vcg->lookups().commands;
    EXPECT_TRUE(std::any_of(names.begin(), names.end(),
                            [](const CommandSpec& c) { return c.name == "calc"; }));
    // The way the asker types the kind's commands reaches the answer: Adventurer Factory
    // tells them to type its own prefix.
    const auto in_channel = af->lookups().ask("decks", "", std::nullopt, "!af ");
    const auto in_private = af->lookups().ask("decks", "", std::nullopt, "af ");
    EXPECT_NE(in_channel.lines, in_private.lines);
}
