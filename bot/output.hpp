// What the daemon says and to whom: every line to a person or a channel, from the router,
// the built-in commands and the tables, goes through here. It applies the person's
// preferences (plain text, NOTICE or private message), splits text under the line limit,
// and charges pages to the output budgets.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <string>

#include "bot/clock.hpp"
#include "bot/net_ctx.hpp"
#include "bot/tables/tables.hpp"
#include "config/config.hpp"
#include "storage/storage.hpp"

namespace croupier::bot {

class Output final : public TablesHost {
  public:
    // `cfg` is the daemon's and outlives this object (a rehash changes it in place).
    Output(Clock& clock, const config::Config& cfg);
    // The database of the preferences, once it is open (Daemon::start).
    void attach(storage::Database& db) { db_ = &db; }

    // A player's own answer is High; a page they asked for is Low and paid from their
    // budget. In a channel, the answers to one host are a place of their own there, in that
    // host's group: a flood of questions from one host waits behind itself, not before other
    // people's answers or tables.
    void reply(Request& r, const std::string& text) override;
    void reply_private(Request& r, const std::string& text) override;
    // The answer to a command: not a page, so neither charged to the output budget nor
    // cut. Under the asker's host group like every line to them, so a host's many nicks
    // share its part of the line budget.
    void refuse(Request& r, const std::string& text) override;
    using TablesHost::send_to_channel;
    using TablesHost::send_to_nick;
    void send_to_nick(NetCtx& n, const std::string& nick, const std::string& key,
                      const std::string& text, bool prefer_notice, irc::SendOptions opts) override;
    void send_to_channel(NetCtx& n, const std::string& channel, const std::string& text,
                         irc::SendOptions opts) override;

    // The host's lines waiting in the queue past which its pages are held back too.
    static constexpr std::size_t kPageBacklog = 12;

  private:
    // Text split under the line limit, each piece queued with `opts`.
    void send_pieces(NetCtx& n, const std::string& target, const std::string& body, bool notice,
                     irc::SendOptions opts);
    // A page's line (Request::page): charged to the person's and the host's output
    // budgets; false when one is spent, or when the host's people already have
    // kPageBacklog lines waiting in the queue (the page is cut, the asker told once).
    bool page_line(Request& r);

    Clock& clock_;
    const config::Config& cfg_;
    storage::Database* db_ = nullptr;
};

}  // namespace croupier::bot
