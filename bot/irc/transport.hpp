// The far side of the link: a server over TCP or TLS (Boost.Asio), or in replays the
// transcript (bot/irc/replay_engine.hpp). The link sees only whole byte chunks in and
// whole lines out.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include <boost/asio/io_context.hpp>

#include "bot/irc/network.hpp"
#include "config/config.hpp"

namespace croupier::bot {

class Transport {
  public:
    struct Handlers {
        std::function<void()> connected;
        std::function<void(std::string_view bytes)> data;
        // The connection failed or ended; `reason` is a human sentence. Called once.
        std::function<void(const std::string& reason)> closed;
    };
    virtual ~Transport() = default;
    // Connects; handlers are called later from the io_context (never from inside open()).
    virtual void open(Handlers handlers) = 0;
    // Sends one line (without CR LF; the transport adds them). Lines keep their order.
    virtual void write(const std::string& line) = 0;
    // Closes once what was written has gone out (best effort). No handler is called after.
    virtual void close() = 0;
};

// The real transport: resolves the host with Asio, connects, and does TLS when net.tls.
std::unique_ptr<Transport> make_socket_transport(boost::asio::io_context& io,
                                                 const config::NetworkConfig& net);

}  // namespace croupier::bot
