// SPDX-License-Identifier: GPL-3.0-or-later
#include "storage/writer.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "storage/storage.hpp"

using namespace croupier::storage;
namespace fs = std::filesystem;

namespace {

// A unit's result in words: "committed", or "fault: " and why not.
std::string words(const Writer::Committed& c) {
    return c ? "committed" : "fault: " + c.why();
}

class WriterTest : public ::testing::Test {
  protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ = fs::temp_directory_path() /
               (std::string("croupier-writer-") + info->name() + "-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        path_ = (dir_ / "croupier.db").string();
        db_ = std::make_unique<Database>(path_);
    }
    void TearDown() override {
        db_.reset();
        fs::remove_all(dir_);
    }

    std::int64_t add_game() {
        GameRecord g;
        g.kind = "exordia8";
        g.network = "libera";
        g.place = "#cards";
        g.deal = 42;
        g.setup = "seats=alice,bob";
        g.started = 1000;
        return db_->create_game(g);
    }

    // The event loop's side: results posted by the writer, run when the test says.
    Writer::Post post() {
        return [this](std::function<void()> f) {
            std::lock_guard lock(mu_);
            posted_.push_back(std::move(f));
        };
    }
    void run_posted() {
        std::vector<std::function<void()>> now;
        {
            std::lock_guard lock(mu_);
            now.swap(posted_);
        }
        for (auto& f : now) f();
    }

    static Writer::Job append(std::int64_t game, std::int64_t seq) {
        return [game, seq](Database& d) { d.append(game, JournalEntry{seq, 0, "draw", 1000}); };
    }

    fs::path dir_;
    std::string path_;
    std::unique_ptr<Database> db_;
    std::mutex mu_;
    std::vector<std::function<void()>> posted_;
};

TEST_F(WriterTest, UnitsHandedTogetherShareOneCommitAndComeBackInOrder) {
    std::vector<std::int64_t> games;
    for (int i = 0; i < 20; ++i) games.push_back(add_game());
    Writer w(path_, post(), false);
    std::vector<std::string> order;
    std::vector<Writer::Unit> units;
    for (int i = 0; i < 20; ++i)
        units.push_back({{append(games[static_cast<std::size_t>(i)], 1),
                          append(games[static_cast<std::size_t>(i)], 2)},
                         [&order, i](const Writer::Committed& c) {
                             order.push_back(std::to_string(i) + (c ? "" : " " + c.why()));
                         }});
    w.submit(std::move(units));
    w.drain();
    EXPECT_EQ(w.in_flight(), 20u);  // committed, results not yet run on the loop
    run_posted();
    EXPECT_EQ(w.in_flight(), 0u);
    ASSERT_EQ(order.size(), 20u);
    for (int i = 0; i < 20; ++i) EXPECT_EQ(order[static_cast<std::size_t>(i)], std::to_string(i));
    EXPECT_EQ(w.counts().groups, 1u);
    EXPECT_EQ(w.counts().jobs, 40u);
    for (auto g : games) EXPECT_EQ(db_->journal(g).size(), 2u);
}

TEST_F(WriterTest, UnitsArrivingWhileAGroupRunsJoinIt) {
    const auto g = add_game();
    Writer w(path_, post(), false);
    std::promise<void> started, release;
    auto go = release.get_future().share();
    // The first unit's statements are still running when the others come: they are run
    // after it, in the same transaction, and one fsync commits all 51.
    w.submit({{{[&started, go](Database& d) {
                   started.set_value();
                   go.wait();
                   d.append(1, JournalEntry{1, 0, "draw", 1000});
               }},
               nullptr}});
    started.get_future().wait();
    for (int i = 2; i <= 51; ++i) w.submit({{{append(g, i)}, nullptr}});
    release.set_value();
    w.drain();
    run_posted();
    EXPECT_EQ(w.counts().groups, 1u);
    EXPECT_EQ(db_->journal(g).size(), 51u);
}

TEST_F(WriterTest, UnitsArrivingDuringACommitJoinTheNextGroup) {
    const auto g = add_game();
    Writer w(path_, post(), false);
    // The commit of the first group takes a second (the bench's slow disk); the others
    // come while it is in flight, long after the first unit's statements have run.
    w.set_commit_delay_for_bench(std::chrono::seconds(1));
    std::promise<void> ran;
    w.submit({{{[&ran, g](Database& d) {
                   d.append(g, JournalEntry{1, 0, "draw", 1000});
                   ran.set_value();
               }},
               nullptr}});
    ran.get_future().wait();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    for (int i = 2; i <= 51; ++i) w.submit({{{append(g, i)}, nullptr}});
    w.drain();
    run_posted();
    EXPECT_EQ(w.counts().groups, 2u);  // 51 moves, two fsyncs
    EXPECT_EQ(db_->journal(g).size(), 51u);
}

TEST_F(WriterTest, ARefusedUnitTakesNothingElseWithIt) {
    const auto a = add_game(), b = add_game();
    Writer w(path_, post(), false);
    std::string err_a = "unset", err_b = "unset";
    w.submit({{{[](Database& d) { d.set_value("half", "done"); }, append(a, 2)},
               [&err_a](const Writer::Committed& c) { err_a = words(c); }},
              {{append(b, 1)}, [&err_b](const Writer::Committed& c) { err_b = words(c); }}});
    w.drain();
    run_posted();
    EXPECT_NE(err_a.find("expects move 1, not 2"), std::string::npos) << err_a;
    EXPECT_EQ(err_b, "committed");
    EXPECT_FALSE(db_->get_value("half"));  // the refused unit's first write went with it
    EXPECT_EQ(db_->journal(a).size(), 0u);
    EXPECT_EQ(db_->journal(b).size(), 1u);
}

TEST_F(WriterTest, ALockedDatabaseRefusesTheWholeGroupAndTheNextOneGoesThrough) {
    const auto g = add_game();
    Writer w(path_, post(), false);
    SQLite::Database other(path_, SQLite::OPEN_READWRITE);
    other.exec("BEGIN IMMEDIATE");
    std::vector<std::string> errors;
    auto note = [&errors](const Writer::Committed& c) { errors.push_back(words(c)); };
    w.submit({{{append(g, 1)}, note}, {{}, note}});
    w.drain();
    run_posted();
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_NE(errors[0].find("locked"), std::string::npos) << errors[0];
    EXPECT_EQ(errors[1], "committed");  // a unit with nothing to write is never refused
    EXPECT_EQ(w.counts().failed_groups, 1u);
    other.exec("ROLLBACK");
    w.submit({{{append(g, 1)}, note}});
    w.drain();
    run_posted();
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_EQ(errors[2], "committed");
    EXPECT_EQ(db_->journal(g).size(), 1u);
}

TEST_F(WriterTest, InlineModeCommitsAtOnceAndStillPostsTheResult) {
    const auto g = add_game();
    Writer w(path_, post(), true);
    bool done = false;
    w.submit({{{append(g, 1)}, [&done](const Writer::Committed& c) { done = bool(c); }}});
    EXPECT_EQ(db_->journal(g).size(), 1u);
    EXPECT_FALSE(done);
    run_posted();
    EXPECT_TRUE(done);
}

TEST_F(WriterTest, WhatIsWaitingIsCommittedWhenTheWriterStops) {
    const auto g = add_game();
    {
        Writer w(path_, post(), false);
        for (int i = 1; i <= 10; ++i) w.submit({{{append(g, i)}, nullptr}});
    }
    EXPECT_EQ(db_->journal(g).size(), 10u);
}

TEST_F(WriterTest, GamesNumberedAtTheDealAreCreatedWithThatNumber) {
    const auto first = add_game();
    EXPECT_EQ(db_->next_game_id(), first + 1);
    GameRecord g;
    g.kind = "spider";
    g.network = "libera";
    g.place = "alice";
    g.deal = 7;
    g.setup = "seats=alice";
    g.started = 1000;
    g.id = first + 5;  // numbers given out meanwhile whose deals were refused
    Writer w(path_, post(), false);
    std::string err = "unset";
    w.submit({{{[g](Database& d) { d.create_game(g); }, append(first + 5, 1)},
               [&err](const Writer::Committed& c) { err = words(c); }}});
    w.drain();
    run_posted();
    EXPECT_EQ(err, "committed");
    ASSERT_TRUE(db_->game(first + 5));
    EXPECT_EQ(db_->game(first + 5)->kind, "spider");
    EXPECT_EQ(db_->journal(first + 5).size(), 1u);
    EXPECT_EQ(db_->next_game_id(), first + 6);
}

TEST_F(WriterTest, AGameEndsOnlyAfterTheMoveThatEndedIt) {
    const auto g = add_game();
    db_->append(g, JournalEntry{1, 0, "draw", 1000});
    EXPECT_THROW(db_->finish_game(g, "finished", "won", 2000, {}, 2), std::runtime_error);
    EXPECT_EQ(db_->game(g)->status, "open");
    db_->finish_game(g, "finished", "won", 2000, {}, 1);
    EXPECT_EQ(db_->game(g)->status, "finished");
}

}  // namespace

namespace {
// A move whose row takes two pages or more, so that the WAL grows fast.
Writer::Job big_append(std::int64_t game, std::int64_t seq) {
    return [game, seq](Database& d) {
        d.append(game, JournalEntry{seq, 0, std::string(6000, 'x'), 1000});
    };
}

// Frames in the WAL now (a PASSIVE checkpoint from another connection reports them).
int wal_frames(Database& d) {
    int log_frames = 0, copied = 0;
    sqlite3_wal_checkpoint_v2(d.raw().getHandle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, &log_frames,
                              &copied);
    return log_frames;
}
}  // namespace

TEST_F(WriterTest, CheckpointsAreMadeBesideTheCommitsByTheirOwnThread) {
    const auto g = add_game();
    Writer w(path_, post(), false);
    w.set_checkpoint_pages_for_test(10, 1000000);
    for (int seq = 1; seq <= 40; ++seq) {
        w.submit({{{big_append(g, seq)},
                   [](const Writer::Committed& c) { ASSERT_TRUE(c) << c.why(); }}});
        w.drain();
    }
    run_posted();
    // The checkpointer is woken by the commits; give it a moment to be done.
    for (int i = 0; i < 500 && w.counts().checkpoints == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_GE(w.counts().checkpoints, 1u);
    EXPECT_EQ(w.counts().forced_checkpoints, 0u);
    EXPECT_EQ(db_->journal(g).size(), 40u);
}

TEST_F(WriterTest, AWalThatRunsLongIsCheckpointedByTheWriterAndStartsAgain) {
    const auto g = add_game();
    Writer w(path_, post(), false);
    w.set_checkpoint_pages_for_test(1000000, 30);  // the checkpointer never wakes
    for (int seq = 1; seq <= 40; ++seq) {
        w.submit({{{big_append(g, seq)},
                   [](const Writer::Committed& c) { ASSERT_TRUE(c) << c.why(); }}});
        w.drain();
    }
    run_posted();
    EXPECT_EQ(w.counts().checkpoints, 0u);
    EXPECT_GE(w.counts().forced_checkpoints, 1u);
    // Each forced checkpoint let the WAL start again from its beginning: it never holds
    // much more than the limit and the group after it.
    EXPECT_LT(wal_frames(*db_), 30 + 10);
    EXPECT_EQ(db_->journal(g).size(), 40u);
}
