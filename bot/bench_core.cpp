// The daemon's own figures (shared/BENCH.md, core.*):
// - core.moves_per_s: commands replayed end to end (transcript -> link -> libircclient ->
//   router -> game -> journal commit -> reply), the send rate limit raised out of the way;
// - core.resume_10k_games_s and core.rss_10k_games_mb: a fresh process restores 10,000
//   open games (Exordia8 tables and Spider games, the kinds built so far) from their
//   journals, measured in a child process so earlier work does not count;
// - core.latency_p50_us / p99_us: in that same process, with the games restored and 1,000
//   of them tables, commands go straight to the router (command in -> reply queued).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include "bot/bench.hpp"
#include "bot/daemon.hpp"
#include "bot/daemon_impl.hpp"
#include "bot/irc/transport.hpp"
#include "bot/log.hpp"
#include "bot/replay.hpp"
#include "games/core/rng.hpp"
#include "games/exordia8/ai.hpp"
#include "games/exordia8/engine.hpp"
#include "games/spider/engine.hpp"
#include "storage/storage.hpp"

namespace croupier::bot {

namespace {

namespace fs = std::filesystem;
using Clock_ = std::chrono::steady_clock;

double seconds_since(Clock_::time_point t0) {
    return std::chrono::duration<double>(Clock_::now() - t0).count();
}

// A far side that never connects: the games are restored and commands go to the router
// directly, so what is measured is the daemon's own work.
class QuietTransport final : public Transport {
  public:
    void open(Handlers) override {}
    void write(const std::string&) override {}
    void close() override {}
};

// Spider: a Spider game with `moves` moves, chosen by the deal's own generator.
std::vector<std::string> spider_moves(std::uint64_t deal, int moves) {
    games::spider::Engine e(4, deal);
    games::DealRng rng(deal ^ 0x5eed);
    std::vector<std::string> out;
    for (int i = 0; i < moves; ++i) {
        auto legal = e.legal();
        if (legal.empty()) break;
        const auto& m = legal[rng.below(legal.size())];
        if (!e.apply(m).ok()) break;
        out.push_back(m);
    }
    return out;
}

// Exordia8: `moves` moves of the computer player at a table of `players`.
std::vector<std::pair<int, std::string>> exordia8_moves(std::uint64_t deal, int players,
                                                        int moves) {
    games::exordia8::Engine e(players, 0, deal, 6);
    std::vector<std::pair<int, std::string>> out;
    for (int i = 0; i < moves && !e.finished(); ++i) {
        const int seat = e.turn();
        const auto a = games::exordia8::choose_action(e, seat);
        if (!e.apply(seat, a).ok()) break;
        if (e.finished()) break;  // keep every game open
        out.emplace_back(seat, games::exordia8::to_text(a));
    }
    return out;
}

// Fills a database with `games` open games: `tables` Exordia8 tables in channels #t0..
// and the rest Spider games of players s0..; about 20 moves each.
void fill_database(const std::string& path, int games, int tables) {
    storage::Database db(path);
    db.raw().exec("PRAGMA synchronous = OFF");  // set-up only; the daemon opens it anew
    games::DealNumberSource deals(2026);
    for (int g = 0; g < games; ++g) {
        storage::GameRecord rec;
        rec.network = "bench";
        rec.started = 1767225600;
        rec.status = "open";
        GameSetup setup;
        setup.deal_number = deals.next();
        if (g < tables) {
            const int players = 2 + g % 5;
            for (int p = 0; p < players; ++p) {
                setup.players.push_back(fmt::format("t{}p{}", g, p));
                setup.persons.push_back(fmt::format("h:t{}p{}!u@bench.example.org", g, p));
                setup.computer.push_back(false);
            }
            setup.options["players_per_pack"] = "6";
            rec.kind = "exordia8";
            rec.place = fmt::format("#t{}", g);
            rec.deal = setup.deal_number;
            rec.setup = setup.serialise();
            const auto id = db.create_game(rec);
            std::int64_t seq = 0;
            for (const auto& [seat, action] : exordia8_moves(setup.deal_number, players, 20))
                db.append(id, storage::JournalEntry{++seq, seat, action, rec.started + seq});
        } else {
            setup.players = {fmt::format("s{}", g)};
            setup.persons = {fmt::format("h:s{}!u@bench.example.org", g)};
            setup.computer = {false};
            setup.variant = "4suit";
            setup.options["keep_runs"] = "0";
            rec.kind = "spider";
            rec.variant = "4suit";
            rec.place = setup.players[0];
            rec.deal = setup.deal_number;
            rec.setup = setup.serialise();
            const auto id = db.create_game(rec);
            std::int64_t seq = 0;
            for (const auto& m : spider_moves(setup.deal_number, 20))
                db.append(id, storage::JournalEntry{++seq, 0, m, rec.started + seq});
        }
    }
}

struct ResumeFigures {
    double resume_s = 0, rss_mb = 0, p50_us = 0, p99_us = 0;
    int restored = 0;
};

// In a child process: start a daemon on the database, time the restore, then time
// `commands` commands through the router.
ResumeFigures resume_in_child(const std::string& db_path, int tables, int commands) {
    int fds[2];
    if (pipe(fds) != 0) return {};
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        ResumeFigures f;
        log::set_level(log::Level::Warn);
        boost::asio::io_context io;
        VirtualClock clock;
        config::Config cfg;
        cfg.bot.database = db_path;
        cfg.bot.log_level = "warn";
        config::NetworkConfig net;
        net.name = "bench";
        net.host = "bench.invalid";
        cfg.networks.push_back(net);
        DaemonOptions opts;
        opts.master_seed = 1;
        opts.replay = true;
        opts.transport = [](boost::asio::io_context&, const config::NetworkConfig&) {
            return std::make_unique<QuietTransport>();
        };
        const auto t0 = Clock_::now();
        Daemon daemon(io, clock, cfg, opts);
        daemon.start();
        f.resume_s = seconds_since(t0);
        struct rusage ru {};
        getrusage(RUSAGE_SELF, &ru);
        f.rss_mb = static_cast<double>(ru.ru_maxrss) / 1024.0;
        Daemon::Impl& impl = daemon.impl_for_bench();
        NetCtx& n = *impl.nets.begin()->second;
        f.restored = static_cast<int>(n.tables.size());
        // Commands at tables: the player whose turn it is draws (always legal), so every
        // command is a move: journal commit and replies.
        std::vector<double> lat;
        lat.reserve(static_cast<std::size_t>(commands));
        games::DealRng rng(7);
        for (int i = 0; i < commands; ++i) {
            const int tnum = static_cast<int>(rng.below(static_cast<std::uint64_t>(tables)));
            const auto here = impl.tables.tables_in(n, fmt::format("#t{}", tnum));
            Table* t = here.empty() ? nullptr : here.front();
            if (!t || !t->game) continue;
            const int seat = (t->game->awaited().empty() ? 0 : t->game->awaited().front());
            Source who;
            who.nick = t->seats[static_cast<std::size_t>(seat)].nick;
            who.user = "u";
            who.host = "bench.example.org";
            const auto c0 = Clock_::now();
            impl.on_message(*n.net, who, t->place, "!draw", false);
            lat.push_back(std::chrono::duration<double, std::micro>(Clock_::now() - c0).count());
        }
        std::sort(lat.begin(), lat.end());
        if (!lat.empty()) {
            f.p50_us = lat[lat.size() / 2];
            f.p99_us = lat[std::min(lat.size() - 1, lat.size() * 99 / 100)];
        }
        if (write(fds[1], &f, sizeof f) != static_cast<ssize_t>(sizeof f)) _exit(1);
        _exit(0);
    }
    close(fds[1]);
    ResumeFigures f;
    const auto got = read(fds[0], &f, sizeof f);
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (got != static_cast<ssize_t>(sizeof f) || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return {};
    return f;
}

// A transcript of `pairs` Spider move/undo pairs for one player: every command is a
// journal commit and a reply.
std::string moves_transcript(int pairs) {
    const auto first = spider_moves(1, 1);
    std::ostringstream t;
    t << "set network replay.flood_burst = 100\nset network replay.flood_rate = 100\n";
    t << "S: :alice!a@example.org PRIVMSG croupier :new 4 1\nwait 1s\n";
    for (int i = 0; i < pairs; ++i) {
        t << "S: :alice!a@example.org PRIVMSG croupier :" << first.at(0) << "\n";
        t << "S: :alice!a@example.org PRIVMSG croupier :undo\n";
        // Keep the per-user command budget and the send queue out of the measurement.
        t << "wait 1m\n";
    }
    t << "db SELECT count(*) FROM journal\n= " << 2 * pairs << "\n";
    return t.str();
}

}  // namespace

void bench_core(BenchReport& r, bool quick) {
    const fs::path dir = fs::temp_directory_path() / fmt::format("croupier-bench-{}", getpid());
    fs::create_directories(dir);

    // Moves per second, end to end.
    {
        const int pairs = quick ? 20 : 500;
        const fs::path file = dir / "moves.replay";
        std::ofstream(file) << moves_transcript(pairs);
        std::ostringstream out, err;
        const log::Level old = log::level();
        log::set_level(log::Level::Warn);
        const auto t0 = Clock_::now();
        const int rc = run_replay(file.string(), "", false, out, err);
        const double s = seconds_since(t0);
        log::set_level(old);
        if (rc != 0) {
            r.note("core.moves_per_s: the replay failed: " + err.str());
        } else {
            r.figure("core.moves_per_s", 2.0 * pairs / s, "moves/s");
            r.note(
                fmt::format("core: {} commands in {:.3f} s, each committed to the journal "
                            "(synchronous=FULL) before its reply",
                            2 * pairs, s));
        }
        r.outcome(fmt::format("moves {} {}", pairs, rc));
    }

    // Resume, memory and latency with many games open.
    {
        const int games = quick ? 200 : 10000;
        const int tables = quick ? 100 : 1000;
        const int commands = quick ? 100 : 2000;
        const std::string db = (dir / "resume.db").string();
        const auto t0 = Clock_::now();
        fill_database(db, games, tables);
        r.note(
            fmt::format("core: wrote {} open games ({} Exordia8 tables, {} Spider games, ~20 "
                        "moves each) in {:.1f} s",
                        games, tables, games - tables, seconds_since(t0)));
        const ResumeFigures f = resume_in_child(db, tables, commands);
        if (f.restored == 0) {
            r.note("core: the resume child failed");
        } else {
            const std::string suffix = quick ? "_quick" : "";
            r.figure(quick ? "core.resume_games_s.quick" : "core.resume_10k_games_s", f.resume_s,
                     "s");
            r.figure(quick ? "core.rss_games_mb.quick" : "core.rss_10k_games_mb", f.rss_mb, "MB");
            r.figure("core.latency_p50_us" + suffix, f.p50_us, "us");
            r.figure("core.latency_p99_us" + suffix, f.p99_us, "us");
            r.note(
                fmt::format("core: {} games restored; latency over {} commands at {} tables "
                            "(router -> game -> journal commit -> reply queued)",
                            f.restored, commands, tables));
        }
        r.outcome(fmt::format("resume {} {}", games, f.restored));
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
}

}  // namespace croupier::bot
