// SPDX-License-Identifier: GPL-3.0-or-later
// The daily deal's rows (bot/daily/, docs/STORAGE.md): every game played on a day's deal,
// the first of each person's the one ranked.
#include <fmt/format.h>

#include "storage/query_detail.hpp"
#include "storage/storage.hpp"

namespace croupier::storage {

std::vector<DailyRow> read_daily_day(SQLite::Database& db, const std::string& network,
                                     const std::string& kind, const std::string& variant,
                                     bool any_variant, const std::string& day) {
    // A person's first game of the day's deal (of that variant) is their ranked one.
    SQLite::Statement q(
        db,
        "SELECT d.game_id, d.key, COALESCE(p.nick, r.nick, d.key), COALESCE(i.id, 0), d.won, "
        "d.moves, d.hints, d.ended, d.variant FROM daily_games d "
        "LEFT JOIN persons p ON p.network = d.network AND p.key = d.key "
        "LEFT JOIN person_ids i ON i.network = d.network AND i.key = d.key "
        "LEFT JOIN results r ON r.game_id = d.game_id AND r.seat = 0 "
        "WHERE d.network = ? AND d.kind = ? AND (? OR d.variant = ?) AND d.day = ? AND "
        "d.game_id = (SELECT MIN(e.game_id) FROM daily_games e WHERE e.network = d.network AND "
        "e.kind = d.kind AND e.variant = d.variant AND e.day = d.day AND e.key = d.key) "
        "ORDER BY d.game_id");
    q.bind(1, network);
    q.bind(2, kind);
    q.bind(3, any_variant ? 1 : 0);
    q.bind(4, variant);
    q.bind(5, day);
    std::vector<DailyRow> out;
    while (q.executeStep()) {
        DailyRow r;
        r.game_id = q.getColumn(0).getInt64();
        r.key = q.getColumn(1).getString();
        r.nick = q.getColumn(2).getString();
        r.person = q.getColumn(3).getInt64();
        r.won = q.getColumn(4).getInt() != 0;
        r.moves = q.getColumn(5).getInt64();
        r.hints = q.getColumn(6).getInt64();
        r.ended = q.getColumn(7).getInt64();
        r.variant = q.getColumn(8).getString();
        out.push_back(std::move(r));
    }
    return out;
}

void Database::daily_add(std::int64_t game_id, const std::string& network, const std::string& kind,
                         const std::string& variant, const std::string& day,
                         const std::string& key) {
    auto q = prepare(
        "INSERT OR IGNORE INTO daily_games (game_id, network, kind, variant, day, key) VALUES "
        "(?, ?, ?, ?, ?, ?)");
    q.bind(1, game_id);
    q.bind(2, network);
    q.bind(3, kind);
    q.bind(4, variant);
    q.bind(5, day);
    q.bind(6, key);
    q.exec();
}

void Database::daily_hint(std::int64_t game_id) {
    auto q = prepare("UPDATE daily_games SET hints = hints + 1 WHERE game_id = ?");
    q.bind(1, game_id);
    q.exec();
}

void Database::daily_end(std::int64_t game_id, bool won, long long moves, std::int64_t ended) {
    auto q = prepare(
        "UPDATE daily_games SET won = ?, moves = ?, ended = ? WHERE game_id = ? AND ended = 0");
    q.bind(1, won ? 1 : 0);
    q.bind(2, static_cast<std::int64_t>(moves));
    q.bind(3, ended);
    q.bind(4, game_id);
    q.exec();
}

int Database::daily_count(const std::string& network, const std::string& kind,
                          const std::string& variant, const std::string& day,
                          const std::string& key) const {
    auto q = prepare(
        "SELECT COUNT(*) FROM daily_games WHERE network = ? AND kind = ? AND variant = ? AND "
        "day = ? AND key = ?");
    q.bind(1, network);
    q.bind(2, kind);
    q.bind(3, variant);
    q.bind(4, day);
    q.bind(5, key);
    return q.executeStep() ? q.getColumn(0).getInt() : 0;
}

std::vector<DailyRow> Database::daily_day(const std::string& network, const std::string& kind,
                                          const std::string& variant,
                                          const std::string& day) const {
    return read_daily_day(*db_, network, kind, variant, false, day);
}

std::vector<std::string> Database::daily_won_days(const std::string& network,
                                                  const std::string& key) const {
    // A day counts when the person's ranked game of some daily deal that day was won.
    auto q = prepare(
        "SELECT DISTINCT d.day FROM daily_games d WHERE d.network = ? AND d.key = ? AND "
        "d.won = 1 AND d.game_id = (SELECT MIN(e.game_id) FROM daily_games e WHERE e.network "
        "= d.network AND e.kind = d.kind AND e.variant = d.variant AND e.day = d.day AND e.key "
        "= d.key) ORDER BY d.day DESC LIMIT 400");
    q.bind(1, network);
    q.bind(2, key);
    std::vector<std::string> out;
    while (q.executeStep()) out.push_back(q.getColumn(0).getString());
    return out;
}

}  // namespace croupier::storage
