// SPDX-License-Identifier: GPL-3.0-or-later
// One IRC network (docs/LINK.md): Network itself, and the link's lifecycle: connecting,
// dropping, reconnecting, and joining a channel again after a kick or a refusal. The
// server's lines are read in network_server.cpp, lines are sent in network_send.cpp, the
// libircclient session is driven in network_lib.cpp; network_impl.hpp has their state.
#include "bot/irc/network.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <boost/asio/post.hpp>

#include "bot/irc/low_fd.hpp"
#include "bot/irc/network_impl.hpp"
#include "bot/log.hpp"

namespace croupier::bot {

using namespace std::chrono_literals;

namespace {

constexpr Duration kConnectTimeout = 60s;

}  // namespace

LinkConnection::~LinkConnection() {
    *alive = false;
    boost::system::error_code ec;
    if (sd.is_open()) sd.release();
    if (session) {
        irc_disconnect(session);
        irc_destroy_session(session);
        session = nullptr;
    }
    if (lent_fd) low_fd::give_back();  // the socket's descriptor, free again
    lib_sock.close(ec);
    acceptor.close(ec);
    if (transport) transport->close();
}

Network::Impl::~Impl() {
    *alive = false;
    cancel(pump_timer);
    cancel(reconnect_timer);
    cancel(keepalive_timer);
    cancel(regain_timer);
    cancel(stable_timer);
    cancel(connect_timer);
    cancel(register_timer);
    cancel_rejoins();
    conn.reset();
    graveyard.clear();
    lingering.clear();
}

// ---------------------------------------------------------------- lifecycle

void Network::Impl::bury(std::unique_ptr<LinkConnection> c) {
    if (!c) return;
    *c->alive = false;
    graveyard.push_back(std::move(c));
    std::weak_ptr<bool> me = alive;
    asio::post(io, [this, me] {
        if (auto p = me.lock(); p && *p) graveyard.clear();
    });
}

void Network::Impl::connect() {
    cancel(reconnect_timer);
    bury(std::move(conn));
    conn = std::make_unique<LinkConnection>(*this, io);
    registered = false;
    nick_.clear();
    casemapping = irc::CaseMapping::Rfc1459;
    chantypes = "#&";
    strip_colours.clear();
    members.clear();
    names_done.clear();
    accounts.clear();
    LinkConnection& c = *conn;
    c.transport = factory ? factory(io, net) : make_socket_transport(io, net);
    log::info("network {}: connecting to {}:{}{}{}", net.name, net.host, net.port,
              net.tls ? " (TLS)" : "",
              net.server_link() ? fmt::format(" to link as server {} ({})", net.server_name,
                                              config::link_kind_name(net.link))
                                : std::string());
    if (net.link == config::LinkKind::Ngircd)
        c.link = make_ngircd_link(*this);
    else if (net.link == config::LinkKind::Inspircd)
        c.link = make_inspircd_link(*this);
    else
        lib_start();
    if (!conn) return;
    auto t = c.token();
    Transport::Handlers h;
    h.connected = [this, t] {
        if (LinkConnection::ok(t)) on_link_up();
    };
    h.data = [this, t](std::string_view bytes) {
        if (!LinkConnection::ok(t)) return;
        std::vector<std::string> lines;
        conn->splitter.feed(bytes, lines);
        for (const auto& l : lines) {
            if (!LinkConnection::ok(t)) return;
            on_server_line(l);
        }
    };
    h.closed = [this, t](const std::string& reason) {
        if (LinkConnection::ok(t)) drop(reason);
    };
    c.transport->open(std::move(h));
    connect_timer = clock.call_after(kConnectTimeout, [this, t] {
        connect_timer = 0;
        if (LinkConnection::ok(t) && !conn->link_up) drop("connection timed out");
    });
}

void Network::Impl::drop(const std::string& reason, bool reconnect) {
    if (!conn) return;
    const bool had_link = conn->had_link;
    log::warn("network {}: disconnected: {}", net.name, reason);
    bury(std::move(conn));
    registered = false;
    const std::size_t lost = queue.size();
    queue.clear();
    if (lost) log::info("network {}: {} queued line(s) dropped", net.name, lost);
    cancel(pump_timer);
    cancel(keepalive_timer);
    cancel(regain_timer);
    cancel(stable_timer);
    cancel(connect_timer);
    cancel(register_timer);
    cancel_rejoins();  // a reconnect joins every wanted channel anyway
    if (reconnect && !stopped) schedule_reconnect(backoff.next());
    if (had_link) listener.on_disconnected(self);
}

void Network::Impl::schedule_rejoin(const std::string& channel, bool refused,
                                    const std::string& why) {
    const std::string key = fold(channel);
    if (!wanted(channel) || net.rejoin_after.count() == 0) {
        log::warn("network {}: {} ({}); not rejoining", net.name,
                  refused ? "cannot join " + channel : "kicked from " + channel, why);
        return;
    }
    constexpr Duration kMaxRejoinWait = std::chrono::minutes(10);
    const Duration first = std::chrono::duration_cast<Duration>(net.rejoin_after);
    auto w = rejoin_waits.find(key);
    Duration wait = first;
    if (refused && w != rejoin_waits.end()) wait = std::min(w->second * 2, kMaxRejoinWait);
    wait = std::max(wait, first);
    rejoin_waits[key] = wait;
    log::warn("network {}: {} ({}); joining again in {} s", net.name,
              refused ? "cannot join " + channel : "kicked from " + channel, why,
              std::chrono::duration_cast<std::chrono::seconds>(wait).count());
    auto& id = rejoin_timers[key];
    cancel(id);
    id = clock.call_after(wait, [this, key, channel] {
        rejoin_timers.erase(key);
        if (registered && wanted(channel)) join_now(channel);
    });
}

void Network::Impl::schedule_reconnect(Duration delay) {
    cancel(reconnect_timer);
    log::info("network {}: reconnecting in {:.1f} s", net.name, delay.count() / 1000.0);
    reconnect_timer = clock.call_after(delay, [this] {
        reconnect_timer = 0;
        if (!stopped) connect();
    });
}

void Network::Impl::join_now(const std::string& channel) {
    if (conn && conn->link)
        conn->link->join(channel);
    else
        enqueue(channel, "JOIN " + channel);
}

void Network::Impl::part_now(const std::string& channel, const std::string& reason) {
    if (conn && conn->link) {
        conn->link->part(channel, reason);
        return;
    }
    const std::string why = irc::sanitise(reason);
    enqueue(channel, why.empty() ? "PART " + channel : "PART " + channel + " :" + why);
}

// ---------------------------------------------------------------- Network

Network::Network(boost::asio::io_context& io, Clock& clock, const config::BotConfig& bot,
                 const config::NetworkConfig& net, NetworkListener& listener,
                 TransportFactory factory)
    : impl_(std::make_unique<Impl>(*this, io, clock, bot, net, listener, std::move(factory))) {}

Network::~Network() = default;

void Network::start() {
    impl_->stopped = false;
    impl_->backoff.reset();
    impl_->connect();
}

void Network::stop(const std::string& reason) {
    Impl& n = *impl_;
    n.stopped = true;
    n.cancel(n.reconnect_timer);
    if (n.conn) {
        if (n.conn->link)
            n.conn->link->quit(reason);
        else
            n.send_now("QUIT :" + irc::sanitise(reason));
        n.registered = false;
        n.queue.clear();
        n.cancel(n.pump_timer);
        n.cancel(n.keepalive_timer);
        n.cancel(n.regain_timer);
        n.cancel(n.stable_timer);
        n.cancel(n.connect_timer);
        n.cancel(n.register_timer);
        n.cancel_rejoins();
        if (n.conn->transport) {
            n.conn->transport->close();
            n.lingering.push_back(std::move(n.conn->transport));
        }
        n.bury(std::move(n.conn));
    }
}

bool Network::privmsg(const std::string& target, const std::string& text, irc::SendOptions opts) {
    return impl_->say("PRIVMSG", target, text, std::move(opts));
}

bool Network::notice(const std::string& target, const std::string& text, irc::SendOptions opts) {
    return impl_->say("NOTICE", target, text, std::move(opts));
}

std::size_t Network::queued_for_group(const std::string& group) const {
    return impl_->queue.pending_in_group(group);
}

std::size_t Network::cut_pages(const std::string& target, const std::string& lane) {
    return impl_->queue.cut_pages(impl_->place_key(target, lane));
}

bool Network::join(const std::string& channel) {
    Impl& n = *impl_;
    if (!n.one_channel(channel)) {
        log::warn("network {}: not joining \"{}\": not one channel name", n.net.name,
                  irc::sanitise(channel));
        return false;
    }
    if (!n.wanted(channel)) n.channels.push_back(channel);
    if (n.registered) n.join_now(channel);
    return true;
}

bool Network::part(const std::string& channel, const std::string& reason) {
    Impl& n = *impl_;
    if (!n.one_channel(channel)) {
        log::warn("network {}: not parting \"{}\": not one channel name", n.net.name,
                  irc::sanitise(channel));
        return false;
    }
    std::erase_if(n.channels, [&](const std::string& c) { return n.same(c, channel); });
    if (!n.registered) return true;
    n.part_now(channel, reason);
    return true;
}

void Network::send_raw(const std::string& line) {
    Impl& n = *impl_;
    const std::string clean(irc::cut_utf8(irc::sanitise(line), irc::kMaxLine));
    if (clean.empty()) return;
    irc::Message m;
    std::string target;
    if (irc::parse_message(clean, m) && !m.params.empty() && m.params.size() >= 2)
        target = m.params[0];
    n.enqueue(target, n.conn && n.conn->link ? n.conn->link->raw_line(clean) : clean);
}

void Network::reconfigure(const config::BotConfig& bot, const config::NetworkConfig& net) {
    Impl& n = *impl_;
    const config::NetworkConfig old = n.net;
    const std::string old_main = n.main_nick();
    n.bot = bot;
    n.net = net;
    if (old.server_link() != net.server_link())
        n.pacer = Impl::make_pacer(net, n.clock.now());
    else if (net.server_link())
        n.pacer.reconfigure(net.recipient_burst, net.recipient_rate, net.channel_burst,
                            net.channel_rate);
    else
        n.pacer.reconfigure(net.flood_burst, net.flood_rate);
    const bool relink = old.host != net.host || old.port != net.port || old.tls != net.tls ||
                        old.link != net.link || old.server_name != net.server_name ||
                        old.send_password != net.send_password || old.sid != net.sid ||
                        old.tls_verify != net.tls_verify || old.tls_ca_file != net.tls_ca_file;
    for (const auto& ch : net.channels) {
        const bool had = std::any_of(old.channels.begin(), old.channels.end(),
                                     [&](const std::string& c) { return n.same(c, ch); });
        if (!had) join(ch);  // already joined ones stay as they are
    }
    for (const auto& ch : old.channels) {
        const bool kept = std::any_of(net.channels.begin(), net.channels.end(),
                                      [&](const std::string& c) { return n.same(c, ch); });
        if (!kept) part(ch, "");
    }
    if (n.registered && !net.server_link() && !n.same(old_main, n.main_nick()) &&
        !n.same(n.nick_, n.main_nick()))
        n.send_now("NICK " + n.main_nick());
    // A linked bot's nick is in its introduction: a new one is introduced by linking again.
    const bool relink_nick = net.server_link() && !n.same(old_main, n.main_nick());
    if ((relink || relink_nick) && !n.stopped) {
        std::weak_ptr<bool> me = n.alive;
        asio::post(n.io, [&n, me] {
            if (auto p = me.lock(); !p || !*p || n.stopped) return;
            log::info("network {}: server settings changed: reconnecting", n.net.name);
            if (n.conn) {
                if (n.conn->link)
                    n.conn->link->quit("reconnecting");
                else
                    n.send_now("QUIT :reconnecting");
                n.drop("server settings changed", false);
            }
            n.backoff.reset();
            n.connect();
        });
    }
}

const std::string& Network::name() const {
    return impl_->net.name;
}
const config::NetworkConfig& Network::config() const {
    return impl_->net;
}
const std::string& Network::nick() const {
    if (!impl_->nick_.empty()) return impl_->nick_;
    impl_->main_nick_shown = impl_->main_nick();
    return impl_->main_nick_shown;
}
bool Network::registered() const {
    return impl_->registered;
}
std::string Network::fold(std::string_view s) const {
    return impl_->fold(s);
}
bool Network::is_channel(std::string_view t) const {
    return impl_->is_channel(t);
}
std::optional<bool> Network::in_channel(const std::string& channel, const std::string& nick) const {
    const std::string ch = impl_->fold(channel);
    auto it = impl_->members.find(ch);
    if (it == impl_->members.end() || !impl_->names_done.count(ch)) return std::nullopt;
    return it->second.count(impl_->fold(nick)) != 0;
}

bool Network::strips_colours(const std::string& channel) const {
    auto it = impl_->strip_colours.find(impl_->fold(channel));
    return it != impl_->strip_colours.end() && it->second;
}
std::size_t Network::queued() const {
    return impl_->queue.size();
}
std::uint64_t Network::dropped_lines() const {
    return impl_->dropped;
}

}  // namespace croupier::bot
