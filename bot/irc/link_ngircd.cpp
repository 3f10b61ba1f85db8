// SPDX-License-Identifier: GPL-3.0-or-later
// The ngircd server link (docs/LINK.md, "Linking as a service"): RFC 2813 as ngircd 26
// speaks it (its "IRC+" PASS, SERVER, NICK with seven parameters, NJOIN, METADATA). The
// handshake, checked against ngircd 26.1 (shared/TOOLCHAIN.md):
//
//   >> PASS <send_password> 0210-IRC+ croupier|<version>:CM
//   >> SERVER <server_name> 1 :<description>
//   << :<peer> PASS <receive_password> 0210-IRC+ ngIRCd|26.1:CHLMSXZ PZ
//   << :<peer> SERVER <peer> 1 :<info>
//   << the peer's burst: SERVER, NICK, NJOIN, CHANINFO, METADATA lines
//   << :<peer> PING :<peer>            (its burst is over)
//   >> :<server_name> PONG <server_name> :<peer>
//   >> :<server_name> NICK <bot> 1 <user> <server_name> 1 +B :<realname>
//   >> :<server_name> NJOIN <channel> :@<bot>         (each channel)
//
// ngircd ignores the introduction before the PONG. Users are kept under an id of the link's
// own ("n1", "n2"...), found by nick.
#include <cctype>
#include <map>
#include <string>
#include <string_view>

#include "bot/irc/network_impl.hpp"
#include "bot/irc/server_link.hpp"
#include "bot/log.hpp"

#ifndef CROUPIER_VERSION
#define CROUPIER_VERSION "unknown"
#endif

namespace croupier::bot {

using detail::upper;

namespace {

class NgircdLink final : public ServerLink {
  public:
    explicit NgircdLink(Network::Impl& net) : ServerLink(net) {
        // ngircd compares nicks and channels in ASCII (its 005 says CASEMAPPING=ascii).
        n.casemapping = irc::CaseMapping::Ascii;
    }

    void connected() override {
        std::string version = CROUPIER_VERSION;
        for (char& c : version)
            if (c == ' ' || c == ':' || c == '|') c = '-';
        send("PASS " + n.net.send_password + " 0210-IRC+ croupier|" + version + ":CM");
        send("SERVER " + me() + " 1 :" + irc::sanitise(n.net.server_description));
    }

    void line(const irc::Message& m) override {
        const std::string cmd = upper(m.command);
        const auto& p = m.params;
        if (cmd == "PASS") {
            if (p.empty() || p[0] != n.net.receive_password) {
                log::error(
                    "network {}: link: the server {} sent the wrong password (it must "
                    "be receive_password); closing the link",
                    n.net.name, irc::sanitise(m.prefix.empty() ? n.net.host : m.prefix));
                send("ERROR :Bad password");
                n.drop("the server sent the wrong password");
                return;
            }
            pass_ok_ = true;
        } else if (!pass_ok_) {
            if (cmd == "ERROR")
                log::error("network {}: link refused by the server: {}", n.net.name,
                           p.empty() ? std::string() : irc::sanitise(p.back()));
            else
                log::warn("network {}: link: {} before the server's PASS: skipped", n.net.name,
                          irc::sanitise(cmd));
        } else if (cmd == "SERVER") {
            on_server(m);
        } else if (cmd == "PING") {
            const std::string to = p.empty() ? peer_ : p.back();
            send(":" + me() + " PONG " + me() + " :" + to);
            if (!bursted_) introduce();
        } else if (cmd == "PONG") {
            // keepalive answers: last_rx is enough
        } else if (cmd == "NICK") {
            on_nick(m);
        } else if (cmd == "NJOIN") {
            if (p.size() >= 2) on_njoin(p[0], p[1]);
        } else if (cmd == "JOIN") {
            if (User* u = from(m); u && !p.empty())
                each_in_list(p[0], [&](std::string_view ch) {
                    // RFC 2813: a server's JOIN may carry the member's modes after a ^G.
                    user_join(u->id, std::string(ch.substr(0, ch.find('\x07'))));
                });
        } else if (cmd == "PART") {
            if (User* u = from(m); u && !p.empty())
                each_in_list(p[0], [&](std::string_view ch) { user_part(u->id, std::string(ch)); });
        } else if (cmd == "KICK") {
            if (p.size() >= 2) {
                User* by = from(m);
                std::string victim = p[1];
                if (!is_bot(victim)) {
                    User* v = user_by_nick(victim);
                    if (!v) return;
                    victim = v->id;
                } else {
                    victim = bot_id_;
                }
                user_kick(by ? by->id : m.prefix, p[0], victim);
            }
        } else if (cmd == "QUIT") {
            if (User* u = from(m)) user_quit(u->id);
        } else if (cmd == "KILL") {
            if (p.empty()) return;
            if (is_bot(p[0])) {
                bot_lost(p.size() >= 2 ? irc::sanitise(p.back()) : "killed by " + m.prefix);
                come_back([this] { introduce(); });
            } else if (User* u = user_by_nick(p[0])) {
                user_quit(u->id);
            }
        } else if (cmd == "SQUIT") {
            if (p.empty()) return;
            if (n.same(p[0], me())) {
                n.drop("the server unlinked us (SQUIT" +
                       (p.size() >= 2 ? ": " + irc::sanitise(p.back()) : std::string()) + ")");
                return;
            }
            server_split(n.fold(p[0]));
        } else if (cmd == "PRIVMSG" || cmd == "NOTICE") {
            // A server's notice, or a nick the link does not know, is for no one.
            if (User* u = from(m); u && p.size() >= 2)
                user_message(u->id, p[0], p[1], cmd == "NOTICE");
        } else if (cmd == "METADATA") {
            if (p.size() < 3) return;
            User* u = user_by_nick(p[0]);
            if (!u) return;
            const std::string key = p[1];
            if (key == "accountname")
                user_account(u->id, p[2]);
            else if (key == "cloakhost")
                user_host(u->id, p[2]);
            else if (key == "user" && !p[2].empty())
                u->user = p[2];
        } else if (cmd == "MODE") {
            if (p.size() >= 2 && n.is_channel(p[0])) channel_modes(p[0], p[1]);
        } else if (cmd == "CHANINFO") {
            if (p.size() >= 2) channel_modes(p[0], p[1]);
        } else if (cmd == "ERROR") {
            log::warn("network {}: server says: {}", n.net.name,
                      p.empty() ? std::string() : irc::sanitise(p.back()));
        } else if (cmd == "TOPIC" || cmd == "WALLOPS" || cmd == "SERVICE" || cmd == "INVITE" ||
                   cmd == "AWAY" || cmd == "SVSNICK" || cmd == "WHOIS" || cmd == "CONNECT" ||
                   cmd == "SERVLIST" || cmd == "VERSION" || cmd == "ADMIN" || cmd == "INFO" ||
                   cmd == "TIME" || cmd == "TRACE" || cmd == "STATS" || cmd == "LINKS" ||
                   std::isdigit(static_cast<unsigned char>(cmd[0]))) {
            // Nothing the games need.
        } else {
            log::debug("network {}: link: unknown command {} skipped", n.net.name,
                       irc::sanitise(cmd));
        }
    }

    std::string message_head(const char* command, const std::string& target) const override {
        return ":" + bot_nick() + " " + command + " " + target + " :";
    }
    std::string join_line(const std::string& channel) override {
        return ":" + me() + " NJOIN " + channel + " :@" + bot_nick();
    }
    std::string part_line(const std::string& channel, const std::string& reason) override {
        return ":" + bot_nick() + " PART " + channel +
               (reason.empty() ? std::string() : " :" + irc::sanitise(reason));
    }
    void quit(const std::string& reason) override {
        if (!bursted_) return;
        send(":" + bot_nick() + " QUIT :" + irc::sanitise(reason));
        send(":" + me() + " SQUIT " + me() + " :" + irc::sanitise(reason));
    }
    std::string ping_line() override { return ":" + me() + " PING " + me() + " :" + peer_; }
    std::string raw_line(const std::string& line) const override {
        return line.starts_with(':') ? line : ":" + bot_nick() + " " + line;
    }

  private:
    bool pass_ok_ = false;
    std::string peer_;                           // the server we link to
    std::map<std::string, std::string> tokens_;  // the peer's server tokens -> folded names
    std::uint64_t next_id_ = 0;

    std::string me() const { return n.net.server_name; }

    User* from(const irc::Message& m) {
        const std::string nick = m.nick();
        return nick.empty() ? nullptr : user_by_nick(nick);
    }

    void on_server(const irc::Message& m) {
        const auto& p = m.params;
        if (p.empty()) return;
        if (peer_.empty()) {
            peer_ = p[0];
            tokens_["1"] = n.fold(peer_);
            server_add(n.fold(peer_), "");
            log::info("network {}: link: the server {} accepted the link", n.net.name,
                      irc::sanitise(peer_));
            return;
        }
        // :<introducer> SERVER <name> <hops> <token> :<info>
        const std::string parent = m.prefix.empty() ? peer_ : m.prefix;
        server_add(n.fold(p[0]), n.fold(parent));
        if (p.size() >= 4) tokens_[p[2]] = n.fold(p[0]);
    }

    void on_nick(const irc::Message& m) {
        const auto& p = m.params;
        if (p.size() >= 7) {
            // NICK <nick> <hops> <user> <host> <token> <modes> :<realname>
            if (is_bot(p[0])) {
                // Someone else introduced with the bot's nick: ngircd kills both.
                log::warn("network {}: link: nick collision on {}", n.net.name, p[0]);
                return;
            }
            User u;
            u.id = "n" + std::to_string(++next_id_);
            u.nick = p[0];
            u.user = p[2];
            u.host = p[3];
            auto t = tokens_.find(p[4]);
            u.server = t != tokens_.end() ? t->second : n.fold(peer_);
            user_add(std::move(u));
        } else if (p.size() == 1 || p.size() == 2) {
            // :<old> NICK <new>
            if (User* u = from(m)) user_nick(u->id, p[0]);
        } else {
            log::warn("network {}: link: a NICK line with {} parameters skipped", n.net.name,
                      p.size());
        }
    }

    void on_njoin(const std::string& channel, std::string_view members) {
        while (!members.empty()) {
            const auto comma = members.find(',');
            std::string_view nick = members.substr(0, comma);
            members =
                comma == std::string_view::npos ? std::string_view() : members.substr(comma + 1);
            while (!nick.empty() &&
                   std::string_view("@%+~&!").find(nick.front()) != std::string_view::npos)
                nick.remove_prefix(1);
            if (nick.empty()) continue;
            if (User* u = user_by_nick(nick)) user_join(u->id, channel);
        }
    }

    // The bot, introduced (again) and put in its channels; its burst is done.
    void introduce() {
        const std::string nick = n.main_nick();
        // Someone known under the bot's nick (in the burst, before the bot was there): the
        // introduction collides with them, and ngircd kills both.
        if (User* u = user_by_nick(nick)) user_quit(u->id);
        n.nick_ = nick;
        bot_id_ = nick;
        send(":" + me() + " NICK " + nick + " 1 " + bot_user() + " " + bot_host() +
             " 1 +B :" + irc::sanitise(n.bot.realname));
        for (const auto& ch : n.channels) join(ch);
        burst_done();
    }
};

}  // namespace

std::unique_ptr<ServerLink> make_ngircd_link(Network::Impl& net) {
    return std::make_unique<NgircdLink>(net);
}

}  // namespace croupier::bot
