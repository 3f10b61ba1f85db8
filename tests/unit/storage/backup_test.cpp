// SPDX-License-Identifier: GPL-3.0-or-later
#include "storage/backup.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <filesystem>
#include <string>

#include "storage/storage.hpp"

using namespace croupier::storage;
namespace fs = std::filesystem;

namespace {

class BackupTest : public ::testing::Test {
  protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ = fs::temp_directory_path() /
               (std::string("croupier-backup-") + info->name() + "-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        live_ = (dir_ / "croupier.db").string();
        copy_ = (dir_ / "copy.db").string();
    }
    void TearDown() override { fs::remove_all(dir_); }

    static std::int64_t add_game(Database& db, int moves) {
        GameRecord g;
        g.kind = "exordia8";
        g.network = "libera";
        g.place = "#cards";
        g.deal = 42;
        g.setup = "seats=alice,bob";
        g.started = 1000;
        const auto id = db.create_game(g);
        for (int i = 1; i <= moves; ++i) db.append(id, JournalEntry{i, i % 2, "draw", 1000 + i});
        return id;
    }

    fs::path dir_;
    std::string live_, copy_;
};

TEST_F(BackupTest, CopiesTheCommittedStateWhileTheDatabaseIsInUse) {
    Database db(live_);  // the daemon's connection stays open, in WAL mode
    add_game(db, 30);
    add_game(db, 5);
    // Another writer (an operator's shell) holds an uncommitted transaction: its rows are
    // not in the copy, and the backup neither waits for it nor fails.
    SQLite::Database shell(live_, SQLite::OPEN_READWRITE);
    SQLite::Transaction pending(shell);
    shell.exec("INSERT INTO journal (game_id, seq, seat, action, at) VALUES (2, 6, 0, 'x', 1)");

    const BackupResult r = backup(live_, copy_);
    EXPECT_GT(r.pages, 0);
    EXPECT_GT(r.bytes, 0);
    EXPECT_EQ(r.schema_version, current_schema_version());
    EXPECT_EQ(r.open_games, 2);
    EXPECT_EQ(r.journal_rows, 35);
    EXPECT_FALSE(fs::exists(copy_ + ".partial"));
    EXPECT_FALSE(fs::exists(copy_ + "-wal"));

    // The copy is a database croupierd opens as it is, with every committed move.
    Database again(copy_);
    EXPECT_EQ(again.open_games().size(), 2u);
    EXPECT_EQ(again.journal(1).size(), 30u);
    EXPECT_EQ(again.journal(2).size(), 5u);
}

TEST_F(BackupTest, ReplacesAnOlderCopyWhole) {
    {
        Database db(live_);
        add_game(db, 3);
    }
    backup(live_, copy_);
    {
        Database db(live_);
        add_game(db, 4);
    }
    const BackupResult r = backup(live_, copy_);
    EXPECT_EQ(r.open_games, 2);
    EXPECT_EQ(r.journal_rows, 7);
}

TEST_F(BackupTest, RefusesToWriteOverTheDatabaseOrToCopyNothing) {
    { Database db(live_); }
    try {
        backup(live_, live_);
        FAIL() << "copied a database onto itself";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("is the database itself"), std::string::npos)
            << e.what();
    }
    EXPECT_THROW(backup((dir_ / "missing.db").string(), copy_), std::runtime_error);
    EXPECT_FALSE(fs::exists(copy_));
    // A folder that does not exist: nothing half-written is left.
    EXPECT_THROW(backup(live_, (dir_ / "no" / "such" / "dir.db").string()), std::runtime_error);
}

}  // namespace
