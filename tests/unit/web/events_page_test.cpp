// The events' pages (bot/web/site_events.cpp): /events lists an event by its state,
// /event/<id> gives standings, the crosstable and each round's pairings with links to the
// games; a nick holding markup stays text; a game under way is linked, never shown.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "bot/web/site.hpp"
#include "tests/unit/web/fixture.hpp"

using namespace croupier;
using namespace croupier::bot;
using namespace croupier::bot::web;
using namespace croupier::bot::web::test;

namespace {

class EventsPageTest : public ::testing::Test {
  protected:
    void SetUp() override {
        path = (dir.path / "croupier.db").string();
        db = std::make_unique<storage::Database>(path);
        kinds = all_kinds();
        remember(*db, "h:a@x", "ann", "a@x");
        remember(*db, "h:b@x", "<b>ben</b>", "b@x");
        remember(*db, "h:c@x", "cy", "c@x");
        storage::EventRow e;
        e.network = "net";
        e.channel = "#cards";
        e.kind = "vcg";
        e.format = "swiss";
        e.rounds = 2;
        e.opener = "h:a@x";
        e.opener_nick = "ann";
        e.state = "running";
        e.created = 1700000000;
        id = db->event_open(e);
        db->event_state(id, "running", 1700000100, 0, 0);
        db->event_join(id, 0, "h:a@x", "ann");
        db->event_join(id, 1, "h:b@x", "<b>ben</b>");
        db->event_join(id, 2, "h:c@x", "cy");
        // Round 1: ann beat ben (game 7); cy a bye. Round 2: ann v cy under way (game 8).
        storage::EventGameRow g;
        g.seats = {0, 1};
        db->event_pairing(id, g);
        storage::EventGameRow bye;
        bye.board = 1;
        bye.seats = {2};
        bye.bye = "full";
        db->event_pairing(id, bye);
        db->event_dealt(id, 0, 0, 7);
        db->event_settle(id, 0, 0, {1, 2}, false, false);
        storage::EventGameRow next;
        next.round = 1;
        next.seats = {2, 0};
        db->event_pairing(id, next);
        db->event_dealt(id, 1, 0, 8);
    }
    TempDir dir;
    std::string path;
    std::unique_ptr<storage::Database> db;
    std::vector<std::shared_ptr<GameKind>> kinds;
    std::int64_t id = 0;
};

TEST_F(EventsPageTest, AnEventUnderWayShowsStandingsCrosstableAndPairings) {
    const Site s(path, kinds, "", [] { return 1700000500; });
    const auto v = s.event(id);
    ASSERT_TRUE(v);
    EXPECT_EQ((*v)["state"].str(), "running");
    EXPECT_EQ((*v)["progress"].str(), "round 2 of 2 under way");
    ASSERT_EQ((*v)["standings"].size(), 3u);
    // ann 1 (a win) and cy 1 (a bye) ahead of ben 0.
    EXPECT_EQ((*v)["standings"].items()[0]["points"].str(), "1");
    EXPECT_EQ((*v)["standings"].items()[1]["points"].str(), "1");
    EXPECT_EQ((*v)["standings"].items()[2]["nick"].str(), "<b>ben</b>");
    EXPECT_EQ((*v)["standings"].items()[2]["points"].str(), "0");
    ASSERT_EQ((*v)["pairings"].size(), 2u);
    EXPECT_EQ((*v)["pairings"].items()[1]["games"].items()[0]["state"].str(), "playing");
    EXPECT_EQ((*v)["pairings"].items()[0]["games"].items()[1]["state"].str(), "bye");
    ASSERT_EQ((*v)["crosstable"].size(), 3u);

    const std::string page = s.get(fmt::format("/event/{}", id)).body;
    EXPECT_NE(page.find("href=\"/game/7\""), std::string::npos) << page;
    EXPECT_NE(page.find("href=\"/game/8\""), std::string::npos) << page;
    EXPECT_NE(page.find("under way"), std::string::npos);
    EXPECT_NE(page.find("Crosstable"), std::string::npos);
    EXPECT_EQ(page.find("<b>ben</b>"), std::string::npos) << "markup in a nick stays text";
    EXPECT_NE(page.find("&lt;b&gt;ben&lt;/b&gt;"), std::string::npos);
    const auto api = s.get(fmt::format("/api/event/{}", id));
    EXPECT_EQ(api.content_type, "application/json");
    EXPECT_NE(api.body.find("\"standings\""), std::string::npos);
}

TEST_F(EventsPageTest, TheListSaysWhereEachEventIs) {
    const Site s(path, kinds, "", [] { return 1700000500; });
    auto v = s.events();
    EXPECT_EQ(v["running"].size(), 1u);
    EXPECT_EQ(v["upcoming"].size(), 0u);
    EXPECT_EQ(v["running"].items()[0]["players"].integer(), 3);
    db->event_state(id, "over", 1700000100, 0, 1700000900);
    v = s.events();
    EXPECT_EQ(v["running"].size(), 0u);
    ASSERT_EQ(v["recent"].size(), 1u);
    const std::string page = s.get("/events").body;
    EXPECT_NE(page.find(fmt::format("href=\"/event/{}\"", id)), std::string::npos) << page;
    EXPECT_EQ(s.get("/event/99").status, 404);
    EXPECT_EQ(s.get("/event/x").status, 400);
}

}  // namespace

TEST_F(EventsPageTest, AHiddenPlayerIsNamedNowhereOnTheEventsPages) {
    db->set_pref("net", "h:a@x", "web", "hide");  // ann opened it and plays in it
    const Site s(path, kinds, "", [] { return 1700000500; });
    const std::vector<std::string> targets = {
        "/events", "/api/events", fmt::format("/event/{}", id), fmt::format("/api/event/{}", id)};
    for (const auto& target : targets) {
        const Response r = s.get(target);
        EXPECT_EQ(r.status, 200) << target;
        EXPECT_EQ(r.body.find(">ann<"), std::string::npos) << target;
        EXPECT_EQ(r.body.find("\"ann\""), std::string::npos) << target;
        if (target.find("/event/") != std::string::npos) {  // (the list names no player)
            EXPECT_NE(r.body.find("someone hidden"), std::string::npos) << target;
        }
        EXPECT_EQ(r.body.find("/player/1\""), std::string::npos) << target;
    }
}
