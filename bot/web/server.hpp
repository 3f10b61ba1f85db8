// The web server (docs/WEB.md): HTTP/1.1 through Boost.Beast on a thread and io_context of
// its own, answering GET and HEAD from the pages (bot/web/site.hpp) with a read-only
// connection of its own. The daemon starts it and stops it; it never waits on it.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>

namespace croupier::bot::web {

class Site;

struct ServerOptions {
    std::string host = "127.0.0.1";                 // numeric
    std::uint16_t port = 0;                         // 0: any free port (tests)
    std::size_t max_connections = 256;              // more at once get 503 and are closed
    std::size_t max_per_address = 64;               // from one address at once: more get 503
    std::size_t max_requests = 100;                 // on one connection; the last closes it
    std::size_t cache_entries = 256;                // ended games' answers kept (0: none)
    std::size_t cache_bytes = 4 << 20;              // and their bodies, plain and gzipped
    std::chrono::seconds cache_for{300};            // each at most this long
    std::size_t gzip_from = 1024;                   // smaller bodies are sent as they are
    std::chrono::milliseconds read_timeout{10000};  // a request must arrive within this
    std::size_t header_limit = 8 * 1024;            // request line and headers: more is 431
    std::size_t target_limit = 2048;                // a longer request target is 414
    std::size_t max_streams_per_address = 8;        // live games' streams open from one address
    std::chrono::milliseconds live_every{200};      // how often open streams look for moves
};

class Server {
  public:
    // `make_site` runs on the server's thread, first (opening the database there): if it
    // throws, the error is logged and the server stops serving.
    Server(ServerOptions options, std::function<std::unique_ptr<Site>()> make_site);
    ~Server();  // stop()
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds and starts the thread. False when it cannot bind (logged): the daemon goes on
    // without the pages.
    bool start();
    // Stops serving, closes every connection and joins the thread. Idempotent.
    void stop();
    // The port it listens on (after start()).
    std::uint16_t port() const;
    // Connections open now (for tests).
    std::size_t connections() const;
    // The ended games' answers kept now: how many, and their bodies' bytes.
    std::pair<std::size_t, std::size_t> kept() const;

    struct Impl;

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace croupier::bot::web
