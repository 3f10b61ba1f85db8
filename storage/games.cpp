// SPDX-License-Identifier: GPL-3.0-or-later
// The database's games: created, their journal appended and read, finished with their
// results and the players' ratings (Elo); stats, top lists and lookups of past games; and
// the lobbies (tables still taking players) kept across a restart.
#include "storage/storage.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "storage/query_detail.hpp"

namespace croupier::storage {

using detail::Scope;

namespace {

constexpr double kK = 32.0;

std::int64_t to_signed(std::uint64_t v) {
    return static_cast<std::int64_t>(v);
}
std::uint64_t to_unsigned(std::int64_t v) {
    return static_cast<std::uint64_t>(v);
}

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

}  // namespace

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
    // The rating after the game, beside the seat's result (the web's rating over time):
    // only where ratings moved, a game between humans.
    if (humans.size() >= 2) {
        auto after = prepare(
            "UPDATE results SET rating = (SELECT rating FROM ratings WHERE network = ?1 AND "
            "key = ?2 AND kind = ?3 AND variant = ?4) WHERE game_id = ?5 AND seat = ?6");
        for (const PlayerResult* h : humans) {
            after.reset();
            after.bind(1, g->network);
            after.bind(2, h->key);
            after.bind(3, g->kind);
            after.bind(4, g->variant);
            after.bind(5, static_cast<std::int64_t>(game_id));
            after.bind(6, h->seat);
            after.exec();
        }
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

}  // namespace croupier::storage
