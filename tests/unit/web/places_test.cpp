// SPDX-License-Identifier: GPL-3.0-or-later
// A channel's page, the player search, paging and filters, and `set web hide` on the pages
// (bot/web/site_places.cpp, docs/WEB.md), on a real SQLite file written through the real
// storage code.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "bot/web/places.hpp"
#include "bot/web/site.hpp"
#include "tests/unit/web/fixture.hpp"

using namespace croupier;
using namespace croupier::bot;
using namespace croupier::bot::web;
using namespace croupier::bot::web::test;

namespace {

class PlacesTest : public ::testing::Test {
  protected:
    void SetUp() override {
        path = (dir.path / "croupier.db").string();
        db = std::make_unique<storage::Database>(path);
        kinds = all_kinds();
        e8 = find_kind(kinds, "exordia8");
        spider = find_kind(kinds, "spider");
        ASSERT_TRUE(e8 && spider);
        remember(*db, kAnnKey, "alice", "ann@ann-host.example");   // person 1
        remember(*db, kBobKey, "bobby", "bob@bobs-host.example");  // person 2
    }
    Site site() const { return Site(path, kinds, ""); }

    GameSetup table(std::uint64_t deal) const {
        GameSetup s = sample_setup(*e8, deal, 2);
        s.players = {"alice", "bobby"};
        s.persons = {kAnnKey, kBobKey};
        s.computer = {false, false};
        return s;
    }
    // A Spider game of `nick` (`key`), played in private and resigned after a move.
    Played solo(std::int64_t id, const std::string& nick, const std::string& key) {
        GameSetup s = sample_setup(*spider, static_cast<std::uint64_t>(id), 1);
        s.players = {nick};
        s.persons = {key};
        return play(*db, *spider, id, nick, s, 1, spider->seating().as_private()->end_command());
    }

    static constexpr const char* kAnnKey = "h:ann@ann-host.example";
    static constexpr const char* kBobKey = "h:bob@bobs-host.example";
    TempDir dir;
    std::string path;
    std::unique_ptr<storage::Database> db;
    std::vector<std::shared_ptr<GameKind>> kinds;
    const GameKind* e8 = nullptr;
    const GameKind* spider = nullptr;
};

}  // namespace

TEST(WebUrls, DecodeEncodeAndPageNumbers) {
    EXPECT_EQ(url_decode("%23cards", false), "#cards");
    EXPECT_EQ(url_decode("a+b%2Bc", true), "a b+c");
    EXPECT_EQ(url_decode("a+b", false), "a+b");
    EXPECT_FALSE(url_decode("%2", false));
    EXPECT_FALSE(url_decode("%zz", false));
    EXPECT_EQ(url_encode("#c<a>rds é"), "%23c%3Ca%3Erds%20%C3%A9");
    EXPECT_EQ(query_param("q=al%20ice&page=2", "q"), "al ice");
    EXPECT_EQ(query_param("page=2", "q"), "");
    EXPECT_EQ(parse_page(""), 1);
    EXPECT_EQ(parse_page("game=x&page=12"), 12);
    for (const char* bad : {"page=0", "page=-1", "page=x", "page=02", "page=1000000", "page=1e3"})
        EXPECT_FALSE(parse_page(bad)) << bad;
    EXPECT_EQ(hide_nicks(std::string("bobby draws; bobby2, xbobby and [bobby] stay, (bobby) not"),
                         std::vector<std::string>{"bobby"}),
              "someone hidden draws; bobby2, xbobby and [bobby] stay, (someone hidden) not");
}

TEST_F(PlacesTest, AChannelsPageListsItsGamesAndItsLadder) {
    play(*db, *e8, 1, "#Cards", table(1), 10000);
    play(*db, *e8, 2, "#cards", table(2), 10000);
    play(*db, *e8, 3, "#cards", table(3), 4);  // under way
    play(*db, *e8, 4, "#other", table(4), 10000);
    const Site s = site();
    const auto v = s.place("net", "#CARDS", 1, "");  // IRC's names know no case
    ASSERT_TRUE(v);
    EXPECT_EQ((*v)["place"].str(), "#cards");  // as its last game stored it
    ASSERT_EQ((*v)["open"].size(), 1u);
    EXPECT_EQ((*v)["open"].at(0)["id"].integer(), 3);
    ASSERT_EQ((*v)["recent"].size(), 2u);  // newest first, not #other's
    EXPECT_EQ((*v)["recent"].at(0)["id"].integer(), 2);
    EXPECT_EQ((*v)["recent"].at(1)["id"].integer(), 1);
    ASSERT_EQ((*v)["ladders"].size(), 1u);
    const Value& lines = (*v)["ladders"].at(0)["ladder"];
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines.at(0)["games"].integer(), 2);
    EXPECT_EQ(lines.at(0)["wins"].integer() + lines.at(1)["wins"].integer(), 2);
    // Its addresses: %23cards, and the bare name; the page and its JSON.
    for (const char* target : {"/channel/net/%23cards", "/channel/net/cards",
                               "/channel/net/%23cards/", "/api/channel/net/%23cards"}) {
        const Response r = s.get(target);
        EXPECT_EQ(r.status, 200) << target;
        EXPECT_NE(r.body.find(target[1] == 'a' ? "\"id\":3," : "href=\"/game/3\""),
                  std::string::npos)
            << target;
    }
    EXPECT_EQ(s.get("/api/channel/net/cards").content_type, "application/json");
    // Every place a channel is named links to its page.
    const std::string link = "href=\"/channel/net/%23cards\"";
    EXPECT_NE(s.get("/").body.find(link), std::string::npos);
    EXPECT_NE(s.get("/player/1").body.find(link), std::string::npos);
    EXPECT_NE(s.get("/game/2").body.find(link), std::string::npos);
    EXPECT_NE(s.get("/game/3").body.find(link), std::string::npos);
    // Unknown or bad: 404 under a clear title.
    for (const char* target :
         {"/channel/net/%23nowhere", "/channel/elsewhere/%23cards", "/channel/net/", "/channel/net",
          "/channel/net/%2", "/api/channel/x"}) {
        const Response r = s.get(target);
        EXPECT_EQ(r.status, 404) << target;
        if (target[1] != 'a') {
            EXPECT_NE(r.body.find("<h1>No such channel</h1>"), std::string::npos) << target;
        }
    }
    // A game's private place is no channel.
    solo(9, "alice", kAnnKey);
    EXPECT_EQ(s.get("/channel/net/alice").status, 404);
}

TEST_F(PlacesTest, AChannelNameHoldingMarkupStaysText) {
    play(*db, *e8, 1, "#<b>x</b>\"'", table(1), 10000);
    const Site s = site();
    const std::string target = "/channel/net/" + url_encode("#<b>x</b>\"'");
    const Response r = s.get(target);
    ASSERT_EQ(r.status, 200);
    EXPECT_EQ(r.body.find("<b>x"), std::string::npos);
    EXPECT_NE(r.body.find("<h1>#&lt;b&gt;x&lt;/b&gt;&quot;&#39;</h1>"), std::string::npos);
    EXPECT_EQ(s.get("/api" + target).body.find("<b>"), std::string::npos);
    // The front page's link to it is encoded, so the markup is neither in the address.
    EXPECT_NE(s.get("/").body.find("href=\"/channel/net/%23%3Cb%3Ex%3C%2Fb%3E%22%27\""),
              std::string::npos);
}

TEST_F(PlacesTest, GamesAreInPagesAndFilteredByGame) {
    for (int i = 1; i <= 33; ++i)
        play(*db, *e8, i, "#cards", table(static_cast<std::uint64_t>(i)), 10000);
    for (int i = 34; i <= 36; ++i) solo(i, "alice", kAnnKey);
    const Site s = site();
    const Value first = s.index();
    ASSERT_EQ(first["recent"].size(), 30u);
    EXPECT_EQ(first["recent"].at(0)["id"].integer(), 36);
    EXPECT_TRUE(first["more"].boolean());
    const Value second = s.index(2, "");
    ASSERT_EQ(second["recent"].size(), 6u);
    EXPECT_EQ(second["recent"].at(0)["id"].integer(), 6);
    EXPECT_FALSE(second["more"].boolean());
    // Plain links: older on the first page, newer on the second.
    EXPECT_NE(s.get("/").body.find("href=\"/?page=2\""), std::string::npos);
    EXPECT_NE(s.get("/?page=2").body.find("href=\"/\""), std::string::npos);
    // By game: Spider's three only.
    const Value spiders = s.index(1, "spider");
    ASSERT_EQ(spiders["recent"].size(), 3u);
    EXPECT_FALSE(spiders["more"].boolean());
    EXPECT_EQ(s.get("/?game=Spider").status, 200);
    EXPECT_NE(s.get("/?game=spider&page=1").body.find("<strong>Spider</strong>"),
              std::string::npos);
    EXPECT_NE(s.get("/").body.find("href=\"/?game=spider\""), std::string::npos);
    // A player's games and a channel's, the same way.
    const auto p2 = s.player(1, 2, "");
    ASSERT_TRUE(p2);
    EXPECT_EQ((*p2)["recent"].size(), 6u);
    EXPECT_EQ(s.player(1, 1, "spider").value()["recent"].size(), 3u);
    EXPECT_NE(s.get("/player/1").body.find("href=\"/player/1?page=2\""), std::string::npos);
    EXPECT_EQ(s.place("net", "#cards", 2, "")->operator[]("recent").size(), 3u);
    EXPECT_NE(s.get("/channel/net/%23cards?page=2").body.find("href=\"/channel/net/%23cards\""),
              std::string::npos);
    // Slips: a page that is not a number from 1 is 400, one past the last 404, a game that is
    // not one 400.
    for (const char* target : {"/?page=0", "/?page=abc", "/api/?page=-2", "/player/1?page=x",
                               "/top/e8?page=0", "/?game=chess", "/channel/net/%23cards?game=x"}) {
        const Response r = s.get(target);
        EXPECT_EQ(r.status, 400) << target;
        if (target[1] != 'a') {
            EXPECT_NE(r.body.find("<h1>Bad request</h1>"), std::string::npos) << target;
        }
    }
    for (const char* target : {"/?page=3", "/player/1?page=3", "/channel/net/cards?page=3",
                               "/top/e8?page=2", "/api/?page=9"})
        EXPECT_EQ(s.get(target).status, 404) << target;
}

TEST_F(PlacesTest, ALadderIsInPagesOfAHundredRankedAcrossThem) {
    for (int i = 1; i <= 102; ++i) solo(i, fmt::format("p{}", i), fmt::format("h:p{}@x", i));
    const Site s = site();
    std::string word;
    const auto one = s.top("spider", 1);
    ASSERT_TRUE(one);
    const auto two = s.top("spider", 2);
    ASSERT_TRUE(two);
    EXPECT_TRUE((*one)["more"].boolean());
    EXPECT_FALSE((*two)["more"].boolean());
    std::size_t first = 0, second = 0;
    long long last_rank = 0;
    for (const auto& var : (*one)["variants"].items()) first += var["ladder"].size();
    for (const auto& var : (*two)["variants"].items()) {
        second += var["ladder"].size();
        for (const auto& l : var["ladder"].items()) last_rank = l["rank"].integer();
    }
    EXPECT_EQ(first + second, 102u);
    EXPECT_GT(second, 0u);
    EXPECT_GT(last_rank, 100);  // ranks go on across pages
    EXPECT_NE(s.get("/top/spider").body.find("href=\"/top/spider?page=2\""), std::string::npos);
}

TEST_F(PlacesTest, PlayerSearchFindsNicksAndSaysWhenTooShort) {
    remember(*db, "h:c@x", "Alicia", "c@x");
    remember(*db, "h:d@x", "<i>al</i>", "d@x");
    const Site s = site();
    const Value v = s.players("ALI", 1);
    ASSERT_EQ(v["found"].size(), 2u);
    EXPECT_EQ(v["found"].at(0)["nick"].str(), "alice");
    EXPECT_EQ(v["found"].at(0)["id"].integer(), 1);
    EXPECT_EQ(v["found"].at(1)["nick"].str(), "Alicia");
    const Response page = s.get("/players?q=ali");
    EXPECT_EQ(page.status, 200);
    EXPECT_NE(page.body.find("href=\"/player/1\""), std::string::npos);
    EXPECT_NE(page.body.find("value=\"ali\""), std::string::npos);
    const Response markup = s.get("/players?q=%3Ci%3E");
    EXPECT_EQ(markup.body.find("<i>al"), std::string::npos);
    EXPECT_NE(markup.body.find("&lt;i&gt;al&lt;/i&gt;"), std::string::npos);
    EXPECT_EQ(s.get("/api/players?q=zz").body,
              "{\"q\":\"zz\",\"page\":1,\"more\":false,\"found\":[]}");
    // Too short: one clear line, 400; no search at all: the form.
    const Response shortq = s.get("/players?q=a");
    EXPECT_EQ(shortq.status, 400);
    EXPECT_NE(shortq.body.find("at least 2 characters"), std::string::npos);
    EXPECT_EQ(s.get("/players").status, 200);
    EXPECT_EQ(s.get("/players?q=al&page=2").status, 404);
    EXPECT_EQ(s.get("/players?q=%zz").status, 400);
    // Every page has the search box: a plain form.
    EXPECT_NE(s.get("/").body.find("<form action=\"/players\" method=\"get\""), std::string::npos);
    // Fifty a page.
    for (int i = 0; i < 55; ++i)
        remember(*db, fmt::format("h:z{}@x", i), fmt::format("zed{:02}", i), "z@x");
    EXPECT_EQ(s.players("zed", 1)["found"].size(), 50u);
    EXPECT_TRUE(s.players("zed", 1)["more"].boolean());
    EXPECT_EQ(s.players("zed", 2)["found"].size(), 5u);
}

TEST_F(PlacesTest, AHiddenPlayerIsNamedNowhereAndTheirPrivateGamesAreNotListed) {
    play(*db, *e8, 1, "#cards", table(1), 10000);
    play(*db, *e8, 2, "#cards", table(2), 4);  // under way
    solo(3, "bobby", kBobKey);
    solo(4, "alice", kAnnKey);
    db->set_pref("net", kBobKey, "web", "hide");
    const Site s = site();
    // No page of theirs; not found by a search.
    const Response page = s.get("/player/2");
    EXPECT_EQ(page.status, 404);
    EXPECT_NE(page.body.find("This player has chosen not to be shown."), std::string::npos);
    EXPECT_EQ(s.get("/api/player/2").status, 404);
    EXPECT_EQ(s.players("bob", 1)["found"].size(), 0u);
    // Their private game is listed nowhere; alice's is.
    const Value idx = s.index();
    for (const auto& g : idx["recent"].items()) EXPECT_NE(g["id"].integer(), 3);
    EXPECT_EQ(idx["recent"].size(), 2u);  // games 4 and 1
    EXPECT_EQ(s.index(1, "spider")["recent"].size(), 1u);
    // Their channel games are listed, without their name, on every page and in its JSON.
    for (const char* target : {"/", "/api/", "/game/1", "/api/game/1", "/game/2", "/api/game/2",
                               "/game/3", "/channel/net/cards", "/api/channel/net/cards", "/top/e8",
                               "/api/top/e8", "/top/spider", "/player/1"}) {
        const Response r = s.get(target);
        EXPECT_EQ(r.status, 200) << target;
        EXPECT_EQ(r.body.find("bobby"), std::string::npos) << target;
        EXPECT_EQ(r.body.find("/player/2\""), std::string::npos) << target;
    }
    EXPECT_NE(s.get("/game/1").body.find("someone hidden"), std::string::npos);
    EXPECT_NE(s.get("/game/2").body.find("someone hidden"), std::string::npos);
    // The table under way's live stream too (its view, whose turn, its last moves).
    const auto live = s.live(2);
    ASSERT_TRUE(live);
    EXPECT_EQ(live->dump().find("bobby"), std::string::npos) << live->dump();
    EXPECT_NE(live->dump().find("someone hidden"), std::string::npos) << live->dump();
    // Their ladder lines are left out: alice alone, first.
    const auto top = s.top("exordia8", 1);
    ASSERT_TRUE(top);
    ASSERT_EQ((*top)["variants"].at(0)["ladder"].size(), 1u);
    EXPECT_EQ((*top)["variants"].at(0)["ladder"].at(0)["nick"].str(), "alice");
    EXPECT_EQ((*top)["variants"].at(0)["ladder"].at(0)["rank"].integer(), 1);
    // `set web show`: all back at once.
    db->set_pref("net", kBobKey, "web", "show");
    EXPECT_EQ(s.get("/player/2").status, 200);
    EXPECT_NE(s.get("/game/1").body.find("bobby"), std::string::npos);
    EXPECT_EQ(s.index()["recent"].size(), 3u);
}
