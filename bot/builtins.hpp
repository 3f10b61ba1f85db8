// The commands every network has, whatever games it deals: help (built from the command
// table, the parser's own), games, stats, top, verify and set, and the admins' rehash,
// join, part and stop.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "bot/checked.hpp"
#include "bot/clock.hpp"
#include "bot/daily/daily.hpp"
#include "bot/net_ctx.hpp"
#include "bot/router.hpp"
#include "bot/tables/tables.hpp"
#include "config/config.hpp"
#include "storage/storage.hpp"
#include "storage/writer.hpp"

namespace croupier::bot {

class Builtins {
  public:
    using Kinds = std::vector<std::shared_ptr<GameKind>>;
    using Nets = Tables::Nets;
    // The references are the daemon's and outlive this object. `rehash` reloads the
    // configuration ("" or why it failed); it rebuilds the command table.
    Builtins(boost::asio::io_context& io, const config::Config& cfg, const Kinds& kinds,
             const std::vector<Command>& commands, Nets& nets, Tables& tables, TablesHost& out,
             const Router& router, std::function<Checked<Done>()> rehash);
    // The database and its writer, once open (Daemon::start).
    void attach(storage::Database& db, storage::Writer& writer) {
        db_ = &db;
        writer_ = &writer;
    }
    // The daily deal (a person's streak in `stats`, its sealed games in `verify`) and the
    // daemon's clock.
    void attach_daily(const Daily& daily, const Clock& clock) {
        daily_ = &daily;
        clock_ = &clock;
    }
    // The built-in commands, added to the command table before the games' own.
    void add_commands(std::vector<Command>& commands);

  private:
    void cmd_help(Request& r);
    // "!e8 in a channel", "/msg croupier spider": how a game is started.
    std::string how_to_start(const Request& r, const GameKind& k) const;
    // The address of a web page (bot/web/, docs/WEB.md) at `path` ("/top/spider") under
    // [web] public_url, for a line that says where to look; "" when the pages are off or
    // their address is not said.
    std::string web_link(const std::string& path) const;
    void cmd_games(Request& r);
    void cmd_stats(Request& r);
    void cmd_top(Request& r);
    void top_leaders(Request& r);
    void cmd_verify(Request& r);
    void cmd_set(Request& r);
    void show_settings(Request& r);
    std::string settings_usage() const;
    const GameKind* kind_by_name(const std::string& name) const { return find_kind(kinds_, name); }

    boost::asio::io_context& io_;
    const config::Config& cfg_;
    const Kinds& kinds_;
    const std::vector<Command>& commands_;
    Nets& nets_;
    Tables& tables_;
    TablesHost& out_;
    const Router& router_;
    std::function<Checked<Done>()> rehash_;
    storage::Database* db_ = nullptr;
    storage::Writer* writer_ = nullptr;
    const Daily* daily_ = nullptr;
    const Clock* clock_ = nullptr;
};

}  // namespace croupier::bot
