// SPDX-License-Identifier: GPL-3.0-or-later
// The libircclient session above the link (docs/LINK.md): it reads the server's lines
// from a loopback socket, driven from the io_context, and its events (joins, parts,
// kicks, quits, nicks, messages, CTCP) go on to the NetworkListener.
#include "bot/irc/network.hpp"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/select.h>
#include <sys/socket.h>

#include <string>
#include <string_view>
#include <vector>

#include <libircclient.h>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/write.hpp>

#include "bot/irc/low_fd.hpp"
#include "bot/irc/network_impl.hpp"
#include "bot/log.hpp"

namespace croupier::bot {

using detail::kRegainEvery;
using detail::parse_origin;

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
    c->net.answer_ctcp(parse_origin(origin).nick, p[0]);
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
    c.acceptor.async_accept(c.lib_sock, [this, t, port](const boost::system::error_code& aec) {
        if (!LinkConnection::ok(t)) return;
        if (aec) {
            drop("libircclient loopback: " + aec.message());
            return;
        }
        LinkConnection& lc = *conn;
        lc.lib_accepted = true;
        boost::system::error_code ignored;
        lc.acceptor.close(ignored);
        // libircclient's socket, found by its ports: select() takes it only below FD_SETSIZE.
        lc.fd = low_fd::find_socket(lc.lib_sock.remote_endpoint(ignored).port(), port);
        if (lc.fd < 0) {
            drop("libircclient's socket is not below descriptor " + std::to_string(FD_SETSIZE) +
                 ", which its select() needs: too many descriptors open (docs/RELIABILITY.md, "
                 "\"Descriptors\")");
            return;
        }
        // Small lines both ways: without NODELAY, Nagle and delayed ACKs add ~40 ms a trip.
        lc.lib_sock.set_option(tcp::no_delay(true), ignored);
        const int one = 1;
        ::setsockopt(lc.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        lc.sd.assign(lc.fd);
        lib_arm();
        if (!LinkConnection::ok(t)) return;
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
    // A low descriptor let go for the socket irc_connect makes (bot/irc/low_fd.hpp); its
    // select() is not called before the loopback has accepted and the socket is found.
    c.lent_fd = low_fd::lend();
    if (irc_connect(c.session, "127.0.0.1", port, nullptr, nick.c_str(), bot.username.c_str(),
                    bot.realname.c_str()) != 0) {
        const std::string why = irc_strerror(irc_errno(c.session));
        drop("libircclient cannot connect to its loopback: " + why);
        return;
    }
}

void Network::Impl::lib_pump() {
    if (!conn || !conn->session || conn->fd < 0) return;  // before its socket is found
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
    if (c.fd < 0) return;
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

}  // namespace croupier::bot
