// croupierd: the IRC card-game daemon.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>

#include "bot/bench.hpp"
#include "bot/clock.hpp"
#include "bot/daemon.hpp"
#include "bot/kinds/kinds.hpp"
#include "bot/log.hpp"
#include "bot/replay.hpp"
#include "config/config.hpp"
#include "games/core/rng.hpp"
#include "storage/backup.hpp"
#include "storage/lock.hpp"

namespace {

constexpr const char* kDefaultConfig = "/etc/croupier/croupier.ini";
// How long a new daemon waits for the database lock (the old one quits within about 2 s).
constexpr std::chrono::milliseconds kLockWait{5000};

void usage(std::FILE* to) {
    std::fprintf(to,
                 "Usage: croupierd [--config FILE]        run the daemon (default %s)\n"
                 "       croupierd --check-config FILE   check a configuration and summarise it\n"
                 "       croupierd --backup FILE [--config FILE]\n"
                 "                                       a consistent copy of the live database\n"
                 "                                       (safe while the daemon runs)\n"
                 "       croupierd --replay FILE [--record] [--config FILE]\n"
                 "                                       play a replay transcript (exit 0 pass,\n"
                 "                                       1 a miss, 2 a malformed transcript)\n"
                 "       croupierd --bench [%s] [--quick]\n"
                 "                [--table-option KEY=VALUE]...\n"
                 "                                       the built-in benchmark (the option:\n"
                 "                                       dealt to core's tables)\n"
                 "       croupierd --help | --version\n"
                 "Signals: SIGHUP reloads the configuration; SIGTERM and SIGINT quit cleanly.\n",
                 kDefaultConfig, croupier::bot::bench_names().c_str());
}

int run_daemon(const std::string& path) {
    using namespace croupier;
    config::Config cfg;
    try {
        cfg = config::load(path, {}, bot::kind_specs());
        config::check_paths(cfg);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "croupierd: %s\n", e.what());
        return 1;
    }
    boost::asio::io_context io;
    bot::AsioClock clock(io);
    bot::DaemonOptions opts;
    opts.random_deals = true;  // every deal number from getrandom(2), none predictable
    std::unique_ptr<storage::ProcessLock> lock;
    std::unique_ptr<bot::Daemon> daemon;
    try {
        // A daemon that just got SIGTERM holds the lock for about 2 s more while its QUIT
        // leaves: a restart right after it waits for it (bounded) instead of failing.
        lock = std::make_unique<storage::ProcessLock>(
            cfg.bot.database, kLockWait, [](const std::string& m) { bot::log::warn("{}", m); });
        games::os_random_u64();  // no getrandom(2): stop now, not at the first deal
        daemon = std::make_unique<bot::Daemon>(io, clock, cfg, opts);
        daemon->start();
    } catch (const std::exception& e) {
        bot::log::error("cannot start: {}", e.what());
        return 1;
    }
    bot::log::info("croupierd {} running (config {})", CROUPIER_VERSION, path);
    boost::asio::signal_set stop_signals(io, SIGTERM, SIGINT);
    boost::asio::signal_set hup(io, SIGHUP);
    std::function<void()> wait_hup = [&] {
        hup.async_wait([&](const boost::system::error_code& ec, int) {
            if (ec) return;
            bot::log::info("SIGHUP: reloading {}", path);
            daemon->rehash();
            wait_hup();
        });
    };
    wait_hup();
    stop_signals.async_wait([&](const boost::system::error_code& ec, int sig) {
        if (ec) return;
        bot::log::info("signal {}: quitting", sig);
        daemon->stop();
        hup.cancel();
        // Give the QUIT a moment to leave, then end the loop.
        clock.call_after(std::chrono::seconds(2), [&] { io.stop(); });
        stop_signals.async_wait([&](const boost::system::error_code& e2, int) {
            if (!e2) io.stop();  // a second signal: now
        });
    });
    std::signal(SIGPIPE, SIG_IGN);
    io.run();
    daemon.reset();  // closes the database cleanly
    bot::log::info("stopped");
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace croupier;
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string config_path;
    std::string replay, check, bench_which, backup_to;
    bool record = false, bench = false, quick = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](const char* what) -> std::string {
            if (i + 1 >= args.size()) {
                std::fprintf(stderr, "croupierd: %s needs %s\n", a.c_str(), what);
                std::exit(2);
            }
            return args[++i];
        };
        if (a == "--help" || a == "-h") {
            usage(stdout);
            return 0;
        } else if (a == "--version" || a == "-V") {
            std::printf("croupierd %s\n", CROUPIER_VERSION);
            return 0;
        } else if (a == "--config" || a == "-c") {
            config_path = value("a file name");
        } else if (a == "--check-config") {
            check = value("a file name");
        } else if (a == "--backup") {
            backup_to = value("a file name for the copy");
        } else if (a == "--replay") {
            replay = value("a transcript file");
        } else if (a == "--record") {
            record = true;
        } else if (a == "--bench") {
            bench = true;
            if (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) bench_which = args[++i];
        } else if (a == "--quick") {
            quick = true;
        } else if (a == "--table-option") {
            if (!bot::add_bench_table_option(value("KEY=VALUE"))) {
                std::fprintf(stderr, "croupierd: --table-option takes KEY=VALUE\n");
                return 2;
            }
        } else {
            std::fprintf(stderr, "croupierd: unknown option %s\n", a.c_str());
            usage(stderr);
            return 2;
        }
    }
    if (!check.empty()) {
        try {
            auto cfg = config::load(check, {}, bot::kind_specs());
            config::check_paths(cfg);
            std::printf("%s: OK\n", check.c_str());
            for (const auto& notice : cfg.notices) std::printf("warning: %s\n", notice.c_str());
            std::printf("%s", config::summarise(cfg).c_str());
            return 0;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "croupierd: %s\n", e.what());
            return 1;
        }
    }
    if (!backup_to.empty()) {
        const std::string path = config_path.empty() ? kDefaultConfig : config_path;
        try {
            const auto cfg = config::load(path, {}, bot::kind_specs());
            const auto r = storage::backup(cfg.bot.database, backup_to);
            std::printf(
                "croupierd: backed up %s to %s: %d pages, %lld bytes, schema %d, %lld open "
                "games, %lld moves; integrity ok\n",
                cfg.bot.database.c_str(), backup_to.c_str(), r.pages,
                static_cast<long long>(r.bytes), r.schema_version,
                static_cast<long long>(r.open_games), static_cast<long long>(r.journal_rows));
            return 0;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "croupierd: %s\n", e.what());
            return 1;
        }
    }
    if (!replay.empty()) return bot::run_replay(replay, config_path, record, std::cout, std::cerr);
    if (bench) return bot::run_bench(bench_which.empty() ? "all" : bench_which, quick);
    return run_daemon(config_path.empty() ? kDefaultConfig : config_path);
}
