// The daemon's insides (bot/daemon.cpp): the process, the networks and their events, and
// the parts it builds and connects: what is said (Output), the tables (bot/tables/, reached
// through Tables' public calls), the router and the built-in commands, which share the one
// command table. Not a public interface.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "bot/builtins.hpp"
#include "bot/clock.hpp"
#include "bot/daemon.hpp"
#include "bot/daily/daily.hpp"
#include "bot/game.hpp"
#include "bot/irc/network.hpp"
#include "bot/net_ctx.hpp"
#include "bot/output.hpp"
#include "bot/people.hpp"
#include "bot/router.hpp"
#include "bot/tables/tables.hpp"
#include "bot/tourney/tourney.hpp"
#include "bot/web/server.hpp"
#include "bot/worker.hpp"
#include "games/core/rng.hpp"
#include "storage/storage.hpp"
#include "storage/writer.hpp"

namespace croupier::bot {

struct Daemon::Impl final : NetworkListener {
    Impl(boost::asio::io_context& io, Clock& clock, config::Config cfg, DaemonOptions opts);
    ~Impl() override;

    boost::asio::io_context& io;
    Clock& clock;
    config::Config cfg;
    DaemonOptions opts;
    std::unique_ptr<storage::Database> db;
    std::unique_ptr<storage::Writer> writer;  // moves and game ends (group commit)
    games::DealNumberSource deals;
    std::vector<std::shared_ptr<GameKind>> kinds;  // shared: a background job may hold one
    std::vector<Command> commands;  // the command table: the built-in ones, then the games'
    std::map<std::string, std::unique_ptr<NetCtx>> nets;
    std::unique_ptr<Worker> worker;
    // The web pages ([web] listen): a thread of their own with a read-only connection of
    // their own, holding the kinds it was given; stopped with the daemon.
    std::unique_ptr<web::Server> web;
    TimerId housekeeping_timer = 0;
    TimerId memory_timer = 0;  // the heaps' free pages given back (bot/memory.hpp)

    // daemon.cpp
    void start();
    void hold_descriptors();
    void stop();
    void start_web();
    void give_back_memory_soon();
    // Whether "user@host" is a shared host (a gateway) whose people are guests, told apart
    // by nick (bot/rekey.hpp). The hook for [identity] guest_hosts.
    bool guest_host(const std::string& userhost) const;
    // Every person moved to the key today's rule gives them, persons split by the old rule
    // merged (storage::Database::rekey_persons): at start, before people and games load.
    void rekey_persons();
    Checked<Done> rehash();
    // The command table afresh: the built-in commands, then the games'.
    void build_commands();
    NetCtx* ctx(Network& n);
    std::unique_ptr<NetCtx> make_net(const config::NetworkConfig& nc, const config::BotConfig& bot);
    // The person a source (or a bare nick) stands for on the network; "" when unknown.
    std::string person_of(NetCtx& n, const Source& who);

    // NetworkListener
    void on_registered(Network& net) override;
    void on_message(Network& net, const Source& from, const std::string& target,
                    const std::string& text, bool notice) override;
    void on_join(Network& net, const Source& who, const std::string& channel) override;
    void on_part(Network& net, const Source& who, const std::string& channel) override;
    void on_kick(Network& net, const Source& by, const std::string& channel,
                 const std::string& victim) override;
    void on_quit(Network& net, const Source& who) override;
    void on_nick(Network& net, const Source& who, const std::string& new_nick) override;
    void on_disconnected(Network& net) override;

    void housekeeping();

    // Declared last: built from the parts above, gone before them.
    Output output;
    Tables tables;
    Router router;
    Builtins builtins;
    Daily daily;
    Tourneys tourneys;
};

}  // namespace croupier::bot
