// The daemon's own figures (shared/BENCH.md, core.*):
// - core.fsync_commit_us / _p99_us: the disk's own one-row WAL commit (synchronous=FULL), the
//   limit every other figure is read against;
// - core.moves_per_s, core.latency_p50_us / p99_us: 1,000 open tables whose players send
//   their moves as a server delivers them (many lines a read), end to end: link,
//   libircclient, router, game, group commit on the writer thread, reply released to the
//   send queue and written to the link; latency is a command's read to its first line out;
// - core.slow_disk.moves_per_s: the same with every commit made 50 ms longer (the writer's
//   bench-only delay), and how late a 10 ms timer on the event loop ran meanwhile;
// - core.moves_per_s.serial: one command at a time, the same way (the disk's bound);
// - core.paced.* and core.busy.*: latency below saturation (players think 1 s, 0.1 s);
// - core.resume_10k_games_s and core.rss_10k_games_mb: a fresh process restores 10,000
//   open games of every kind (filled through the Game seam, Game::filler_action) from
//   their journals, measured in a child process so earlier work does not count.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <boost/asio/post.hpp>

#include "bot/bench.hpp"
#include "bot/clock.hpp"
#include "bot/daemon.hpp"
#include "bot/irc/transport.hpp"
#include "bot/kinds/kinds.hpp"
#include "bot/log.hpp"
#include "bot/net_ctx.hpp"
#include "bot/strings.hpp"
#include "bot/tables/seatings.hpp"
#include "bot/tables/tables.hpp"
#include "games/core/rng.hpp"
#include "storage/storage.hpp"
#include "storage/writer.hpp"

namespace croupier::bot {

namespace {

namespace fs = std::filesystem;
using Clock_ = std::chrono::steady_clock;

// --table-option: dealt to every table of the loads.
std::map<std::string, std::string>& table_options() {
    static std::map<std::string, std::string> options;
    return options;
}

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

// The kind whose tables the loads play: the first whose tables open in a channel.
std::shared_ptr<GameKind> open_table_kind(const std::vector<std::shared_ptr<GameKind>>& kinds) {
    for (const auto& k : kinds)
        if (OpenTables::seats(*k)) return k;
    throw std::runtime_error("core: no kind opens tables in a channel");
}

// Each player comes from a host of their own, as strangers at 1,000 tables would.
std::string player_host(int table, int player) {
    return fmt::format("t{}p{}.bench.example.org", table, player);
}

// Fills a database for the loads: `tables` tables of the open-table kind (its defaults) in
// channels #t0.., 2 to 6 players each, up to 20 moves each made by the computer player through
// the Game seam, stopping short of a move that would end the game.
void fill_tables(const std::string& path, int tables) {
    storage::Database db(path);
    db.raw().exec("PRAGMA synchronous = OFF");  // set-up only; the daemon opens it anew
    const auto kinds = make_kinds(config::Config{});
    const auto kind = open_table_kind(kinds);
    games::DealNumberSource deals(2026);
    for (int g = 0; g < tables; ++g) {
        GameSetup setup = sample_setup(*kind, deals.next(), 2 + g % 5, fmt::format("t{}", g));
        for (const auto& [key, value] : table_options()) setup.options[key] = value;
        for (std::size_t p = 0; p < setup.players.size(); ++p)
            setup.persons[p] = fmt::format("h:u@{}", player_host(g, static_cast<int>(p)));
        auto game = kind->create(setup);
        if (!game) throw std::runtime_error("core: the open-table kind made no game");
        storage::GameRecord rec;
        rec.network = "bench";
        rec.started = 1767225600;
        rec.status = "open";
        rec.kind = kind->name();
        rec.variant = setup.variant;
        rec.place = fmt::format("#t{}", g);
        rec.deal = setup.deal_number;
        rec.setup = setup.serialise();
        const auto id = db.create_game(rec);
        std::int64_t seq = 0;
        for (int m = 0; m < 20; ++m) {
            const int seat = next_mover(*kind, *game);
            if (seat < 0) break;
            auto trial = game->clone();
            const auto [cmd, args] = split_command(game->computer_action(seat));
            const Checked<Outcome> o = trial->act(seat, cmd, args);
            if (!o || trial->finished()) break;  // keep every game open
            game = std::move(trial);
            db.append(id, storage::JournalEntry{++seq, seat, o->canonical, rec.started + seq});
        }
    }
}

// Fills a database with `games` open games of every kind the daemon knows, through the Game
// seam (no kind named): channel tables 10 % each, duels 10 % each (half against the
// computer), private games the rest, shared evenly; up to `moves` moves each, chosen by
// Game::filler_action, stopping short of a move that would end the game. Returns what each
// kind got.
struct Filled {
    std::string title;
    int games = 0;
    std::int64_t moves = 0;
};
std::vector<Filled> fill_all_kinds(const std::string& path, int games, int moves) {
    storage::Database db(path);
    db.raw().exec("PRAGMA synchronous = OFF");  // set-up only; the daemon opens it anew
    const auto kinds = make_kinds(config::Config{});
    int fixed = 0, privates = 0;
    for (const auto& k : kinds) {
        if (PrivateGames::seats(*k))
            ++privates;
        else
            fixed += games / 10;
    }
    games::DealNumberSource deals(2027);
    std::vector<Filled> made;
    int g = 0;  // names: game g's players are k<g>p<seat>, its channel #k<g>
    for (const auto& k : kinds) {
        const int count =
            !PrivateGames::seats(*k) ? games / 10 : (games - fixed) / std::max(1, privates);
        Filled filled{k->title(), count, 0};
        for (int i = 0; i < count; ++i, ++g) {
            const int people = OpenTables::seats(*k) ? 2 + i % 5
                               : Duels::seats(*k)    ? (i % 2 ? 2 : 1)
                                                     : 1;
            const GameSetup setup = sample_setup(*k, deals.next(), people, fmt::format("k{}", g));
            auto game = k->create(setup);
            if (!game) continue;
            storage::GameRecord rec;
            rec.network = "bench";
            rec.started = 1767225600;
            rec.status = "open";
            rec.kind = k->name();
            rec.variant = setup.variant;
            rec.place = PrivateGames::seats(*k) ? setup.players[0] : fmt::format("#k{}", g);
            rec.deal = setup.deal_number;
            rec.setup = setup.serialise();
            const auto id = db.create_game(rec);
            std::int64_t seq = 0;
            for (int m = 0; m < moves; ++m) {
                const int seat = next_mover(*k, *game);
                if (seat < 0) break;
                const std::string action =
                    game->filler_action(seat, setup.deal_number + static_cast<std::uint64_t>(m));
                if (action.empty()) break;
                auto trial = game->clone();  // the move that would end it is not made
                const auto [cmd, args] = split_command(action);
                const Checked<Outcome> o = trial->act(seat, cmd, args);
                if (!o || trial->finished()) break;
                game = std::move(trial);
                db.append(id, storage::JournalEntry{++seq, seat, o->canonical, rec.started + seq});
                ++filled.moves;
            }
        }
        made.push_back(filled);
    }
    return made;
}

// fill_all_kinds in a child process, so that what it allocates (every kind's cards, the
// games it plays) does not count in the memory of the resume child forked after it.
std::vector<Filled> fill_all_kinds_in_child(const std::string& path, int games, int moves) {
    int fds[2];
    if (pipe(fds) != 0) return {};
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        std::string text;
        for (const auto& k : fill_all_kinds(path, games, moves))
            text += fmt::format("{}\t{}\t{}\n", k.title, k.games, k.moves);
        const bool ok =
            write(fds[1], text.data(), text.size()) == static_cast<ssize_t>(text.size());
        _exit(ok ? 0 : 1);
    }
    close(fds[1]);
    std::string text;
    char buf[4096];
    for (ssize_t got; (got = read(fds[0], buf, sizeof buf)) > 0;)
        text.append(buf, static_cast<std::size_t>(got));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return {};
    std::vector<Filled> made;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        Filled k;
        std::string games_text, moves_text;
        if (!std::getline(fields, k.title, '\t') || !std::getline(fields, games_text, '\t') ||
            !std::getline(fields, moves_text))
            continue;
        k.games = std::stoi(games_text);
        k.moves = std::stoll(moves_text);
        made.push_back(k);
    }
    return made;
}

struct ResumeFigures {
    double resume_s = 0, rss_mb = 0;
    int restored = 0;
};

// In a child process: start a daemon on the database and time the restore.
ResumeFigures resume_in_child(const std::string& db_path) {
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
        f.restored = static_cast<int>(daemon.probe_for_bench().network.tables.size());
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

// The disk's own commit: one row a transaction, WAL, synchronous=FULL, on the same file
// system as the bench's database. Median and p99 in microseconds.
std::pair<double, double> fsync_commit_us(const std::string& path, int commits) {
    SQLite::Database d(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    d.exec("PRAGMA journal_mode=WAL");
    d.exec("PRAGMA synchronous=FULL");
    d.exec("CREATE TABLE IF NOT EXISTS t (x INTEGER)");
    SQLite::Statement ins(d, "INSERT INTO t (x) VALUES (?)");
    std::vector<double> us;
    for (int i = 0; i < commits; ++i) {
        const auto c0 = Clock_::now();
        ins.reset();
        ins.bind(1, i);
        ins.exec();
        us.push_back(std::chrono::duration<double, std::micro>(Clock_::now() - c0).count());
    }
    std::sort(us.begin(), us.end());
    return {us[us.size() / 2], us[std::min(us.size() - 1, us.size() * 99 / 100)]};
}

// The server's side for the load: registers the bot, then hands it whatever the bench
// feeds, and reports every line the bot writes.
class FeedTransport final : public Transport {
  public:
    explicit FeedTransport(boost::asio::io_context& io) : io_(io) {}
    void open(Handlers h) override {
        h_ = std::move(h);
        boost::asio::post(io_, [this] {
            if (h_.connected) h_.connected();
        });
    }
    void write(const std::string& line) override {
        ++lines_out;
        if (line.rfind("CAP LS", 0) == 0) {
            later(":bench.invalid CAP * LS :");
        } else if (line.rfind("NICK ", 0) == 0) {
            nick_ = line.substr(5);
            if (!nick_.empty() && nick_[0] == ':') nick_.erase(0, 1);
        } else if (line.rfind("USER ", 0) == 0) {
            later(":bench.invalid 001 " + nick_ + " :Welcome " + nick_ + "!croupier@bot.host");
            later(":bench.invalid 005 " + nick_ +
                  " CASEMAPPING=rfc1459 CHANTYPES=#& PREFIX=(ov)@+ :are supported");
            later(":bench.invalid 376 " + nick_ + " :End of MOTD command");
        } else if (on_line) {
            on_line(line);
        }
    }
    void close() override {}
    // As a server's socket would hand it over: whole lines, many to a read.
    void feed(const std::string& bytes) {
        if (h_.data) h_.data(bytes);
    }
    std::function<void(const std::string&)> on_line;
    std::uint64_t lines_out = 0;

  private:
    void later(std::string line) {
        boost::asio::post(io_, [this, line = std::move(line)] { feed(line + "\r\n"); });
    }
    boost::asio::io_context& io_;
    Handlers h_;
    std::string nick_ = "croupier";
};

// CPU time of the calling thread, in seconds.
double thread_cpu_s() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

struct LoadFigures {
    double seconds = 0, p50_us = 0, p99_us = 0, timer_late_max_ms = 0;
    std::int64_t moves = 0, commands = 0;
    std::uint64_t groups = 0, lines_out = 0, dropped = 0;
    double run_s = 0, commit_s = 0;  // the writer's time in its transactions
    std::uint64_t checkpoints = 0, forced_checkpoints = 0;
    double checkpoint_s = 0;
    double loop_cpu_s = 0;  // the event loop's thread (the bench's players with it)
    int tables_finished = 0;
};

// In a child process: a daemon on a database of `tables` open tables (fill_tables, and
// nothing else); the player whose turn it is at each table makes the move the bot makes for
// someone out of time (Game::timeout_action: the safe move) as soon as the bot's answer to
// their last move is out; `one_at_a_time`: only when no other answer is awaited, so one
// command is in the daemon at a time. Moves are counted from the journal, not from what was
// sent.
LoadFigures load_in_child(const std::string& db_path, int tables, std::int64_t max_moves,
                          double max_seconds, std::chrono::microseconds commit_delay,
                          std::chrono::milliseconds think = std::chrono::milliseconds(0),
                          bool one_at_a_time = false) {
    int fds[2];
    if (pipe(fds) != 0) return {};
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        LoadFigures f;
        log::set_level(log::Level::Warn);
        boost::asio::io_context io;
        AsioClock clock(io);
        config::Config cfg;
        cfg.bot.database = db_path;
        cfg.bot.log_level = "warn";
        // Every player comes from a host of their own; the budgets are a flood guard for
        // people typing, out of the way of a load this size.
        cfg.limits.user_burst = 1000000;
        cfg.limits.user_rate = 1000000;
        config::NetworkConfig net;
        net.name = "bench";
        net.host = "bench.invalid";
        // The server takes what the bot sends at once (a real one would be paced; pacing is
        // the send queue's, measured elsewhere).
        net.flood_burst = 1000000000;
        net.flood_rate = 1e9;
        cfg.networks.push_back(net);
        DaemonOptions opts;
        opts.master_seed = 1;
        FeedTransport* feed = nullptr;
        opts.transport = [&feed](boost::asio::io_context& ctx, const config::NetworkConfig&) {
            auto t = std::make_unique<FeedTransport>(ctx);
            feed = t.get();
            return t;
        };
        Daemon daemon(io, clock, cfg, opts);
        daemon.start();
        const Daemon::Probe probe = daemon.probe_for_bench();
        NetCtx& n = probe.network;
        io.run_for(std::chrono::milliseconds(300));  // registration
        if (!feed) _exit(2);
        probe.writer.set_commit_delay_for_bench(commit_delay);
        const auto journal_rows = [&probe, &daemon] {
            probe.writer.drain();
            return std::stoll(daemon.db().query_text("SELECT count(*) FROM journal").value_or("0"));
        };
        const std::int64_t rows_before = journal_rows();
        const auto before = probe.writer.counts();

        struct Seat {
            bool live = true, waiting = false;
            Clock_::time_point sent{}, ready{};  // ready: the player has thought it over
        };
        std::vector<Seat> st(static_cast<std::size_t>(tables));
        std::unordered_map<std::string, std::size_t> of_nick;  // a player's nick -> their table
        std::vector<std::string> chan;  // the bench's own work kept small: names made once
        for (int i = 0; i < tables; ++i) chan.push_back(fmt::format("#t{}", i));
        for (int i = 0; i < tables; ++i) {
            const auto here = probe.tables.tables_in(n, chan[static_cast<std::size_t>(i)]);
            if (here.empty()) {
                st[static_cast<std::size_t>(i)].live = false;
                continue;
            }
            for (const auto& seat : here.front()->seats)
                of_nick[seat.nick] = static_cast<std::size_t>(i);
        }
        std::vector<double> lat;
        std::size_t waiting = 0;
        games::DealRng pace(99);
        if (think.count() > 0)  // paced players start at different moments of the first think
            for (auto& seat : st)
                seat.ready = Clock_::now() + std::chrono::microseconds(static_cast<std::int64_t>(
                                                 think.count() * pace.below(1001)));
        feed->on_line = [&](const std::string& line) {
            // "PRIVMSG #t12 :..." or "NOTICE t12p0 :...": the first line of an answer.
            const auto sp = line.find(' ');
            if (sp == std::string::npos) return;
            const auto sp2 = line.find(' ', sp + 1);
            const std::string target = line.substr(sp + 1, sp2 - sp - 1);
            std::size_t i = 0;
            if (!target.empty() && target[0] == '#') {
                i = static_cast<std::size_t>(std::atoi(target.c_str() + 2));
            } else {
                auto it = of_nick.find(target);
                if (it == of_nick.end()) return;
                i = it->second;
            }
            if (i >= st.size() || !st[i].waiting) return;
            st[i].waiting = false;
            --waiting;
            const auto now = Clock_::now();
            // People think for different times: from half to one and a half `think`.
            st[i].ready = now + std::chrono::microseconds(static_cast<std::int64_t>(
                                    think.count() * (500 + pace.below(1001))));
            lat.push_back(std::chrono::duration<double, std::micro>(now - st[i].sent).count());
        };
        // A timer on the event loop: how late does it run while commits are in flight?
        double late_max_ms = 0;
        bool ticking = true;
        std::function<void()> tick;
        auto due = Clock_::now() + std::chrono::milliseconds(10);
        tick = [&] {
            late_max_ms =
                std::max(late_max_ms,
                         std::chrono::duration<double, std::milli>(Clock_::now() - due).count());
            due = Clock_::now() + std::chrono::milliseconds(10);
            if (ticking) clock.call_after(std::chrono::milliseconds(10), tick);
        };
        clock.call_after(std::chrono::milliseconds(10), tick);

        const auto t0 = Clock_::now();
        const double cpu0 = thread_cpu_s();
        std::int64_t sent = 0;
        for (;;) {
            const double elapsed = seconds_since(t0);
            const bool more =
                sent < max_moves && elapsed < max_seconds && f.tables_finished < tables;
            std::string chunk;
            const auto now = Clock_::now();
            for (int i = 0; more && i < tables; ++i) {
                Seat& s = st[static_cast<std::size_t>(i)];
                if (one_at_a_time && waiting > 0) break;
                if (!s.live || s.waiting || now < s.ready) continue;
                const auto here = probe.tables.tables_in(n, chan[static_cast<std::size_t>(i)]);
                Table* t = here.empty() ? nullptr : here.front();
                if (!t || !t->game || t->game->finished() || t->game->awaited().empty()) {
                    s.live = false;
                    ++f.tables_finished;
                    continue;
                }
                const int seat = t->game->awaited().front();
                chunk +=
                    fmt::format(":{}!u@{} PRIVMSG {} :!{}\r\n",
                                t->seats[static_cast<std::size_t>(seat)].nick, player_host(i, seat),
                                chan[static_cast<std::size_t>(i)], t->game->timeout_action(seat));
                s.waiting = true;
                s.sent = Clock_::now();
                ++waiting;
                ++sent;
            }
            // A socket read hands over up to 16 KiB at a time.
            for (std::size_t at = 0; at < chunk.size();) {
                std::size_t end = std::min(chunk.size(), at + 16384);
                if (end < chunk.size()) end = chunk.rfind('\n', end - 1) + 1;
                feed->feed(chunk.substr(at, end - at));
                at = end;
            }
            if (!more && waiting == 0) break;
            if (!more && seconds_since(t0) > max_seconds + 30) break;  // answers that never came
            io.restart();
            if (io.poll() == 0) io.run_one_for(std::chrono::milliseconds(1));
        }
        f.seconds = seconds_since(t0);
        f.loop_cpu_s = thread_cpu_s() - cpu0;
        ticking = false;
        f.commands = sent;
        f.moves = journal_rows() - rows_before;
        const auto after = probe.writer.counts();
        f.groups = after.groups - before.groups;
        f.run_s = after.run_s - before.run_s;
        f.commit_s = after.commit_s - before.commit_s;
        f.checkpoints = after.checkpoints - before.checkpoints;
        f.forced_checkpoints = after.forced_checkpoints - before.forced_checkpoints;
        f.checkpoint_s = after.checkpoint_s - before.checkpoint_s;
        f.lines_out = feed->lines_out;
        f.timer_late_max_ms = late_max_ms;
        std::sort(lat.begin(), lat.end());
        if (!lat.empty()) {
            f.p50_us = lat[lat.size() / 2];
            f.p99_us = lat[std::min(lat.size() - 1, lat.size() * 99 / 100)];
        }
        f.dropped = n.net->dropped_lines();
        if (write(fds[1], &f, sizeof f) != static_cast<ssize_t>(sizeof f)) _exit(1);
        _exit(0);
    }
    close(fds[1]);
    LoadFigures f;
    const auto got = read(fds[0], &f, sizeof f);
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (got != static_cast<ssize_t>(sizeof f) || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return {};
    return f;
}

}  // namespace

bool add_bench_table_option(const std::string& key_value) {
    const auto eq = key_value.find('=');
    if (eq == std::string::npos || eq == 0) return false;
    table_options()[key_value.substr(0, eq)] = key_value.substr(eq + 1);
    return true;
}

void bench_core(BenchReport& r, bool quick) {
    for (const auto& [key, value] : table_options())
        r.note(fmt::format("core: every table dealt with {}={}", key, value));
    const fs::path dir = fs::temp_directory_path() / fmt::format("croupier-bench-{}", getpid());
    fs::create_directories(dir);
    // Removed however the bench ends: a scenario that fails throws (the run exits non-zero).
    struct RemoveDir {
        fs::path dir;
        ~RemoveDir() {
            std::error_code ec;
            fs::remove_all(dir, ec);
        }
    } remove_dir{dir};

    // The disk's own limit, on the same file system.
    const auto [fsync_p50, fsync_p99] =
        fsync_commit_us((dir / "fsync.db").string(), quick ? 50 : 500);
    r.figure("core.fsync_commit_us", fsync_p50, "us");
    r.figure("core.fsync_commit_p99_us", fsync_p99, "us");

    // Many tables at once, as a server delivers their lines; then the same on a slow disk.
    {
        const int tables = quick ? 100 : 1000;
        const std::int64_t moves = quick ? 2000 : 100000;
        const double seconds = quick ? 5 : 20;
        for (const bool slow : {false, true}) {
            const std::string db = (dir / (slow ? "slow.db" : "load.db")).string();
            fill_tables(db, tables);
            const auto delay =
                slow ? std::chrono::microseconds(50000) : std::chrono::microseconds(0);
            const LoadFigures f = load_in_child(db, tables, moves, seconds, delay);
            const std::string q = quick ? ".quick" : "";
            if (f.moves == 0)
                throw std::runtime_error(
                    fmt::format("core: the {} load child failed", slow ? "slow-disk" : "full"));
            const double rate = static_cast<double>(f.moves) / f.seconds;
            if (!slow) {
                r.figure("core.moves_per_s" + q, rate, "moves/s");
                r.figure("core.latency_p50_us" + q, f.p50_us, "us");
                r.figure("core.latency_p99_us" + q, f.p99_us, "us");
            } else {
                r.figure("core.slow_disk.moves_per_s" + q, rate, "moves/s");
                r.figure("core.slow_disk.timer_late_max_ms" + q, f.timer_late_max_ms, "ms");
            }
            r.note(fmt::format(
                "core{}: {} tables, {} commands, {} moves journaled in {:.2f} s, {} commits "
                "({:.0f} moves a commit; the writer spent {:.2f} s running them and {:.2f} s "
                "committing; {} checkpoints beside it in {:.2f} s, {} made by the writer), {} "
                "lines out, {} dropped, {} games ended; a 10 ms timer ran at "
                "most {:.1f} ms late; the event loop's thread used {:.2f} s of CPU ({:.1f} us a "
                "move, the bench's players included)",
                slow ? " (every commit +50 ms)" : "", tables, f.commands, f.moves, f.seconds,
                f.groups, f.groups ? static_cast<double>(f.moves) / f.groups : 0.0, f.run_s,
                f.commit_s, f.checkpoints, f.checkpoint_s, f.forced_checkpoints, f.lines_out,
                f.dropped, f.tables_finished, f.timer_late_max_ms, f.loop_cpu_s,
                f.moves ? 1e6 * f.loop_cpu_s / static_cast<double>(f.moves) : 0.0));
            if (!slow)
                r.note(
                    fmt::format("core: ratio to the disk: {:.0f} durable moves a second against "
                                "{:.0f} one-row commits a second",
                                rate, 1e6 / fsync_p50));
            r.outcome(fmt::format("load {} {}", slow, f.commands > 0));
        }
    }

    // The same tables below saturation: at the pace of people (each player thinks about a
    // second before each move: about 1,000 moves a second in all), and busy (a tenth of a
    // second: about 10,000 a second, the slow disk's target). Under the full load above the
    // latency is the queue of 1,000 tables (Little's law: tables / rate), whatever the
    // disk; these show what a move costs a player when the bot is not saturated.
    struct Pace {
        const char* name;
        const char* what;
        int think_ms;
        std::int64_t moves;
    };
    for (const Pace& pace : {Pace{"paced", "players think 1 s a move", 1000, 5000},
                             Pace{"busy", "players think 0.1 s a move", 100, 60000}}) {
        const int tables = quick ? 100 : 1000;
        const std::string db = (dir / fmt::format("{}.db", pace.name)).string();
        fill_tables(db, tables);
        const LoadFigures f =
            load_in_child(db, tables, quick ? 300 : pace.moves, quick ? 3 : 6,
                          std::chrono::microseconds(0), std::chrono::milliseconds(pace.think_ms));
        const std::string q = quick ? ".quick" : "";
        if (f.moves == 0)
            throw std::runtime_error(fmt::format("core: the {} load child failed", pace.name));
        {
            r.figure(fmt::format("core.{}.latency_p50_us{}", pace.name, q), f.p50_us, "us");
            r.figure(fmt::format("core.{}.latency_p99_us{}", pace.name, q), f.p99_us, "us");
            r.note(
                fmt::format("core ({}): {} tables, {} moves in {:.2f} s ({:.0f} a second), {} "
                            "commits ({:.1f} moves a commit), {} checkpoints beside them, {} "
                            "made by the writer",
                            pace.what, tables, f.moves, f.seconds, f.moves / f.seconds, f.groups,
                            f.groups ? static_cast<double>(f.moves) / f.groups : 0.0, f.checkpoints,
                            f.forced_checkpoints));
        }
        r.outcome(fmt::format("{} {}", pace.name, f.commands > 0));
    }

    // One command at a time, end to end: the same tables, the next move sent once the last
    // one's answer is out.
    {
        const int tables = quick ? 10 : 100;
        const std::int64_t moves = quick ? 40 : 1000;
        const std::string db = (dir / "serial.db").string();
        fill_tables(db, tables);
        const LoadFigures f =
            load_in_child(db, tables, moves, quick ? 10 : 60, std::chrono::microseconds(0),
                          std::chrono::milliseconds(0), true);
        if (f.moves == 0) throw std::runtime_error("core: the serial load child failed");
        r.figure("core.moves_per_s.serial", static_cast<double>(f.moves) / f.seconds, "moves/s");
        r.note(
            fmt::format("core: {} commands one at a time in {:.3f} s ({} moves journaled; "
                        "each committed before its answer, the next sent after it)",
                        f.commands, f.seconds, f.moves));
        r.outcome(fmt::format("moves {} {}", moves, f.commands > 0));
    }

    // Resume and memory with many games open.
    {
        const int games = quick ? 200 : 10000;
        const std::string db = (dir / "resume.db").string();
        const auto t0 = Clock_::now();
        const auto made = fill_all_kinds_in_child(db, games, 20);
        std::string what;
        int total = 0;
        for (const auto& k : made) {
            what += fmt::format("{}{} {} ({:.1f} moves each)", what.empty() ? "" : ", ", k.games,
                                k.title, k.games ? static_cast<double>(k.moves) / k.games : 0.0);
            total += k.games;
        }
        r.note(fmt::format("core: wrote {} open games: {}; in {:.1f} s", total, what,
                           seconds_since(t0)));
        const ResumeFigures f = resume_in_child(db);
        if (f.restored == 0) throw std::runtime_error("core: the resume child failed");
        {
            r.figure(quick ? "core.resume_games_s.quick" : "core.resume_10k_games_s", f.resume_s,
                     "s");
            r.figure(quick ? "core.rss_games_mb.quick" : "core.rss_10k_games_mb", f.rss_mb, "MB");
            r.note(fmt::format("core: {} games restored", f.restored));
        }
        r.outcome(fmt::format("resume {} {}", games, f.restored));
    }
}

}  // namespace croupier::bot
