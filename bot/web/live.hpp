// Live games' streams (docs/WEB.md, "Live games"): server-sent events from the web server's
// thread. A page of a game under way opens one stream (/live/game/<id>); the hub looks, on a
// short timer and only while streams are open, whether the database has changed (PRAGMA
// data_version, one read), and then whether each watched game has moved; a game that has
// is rebuilt once and its public view sent to all who watch it.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace croupier::bot::web {

class Site;

// One open stream (a connection of the server): takes events to send, in order.
struct LiveSink {
    virtual ~LiveSink() = default;
    virtual void push(std::shared_ptr<const std::string> text) = 0;
};

class LiveHub {
  public:
    // `site`: the server's (made on its thread; null until then). Runs on `io`'s thread.
    LiveHub(boost::asio::io_context& io, const std::unique_ptr<Site>& site,
            std::chrono::milliseconds every);

    // The stream's first event for game `id`, "" when the game is not watched live (404).
    std::string first(std::int64_t id);
    // From now on `sink` gets game `id`'s events, while it lives.
    void watch(std::int64_t id, std::weak_ptr<LiveSink> sink);
    void stop();

    // An event's text: "data: <json>\n\n".
    static std::string event(const std::string& json);

  private:
    void arm();
    void tick();

    boost::asio::steady_timer timer_;
    const std::unique_ptr<Site>& site_;
    std::chrono::milliseconds every_;
    bool armed_ = false, stopped_ = false;
    std::int64_t version_ = -1;
    std::chrono::steady_clock::time_point quiet_since_;
    struct Watched {
        std::string mark;  // Site::live_mark when last sent
        std::vector<std::weak_ptr<LiveSink>> sinks;
    };
    std::map<std::int64_t, Watched> games_;
};

}  // namespace croupier::bot::web
