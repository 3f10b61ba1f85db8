// SPDX-License-Identifier: GPL-3.0-or-later
// `croupierd --bench disk`: what a year of play costs on disk (issue 45). For each kind the
// daemon knows (no kind named), a fresh database gets `games` finished games written as the
// daemon writes them (the game's row, a journal row a move, a results row a seat, the
// ratings), each played to its end through the Game seam (Game::filler_action, the moves a
// bench's players make) or stopped after kMaxMoves; the WAL is checkpointed and the file
// measured against the empty database's.
//
// Figures: disk.kb_per_1000_games.<kind> (at the filler's moves a game) and
// disk.bytes_per_move.<kind> (the file's growth over the moves journaled, results and game
// rows included), so that an operator scales by the moves their players make; docs/
// OPERATIONS.md, "A year on disk", does it for a busy channel.
#include <unistd.h>

#include <filesystem>
#include <stdexcept>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include "bot/bench.hpp"
#include "bot/kinds/kinds.hpp"
#include "bot/strings.hpp"
#include "games/core/rng.hpp"
#include "storage/storage.hpp"

namespace croupier::bot {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxMoves = 600;  // a game the filler has not ended by then is stopped

// The database's size on disk with its WAL folded in.
std::uintmax_t checkpointed_size(storage::Database& db, const std::string& path) {
    db.raw().exec("PRAGMA wal_checkpoint(TRUNCATE)");
    return fs::file_size(path);
}

struct KindDisk {
    int games = 0, finished = 0;
    long long moves = 0;
    std::uintmax_t bytes = 0;  // growth over the empty database
};

KindDisk fill(const GameKind& k, const std::string& path, int games) {
    storage::Database db(path);
    db.raw().exec("PRAGMA synchronous = OFF");  // the size is the same, the run faster
    const std::uintmax_t empty = checkpointed_size(db, path);
    games::DealNumberSource deals(2045);
    KindDisk out;
    const std::int64_t t0 = 1767225600;
    for (int i = 0; i < games; ++i) {
        const GameSetup setup = sample_setup(k, deals.next(), 2, fmt::format("d{}", i));
        auto game = k.create(setup);
        if (!game) continue;
        storage::GameRecord rec;
        rec.network = "bench";
        rec.started = t0 + i * 600;
        rec.status = "open";
        rec.kind = k.name();
        rec.variant = setup.variant;
        rec.place = setup.players[0];
        rec.deal = setup.deal_number;
        rec.setup = setup.serialise();
        SQLite::Transaction tx(db.raw());
        const auto id = db.create_game(rec);
        std::int64_t seq = 0;
        while (seq < kMaxMoves && !game->finished()) {
            const int seat = next_mover(k, *game);
            if (seat < 0) break;
            std::string action =
                game->filler_action(seat, setup.deal_number + static_cast<std::uint64_t>(seq));
            if (action.empty()) action = game->timeout_action(seat);
            if (action.empty()) break;
            const auto [cmd, args] = split_command(action);
            const Checked<Outcome> o = game->act(seat, cmd, args);
            if (!o) break;
            db.append(id, storage::JournalEntry{++seq, seat, o->canonical, rec.started + seq});
        }
        const auto rows = result_rows(setup, game->results());
        const bool ended = game->finished();
        db.finish_game(id, ended ? "finished" : "stopped", ended ? "ended" : "stopped",
                       rec.started + seq, rows, seq);
        tx.commit();
        ++out.games;
        out.finished += ended ? 1 : 0;
        out.moves += seq;
    }
    out.bytes = checkpointed_size(db, path) - empty;
    return out;
}

}  // namespace

void bench_disk(BenchReport& r, bool quick) {
    const int games = quick ? 50 : 1000;
    const fs::path dir =
        fs::temp_directory_path() / fmt::format("croupier-bench-disk-{}", getpid());
    fs::create_directories(dir);
    try {
        for (const auto& k : make_kinds(config::Config{})) {
            const std::string path = (dir / (k->name() + ".db")).string();
            const KindDisk d = fill(*k, path, games);
            if (d.games == 0 || d.moves == 0)
                throw std::runtime_error("disk: no game of " + k->title() + " was played");
            const double per_game = static_cast<double>(d.bytes) / d.games;
            const double moves_each = static_cast<double>(d.moves) / d.games;
            r.figure(fmt::format("disk.kb_per_1000_games.{}", k->name()), per_game * 1000 / 1024,
                     "KiB");
            r.figure(fmt::format("disk.bytes_per_move.{}", k->name()),
                     static_cast<double>(d.bytes) / static_cast<double>(d.moves), "B");
            r.note(
                fmt::format("disk: {}: {} games ({} ended by the players, the rest stopped "
                            "at {} moves), {:.1f} moves a game, {:.0f} bytes a game",
                            k->title(), d.games, d.finished, kMaxMoves, moves_each, per_game));
            r.outcome(fmt::format("disk {} {} {} {}", k->name(), d.games, d.finished, d.moves));
        }
    } catch (...) {
        std::error_code ec;
        fs::remove_all(dir, ec);
        throw;
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
}

}  // namespace croupier::bot
