// SPDX-License-Identifier: GPL-3.0-or-later
// Schema version 4 (docs/STORAGE.md, docs/WEB.md): every person gets a public number when
// first written, by every path that writes one, and keeps it; the web reads it read-only.
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fstream>
#include <sstream>

#include "bot/rekey.hpp"
#include "fixture.hpp"
#include "storage/web_reader.hpp"

using namespace croupier;
using namespace croupier::bot::web::test;

namespace {

long long count(storage::Database& db, const std::string& sql) {
    return db.raw().execAndGet(sql).getInt64();
}

}  // namespace

TEST(PersonIds, AVersion3DatabaseGetsANumberForEveryPersonAndMergedPersonsKeepOne) {
    TempDir dir;
    const std::string path = (dir.path / "croupier.db").string();
    {
        std::ifstream in(std::string(CROUPIER_SOURCE_DIR) +
                         "/tests/replay/data/split-persons-44b3aba.sql");
        std::stringstream text;
        text << in.rdbuf();
        SQLite::Database raw(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        raw.exec(text.str());
        ASSERT_EQ(raw.execAndGet("PRAGMA user_version").getInt(), 3);
    }
    storage::Database db(path);
    EXPECT_EQ(db.schema_version(), storage::current_schema_version());
    const long long people = count(db,
                                   "SELECT COUNT(*) FROM (SELECT network, key FROM persons UNION "
                                   "SELECT network, key FROM players)");
    ASSERT_GT(people, 3);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM person_ids"), people);
    EXPECT_EQ(count(db, "SELECT COUNT(*) FROM results WHERE rating IS NOT NULL"), 0);

    // Persons split by nick merged at start (issue 32): each key they end with has a number,
    // and the web finds the person, by their nick now, with their games.
    const std::size_t moved =
        db.rekey_persons(bot::person_rekey([](const std::string&) { return false; }));
    EXPECT_GT(moved, 0u);
    EXPECT_EQ(count(db,
                    "SELECT COUNT(*) FROM persons p WHERE NOT EXISTS (SELECT 1 FROM "
                    "person_ids i WHERE i.network = p.network AND i.key = p.key)"),
              0);
    EXPECT_EQ(count(db,
                    "SELECT COUNT(*) FROM players p WHERE NOT EXISTS (SELECT 1 FROM "
                    "person_ids i WHERE i.network = p.network AND i.key = p.key)"),
              0);
    storage::WebReader web(path);
    const std::int64_t nx = web.person_id("replay", "h:~nx@127.0.0.1");
    ASSERT_GT(nx, 0);
    const auto p = web.person(nx, 10);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->nick, "nx");
    EXPECT_FALSE(p->recent.empty());
    // A person first seen now gets the next number.
    remember(db, "h:new@host.example", "newcomer", "new@host.example");
    EXPECT_EQ(web.person_id("net", "h:new@host.example"),
              count(db, "SELECT MAX(id) FROM person_ids"));
}

TEST(PersonIds, TheWebsConnectionNeverCreatesADatabase) {
    TempDir dir;
    const auto path = dir.path / "missing.db";
    EXPECT_THROW(storage::WebReader{path.string()}, std::runtime_error);
    EXPECT_FALSE(std::filesystem::exists(path));
}
