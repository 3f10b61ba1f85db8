// SPDX-License-Identifier: GPL-3.0-or-later
// What the link's tests share: a listener that writes down every event (EventLog; a test's
// listener derives from it and answers messages its own way), and a Network with that
// listener driven through the replay engine (ListenerApp, play_with).
#pragma once

#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bot/irc/network.hpp"
#include "bot/irc/replay_engine.hpp"

namespace croupier::bot::test {

struct EventLog : NetworkListener {
    std::vector<std::string> events;
    // How a person is written in the events: the nick; a test that checks identities writes
    // more.
    virtual std::string name(const Source& s) const { return s.nick; }
    void on_registered(Network& n) override { events.push_back("registered " + n.nick()); }
    void on_join(Network&, const Source& s, const std::string& ch) override {
        events.push_back("join " + name(s) + " " + ch);
    }
    void on_part(Network&, const Source& s, const std::string& ch) override {
        events.push_back("part " + name(s) + " " + ch);
    }
    void on_kick(Network&, const Source& by, const std::string& ch, const std::string& v) override {
        events.push_back("kick " + by.nick + " " + ch + " " + v);
    }
    void on_quit(Network&, const Source& s) override { events.push_back("quit " + name(s)); }
    void on_nick(Network&, const Source& s, const std::string& n) override {
        events.push_back("nick " + name(s) + " " + n);
    }
    void on_disconnected(Network&) override { events.push_back("disconnected"); }
};

// A Network whose events go to a Listener; when the play ends they are copied to `out`.
template <class Listener>
struct ListenerApp final : replay::App {
    ListenerApp(boost::asio::io_context& io, Clock& clock, const config::BotConfig& bot,
                const config::NetworkConfig& net, TransportFactory t,
                std::vector<std::string>* out = nullptr)
        : out(out), network(io, clock, bot, net, listener, std::move(t)) {}
    ~ListenerApp() override {
        if (out) *out = listener.events;
    }
    void start() override { network.start(); }
    std::optional<std::string> query(const std::string& sql) override {
        if (sql == "nick") return network.nick();
        if (sql == "queued") return std::to_string(network.queued());
        if (sql == "registered") return network.registered() ? "yes" : "no";
        return std::nullopt;
    }
    std::vector<std::string>* out;
    Listener listener;
    Network network;
};

struct Played {
    int code = 0;
    std::string out, err;
    std::vector<std::string> events;
};

// Plays a transcript (`name` is its file name in messages) against a Network with a
// Listener, recording or not.
template <class Listener>
Played play_with(const std::string& text, const std::string& name, const config::BotConfig& bot,
                 const config::NetworkConfig& net, bool record = false) {
    Played r;
    auto t = replay::parse_transcript(text, name);
    replay::AppFactory make = [&](boost::asio::io_context& io, Clock& clock, TransportFactory f) {
        return std::make_unique<ListenerApp<Listener>>(io, clock, bot, net, std::move(f),
                                                       &r.events);
    };
    std::ostringstream out, err;
    r.code = replay::play(t, make, record, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

}  // namespace croupier::bot::test
