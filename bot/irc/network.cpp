// SPDX-License-Identifier: GPL-3.0-or-later
// The link (transport, CAP/SASL, guard, fair flood-controlled queue, keepalive, reconnect)
// and the libircclient session above it, relayed over a loopback socket. See docs/LINK.md.
#include "bot/irc/network.hpp"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/select.h>
#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include <libircclient.h>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

#include "bot/irc/send_queue.hpp"
#include "bot/irc/text.hpp"
#include "bot/irc/transport.hpp"
#include "bot/log.hpp"

#ifndef CROUPIER_VERSION
#define CROUPIER_VERSION "unknown"
#endif

namespace croupier::bot {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

namespace {

constexpr Duration kKeepaliveIdle = 120s;
constexpr Duration kKeepaliveReply = 60s;
constexpr Duration kRegainEvery = 60s;
constexpr Duration kStableAfter = 10min;
constexpr Duration kConnectTimeout = 60s;
constexpr Duration kRegisterTimeout = 60s;
constexpr std::size_t kMaxQueued = 5000;       // Normal lines are refused past it
constexpr std::size_t kHardMaxQueued = 20000;  // and every line past this
constexpr std::size_t kLowPerTarget = 60;      // Low lines refused past this many for one target

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

Source parse_origin(const char* origin) {
    Source s;
    if (!origin) return s;
    std::string o(origin);
    const auto bang = o.find('!');
    const auto at = o.find('@', bang == std::string::npos ? 0 : bang);
    s.nick = o.substr(0, std::min(bang, at));
    if (bang != std::string::npos)
        s.user = o.substr(bang + 1, at == std::string::npos ? std::string::npos : at - bang - 1);
    if (at != std::string::npos) s.host = o.substr(at + 1);
    return s;
}

constexpr std::size_t kMaxChannelName = 50;  // as config/config.cpp's check_channels

bool valid_target(const std::string& t) {
    return !t.empty() && t.find_first_of(std::string_view(" \r\n\0,", 5)) == std::string::npos;
}

}  // namespace

// One connection attempt: the transport, the libircclient session and the loopback
// between them. Replaced wholesale on reconnect.
struct LinkConnection {
    explicit LinkConnection(Network::Impl& n, asio::io_context& io)
        : net(n), acceptor(io), lib_sock(io), sd(io) {}
    ~LinkConnection();

    Network::Impl& net;
    std::shared_ptr<bool> alive = std::make_shared<bool>(true);
    std::unique_ptr<Transport> transport;
    irc::LineSplitter splitter{irc::kMaxTaggedLine};  // tags stripped, then cut to 510
    bool link_up = false;
    bool had_link = false;

    // CAP / SASL
    bool cap_done = false;
    std::string cap_ls;
    bool sasl_pending = false;
    bool sasl_ok = false;
    std::size_t nick_attempt = 0;

    // keepalive
    TimePoint last_rx{};
    bool ping_sent = false;
    TimePoint ping_at{};
    std::string server_name;  // the prefix of the first 001: the answer to a bare PING

    // libircclient over loopback
    tcp::acceptor acceptor;
    tcp::socket lib_sock;
    bool lib_accepted = false;
    bool lib_writing = false;
    std::deque<std::string> lib_out;
    std::string lib_sending;  // what is being written to the loopback now: many lines at once
    std::array<char, 4096> lib_buf{};
    irc::LineSplitter lib_splitter;
    irc_session_t* session = nullptr;
    asio::posix::stream_descriptor sd;
    int fd = -1;
    bool rd_pending = false, wr_pending = false;

    std::weak_ptr<bool> token() const { return alive; }
    static bool ok(const std::weak_ptr<bool>& t) {
        auto p = t.lock();
        return p && *p;
    }
};

struct Network::Impl {
    Impl(Network& self, asio::io_context& io, Clock& clock, const config::BotConfig& bot,
         const config::NetworkConfig& net, NetworkListener& listener, TransportFactory factory)
        : self(self),
          io(io),
          clock(clock),
          bot(bot),
          net(net),
          listener(listener),
          factory(std::move(factory)),
          bucket(net.flood_burst, net.flood_rate, clock.now()),
          ctcp_bucket(3, 0.1, clock.now()),
          backoff(this->factory ? 0x5eedULL : std::random_device{}()) {
        channels = net.channels;
    }
    ~Impl();

    Network& self;
    asio::io_context& io;
    Clock& clock;
    config::BotConfig bot;
    config::NetworkConfig net;
    NetworkListener& listener;
    TransportFactory factory;

    std::string nick_;  // held now ("" before registration)
    bool registered = false;
    bool stopped = true;
    irc::CaseMapping casemapping = irc::CaseMapping::Rfc1459;
    std::string chantypes = "#&";
    std::map<std::string, bool> strip_colours;  // folded channel -> +c
    // Who is in each channel the bot is in (folded channel -> folded nicks), from NAMES
    // and the JOIN, PART, KICK, QUIT and NICK lines after it; a channel is known once the
    // bot's own JOIN is seen.
    std::unordered_map<std::string, std::unordered_set<std::string>> members;
    std::unordered_set<std::string> names_done;  // channels whose NAMES list has ended (366)
    void track_members(const irc::Message& m, const std::string& cmd, const std::string& from);
    std::map<std::string, std::string> accounts;  // folded nick -> account
    std::vector<std::string> channels;            // wanted
    std::string my_user, my_host;
    std::string main_nick_shown;
    bool queue_full_logged = false;  // since the queue was last short
    std::uint64_t dropped = 0;       // lines refused by the drop policy, this run
    std::vector<std::unique_ptr<Transport>> lingering;  // flushing their QUIT after stop()

    irc::FairQueue queue;
    irc::TokenBucket bucket;
    // CTCP answers are a courtesy: a few at once, then one every 10 s for everyone together,
    // so many nicks asking cannot fill the queue (and one waiting per nick at most).
    irc::TokenBucket ctcp_bucket;
    irc::Backoff backoff;
    TimerId pump_timer = 0, reconnect_timer = 0, keepalive_timer = 0, regain_timer = 0,
            stable_timer = 0, connect_timer = 0, register_timer = 0;
    // Rejoining a wanted channel after a KICK or a refused JOIN (folded channel -> timer,
    // and the wait before the next try, doubled after each refusal).
    std::map<std::string, TimerId> rejoin_timers;
    std::map<std::string, Duration> rejoin_waits;

    std::unique_ptr<LinkConnection> conn;
    std::vector<std::unique_ptr<LinkConnection>> graveyard;
    std::shared_ptr<bool> alive = std::make_shared<bool>(true);

    std::string main_nick() const { return net.nick.value_or(bot.nick); }
    std::string fold(std::string_view s) const { return irc::fold(s, casemapping); }
    bool same(std::string_view a, std::string_view b) const { return fold(a) == fold(b); }
    bool is_channel(std::string_view t) const {
        return !t.empty() && chantypes.find(t[0]) != std::string::npos;
    }
    // Exactly one channel name, as the config accepts them: a CHANTYPES prefix, 2 to 50
    // bytes, no space, comma, colon or control character. So "#a,0" (two channels, and
    // JOIN 0 parts every channel) and "0" itself are refused.
    bool one_channel(std::string_view c) const {
        if (c.size() < 2 || c.size() > kMaxChannelName || !is_channel(c)) return false;
        for (const char ch : c)
            if (static_cast<unsigned char>(ch) < 32 || ch == ' ' || ch == ',' || ch == ':')
                return false;
        return true;
    }

    void cancel(TimerId& id) {
        if (id) clock.cancel(id);
        id = 0;
    }
    void cancel_rejoins() {
        for (auto& [ch, id] : rejoin_timers) cancel(id);
        rejoin_timers.clear();
    }
    bool wanted(std::string_view channel) const {
        return std::any_of(channels.begin(), channels.end(),
                           [&](const std::string& c) { return same(c, channel); });
    }
    // After a KICK (refused == false) or a refused JOIN: JOIN again later, if the channel is
    // still wanted and rejoin_after is not 0.
    void schedule_rejoin(const std::string& channel, bool refused, const std::string& why);

    // --- connection lifecycle ---
    void connect();
    void drop(const std::string& reason, bool reconnect = true);
    void schedule_reconnect(Duration delay);
    void bury(std::unique_ptr<LinkConnection> c);

    // --- server side ---
    void on_link_up();
    void on_server_line(const std::string& raw);
    void handle_cap(const irc::Message& m);
    void cap_end();
    void try_next_nick();
    void keepalive_check();
    void regain_tick();
    void register_check();

    // --- sending ---
    void send_now(const std::string& line);
    // A whole line (JOIN, a CTCP answer...): never merged.
    bool enqueue(const std::string& target, std::string line) {
        return enqueue(target, std::move(line), "", 0, {});
    }
    // `head` "PRIVMSG #c :" and its `text` (at most `budget` bytes), or a whole line in
    // `head` with `text` "".
    bool enqueue(const std::string& target, std::string head, std::string text, std::size_t budget,
                 irc::SendOptions opts);
    void pump();
    bool say(const char* command, const std::string& target, const std::string& text,
             irc::SendOptions opts);
    std::string place_key(const std::string& target, const std::string& lane) const {
        return lane.empty() ? fold(target) : fold(target) + '\n' + lane;
    }

    // --- libircclient ---
    void lib_start();
    void lib_pump();
    void lib_arm();
    void lib_read();
    void lib_write_next();
    void to_lib(const std::string& line);
    void on_lib_line(const std::string& line);

    // Per PRIVMSG/NOTICE handed to libircclient, in order: (folded nick, tagged account).
    std::deque<std::pair<std::string, bool>> tagged;
    // Whether the message libircclient announces now from `nick` carried an account tag.
    bool tagged_now(const std::string& nick) {
        const std::string key = fold(nick);
        while (!tagged.empty()) {
            auto [who, on] = tagged.front();
            tagged.pop_front();
            if (who == key) return on;
        }
        return false;
    }

    Source source(const char* origin) const {
        Source s = parse_origin(origin);
        auto it = accounts.find(fold(s.nick));
        if (it != accounts.end()) s.account = it->second;
        return s;
    }
};

LinkConnection::~LinkConnection() {
    *alive = false;
    boost::system::error_code ec;
    if (sd.is_open()) sd.release();
    if (session) {
        irc_disconnect(session);
        irc_destroy_session(session);
        session = nullptr;
    }
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
    log::info("network {}: connecting to {}:{}{}", net.name, net.host, net.port,
              net.tls ? " (TLS)" : "");
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
        if (registered && wanted(channel)) enqueue(channel, "JOIN " + channel);
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

// ---------------------------------------------------------------- server side

void Network::Impl::on_link_up() {
    LinkConnection& c = *conn;
    c.link_up = true;
    c.had_link = true;
    cancel(connect_timer);
    cancel(register_timer);
    log::info("network {}: connected to {}:{}", net.name, net.host, net.port);
    c.last_rx = clock.now();
    send_now("CAP LS 302");
    if (!net.password.empty()) send_now("PASS " + irc::sanitise(net.password));
    c.nick_attempt = 0;
    send_now("NICK " + main_nick());
    send_now("USER " + bot.username + " 0 * :" + irc::sanitise(bot.realname));
    keepalive_timer = clock.call_after(kKeepaliveIdle, [this] {
        keepalive_timer = 0;
        keepalive_check();
    });
    register_timer = clock.call_after(kRegisterTimeout, [this] {
        register_timer = 0;
        register_check();
    });
}

// Registration must not hang: a server that never finishes SASL gets CAP END (and the bot
// carries on unauthenticated); one that still does not welcome us is left.
void Network::Impl::register_check() {
    if (!conn || registered) return;
    if (!conn->cap_done) {
        log::error("network {}: no answer to CAP/SASL within {} s; ending CAP negotiation",
                   net.name, kRegisterTimeout.count() / 1000);
        conn->sasl_pending = false;
        cap_end();
        register_timer = clock.call_after(kRegisterTimeout, [this] {
            register_timer = 0;
            register_check();
        });
        return;
    }
    drop("registration timed out");
}

void Network::Impl::keepalive_check() {
    if (!conn || !conn->link_up) return;
    LinkConnection& c = *conn;
    const TimePoint now = clock.now();
    TimePoint next;
    if (c.ping_sent) {
        if (now >= c.ping_at + kKeepaliveReply) {
            drop("no reply from the server for " +
                 std::to_string((kKeepaliveIdle + kKeepaliveReply).count() / 1000) + " s");
            return;
        }
        next = c.ping_at + kKeepaliveReply;
    } else if (now >= c.last_rx + kKeepaliveIdle) {
        c.ping_sent = true;
        c.ping_at = now;
        send_now("PING :croupier-keepalive");
        if (!conn) return;
        next = now + kKeepaliveReply;
    } else {
        next = c.last_rx + kKeepaliveIdle;
    }
    keepalive_timer = clock.call_at(next, [this] {
        keepalive_timer = 0;
        keepalive_check();
    });
}

void Network::Impl::try_next_nick() {
    LinkConnection& c = *conn;
    ++c.nick_attempt;
    std::string cand;
    const std::size_t alts = bot.alt_nicks.size();
    if (c.nick_attempt <= alts)
        cand = bot.alt_nicks[c.nick_attempt - 1];
    else if (c.nick_attempt - alts <= 5)
        cand = main_nick() + std::string(c.nick_attempt - alts, '_');
    else {
        drop("the server refused every nick tried");
        return;
    }
    log::info("network {}: nick in use, trying {}", net.name, cand);
    send_now("NICK " + cand);
}

void Network::Impl::cap_end() {
    if (!conn || conn->cap_done) return;
    conn->cap_done = true;
    send_now("CAP END");
}

void Network::Impl::handle_cap(const irc::Message& m) {
    if (m.params.size() < 2 || !conn) return;
    LinkConnection& c = *conn;
    const std::string sub = upper(m.params[1]);
    auto words = [](const std::string& s) {
        std::vector<std::string> out;
        std::size_t i = 0;
        while (i < s.size()) {
            while (i < s.size() && s[i] == ' ') ++i;
            std::size_t j = s.find(' ', i);
            if (j == std::string::npos) j = s.size();
            if (j > i) out.push_back(s.substr(i, j - i));
            i = j;
        }
        return out;
    };
    if (sub == "LS") {
        if (c.cap_done) return;
        const bool more = m.params.size() >= 4 && m.params[2] == "*";
        c.cap_ls += " " + m.params.back();
        if (more) return;
        std::set<std::string> offered;
        for (auto& w : words(c.cap_ls)) offered.insert(w.substr(0, w.find('=')));
        std::vector<std::string> want;
        if (!net.sasl_user.empty()) {
            if (offered.count("sasl"))
                want.push_back("sasl");
            else
                log::error(
                    "network {}: the server does not offer SASL; carrying on unauthenticated",
                    net.name);
        }
        for (const char* cap : {"account-tag", "extended-join", "account-notify"})
            if (offered.count(cap)) want.push_back(cap);
        if (want.empty()) {
            cap_end();
            return;
        }
        std::string req = "CAP REQ :";
        for (std::size_t i = 0; i < want.size(); ++i) req += (i ? " " : "") + want[i];
        send_now(req);
    } else if (sub == "ACK") {
        const auto caps = words(m.params.back());
        if (std::find(caps.begin(), caps.end(), "sasl") != caps.end() && !net.sasl_user.empty()) {
            c.sasl_pending = true;
            send_now("AUTHENTICATE PLAIN");
        } else {
            cap_end();
        }
    } else if (sub == "NAK") {
        log::warn("network {}: the server refused capabilities: {}", net.name, m.params.back());
        if (!net.sasl_user.empty())
            log::error("network {}: SASL not available; carrying on unauthenticated", net.name);
        cap_end();
    }
}

void Network::Impl::on_server_line(const std::string& raw) {
    LinkConnection& c = *conn;
    c.last_rx = clock.now();
    c.ping_sent = false;
    irc::Message m;
    if (!irc::parse_message(raw, m)) return;
    const std::string cmd = upper(m.command);
    const std::string from = m.nick();
    if (auto it = m.tags.find("account"); it != m.tags.end() && !from.empty()) {
        if (it->second.empty() || it->second == "*")
            accounts.erase(fold(from));
        else
            accounts[fold(from)] = it->second;
    }
    std::string line(irc::strip_tags(raw));
    if (line.size() > irc::kMaxLine) line.resize(irc::kMaxLine);

    if (cmd == "CAP") {
        handle_cap(m);
        return;
    }
    if (cmd == "AUTHENTICATE") {
        if (c.sasl_pending && !m.params.empty() && m.params[0] == "+") {
            for (const auto& p : irc::sasl_plain_payloads(net.sasl_user, net.sasl_password))
                send_now("AUTHENTICATE " + p);
        }
        return;
    }
    if (cmd == "ACCOUNT") {
        if (!from.empty() && !m.params.empty()) {
            if (m.params[0] == "*")
                accounts.erase(fold(from));
            else
                accounts[fold(from)] = m.params[0];
        }
        return;
    }
    if (cmd == "PING" && m.params.empty()) {
        // A bare PING: libircclient would read past the end of the line and answer with
        // stale bytes, so the link answers it, naming the server as RFC 2812's PONG does.
        std::string who = m.prefix.empty() ? c.server_name : m.prefix;
        if (who.find_first_of(" :!@") != std::string::npos) who.clear();
        send_now(who.empty() ? std::string("PONG") : "PONG " + who);
        return;
    }
    if (cmd == "PONG") return;  // keepalive answers: last_rx is enough
    if (cmd == "ERROR")
        log::warn("network {}: server says: {}", net.name,
                  m.params.empty() ? std::string() : m.params.back());

    if (cmd == "001" && !m.params.empty()) {
        registered = true;
        if (c.server_name.empty()) c.server_name = m.prefix;
        nick_ = m.params[0];
        if (!c.cap_done) c.cap_done = true;  // the server never answered CAP
        log::info("network {}: registered as {}", net.name, nick_);
        cancel(register_timer);
        pump();
        if (!conn) return;
        cancel(stable_timer);
        stable_timer = clock.call_after(kStableAfter, [this] {
            stable_timer = 0;
            backoff.reset();
        });
    } else if ((cmd == "433" || cmd == "432" || cmd == "437") && !registered) {
        try_next_nick();
    } else if (cmd == "005") {
        for (std::size_t i = 1; i + 1 < m.params.size(); ++i) {
            const std::string& tok = m.params[i];
            if (tok.rfind("CASEMAPPING=", 0) == 0) {
                irc::CaseMapping cm;
                if (irc::parse_casemapping(tok.substr(12), cm)) casemapping = cm;
            } else if (tok.rfind("CHANTYPES=", 0) == 0) {
                chantypes = tok.substr(10);
            }
        }
    } else if ((cmd == "471" || cmd == "473" || cmd == "474" || cmd == "475" || cmd == "477") &&
               m.params.size() >= 2 && registered) {
        // Channel full, invite only, banned, wrong key, needs a registered nick.
        schedule_rejoin(m.params[1], true,
                        cmd + (m.params.size() >= 3 ? " " + irc::sanitise(m.params.back()) : ""));
    } else if (cmd == "900") {
        log::info("network {}: logged in to services{}", net.name,
                  m.params.size() >= 3 ? " as " + m.params[2] : std::string());
    } else if (cmd == "903") {
        c.sasl_pending = false;
        c.sasl_ok = true;
        log::info("network {}: SASL authentication succeeded", net.name);
        cap_end();
    } else if (cmd == "902" || cmd == "904" || cmd == "905" || cmd == "906" || cmd == "908") {
        if (c.sasl_pending) {
            c.sasl_pending = false;
            log::error(
                "network {}: SASL authentication as {} failed ({} {}); carrying on "
                "unauthenticated",
                net.name, net.sasl_user, cmd, m.params.empty() ? std::string() : m.params.back());
            cap_end();
        }
    } else if (cmd == "421" && m.params.size() >= 2 && upper(m.params[1]) == "CAP") {
        c.cap_done = true;  // the server does not know CAP: carry on
    } else if (cmd == "324" && m.params.size() >= 3) {
        strip_colours[fold(m.params[1])] = m.params[2].find('c') != std::string::npos;
    } else if (cmd == "MODE" && m.params.size() >= 2 && is_channel(m.params[0])) {
        bool add = true;
        for (char ch : m.params[1]) {
            if (ch == '+')
                add = true;
            else if (ch == '-')
                add = false;
            else if (ch == 'c')
                strip_colours[fold(m.params[0])] = add;
        }
    } else if (cmd == "JOIN" && m.params.size() >= 2 && !from.empty()) {
        // extended-join: JOIN #chan account :realname
        if (m.params[1] == "*")
            accounts.erase(fold(from));
        else
            accounts[fold(from)] = m.params[1];
    }

    track_members(m, cmd, from);

    if (!conn) return;  // dropped while handling the line (no usable nick...)
    if (m.params.empty() && !std::isdigit(static_cast<unsigned char>(cmd[0]))) {
        // libircclient steps one byte past the end of a line that ends right after its
        // command and parses whatever lies in its buffer there: give it an empty trailing
        // parameter instead (":n!u@h QUIT" becomes ":n!u@h QUIT :", the same message). A
        // numeric without a parameter stays refused by the guard.
        while (!line.empty() && line.back() == ' ') line.pop_back();
        line += " :";
    }
    if (irc::safe_for_libircclient(line)) {
        // libircclient turns the line into an event later, in order: remember whether this
        // very message vouched for an account, for the event to pick up.
        if ((cmd == "PRIVMSG" || cmd == "NOTICE") && !from.empty()) {
            auto tag = m.tags.find("account");
            tagged.emplace_back(fold(from),
                                tag != m.tags.end() && !tag->second.empty() && tag->second != "*");
            if (tagged.size() > 256) tagged.pop_front();  // lines libircclient never announced
        }
        to_lib(line);
    } else
        log::debug("network {}: line kept from libircclient: {}", net.name, line);
}

void Network::Impl::track_members(const irc::Message& m, const std::string& cmd,
                                  const std::string& from) {
    const bool me = !from.empty() && fold(from) == fold(nick_);
    if (cmd == "353" && m.params.size() >= 4) {
        auto it = members.find(fold(m.params[2]));
        if (it == members.end()) return;
        std::string_view names = m.params[3];
        while (!names.empty()) {
            const auto sp = names.find(' ');
            std::string_view n = names.substr(0, sp);
            names = sp == std::string_view::npos ? std::string_view() : names.substr(sp + 1);
            // Status prefixes (multi-prefix), and userhost-in-names' "!user@host".
            while (!n.empty() &&
                   std::string_view("~&@%+!").find(n.front()) != std::string_view::npos)
                n.remove_prefix(1);
            n = n.substr(0, n.find('!'));
            if (!n.empty()) it->second.insert(fold(n));
        }
    } else if (cmd == "366" && m.params.size() >= 2) {
        if (members.count(fold(m.params[1]))) names_done.insert(fold(m.params[1]));
    } else if (cmd == "JOIN" && !m.params.empty() && !from.empty()) {
        const std::string ch = fold(m.params[0]);
        if (me) {
            members[ch].clear();  // NAMES follows
            names_done.erase(ch);
        }
        if (auto it = members.find(ch); it != members.end()) it->second.insert(fold(from));
    } else if (cmd == "PART" && !m.params.empty() && !from.empty()) {
        const std::string ch = fold(m.params[0]);
        if (me) {
            members.erase(ch);
            names_done.erase(ch);
        } else if (auto it = members.find(ch); it != members.end()) {
            it->second.erase(fold(from));
        }
    } else if (cmd == "KICK" && m.params.size() >= 2) {
        const std::string ch = fold(m.params[0]);
        if (fold(m.params[1]) == fold(nick_)) {
            members.erase(ch);
            names_done.erase(ch);
        } else if (auto it = members.find(ch); it != members.end()) {
            it->second.erase(fold(m.params[1]));
        }
    } else if (cmd == "QUIT" && !from.empty()) {
        for (auto& [ch, set] : members) set.erase(fold(from));
    } else if (cmd == "NICK" && !m.params.empty() && !from.empty()) {
        for (auto& [ch, set] : members)
            if (set.erase(fold(from))) set.insert(fold(m.params[0]));
    } else if (cmd == "PRIVMSG" && !m.params.empty() && !from.empty()) {
        // Whoever speaks in a channel is in it (a gap in what NAMES told).
        if (auto it = members.find(fold(m.params[0])); it != members.end())
            it->second.insert(fold(from));
    }
}

void Network::Impl::regain_tick() {
    if (!registered || same(nick_, main_nick())) return;
    send_now("NICK " + main_nick());
    cancel(regain_timer);
    regain_timer = clock.call_after(kRegainEvery, [this] {
        regain_timer = 0;
        regain_tick();
    });
}

// ---------------------------------------------------------------- sending

void Network::Impl::send_now(const std::string& line) {
    if (!conn || !conn->link_up || !conn->transport) return;
    log::debug("network {}: >> {}", net.name, line);
    conn->transport->write(line);
}

bool Network::Impl::enqueue(const std::string& target, std::string head, std::string text,
                            std::size_t budget, irc::SendOptions opts) {
    // Nothing waiting and a token to spend: the line would be queued and taken straight
    // back out (a network that allows the bot a large burst, or a quiet moment). Lines
    // merge only while they wait, as Nagle's algorithm does for TCP.
    if (queue.empty() && conn && registered && conn->link_up && conn->transport &&
        bucket.try_take(clock.now())) {
        send_now(head + text);
        return true;  // opts.hold is released here: the line has left
    }
    // The drop policy (docs/LINK.md): pages asked for (Low) are refused once the queue is
    // half full or one place holds kLowPerTarget lines; table lines (Normal) once it is
    // full; a player's own replies, hands, prompts and results (High) only past the hard
    // cap that keeps memory bounded, which fair budgets upstream keep out of reach.
    const std::string key = place_key(target, opts.lane);
    const irc::Priority priority = opts.priority;
    bool refuse = false;
    switch (priority) {
        case irc::Priority::Low:
            refuse = queue.size() >= kMaxQueued / 2 || queue.pending(key) >= kLowPerTarget;
            break;
        case irc::Priority::Normal:
            refuse = queue.size() >= kMaxQueued;
            break;
        case irc::Priority::High:
            refuse = queue.size() >= kHardMaxQueued;
            break;
    }
    if (refuse) {
        ++dropped;
        if (!queue_full_logged)
            log::warn("network {}: send queue long ({} lines, {} high): dropping {} lines",
                      net.name, queue.size(), queue.pending(irc::Priority::High),
                      priority == irc::Priority::Low      ? "low-priority"
                      : priority == irc::Priority::Normal ? "normal and low"
                                                          : "all");
        queue_full_logged = true;
        return false;
    }
    if (queue.size() < kMaxQueued / 4) queue_full_logged = false;
    queue.push(key, std::move(head), std::move(text), budget, std::move(opts));
    pump();
    return true;
}

void Network::Impl::pump() {
    if (!conn || !registered) return;
    while (!queue.empty() && bucket.try_take(clock.now())) {
        auto line = queue.pop();
        send_now(*line);
        if (!conn) return;
    }
    if (!queue.empty() && !pump_timer) {
        pump_timer = clock.call_after(bucket.wait_time(clock.now()), [this] {
            pump_timer = 0;
            pump();
        });
    }
}

bool Network::Impl::say(const char* command, const std::string& target, const std::string& text,
                        irc::SendOptions opts) {
    if (!valid_target(target)) {
        log::warn("network {}: refusing to send to bad target '{}'", net.name,
                  irc::sanitise(target));
        return false;
    }
    const std::string clean = irc::sanitise(text);
    if (clean.empty()) return true;
    const std::string me = nick_.empty() ? main_nick() : nick_;
    const std::size_t budget = irc::text_budget(me, my_user, my_host, command, target);
    return enqueue(target, std::string(command) + " " + target + " :",
                   std::string(irc::cut_utf8(clean, budget)), budget, std::move(opts));
}

// ---------------------------------------------------------------- libircclient

namespace {

LinkConnection* conn_of(irc_session_t* s) {
    auto* c = static_cast<LinkConnection*>(irc_get_ctx(s));
    if (!c || !*c->alive) return nullptr;
    return c;
}

void ev_connect(irc_session_t* s, const char*, const char*, const char**, unsigned) {
    LinkConnection* c = conn_of(s);
    if (!c) return;
    Network::Impl& n = c->net;
    for (const auto& ch : n.channels) n.enqueue(ch, "JOIN " + ch);
    if (!c->sasl_ok && !n.net.nickserv_password.empty())
        n.enqueue("NickServ",
                  "PRIVMSG NickServ :IDENTIFY " + irc::sanitise(n.net.nickserv_password));
    if (!n.same(n.nick_, n.main_nick())) {
        n.cancel(n.regain_timer);
        n.regain_timer = n.clock.call_after(kRegainEvery, [&n] {
            n.regain_timer = 0;
            n.regain_tick();
        });
    }
    n.listener.on_registered(n.self);
}

void ev_nick(irc_session_t* s, const char*, const char* origin, const char** p, unsigned count) {
    LinkConnection* c = conn_of(s);
    if (!c || count < 1 || !p[0]) return;
    Network::Impl& n = c->net;
    Source who = n.source(origin);
    const std::string new_nick = p[0];
    if (auto it = n.accounts.find(n.fold(who.nick)); it != n.accounts.end()) {
        std::string acc = it->second;
        n.accounts.erase(it);
        n.accounts[n.fold(new_nick)] = acc;
    }
    if (n.same(who.nick, n.nick_)) {
        n.nick_ = new_nick;
        log::info("network {}: now known as {}", n.net.name, new_nick);
        if (n.same(new_nick, n.main_nick())) n.cancel(n.regain_timer);
    } else if (n.registered && n.same(who.nick, n.main_nick()) && !n.same(n.nick_, n.main_nick())) {
        n.send_now("NICK " + n.main_nick());
    }
    n.listener.on_nick(n.self, who, new_nick);
}

void ev_quit(irc_session_t* s, const char*, const char* origin, const char**, unsigned) {
    LinkConnection* c = conn_of(s);
    if (!c) return;
    Network::Impl& n = c->net;
    Source who = n.source(origin);
    n.accounts.erase(n.fold(who.nick));
    if (n.registered && n.same(who.nick, n.main_nick()) && !n.same(n.nick_, n.main_nick()))
        n.send_now("NICK " + n.main_nick());
    n.listener.on_quit(n.self, who);
}

void ev_join(irc_session_t* s, const char*, const char* origin, const char** p, unsigned count) {
    LinkConnection* c = conn_of(s);
    if (!c || count < 1 || !p[0]) return;
    Network::Impl& n = c->net;
    Source who = n.source(origin);
    const std::string chan = p[0];
    if (n.same(who.nick, n.nick_)) {
        if (!who.user.empty()) n.my_user = who.user;
        if (!who.host.empty()) n.my_host = who.host;
        n.rejoin_waits.erase(n.fold(chan));  // in again: the next refusal starts afresh
        n.send_now("MODE " + chan);          // link housekeeping (for +c): outside the flood queue
    }
    n.listener.on_join(n.self, who, chan);
}

void ev_part(irc_session_t* s, const char*, const char* origin, const char** p, unsigned count) {
    LinkConnection* c = conn_of(s);
    if (!c || count < 1 || !p[0]) return;
    Network::Impl& n = c->net;
    Source who = n.source(origin);
    if (n.same(who.nick, n.nick_)) n.strip_colours.erase(n.fold(p[0]));
    n.listener.on_part(n.self, who, p[0]);
}

void ev_kick(irc_session_t* s, const char*, const char* origin, const char** p, unsigned count) {
    LinkConnection* c = conn_of(s);
    if (!c || count < 2 || !p[0] || !p[1]) return;
    Network::Impl& n = c->net;
    const Source by = n.source(origin);
    if (n.same(p[1], n.nick_)) {
        n.strip_colours.erase(n.fold(p[0]));
        n.schedule_rejoin(
            p[0], false,
            "by " + by.nick + (count >= 3 && p[2] && *p[2] ? ": " + irc::sanitise(p[2]) : ""));
    }
    n.listener.on_kick(n.self, by, p[0], p[1]);
}

void message(irc_session_t* s, const char* origin, const char** p, unsigned count, bool notice) {
    LinkConnection* c = conn_of(s);
    if (!c || count < 2 || !p[0] || !p[1] || !origin) return;
    Network::Impl& n = c->net;
    const std::string target = p[0];
    const std::string text = p[1];
    if (text.empty() || text[0] == '\x01') {  // CTCP never reaches the listener
        n.tagged_now(parse_origin(origin).nick);
        return;
    }
    if (std::string_view(origin).find('!') == std::string_view::npos) return;  // servers
    if (!n.is_channel(target) && !n.same(target, n.nick_)) return;
    Source from = n.source(origin);
    from.account_on_message = n.tagged_now(from.nick) && !from.account.empty();
    n.listener.on_message(n.self, from, target, text, notice);
}

void ev_privmsg(irc_session_t* s, const char*, const char* origin, const char** p, unsigned count) {
    message(s, origin, p, count, false);
}

void ev_notice(irc_session_t* s, const char*, const char* origin, const char** p, unsigned count) {
    message(s, origin, p, count, true);
}

void ev_ctcp(irc_session_t* s, const char*, const char* origin, const char** p, unsigned count) {
    LinkConnection* c = conn_of(s);
    if (!c || count < 1 || !p[0] || !origin) return;
    Network::Impl& n = c->net;
    const Source who = parse_origin(origin);
    if (!valid_target(who.nick)) return;
    // One CTCP answer waiting per nick at most: a CTCP flood cannot fill the queue.
    if (n.queue.pending(n.fold(who.nick)) > 0) return;
    const std::string req = p[0];
    const std::string verb = upper(req.substr(0, req.find(' ')));
    if (verb != "VERSION" && verb != "PING") return;  // FINGER, TIME, ... ignored on purpose
    if (!n.ctcp_bucket.try_take(n.clock.now())) {
        log::debug("network {}: CTCP from {} not answered (the CTCP budget is spent)", n.net.name,
                   who.nick);
        return;
    }
    if (verb == "VERSION") {
        n.enqueue(who.nick,
                  "NOTICE " + who.nick + " :\x01VERSION croupier " CROUPIER_VERSION "\x01");
    } else if (verb == "PING") {
        const std::string budget_text = irc::sanitise(req);
        const std::size_t budget =
            irc::text_budget(n.nick_, n.my_user, n.my_host, "NOTICE", who.nick);
        const std::string body(irc::cut_utf8(budget_text, budget > 2 ? budget - 2 : 0));
        n.enqueue(who.nick, "NOTICE " + who.nick + " :\x01" + body + "\x01");
    }
    // everything else (FINGER, TIME, USERINFO, ...) is ignored on purpose
}

void ev_ignore(irc_session_t*, const char*, const char*, const char**, unsigned) {}
void ev_numeric(irc_session_t*, unsigned, const char*, const char**, unsigned) {}

irc_callbacks_t make_callbacks() {
    irc_callbacks_t cb{};
    cb.event_connect = ev_connect;
    cb.event_nick = ev_nick;
    cb.event_quit = ev_quit;
    cb.event_join = ev_join;
    cb.event_part = ev_part;
    cb.event_mode = ev_ignore;  // +c is tracked by the link (324 and MODE)
    cb.event_umode = ev_ignore;
    cb.event_topic = ev_ignore;
    cb.event_kick = ev_kick;
    cb.event_channel = ev_privmsg;
    cb.event_privmsg = ev_privmsg;
    cb.event_notice = ev_notice;
    cb.event_channel_notice = ev_notice;
    cb.event_invite = ev_ignore;
    cb.event_ctcp_req = ev_ctcp;
    cb.event_ctcp_rep = ev_ignore;
    cb.event_ctcp_action = ev_ignore;
    cb.event_unknown = ev_ignore;
    cb.event_numeric = ev_numeric;
    return cb;
}

}  // namespace

void Network::Impl::lib_start() {
    LinkConnection& c = *conn;
    boost::system::error_code ec;
    c.acceptor.open(tcp::v4(), ec);
    if (!ec) c.acceptor.bind(tcp::endpoint(asio::ip::address_v4::loopback(), 0), ec);
    if (!ec) c.acceptor.listen(1, ec);
    if (ec) {
        log::error("network {}: cannot open the loopback for libircclient: {}", net.name,
                   ec.message());
        drop("internal error");
        return;
    }
    const unsigned short port = c.acceptor.local_endpoint().port();
    auto t = c.token();
    c.acceptor.async_accept(c.lib_sock, [this, t](const boost::system::error_code& aec) {
        if (!LinkConnection::ok(t)) return;
        if (aec) {
            drop("libircclient loopback: " + aec.message());
            return;
        }
        conn->lib_accepted = true;
        boost::system::error_code ignored;
        conn->acceptor.close(ignored);
        // Small lines both ways: without NODELAY, Nagle and delayed ACKs add ~40 ms a trip.
        conn->lib_sock.set_option(tcp::no_delay(true), ignored);
        lib_read();
        if (!conn->lib_out.empty() && !conn->lib_writing) lib_write_next();
    });
    static irc_callbacks_t callbacks = make_callbacks();
    c.session = irc_create_session(&callbacks);
    if (!c.session) {
        drop("cannot create a libircclient session");
        return;
    }
    irc_set_ctx(c.session, &c);
    const std::string nick = main_nick();
    if (irc_connect(c.session, "127.0.0.1", port, nullptr, nick.c_str(), bot.username.c_str(),
                    bot.realname.c_str()) != 0) {
        const std::string why = irc_strerror(irc_errno(c.session));
        drop("libircclient cannot connect to its loopback: " + why);
        return;
    }
    fd_set in, out;
    FD_ZERO(&in);
    FD_ZERO(&out);
    int maxfd = 0;
    irc_add_select_descriptors(c.session, &in, &out, &maxfd);
    for (int i = 0; i <= maxfd && i < FD_SETSIZE; ++i)
        if (FD_ISSET(i, &in) || FD_ISSET(i, &out)) c.fd = i;
    if (c.fd < 0) {
        drop("cannot find libircclient's socket (descriptor limit?)");
        return;
    }
    const int one = 1;
    ::setsockopt(c.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    c.sd.assign(c.fd);
    lib_arm();
}

void Network::Impl::lib_pump() {
    if (!conn || !conn->session) return;
    LinkConnection& c = *conn;
    auto t = c.token();
    fd_set in, out;
    FD_ZERO(&in);
    FD_ZERO(&out);
    int maxfd = 0;
    if (irc_add_select_descriptors(c.session, &in, &out, &maxfd) != 0) {
        drop("libircclient session ended");
        return;
    }
    timeval tv{0, 0};
    const int rc = ::select(maxfd + 1, &in, &out, nullptr, &tv);
    if (rc > 0 && irc_process_select_descriptors(c.session, &in, &out) != 0) {
        if (!LinkConnection::ok(t)) return;
        drop(std::string("libircclient: ") + irc_strerror(irc_errno(c.session)));
        return;
    }
    if (!LinkConnection::ok(t)) return;
    lib_arm();
}

void Network::Impl::lib_arm() {
    LinkConnection& c = *conn;
    fd_set in, out;
    FD_ZERO(&in);
    FD_ZERO(&out);
    int maxfd = 0;
    if (irc_add_select_descriptors(c.session, &in, &out, &maxfd) != 0) return;
    auto t = c.token();
    if (!c.rd_pending && FD_ISSET(c.fd, &in)) {
        c.rd_pending = true;
        c.sd.async_wait(asio::posix::stream_descriptor::wait_read,
                        [this, t](const boost::system::error_code& ec) {
                            if (!LinkConnection::ok(t)) return;
                            conn->rd_pending = false;
                            if (!ec) lib_pump();
                        });
    }
    if (!c.wr_pending && FD_ISSET(c.fd, &out)) {
        c.wr_pending = true;
        c.sd.async_wait(asio::posix::stream_descriptor::wait_write,
                        [this, t](const boost::system::error_code& ec) {
                            if (!LinkConnection::ok(t)) return;
                            conn->wr_pending = false;
                            if (!ec) lib_pump();
                        });
    }
}

void Network::Impl::to_lib(const std::string& line) {
    LinkConnection& c = *conn;
    c.lib_out.push_back(line + "\r\n");
    if (c.lib_accepted && !c.lib_writing) lib_write_next();
}

void Network::Impl::lib_write_next() {
    LinkConnection& c = *conn;
    c.lib_writing = true;
    // Every line waiting goes in one write: a server's read of many lines costs one
    // send(2) to libircclient, not one a line.
    c.lib_sending.clear();
    for (const auto& l : c.lib_out) c.lib_sending += l;
    c.lib_out.clear();
    auto t = c.token();
    asio::async_write(c.lib_sock, asio::buffer(c.lib_sending),
                      [this, t](const boost::system::error_code& ec, std::size_t) {
                          if (!LinkConnection::ok(t)) return;
                          conn->lib_writing = false;
                          if (ec) {
                              drop("libircclient loopback: " + ec.message());
                              return;
                          }
                          if (!conn->lib_out.empty()) lib_write_next();
                      });
}

void Network::Impl::lib_read() {
    LinkConnection& c = *conn;
    auto t = c.token();
    c.lib_sock.async_read_some(
        asio::buffer(c.lib_buf), [this, t](const boost::system::error_code& ec, std::size_t n) {
            if (!LinkConnection::ok(t)) return;
            if (ec) {
                drop("libircclient loopback: " + ec.message());
                return;
            }
            std::vector<std::string> lines;
            conn->lib_splitter.feed(std::string_view(conn->lib_buf.data(), n), lines);
            for (const auto& l : lines) {
                if (!LinkConnection::ok(t)) return;
                on_lib_line(l);
            }
            if (LinkConnection::ok(t)) lib_read();
        });
}

void Network::Impl::on_lib_line(const std::string& line) {
    // libircclient's own output: its PASS/NICK/USER on connect (the link registers by
    // itself, so these are dropped) and its PONGs, which go to the server at once.
    if (line.rfind("PONG ", 0) == 0)
        send_now(line);
    else
        log::debug("network {}: libircclient line not forwarded: {}", net.name, line);
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
    if (n.registered) n.enqueue(channel, "JOIN " + channel);
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
    const std::string why = irc::sanitise(reason);
    n.enqueue(channel, why.empty() ? "PART " + channel : "PART " + channel + " :" + why);
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
    n.enqueue(target, clean);
}

void Network::reconfigure(const config::BotConfig& bot, const config::NetworkConfig& net) {
    Impl& n = *impl_;
    const config::NetworkConfig old = n.net;
    const std::string old_main = n.main_nick();
    n.bot = bot;
    n.net = net;
    n.bucket.reconfigure(net.flood_burst, net.flood_rate);
    const bool relink = old.host != net.host || old.port != net.port || old.tls != net.tls ||
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
    if (n.registered && !n.same(old_main, n.main_nick()) && !n.same(n.nick_, n.main_nick()))
        n.send_now("NICK " + n.main_nick());
    if (relink && !n.stopped) {
        std::weak_ptr<bool> me = n.alive;
        asio::post(n.io, [&n, me] {
            if (auto p = me.lock(); !p || !*p || n.stopped) return;
            log::info("network {}: server settings changed: reconnecting", n.net.name);
            if (n.conn) {
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
