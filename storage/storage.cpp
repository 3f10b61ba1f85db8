// SPDX-License-Identifier: GPL-3.0-or-later
// The database: opening it, the schema and its migrations, the statement cache, the kv
// table and the read-only query. The other members of Database are in games.cpp (games,
// journals, results, ratings, lobbies), persons.cpp (persons, rekey and merge) and
// prefs.cpp (prefs, xp, saved data).
// See docs/STORAGE.md for the schema and for why a committed move survives a crash.
#include "storage/storage.hpp"

#include <sqlite3.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "storage/query_detail.hpp"

namespace croupier::storage {

namespace {

// Each step moves the schema from version (index) to version (index + 1), in one
// transaction together with the new user_version. Never edit a step that has shipped:
// add a new one.
const std::vector<std::vector<const char*>> kMigrations = {
    // 0 -> 1: the first schema.
    {
        R"(CREATE TABLE players (
               network TEXT NOT NULL,
               key     TEXT NOT NULL,          -- casefolded nick: the identity on its network
               nick    TEXT NOT NULL,          -- last shown form
               created INTEGER NOT NULL,       -- unix seconds
               PRIMARY KEY (network, key)
           ) WITHOUT ROWID)",
        R"(CREATE TABLE games (
               id      INTEGER PRIMARY KEY,
               kind    TEXT NOT NULL,
               variant TEXT NOT NULL DEFAULT '',
               network TEXT NOT NULL,
               place   TEXT NOT NULL,
               deal    INTEGER NOT NULL,       -- the 64-bit deal number, stored as signed
               setup   TEXT NOT NULL DEFAULT '',
               started INTEGER NOT NULL,
               ended   INTEGER NOT NULL DEFAULT 0,
               status  TEXT NOT NULL DEFAULT 'open'
                       CHECK (status IN ('open', 'finished', 'abandoned', 'stopped')),
               result  TEXT NOT NULL DEFAULT ''
           ))",
        "CREATE INDEX games_open ON games (id) WHERE status = 'open'",
        "CREATE INDEX games_kind ON games (network, kind, ended)",
        R"(CREATE TABLE journal (
               game_id INTEGER NOT NULL REFERENCES games (id),
               seq     INTEGER NOT NULL CHECK (seq >= 1),
               seat    INTEGER NOT NULL,
               action  TEXT NOT NULL,
               at      INTEGER NOT NULL,
               PRIMARY KEY (game_id, seq)
           ) WITHOUT ROWID)",
        R"(CREATE TABLE results (
               game_id  INTEGER NOT NULL REFERENCES games (id),
               seat     INTEGER NOT NULL,
               key      TEXT NOT NULL,
               nick     TEXT NOT NULL,
               points   INTEGER NOT NULL DEFAULT 0,
               won      INTEGER NOT NULL DEFAULT 0,
               computer INTEGER NOT NULL DEFAULT 0,
               detail   TEXT NOT NULL DEFAULT '',
               PRIMARY KEY (game_id, seat)
           ))",
        "CREATE INDEX results_player ON results (key, game_id)",
        R"(CREATE TABLE ratings (
               network TEXT NOT NULL,
               key     TEXT NOT NULL,
               kind    TEXT NOT NULL,
               variant TEXT NOT NULL DEFAULT '',
               rating  REAL NOT NULL DEFAULT 1500,
               games   INTEGER NOT NULL DEFAULT 0,
               wins    INTEGER NOT NULL DEFAULT 0,
               points  INTEGER NOT NULL DEFAULT 0,
               PRIMARY KEY (network, key, kind, variant),
               FOREIGN KEY (network, key) REFERENCES players (network, key)
           ) WITHOUT ROWID)",
        "CREATE INDEX ratings_top ON ratings (network, kind, variant, rating DESC, wins DESC)",
        R"(CREATE TABLE prefs (
               network TEXT NOT NULL,
               key     TEXT NOT NULL,
               name    TEXT NOT NULL,
               value   TEXT NOT NULL,
               PRIMARY KEY (network, key, name)
           ) WITHOUT ROWID)",
        R"(CREATE TABLE kv (
               name  TEXT PRIMARY KEY,
               value TEXT NOT NULL
           ) WITHOUT ROWID)",
    },
    // 1 -> 2: a player is a person, not a nick (bot/people.hpp); saved data per person and
    // kind (a deck, a party).
    {
        R"(CREATE TABLE persons (
               network  TEXT NOT NULL,
               key      TEXT NOT NULL,          -- "a:<account>" or "h:<nick>!<user@host>"
               nick     TEXT NOT NULL,          -- the nick last seen, as shown
               nick_key TEXT NOT NULL,          -- the same, casefolded
               account  TEXT NOT NULL DEFAULT '',
               userhost TEXT NOT NULL DEFAULT '',
               seen     INTEGER NOT NULL,       -- unix seconds of the last change
               PRIMARY KEY (network, key)
           ) WITHOUT ROWID)",
        "CREATE INDEX persons_nick ON persons (network, nick_key)",
        R"(CREATE TABLE saved (
               network TEXT NOT NULL,
               key     TEXT NOT NULL,
               kind    TEXT NOT NULL,
               slot    TEXT NOT NULL,
               version INTEGER NOT NULL,
               data    BLOB NOT NULL,
               updated INTEGER NOT NULL,
               PRIMARY KEY (network, key, kind, slot)
           ) WITHOUT ROWID)",
        R"(CREATE TABLE xp (
               network TEXT NOT NULL,
               key     TEXT NOT NULL,
               kind    TEXT NOT NULL,
               xp      INTEGER NOT NULL DEFAULT 0,
               PRIMARY KEY (network, key, kind)
           ) WITHOUT ROWID)",
    },
    // 2 -> 3: tables still taking players survive a restart.
    {
        R"(CREATE TABLE lobbies (
               network  TEXT NOT NULL,
               place    TEXT NOT NULL,
               kind     TEXT NOT NULL,
               opener   TEXT NOT NULL,
               data     TEXT NOT NULL,
               deadline INTEGER NOT NULL,
               PRIMARY KEY (network, place, kind, opener)
           ) WITHOUT ROWID)",
    },
    // 3 -> 4: the web pages (docs/WEB.md). A person's public number, which says nothing of
    // their key (an account, a user@host), given when the person is first written, by
    // triggers so that every path that writes a person (first sighting, a finished game, a
    // key moved at start) gives one; and each rated seat's rating after its game, for the
    // rating over time.
    {
        R"(CREATE TABLE person_ids (
               id      INTEGER PRIMARY KEY,
               network TEXT NOT NULL,
               key     TEXT NOT NULL,
               UNIQUE (network, key)
           ))",
        R"(INSERT INTO person_ids (network, key)
               SELECT network, key FROM persons UNION SELECT network, key FROM players
               ORDER BY 1, 2)",
        R"(CREATE TRIGGER person_ids_persons AFTER INSERT ON persons BEGIN
               INSERT OR IGNORE INTO person_ids (network, key) VALUES (NEW.network, NEW.key);
           END)",
        R"(CREATE TRIGGER person_ids_persons_key AFTER UPDATE OF key ON persons BEGIN
               INSERT OR IGNORE INTO person_ids (network, key) VALUES (NEW.network, NEW.key);
           END)",
        R"(CREATE TRIGGER person_ids_players AFTER INSERT ON players BEGIN
               INSERT OR IGNORE INTO person_ids (network, key) VALUES (NEW.network, NEW.key);
           END)",
        R"(CREATE TRIGGER person_ids_players_key AFTER UPDATE OF key ON players BEGIN
               INSERT OR IGNORE INTO person_ids (network, key) VALUES (NEW.network, NEW.key);
           END)",
        "ALTER TABLE results ADD COLUMN rating REAL",
    },
    // 4 -> 5: the daily deal (bot/daily/): each game played on a day's deal, by whom, and
    // what counts on the day's ladder (written with the game's start, its hints and its end).
    {
        R"(CREATE TABLE daily_games (
               game_id  INTEGER PRIMARY KEY REFERENCES games (id),
               network  TEXT NOT NULL,
               kind     TEXT NOT NULL,
               variant  TEXT NOT NULL DEFAULT '',
               day      TEXT NOT NULL,          -- the UTC day, "2026-11-28"
               key      TEXT NOT NULL,          -- the person
               hints    INTEGER NOT NULL DEFAULT 0,
               ended    INTEGER NOT NULL DEFAULT 0,  -- unix seconds; 0 while it is played
               won      INTEGER NOT NULL DEFAULT 0,
               moves    INTEGER NOT NULL DEFAULT -1
           ))",
        "CREATE INDEX daily_games_day ON daily_games (network, kind, variant, day, key, game_id)",
        "CREATE INDEX daily_games_key ON daily_games (network, key, day)",
    },
    // 5 -> 6: events (bot/tourney/): a tournament, its players in the order they joined,
    // and its pairings (a game between two, a table of more, or a bye), each with the game
    // dealt for it and, once that game is over, each seat's place (written with the game's
    // end, in the same unit).
    {
        R"(CREATE TABLE events (
               id          INTEGER PRIMARY KEY,
               network     TEXT NOT NULL,
               channel     TEXT NOT NULL,           -- as typed
               kind        TEXT NOT NULL,
               format      TEXT NOT NULL,           -- swiss, arena, tables
               rounds      INTEGER NOT NULL DEFAULT 0,
               minutes     INTEGER NOT NULL DEFAULT 0,
               table_size  INTEGER NOT NULL DEFAULT 0,
               opener      TEXT NOT NULL,           -- the person
               opener_nick TEXT NOT NULL,
               state       TEXT NOT NULL,           -- signup, running, over, cancelled
               created     INTEGER NOT NULL,
               start_at    INTEGER NOT NULL DEFAULT 0,  -- 0: when the opener says start
               started     INTEGER NOT NULL DEFAULT 0,
               ends        INTEGER NOT NULL DEFAULT 0,  -- an arena's time up
               ended       INTEGER NOT NULL DEFAULT 0
           ))",
        "CREATE INDEX events_state ON events (state, network)",
        R"(CREATE TABLE event_players (
               event_id  INTEGER NOT NULL REFERENCES events (id),
               idx       INTEGER NOT NULL,          -- 0, 1, ... in the order they joined
               key       TEXT NOT NULL,
               nick      TEXT NOT NULL,             -- as they joined
               withdrawn INTEGER NOT NULL DEFAULT 0,
               PRIMARY KEY (event_id, idx)
           ))",
        R"(CREATE TABLE event_games (
               event_id INTEGER NOT NULL REFERENCES events (id),
               round    INTEGER NOT NULL,           -- 0 for the first; an arena's are all 0
               board    INTEGER NOT NULL,           -- 0, 1, ... in the round
               seats    TEXT NOT NULL,              -- player indexes in seat order: "0,3"
               bye      TEXT NOT NULL DEFAULT '',   -- '' a game; full, half, zero: a bye
               game_id  INTEGER,                    -- the game dealt for it
               places   TEXT NOT NULL DEFAULT '',   -- each seat's place once over: "1,2"
               forfeit  INTEGER NOT NULL DEFAULT 0, -- decided without being played
               void     INTEGER NOT NULL DEFAULT 0, -- counts for nothing (time up)
               done     INTEGER NOT NULL DEFAULT 0, -- the order results came in: 1, 2, ...
               PRIMARY KEY (event_id, round, board)
           ))",
        "CREATE INDEX event_games_game ON event_games (game_id)",
    },
};

// How long a write waits for another process's lock (an operator's sqlite3, a backup)
// before it fails. The event loop waits this long, so it is short: a failed write is taken
// back and retried by the tables (bot/tables/commit.cpp), which costs players less than a
// loop stalled for seconds.
constexpr int kBusyTimeoutMs = 200;

// query_text opens the file again later: pin the path against a change of directory.
std::string absolute_path(const std::string& path) {
    std::error_code ec;
    auto abs = std::filesystem::absolute(path, ec);
    return ec ? path : abs.string();
}

}  // namespace

int current_schema_version() {
    return static_cast<int>(kMigrations.size());
}

Database::Query Database::prepare(const std::string& sql) const {
    auto [it, fresh] = prepared_.try_emplace(sql);
    Prepared& p = it->second;
    if (p.busy) {
        auto own = std::make_unique<SQLite::Statement>(*db_, sql);
        SQLite::Statement& statement = *own;
        return Query(statement, nullptr, std::move(own));
    }
    if (!p.statement) p.statement = std::make_unique<SQLite::Statement>(*db_, sql);
    p.busy = true;
    return Query(*p.statement, &p.busy, nullptr);
}

Database::Database(const std::string& path) : path_(absolute_path(path)) {
    try {
        db_ = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE,
                                                 kBusyTimeoutMs);
        // Read the header first: a file that is not a database fails here, clearly.
        const int version = db_->execAndGet("PRAGMA user_version").getInt();
        if (version > current_schema_version())
            throw std::runtime_error(fmt::format(
                "database {} has schema version {}, newer than this croupierd knows ({}): run "
                "the newer croupierd, or restore a backup made for this version",
                path, version, current_schema_version()));
        const std::string mode = db_->execAndGet("PRAGMA journal_mode=WAL").getString();
        if (mode != "wal")
            throw std::runtime_error(
                fmt::format("database {}: cannot switch to WAL mode (got \"{}\")", path, mode));
        // FULL: the WAL is synced at every commit, so a committed move survives power loss,
        // not only a crash of the process.
        db_->exec("PRAGMA synchronous=FULL");
        db_->exec("PRAGMA foreign_keys=ON");
        migrate();
    } catch (const SQLite::Exception& e) {
        throw std::runtime_error(fmt::format("database {}: {}", path, e.what()));
    }
}

Database::~Database() = default;

void Database::set_autocheckpoint(int pages) {
    sqlite3_wal_autocheckpoint(db_->getHandle(), pages);
}

void Database::migrate() {
    for (int v = db_->execAndGet("PRAGMA user_version").getInt(); v < current_schema_version();
         ++v) {
        SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::IMMEDIATE);
        // Another process may have migrated while we waited for the lock.
        if (db_->execAndGet("PRAGMA user_version").getInt() != v) continue;
        for (const char* sql : kMigrations[static_cast<std::size_t>(v)]) db_->exec(sql);
        db_->exec(fmt::format("PRAGMA user_version={}", v + 1));
        tx.commit();
    }
}

int Database::schema_version() const {
    return db_->execAndGet("PRAGMA user_version").getInt();
}

std::optional<std::string> Database::get_value(const std::string& name) const {
    auto q = prepare("SELECT value FROM kv WHERE name = ?");
    q.bind(1, name);
    if (!q.executeStep()) return std::nullopt;
    return q.getColumn(0).getString();
}

void Database::set_value(const std::string& name, const std::string& value) {
    auto q = prepare(
        "INSERT INTO kv (name, value) VALUES (?, ?) "
        "ON CONFLICT (name) DO UPDATE SET value = excluded.value");
    q.bind(1, name);
    q.bind(2, value);
    q.exec();
}

void Database::drop_value(const std::string& name) {
    auto q = prepare("DELETE FROM kv WHERE name = ?");
    q.bind(1, name);
    q.exec();
}

std::optional<std::string> Database::query_text(const std::string& sql) const {
    // A separate read-only connection: even a statement that slipped past the check below
    // could not write through it.
    if (!ro_)
        ro_ = std::make_unique<SQLite::Database>(path_, SQLite::OPEN_READONLY, kBusyTimeoutMs);
    sqlite3* h = ro_->getHandle();
    sqlite3_stmt* raw = nullptr;
    const char* tail = nullptr;
    if (sqlite3_prepare_v2(h, sql.c_str(), static_cast<int>(sql.size() + 1), &raw, &tail) !=
        SQLITE_OK)
        throw std::runtime_error(fmt::format("query \"{}\": {}", sql, sqlite3_errmsg(h)));
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> stmt(raw, sqlite3_finalize);
    if (!stmt) throw std::runtime_error(fmt::format("query \"{}\": no statement", sql));
    for (const char* t = tail; t && *t; ++t)
        if (*t != ' ' && *t != '\t' && *t != '\n' && *t != '\r' && *t != ';')
            throw std::runtime_error(fmt::format("query \"{}\": only one statement", sql));
    if (!sqlite3_stmt_readonly(stmt.get()))
        throw std::runtime_error(fmt::format("query \"{}\": not a read-only statement", sql));
    const int rc = sqlite3_step(stmt.get());
    if (rc == SQLITE_DONE) return std::nullopt;
    if (rc != SQLITE_ROW)
        throw std::runtime_error(fmt::format("query \"{}\": {}", sql, sqlite3_errmsg(h)));
    if (sqlite3_column_count(stmt.get()) < 1) return std::nullopt;
    if (sqlite3_column_type(stmt.get(), 0) == SQLITE_NULL) return std::string("NULL");
    const auto* text = sqlite3_column_text(stmt.get(), 0);
    const int n = sqlite3_column_bytes(stmt.get(), 0);
    return std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(n));
}

SQLite::Database& Database::raw() {
    return *db_;
}

}  // namespace croupier::storage
