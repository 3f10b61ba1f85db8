// What every part of the table layer starts from: the services they share (TableServices,
// bot/tables/services.hpp), passed once, and short names for what is used everywhere (the
// daemon's parts, the database and the writer, the commit path's bookkeeping, the timers)
// with the ways of saying something. A part is a class of its own over one concern; it
// reaches the other parts through `s`.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bot/clock.hpp"
#include "bot/game.hpp"
#include "bot/net_ctx.hpp"
#include "bot/tables/commit_path.hpp"
#include "bot/tables/host.hpp"
#include "bot/tables/table_timers.hpp"
#include "bot/worker.hpp"
#include "config/config.hpp"
#include "games/core/rng.hpp"
#include "storage/storage.hpp"
#include "storage/writer.hpp"

namespace boost::asio {
class io_context;
}

namespace croupier::bot {

using Kinds = std::vector<std::shared_ptr<GameKind>>;
using Nets = std::map<std::string, std::unique_ptr<NetCtx>>;

// The daemon's parts the tables work with; they outlive the tables. `cfg`, `kinds` and
// `commands` change on a rehash (Registry::kinds_changed follows).
struct TablesParts {
    TablesHost& host;
    boost::asio::io_context& io;
    Clock& clock;
    const config::Config& cfg;
    games::DealNumberSource& deals;
    const Kinds& kinds;
    Nets& nets;
    Worker& worker;
    std::vector<Command>& commands;
};

class TableServices;

// A table's place in its channel's queue: its own lane, weighted (commit.cpp).
irc::SendOptions place_options(const Table& t, irc::Priority priority);

class TablePart {
  public:
    explicit TablePart(TableServices& services);
    TablePart(const TablePart&) = delete;
    TablePart& operator=(const TablePart&) = delete;

  protected:
    ~TablePart() = default;

    TableServices& s;
    TablesHost& host;
    boost::asio::io_context& io;
    Clock& clock;
    const config::Config& cfg;
    games::DealNumberSource& deals;
    const Kinds& kinds;
    Nets& nets;
    Worker& worker;
    std::vector<Command>& commands;
    storage::Database*& db;    // set once the daemon has opened it (Tables::attach)
    storage::Writer*& writer;  // likewise
    CommitPath& commits;       // each table's unit of this turn, and the units in flight
    TableTimers& timers;       // every table's timers, by table
    using Slot = TableTimers::Slot;

    void reply(Request& r, const std::string& text) { host.reply(r, text); }
    void reply_private(Request& r, const std::string& text) { host.reply_private(r, text); }
    void refuse(Request& r, const std::string& text) { host.refuse(r, text); }
    void send_to_nick(NetCtx& n, const std::string& nick, const std::string& key,
                      const std::string& text, bool prefer_notice,
                      irc::Priority priority = irc::Priority::High) {
        host.send_to_nick(n, nick, key, text, prefer_notice, priority);
    }
    void send_to_channel(NetCtx& n, const std::string& channel, const std::string& text,
                         irc::Priority priority = irc::Priority::Normal) {
        host.send_to_channel(n, channel, text, priority);
    }
    void send_to_nick(NetCtx& n, const std::string& nick, const std::string& key,
                      const std::string& text, bool prefer_notice, irc::SendOptions opts) {
        host.send_to_nick(n, nick, key, text, prefer_notice, std::move(opts));
    }
    void send_to_channel(NetCtx& n, const std::string& channel, const std::string& text,
                         irc::SendOptions opts) {
        host.send_to_channel(n, channel, text, std::move(opts));
    }
    // A table's line to its channel, in the table's own place of the queue (so what its
    // channel hears of it keeps its order: a challenge before its acceptance before the
    // deal), weighted by the people waiting on it.
    void tell(Table& t, const std::string& text, irc::Priority priority = irc::Priority::Normal) {
        host.send_to_channel(*t.net, t.place, text, place_options(t, priority));
    }
    const GameKind* kind_by_name(const std::string& name) const { return find_kind(kinds, name); }
    // The seat counts, windows and caps of a kind's tables or duels (the defaults for a kind
    // that gives none).
    static const config::TableConfig& table_config(const GameKind& k);
};

}  // namespace croupier::bot
