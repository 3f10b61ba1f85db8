// What the tables ask of the daemon: replies, refusals and sends by a person's delivery
// preference (Output implements it).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <utility>

#include "bot/irc/network.hpp"
#include "bot/net_ctx.hpp"

namespace croupier::bot {

// What the tables ask of the daemon.
class TablesHost {
  public:
    virtual ~TablesHost() = default;
    // To the channel (asked in a channel) or privately.
    virtual void reply(Request& r, const std::string& text) = 0;
    // NOTICE in a channel, a private message in private.
    virtual void reply_private(Request& r, const std::string& text) = 0;
    // A command refused or typed wrong: to the asker alone (NOTICE in a channel, a private
    // message in private), never to the channel, sent inside their host's share of the
    // line budget; never a page, so never cut.
    virtual void refuse(Request& r, const std::string& text) = 0;
    // To a person, as their delivery preference says (their host's group of the queue is
    // added to `opts`).
    virtual void send_to_nick(NetCtx& n, const std::string& nick, const std::string& key,
                              const std::string& text, bool prefer_notice,
                              irc::SendOptions opts) = 0;
    // `opts.lane`: the table's own place in the channel, so tables there are served in turn.
    virtual void send_to_channel(NetCtx& n, const std::string& channel, const std::string& text,
                                 irc::SendOptions opts) = 0;
    void send_to_nick(NetCtx& n, const std::string& nick, const std::string& key,
                      const std::string& text, bool prefer_notice,
                      irc::Priority priority = irc::Priority::High) {
        irc::SendOptions o;
        o.priority = priority;
        send_to_nick(n, nick, key, text, prefer_notice, std::move(o));
    }
    void send_to_channel(NetCtx& n, const std::string& channel, const std::string& text,
                         irc::Priority priority = irc::Priority::Normal,
                         const std::string& lane = "") {
        irc::SendOptions o;
        o.priority = priority;
        o.lane = lane;
        send_to_channel(n, channel, text, std::move(o));
    }
};

}  // namespace croupier::bot
