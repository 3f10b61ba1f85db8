// A database with games written through the real storage code, for the web's tests.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bot/bench.hpp"
#include "bot/game.hpp"
#include "bot/kinds/kinds.hpp"
#include "bot/strings.hpp"
#include "storage/storage.hpp"

namespace croupier::bot::web::test {

// A fresh folder under the system's temporary one, removed at the end.
struct TempDir {
    std::filesystem::path path;
    TempDir() {
        std::string tmpl =
            (std::filesystem::temp_directory_path() / "croupier-web-XXXXXX").string();
        path = ::mkdtemp(tmpl.data());
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

inline std::vector<std::shared_ptr<GameKind>> all_kinds() {
    config::Config cfg;
    return make_kinds(cfg);
}

// The results of `game`, ended, written through storage::Database as the daemon writes a
// finished game's: a row a seat (a computer's key is "*" and its nick), `summary`, `ended`.
inline void write_results(storage::Database& db, std::int64_t id, const GameSetup& setup,
                          const Game& game, const std::string& summary, std::int64_t ended,
                          std::int64_t moves) {
    const auto rows = result_rows(setup, game.results());
    db.finish_game(id, "finished", summary, ended, rows, moves);
}

struct Played {
    std::int64_t id = 0;
    std::unique_ptr<Game> game;  // as it is after the moves written
    GameSetup setup;
};

// Writes a game of `kind` at `place` with `setup` through storage::Database: its row, up to
// `max_moves` moves (each seat's filler move; `end` acted for seat 0 after them when the game
// has not ended, "" for none), and, once it has ended, its results.
inline Played play(storage::Database& db, const GameKind& kind, std::int64_t id,
                   const std::string& place, GameSetup setup, int max_moves,
                   const std::string& end = "") {
    Played p;
    p.setup = setup;
    storage::GameRecord rec;
    rec.id = id;
    rec.kind = kind.name();
    rec.variant = setup.variant;
    rec.network = "net";
    rec.place = place;
    rec.deal = setup.deal_number;
    rec.setup = setup.serialise();
    rec.started = 1700000000 + id;
    p.id = db.create_game(rec);
    p.game = kind.create(setup);
    std::int64_t seq = 0;
    auto act = [&](int seat, const std::string& action) {
        const auto [cmd, args] = split_command(action);
        const Checked<Outcome> o = p.game->act(seat, cmd, args);
        if (!o) return false;
        db.append(p.id, {++seq, seat, o->canonical, rec.started + seq});
        return true;
    };
    for (int m = 0; m < max_moves && !p.game->finished(); ++m) {
        const int seat = next_mover(kind, *p.game);
        if (seat < 0) break;
        if (!act(seat, p.game->filler_action(seat, static_cast<std::uint64_t>(m)))) break;
    }
    if (!p.game->finished() && !end.empty()) act(0, end);
    if (p.game->finished())
        write_results(db, p.id, setup, *p.game, "game over", rec.started + 1000, seq);
    return p;
}

// A person with a nick and a user@host, remembered as the daemon does.
inline void remember(storage::Database& db, const std::string& key, const std::string& nick,
                     const std::string& userhost) {
    storage::PersonRow row;
    row.key = key;
    row.nick = nick;
    row.nick_key = nick;
    row.userhost = userhost;
    row.seen = 1700000000;
    db.remember_person("net", row);
}

}  // namespace croupier::bot::web::test
