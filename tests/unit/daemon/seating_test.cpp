// The ways of seating (bot/tables/way.hpp): each built-in kind's way, made by the factory
// (bot/tables/seatings.hpp) from what the kind declares (bot/game.hpp), the commands and
// words each way owns, the private game's rules, and what GameKind keeps (its lookups, its
// ladder).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>

#include <boost/asio/io_context.hpp>

#include "bot/kinds/kinds.hpp"
#include "bot/tables/services.hpp"

using namespace croupier::bot;

namespace {
std::shared_ptr<GameKind> kind_named(const std::string& name) {
    static const auto kinds = make_kinds(croupier::config::Config{});
    for (const auto& k : kinds)
        if (k->name() == name) return k;
    return nullptr;
}

std::vector<std::string> names_of(const std::vector<SeatingWay::WayCommand>& cs) {
    std::vector<std::string> out;
    for (const auto& c : cs) out.push_back(c.spec.name);
    return out;
}

// Says nothing: the words tested here are returned, not sent.
class QuietHost final : public TablesHost {
  public:
    void reply(Request&, const std::string&) override {}
    void reply_private(Request&, const std::string&) override {}
    void refuse(Request&, const std::string&) override {}
    void send_to_nick(NetCtx&, const std::string&, const std::string&, const std::string&, bool,
                      croupier::bot::irc::SendOptions) override {}
    void send_to_channel(NetCtx&, const std::string&, const std::string&,
                         croupier::bot::irc::SendOptions) override {}
};

// The table layer's services over the built-in kinds, the prefix "!".
struct Ways {
    Ways() : kinds(make_kinds(cfg)) {}
    QuietHost host;
    boost::asio::io_context io;
    VirtualClock clock;
    croupier::config::Config cfg;
    croupier::games::DealNumberSource deals{1};
    Kinds kinds;
    Nets nets;
    Worker worker{io, true};
    std::vector<Command> commands;
    TableServices services{TablesParts{host, io, clock, cfg, deals, kinds, nets, worker, commands}};
    SeatingWay& of(const std::string& name) {
        return services.seatings.of(*find_kind(kinds, name));
    }
    const GameKind& kind(const std::string& name) { return *find_kind(kinds, name); }
};
}  // namespace

TEST(Seating, EachBuiltInKindHasItsWay) {
    Ways w;
    Seatings& f = w.services.seatings;
    const std::vector<std::pair<std::string, const SeatingWay*>> want = {
        {"exordia8", &f.open},   {"vcg", &f.duels},           {"adventurer", &f.duels},
        {"spider", &f.privates}, {"encounters", &f.privates},
    };
    for (const auto& [name, way] : want) {
        const auto k = kind_named(name);
        ASSERT_TRUE(k) << name;
        EXPECT_EQ(&w.of(name), way) << name;
        const bool in_private = way == &f.privates;
        EXPECT_EQ(k->in_private(), in_private) << name;
        EXPECT_EQ(way->in_private(), in_private) << name;
        EXPECT_EQ(OpenTables::seats(*k), way == &f.open) << name;
        EXPECT_EQ(Duels::seats(*k), way == &f.duels) << name;
        EXPECT_EQ(PrivateGames::seats(*k), in_private) << name;
        // Only a private game has private rules; only tables and duels have a table config.
        EXPECT_EQ(k->seating().as_private() != nullptr, in_private) << name;
        EXPECT_EQ(k->seating().table_config() != nullptr, !in_private) << name;
    }
}

TEST(Seating, OpenTableCommandsAndWords) {
    Ways w;
    const GameKind& k = w.kind("exordia8");
    SeatingWay& s = w.of("exordia8");
    const auto cs = s.commands(k);
    EXPECT_EQ(names_of(cs),
              (std::vector<std::string>{"exordia8", "join", "leave", "start", "bot", "table"}));
    EXPECT_EQ(cs.front().spec.aliases, k.aliases());
    EXPECT_EQ(cs.front().where, Command::Where::Channel);
    EXPECT_EQ(s.moves_where(k), Command::Where::Channel);
    EXPECT_FALSE(k.seating().secret_moves());
    EXPECT_FALSE(k.seating().computer_opponent(1));
    EXPECT_EQ(s.how_to_start(k, "croupier"), "!e8 in a channel");
    EXPECT_EQ(s.over_words(k, 7, " (won)", "!e8"),
              "Your Exordia8 game #7 is over (won). Open another table with !e8.");
    EXPECT_EQ(w.services.seatings.open.open_command(), "!e8");
}

TEST(Seating, DuelCommandsWordsAndComputer) {
    Ways w;
    const GameKind& vcg = w.kind("vcg");
    const GameKind& af = w.kind("adventurer");
    const auto cs = w.of("vcg").commands(vcg);
    EXPECT_EQ(names_of(cs), (std::vector<std::string>{"vcg", "challenge", "accept", "decline",
                                                      "cancel", "ai", "leave", "table"}));
    // The kind's name alone is refused with the usage, to the asker.
    std::string refused;
    struct Refusals final : public TablesHost {
        std::string* said;
        explicit Refusals(std::string* s) : said(s) {}
        void reply(Request&, const std::string&) override {}
        void reply_private(Request&, const std::string&) override {}
        void refuse(Request&, const std::string& text) override { *said = text; }
        void send_to_nick(NetCtx&, const std::string&, const std::string&, const std::string&, bool,
                          croupier::bot::irc::SendOptions) override {}
        void send_to_channel(NetCtx&, const std::string&, const std::string&,
                             croupier::bot::irc::SendOptions) override {}
    } refusals(&refused);
    TableServices services{TablesParts{refusals, w.io, w.clock, w.cfg, w.deals, w.kinds, w.nets,
                                       w.worker, w.commands}};
    Request r;
    services.seatings.duels.commands(vcg).front().run(r);
    EXPECT_EQ(refused,
              "Usage: !vcg challenge NICK, !vcg challenge (anyone), !vcg accept, !vcg decline, "
              "!vcg cancel, or !vcg ai (the computer).");
    // The usage names the kind by its first alias.
    services.seatings.duels.commands(af).front().run(r);
    EXPECT_NE(refused.find("!af challenge NICK"), std::string::npos);
    // VCG's bids are secret and typed in private; Adventurer Factory's moves anywhere.
    EXPECT_TRUE(vcg.seating().secret_moves());
    EXPECT_EQ(w.of("vcg").moves_where(vcg), Command::Where::Private);
    EXPECT_FALSE(af.seating().secret_moves());
    EXPECT_EQ(w.of("vcg").moves_where(af), Command::Where::Anywhere);
    EXPECT_EQ(vcg.seating().computer_opponent(1), std::optional<std::string>("Computer"));
    EXPECT_FALSE(vcg.seating().computer_opponent(2));
    EXPECT_EQ(w.of("vcg").how_to_start(vcg, "croupier"), "!vcg challenge NICK, in a channel");
    EXPECT_EQ(w.of("vcg").over_words(vcg, 12, "", "!vcg"),
              "Your VCG duel #12 is over. Start another: !vcg challenge NICK, or !vcg ai against "
              "the computer.");
}

TEST(Seating, PrivateGamesRulesAndWords) {
    Ways w;
    const GameKind& spider = w.kind("spider");
    const GameKind& enc = w.kind("encounters");
    const PrivateSeating* sp = spider.seating().as_private();
    const PrivateSeating* ep = enc.seating().as_private();
    ASSERT_TRUE(sp && ep);
    SeatingWay& way = w.of("spider");
    EXPECT_EQ(names_of(way.commands(spider)), (std::vector<std::string>{"spider", "new"}));
    const auto news = way.commands(spider).back();
    EXPECT_EQ(news.where, Command::Where::Private);
    EXPECT_EQ(news.spec.args, "[1|2|4] [DEAL|winnable] [keep]");
    EXPECT_EQ(news.spec.help, sp->start_help());
    EXPECT_EQ(way.moves_where(spider), Command::Where::Private);
    EXPECT_EQ(way.how_to_start(spider, "croupier"), "/msg croupier spider");
    EXPECT_EQ(way.over_words(spider, 3, " (won)", "spider"), "");
    EXPECT_EQ(w.services.seatings.privates.start_command(),
              "spider new (Spider) or enc new (Spider: Encounters)");

    EXPECT_EQ(sp->end_command(), "resign");
    EXPECT_EQ(ep->end_command(), "flee");
    EXPECT_FALSE(sp->opponent());
    EXPECT_EQ(ep->opponent(), std::optional<std::string>("the enemy"));
    EXPECT_EQ(enc.seating().computer_opponent(1), ep->opponent());
    EXPECT_TRUE(sp->abandon_after());
    EXPECT_EQ(way.abandon_after(spider), sp->abandon_after());

    const Checked<PrivateStart> two = sp->start("2 winnable", {});
    ASSERT_TRUE(two) << two.why();
    EXPECT_EQ(two->variant, "2suit");
    EXPECT_TRUE(two->proven);
    EXPECT_TRUE(sp->start("7 8 9", {}).is_refusal());
    EXPECT_TRUE(ep->start("harder", {}).is_refusal());
    EXPECT_TRUE(ep->start("", {}));
}

TEST(Seating, PrivateSeatingWithoutRulesRefusesDeals) {
    const PrivateSeating bare{PrivateRules{}};
    EXPECT_TRUE(bare.start("", {}).is_refusal());
    EXPECT_EQ(bare.start("", {}).why(), "This game has no private deals.");
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
    EXPECT_TRUE(e8->lookup("card", "x", std::nullopt)->lines.empty());
    const auto& names = vcg->lookups().commands;
    EXPECT_TRUE(std::any_of(names.begin(), names.end(),
                            [](const CommandSpec& c) { return c.name == "calc"; }));
    // The way the asker types the kind's commands reaches the answer: Adventurer Factory
    // tells them to type its own prefix.
    const auto in_channel = af->lookups().ask("decks", "", std::nullopt, "!af ");
    const auto in_private = af->lookups().ask("decks", "", std::nullopt, "af ");
    EXPECT_NE(in_channel->lines, in_private->lines);
}
