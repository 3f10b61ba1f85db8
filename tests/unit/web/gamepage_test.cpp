// SPDX-License-Identifier: GPL-3.0-or-later
// A game's page as people read it (issue 46, docs/WEB.md): every game's moves in its own
// notation (Game::move_text), each step what the table was told of that move alone (the human
// move and the computer's replies each a step), times as <time> in UTC with the reader's zone
// left to the page's script, the rating plot's dates, points and provisional mark, provisional
// players after the others on a ladder, and the first page's games under way as a live view.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "bot/web/page.hpp"
#include "bot/web/site.hpp"
#include "tests/unit/web/fixture.hpp"

namespace croupier::bot::web {
namespace {

using test::play;
using test::Played;

class GamePageTest : public ::testing::Test {
  protected:
    void SetUp() override {
        path = (dir.path / "croupier.db").string();
        db = std::make_unique<storage::Database>(path);
        kinds = test::all_kinds();
    }
    Site site() const { return Site(path, kinds, ""); }
    const GameKind& kind(const std::string& name) const {
        const GameKind* k = find_kind(kinds, name);
        EXPECT_NE(k, nullptr) << name;
        return *k;
    }
    // A game of `name` with `people` persons (and the kind's computer opponent), played by
    // the filler moves to its end (a private game: `end` after `moves` moves).
    Played ended(const std::string& name, std::int64_t id, int people, std::uint64_t deal,
                 int moves = 100000, const std::string& end = "") {
        const GameKind& k = kind(name);
        GameSetup setup = sample_setup(k, deal, people);
        const std::string place = k.in_private() ? setup.players[0] : "#cards";
        return play(*db, k, id, place, setup, moves, end);
    }

    test::TempDir dir;
    std::string path;
    std::unique_ptr<storage::Database> db;
    std::vector<std::shared_ptr<GameKind>> kinds;
};

bool starts(const std::string& text, const std::vector<std::string>& words) {
    return std::any_of(words.begin(), words.end(),
                       [&](const std::string& w) { return text.rfind(w, 0) == 0; });
}

// Each game's moves as its notation, never the command as typed, and each a link to its step.
TEST_F(GamePageTest, EveryGamesMovesAreWrittenInItsNotation) {
    struct Case {
        std::string kind;
        int people;
        int moves;
        std::string end;
        std::vector<std::string> words;  // how its moves begin
    };
    const std::vector<Case> cases = {
        {"exordia8", 2, 100000, "", {"plays ", "draws", "passes", "leaves"}},
        {"spider", 1, 6, "resign", {"moves ", "deals", "undoes", "resigns"}},
        {"vcg", 1, 100000, "", {"plays "}},
        {"adventurer",
         1,
         100000,
         "",
         {"plays ", "uses ", "discards ", "cycles ", "attacks", "parleys", "ends the turn",
          "passes", "offers a draw", "accepts the draw", "gives up", "(no answer"}},
        {"encounters",
         1,
         100000,
         "",
         {"moves ", "deals", "redeals", "waits", "uses ", "makes a move", "flees"}},
    };
    std::int64_t id = 0;
    for (const auto& c : cases) {
        ++id;
        const Played p =
            ended(c.kind, id, c.people, 40 + static_cast<std::uint64_t>(id), c.moves, c.end);
        const auto v = site().game(id);
        ASSERT_TRUE(v) << c.kind;
        ASSERT_TRUE((*v)["rebuilt"].boolean()) << c.kind << (*v)["rebuild_error"].str();
        const Value& journal = (*v)["journal"];
        ASSERT_GT(journal.size(), 0u) << c.kind;
        const std::string page = site().get("/game/" + std::to_string(id)).body;
        for (std::size_t i = 0; i < journal.size(); ++i) {
            const Value& m = journal.at(i);
            const std::string text = m["text"].str(), action = m["action"].str();
            EXPECT_TRUE(starts(text, c.words)) << c.kind << ": " << action << " is " << text;
            if (action != "pass" && action != "draw" && action != "deal" && action != "undo") {
                EXPECT_NE(text, action) << c.kind;  // not the command as typed
            }
            EXPECT_EQ((*v)["steps"].at(i + 1)["text"].str(), text) << c.kind;
            // The list of moves: each a link to its step, in the notation.
            const std::string item =
                fmt::format("<li id=\"m{0}\"><a href=\"#m{0}\">{1}</a></li>", m["seq"].integer(),
                            html(m["nick"].str() + " " + text));
            EXPECT_NE(page.find(item), std::string::npos) << c.kind << ": " << item;
        }
    }
}

// Exordia8 names the card played, as the table was told it, and the suit an 8 names.
TEST_F(GamePageTest, ExordiaMovesNameTheirCards) {
    const Played p = ended("exordia8", 1, 3, 77);
    const auto v = site().game(1);
    ASSERT_TRUE(v);
    int plays = 0;
    for (const auto& m : (*v)["journal"].items()) {
        const std::string a = m["action"].str(), t = m["text"].str();
        if (a.rfind("play ", 0) != 0) continue;
        ++plays;
        // "play 10h" is "plays 10♥"; "play 8s d" is "plays 8♠ and names diamonds".
        EXPECT_EQ(t.find("plays "), 0u) << t;
        EXPECT_TRUE(t.find("♠") != std::string::npos || t.find("♥") != std::string::npos ||
                    t.find("♦") != std::string::npos || t.find("♣") != std::string::npos ||
                    t.find("Joker") != std::string::npos)
            << a << " is " << t;
        if (a.size() > 8 && a.rfind("play 8", 0) == 0) {
            EXPECT_NE(t.find(" and names "), std::string::npos) << a << " is " << t;
        }
    }
    EXPECT_GT(plays, 5);
}

// A table with computer players: the game holds the table's lines while computers play and
// tells them with the move after which a person plays; on the page each move is a step with
// what was said of it (not all of it on the last).
TEST_F(GamePageTest, AgainstTheComputerEachMoveIsAStepWithItsOwnWords) {
    const GameKind& k = kind("exordia8");
    GameSetup setup = sample_setup(k, 91, 3);
    setup.computer = {false, true, true};
    setup.persons = {setup.persons[0], "", ""};
    setup.players = {"ann", "Bot1", "Bot2"};
    const Played p = play(*db, k, 1, "#cards", setup, 100000);
    ASSERT_TRUE(p.game->finished());
    const auto v = site().game(1);
    ASSERT_TRUE(v);
    const Value& steps = (*v)["steps"];
    ASSERT_GT(steps.size(), 6u);
    for (std::size_t i = 1; i < steps.size(); ++i) {
        const Value& s = steps.at(i);
        ASSERT_GT(s["said"].size(), 0u)
            << "step " << i << ": " << s["nick"].str() << " " << s["action"].str();
        // Its words are its own move's: the mover is named first ("Bot1 plays 7♣ ...").
        const std::string said = s["said"].at(0).str();
        EXPECT_EQ(said.rfind(s["nick"].str(), 0), 0u) << "step " << i << ": " << said;
    }
}

// An encounter against the computer's enemy: each of the enemy's moves is a step of its own.
TEST_F(GamePageTest, AnEnemysMovesAreStepsOfTheirOwn) {
    const Played p = ended("encounters", 1, 1, 7);
    ASSERT_TRUE(p.game->finished());
    const auto v = site().game(1);
    ASSERT_TRUE(v);
    int enemy = 0;
    const Value& journal = (*v)["journal"];
    for (std::size_t i = 0; i < journal.size(); ++i) {
        if (journal.at(i)["seat"].integer() != 1) continue;
        ++enemy;
        EXPECT_GT((*v)["steps"].at(i + 1)["said"].size(), 0u) << "move " << i + 1;
    }
    EXPECT_GT(enemy, 0);
}

// Every time is a <time> element: its datetime and title in UTC, its text UTC until the
// page's script writes it in the reader's zone.
TEST_F(GamePageTest, TimesAreTimeElementsInUtc) {
    ended("exordia8", 1, 2, 5);
    const Site s = site();
    // play() starts game 1 at 1700000001 (2023-11-14 22:13:21 UTC), ends it 1000 s later.
    const std::string started =
        "<time datetime=\"2023-11-14T22:13:21Z\" title=\"2023-11-14 22:13 UTC\">2023-11-14 "
        "22:13 UTC</time>";
    const std::string ended_at =
        "<time datetime=\"2023-11-14T22:30:01Z\" title=\"2023-11-14 22:30 UTC\">2023-11-14 "
        "22:30 UTC</time>";
    for (const std::string target : {"/game/1", "/", "/player/1"}) {
        const std::string page = s.get(target).body;
        EXPECT_NE(page.find(ended_at), std::string::npos) << target;
        EXPECT_NE(page.find(kTimeScript), std::string::npos) << target;
    }
    EXPECT_NE(s.get("/game/1").body.find(started), std::string::npos);
    // A page without a time has no script for them.
    EXPECT_EQ(s.get("/top/exordia8").body.find(kTimeScript), std::string::npos);
    EXPECT_EQ(when(0).markup, "");
}

// The rating plot: the first and last days, a point per game titled with its date, rating and
// game, hollow points on a dashed line while the rating is provisional (its first 4 games).
TEST_F(GamePageTest, TheRatingPlotHasDatesPointsAndAProvisionalMark) {
    const GameKind& k = kind("exordia8");
    for (int i = 1; i <= 6; ++i) {
        GameSetup setup = sample_setup(k, 200 + static_cast<std::uint64_t>(i), 2);
        play(*db, k, i, "#cards", setup, 100000);
    }
    const Site s = site();
    const auto v = s.player(1);
    ASSERT_TRUE(v);
    const Value& pts = (*v)["rating_history"].at(0)["points"];
    ASSERT_EQ(pts.size(), 6u);
    const std::string page = s.get("/player/1").body;
    auto count = [&](const std::string& what) {
        std::size_t n = 0;
        for (auto at = page.find(what); at != std::string::npos; at = page.find(what, at + 1)) ++n;
        return n;
    };
    EXPECT_EQ(count("<circle "), 6u);
    EXPECT_EQ(count("fill=\"none\" stroke=\"#c33\" stroke-width=\"1.5\""), 4u);  // hollow
    EXPECT_EQ(count("stroke-dasharray"), 1u);
    EXPECT_NE(
        page.find(fmt::format("<title>{}: {:.0f} after game #1 (provisional)</title>",
                              when_text(pts.at(0)["at"].integer()), pts.at(0)["rating"].real())),
        std::string::npos)
        << page;
    EXPECT_NE(
        page.find(fmt::format("<title>{}: {:.0f} after game #6</title>",
                              when_text(pts.at(5)["at"].integer()), pts.at(5)["rating"].real())),
        std::string::npos);
    EXPECT_NE(page.find(">2023-11-14</text>"), std::string::npos);  // the day under the plot
    // Six games: no longer provisional.
    EXPECT_FALSE((*v)["stats"].at(0)["provisional"].boolean());
}

// On a rated game's ladder a player of fewer than 5 games is listed after every other, and
// marked "?"; a game that is not rated marks none.
TEST_F(GamePageTest, ProvisionalPlayersComeAfterTheOthersOnALadder) {
    const GameKind& k = kind("exordia8");
    for (int i = 1; i <= 5; ++i)
        play(*db, k, i, "#cards", sample_setup(k, 300 + static_cast<std::uint64_t>(i), 2, "old"),
             100000);
    for (int i = 6; i <= 7; ++i)
        play(*db, k, i, "#cards", sample_setup(k, 300 + static_cast<std::uint64_t>(i), 2, "new"),
             100000);
    const auto v = site().top("exordia8");
    ASSERT_TRUE(v);
    const Value& ladder = (*v)["variants"].at(0)["ladder"];
    ASSERT_EQ(ladder.size(), 4u);
    bool seen_provisional = false;
    double best_provisional = 0, worst_established = 1e9;
    for (const auto& l : ladder.items()) {
        const bool prov = l["provisional"].boolean();
        EXPECT_EQ(prov, l["games"].integer() < 5) << l["nick"].str();
        if (prov) {
            seen_provisional = true;
            best_provisional = std::max(best_provisional, l["rating"].real());
        } else {
            EXPECT_FALSE(seen_provisional) << l["nick"].str() << " listed after a provisional one";
            worst_established = std::min(worst_established, l["rating"].real());
        }
    }
    EXPECT_TRUE(seen_provisional);
    // The case that matters: a provisional rating above an established one, yet listed after.
    EXPECT_GT(best_provisional, worst_established);
    EXPECT_NE(site()
                  .get("/top/exordia8")
                  .body.find("<abbr title=\"provisional: fewer than 5 "
                             "games\">?</abbr>"),
              std::string::npos);
    // Spider is not rated: nothing provisional.
    const GameKind& sp = kind("spider");
    play(*db, sp, 8, "p0", sample_setup(sp, 5, 1), 3, "resign");
    const auto t = site().top("spider");
    ASSERT_TRUE(t);
    for (const auto& var : (*t)["variants"].items())
        for (const auto& l : var["ladder"].items()) EXPECT_FALSE(l["provisional"].boolean());
}

// The first page's games under way, live: the site's live view 0 is the list the first page
// shows (public fields only), its mark changes with a move, and the page opens its stream.
TEST_F(GamePageTest, TheFirstPagesGamesUnderWayAreALiveView) {
    const GameKind& k = kind("exordia8");
    play(*db, k, 1, "#cards", sample_setup(k, 11, 2), 3);
    const Site s = site();
    const auto v = s.live(0);
    ASSERT_TRUE(v);
    ASSERT_EQ((*v)["open"].size(), 1u);
    EXPECT_EQ((*v)["open"].at(0)["moves"].integer(), 3);
    EXPECT_EQ((*v)["open"].at(0)["place"].str(), "#cards");
    const std::string dumped = v->dump();
    EXPECT_EQ(dumped.find("hand"), std::string::npos) << dumped;
    EXPECT_EQ(dumped.find("\"deal\""), std::string::npos) << dumped;
    const std::string before = s.live_mark(0);
    play(*db, k, 2, "#more", sample_setup(k, 12, 2), 2);
    EXPECT_NE(s.live_mark(0), before);
    EXPECT_EQ((*s.live(0))["open"].size(), 2u);
    const std::string page = s.get("/").body;
    EXPECT_NE(page.find("'/live/games'"), std::string::npos);
}

// The times' script, run by Node.js on a stand-in for the document (skipped where there is no
// node), in a zone an hour east of UTC: a time's text becomes the local time, with how long
// ago for a recent one; its title (UTC) is not touched.
TEST_F(GamePageTest, TheTimesScriptWritesTheReadersZone) {
    if (std::system("node --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "no node";
    std::ofstream(dir.path / "times.js") << kTimeScript;
    std::ofstream(dir.path / "run.js") << R"JS(
const fs = require('fs');
const now = Date.now(), old = '2023-11-14T22:13:21Z';
const recent = new Date(Math.floor((now - 2 * 3600 * 1000 - 60000) / 1000) * 1000)
  .toISOString().slice(0, 19) + 'Z';
const els = [old, recent, 'nonsense'].map(d => ({
  dt: d, title: 'T', textContent: 'UTC text', getAttribute() { return this.dt; }}));
global.document = {querySelectorAll: () => els};
eval(fs.readFileSync(process.argv[2] + '/times.js', 'utf8'));
fs.writeFileSync(process.argv[2] + '/out.txt', els.map(e => e.textContent + '|' + e.title)
  .join('\n') + '\n');
)JS";
    ASSERT_EQ(std::system(
                  ("TZ=Etc/GMT-1 node " + (dir.path / "run.js").string() + " " + dir.path.string())
                      .c_str()),
              0);
    std::ifstream in(dir.path / "out.txt");
    const std::string out((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(out.find("2023-11-14 23:13|T\n"), std::string::npos) << out;  // UTC+1, no "ago"
    EXPECT_NE(out.find(" (2 h ago)|T\n"), std::string::npos) << out;
    EXPECT_NE(out.find("UTC text|T\n"), std::string::npos) << out;  // not a date: left alone
}

}  // namespace
}  // namespace croupier::bot::web
