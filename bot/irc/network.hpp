// One IRC network: the link (socket, TLS, CAP/SASL, line guard, flood-controlled fair send
// queue, keepalive, reconnect) and the libircclient session above it that turns lines into
// the events below. The daemon implements NetworkListener.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/io_context.hpp>

#include "bot/clock.hpp"
#include "bot/irc/send_queue.hpp"
#include "bot/source.hpp"
#include "config/config.hpp"

namespace croupier::bot {

class Network;

class NetworkListener {
  public:
    virtual ~NetworkListener() = default;
    // Registration finished (001 seen, CAP ended): channels are being joined.
    virtual void on_registered(Network& net) = 0;
    // PRIVMSG (notice == false) or NOTICE to a channel or to the bot. CTCP never arrives
    // here: the network answers VERSION and PING itself and drops the rest.
    virtual void on_message(Network& net, const Source& from, const std::string& target,
                            const std::string& text, bool notice) = 0;
    virtual void on_join(Network& net, const Source& who, const std::string& channel) = 0;
    virtual void on_part(Network& net, const Source& who, const std::string& channel) = 0;
    virtual void on_kick(Network& net, const Source& by, const std::string& channel,
                         const std::string& victim) = 0;
    virtual void on_quit(Network& net, const Source& who) = 0;
    virtual void on_nick(Network& net, const Source& who, const std::string& new_nick) = 0;
    // The connection is gone; a reconnect is scheduled.
    virtual void on_disconnected(Network& net) = 0;
};

// The far side of the link: a real server (TCP or TLS) or, in replays, the transcript.
// Defined in bot/irc/transport.hpp.
class Transport;
using TransportFactory = std::function<std::unique_ptr<Transport>(boost::asio::io_context&,
                                                                  const config::NetworkConfig&)>;

class Network {
  public:
    // factory == nullptr: real TCP/TLS connections.
    Network(boost::asio::io_context& io, Clock& clock, const config::BotConfig& bot,
            const config::NetworkConfig& net, NetworkListener& listener,
            TransportFactory factory = nullptr);
    ~Network();
    Network(const Network&) = delete;
    Network& operator=(const Network&) = delete;

    void start();                          // connect (and keep reconnecting)
    void stop(const std::string& reason);  // QUIT, flush what it can, no reconnect

    // Queued sends through the flood control (docs/LINK.md, "The send queue"). Text is made
    // safe here (no CR, LF, NUL; cut to fit the 512-byte line with the bot's prefix as the
    // server will add it). `opts` says the line's place (a channel's lane; a person's host
    // group), its weight, whether a newer line replaces it (view), whether it is a page, and
    // what waits for it to leave (hold). When the queue is long, Low lines are refused first,
    // then Normal; High lines are never dropped. False: the line was dropped.
    bool privmsg(const std::string& target, const std::string& text, irc::SendOptions opts = {});
    bool notice(const std::string& target, const std::string& text, irc::SendOptions opts = {});
    // Drops the pages (SendOptions::page) still waiting for a target (and lane): their
    // reader has moved on. How many were dropped.
    std::size_t cut_pages(const std::string& target, const std::string& lane = "");
    // Lines waiting in the places of a group (SendOptions::group: a host).
    std::size_t queued_for_group(const std::string& group) const;
    // Exactly one channel name (CHANTYPES prefix, 2-50 bytes, no space, comma, colon or
    // control character); anything else ("#a,#b", "0", a nick) is refused with a log line
    // and false.
    bool join(const std::string& channel);
    bool part(const std::string& channel, const std::string& reason = "");
    void send_raw(const std::string& line);  // also guarded and queued

    // Applies a reloaded config (channels joined/parted, flood rate, admins...) without
    // reconnecting, unless host, port or TLS changed.
    void reconfigure(const config::BotConfig& bot, const config::NetworkConfig& net);

    const std::string& name() const;
    const config::NetworkConfig& config() const;
    const std::string& nick() const;  // the nick we hold now
    bool registered() const;
    // Under the server's CASEMAPPING (005; rfc1459 by default).
    std::string fold(std::string_view nick_or_channel) const;
    bool same(std::string_view a, std::string_view b) const { return fold(a) == fold(b); }
    bool is_channel(std::string_view target) const;  // CHANTYPES
    // Whether NICK is in CHANNEL, as NAMES and the joins and parts since told the bot;
    // nullopt when the bot does not know (it has not seen its own JOIN there and the end
    // of the NAMES list after it).
    std::optional<bool> in_channel(const std::string& channel, const std::string& nick) const;
    // True when the channel has mode +c (colours stripped or refused): send plain text.
    bool strips_colours(const std::string& channel) const;
    // Lines waiting in the send queue (all targets).
    std::size_t queued() const;
    // Lines the drop policy refused since start.
    std::uint64_t dropped_lines() const;

    struct Impl;

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace croupier::bot
