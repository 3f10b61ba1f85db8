// SPDX-License-Identifier: GPL-3.0-or-later
// The web pages' views and their JSON, on a real SQLite file written through the real
// storage code (docs/WEB.md).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>

#include "bot/daily/core.hpp"
#include "bot/web/json.hpp"
#include "bot/web/site.hpp"
#include "fixture.hpp"

using namespace croupier;
using namespace croupier::bot;
using namespace croupier::bot::web;
using namespace croupier::bot::web::test;

namespace {

GameSetup two_humans(const GameKind& k, std::uint64_t deal, const std::string& nick0,
                     const std::string& key0, const std::string& nick1, const std::string& key1) {
    GameSetup s = sample_setup(k, deal, 2);
    s.players = {nick0, nick1};
    s.persons = {key0, key1};
    s.computer = {false, false};
    return s;
}

class SiteTest : public ::testing::Test {
  protected:
    void SetUp() override {
        path = (dir.path / "croupier.db").string();
        db = std::make_unique<storage::Database>(path);
        kinds = all_kinds();
        e8 = find_kind(kinds, "exordia8");
        spider = find_kind(kinds, "spider");
        ASSERT_TRUE(e8 && spider);
        remember(*db, kEvilKey, "<script>alert(1)</script>", "evil@secret-host.example");
        remember(*db, kBobKey, "bob", "bob@bobs-host.example");
    }
    Site site() const { return Site(path, kinds, ""); }

    static constexpr const char* kEvilKey = "h:evil@secret-host.example";
    static constexpr const char* kBobKey = "h:bob@bobs-host.example";
    TempDir dir;
    std::string path;
    std::unique_ptr<storage::Database> db;
    std::vector<std::shared_ptr<GameKind>> kinds;
    const GameKind* e8 = nullptr;
    const GameKind* spider = nullptr;
};

}  // namespace

TEST(WebJson, EscapesSoNoTextCanCloseAScriptOrBreakTheJson) {
    Value v = Value::object();
    v.set("a", "</script><script>x & y\"\\\n\x01");
    v.set("bad", std::string("caf\xe9 \xff"));
    v.set("n", 12);
    v.set("big", static_cast<long long>(9007199254740993LL));
    v.set("none", Value());
    const std::string out = v.dump();
    EXPECT_EQ(out.find('<'), std::string::npos) << out;
    EXPECT_EQ(out.find('>'), std::string::npos) << out;
    EXPECT_EQ(out.find('&'), std::string::npos) << out;
    EXPECT_NE(out.find("\\u003c/script\\u003e"), std::string::npos) << out;
    EXPECT_NE(out.find("\\\"\\\\\\n\\u0001"), std::string::npos) << out;
    EXPECT_NE(out.find("caf\xEF\xBF\xBD \xEF\xBF\xBD"), std::string::npos) << out;
    EXPECT_NE(out.find("\"big\":9007199254740993"), std::string::npos) << out;
    EXPECT_NE(out.find("\"none\":null"), std::string::npos) << out;
    EXPECT_EQ(html("<a href='x'>\"&"), "&lt;a href=&#39;x&#39;&gt;&quot;&amp;");
}

TEST(WebJson, StripsIrcFormatting) {
    EXPECT_EQ(strip_formatting("\x02"
                               "bold\x0f \x03"
                               "04,01red\x03 \x03"
                               "5x \x1fu"),
              "bold red x u");
    EXPECT_EQ(strip_formatting("\x03"
                               "12,3 n"),
              " n");
}

TEST(WebIds, OnlyDigitsMakeAnId) {
    EXPECT_EQ(parse_id("12"), 12);
    EXPECT_FALSE(parse_id(""));
    EXPECT_FALSE(parse_id("-1"));
    EXPECT_FALSE(parse_id("1e3"));
    EXPECT_FALSE(parse_id("1234567890123456789"));
}

TEST_F(SiteTest, ChannelAndNickHoldingMarkupAreEscapedEverywhere) {
    play(*db, *e8, 1, "#<script>chan",
         two_humans(*e8, 11, "<script>alert(1)</script>", kEvilKey, "bob", kBobKey), 10000);
    play(*db, *e8, 2, "#<script>chan",
         two_humans(*e8, 12, "<script>alert(1)</script>", kEvilKey, "bob", kBobKey), 6);
    const Site s = site();
    const std::int64_t evil = 1;  // the first person remembered
    for (const std::string target :
         {"/", "/api/", "/top/exordia8", "/api/top/e8", "/game/1", "/api/game/1", "/game/2",
          "/api/game/2", "/player/1", "/api/player/1"}) {
        const Response r = s.get(target);
        EXPECT_EQ(r.status, 200) << target;
        EXPECT_EQ(r.body.find("<script>alert"), std::string::npos) << target;
        EXPECT_EQ(r.body.find("<script>chan"), std::string::npos) << target;
        // The person's key and user@host are never shown.
        EXPECT_EQ(r.body.find("secret-host"), std::string::npos) << target;
        EXPECT_EQ(r.body.find("bobs-host"), std::string::npos) << target;
        if (target.rfind("/api", 0) == 0)
            EXPECT_EQ(r.content_type, "application/json") << target;
        else {
            EXPECT_NE(r.body.find("&lt;script&gt;"), std::string::npos) << target;
            EXPECT_NE(r.body.find("<meta name=\"viewport\""), std::string::npos);
            EXPECT_EQ(r.body.find("src="), std::string::npos) << target;  // nothing loaded
            // The one link is the icon, a data: address.
            const auto link = r.body.find("<link");
            EXPECT_EQ(r.body.find("<link rel=\"icon\" href=\"data:image/svg+xml,"), link);
            EXPECT_EQ(r.body.find("<link", link + 1), std::string::npos) << target;
        }
    }
    EXPECT_NE(s.get("/player/1").body.find(fmt::format("/player/{}", evil)), std::string::npos);
}

TEST_F(SiteTest, AGameUnderWayShowsNoHandNoMovesAndNoDeal) {
    const Played p = play(*db, *e8, 7, "#cards",
                          two_humans(*e8, 4242424242ULL, "alice", kEvilKey, "bob", kBobKey), 5);
    ASSERT_FALSE(p.game->finished());
    const Site s = site();
    const auto v = s.game(7);
    ASSERT_TRUE(v);
    EXPECT_EQ((*v)["status"].str(), "open");
    EXPECT_EQ((*v)["moves"].integer(), 5);
    EXPECT_EQ((*v)["players"].size(), 2u);
    EXPECT_EQ((*v)["seal"].str(), e8->seal(4242424242ULL));
    EXPECT_TRUE((*v)["deal"].is_null());
    EXPECT_TRUE((*v)["journal"].is_null());
    EXPECT_TRUE((*v)["steps"].is_null());
    EXPECT_TRUE((*v)["hands"].is_null());
    // What the channel sees, for the live page: the table now, its last moves by what the
    // table was told (no move's own words), whose turn.
    const Value& live = (*v)["live"];
    ASSERT_FALSE(live.is_null());
    EXPECT_EQ(live["moves"].integer(), 5);
    EXPECT_EQ(live["last"].size(), 5u);
    EXPECT_TRUE(live["last"].at(0)["action"].is_null());
    std::string view, expected;
    for (const auto& l : live["view"].items()) view += l.str() + "\n";
    for (const auto& o : p.game->show_table())
        if (o.to == Out::To::Table) expected += strip_formatting(o.text) + "\n";
    EXPECT_EQ(view, expected);
    ASSERT_EQ(live["turn"].size(), 1u);
    EXPECT_NE(s.get("/game/7").body.find("id=\"live-view\""), std::string::npos);
    for (const std::string target : {"/game/7", "/api/game/7"}) {
        const std::string body = s.get(target).body;
        EXPECT_EQ(body.find("4242424242"), std::string::npos) << target;
        for (int seat = 0; seat < 2; ++seat)
            for (const auto& o : p.game->show_hand(seat)) {
                const std::string line = strip_formatting(o.text);
                if (line.size() <= 8) continue;
                EXPECT_EQ(body.find(html(line)), std::string::npos) << line;
                EXPECT_EQ(body.find(line), std::string::npos) << line;
            }
    }
    // The first page lists it under way, by kind and place.
    const Value idx = s.index();
    ASSERT_EQ(idx["open"].size(), 1u);
    EXPECT_EQ(idx["open"].at(0)["place"].str(), "#cards");
    EXPECT_EQ(idx["open"].at(0)["game"].str(), "exordia8");
}

TEST_F(SiteTest, AnEndedGameShowsEveryMoveEachStepTheHandsAndTheDeal) {
    const Played p = play(*db, *e8, 3, "#cards",
                          two_humans(*e8, 987654321ULL, "alice", kEvilKey, "bob", kBobKey), 10000);
    ASSERT_TRUE(p.game->finished());
    const Site s = site();
    const auto v = s.game(3);
    ASSERT_TRUE(v);
    EXPECT_TRUE((*v)["rebuilt"].boolean()) << (*v)["rebuild_error"].str();
    EXPECT_EQ((*v)["deal"].str(), "987654321");
    EXPECT_EQ((*v)["seal"].str(), e8->seal(987654321ULL));
    const auto journal = db->journal(3);
    ASSERT_FALSE(journal.empty());
    ASSERT_EQ((*v)["journal"].size(), journal.size());
    ASSERT_EQ((*v)["steps"].size(), journal.size() + 1);
    for (std::size_t i = 0; i < journal.size(); ++i)
        EXPECT_EQ((*v)["journal"].at(i)["action"].str(), journal[i].action);
    // The last step's view is the table as the game that was played shows it.
    std::string last;
    for (const auto& l : (*v)["steps"].at(journal.size())["view"].items()) last += l.str() + "\n";
    std::string expected;
    for (const auto& o : p.game->show_table())
        if (o.to == Out::To::Table) expected += strip_formatting(o.text) + "\n";
    EXPECT_EQ(last, expected);
    EXPECT_EQ((*v)["players"].at(0)["nick"].str(), "<script>alert(1)</script>");  // the nick now
    EXPECT_EQ((*v)["players"].at(0)["person"].integer(), 1);
    // Two humans: ratings moved, and each seat's rating after the game is there.
    EXPECT_FALSE((*v)["players"].at(0)["rating"].is_null());
    const std::string page = s.get("/game/3").body;
    // Each seat's result detail as words ("cards 0, hand 0"), not as stored ("cards=0 hand=0").
    const std::string stored = (*v)["players"].at(1)["detail"].str();
    ASSERT_EQ(stored.rfind("cards=", 0), 0u) << stored;
    EXPECT_EQ(page.find(">" + stored + "</td>"), std::string::npos);  // (the JSON keeps it)
    const auto space = stored.find(' ');
    const std::string words = "cards " + stored.substr(6, space - 6) + ", hand " +
                              stored.substr(stored.find('=', space) + 1);
    EXPECT_NE(page.find("<td data-l=\"detail\">" + words + "</td>"), std::string::npos) << words;
    EXPECT_NE(page.find("id=\"check\""), std::string::npos);
    EXPECT_NE(page.find("crypto.subtle.digest('SHA-256'"), std::string::npos);
    EXPECT_NE(page.find("ArrowLeft"), std::string::npos);
    // The one script element of data ends where it should: no text closes it early.
    const auto data = page.find("<script type=\"application/json\" id=\"game-data\">");
    ASSERT_NE(data, std::string::npos);
    const auto end = page.find("</script>", data);
    EXPECT_EQ(page.substr(data, end - data).find("<", 1), std::string::npos);
}

TEST_F(SiteTest, ThePlayerPageHasStatsRatingHistoryAndRecentGames) {
    play(*db, *e8, 1, "#cards", two_humans(*e8, 21, "alice", kEvilKey, "bob", kBobKey), 10000);
    play(*db, *e8, 2, "#cards", two_humans(*e8, 22, "alice", kEvilKey, "bob", kBobKey), 10000);
    const Site s = site();
    const auto v = s.player(2);  // bob
    ASSERT_TRUE(v);
    EXPECT_EQ((*v)["nick"].str(), "bob");
    ASSERT_EQ((*v)["stats"].size(), 1u);
    EXPECT_EQ((*v)["stats"].at(0)["games"].integer(), 2);
    ASSERT_EQ((*v)["rating_history"].size(), 1u);
    const Value& pts = (*v)["rating_history"].at(0)["points"];
    ASSERT_EQ(pts.size(), 2u);
    EXPECT_DOUBLE_EQ(pts.at(1)["rating"].real(), (*v)["stats"].at(0)["rating"].real());
    EXPECT_EQ((*v)["recent"].size(), 2u);
    EXPECT_EQ((*v)["recent"].at(0)["id"].integer(), 2);  // the newest first
    EXPECT_NE(s.get("/player/2").body.find("<svg"), std::string::npos);
}

TEST_F(SiteTest, SpiderLaddersBySuitCount) {
    GameSetup one = sample_setup(*spider, 5, 1);
    one.players = {"bob"};
    one.persons = {kBobKey};
    play(*db, *spider, 1, "bob", one, 3, spider->seating().as_private()->end_command());
    const Site s = site();
    const auto v = s.top("spider");
    ASSERT_TRUE(v);
    EXPECT_EQ((*v)["variants"].size(), spider->ladder().top_variants.size());
    std::size_t lines = 0;
    for (const auto& var : (*v)["variants"].items()) {
        lines += var["ladder"].size();
        for (const auto& l : var["ladder"].items()) {
            EXPECT_EQ(l["nick"].str(), "bob");
            EXPECT_EQ(l["person"].integer(), 2);
            EXPECT_EQ(var["variant"].str(), db->game(1)->variant);
        }
    }
    EXPECT_EQ(lines, 1u);
    EXPECT_NE(s.get("/top/spider").body.find("href=\"/player/2\""), std::string::npos);
    // 1, 2, 4 suits in that order; no rating where the game is not rated.
    ASSERT_EQ((*v)["variants"].size(), 3u);
    EXPECT_EQ((*v)["variants"].at(0)["word"].str(), "1");
    EXPECT_EQ((*v)["variants"].at(1)["word"].str(), "2");
    EXPECT_EQ((*v)["variants"].at(2)["word"].str(), "4");
    for (const auto& var : (*v)["variants"].items())
        for (const auto& l : var["ladder"].items()) EXPECT_TRUE(l["rating"].is_null());
    // Resigned after 3 moves: 3 moves, as IRC says, though the journal holds 4 entries.
    ASSERT_EQ(db->journal(1).size(), 4u);
    EXPECT_EQ(db->journal(1).back().action, "resign");
    const auto g = s.game(1);
    ASSERT_TRUE(g);
    EXPECT_EQ((*g)["moves"].integer(), 3);
    // Played in private: the place is not the player's nick.
    EXPECT_TRUE((*g)["private"].boolean());
    EXPECT_EQ((*g)["place"].str(), "");
    const std::string page = s.get("/game/1").body;
    EXPECT_NE(page.find("<td>in private on net</td>"), std::string::npos);
    EXPECT_EQ(s.get("/api/").body.find("\"place\":\"bob\""), std::string::npos);
}

TEST_F(SiteTest, HandsAtTheEndReadAsTheirOwnersAndEveryColumnHasAHeading) {
    play(*db, *e8, 3, "#cards", two_humans(*e8, 987654321ULL, "alice", kEvilKey, "bob", kBobKey),
         10000);
    const std::string page = site().get("/game/3").body;
    EXPECT_EQ(page.find("Your hand"), std::string::npos);
    EXPECT_NE(page.find("(no cards)"), std::string::npos);  // the winner went out
    EXPECT_EQ(page.find("<th></th>"), std::string::npos);
    for (const char* label : {"the deal", "the move before", "the next move", "the end"})
        EXPECT_NE(page.find(fmt::format("aria-label=\"{}\"", label)), std::string::npos);
    // Phones: the players' table is rows of labelled cells.
    EXPECT_NE(page.find("<table class=\"rows\"><tr class=\"head\"><th>seat</th>"),
              std::string::npos);
    EXPECT_NE(page.find("<td data-l=\"points\" class=\"n\">"), std::string::npos);
}

TEST_F(SiteTest, OneAddressPerPageAndAFavicon) {
    play(*db, *e8, 1, "#cards", two_humans(*e8, 5, "alice", kEvilKey, "bob", kBobKey), 10000);
    const Site s = site();
    EXPECT_EQ(s.get("/game/1").status, 200);
    EXPECT_EQ(s.get("/game/01").status, 404);
    EXPECT_EQ(s.get("/game/1/").status, 404);
    EXPECT_EQ(s.get("/api/game/1/").status, 404);
    EXPECT_EQ(s.get("/player/01").status, 404);
    const Response bad = s.get("/game/-1");
    EXPECT_EQ(bad.status, 400);
    EXPECT_NE(bad.body.find("<title>Bad request - croupier</title>"), std::string::npos);
    EXPECT_EQ(bad.body.find("Not found"), std::string::npos);
    const Response icon = s.get("/favicon.ico");
    EXPECT_EQ(icon.status, 200);
    EXPECT_EQ(icon.content_type, "image/svg+xml");
    EXPECT_EQ(icon.body.rfind("<svg", 0), 0u);
    EXPECT_NE(s.get("/").body.find("<link rel=\"icon\" href=\"data:image/svg+xml,"),
              std::string::npos);
}

TEST_F(SiteTest, UnknownThingsAre404AndMalformedIds400) {
    const Site s = site();
    EXPECT_EQ(s.get("/game/99").status, 404);
    EXPECT_EQ(s.get("/api/game/99").status, 404);
    EXPECT_EQ(s.get("/api/game/99").content_type, "application/json");
    EXPECT_EQ(s.get("/player/99").status, 404);
    EXPECT_EQ(s.get("/top/nosuchgame").status, 404);
    EXPECT_EQ(s.get("/nowhere").status, 404);
    EXPECT_EQ(s.get("/game/abc").status, 400);
    EXPECT_EQ(s.get("/api/player/-1").status, 400);
    EXPECT_EQ(s.get("/game/1%3Cx").status, 400);
    EXPECT_EQ(s.get("/top/E8").status, 200);  // an alias, any case
    EXPECT_EQ(s.get("/?x=1").status, 200);
}

TEST_F(SiteTest, LinksFollowThePublicUrlsPath) {
    const Site s(path, kinds, "https://example.org/cards");
    const std::string page = s.get("/").body;
    EXPECT_NE(page.find("href=\"/cards/top/exordia8\""), std::string::npos);
    EXPECT_NE(page.find("href=\"/cards/\""), std::string::npos);
}

// The page's own script, run by Node.js on a stand-in for the browser's document (skipped
// where there is no node): the step-through moves with the keys and buttons, and the seal
// is checked by WebCrypto against the deal.
TEST_F(SiteTest, ThePagesScriptStepsThroughAndChecksTheSeal) {
    if (std::system("node --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "no node";
    play(*db, *e8, 3, "#cards", two_humans(*e8, 987654321ULL, "alice", kEvilKey, "bob", kBobKey),
         10000);
    const std::string page = site().get("/game/3").body;
    const std::string open = "<script type=\"application/json\" id=\"game-data\">";
    const auto a = page.find(open);
    ASSERT_NE(a, std::string::npos);
    const auto b = page.find("</script><script>", a);
    const auto c = page.find("</script>", b + 17);
    ASSERT_NE(c, std::string::npos);
    const std::string json = page.substr(a + open.size(), b - a - open.size());
    const std::string script = page.substr(b + 17, c - b - 17);
    {
        std::ofstream(dir.path / "data.json") << json;
        std::ofstream(dir.path / "page.js") << script;
        std::ofstream(dir.path / "run.js") << R"JS(
const fs = require('fs');
const els = {};
const el = id => els[id] || (els[id] = {textContent: '', className: '', onclick: null});
els['game-data'] = {textContent: fs.readFileSync(process.argv[2] + '/data.json', 'utf8')};
let key = null;
global.document = {getElementById: el, addEventListener: (t, f) => { key = f; }};
global.window = {crypto: require('crypto').webcrypto};
global.crypto = window.crypto;
eval(fs.readFileSync(process.argv[2] + '/page.js', 'utf8'));
const out = [];
out.push('last ' + el('step').textContent.split('\n')[0]);
el('first').onclick();
out.push('home ' + el('step').textContent.split('\n')[0]);
key({key: 'ArrowRight', altKey: true, preventDefault() {}});
key({key: 'ArrowRight', ctrlKey: true, preventDefault() {}});
key({key: 'End', preventDefault() {}});
out.push('modified ' + el('step').textContent.split('\n')[0]);
key({key: 'ArrowRight', preventDefault() {}});
out.push('right ' + el('step').textContent.split('\n')[0]);
el('prev').onclick();
out.push('prev ' + el('view').textContent.length);
setTimeout(() => {
  out.push('check ' + el('check').className + ' ' + el('check').textContent);
  fs.writeFileSync(process.argv[2] + '/out.txt', out.join('\n') + '\n');
}, 300);
)JS";
    }
    ASSERT_EQ(
        std::system(("node " + (dir.path / "run.js").string() + " " + dir.path.string()).c_str()),
        0);
    std::ifstream in(dir.path / "out.txt");
    std::string out((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto moves = db->journal(3).size();
    EXPECT_NE(out.find(fmt::format("last Move {0} of {0}: ", moves)), std::string::npos) << out;
    EXPECT_NE(out.find("home The deal\n"), std::string::npos) << out;
    // Alt/Ctrl+arrow are the browser's (back, forward), Home and End scroll: no step.
    EXPECT_NE(out.find("modified The deal\n"), std::string::npos) << out;
    EXPECT_NE(out.find(fmt::format("right Move 1 of {}: ", moves)), std::string::npos) << out;
    EXPECT_EQ(out.find("prev 0\n"), std::string::npos) << out;  // the deal's view has lines
    EXPECT_NE(out.find("check ok Checked in your browser: SHA-256 of 987654321 is the seal"),
              std::string::npos)
        << out;
}

// A kind whose players gain experience ranks its ladder by it and shows each line's level
// by the kind's own rule (Ladder::level_of_xp), the web naming no game.
TEST_F(SiteTest, AnExperienceLadderShowsLevelsByTheKindsRule) {
    const GameKind* enc = find_kind(kinds, "encounters");
    ASSERT_NE(enc, nullptr);
    GameSetup setup = sample_setup(*enc, 7, 1);
    setup.players[0] = "bob";
    setup.persons[0] = kBobKey;
    const Played p = play(*db, *enc, 1, "bob", setup, 20000);
    ASSERT_TRUE(p.game->finished());
    const auto v = site().top("encounters");
    ASSERT_TRUE(v);
    ASSERT_TRUE((*v)["by_experience"].boolean());
    bool seen = false;
    for (const auto& var : (*v)["variants"].items())
        for (const auto& l : var["ladder"].items()) {
            if (l["nick"].str() != "bob") continue;
            seen = true;
            ASSERT_GT(l["experience"].integer(), 0);
            EXPECT_EQ(l["level"].integer(), enc->ladder().level_of_xp(l["experience"].integer()));
            EXPECT_GE(l["level"].integer(), 1);
        }
    EXPECT_TRUE(seen);
}

// The daily deal (issue 44): an ended daily game's page and JSON tell neither its deal nor its
// moves until its day (UTC) is over; the day's page has the seal, the ladder, and once over
// the deal and links to the ranked games.
TEST_F(SiteTest, ADailyDealIsSealedUntilItsDayIsOverThenShown) {
    const std::string day = "2026-11-28";
    const std::int64_t start = *daily::day_start(day);
    db->set_value("daily.secret", "test-secret");
    const std::uint64_t deal = daily::deal_for("test-secret", "spider", "4suit", day);
    GameSetup setup = sample_setup(*spider, deal, 1);
    setup.players = {"bob"};
    setup.persons = {kBobKey};
    setup.variant = "4suit";
    setup.options["daily"] = day;
    setup.options["daily.seal"] = daily::seal_of(deal);
    const Played p = play(*db, *spider, 9, "bob", setup, 3, "resign");
    ASSERT_TRUE(p.game->finished());
    db->daily_add(9, "net", "spider", "4suit", day, kBobKey);
    db->daily_end(9, false, 3, start + 100);
    const std::string number = std::to_string(deal);

    const Site during(path, kinds, "", [&] { return start + 3600; });
    const auto v = during.game(9);
    ASSERT_TRUE(v);
    EXPECT_EQ((*v)["status"].str(), "open");
    EXPECT_EQ((*v)["seal"].str(), daily::seal_of(deal));
    EXPECT_TRUE((*v)["deal"].is_null());
    EXPECT_TRUE((*v)["journal"].is_null());
    for (const std::string target :
         {"/game/9", "/api/game/9", "/daily/spider/2026-11-28", "/api/daily/spider/2026-11-28"})
        EXPECT_EQ(during.get(target).body.find(number), std::string::npos) << target;
    const auto d = during.daily("spider", day);
    ASSERT_TRUE(d);
    EXPECT_FALSE((*d)["over"].boolean());
    const Value& four = (*d)["variants"].at(0);
    EXPECT_EQ(four["variant"].str(), "4suit");
    EXPECT_EQ(four["seal"].str(), daily::seal_of(deal));
    ASSERT_EQ(four["ladder"].size(), 1u);
    EXPECT_EQ(four["ladder"].at(0)["nick"].str(), "bob");
    EXPECT_EQ(four["ladder"].at(0)["moves"].integer(), 3);
    EXPECT_TRUE(four["ladder"].at(0)["game_id"].is_null());

    const Site after(path, kinds, "", [&] { return start + 86400; });
    EXPECT_EQ((*after.game(9))["deal"].str(), number);
    const auto d2 = after.daily("spider", day);
    EXPECT_EQ((*d2)["variants"].at(0)["deal"].str(), number);
    EXPECT_EQ((*d2)["variants"].at(0)["ladder"].at(0)["game_id"].integer(), 9);
    EXPECT_NE(after.get("/daily/spider/2026-11-28").body.find("/game/9"), std::string::npos);
    // Not a game with a daily deal, not a day: 404.
    EXPECT_EQ(after.get("/daily/exordia8/2026-11-28").status, 404);
    EXPECT_EQ(after.get("/daily/spider/2026-13-01").status, 404);
}
