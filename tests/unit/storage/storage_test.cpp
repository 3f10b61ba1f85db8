// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <string>

#include "storage/storage.hpp"

using namespace croupier::storage;
namespace fs = std::filesystem;

namespace {

class StorageTest : public ::testing::Test {
  protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ = fs::temp_directory_path() /
               (std::string("croupier-storage-") + info->name() + "-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        path_ = (dir_ / "croupier.db").string();
    }
    void TearDown() override { fs::remove_all(dir_); }

    GameRecord game_of(const std::string& kind, const std::string& variant = "") {
        GameRecord g;
        g.kind = kind;
        g.variant = variant;
        g.network = "libera";
        g.place = "#cards";
        g.deal = 42;
        g.setup = "seats=alice,bob";
        g.started = 1000;
        return g;
    }

    static PlayerResult human(const std::string& nick, int seat, bool won, long long points) {
        PlayerResult p;
        p.nick = nick;
        p.key = nick;
        for (auto& c : p.key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        p.seat = seat;
        p.won = won;
        p.points = points;
        p.detail = "points=" + std::to_string(points);
        return p;
    }

    fs::path dir_;
    std::string path_;
};

JournalEntry entry(std::int64_t seq, int seat, const std::string& action) {
    return JournalEntry{seq, seat, action, 2000 + seq};
}

}  // namespace

TEST_F(StorageTest, MigratesFromEmptyIntoWalWithFullSync) {
    Database db(path_);
    EXPECT_EQ(db.schema_version(), current_schema_version());
    EXPECT_GE(current_schema_version(), 1);
    EXPECT_EQ(db.raw().execAndGet("PRAGMA journal_mode").getString(), "wal");
    EXPECT_EQ(db.raw().execAndGet("PRAGMA synchronous").getInt(), 2);  // FULL
    EXPECT_EQ(db.raw().execAndGet("PRAGMA foreign_keys").getInt(), 1);
    for (const char* table : {"players", "games", "journal", "results", "ratings", "prefs", "kv"})
        EXPECT_EQ(db.query_text(std::string("SELECT count(*) FROM sqlite_master WHERE type = "
                                            "'table' AND name = '") +
                                table + "'"),
                  "1")
            << table;
    EXPECT_TRUE(db.open_games().empty());
}

TEST_F(StorageTest, ReopenKeepsDataIncludingFull64BitDeals) {
    std::int64_t id1 = 0, id2 = 0;
    {
        Database db(path_);
        auto g = game_of("spider", "4suit");
        g.deal = 0xFEDCBA9876543210ULL;  // above INT64_MAX
        id1 = db.create_game(g);
        g.deal = 0xFFFFFFFFFFFFFFFFULL;
        id2 = db.create_game(g);
        db.append(id1, entry(1, 0, "move 3 5"));
        db.append(id1, entry(2, 0, "deal"));
        db.set_pref("libera", "alice", "plain", "1");
        db.set_value("dealer.#cards", "alice");
    }
    Database db(path_);
    EXPECT_EQ(db.schema_version(), current_schema_version());
    auto g1 = db.game(id1);
    ASSERT_TRUE(g1);
    EXPECT_EQ(g1->deal, 0xFEDCBA9876543210ULL);
    EXPECT_EQ(g1->kind, "spider");
    EXPECT_EQ(g1->variant, "4suit");
    EXPECT_EQ(g1->place, "#cards");
    EXPECT_EQ(g1->setup, "seats=alice,bob");
    EXPECT_EQ(g1->started, 1000);
    EXPECT_EQ(g1->status, "open");
    EXPECT_EQ(db.game(id2)->deal, 0xFFFFFFFFFFFFFFFFULL);
    auto j = db.journal(id1);
    ASSERT_EQ(j.size(), 2u);
    EXPECT_EQ(j[0].action, "move 3 5");
    EXPECT_EQ(j[1].seq, 2);
    EXPECT_EQ(j[1].at, 2002);
    EXPECT_EQ(db.pref("libera", "alice", "plain"), "1");
    EXPECT_EQ(db.get_value("dealer.#cards"), "alice");
    auto open = db.open_games();
    ASSERT_EQ(open.size(), 2u);
    EXPECT_EQ(open[0].id, id1);  // oldest first
    EXPECT_EQ(open[1].id, id2);
    EXPECT_FALSE(db.game(id2 + 100));
}

TEST_F(StorageTest, JournalEnforcesTheNextSequenceNumber) {
    Database db(path_);
    auto id = db.create_game(game_of("exordia8"));
    EXPECT_THROW(db.append(id, entry(2, 0, "draw")), std::runtime_error);  // must start at 1
    EXPECT_THROW(db.append(id, entry(0, 0, "draw")), std::runtime_error);
    db.append(id, entry(1, 0, "play 8h s"));
    db.append(id, entry(2, 1, "draw"));
    EXPECT_THROW(db.append(id, entry(2, 1, "draw")), std::runtime_error);  // a repeat
    EXPECT_THROW(db.append(id, entry(4, 1, "draw")), std::runtime_error);  // a gap
    try {
        db.append(id, entry(5, 1, "draw"));
        FAIL();
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("expects move 3"), std::string::npos) << e.what();
    }
    db.append(id, entry(3, 0, "pass"));
    EXPECT_THROW(db.append(id + 1, entry(1, 0, "draw")), std::runtime_error);  // no such game
    EXPECT_EQ(db.journal(id).size(), 3u);

    // Another game's journal is independent.
    auto other = db.create_game(game_of("exordia8"));
    db.append(other, entry(1, 0, "play 2c"));
    EXPECT_EQ(db.journal(other).size(), 1u);

    db.finish_game(id, "stopped", "stopped by admin", 3000, {});
    EXPECT_THROW(db.append(id, entry(4, 0, "draw")), std::runtime_error);  // closed game
    EXPECT_EQ(db.journal(id).size(), 3u);
}

TEST_F(StorageTest, FinishStatsAndTop) {
    Database db(path_);
    auto id = db.create_game(game_of("exordia8"));
    PlayerResult computer;
    computer.nick = "Robot";
    computer.key = "";
    computer.seat = 3;
    computer.computer = true;
    db.finish_game(id, "finished", "Alice won", 5000,
                   {human("Alice", 0, true, 60), human("Bob", 1, false, 0),
                    human("Carol", 2, false, 0), computer});
    auto g = db.game(id);
    EXPECT_EQ(g->status, "finished");
    EXPECT_EQ(g->result, "Alice won");
    EXPECT_EQ(g->ended, 5000);
    EXPECT_TRUE(db.open_games().empty());

    // Three humans: K = 32 / 2; two duels of equal players, 8 points each.
    auto a = db.stats("libera", "alice");
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0].kind, "exordia8");
    EXPECT_EQ(a[0].games, 1);
    EXPECT_EQ(a[0].wins, 1);
    EXPECT_EQ(a[0].points, 60);
    EXPECT_DOUBLE_EQ(a[0].rating, 1516.0);
    auto b = db.stats("libera", "bob");
    ASSERT_EQ(b.size(), 1u);
    EXPECT_EQ(b[0].wins, 0);
    EXPECT_DOUBLE_EQ(b[0].rating, 1492.0);
    EXPECT_TRUE(db.stats("libera", "").empty());  // the computer got nothing
    EXPECT_EQ(db.query_text("SELECT count(*) FROM ratings"), "3");
    EXPECT_EQ(db.query_text("SELECT count(*) FROM results WHERE game_id = " + std::to_string(id)),
              "4");
    EXPECT_TRUE(db.stats("oftc", "alice").empty());  // networks are separate

    // A second game: Bob beats Alice.
    auto id2 = db.create_game(game_of("exordia8"));
    db.finish_game(id2, "finished", "Bob won", 6000,
                   {human("alice", 0, false, 0), human("BOB", 1, true, 20)});
    auto a2 = db.stats("libera", "alice");
    EXPECT_EQ(a2[0].games, 2);
    EXPECT_EQ(a2[0].wins, 1);
    EXPECT_LT(a2[0].rating, 1516.0);
    auto top = db.top("libera", "exordia8", "", 10);
    ASSERT_EQ(top.size(), 3u);
    // Bob, the underdog, gained more than 16 (17.1) and passed Alice (last shown nicks).
    EXPECT_EQ(top[0].nick, "BOB");
    EXPECT_EQ(top[1].nick, "alice");
    EXPECT_NEAR(top[0].rating, 1492.0 + 32.0 * (1.0 - 1.0 / (1.0 + std::pow(10.0, 24.0 / 400.0))),
                1e-9);
    EXPECT_EQ(top[2].nick, "Carol");
    EXPECT_GT(top[0].rating, top[1].rating);
    EXPECT_GT(top[1].rating, top[2].rating);
    EXPECT_NEAR(top[0].rating + top[1].rating + top[2].rating, 4500.0, 1e-9);
    EXPECT_EQ(db.top("libera", "exordia8", "", 1).size(), 1u);
    EXPECT_TRUE(db.top("libera", "spider", "4suit", 10).empty());

    EXPECT_EQ(db.last_detail("libera", "bob", "exordia8"), "points=20");
    EXPECT_FALSE(db.last_detail("libera", "bob", "spider"));

    // Finishing twice would count twice: refused.
    EXPECT_THROW(db.finish_game(id2, "finished", "", 7000, {human("Bob", 1, true, 20)}),
                 std::runtime_error);
    EXPECT_THROW(db.finish_game(id2 + 50, "finished", "", 7000, {}), std::runtime_error);
}

TEST_F(StorageTest, SolitaireCountsButKeepsTheRating) {
    Database db(path_);
    for (int i = 0; i < 3; ++i) {
        auto id = db.create_game(game_of("spider", "1suit"));
        db.append(id, entry(1, 0, "move 1 2"));
        db.finish_game(id, i == 1 ? "abandoned" : "finished", "", 5000 + i,
                       {human("Alice", 0, i != 1, i == 1 ? 0 : 500 + i)});
    }
    auto s = db.stats("libera", "alice");
    ASSERT_EQ(s.size(), 1u);
    EXPECT_EQ(s[0].variant, "1suit");
    EXPECT_EQ(s[0].games, 3);
    EXPECT_EQ(s[0].wins, 2);
    EXPECT_EQ(s[0].points, 1002);
    EXPECT_DOUBLE_EQ(s[0].rating, 1500.0);
    EXPECT_EQ(db.last_detail("libera", "alice", "spider"), "points=502");
}

TEST_F(StorageTest, FinishIsOneTransaction) {
    Database db(path_);
    auto id = db.create_game(game_of("exordia8"));
    auto bad = human("Bob", 1, false, 0);
    bad.key = "";  // a human without a key: refused after the first rows were written
    EXPECT_THROW(db.finish_game(id, "finished", "x", 5000, {human("Alice", 0, true, 10), bad}),
                 std::invalid_argument);
    EXPECT_EQ(db.game(id)->status, "open");
    EXPECT_EQ(db.query_text("SELECT count(*) FROM results"), "0");
    EXPECT_EQ(db.query_text("SELECT count(*) FROM ratings"), "0");
    EXPECT_EQ(db.query_text("SELECT count(*) FROM players"), "0");
    EXPECT_THROW(db.finish_game(id, "open", "x", 5000, {}), std::invalid_argument);
    // Seats are unique within a game.
    EXPECT_THROW(db.finish_game(id, "finished", "x", 5000,
                                {human("Alice", 0, true, 10), human("Bob", 0, false, 0)}),
                 SQLite::Exception);
    EXPECT_EQ(db.game(id)->status, "open");
}

TEST_F(StorageTest, EloChanges) {
    EXPECT_EQ(elo_changes({1500}, {true}), std::vector<double>{0.0});
    auto d = elo_changes({1500, 1500}, {true, false});
    EXPECT_DOUBLE_EQ(d[0], 16.0);
    EXPECT_DOUBLE_EQ(d[1], -16.0);
    // A favourite gains less than an underdog would.
    auto fav = elo_changes({1900, 1500}, {true, false});
    auto dog = elo_changes({1900, 1500}, {false, true});
    EXPECT_LT(fav[0], 16.0);
    EXPECT_GT(dog[1], 16.0);
    EXPECT_NEAR(fav[0], 32.0 / 11.0, 1e-9);  // 1/(1+10^(-1)) = 10/11 expected
    // Nobody won (a computer did): no change. Several winners: they do not duel each other.
    auto none = elo_changes({1500, 1600}, {false, false});
    EXPECT_EQ(none, (std::vector<double>{0.0, 0.0}));
    auto two = elo_changes({1500, 1500, 1500, 1500}, {true, true, false, false});
    EXPECT_NEAR(std::accumulate(two.begin(), two.end(), 0.0), 0.0, 1e-9);
    EXPECT_NEAR(two[0], 32.0 / 3.0, 1e-9);  // two duels at 16/3 each
    EXPECT_NEAR(two[3], -32.0 / 3.0, 1e-9);
}

TEST_F(StorageTest, PrefsAndValuesOverwrite) {
    Database db(path_);
    EXPECT_FALSE(db.pref("libera", "alice", "delivery"));
    db.set_pref("libera", "alice", "delivery", "notice");
    db.set_pref("libera", "alice", "delivery", "privmsg");
    db.set_pref("oftc", "alice", "delivery", "notice");
    db.set_pref("libera", "bob", "spider.suits", "2");
    EXPECT_EQ(db.pref("libera", "alice", "delivery"), "privmsg");
    EXPECT_EQ(db.pref("oftc", "alice", "delivery"), "notice");
    EXPECT_EQ(db.pref("libera", "bob", "spider.suits"), "2");
    EXPECT_FALSE(db.pref("libera", "bob", "delivery"));
    EXPECT_FALSE(db.get_value("x"));
    db.set_value("x", "1");
    db.set_value("x", "2");
    EXPECT_EQ(db.get_value("x"), "2");
    db.set_value("empty", "");
    EXPECT_EQ(db.get_value("empty"), "");
}

TEST_F(StorageTest, QueryTextIsReadOnly) {
    Database db(path_);
    db.set_value("k", "v");
    EXPECT_EQ(db.query_text("SELECT value FROM kv WHERE name = 'k'"), "v");
    EXPECT_FALSE(db.query_text("SELECT value FROM kv WHERE name = 'nope'"));
    EXPECT_EQ(db.query_text("SELECT NULL"), "NULL");
    EXPECT_EQ(db.query_text("SELECT 1 + 1"), "2");
    EXPECT_THROW(db.query_text("DELETE FROM kv"), std::runtime_error);
    EXPECT_THROW(db.query_text("UPDATE kv SET value = 'w'"), std::runtime_error);
    EXPECT_THROW(db.query_text("SELECT 1; DELETE FROM kv"), std::runtime_error);
    EXPECT_THROW(db.query_text("PRAGMA user_version = 99"), std::runtime_error);
    EXPECT_THROW(db.query_text("SELECT nonsense FROM nowhere"), std::runtime_error);
    EXPECT_EQ(db.get_value("k"), "v");
    EXPECT_EQ(db.schema_version(), current_schema_version());
    // It sees writes committed after it was first used.
    db.set_value("k", "w");
    EXPECT_EQ(db.query_text("SELECT value FROM kv WHERE name = 'k'"), "w");
}

TEST_F(StorageTest, RefusesANewerSchema) {
    {
        Database db(path_);
        db.raw().exec("PRAGMA user_version = " + std::to_string(current_schema_version() + 1));
    }
    try {
        Database db(path_);
        FAIL() << "opened a newer database";
    } catch (const std::runtime_error& e) {
        std::string what = e.what();
        EXPECT_NE(what.find("newer"), std::string::npos) << what;
        EXPECT_NE(what.find(path_), std::string::npos) << what;
    }
}

TEST_F(StorageTest, RefusesAFileThatIsNotADatabase) {
    std::ofstream(path_) << "this is not an SQLite database, just some text that is long enough "
                            "to fill the header of one, and then some more.\n";
    EXPECT_THROW(Database db(path_), std::runtime_error);
    EXPECT_THROW(Database db((dir_ / "no-such-dir" / "x.db").string()), std::runtime_error);
}

// The journal's promise: once append() returns, the move survives the process dying.
TEST_F(StorageTest, CommittedMovesSurviveAKill) {
    std::int64_t id = 0;
    {
        Database db(path_);
        id = db.create_game(game_of("exordia8"));
    }  // closed before fork: a connection must not cross a fork
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        ::close(fds[0]);
        try {
            Database db(path_);
            for (std::int64_t seq = 1; seq < 1000000; ++seq) {
                db.append(id, entry(seq, static_cast<int>(seq % 4), "play " + std::to_string(seq)));
                // Told only after the commit, as the daemon tells a channel.
                if (::write(fds[1], &seq, sizeof seq) != sizeof seq) ::_exit(3);
            }
        } catch (...) {
            ::_exit(2);
        }
        ::_exit(0);
    }
    ::close(fds[1]);
    std::int64_t seq = 0, last = 0;
    int got = 0;
    while (got < 40 && ::read(fds[0], &seq, sizeof seq) == sizeof seq) {
        EXPECT_EQ(seq, last + 1);
        last = seq;
        ++got;
    }
    ::kill(child, SIGKILL);  // mid-stream: the child is inside some append or write
    while (::read(fds[0], &seq, sizeof seq) == sizeof seq) last = seq;  // told before it died
    ::close(fds[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "child ended on its own with " << status;
    ASSERT_GE(last, 40);

    Database db(path_);
    auto j = db.journal(id);
    ASSERT_GE(static_cast<std::int64_t>(j.size()), last);
    EXPECT_LE(static_cast<std::int64_t>(j.size()), last + 1);  // at most one committed, untold
    for (std::size_t i = 0; i < j.size(); ++i) {
        EXPECT_EQ(j[i].seq, static_cast<std::int64_t>(i + 1));
        EXPECT_EQ(j[i].action, "play " + std::to_string(i + 1));
    }
    // And the journal goes on from there.
    db.append(id, entry(static_cast<std::int64_t>(j.size()) + 1, 0, "draw"));
}

TEST_F(StorageTest, AppendCost) {
    Database db(path_);
    auto id = db.create_game(game_of("exordia8"));
    const int n = 200;
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 1; i <= n; ++i) db.append(id, entry(i, 0, "draw"));
    auto us =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    std::printf("[ measure  ] append with synchronous=FULL: %.1f us per move (%d moves)\n",
                static_cast<double>(us) / n, n);
    EXPECT_EQ(db.journal(id).size(), static_cast<std::size_t>(n));
}

TEST_F(StorageTest, PersonsAreRememberedWithTheirLastNickAcrossReopen) {
    {
        Database db(path_);
        db.remember_person(
            "libera", PersonRow{"h:bob!b@example.org", "bob", "bob", "", "b@example.org", 100});
        // A nick change: the same person, a new nick.
        db.remember_person("libera", PersonRow{"h:bob!b@example.org", "Robert", "robert", "",
                                               "b@example.org", 200});
        db.remember_person("libera", PersonRow{"a:carol", "carol", "carol", "Carol", "c@x", 150});
        db.remember_person("other", PersonRow{"a:dave", "dave", "dave", "dave", "d@x", 50});
    }
    Database db(path_);
    const auto people = db.persons("libera");
    ASSERT_EQ(people.size(), 2u);
    EXPECT_EQ(people[0].key, "a:carol");  // oldest change first
    EXPECT_EQ(people[1].key, "h:bob!b@example.org");
    EXPECT_EQ(people[1].nick, "Robert");
    EXPECT_EQ(people[1].nick_key, "robert");
    EXPECT_EQ(people[1].userhost, "b@example.org");
    EXPECT_EQ(people[1].seen, 200);
    EXPECT_EQ(people[0].account, "Carol");
    EXPECT_EQ(db.persons("other").size(), 1u);
}

TEST_F(StorageTest, SavedDataPerPersonKindAndSlot) {
    Database db(path_);
    EXPECT_FALSE(db.saved("libera", "a:carol", "vcg", "deck"));
    db.save("libera", "a:carol", "vcg", "deck", Saved{2, std::string("A,B\0C", 5)}, 10);
    db.save("libera", "a:carol", "adventurer", "deck", Saved{1, "x"}, 10);
    auto s = db.saved("libera", "a:carol", "vcg", "deck");
    ASSERT_TRUE(s);
    EXPECT_EQ(s->version, 2);
    EXPECT_EQ(s->data, std::string("A,B\0C", 5));                    // binary-safe
    db.save("libera", "a:carol", "vcg", "deck", Saved{3, "D"}, 20);  // replaced
    EXPECT_EQ(db.saved("libera", "a:carol", "vcg", "deck")->data, "D");
    EXPECT_EQ(db.saved("libera", "a:carol", "adventurer", "deck")->data, "x");
    EXPECT_FALSE(db.saved("libera", "a:carol", "vcg", "party"));
    EXPECT_FALSE(db.saved("other", "a:carol", "vcg", "deck"));
}

TEST_F(StorageTest, PreferenceCacheFollowsWritesAndSeesNoStaleValue) {
    Database db(path_);
    EXPECT_FALSE(db.pref("libera", "a:carol", "plain"));  // cached as absent
    db.set_pref("libera", "a:carol", "plain", "1");
    EXPECT_EQ(db.pref("libera", "a:carol", "plain"), "1");
    db.set_pref("libera", "a:carol", "plain", "0");
    EXPECT_EQ(db.pref("libera", "a:carol", "plain"), "0");
    Database again(path_);
    EXPECT_EQ(again.pref("libera", "a:carol", "plain"), "0");
}

TEST_F(StorageTest, MigratesAVersionOneDatabaseKeepingItsGames) {
    std::int64_t id = 0;
    {
        Database db(path_);
        id = db.create_game(game_of("exordia8", ""));
        db.append(id, entry(1, 0, "draw"));
        // Back to the first schema, as a database written by the last release was.
        db.raw().exec("DROP TABLE persons");
        db.raw().exec("DROP TABLE saved");
        db.raw().exec("DROP TABLE xp");
        db.raw().exec("DROP TABLE lobbies");
        db.raw().exec("DROP TABLE person_ids");  // version 4, with its triggers and column
        db.raw().exec("DROP TRIGGER person_ids_players");
        db.raw().exec("DROP TRIGGER person_ids_players_key");
        db.raw().exec("ALTER TABLE results DROP COLUMN rating");
        db.raw().exec("DROP TABLE daily_games");  // version 5, with its indexes
        db.raw().exec("DROP TABLE event_games");  // version 6
        db.raw().exec("DROP TABLE event_players");
        db.raw().exec("DROP TABLE events");
        db.raw().exec("PRAGMA user_version = 1");
    }
    Database db(path_);
    EXPECT_EQ(db.schema_version(), current_schema_version());
    ASSERT_EQ(db.journal(id).size(), 1u);
    EXPECT_EQ(db.journal(id)[0].action, "draw");
    EXPECT_TRUE(db.persons("libera").empty());
    db.remember_person("libera", PersonRow{"a:x", "x", "x", "x", "", 1});
    EXPECT_EQ(db.persons("libera").size(), 1u);
    EXPECT_TRUE(db.lobbies().empty());
}

TEST_F(StorageTest, LobbiesAreReplacedAndDropped) {
    Database db(path_);
    db.save_lobby(LobbyRow{"libera", "#cards", "exordia8", "h:alice!a@x", "seats 1", 100});
    db.save_lobby(LobbyRow{"libera", "#cards", "exordia8", "h:alice!a@x", "seats 2", 120});
    db.save_lobby(LobbyRow{"libera", "#cards", "vcg", "h:bob!b@x", "challenge", 90});
    auto all = db.lobbies();
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[0].kind, "vcg");  // the nearest deadline first
    EXPECT_EQ(all[1].data, "seats 2");
    EXPECT_EQ(all[1].deadline, 120);
    db.drop_lobby("libera", "#cards", "exordia8", "h:alice!a@x");
    all = db.lobbies();
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all[0].opener, "h:bob!b@x");
}

TEST_F(StorageTest, ExperienceIsAddedWithTheGameOnce) {
    Database db(path_);
    EXPECT_EQ(db.xp("libera", "a:carol", "encounters"), 0);
    for (int i = 0; i < 2; ++i) {
        const auto id = db.create_game(game_of("encounters", ""));
        PlayerResult p;
        p.nick = "carol";
        p.key = "a:carol";
        p.won = true;
        p.xp = 35;
        db.finish_game(id, "finished", "won by carol", 3000, {p});
        EXPECT_THROW(db.finish_game(id, "finished", "again", 3001, {p}), std::exception);
    }
    EXPECT_EQ(db.xp("libera", "a:carol", "encounters"), 70);
    EXPECT_EQ(db.xp("libera", "a:carol", "vcg"), 0);
}

// ------------------------------------------------------------------ rekey_persons

namespace {

// The old rule's "h:nick!user@host[#n]" -> "h:user@host"; anything else stays.
std::string by_host(const std::string&, const PersonRow& row) {
    if (row.key.rfind("h:", 0) != 0 || row.key.find('!') == std::string::npos) return row.key;
    return "h:" + row.userhost;
}

// Setups and lobby data in these tests: keys between ';', replaced whole.
std::string replace_tokens(const std::string& text, const std::map<std::string, std::string>& m) {
    std::string out, token;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == ';') {
            auto it = m.find(token);
            out += it == m.end() ? token : it->second;
            if (i < text.size()) out += ';';
            token.clear();
        } else {
            token += text[i];
        }
    }
    return out;
}

Rekey test_rekey() {
    Rekey r;
    r.key = by_host;
    r.setup = replace_tokens;
    r.lobby = replace_tokens;
    return r;
}

// Every row of every table, as text: what a second run must leave exactly as it is.
std::string everything(Database& db) {
    std::string out;
    for (const char* table : {"persons", "players", "games", "results", "ratings", "prefs", "xp",
                              "saved", "lobbies", "kv"}) {
        SQLite::Statement q(db.raw(), std::string("SELECT * FROM ") + table + " ORDER BY 1, 2");
        while (q.executeStep()) {
            out += table;
            for (int c = 0; c < q.getColumnCount(); ++c) out += "|" + q.getColumn(c).getString();
            out += "\n";
        }
    }
    return out;
}

long long count_of(Database& db, const std::string& sql) {
    return db.raw().execAndGet(sql).getInt64();
}

}  // namespace

// nx came as nx (game 1, a rating, a deck), went on as nx_away, and came back as nx: the
// old rule made "h:nx!u@h" (nick nx_away, seen 100) and "h:nx!u@h#2" (nick nx, seen 200).
// Both become "h:u@h"; bob, with an account, stays as he is.
TEST_F(StorageTest, RekeyMergesPersonsSplitByNick) {
    Database db(path_);
    const std::string a = "h:nx!u@h", b = "h:nx!u@h#2", to = "h:u@h";
    db.remember_person("libera", PersonRow{a, "nx_away", "nx_away", "", "u@h", 100});
    db.remember_person("libera", PersonRow{b, "nx", "nx", "", "u@h", 200});
    db.remember_person("libera", PersonRow{"a:bob", "bob", "bob", "Bob", "b@x", 150});
    auto& raw = db.raw();
    raw.exec("INSERT INTO players VALUES ('libera', 'h:nx!u@h', 'nx', 50)");
    raw.exec("INSERT INTO players VALUES ('libera', 'h:nx!u@h#2', 'nx', 180)");
    raw.exec("INSERT INTO players VALUES ('libera', 'a:bob', 'bob', 60)");
    // 3 games at 1600 and 1 at 1400: 1550 weighted by games.
    raw.exec("INSERT INTO ratings VALUES ('libera', 'h:nx!u@h', 'vcg', '', 1600, 3, 2, 30)");
    raw.exec("INSERT INTO ratings VALUES ('libera', 'h:nx!u@h#2', 'vcg', '', 1400, 1, 0, 4)");
    raw.exec(
        "INSERT INTO ratings VALUES ('libera', 'h:nx!u@h#2', 'spider', '4suit', 1500, 2, 1, 900)");
    raw.exec("INSERT INTO ratings VALUES ('libera', 'a:bob', 'vcg', '', 1450, 3, 1, 10)");
    raw.exec("INSERT INTO xp VALUES ('libera', 'h:nx!u@h', 'encounters', 40)");
    raw.exec("INSERT INTO xp VALUES ('libera', 'h:nx!u@h#2', 'encounters', 25)");
    db.set_pref("libera", a, "plain", "1");
    db.set_pref("libera", a, "delivery", "privmsg");
    db.set_pref("libera", b, "delivery", "notice");  // seen later: wins
    EXPECT_EQ(db.pref("libera", a, "plain"), "1");   // cached before the merge
    db.save("libera", a, "vcg", "data", Saved{1, std::string("old\0deck", 8)}, 300);
    db.save("libera", b, "vcg", "data", Saved{2, "new deck"}, 250);  // older: kept aside
    db.save("libera", b, "encounters", "data", Saved{1, "party"}, 260);
    GameRecord g = game_of("spider", "4suit");
    g.setup = "v;h:nx!u@h;x";
    const auto g1 = db.create_game(g);
    g.setup = "v;h:nx!u@h#2;a:bob";
    const auto g2 = db.create_game(g);
    PlayerResult r = human("nx", 0, true, 5);
    r.key = b;
    db.finish_game(g2, "finished", "won by nx", 400, {r});
    db.save_lobby(LobbyRow{"libera", "#cards", "exordia8", b, "seats;h:nx!u@h#2;a:bob", 500});
    db.set_value("dealer:libera:#cards", a);
    db.set_value("dealer:other:#cards", a);  // another network's: not a person of libera
    db.set_value("note", a);

    EXPECT_EQ(db.rekey_persons(test_rekey()), 2u);

    const auto people = db.persons("libera");
    ASSERT_EQ(people.size(), 2u);
    EXPECT_EQ(people[0].key, "a:bob");
    EXPECT_EQ(people[1].key, to);
    EXPECT_EQ(people[1].nick, "nx");  // the most recently seen
    EXPECT_EQ(people[1].nick_key, "nx");
    EXPECT_EQ(people[1].userhost, "u@h");
    EXPECT_EQ(people[1].seen, 200);

    EXPECT_EQ(count_of(db, "SELECT count(*) FROM players"), 2);
    EXPECT_EQ(count_of(db, "SELECT created FROM players WHERE key = 'h:u@h'"), 50);
    EXPECT_EQ(raw.execAndGet("SELECT nick FROM players WHERE key = 'h:u@h'").getString(), "nx");

    const auto stats = db.stats("libera", to);
    ASSERT_EQ(stats.size(), 2u);
    EXPECT_EQ(stats[0].kind, "spider");
    EXPECT_EQ(stats[0].games, 3);  // 2 + the game finished above
    EXPECT_EQ(stats[1].kind, "vcg");
    EXPECT_EQ(stats[1].games, 4);
    EXPECT_EQ(stats[1].wins, 2);
    EXPECT_EQ(stats[1].points, 34);
    EXPECT_DOUBLE_EQ(stats[1].rating, 1550);
    EXPECT_DOUBLE_EQ(db.stats("libera", "a:bob")[0].rating, 1450);
    EXPECT_EQ(count_of(db, "SELECT count(*) FROM ratings WHERE key LIKE 'h:nx%'"), 0);
    EXPECT_EQ(db.top("libera", "vcg", "", 5).front().nick, "nx");

    EXPECT_EQ(db.xp("libera", to, "encounters"), 65);
    EXPECT_EQ(db.pref("libera", to, "plain"), "1");
    EXPECT_EQ(db.pref("libera", to, "delivery"), "notice");
    EXPECT_FALSE(db.pref("libera", a, "plain"));  // the cache forgot the old key

    // The newest deck is the deck; the other is kept beside it under a name of its own.
    EXPECT_EQ(db.saved("libera", to, "vcg", "data")->data, std::string("old\0deck", 8));
    const auto kept = db.saved("libera", to, "vcg", "data~h:nx!u@h#2");
    ASSERT_TRUE(kept);
    EXPECT_EQ(kept->data, "new deck");
    EXPECT_EQ(kept->version, 2);
    EXPECT_EQ(db.saved("libera", to, "encounters", "data")->data, "party");
    EXPECT_EQ(count_of(db, "SELECT count(*) FROM saved"), 3);

    EXPECT_EQ(db.game(g1)->setup, "v;h:u@h;x");
    EXPECT_EQ(db.game(g2)->setup, "v;h:u@h;a:bob");
    EXPECT_EQ(
        raw.execAndGet("SELECT key FROM results WHERE game_id = " + std::to_string(g2)).getString(),
        to);
    EXPECT_EQ(db.last_detail("libera", to, "spider"), "points=5");
    const auto lobbies = db.lobbies();
    ASSERT_EQ(lobbies.size(), 1u);
    EXPECT_EQ(lobbies[0].opener, to);
    EXPECT_EQ(lobbies[0].data, "seats;h:u@h;a:bob");
    EXPECT_EQ(lobbies[0].deadline, 500);
    EXPECT_EQ(db.get_value("dealer:libera:#cards"), to);
    EXPECT_EQ(db.get_value("dealer:other:#cards"), a);
    EXPECT_EQ(db.get_value("note"), a);
    EXPECT_EQ(count_of(db, "SELECT count(*) FROM pragma_foreign_key_check"), 0);

    // Once is enough: a second run finds nothing to move and changes nothing.
    const std::string before = everything(db);
    EXPECT_EQ(db.rekey_persons(test_rekey()), 0u);
    EXPECT_EQ(everything(db), before);
    Database again(path_);
    EXPECT_EQ(again.rekey_persons(test_rekey()), 0u);
    EXPECT_EQ(everything(again), before);
}

// Someone already known under the new key (seen after the split) takes the others in: the
// blobs of all three are kept, the newest under the slot.
TEST_F(StorageTest, RekeyMergesIntoAPersonWhoHasTheKeyAlready) {
    Database db(path_);
    db.remember_person("libera", PersonRow{"h:u@h", "nx3", "nx3", "", "u@h", 300});
    db.remember_person("libera", PersonRow{"h:nx!u@h", "nx", "nx", "", "u@h", 100});
    db.remember_person("libera", PersonRow{"h:dk!u@h", "dk", "dk", "", "u@h", 200});
    db.save("libera", "h:u@h", "encounters", "data", Saved{1, "three"}, 30);
    db.save("libera", "h:nx!u@h", "encounters", "data", Saved{1, "one"}, 10);
    db.save("libera", "h:dk!u@h", "encounters", "data", Saved{1, "two"}, 20);
    db.set_pref("libera", "h:u@h", "plain", "0");
    db.set_pref("libera", "h:dk!u@h", "plain", "1");  // seen before h:u@h: loses
    EXPECT_EQ(db.rekey_persons(test_rekey()), 2u);
    const auto people = db.persons("libera");
    ASSERT_EQ(people.size(), 1u);
    EXPECT_EQ(people[0].key, "h:u@h");
    EXPECT_EQ(people[0].nick, "nx3");
    EXPECT_EQ(db.saved("libera", "h:u@h", "encounters", "data")->data, "three");
    EXPECT_EQ(db.saved("libera", "h:u@h", "encounters", "data~h:nx!u@h")->data, "one");
    EXPECT_EQ(db.saved("libera", "h:u@h", "encounters", "data~h:dk!u@h")->data, "two");
    EXPECT_EQ(db.pref("libera", "h:u@h", "plain"), "0");
    EXPECT_EQ(db.rekey_persons(test_rekey()), 0u);
}

// A person who only moves (nobody else on the key) keeps every row as it was; persons of
// another network with the same keys are that network's, moved on their own.
TEST_F(StorageTest, RekeyMovesEachNetworkOnItsOwn) {
    Database db(path_);
    db.remember_person("libera", PersonRow{"h:nx!u@h", "nx", "nx", "", "u@h", 100});
    db.remember_person("oftc", PersonRow{"h:nx!u@h", "nx", "nx", "", "u@h", 100});
    db.remember_person("oftc", PersonRow{"h:zz!u@h", "zz", "zz", "", "u@h", 90});
    GameRecord g = game_of("spider");
    g.setup = "h:nx!u@h";
    const auto g1 = db.create_game(g);
    g.network = "oftc";
    const auto g2 = db.create_game(g);
    PlayerResult r = human("nx", 0, false, 1);
    r.key = "h:nx!u@h";
    db.finish_game(g1, "finished", "", 10, {r});
    db.finish_game(g2, "finished", "", 10, {r});
    db.set_pref("oftc", "h:zz!u@h", "plain", "1");
    std::vector<std::string> asked;
    Rekey rk = test_rekey();
    rk.setup = [&](const std::string& text, const std::map<std::string, std::string>& moved) {
        asked.push_back(text + " " + std::to_string(moved.size()));
        return replace_tokens(text, moved);
    };
    EXPECT_EQ(db.rekey_persons(rk), 3u);
    EXPECT_EQ(asked, (std::vector<std::string>{"h:nx!u@h 1", "h:nx!u@h 2"}));
    EXPECT_EQ(db.persons("libera").size(), 1u);
    EXPECT_EQ(db.persons("oftc").size(), 1u);
    EXPECT_EQ(db.stats("libera", "h:u@h")[0].games, 1);
    EXPECT_EQ(db.stats("oftc", "h:u@h")[0].games, 1);
    EXPECT_EQ(db.pref("oftc", "h:u@h", "plain"), "1");
    EXPECT_FALSE(db.pref("libera", "h:u@h", "plain"));
    EXPECT_EQ(count_of(db, "SELECT count(*) FROM results WHERE key = 'h:u@h'"), 2);
}

// Nothing to move: nothing is written, not even a transaction opened (another process may
// hold the write lock at start).
TEST_F(StorageTest, RekeyWithNothingToMoveTakesNoLock) {
    Database db(path_);
    db.remember_person("libera", PersonRow{"a:bob", "bob", "bob", "Bob", "b@x", 150});
    db.remember_person("libera", PersonRow{"h:u@h", "nx", "nx", "", "u@h", 100});
    SQLite::Database other(path_, SQLite::OPEN_READWRITE);
    other.exec("BEGIN IMMEDIATE");
    EXPECT_EQ(db.rekey_persons(test_rekey()), 0u);
    other.exec("ROLLBACK");
}

// The daily deal (schema version 5): a person's first game on a day's deal is the ranked
// one; hints and the end are counted on it; the days won, newest first.
TEST_F(StorageTest, DailyGamesRankEachPersonsFirstAndCountHintsAndDaysWon) {
    Database db(path_);
    auto add = [&](const std::string& key, const std::string& day, const std::string& variant) {
        const auto id = db.create_game(game_of("spider", variant));
        db.daily_add(id, "libera", "spider", variant, day, key);
        return id;
    };
    const auto a1 = add("h:alice", "2026-11-28", "4suit");
    const auto b1 = add("h:bob", "2026-11-28", "4suit");
    const auto a2 = add("h:alice", "2026-11-28", "4suit");  // again: not ranked
    add("h:carol", "2026-11-28", "1suit");                  // another variant
    add("h:alice", "2026-11-27", "4suit");                  // another day
    db.daily_hint(a1);
    db.daily_hint(a1);
    db.daily_end(a1, true, 120, 5000);
    db.daily_end(a1, false, 1, 6000);  // an end is written once
    db.daily_end(a2, true, 10, 5100);
    EXPECT_EQ(db.daily_count("libera", "spider", "4suit", "2026-11-28", "h:alice"), 2);
    EXPECT_EQ(db.daily_count("libera", "spider", "4suit", "2026-11-28", "h:dave"), 0);
    const auto day = db.daily_day("libera", "spider", "4suit", "2026-11-28");
    ASSERT_EQ(day.size(), 2u);
    EXPECT_EQ(day[0].game_id, a1);
    EXPECT_TRUE(day[0].won);
    EXPECT_EQ(day[0].moves, 120);
    EXPECT_EQ(day[0].hints, 2);
    EXPECT_EQ(day[0].ended, 5000);
    EXPECT_EQ(day[1].game_id, b1);
    EXPECT_EQ(day[1].ended, 0);  // still played
    EXPECT_EQ(day[1].moves, -1);
    EXPECT_EQ(db.daily_won_days("libera", "h:alice"), std::vector<std::string>{"2026-11-28"});
    EXPECT_TRUE(db.daily_won_days("libera", "h:bob").empty());
}

// Events (bot/tourney/): a pairing's game and result, written once; a forfeit and a void
// decided without a game; the order results came in; a person moved keeps their seat.
TEST_F(StorageTest, AnEventsPairingsTakeTheirResultOnce) {
    Database db(path_);
    EventRow e;
    e.network = "libera";
    e.channel = "#cards";
    e.kind = "vcg";
    e.format = "swiss";
    e.rounds = 2;
    e.opener = "h:a@x";
    e.opener_nick = "ann";
    e.state = "signup";
    e.created = 10;
    const auto id = db.event_open(e);
    db.in_transaction([&] {
        db.event_join(id, 0, "h:a@x", "ann");
        db.event_join(id, 1, "h:b@x", "ben");
        db.event_join(id, 2, "h:c@x", "cy");
    });
    EventGameRow g;
    g.seats = {0, 1};
    db.event_pairing(id, g);
    EventGameRow bye;
    bye.board = 1;
    bye.seats = {2};
    bye.bye = "full";
    db.event_pairing(id, bye);
    const auto game = db.create_game(game_of("vcg"));
    db.event_dealt(id, 0, 0, game);
    db.event_result(game, {2, 1});
    db.event_result(game, {1, 2});  // a second end changes nothing
    EventGameRow later;
    later.round = 1;
    later.seats = {1, 2};
    db.event_pairing(id, later);
    db.event_settle(id, 1, 0, {1, 2}, true, false);
    db.event_withdraw(id, 2, true);
    const auto full = db.event(id);
    ASSERT_TRUE(full);
    EXPECT_EQ(full->event.state, "signup");
    ASSERT_EQ(full->players.size(), 3u);
    EXPECT_TRUE(full->players[2].withdrawn);
    ASSERT_EQ(full->games.size(), 3u);
    EXPECT_EQ(full->games[0].game_id, game);
    EXPECT_EQ(full->games[0].places, (std::vector<int>{2, 1}));
    EXPECT_EQ(full->games[0].done, 1);
    EXPECT_EQ(full->games[1].bye, "full");
    EXPECT_EQ(full->games[1].done, 0);
    EXPECT_TRUE(full->games[2].forfeit);
    EXPECT_EQ(full->games[2].done, 2);
    db.event_state(id, "over", 20, 0, 30);
    EXPECT_TRUE(db.events({"signup", "running"}, 10).empty());
    ASSERT_EQ(db.events({}, 10).size(), 1u);
    EXPECT_EQ(db.events({}, 10)[0].ended, 30);
}
