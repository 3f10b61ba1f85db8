// SPDX-License-Identifier: GPL-3.0-or-later
// The link's side of the server's lines (docs/LINK.md): registration (its timeout, nick
// collisions, regaining the main nick), CAP and SASL, keepalive, the numerics the bot
// follows (ISUPPORT, channel modes, refused joins), accounts, and who is in each channel;
// then the line goes on to libircclient.
#include "bot/irc/network.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "bot/irc/network_impl.hpp"
#include "bot/log.hpp"

namespace croupier::bot {

using detail::kRegainEvery;
using detail::upper;
using namespace std::chrono_literals;

namespace {

constexpr Duration kKeepaliveIdle = 120s;
constexpr Duration kKeepaliveReply = 60s;
constexpr Duration kStableAfter = 10min;
constexpr Duration kRegisterTimeout = 60s;

}  // namespace

// ---------------------------------------------------------------- server side

void Network::Impl::on_link_up() {
    LinkConnection& c = *conn;
    c.link_up = true;
    c.had_link = true;
    cancel(connect_timer);
    cancel(register_timer);
    log::info("network {}: connected to {}:{}", net.name, net.host, net.port);
    c.last_rx = clock.now();
    keepalive_timer = clock.call_after(kKeepaliveIdle, [this] {
        keepalive_timer = 0;
        keepalive_check();
    });
    register_timer = clock.call_after(kRegisterTimeout, [this] {
        register_timer = 0;
        register_check();
    });
    if (c.link) {
        c.link->connected();
        return;
    }
    send_now("CAP LS 302");
    if (!net.password.empty()) send_now("PASS " + irc::sanitise(net.password));
    c.nick_attempt = 0;
    send_now("NICK " + main_nick());
    send_now("USER " + bot.username + " 0 * :" + irc::sanitise(bot.realname));
}

// Registration must not hang: a server that never finishes SASL gets CAP END (and the bot
// carries on unauthenticated); one that still does not welcome us is left.
void Network::Impl::register_check() {
    if (!conn || registered) return;
    if (conn->link) {
        drop("the server did not finish linking within " +
             std::to_string(kRegisterTimeout.count() / 1000) + " s");
        return;
    }
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
        send_now(c.link ? c.link->ping_line() : std::string("PING :croupier-keepalive"));
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
    if (!irc::parse_message(raw, m)) {
        if (c.link) log::debug("network {}: link: a line without a command skipped", net.name);
        return;
    }
    if (c.link) {
        // A server link reads its lines itself (no libircclient: a server's lines are not a
        // client's), whole up to the splitter's limit: a burst's lines may pass 512 bytes.
        c.link->line(m);
        return;
    }
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

}  // namespace croupier::bot
