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

// Whether the person (network, key) has said `set web hide` (bot/builtins.cpp: the pref
// "web" is "hide").
std::string hidden_sql(const char* network, const char* key) {
    return fmt::format(
        "EXISTS (SELECT 1 FROM prefs hp WHERE hp.network = {} AND hp.key = {} AND "
        "hp.name = 'web' AND hp.value = 'hide')",
        network, key);
}

// Whether game g is listed: played in a channel (whose name starts with # & + or !, as
// bot/web's is_channel()), or in private by a person who has not said `set web hide`. The
// person is in the game's setup (each seat's key a tab-separated field, backslashes doubled)
// and, once it has ended, in its results.
const char* const kListed =
    "(substr(g.place, 1, 1) IN ('#', '&', '+', '!') OR NOT EXISTS (SELECT 1 FROM prefs hp "
    "WHERE hp.network = g.network AND hp.name = 'web' AND hp.value = 'hide' AND "
    "(instr(g.setup || char(9), char(9) || replace(hp.key, '\\', '\\\\') || char(9)) > 0 "
    "OR hp.key IN (SELECT hr.key FROM results hr WHERE hr.game_id = g.id))))";

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
                            "'open' AND {} ORDER BY g.kind, g.place, g.id LIMIT ?",
                            kWebGameColumns, kListed));
    q->bind(1, limit);
    std::vector<WebGame> out;
    while (q->executeStep()) out.push_back({read_web_game(*q), q->getColumn(11).getInt64()});
    return out;
}

std::vector<WebGame> WebReader::recent_ended(int limit, int offset, const std::string& kind) const {
    auto q = prepare(
        fmt::format("SELECT {}, (SELECT COUNT(*) FROM journal j WHERE "
                    "j.game_id = g.id) FROM games g WHERE g.status <> "
                    "'open' AND (?3 = '' OR g.kind = ?3) AND {} ORDER BY g.id DESC LIMIT ?1 "
                    "OFFSET ?2",
                    kWebGameColumns, kListed));
    q->bind(1, limit);
    q->bind(2, offset);
    q->bind(3, kind);
    std::vector<WebGame> out;
    while (q->executeStep()) out.push_back({read_web_game(*q), q->getColumn(11).getInt64()});
    return out;
}

std::vector<WebGame> WebReader::place_games(const std::string& network, const std::string& place,
                                            bool open, int limit, int offset,
                                            const std::string& kind) const {
    // In the order of the games' numbers (their primary key), so that SQLite walks it and
    // stops at the page's end: no sort, and each game's moves counted only for those shown.
    // "+g.network" keeps it off games_kind (network, ...), which would read every game of the
    // network, count its moves and sort them: 40 ms rather than 0.1 for 10,000 games.
    auto q = prepare(
        fmt::format("SELECT {}, (SELECT COUNT(*) FROM journal j WHERE j.game_id = g.id) FROM "
                    "games g WHERE +g.network = ?1 AND g.place = ?2 COLLATE NOCASE AND "
                    "(g.status = 'open') = ?3 AND (?6 = '' OR g.kind = ?6) ORDER BY g.id {} "
                    "LIMIT ?4 OFFSET ?5",
                    kWebGameColumns, open ? "ASC" : "DESC"));
    q->bind(1, network);
    q->bind(2, place);
    q->bind(3, open ? 1 : 0);
    q->bind(4, limit);
    q->bind(5, offset);
    q->bind(6, kind);
    std::vector<WebGame> out;
    while (q->executeStep()) out.push_back({read_web_game(*q), q->getColumn(11).getInt64()});
    return out;
}

std::optional<std::string> WebReader::place_name(const std::string& network,
                                                 const std::string& place) const {
    auto q = prepare(
        "SELECT place FROM games WHERE network = ? AND place = ? COLLATE NOCASE "
        "ORDER BY id DESC LIMIT 1");
    q->bind(1, network);
    q->bind(2, place);
    if (!q->executeStep()) return std::nullopt;
    return q->getColumn(0).getString();
}

std::vector<WebPlaceLine> WebReader::place_ladder(const std::string& network,
                                                  const std::string& place, int last) const {
    auto q = prepare(fmt::format(
        "SELECT g.kind, g.variant, CASE WHEN pi.id IS NULL THEN '?' ELSE COALESCE({}, '?') END, "
        "COALESCE(pi.id, 0), COUNT(*), SUM(r.won), SUM(r.points) FROM (SELECT id, kind, "
        "variant, network FROM games WHERE +network = ?1 AND place = ?2 COLLATE NOCASE AND "
        "status <> 'open' ORDER BY id DESC LIMIT ?3) g JOIN results r ON r.game_id = g.id "
        "LEFT JOIN person_ids pi ON pi.network = g.network AND pi.key = r.key "
        "WHERE r.computer = 0 AND NOT {} "
        "GROUP BY g.kind, g.variant, r.key "
        "ORDER BY g.kind, g.variant, 6 DESC, 7 DESC, 5 ASC, 4 ASC",
        nick_now("g.network", "r.key"), hidden_sql("g.network", "r.key")));
    q->bind(1, network);
    q->bind(2, place);
    q->bind(3, last);
    std::vector<WebPlaceLine> out;
    while (q->executeStep()) {
        WebPlaceLine l;
        l.kind = q->getColumn(0).getString();
        l.variant = q->getColumn(1).getString();
        l.nick = q->getColumn(2).getString();
        l.person = q->getColumn(3).getInt64();
        l.games = q->getColumn(4).getInt64();
        l.wins = q->getColumn(5).getInt64();
        l.points = q->getColumn(6).getInt64();
        out.push_back(std::move(l));
    }
    return out;
}

std::vector<WebFound> WebReader::search(const std::string& text, int limit, int offset) const {
    auto q = prepare(fmt::format(
        "SELECT id, network, nick FROM (SELECT pi.id AS id, pi.network AS network, {} AS nick "
        "FROM person_ids pi WHERE (EXISTS (SELECT 1 FROM persons pe WHERE pe.network = "
        "pi.network AND pe.key = pi.key AND instr(lower(pe.nick), lower(?1)) > 0) OR EXISTS "
        "(SELECT 1 FROM players pl WHERE pl.network = pi.network AND pl.key = pi.key AND "
        "instr(lower(pl.nick), lower(?1)) > 0)) AND NOT {}) WHERE nick IS NOT NULL "
        "ORDER BY nick COLLATE NOCASE, network, id LIMIT ?2 OFFSET ?3",
        nick_now("pi.network", "pi.key"), hidden_sql("pi.network", "pi.key")));
    q->bind(1, text);
    q->bind(2, limit);
    q->bind(3, offset);
    std::vector<WebFound> out;
    while (q->executeStep())
        out.push_back(
            {q->getColumn(0).getInt64(), q->getColumn(1).getString(), q->getColumn(2).getString()});
    return out;
}

bool WebReader::hidden(const std::string& network, const std::string& key) const {
    auto q = prepare(fmt::format("SELECT {}", hidden_sql("?1", "?2")));
    q->bind(1, network);
    q->bind(2, key);
    return q->executeStep() && q->getColumn(0).getInt() != 0;
}

std::string WebReader::hidden_mark() const {
    auto q = prepare(
        "SELECT network, key FROM prefs WHERE name = 'web' AND value = 'hide' ORDER BY 1, 2");
    std::string mark;
    while (q->executeStep()) {
        mark += q->getColumn(0).getString();
        mark += '\n';
        mark += q->getColumn(1).getString();
        mark += '\n';
    }
    return mark;
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
                            "r.won, r.computer, r.detail, r.rating, {} FROM results r "
                            "JOIN games g ON g.id = r.game_id "
                            "LEFT JOIN person_ids pi ON pi.network = g.network AND pi.key = r.key "
                            "WHERE r.game_id = ? ORDER BY r.seat",
                            nick_now("g.network", "r.key"), hidden_sql("g.network", "r.key")));
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
        s.hidden = !s.computer && q->getColumn(8).getInt() != 0;
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
    for (const auto& n : networks) {
        auto rows = read_daily_day(*db_, n, kind, "", true, day);
        std::erase_if(rows, [&](const DailyRow& r) { return hidden(n, r.key); });
        out.emplace_back(n, std::move(rows));
    }
    return out;
}

std::vector<EventRow> WebReader::events(const std::vector<std::string>& states, int limit) const {
    auto rows = read_events(*db_, states, limit);
    for (auto& e : rows)
        if (hidden(e.network, e.opener)) e.opener_nick = kWebHiddenNick;
    return rows;
}

std::optional<EventFull> WebReader::event(std::int64_t id) const {
    auto e = read_event(*db_, id);
    if (!e) return e;
    if (hidden(e->event.network, e->event.opener)) e->event.opener_nick = kWebHiddenNick;
    for (auto& p : e->players)
        if (hidden(e->event.network, p.key)) {
            p.nick = kWebHiddenNick;
            p.person = 0;
        }
    return e;
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
                                             bool by_xp, bool provisional_last, int limit,
                                             int offset) const {
    // Ranked network by network (ROW_NUMBER), then a page of the whole taken.
    auto q = prepare(fmt::format(
        "SELECT network, nick, person, games, wins, points, rating, xp, rank FROM (SELECT "
        "r.network AS network, CASE WHEN pi.id IS NULL THEN '?' ELSE COALESCE({}, '?') END AS "
        "nick, COALESCE(pi.id, 0) AS person, r.games AS games, r.wins AS wins, r.points AS "
        "points, r.rating AS rating, COALESCE(x.xp, 0) AS xp, ROW_NUMBER() OVER (PARTITION BY "
        "r.network ORDER BY {}r.rating DESC, r.wins DESC, r.points DESC, r.games ASC, pi.id "
        "ASC) AS rank FROM ratings r "
        "LEFT JOIN person_ids pi ON pi.network = r.network AND pi.key = r.key "
        "LEFT JOIN xp x ON x.network = r.network AND x.key = r.key AND x.kind = "
        "r.kind WHERE r.kind = ? AND r.variant = ? AND NOT {}) ORDER BY network, rank "
        "LIMIT ? OFFSET ?",
        nick_now("r.network", "r.key"),
        std::string(by_xp ? "COALESCE(x.xp, 0) DESC, " : "") +
            (provisional_last ? fmt::format("(r.games < {}) ASC, ", kProvisionalGames)
                              : std::string()),
        hidden_sql("r.network", "r.key")));
    q->bind(1, kind);
    q->bind(2, variant);
    q->bind(3, limit);
    q->bind(4, offset);
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
        l.rank = q->getColumn(8).getInt64();
        out.push_back(std::move(l));
    }
    return out;
}

std::optional<WebPerson> WebReader::person(std::int64_t id, int recent, int offset,
                                           const std::string& kind) const {
    WebPerson p;
    std::string key;
    {
        auto q = prepare(
            fmt::format("SELECT network, key, {}, {} FROM person_ids pi WHERE "
                        "pi.id = ?",
                        nick_now("pi.network", "pi.key"), hidden_sql("pi.network", "pi.key")));
        q->bind(1, id);
        if (!q->executeStep()) return std::nullopt;
        p.id = id;
        p.network = q->getColumn(0).getString();
        key = q->getColumn(1).getString();
        if (q->getColumn(2).isNull()) return std::nullopt;  // a key moved away (docs/WEB.md)
        if (q->getColumn(3).getInt() != 0) {                // `set web hide`: nothing more is read
            WebPerson hidden;
            hidden.id = id;
            hidden.hidden = true;
            return hidden;
        }
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
                                "JOIN games g ON g.id = r.game_id WHERE r.key = ?1 "
                                "AND g.network = ?2 AND (?5 = '' OR g.kind = ?5) "
                                "ORDER BY r.game_id DESC LIMIT ?3 OFFSET ?4",
                                kWebGameColumns));
        q->bind(1, key);
        q->bind(2, p.network);
        q->bind(3, recent);
        q->bind(4, offset);
        q->bind(5, kind);
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
