// SPDX-License-Identifier: GPL-3.0-or-later
// The database: schema and migrations, games and their journals, results, ratings, prefs.
// See docs/STORAGE.md for the schema and for why a committed move survives a crash.
#include "storage/storage.hpp"

#include <sqlite3.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

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
};

constexpr double kK = 32.0;
// How long a write waits for another process's lock (an operator's sqlite3, a backup)
// before it fails. The event loop waits this long, so it is short: a failed write is taken
// back and retried by the tables (bot/tables/commit.cpp), which costs players less than a
// loop stalled for seconds.
constexpr int kBusyTimeoutMs = 200;

std::int64_t to_signed(std::uint64_t v) {
    return static_cast<std::int64_t>(v);
}
std::uint64_t to_unsigned(std::int64_t v) {
    return static_cast<std::uint64_t>(v);
}

// A transaction of its own when none is open, else a savepoint inside the one that is (the
// writer runs many calls in one transaction: docs/STORAGE.md).
class Scope {
  public:
    explicit Scope(SQLite::Database& db) : db_(db) {
        outer_ = sqlite3_get_autocommit(db.getHandle()) != 0;
        db_.exec(outer_ ? "BEGIN IMMEDIATE" : "SAVEPOINT scope");
    }
    ~Scope() {
        if (done_) return;
        try {
            if (outer_)
                db_.exec("ROLLBACK");
            else
                db_.exec("ROLLBACK TO scope; RELEASE scope");
        } catch (const std::exception&) {
            // Nothing more to undo: SQLite already ended the transaction.
        }
    }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    void commit() {
        db_.exec(outer_ ? "COMMIT" : "RELEASE scope");
        done_ = true;
    }

  private:
    SQLite::Database& db_;
    bool outer_ = true;
    bool done_ = false;
};

GameRecord read_game(SQLite::Statement& q) {
    GameRecord g;
    g.id = q.getColumn(0).getInt64();
    g.kind = q.getColumn(1).getString();
    g.variant = q.getColumn(2).getString();
    g.network = q.getColumn(3).getString();
    g.place = q.getColumn(4).getString();
    g.deal = to_unsigned(q.getColumn(5).getInt64());
    g.setup = q.getColumn(6).getString();
    g.started = q.getColumn(7).getInt64();
    g.ended = q.getColumn(8).getInt64();
    g.status = q.getColumn(9).getString();
    g.result = q.getColumn(10).getString();
    return g;
}

constexpr const char* kGameColumns =
    "id, kind, variant, network, place, deal, setup, started, ended, status, result";

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

// A prepared statement borrowed from the cache for one call: bound, run, and on the way
// out reset (so it holds no read snapshot) with its bindings cleared.
class Database::Query {
  public:
    Query(SQLite::Statement& statement, bool* busy, std::unique_ptr<SQLite::Statement> own)
        : s_(&statement), busy_(busy), own_(std::move(own)) {}
    ~Query() {
        s_->tryReset();
        try {
            s_->clearBindings();
        } catch (...) {
        }
        if (busy_) *busy_ = false;
    }
    Query(const Query&) = delete;
    Query& operator=(const Query&) = delete;
    template <class... A>
    void bind(A&&... a) {
        s_->bind(std::forward<A>(a)...);
    }
    int exec() { return s_->exec(); }
    bool executeStep() { return s_->executeStep(); }
    SQLite::Column getColumn(int i) const { return s_->getColumn(i); }
    void reset() { s_->reset(); }
    SQLite::Statement& statement() { return *s_; }

  private:
    SQLite::Statement* s_;
    bool* busy_;
    std::unique_ptr<SQLite::Statement> own_;  // a nested use of a busy statement
};

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

std::int64_t Database::next_game_id() const {
    auto q = prepare("SELECT COALESCE(MAX(id), 0) + 1 FROM games");
    q.executeStep();
    return q.getColumn(0).getInt64();
}

std::int64_t Database::create_game(const GameRecord& g) {
    auto q = prepare(
        "INSERT INTO games (kind, variant, network, place, deal, setup, started, "
        "ended, status, result, id) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 'open', '', ?)");
    if (g.id > 0)
        q.bind(8, static_cast<std::int64_t>(g.id));
    else
        q.bind(8);  // NULL: the next free id
    q.bind(1, g.kind);
    q.bind(2, g.variant);
    q.bind(3, g.network);
    q.bind(4, g.place);
    q.bind(5, static_cast<std::int64_t>(to_signed(g.deal)));
    q.bind(6, g.setup);
    q.bind(7, static_cast<std::int64_t>(g.started));
    q.exec();
    return db_->getLastInsertRowid();
}

void Database::append(std::int64_t game_id, const JournalEntry& e) {
    // The row goes in only when seq is the next one for an open game. Checked first and
    // inserted plainly: an INSERT ... SELECT that reads the journal itself makes SQLite copy
    // the selected row through a temporary table on every move.
    std::string status;
    std::int64_t last = 0;
    {
        auto check = prepare(
            "SELECT status, (SELECT COALESCE(MAX(seq), 0) FROM journal WHERE game_id = ?1) "
            "FROM games WHERE id = ?1");
        check.bind(1, static_cast<std::int64_t>(game_id));
        if (!check.executeStep())
            throw std::runtime_error(fmt::format("journal: no game {}", game_id));
        status = check.getColumn(0).getString();
        last = check.getColumn(1).getInt64();
    }
    if (status != "open")
        throw std::runtime_error(fmt::format("journal: game {} is {}, not open", game_id, status));
    if (last != e.seq - 1)
        throw std::runtime_error(
            fmt::format("journal: game {} expects move {}, not {}", game_id, last + 1, e.seq));
    auto q = prepare("INSERT INTO journal (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)");
    q.bind(1, static_cast<std::int64_t>(game_id));
    q.bind(2, static_cast<std::int64_t>(e.seq));
    q.bind(3, e.seat);
    q.bind(4, e.action);
    q.bind(5, static_cast<std::int64_t>(e.at));
    q.exec();
}

std::vector<JournalEntry> Database::journal(std::int64_t game_id) const {
    auto q = prepare("SELECT seq, seat, action, at FROM journal WHERE game_id = ? ORDER BY seq");
    q.bind(1, static_cast<std::int64_t>(game_id));
    std::vector<JournalEntry> out;
    while (q.executeStep()) {
        JournalEntry e;
        e.seq = q.getColumn(0).getInt64();
        e.seat = q.getColumn(1).getInt();
        e.action = q.getColumn(2).getString();
        e.at = q.getColumn(3).getInt64();
        out.push_back(std::move(e));
    }
    return out;
}

std::vector<GameRecord> Database::open_games() const {
    auto q = prepare(
        fmt::format("SELECT {} FROM games WHERE status = 'open' ORDER BY id", kGameColumns));
    std::vector<GameRecord> out;
    while (q.executeStep()) out.push_back(read_game(q.statement()));
    return out;
}

std::optional<GameRecord> Database::game(std::int64_t id) const {
    auto q = prepare(fmt::format("SELECT {} FROM games WHERE id = ?", kGameColumns));
    q.bind(1, static_cast<std::int64_t>(id));
    if (!q.executeStep()) return std::nullopt;
    return read_game(q.statement());
}

std::vector<double> elo_changes(const std::vector<double>& ratings, const std::vector<bool>& won) {
    const std::size_t n = ratings.size();
    std::vector<double> delta(n, 0.0);
    if (n < 2) return delta;
    const double k = kK / static_cast<double>(n - 1);
    for (std::size_t w = 0; w < n; ++w) {
        if (!won[w]) continue;
        for (std::size_t l = 0; l < n; ++l) {
            if (won[l]) continue;
            const double expected = 1.0 / (1.0 + std::pow(10.0, (ratings[l] - ratings[w]) / 400.0));
            const double d = k * (1.0 - expected);
            delta[w] += d;
            delta[l] -= d;
        }
    }
    return delta;
}

void Database::finish_game(std::int64_t game_id, const std::string& status,
                           const std::string& result, std::int64_t ended,
                           const std::vector<PlayerResult>& players, std::int64_t moves) {
    if (status != "finished" && status != "abandoned" && status != "stopped")
        throw std::invalid_argument(fmt::format(
            "finish_game: status must be finished, abandoned or stopped, not \"{}\"", status));
    Scope tx(*db_);
    auto g = game(game_id);
    if (!g) throw std::runtime_error(fmt::format("finish_game: no game {}", game_id));
    if (moves >= 0) {
        auto m = prepare("SELECT COALESCE(MAX(seq), 0) FROM journal WHERE game_id = ?");
        m.bind(1, static_cast<std::int64_t>(game_id));
        m.executeStep();
        const std::int64_t have = m.getColumn(0).getInt64();
        if (have != moves)
            throw std::runtime_error(
                fmt::format("finish_game: game {} ends after move {}, but the journal holds {}",
                            game_id, moves, have));
    }
    if (g->status != "open")
        throw std::runtime_error(
            fmt::format("finish_game: game {} is already {}", game_id, g->status));

    {
        auto q = prepare("UPDATE games SET status = ?, result = ?, ended = ? WHERE id = ?");
        q.bind(1, status);
        q.bind(2, result);
        q.bind(3, static_cast<std::int64_t>(ended));
        q.bind(4, static_cast<std::int64_t>(game_id));
        q.exec();
    }

    auto add_result = prepare(
        "INSERT INTO results (game_id, seat, key, nick, points, won, "
        "computer, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    auto add_player = prepare(
        "INSERT INTO players (network, key, nick, created) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (network, key) DO UPDATE SET nick = excluded.nick");
    auto get_rating = prepare(
        "SELECT rating FROM ratings WHERE network = ? AND key = ? AND "
        "kind = ? AND variant = ?");

    std::vector<const PlayerResult*> humans;
    std::vector<double> ratings;
    std::vector<bool> won;
    for (const auto& p : players) {
        add_result.reset();
        add_result.bind(1, static_cast<std::int64_t>(game_id));
        add_result.bind(2, p.seat);
        add_result.bind(3, p.key);
        add_result.bind(4, p.nick);
        add_result.bind(5, static_cast<std::int64_t>(p.points));
        add_result.bind(6, p.won ? 1 : 0);
        add_result.bind(7, p.computer ? 1 : 0);
        add_result.bind(8, p.detail);
        add_result.exec();
        if (p.computer || p.unrated) continue;
        if (p.key.empty())
            throw std::invalid_argument(
                fmt::format("finish_game: seat {} has no player key", p.seat));
        add_player.reset();
        add_player.bind(1, g->network);
        add_player.bind(2, p.key);
        add_player.bind(3, p.nick);
        add_player.bind(4, static_cast<std::int64_t>(ended));
        add_player.exec();
        if (p.xp != 0) {
            // In the game's transaction: recorded once with the game, never twice.
            auto add_xp = prepare(
                "INSERT INTO xp (network, key, kind, xp) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (network, key, kind) DO UPDATE SET xp = xp + "
                "excluded.xp");
            add_xp.bind(1, g->network);
            add_xp.bind(2, p.key);
            add_xp.bind(3, g->kind);
            add_xp.bind(4, static_cast<std::int64_t>(p.xp));
            add_xp.exec();
        }
        get_rating.reset();
        get_rating.bind(1, g->network);
        get_rating.bind(2, p.key);
        get_rating.bind(3, g->kind);
        get_rating.bind(4, g->variant);
        humans.push_back(&p);
        ratings.push_back(get_rating.executeStep() ? get_rating.getColumn(0).getDouble() : 1500.0);
        won.push_back(p.won);
    }

    // Ratings move only between humans; one human alone (solitaire, or against computer
    // players) keeps the rating and still counts the game.
    const auto delta = elo_changes(ratings, won);
    auto upd = prepare(
        "INSERT INTO ratings (network, key, kind, variant, rating, games, wins, points) "
        "VALUES (?1, ?2, ?3, ?4, 1500 + ?5, 1, ?6, ?7) "
        "ON CONFLICT (network, key, kind, variant) DO UPDATE SET rating = rating + ?5, "
        "games = games + 1, wins = wins + ?6, points = points + ?7");
    for (std::size_t i = 0; i < humans.size(); ++i) {
        upd.reset();
        upd.bind(1, g->network);
        upd.bind(2, humans[i]->key);
        upd.bind(3, g->kind);
        upd.bind(4, g->variant);
        upd.bind(5, delta[i]);
        upd.bind(6, humans[i]->won ? 1 : 0);
        upd.bind(7, static_cast<std::int64_t>(humans[i]->points));
        upd.exec();
    }
    tx.commit();
}

std::vector<StatLine> Database::stats(const std::string& network, const std::string& key) const {
    auto q = prepare(
        "SELECT kind, variant, games, wins, points, rating FROM ratings "
        "WHERE network = ? AND key = ? ORDER BY kind, variant");
    q.bind(1, network);
    q.bind(2, key);
    std::vector<StatLine> out;
    while (q.executeStep()) {
        StatLine s;
        s.kind = q.getColumn(0).getString();
        s.variant = q.getColumn(1).getString();
        s.games = q.getColumn(2).getInt64();
        s.wins = q.getColumn(3).getInt64();
        s.points = q.getColumn(4).getInt64();
        s.rating = q.getColumn(5).getDouble();
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<TopLine> Database::top(const std::string& network, const std::string& kind,
                                   const std::string& variant, int limit) const {
    auto q = prepare(
        "SELECT p.nick, r.games, r.wins, r.points, r.rating FROM ratings r "
        "JOIN players p ON p.network = r.network AND p.key = r.key "
        "WHERE r.network = ? AND r.kind = ? AND r.variant = ? "
        "ORDER BY r.rating DESC, r.wins DESC, r.points DESC, r.games ASC, "
        "p.key ASC LIMIT ?");
    q.bind(1, network);
    q.bind(2, kind);
    q.bind(3, variant);
    q.bind(4, limit);
    std::vector<TopLine> out;
    while (q.executeStep()) {
        TopLine t;
        t.nick = q.getColumn(0).getString();
        t.games = q.getColumn(1).getInt64();
        t.wins = q.getColumn(2).getInt64();
        t.points = q.getColumn(3).getInt64();
        t.rating = q.getColumn(4).getDouble();
        out.push_back(std::move(t));
    }
    return out;
}

std::optional<std::string> Database::last_detail(const std::string& network, const std::string& key,
                                                 const std::string& kind) const {
    auto q = prepare(
        "SELECT r.detail FROM results r JOIN games g ON g.id = r.game_id "
        "WHERE g.network = ? AND r.key = ? AND g.kind = ? AND r.computer = 0 "
        "ORDER BY g.ended DESC, g.id DESC LIMIT 1");
    q.bind(1, network);
    q.bind(2, key);
    q.bind(3, kind);
    if (!q.executeStep()) return std::nullopt;
    return q.getColumn(0).getString();
}

std::optional<std::int64_t> Database::last_game(const std::string& network, const std::string& key,
                                                const std::string& kind) const {
    auto q = prepare(
        "SELECT g.id FROM results r JOIN games g ON g.id = r.game_id "
        "WHERE g.network = ? AND r.key = ? AND (? = '' OR g.kind = ?) AND r.computer = 0 "
        "ORDER BY g.ended DESC, g.id DESC LIMIT 1");
    q.bind(1, network);
    q.bind(2, key);
    q.bind(3, kind);
    q.bind(4, kind);
    if (!q.executeStep()) return std::nullopt;
    return q.getColumn(0).getInt64();
}

std::vector<GameRecord> Database::games_by_deal(const std::string& network, std::uint64_t deal,
                                                const std::string& key) const {
    auto q = prepare(
        fmt::format("SELECT {} FROM games g WHERE network = ? AND deal = ? ORDER BY "
                    "EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id AND r.key = ?) DESC, "
                    "instr(setup, ?) > 0 DESC, id DESC LIMIT 20",
                    kGameColumns));
    q.bind(1, network);
    q.bind(2, static_cast<std::int64_t>(to_signed(deal)));
    q.bind(3, key);
    q.bind(4, key);
    std::vector<GameRecord> out;
    while (q.executeStep()) out.push_back(read_game(q.statement()));
    return out;
}

const Database::Prefs& Database::prefs(const std::string& network, const std::string& key) const {
    auto& of_net = pref_cache_[network];
    if (auto it = of_net.find(key); it != of_net.end()) return it->second;
    auto q = prepare("SELECT name, value FROM prefs WHERE network = ? AND key = ?");
    q.bind(1, network);
    q.bind(2, key);
    Prefs got;
    while (q.executeStep())
        got.emplace_back(q.getColumn(0).getString(), q.getColumn(1).getString());
    if (++pref_cached_ > 100000) {  // bounded; refilled on demand
        pref_cache_.clear();
        pref_cached_ = 1;
    }
    return pref_cache_[network][key] = std::move(got);
}

const std::string* Database::pref_in(const Prefs& prefs, std::string_view name) {
    for (const auto& [n, v] : prefs)
        if (n == name) return &v;
    return nullptr;
}

std::optional<std::string> Database::pref(const std::string& network, const std::string& key,
                                          const std::string& name) const {
    if (const std::string* v = pref_in(prefs(network, key), name)) return *v;
    return std::nullopt;
}

void Database::set_pref(const std::string& network, const std::string& key, const std::string& name,
                        const std::string& value) {
    auto q = prepare(
        "INSERT INTO prefs (network, key, name, value) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (network, key, name) DO UPDATE SET value = excluded.value");
    q.bind(1, network);
    q.bind(2, key);
    q.bind(3, name);
    q.bind(4, value);
    q.exec();
    // After the commit only; a person not read yet is read whole when first asked for.
    auto net = pref_cache_.find(network);
    if (net == pref_cache_.end()) return;
    auto person = net->second.find(key);
    if (person == net->second.end()) return;
    for (auto& [n, v] : person->second)
        if (n == name) {
            v = value;
            return;
        }
    person->second.emplace_back(name, value);
}

void Database::forget_prefs(const std::string& network, const std::string& key) {
    if (auto net = pref_cache_.find(network); net != pref_cache_.end()) net->second.erase(key);
}

void Database::remember_person(const std::string& network, const PersonRow& p) {
    auto q = prepare(
        "INSERT INTO persons (network, key, nick, nick_key, account, userhost, "
        "seen) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (network, key) DO UPDATE "
        "SET nick = excluded.nick, nick_key = excluded.nick_key, account = "
        "excluded.account, userhost = excluded.userhost, seen = excluded.seen");
    q.bind(1, network);
    q.bind(2, p.key);
    q.bind(3, p.nick);
    q.bind(4, p.nick_key);
    q.bind(5, p.account);
    q.bind(6, p.userhost);
    q.bind(7, static_cast<std::int64_t>(p.seen));
    q.exec();
}

std::vector<PersonRow> Database::persons(const std::string& network) const {
    auto q = prepare(
        "SELECT key, nick, nick_key, account, userhost, seen FROM persons WHERE "
        "network = ? ORDER BY seen");
    q.bind(1, network);
    std::vector<PersonRow> out;
    while (q.executeStep()) {
        PersonRow p;
        p.key = q.getColumn(0).getString();
        p.nick = q.getColumn(1).getString();
        p.nick_key = q.getColumn(2).getString();
        p.account = q.getColumn(3).getString();
        p.userhost = q.getColumn(4).getString();
        p.seen = q.getColumn(5).getInt64();
        out.push_back(std::move(p));
    }
    return out;
}

void Database::save_lobby(const LobbyRow& l) {
    auto q = prepare(
        "INSERT INTO lobbies (network, place, kind, opener, data, deadline) VALUES "
        "(?, ?, ?, ?, ?, ?) ON CONFLICT (network, place, kind, opener) DO UPDATE "
        "SET data = excluded.data, deadline = excluded.deadline");
    q.bind(1, l.network);
    q.bind(2, l.place);
    q.bind(3, l.kind);
    q.bind(4, l.opener);
    q.bind(5, l.data);
    q.bind(6, l.deadline);
    q.exec();
}

void Database::drop_lobby(const std::string& network, const std::string& place,
                          const std::string& kind, const std::string& opener) {
    auto q =
        prepare("DELETE FROM lobbies WHERE network = ? AND place = ? AND kind = ? AND opener = ?");
    q.bind(1, network);
    q.bind(2, place);
    q.bind(3, kind);
    q.bind(4, opener);
    q.exec();
}

std::vector<LobbyRow> Database::lobbies() const {
    auto q = prepare(
        "SELECT network, place, kind, opener, data, deadline FROM lobbies ORDER BY "
        "deadline");
    std::vector<LobbyRow> out;
    while (q.executeStep()) {
        LobbyRow l;
        l.network = q.getColumn(0).getString();
        l.place = q.getColumn(1).getString();
        l.kind = q.getColumn(2).getString();
        l.opener = q.getColumn(3).getString();
        l.data = q.getColumn(4).getString();
        l.deadline = q.getColumn(5).getInt64();
        out.push_back(std::move(l));
    }
    return out;
}

// ------------------------------------------------------------------ persons moved and merged

namespace {

// A kept blob's slot: "<slot>~<old key>", with "#2", "#3"... if even that is taken.
std::string spare_slot(const std::string& slot, const std::string& old_key,
                       const std::set<std::string>& taken) {
    const std::string base = slot + "~" + old_key;
    std::string name = base;
    for (int n = 2; taken.count(name); ++n) name = base + "#" + std::to_string(n);
    return name;
}

}  // namespace

// The persons of one network that end on one key, `members` oldest seen first (the last is
// the most recently seen): their rows in persons, players, ratings, xp, prefs and saved
// become the rows of `key` (docs/STORAGE.md says how each is merged).
void Database::merge_persons(const std::string& network, const std::string& key,
                             const std::vector<const PersonRow*>& members) {
    const PersonRow& newest = *members.back();
    auto drop = [&](const char* table) {
        auto q = prepare(fmt::format("DELETE FROM {} WHERE network = ? AND key = ?", table));
        for (const PersonRow* m : members) {
            q.reset();
            q.bind(1, network);
            q.bind(2, m->key);
            q.exec();
        }
    };

    // persons: one row, as the most recently seen was.
    {
        std::string userhost = newest.userhost, account = newest.account;
        for (const PersonRow* m : members) {
            if (userhost.empty()) userhost = m->userhost;
            if (account.empty()) account = m->account;
        }
        drop("persons");
        PersonRow row = newest;
        row.key = key;
        row.userhost = userhost;
        row.account = account;
        remember_person(network, row);
    }

    // players: the earliest created, the newest nick (the most recently seen person's).
    {
        std::optional<std::int64_t> created;
        auto q = prepare("SELECT created FROM players WHERE network = ? AND key = ?");
        for (const PersonRow* m : members) {
            q.reset();
            q.bind(1, network);
            q.bind(2, m->key);
            if (q.executeStep()) {
                const std::int64_t c = q.getColumn(0).getInt64();
                created = created ? std::min(*created, c) : c;
            }
        }
        if (created) {
            drop("players");
            auto add =
                prepare("INSERT INTO players (network, key, nick, created) VALUES (?, ?, ?, ?)");
            add.bind(1, network);
            add.bind(2, key);
            add.bind(3, newest.nick);
            add.bind(4, *created);
            add.exec();
        }
    }

    // ratings per kind and variant: counts summed, the rating weighted by games.
    {
        struct Sum {
            double weighted = 0, plain = 0;
            std::int64_t games = 0, wins = 0, points = 0, rows = 0;
        };
        std::map<std::pair<std::string, std::string>, Sum> sums;
        auto q = prepare(
            "SELECT kind, variant, rating, games, wins, points FROM ratings WHERE network = ? "
            "AND key = ?");
        for (const PersonRow* m : members) {
            q.reset();
            q.bind(1, network);
            q.bind(2, m->key);
            while (q.executeStep()) {
                Sum& s = sums[{q.getColumn(0).getString(), q.getColumn(1).getString()}];
                const double rating = q.getColumn(2).getDouble();
                const std::int64_t games = q.getColumn(3).getInt64();
                s.weighted += rating * static_cast<double>(games);
                s.plain += rating;
                s.games += games;
                s.wins += q.getColumn(4).getInt64();
                s.points += q.getColumn(5).getInt64();
                ++s.rows;
            }
        }
        drop("ratings");
        auto add = prepare(
            "INSERT INTO ratings (network, key, kind, variant, rating, games, wins, points) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        for (const auto& [kv, s] : sums) {
            add.reset();
            add.bind(1, network);
            add.bind(2, key);
            add.bind(3, kv.first);
            add.bind(4, kv.second);
            add.bind(5, s.games > 0 ? s.weighted / static_cast<double>(s.games)
                                    : s.plain / static_cast<double>(s.rows));
            add.bind(6, s.games);
            add.bind(7, s.wins);
            add.bind(8, s.points);
            add.exec();
        }
    }

    // xp: summed per kind.
    {
        std::map<std::string, std::int64_t> sums;
        auto q = prepare("SELECT kind, xp FROM xp WHERE network = ? AND key = ?");
        for (const PersonRow* m : members) {
            q.reset();
            q.bind(1, network);
            q.bind(2, m->key);
            while (q.executeStep()) sums[q.getColumn(0).getString()] += q.getColumn(1).getInt64();
        }
        drop("xp");
        auto add = prepare("INSERT INTO xp (network, key, kind, xp) VALUES (?, ?, ?, ?)");
        for (const auto& [kind, xp] : sums) {
            add.reset();
            add.bind(1, network);
            add.bind(2, key);
            add.bind(3, kind);
            add.bind(4, xp);
            add.exec();
        }
    }

    // prefs: the most recently seen person's value wins (members go oldest first).
    {
        std::map<std::string, std::string> values;
        auto q = prepare("SELECT name, value FROM prefs WHERE network = ? AND key = ?");
        for (const PersonRow* m : members) {
            q.reset();
            q.bind(1, network);
            q.bind(2, m->key);
            while (q.executeStep()) values[q.getColumn(0).getString()] = q.getColumn(1).getString();
        }
        drop("prefs");
        auto add = prepare("INSERT INTO prefs (network, key, name, value) VALUES (?, ?, ?, ?)");
        for (const auto& [name, value] : values) {
            add.reset();
            add.bind(1, network);
            add.bind(2, key);
            add.bind(3, name);
            add.bind(4, value);
            add.exec();
        }
    }

    // saved: the newest blob of a (kind, slot) keeps the slot; every other one is kept under
    // "<slot>~<old key>", which nothing reads as a slot of its own.
    {
        struct Blob {
            std::string kind, slot, data, owner;
            int version = 1;
            std::int64_t updated = 0;
            std::size_t order = 0;  // the owner's place among the members
        };
        std::map<std::pair<std::string, std::string>, std::vector<Blob>> blobs;
        auto q = prepare(
            "SELECT kind, slot, version, data, updated FROM saved WHERE network = ? AND key = ?");
        for (std::size_t i = 0; i < members.size(); ++i) {
            q.reset();
            q.bind(1, network);
            q.bind(2, members[i]->key);
            while (q.executeStep()) {
                Blob b;
                b.kind = q.getColumn(0).getString();
                b.slot = q.getColumn(1).getString();
                b.version = q.getColumn(2).getInt();
                b.data = q.getColumn(3).getString();
                b.updated = q.getColumn(4).getInt64();
                b.owner = members[i]->key;
                b.order = i;
                blobs[{b.kind, b.slot}].push_back(std::move(b));
            }
        }
        drop("saved");
        std::map<std::string, std::set<std::string>> taken;  // kind -> slots
        for (const auto& [ks, list] : blobs) taken[ks.first].insert(ks.second);
        auto add = prepare(
            "INSERT INTO saved (network, key, kind, slot, version, data, updated) VALUES (?, "
            "?, ?, ?, ?, ?, ?)");
        for (auto& [ks, list] : blobs) {
            std::stable_sort(list.begin(), list.end(), [](const Blob& a, const Blob& b) {
                return std::tie(a.updated, a.order) < std::tie(b.updated, b.order);
            });
            for (std::size_t i = 0; i < list.size(); ++i) {
                const Blob& b = list[i];
                std::string slot = b.slot;
                if (i + 1 < list.size()) {
                    slot = spare_slot(b.slot, b.owner, taken[b.kind]);
                    taken[b.kind].insert(slot);
                }
                add.reset();
                add.bind(1, network);
                add.bind(2, key);
                add.bind(3, b.kind);
                add.bind(4, slot);
                add.bind(5, b.version);
                add.bind(6, b.data.data(), static_cast<int>(b.data.size()));
                add.bind(7, b.updated);
                add.exec();
            }
        }
    }
}

std::size_t Database::rekey_persons(const Rekey& r) {
    std::map<std::string, std::vector<PersonRow>> by_network;
    // Where each person goes, per network: decided before anything is written.
    std::map<std::string, std::map<std::string, std::string>> moves;
    const auto plan = [&] {
        by_network.clear();
        moves.clear();
        auto q = prepare(
            "SELECT network, key, nick, nick_key, account, userhost, seen FROM persons ORDER BY "
            "network, key");
        while (q.executeStep()) {
            PersonRow p;
            p.key = q.getColumn(1).getString();
            p.nick = q.getColumn(2).getString();
            p.nick_key = q.getColumn(3).getString();
            p.account = q.getColumn(4).getString();
            p.userhost = q.getColumn(5).getString();
            p.seen = q.getColumn(6).getInt64();
            by_network[q.getColumn(0).getString()].push_back(std::move(p));
        }
        for (const auto& [network, rows] : by_network) {
            std::map<std::string, std::string> wanted;
            for (const auto& row : rows) wanted[row.key] = r.key ? r.key(network, row) : row.key;
            for (const auto& [from, to] : wanted) {
                // A key that is itself someone's old key goes on to where that one goes.
                std::string end = to;
                std::set<std::string> seen{from};
                for (auto it = wanted.find(end);
                     it != wanted.end() && it->second != end && seen.insert(end).second;
                     it = wanted.find(end))
                    end = it->second;
                if (end != from) moves[network][from] = end;
            }
        }
    };
    // Looked at without a write lock first: on most starts nothing moves, and nothing waits
    // for a lock another process (a backup, an operator's shell) may hold.
    plan();
    if (moves.empty()) return 0;
    Scope tx(*db_);
    plan();  // again, under the lock
    if (moves.empty()) return 0;

    std::size_t moved = 0;
    // ratings reference players: both are rewritten, checked at the commit.
    db_->exec("PRAGMA defer_foreign_keys = ON");
    for (const auto& [network, moved_here] : moves) {
        moved += moved_here.size();
        // The persons that end on each key, the one who has it already included.
        std::map<std::string, std::vector<const PersonRow*>> groups;
        for (const auto& row : by_network[network]) {
            auto it = moved_here.find(row.key);
            groups[it == moved_here.end() ? row.key : it->second].push_back(&row);
        }
        for (auto& [key, members] : groups) {
            if (members.size() == 1 && members.front()->key == key) continue;
            std::stable_sort(members.begin(), members.end(),
                             [](const PersonRow* a, const PersonRow* b) {
                                 return std::tie(a->seen, a->key) < std::tie(b->seen, b->key);
                             });
            merge_persons(network, key, members);
        }

        // results: the key replaced (a result's network is its game's).
        {
            auto q = prepare(
                "UPDATE results SET key = ? WHERE key = ? AND game_id IN (SELECT id FROM games "
                "WHERE network = ?)");
            for (const auto& [from, to] : moved_here) {
                q.reset();
                q.bind(1, to);
                q.bind(2, from);
                q.bind(3, network);
                q.exec();
            }
        }

        // games: every setup of the network, open or ended.
        if (r.setup) {
            std::vector<std::pair<std::int64_t, std::string>> changed;
            {
                auto q = prepare("SELECT id, setup FROM games WHERE network = ?");
                q.bind(1, network);
                while (q.executeStep()) {
                    const std::string setup = q.getColumn(1).getString();
                    std::string now = r.setup(setup, moved_here);
                    if (now != setup) changed.emplace_back(q.getColumn(0).getInt64(), now);
                }
            }
            auto q = prepare("UPDATE games SET setup = ? WHERE id = ?");
            for (const auto& [id, setup] : changed) {
                q.reset();
                q.bind(1, setup);
                q.bind(2, id);
                q.exec();
            }
        }

        // lobbies: the opener (part of the row's key) and the seats.
        {
            std::vector<LobbyRow> changed;
            {
                auto q = prepare(
                    "SELECT place, kind, opener, data, deadline FROM lobbies WHERE network = ?");
                q.bind(1, network);
                while (q.executeStep()) {
                    LobbyRow l{network,
                               q.getColumn(0).getString(),
                               q.getColumn(1).getString(),
                               q.getColumn(2).getString(),
                               q.getColumn(3).getString(),
                               q.getColumn(4).getInt64()};
                    const std::string opener = l.opener, data = l.data;
                    if (auto it = moved_here.find(l.opener); it != moved_here.end())
                        l.opener = it->second;
                    if (r.lobby) l.data = r.lobby(l.data, moved_here);
                    if (l.opener != opener || l.data != data) {
                        changed.push_back(l);
                        changed.back().opener = opener;  // the row to drop
                        changed.push_back(std::move(l));
                    }
                }
            }
            for (std::size_t i = 0; i < changed.size(); i += 2) {
                const LobbyRow& old = changed[i];
                drop_lobby(network, old.place, old.kind, old.opener);
            }
            // Two tables of one kind in one channel whose openers became one person: the one
            // whose window ends last is kept.
            auto q = prepare(
                "INSERT INTO lobbies (network, place, kind, opener, data, deadline) VALUES (?, ?, "
                "?, ?, ?, ?) ON CONFLICT (network, place, kind, opener) DO UPDATE SET data = "
                "excluded.data, deadline = excluded.deadline WHERE excluded.deadline > "
                "lobbies.deadline");
            for (std::size_t i = 1; i < changed.size(); i += 2) {
                const LobbyRow& l = changed[i];
                q.reset();
                q.bind(1, l.network);
                q.bind(2, l.place);
                q.bind(3, l.kind);
                q.bind(4, l.opener);
                q.bind(5, l.data);
                q.bind(6, l.deadline);
                q.exec();
            }
        }

        // kv: the next dealer of each channel of the network ("dealer:" before issue 28).
        for (const std::string& prefix :
             {"next-dealer:" + network + ":", "dealer:" + network + ":"}) {
            std::vector<std::pair<std::string, std::string>> changed;
            {
                auto q = prepare("SELECT name, value FROM kv WHERE substr(name, 1, ?) = ?");
                q.bind(1, static_cast<int>(prefix.size()));
                q.bind(2, prefix);
                while (q.executeStep())
                    if (auto it = moved_here.find(q.getColumn(1).getString());
                        it != moved_here.end())
                        changed.emplace_back(q.getColumn(0).getString(), it->second);
            }
            for (const auto& [name, value] : changed) set_value(name, value);
        }
    }
    tx.commit();
    pref_cache_.clear();  // read again when asked for
    pref_cached_ = 0;
    return moved;
}

long long Database::xp(const std::string& network, const std::string& key,
                       const std::string& kind) const {
    auto q = prepare("SELECT xp FROM xp WHERE network = ? AND key = ? AND kind = ?");
    q.bind(1, network);
    q.bind(2, key);
    q.bind(3, kind);
    return q.executeStep() ? q.getColumn(0).getInt64() : 0;
}

std::optional<Saved> Database::saved(const std::string& network, const std::string& key,
                                     const std::string& kind, const std::string& slot) const {
    auto q = prepare(
        "SELECT version, data FROM saved WHERE network = ? AND key = ? AND kind = ? "
        "AND slot = ?");
    q.bind(1, network);
    q.bind(2, key);
    q.bind(3, kind);
    q.bind(4, slot);
    if (!q.executeStep()) return std::nullopt;
    Saved v;
    v.version = q.getColumn(0).getInt();
    v.data = q.getColumn(1).getString();
    return v;
}

void Database::save(const std::string& network, const std::string& key, const std::string& kind,
                    const std::string& slot, const Saved& data, std::int64_t now) {
    auto q = prepare(
        "INSERT INTO saved (network, key, kind, slot, version, data, updated) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (network, key, kind, slot) DO "
        "UPDATE SET version = excluded.version, data = excluded.data, updated = "
        "excluded.updated");
    q.bind(1, network);
    q.bind(2, key);
    q.bind(3, kind);
    q.bind(4, slot);
    q.bind(5, data.version);
    q.bind(6, data.data.data(), static_cast<int>(data.data.size()));
    q.bind(7, now);
    q.exec();
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
