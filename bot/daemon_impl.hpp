// The daemon's insides (bot/daemon.cpp): the process, the networks, the router with its
// command table and the built-in commands. The tables are their own part (bot/tables/),
// reached through Tables' public calls. Not a public interface.
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

#include "bot/clock.hpp"
#include "bot/context.hpp"
#include "bot/daemon.hpp"
#include "bot/game.hpp"
#include "bot/irc/network.hpp"
#include "bot/people.hpp"
#include "bot/tables/tables.hpp"
#include "bot/worker.hpp"
#include "games/core/rng.hpp"
#include "storage/storage.hpp"
#include "storage/writer.hpp"

namespace croupier::bot {

struct Daemon::Impl final : NetworkListener, TablesHost {
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
    std::vector<Command> commands;
    std::map<std::string, std::unique_ptr<NetCtx>> nets;
    std::unique_ptr<Worker> worker;
    TimerId housekeeping_timer = 0;

    // daemon.cpp
    void start();
    void stop();
    // Whether "user@host" is a shared host (a gateway) whose people are guests, told apart
    // by nick (bot/rekey.hpp). The hook for [identity] guest_hosts.
    bool guest_host(const std::string& userhost) const;
    // Every person moved to the key today's rule gives them, persons split by the old rule
    // merged (storage::Database::rekey_persons): at start, before people and games load.
    void rekey_persons();
    std::string rehash();
    void build_commands();
    NetCtx* ctx(Network& n);
    std::unique_ptr<NetCtx> make_net(const config::NetworkConfig& nc, const config::BotConfig& bot);
    const GameKind* kind_by_name(const std::string& name) const override;
    bool is_admin(const NetCtx& n, const Source& s) const;
    // The command budgets of the person and of their host: false (and a warning now and
    // then) when either is spent.
    bool allow(NetCtx& n, const Source& s, const std::string& key, const std::string& host);
    void dispatch(Request& r);
    // "Did you mean": the command one edit away from r.command that works here, or "".
    std::string near_command(const Request& r, const std::string& module) const;
    std::string person_of(NetCtx& n, const Source& who);
    // Replies: to the channel (in channel) or privately.
    void reply(Request& r, const std::string& text) override;
    void reply_private(Request& r, const std::string& text) override;
    void refuse(Request& r, const std::string& text) override;
    using TablesHost::send_to_channel;
    using TablesHost::send_to_nick;
    void send_to_nick(NetCtx& n, const std::string& nick, const std::string& key,
                      const std::string& text, bool prefer_notice, irc::SendOptions opts) override;
    void send_to_channel(NetCtx& n, const std::string& channel, const std::string& text,
                         irc::SendOptions opts) override;
    // Text split under the line limit, each piece queued with `opts`.
    void send_pieces(NetCtx& n, const std::string& target, const std::string& body, bool notice,
                     irc::SendOptions opts);
    // A page's line (Request::page): charged to the person's and the host's output
    // budgets; false when one is spent, or when the host's people already have
    // kPageBacklog lines waiting in the queue (the page is cut, the asker told once).
    bool page_line(Request& r);
    static constexpr std::size_t kPageBacklog = 12;
    void cmd_help(Request& r);
    // "!e8 in a channel", "/msg croupier spider": how a game is started.
    std::string how_to_start(const Request& r, const GameKind& k) const;
    void cmd_games(Request& r);
    void cmd_stats(Request& r);
    void cmd_top(Request& r);
    void cmd_verify(Request& r);
    void cmd_set(Request& r);
    void show_settings(Request& r);
    std::string settings_usage() const;

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
    Tables tables;
};

}  // namespace croupier::bot
