// The daemon: configuration, database, networks, router and tables, on one io_context.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "bot/checked.hpp"
#include "bot/clock.hpp"
#include "bot/irc/network.hpp"
#include "bot/kinds/kinds.hpp"
#include "config/config.hpp"

namespace croupier::storage {
class Database;
class Writer;
}  // namespace croupier::storage

namespace croupier::bot {

class GameKind;
class Tables;
struct NetCtx;

struct DaemonOptions {
    // Deal numbers. random_deals (the live daemon): each one from the OS CSPRNG, independent
    // of every other, and master_seed is unused. Otherwise (replays, benches, tests): the k-th
    // is the k-th output of splitmix64 from master_seed (shared/rules/DEALS.md).
    std::uint64_t master_seed = 0;
    bool random_deals = false;
    TransportFactory transport;  // nullptr: real connections
    bool replay = false;         // replays: no worker threads, answers come at once
    // How `rehash` reads the configuration again; nullptr: config::load(cfg.file).
    std::function<config::Config()> reload;
    // Game kinds besides the daemon's own (tests: the kinds that live only in tests/,
    // tests/support/list.hpp), each with its config section.
    std::vector<KindEntry> extra_kinds;
};

class Daemon {
  public:
    Daemon(boost::asio::io_context& io, Clock& clock, config::Config cfg, DaemonOptions opts);
    ~Daemon();
    Daemon(const Daemon&) = delete;
    Daemon& operator=(const Daemon&) = delete;

    // Opens the database, restores open games, connects every network.
    void start();
    // Clean shutdown: QUIT with the configured message, flush, close the database.
    void stop();
    // Reloads the config file (SIGHUP, admin `rehash`). On failure keeps the old one and
    // returns the Fault saying why.
    Checked<Done> rehash();

    storage::Database& db();
    const config::Config& config() const;

    // The parts the built-in benchmark looks at in a started daemon (bot/bench_core.cpp,
    // bot/bench_lines.cpp), each through its public face.
    struct Probe {
        NetCtx& network;  // the first network's context
        Tables& tables;
        storage::Writer& writer;
        const std::vector<std::shared_ptr<GameKind>>& kinds;
    };
    Probe probe_for_bench();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace croupier::bot
