// SPDX-License-Identifier: GPL-3.0-or-later
// Events' rows (bot/tourney/, docs/STORAGE.md): a tournament, its players, its pairings
// and their results.
#include <sstream>

#include <fmt/format.h>

#include "storage/query_detail.hpp"
#include "storage/storage.hpp"

namespace croupier::storage {

namespace {

std::string ints_text(const std::vector<int>& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
    return s;
}

std::vector<int> ints_of(const std::string& text) {
    std::vector<int> out;
    std::istringstream in(text);
    for (std::string part; std::getline(in, part, ',');)
        if (!part.empty()) out.push_back(std::stoi(part));
    return out;
}

constexpr const char* kEventColumns =
    "id, network, channel, kind, format, rounds, minutes, table_size, opener, opener_nick, "
    "state, created, start_at, started, ends, ended";

EventRow event_row(SQLite::Statement& q) {
    EventRow e;
    e.id = q.getColumn(0).getInt64();
    e.network = q.getColumn(1).getString();
    e.channel = q.getColumn(2).getString();
    e.kind = q.getColumn(3).getString();
    e.format = q.getColumn(4).getString();
    e.rounds = q.getColumn(5).getInt();
    e.minutes = q.getColumn(6).getInt();
    e.table_size = q.getColumn(7).getInt();
    e.opener = q.getColumn(8).getString();
    e.opener_nick = q.getColumn(9).getString();
    e.state = q.getColumn(10).getString();
    e.created = q.getColumn(11).getInt64();
    e.start_at = q.getColumn(12).getInt64();
    e.started = q.getColumn(13).getInt64();
    e.ends = q.getColumn(14).getInt64();
    e.ended = q.getColumn(15).getInt64();
    return e;
}

}  // namespace

std::optional<EventFull> read_event(SQLite::Database& db, std::int64_t id) {
    EventFull f;
    {
        SQLite::Statement q(db, fmt::format("SELECT {} FROM events WHERE id = ?", kEventColumns));
        q.bind(1, id);
        if (!q.executeStep()) return std::nullopt;
        f.event = event_row(q);
    }
    {
        SQLite::Statement q(
            db,
            "SELECT p.idx, p.key, COALESCE(n.nick, p.nick), COALESCE(i.id, 0), p.withdrawn "
            "FROM event_players p JOIN events e ON e.id = p.event_id "
            "LEFT JOIN persons n ON n.network = e.network AND n.key = p.key "
            "LEFT JOIN person_ids i ON i.network = e.network AND i.key = p.key "
            "WHERE p.event_id = ? ORDER BY p.idx");
        q.bind(1, id);
        while (q.executeStep()) {
            EventPlayerRow p;
            p.idx = q.getColumn(0).getInt();
            p.key = q.getColumn(1).getString();
            p.nick = q.getColumn(2).getString();
            p.person = q.getColumn(3).getInt64();
            p.withdrawn = q.getColumn(4).getInt() != 0;
            f.players.push_back(std::move(p));
        }
    }
    {
        SQLite::Statement q(db,
                            "SELECT round, board, seats, bye, COALESCE(game_id, 0), places, "
                            "forfeit, void, done FROM event_games WHERE event_id = ? "
                            "ORDER BY round, board");
        q.bind(1, id);
        while (q.executeStep()) {
            EventGameRow g;
            g.round = q.getColumn(0).getInt();
            g.board = q.getColumn(1).getInt();
            g.seats = ints_of(q.getColumn(2).getString());
            g.bye = q.getColumn(3).getString();
            g.game_id = q.getColumn(4).getInt64();
            g.places = ints_of(q.getColumn(5).getString());
            g.forfeit = q.getColumn(6).getInt() != 0;
            g.void_ = q.getColumn(7).getInt() != 0;
            g.done = q.getColumn(8).getInt64();
            f.games.push_back(std::move(g));
        }
    }
    return f;
}

std::vector<EventRow> read_events(SQLite::Database& db, const std::vector<std::string>& states,
                                  int limit) {
    std::string where;
    for (std::size_t i = 0; i < states.size(); ++i) where += (i ? ", ?" : "?");
    SQLite::Statement q(
        db, fmt::format("SELECT {} FROM events {} ORDER BY id DESC LIMIT ?", kEventColumns,
                        where.empty() ? "" : "WHERE state IN (" + where + ")"));
    int at = 1;
    for (const auto& s : states) q.bind(at++, s);
    q.bind(at, limit);
    std::vector<EventRow> out;
    while (q.executeStep()) out.push_back(event_row(q));
    return out;
}

void Database::in_transaction(const std::function<void()>& writes) {
    detail::Scope tx(*db_);
    writes();
    tx.commit();
}

std::int64_t Database::event_open(const EventRow& e) {
    auto q = prepare(
        "INSERT INTO events (network, channel, kind, format, rounds, minutes, table_size, "
        "opener, opener_nick, state, created, start_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
        "?)");
    q.bind(1, e.network);
    q.bind(2, e.channel);
    q.bind(3, e.kind);
    q.bind(4, e.format);
    q.bind(5, e.rounds);
    q.bind(6, e.minutes);
    q.bind(7, e.table_size);
    q.bind(8, e.opener);
    q.bind(9, e.opener_nick);
    q.bind(10, e.state);
    q.bind(11, e.created);
    q.bind(12, e.start_at);
    q.exec();
    return raw().getLastInsertRowid();
}

void Database::event_state(std::int64_t id, const std::string& state, std::int64_t started,
                           std::int64_t ends, std::int64_t ended) {
    auto q = prepare("UPDATE events SET state = ?, started = ?, ends = ?, ended = ? WHERE id = ?");
    q.bind(1, state);
    q.bind(2, started);
    q.bind(3, ends);
    q.bind(4, ended);
    q.bind(5, id);
    q.exec();
}

void Database::event_join(std::int64_t id, int idx, const std::string& key,
                          const std::string& nick) {
    auto q = prepare("INSERT INTO event_players (event_id, idx, key, nick) VALUES (?, ?, ?, ?)");
    q.bind(1, id);
    q.bind(2, idx);
    q.bind(3, key);
    q.bind(4, nick);
    q.exec();
}

void Database::event_withdraw(std::int64_t id, int idx, bool withdrawn) {
    auto q = prepare("UPDATE event_players SET withdrawn = ? WHERE event_id = ? AND idx = ?");
    q.bind(1, withdrawn ? 1 : 0);
    q.bind(2, id);
    q.bind(3, idx);
    q.exec();
}

void Database::event_pairing(std::int64_t id, const EventGameRow& g) {
    auto q = prepare(
        "INSERT INTO event_games (event_id, round, board, seats, bye, places, forfeit, void, "
        "done) VALUES (?, ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? = '' THEN 0 ELSE (SELECT "
        "COALESCE(MAX(done), 0) + 1 FROM event_games WHERE event_id = ?) END)");
    const std::string places = ints_text(g.places);
    q.bind(1, id);
    q.bind(2, g.round);
    q.bind(3, g.board);
    q.bind(4, ints_text(g.seats));
    q.bind(5, g.bye);
    q.bind(6, places);
    q.bind(7, g.forfeit ? 1 : 0);
    q.bind(8, g.void_ ? 1 : 0);
    q.bind(9, places);
    q.bind(10, id);
    q.exec();
}

void Database::event_dealt(std::int64_t id, int round, int board, std::int64_t game_id) {
    auto q = prepare(
        "UPDATE event_games SET game_id = ? WHERE event_id = ? AND round = ? AND board = ?");
    q.bind(1, game_id);
    q.bind(2, id);
    q.bind(3, round);
    q.bind(4, board);
    q.exec();
}

void Database::event_result(std::int64_t game_id, const std::vector<int>& places) {
    // Once: a pairing already decided (a forfeit, time up) keeps what it was given.
    auto q = prepare(
        "UPDATE event_games SET places = ?, done = (SELECT COALESCE(MAX(e.done), 0) + 1 FROM "
        "event_games e WHERE e.event_id = event_games.event_id) WHERE game_id = ? AND places = "
        "'' AND void = 0");
    q.bind(1, ints_text(places));
    q.bind(2, game_id);
    q.exec();
}

void Database::event_settle(std::int64_t id, int round, int board, const std::vector<int>& places,
                            bool forfeit, bool void_) {
    auto q = prepare(
        "UPDATE event_games SET places = ?, forfeit = ?, void = ?, done = CASE WHEN ? THEN 0 "
        "ELSE (SELECT COALESCE(MAX(e.done), 0) + 1 FROM event_games e WHERE e.event_id = ?) END "
        "WHERE event_id = ? AND round = ? AND board = ? AND places = '' AND void = 0");
    q.bind(1, ints_text(places));
    q.bind(2, forfeit ? 1 : 0);
    q.bind(3, void_ ? 1 : 0);
    q.bind(4, void_ ? 1 : 0);
    q.bind(5, id);
    q.bind(6, id);
    q.bind(7, round);
    q.bind(8, board);
    q.exec();
}

std::optional<EventFull> Database::event(std::int64_t id) const {
    return read_event(*db_, id);
}

std::vector<EventRow> Database::events(const std::vector<std::string>& states, int limit) const {
    return read_events(*db_, states, limit);
}

}  // namespace croupier::storage
