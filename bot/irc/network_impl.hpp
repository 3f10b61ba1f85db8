// Private to bot/irc/network*.cpp: one connection attempt (LinkConnection) and the state and
// steps of a network (Network::Impl), with the helpers more than one of those files uses.
// The steps are defined in network.cpp (lifecycle, and Network itself), network_server.cpp
// (the server's lines), network_send.cpp (the send queue) and network_lib.cpp (the
// libircclient session). See docs/LINK.md.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <libircclient.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>

#include "bot/clock.hpp"
#include "bot/irc/network.hpp"
#include "bot/irc/send_queue.hpp"
#include "bot/irc/server_link.hpp"
#include "bot/irc/text.hpp"
#include "bot/irc/transport.hpp"

namespace croupier::bot {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace detail {

using namespace std::chrono_literals;

constexpr Duration kRegainEvery = 60s;

inline std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

inline Source parse_origin(const char* origin) {
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

constexpr std::size_t kMaxChannelName = 50;  // as config/keys.cpp's check_channels

inline bool valid_target(const std::string& t) {
    return !t.empty() && t.find_first_of(std::string_view(" \r\n\0,", 5)) == std::string::npos;
}

}  // namespace detail

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
    // A server link's protocol (link = ngircd or inspircd); null on a client link, which
    // registers as a client and hands the lines to libircclient.
    std::unique_ptr<ServerLink> link;

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
    bool lent_fd = false;  // a held low descriptor was let go for libircclient's socket
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
          pacer(make_pacer(net, clock.now())),
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
    // The client's one budget, or a server link's budget per recipient.
    irc::Pacer pacer;
    static irc::Pacer make_pacer(const config::NetworkConfig& n, TimePoint now) {
        if (n.server_link())
            return irc::Pacer(n.recipient_burst, n.recipient_rate, n.channel_burst, n.channel_rate,
                              now);
        return irc::Pacer(n.flood_burst, n.flood_rate, now);
    }
    // The recipient of a place ("#c\nt12" -> "#c") and whether a line to it may leave now.
    std::string_view recipient(std::string_view place) const {
        return place.substr(0, place.find('\n'));
    }
    bool may_send(std::string_view place) const {
        const std::string to(recipient(place));
        return pacer.wait_time(to, is_channel(to), clock.now()).count() == 0;
    }
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
        if (c.size() < 2 || c.size() > detail::kMaxChannelName || !is_channel(c)) return false;
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
    // The bot joins or leaves a channel: a client asks the server (through the queue), a
    // server link puts it there itself.
    void join_now(const std::string& channel);
    void part_now(const std::string& channel, const std::string& reason);
    // A CTCP request ("\x01VERSION\x01") from `nick` to the bot: VERSION and PING are
    // answered, a few at once and then one every 10 s for everyone together, one waiting per
    // nick at most; the rest (FINGER, TIME, ...) is ignored on purpose.
    void answer_ctcp(const std::string& nick, std::string_view request);
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
        Source s = detail::parse_origin(origin);
        auto it = accounts.find(fold(s.nick));
        if (it != accounts.end()) s.account = it->second;
        return s;
    }
};

}  // namespace croupier::bot
