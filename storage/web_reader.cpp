// SPDX-License-Identifier: GPL-3.0-or-later
// The web pages' reads: storage/web_reader.hpp.
#include "storage/web_reader.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <stdexcept>

#include <fmt/format.h>

namespace croupier::storage {

namespace {

// A page waits this long at most for a lock (a WAL reader rarely meets one: a checkpoint
// restarting the log, a backup switching modes).
constexpr int kBusyMs = 100;

const char* const kWebGameColumns =
    "g.id, g.kind, g.variant, g.network, g.place, g.deal, g.setup, g.started, g.ended, "
    "g.status, g.result";

GameRecord read_web_game(SQLite::Statement& q, int from = 0) {
    GameRecord g;
    g.id = q.getColumn(from + 0).getInt64();
    g.kind = q.getColumn(from + 1).getString();
    g.variant = q.getColumn(from + 2).getString();
    g.network = q.getColumn(from + 3).getString();
    g.place = q.getColumn(from + 4).getString();
    g.deal = static_cast<std::uint64_t>(q.getColumn(from + 5).getInt64());
    g.setup = q.getColumn(from + 6).getString();
    g.started = q.getColumn(from + 7).getInt64();
    g.ended = q.getColumn(from + 8).getInt64();
    g.status = q.getColumn(from + 9).getString();
    g.result = q.getColumn(from + 10).getString();
    return g;
}

// A person's nick now: the one last seen (persons), else the one of their last finished
// game (players).
std::string nick_now(const char* network, const char* key) {
    return fmt::format(
        "COALESCE((SELECT nick FROM persons pe WHERE pe.network = {0} AND pe.key = {1}), "
        "(SELECT nick FROM players pl WHERE pl.network = {0} AND pl.key = {1}))",
        network, key);
}

}  // namespace

class WebReader::Query {
  public:
    explicit Query(SQLite::Statement& s) : s_(s) {}
    ~Query() {
        s_.tryReset();  // ends the statement's read; nothing to do if it fails
        try {
            s_.clearBindings();
        } catch (const SQLite::Exception&) {
            // The next use binds every parameter again anyway.
        }
    }
    Query(const Query&) = delete;
    Query& operator=(const Query&) = delete;
    SQLite::Statement* operator->() { return &s_; }
    SQLite::Statement& operator*() { return s_; }

  private:
    SQLite::Statement& s_;
};

WebReader::Query WebReader::prepare(const std::string& sql) const {
    auto& s = statements_[sql];
    if (!s) s = std::make_unique<SQLite::Statement>(*db_, sql);
    return Query(*s);
}

WebReader::WebReader(const std::string& path) {
    try {
        db_ = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READONLY, kBusyMs);
        db_->exec("PRAGMA query_only = 1");
        // Fails clearly here on a file that is not a database or has no schema yet.
        db_->execAndGet("SELECT COUNT(*) FROM person_ids WHERE id = 0");
    } catch (const SQLite::Exception& e) {
        throw std::runtime_error(fmt::format("database {} (read-only): {}", path, e.what()));
    }
}

WebReader::~WebReader() = default;

std::vector<WebGame> WebReader::open_games(int limit) const {
    auto q =
        prepare(fmt::format("SELECT {}, (SELECT COUNT(*) FROM journal j WHERE "
                            "j.game_id = g.id) FROM games g WHERE g.status = "
                            "'open' ORDER BY g.kind, g.place, g.id LIMIT ?",
                            kWebGameColumns));
    q->bind(1, limit);
    std::vector<WebGame> out;
    while (q->executeStep()) out.push_back({read_web_game(*q), q->getColumn(11).getInt64()});
    return out;
}

std::vector<WebGame> WebReader::recent_ended(int limit) const {
    auto q =
        prepare(fmt::format("SELECT {}, (SELECT COUNT(*) FROM journal j WHERE "
                            "j.game_id = g.id) FROM games g WHERE g.status <> "
                            "'open' ORDER BY g.id DESC LIMIT ?",
                            kWebGameColumns));
    q->bind(1, limit);
    std::vector<WebGame> out;
    while (q->executeStep()) out.push_back({read_web_game(*q), q->getColumn(11).getInt64()});
    return out;
}

std::optional<WebGame> WebReader::game(std::int64_t id) const {
    auto q =
        prepare(fmt::format("SELECT {}, (SELECT COUNT(*) FROM journal j WHERE "
                            "j.game_id = g.id) FROM games g WHERE g.id = ?",
                            kWebGameColumns));
    q->bind(1, id);
    if (!q->executeStep()) return std::nullopt;
    return WebGame{read_web_game(*q), q->getColumn(11).getInt64()};
}

std::int64_t WebReader::data_version() const {
    auto q = prepare("PRAGMA data_version");
    return q->executeStep() ? q->getColumn(0).getInt64() : 0;
}

std::vector<JournalEntry> WebReader::journal(std::int64_t id) const {
    auto q = prepare("SELECT seq, seat, action, at FROM journal WHERE game_id = ? ORDER BY seq");
    q->bind(1, id);
    std::vector<JournalEntry> out;
    while (q->executeStep())
        out.push_back({q->getColumn(0).getInt64(), q->getColumn(1).getInt(),
                       q->getColumn(2).getString(), q->getColumn(3).getInt64()});
    return out;
}

std::vector<WebSeat> WebReader::seats(std::int64_t id) const {
    auto q =
        prepare(fmt::format("SELECT r.seat, COALESCE({}, r.nick), COALESCE(pi.id, 0), r.points, "
                            "r.won, r.computer, r.detail, r.rating FROM results r "
                            "JOIN games g ON g.id = r.game_id "
                            "LEFT JOIN person_ids pi ON pi.network = g.network AND pi.key = r.key "
                            "WHERE r.game_id = ? ORDER BY r.seat",
                            nick_now("g.network", "r.key")));
    q->bind(1, id);
    std::vector<WebSeat> out;
    while (q->executeStep()) {
        WebSeat s;
        s.seat = q->getColumn(0).getInt();
        s.nick = q->getColumn(1).getString();
        s.computer = q->getColumn(5).getInt() != 0;
        s.person = s.computer ? 0 : q->getColumn(2).getInt64();
        s.points = q->getColumn(3).getInt64();
        s.won = q->getColumn(4).getInt() != 0;
        s.detail = q->getColumn(6).getString();
        if (!q->getColumn(7).isNull()) s.rating = q->getColumn(7).getDouble();
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<std::pair<std::string, std::vector<DailyRow>>> WebReader::daily(
    const std::string& kind, const std::string& day) const {
    std::vector<std::string> networks;
    {
        auto q = prepare(
            "SELECT DISTINCT network FROM daily_games WHERE kind = ? AND day = ? ORDER BY 1");
        q->bind(1, kind);
        q->bind(2, day);
        while (q->executeStep()) networks.push_back(q->getColumn(0).getString());
    }
    std::vector<std::pair<std::string, std::vector<DailyRow>>> out;
    for (const auto& n : networks)
        out.emplace_back(n, read_daily_day(*db_, n, kind, "", true, day));
    return out;
}

std::vector<EventRow> WebReader::events(const std::vector<std::string>& states, int limit) const {
    return read_events(*db_, states, limit);
}

std::optional<EventFull> WebReader::event(std::int64_t id) const {
    return read_event(*db_, id);
}

std::optional<std::string> WebReader::value(const std::string& name) const {
    auto q = prepare("SELECT value FROM kv WHERE name = ?");
    q->bind(1, name);
    if (!q->executeStep()) return std::nullopt;
    return q->getColumn(0).getString();
}

std::int64_t WebReader::person_id(const std::string& network, const std::string& key) const {
    auto q = prepare("SELECT id FROM person_ids WHERE network = ? AND key = ?");
    q->bind(1, network);
    q->bind(2, key);
    return q->executeStep() ? q->getColumn(0).getInt64() : 0;
}

std::vector<WebLadderLine> WebReader::ladder(const std::string& kind, const std::string& variant,
                                             bool by_xp, bool provisional_last) const {
    auto q = prepare(
        fmt::format("SELECT r.network, CASE WHEN pi.id IS NULL THEN '?' ELSE COALESCE({}, "
                    "'?') END, COALESCE(pi.id, 0), r.games, r.wins, "
                    "r.points, r.rating, COALESCE(x.xp, 0) FROM ratings r "
                    "LEFT JOIN person_ids pi ON pi.network = r.network AND pi.key = r.key "
                    "LEFT JOIN xp x ON x.network = r.network AND x.key = r.key AND x.kind = "
                    "r.kind WHERE r.kind = ? AND r.variant = ? ORDER BY r.network, {}"
                    "r.rating DESC, r.wins DESC, r.points DESC, r.games ASC, pi.id ASC",
                    nick_now("r.network", "r.key"),
                    std::string(by_xp ? "x.xp DESC, " : "") +
                        (provisional_last ? fmt::format("(r.games < {}) ASC, ", kProvisionalGames)
                                          : std::string())));
    q->bind(1, kind);
    q->bind(2, variant);
    std::vector<WebLadderLine> out;
    while (q->executeStep()) {
        WebLadderLine l;
        l.network = q->getColumn(0).getString();
        l.nick = q->getColumn(1).getString();
        l.person = q->getColumn(2).getInt64();
        l.games = q->getColumn(3).getInt64();
        l.wins = q->getColumn(4).getInt64();
        l.points = q->getColumn(5).getInt64();
        l.rating = q->getColumn(6).getDouble();
        l.xp = q->getColumn(7).getInt64();
        out.push_back(std::move(l));
    }
    return out;
}

std::optional<WebPerson> WebReader::person(std::int64_t id, int recent) const {
    WebPerson p;
    std::string key;
    {
        auto q =
            prepare(fmt::format("SELECT network, key, {} FROM person_ids pi WHERE "
                                "pi.id = ?",
                                nick_now("pi.network", "pi.key")));
        q->bind(1, id);
        if (!q->executeStep()) return std::nullopt;
        p.id = id;
        p.network = q->getColumn(0).getString();
        key = q->getColumn(1).getString();
        if (q->getColumn(2).isNull()) return std::nullopt;  // a key moved away (docs/WEB.md)
        p.nick = q->getColumn(2).getString();
    }
    {
        auto q = prepare(
            "SELECT kind, variant, games, wins, points, rating FROM ratings "
            "WHERE network = ? AND key = ? ORDER BY kind, variant");
        q->bind(1, p.network);
        q->bind(2, key);
        while (q->executeStep()) {
            StatLine s;
            s.kind = q->getColumn(0).getString();
            s.variant = q->getColumn(1).getString();
            s.games = q->getColumn(2).getInt64();
            s.wins = q->getColumn(3).getInt64();
            s.points = q->getColumn(4).getInt64();
            s.rating = q->getColumn(5).getDouble();
            p.stats.push_back(std::move(s));
        }
    }
    {
        auto q = prepare(
            "SELECT kind, xp FROM xp WHERE network = ? AND key = ? AND xp <> 0 ORDER BY kind");
        q->bind(1, p.network);
        q->bind(2, key);
        while (q->executeStep())
            p.xp.emplace_back(q->getColumn(0).getString(), q->getColumn(1).getInt64());
    }
    {
        auto q =
            prepare(fmt::format("SELECT {}, r.seat, r.won, r.points FROM results r "
                                "JOIN games g ON g.id = r.game_id WHERE r.key = ? "
                                "AND g.network = ? ORDER BY r.game_id DESC LIMIT ?",
                                kWebGameColumns));
        q->bind(1, key);
        q->bind(2, p.network);
        q->bind(3, recent);
        while (q->executeStep())
            p.recent.push_back({read_web_game(*q), q->getColumn(11).getInt(),
                                q->getColumn(12).getInt() != 0, q->getColumn(13).getInt64()});
    }
    {
        auto q = prepare(
            "SELECT g.kind, g.variant, g.id, g.ended, r.rating FROM results r "
            "JOIN games g ON g.id = r.game_id WHERE r.key = ? AND g.network = ? "
            "AND r.rating IS NOT NULL ORDER BY g.kind, g.variant, g.id");
        q->bind(1, key);
        q->bind(2, p.network);
        while (q->executeStep()) {
            std::pair<std::string, std::string> kv{q->getColumn(0).getString(),
                                                   q->getColumn(1).getString()};
            if (p.history.empty() || p.history.back().first != kv) p.history.push_back({kv, {}});
            p.history.back().second.push_back({q->getColumn(2).getInt64(),
                                               q->getColumn(3).getInt64(),
                                               q->getColumn(4).getDouble()});
        }
    }
    return p;
}

}  // namespace croupier::storage
