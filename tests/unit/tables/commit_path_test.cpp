// The commit path's bookkeeping (bot/tables/commit_path.hpp) against the real writer on a
// real SQLite file: a unit per table per turn of the event loop, what waits on it, and the
// units in flight that later lines wait behind.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/commit_path.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "bot/net_ctx.hpp"
#include "storage/storage.hpp"

namespace fs = std::filesystem;
using croupier::bot::Checked;
using croupier::bot::CommitPath;
using croupier::bot::Done;
using croupier::bot::NetCtx;
using croupier::bot::Table;

namespace {

class CommitPathTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               (std::string("croupier-commit-path-") +
                ::testing::UnitTest::GetInstance()->current_test_info()->name() + "-" +
                std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        const std::string path = (dir_ / "croupier.db").string();
        db_ = std::make_unique<croupier::storage::Database>(path);
        writer_ = std::make_unique<croupier::storage::Writer>(
            path, [this](std::function<void()> f) { boost::asio::post(io_, std::move(f)); }, false);
        path_.attach(*writer_);
        net_.name = "net";
        for (int i = 0; i < 2; ++i) {
            tables_[i].id = i + 1;
            tables_[i].net = &net_;
            tables_[i].epoch = 1;
        }
    }
    void TearDown() override {
        writer_.reset();
        db_.reset();
        fs::remove_all(dir_);
    }
    // Runs the loop until the writer has answered everything handed to it.
    void settle() {
        for (int i = 0; i < 100; ++i) {
            io_.restart();
            io_.poll();
            writer_->drain();
            io_.restart();
            io_.poll();
            if (writer_->in_flight() == 0) return;
        }
        FAIL() << "the writer never answered";
    }
    static croupier::storage::Writer::Job row(const std::string& name) {
        return [name](croupier::storage::Database& d) { d.set_value(name, "1"); };
    }
    std::string kv(const std::string& name) { return db_->get_value(name).value_or(""); }

    fs::path dir_;
    boost::asio::io_context io_;
    std::unique_ptr<croupier::storage::Database> db_;
    std::unique_ptr<croupier::storage::Writer> writer_;
    NetCtx net_;
    Table tables_[2];
    struct Back {
        std::int64_t id;
        std::string error;
        std::size_t release;
    };
    std::vector<Back> back_;
    CommitPath path_{
        io_, [this](CommitPath::Unit& u, const Checked<Done>& committed) {
            back_.push_back({u.id, committed ? "" : committed.why(), u.release.size()});
            if (committed)
                for (auto& f : u.release) f();
        }};
};

}  // namespace

TEST_F(CommitPathTest, NothingWaitingRunsAtOnce) {
    bool ran = false;
    path_.after_commit(tables_[0], [&] { ran = true; });
    EXPECT_TRUE(ran);
    EXPECT_EQ(path_.pending(tables_[0]), nullptr);
}

TEST_F(CommitPathTest, ATablesWritesOfOneTurnAreOneUnitAndItsLinesWaitForIt) {
    std::vector<std::string> told;
    path_.write(tables_[0], row("a1"));
    path_.write(tables_[0], row("a2"));
    path_.after_commit(tables_[0], [&] { told.push_back("a: " + kv("a1") + kv("a2")); });
    path_.write(tables_[1], row("b1"));
    path_.after_commit(tables_[1], [&] { told.push_back("b: " + kv("b1")); });
    ASSERT_NE(path_.pending(tables_[0]), nullptr);
    EXPECT_TRUE(told.empty());  // nothing is told before its rows are in the database
    settle();
    // Flushed by the task the first write posted; each table's lines saw its rows committed.
    ASSERT_EQ(back_.size(), 2u);
    EXPECT_EQ(back_[0].id, 1);
    EXPECT_EQ(back_[0].release, 1u);
    EXPECT_EQ(back_[1].id, 2);
    EXPECT_EQ(told, (std::vector<std::string>{"a: 11", "b: 1"}));
    EXPECT_EQ(path_.pending(tables_[0]), nullptr);
}

TEST_F(CommitPathTest, LinesToldLaterWaitBehindAUnitInFlight) {
    std::vector<std::string> told;
    path_.write(tables_[0], row("m1"));
    path_.after_commit(tables_[0], [&] { told.push_back("move"); });
    path_.flush();  // handed to the writer: in flight, not yet back
    // A view asked for now tells nothing of the move before the move is told.
    path_.after_commit(tables_[0], [&] { told.push_back("view"); });
    // The other table has nothing in flight: its line goes at once.
    path_.after_commit(tables_[1], [&] { told.push_back("other"); });
    EXPECT_EQ(told, (std::vector<std::string>{"other"}));
    settle();
    EXPECT_EQ(told, (std::vector<std::string>{"other", "move", "view"}));
}

TEST_F(CommitPathTest, ARefusedUnitComesBackWithWhyAndNothingOfItIsWritten) {
    bool told = false;
    path_.write(tables_[0], row("r1"));
    path_.write(tables_[0],
                [](croupier::storage::Database&) { throw std::runtime_error("disk full"); });
    path_.after_commit(tables_[0], [&] { told = true; });
    path_.write(tables_[1], row("ok"));
    settle();
    ASSERT_EQ(back_.size(), 2u);
    EXPECT_NE(back_[0].error.find("disk full"), std::string::npos) << back_[0].error;
    EXPECT_FALSE(told);             // what to do is the tables' (here: nothing released)
    EXPECT_EQ(kv("r1"), "");        // the unit is all or nothing
    EXPECT_EQ(back_[1].error, "");  // the other table's unit is its own
    EXPECT_EQ(kv("ok"), "1");
    // Nothing is in flight for it any more: the next line goes at once.
    bool next = false;
    path_.after_commit(tables_[0], [&] { next = true; });
    EXPECT_TRUE(next);
}

TEST_F(CommitPathTest, ATableTakenBackStartsAFreshUnit) {
    path_.write(tables_[0], row("old"));
    CommitPath::Unit* before = path_.pending(tables_[0]);
    ASSERT_NE(before, nullptr);
    before->creates = true;
    tables_[0].epoch = 2;  // taken back to what is committed: its unit of this turn is stale
    EXPECT_EQ(path_.pending(tables_[0]), nullptr);
    path_.write(tables_[0], row("new"));
    ASSERT_NE(path_.pending(tables_[0]), nullptr);
    EXPECT_FALSE(path_.pending(tables_[0])->creates);
    settle();
    EXPECT_EQ(back_.size(), 2u);
}
