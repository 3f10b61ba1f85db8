// SPDX-License-Identifier: GPL-3.0-or-later
// The InspIRCd server link (docs/LINK.md, "Linking as a service"): InspIRCd 3's
// spanning-tree protocol 1205, as Debian's inspircd 3.15 speaks it. The handshake, found by
// experiment against it (croupier connects to a `type="servers"` port):
//
//   << CAPAB START 1205                                (at once, on accept)
//   >> CAPAB START 1205
//   << CAPAB MODSUPPORT / CHANMODES / USERMODES / CAPABILITIES :... CASEMAPPING=rfc1459 ...
//   << CAPAB END
//   >> CAPAB CAPABILITIES :CASEMAPPING=<the peer's>    (a different one is refused)
//   >> CAPAB END
//   >> SERVER <server_name> <send_password> 0 <sid> :<description>
//   << SERVER <peer> <password> 0 <peer sid> :<info>   (password checked: receive_password)
//   >> :<sid> BURST <unix time>
//   >> :<sid> UID <uid> <ts> <nick> <host> <host> <user> 0.0.0.0 <ts> +i :<realname>
//   << :<peer sid> BURST <ts>, SINFO, SERVER (servers behind), UID, OPERTYPE, FJOIN, METADATA
//   << :<peer sid> ENDBURST
//   >> :<sid> FJOIN <channel> <channel ts> + :o,<uid>  (each channel, its TS from the burst)
//   >> :<sid> ENDBURST
//
// Keepalive: `:<peer sid> PING <sid>` answered `:<sid> PONG <peer sid>`, and the reverse.
// Users are kept under their UID; their server is the UID's first three characters (SID).
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "bot/irc/network_impl.hpp"
#include "bot/irc/server_link.hpp"
#include "bot/log.hpp"

namespace croupier::bot {

using detail::upper;

namespace {

class InspircdLink final : public ServerLink {
  public:
    explicit InspircdLink(Network::Impl& net) : ServerLink(net) {
        // Until the peer's CAPAB says otherwise (InspIRCd's default).
        n.casemapping = irc::CaseMapping::Rfc1459;
        n.chantypes = "#";
    }

    void connected() override { send("CAPAB START 1205"); }

    void line(const irc::Message& m) override {
        const std::string cmd = upper(m.command);
        const auto& p = m.params;
        if (cmd == "ERROR") {
            log::error("network {}: link: the server says: {}", n.net.name,
                       p.empty() ? std::string() : irc::sanitise(p.back()));
            return;
        }
        if (cmd == "CAPAB") {
            on_capab(p);
            return;
        }
        if (cmd == "PING") {
            on_ping(m);
            return;
        }
        if (peer_sid_.empty()) {
            if (cmd == "SERVER")
                on_peer(p);
            else
                log::warn("network {}: link: {} before the server's SERVER: skipped", n.net.name,
                          irc::sanitise(cmd));
            return;
        }
        if (cmd == "PONG") {
            // keepalive answers: last_rx is enough
        } else if (cmd == "ENDBURST") {
            if (m.prefix.empty() || m.prefix == peer_sid_) on_peer_endburst();
        } else if (cmd == "SERVER") {
            // :<parent sid> SERVER <name> <sid> [key=value...] :<description>
            if (p.size() < 2 || m.prefix.empty()) {
                skip(m, "a SERVER line without its SID or parent");
                return;
            }
            server_add(p[1], m.prefix);
            server_names_[n.fold(p[0])] = p[1];
        } else if (cmd == "SQUIT") {
            if (p.empty()) return;
            std::string gone = p[0];
            if (auto it = server_names_.find(n.fold(gone)); it != server_names_.end())
                gone = it->second;
            if (gone == sid() || n.same(gone, me())) {
                n.drop("the server unlinked us (SQUIT" +
                       (p.size() >= 2 ? ": " + irc::sanitise(p.back()) : std::string()) + ")");
                return;
            }
            if (gone == peer_sid_) {
                n.drop("the server split itself off (SQUIT)");
                return;
            }
            server_split(gone);
        } else if (cmd == "UID") {
            on_uid(m);
        } else if (cmd == "FJOIN") {
            on_fjoin(m);
        } else if (cmd == "IJOIN") {
            // :<uid> IJOIN <channel> <membership id> [<channel ts> <modes>]
            if (p.empty() || !user(m.prefix)) {
                skip(m, "an IJOIN from an unknown user");
                return;
            }
            if (p.size() >= 3) note_ts(p[0], p[2]);
            user_join(m.prefix, p[0]);
        } else if (cmd == "PART") {
            if (p.empty() || !user(m.prefix)) return;
            each_in_list(p[0], [&](std::string_view ch) { user_part(m.prefix, std::string(ch)); });
        } else if (cmd == "KICK") {
            // :<source> KICK <channel> <uid> :<reason>
            if (p.size() < 2) return;
            // A server kicks under its SID: its name is what the logs and listener show.
            std::string by = m.prefix;
            if (!user(by))
                for (const auto& [name, server_sid] : server_names_)
                    if (server_sid == by) by = name;
            if (is_bot(p[1])) {
                user_kick(by, p[0], bot_id_);
                return;
            }
            const User* v = find(p[1]);
            if (v) user_kick(by, p[0], v->id);
        } else if (cmd == "QUIT") {
            if (user(m.prefix)) user_quit(m.prefix);
        } else if (cmd == "KILL") {
            if (p.empty()) return;
            if (is_bot(p[0])) {
                const User* by = user(m.prefix);
                bot_lost("killed by " + (by ? by->nick : m.prefix) +
                         (p.size() >= 2 ? ": " + irc::sanitise(p.back()) : std::string()));
                come_back([this] {
                    introduce();
                    for (const auto& ch : n.channels) join(ch);
                    burst_done();
                });
            } else if (const User* u = find(p[0])) {
                user_quit(u->id);
            }
        } else if (cmd == "NICK") {
            // :<uid> NICK <new nick> <ts>
            if (p.empty() || !user(m.prefix)) return;
            user_nick(m.prefix, p[0]);
        } else if (cmd == "SAVE") {
            // :<sid> SAVE <uid> <ts>: a nick collision; the user's nick becomes its UID.
            if (p.empty()) return;
            if (is_bot(p[0])) {
                bot_renamed(bot_id_);
            } else if (user(p[0])) {
                user_nick(p[0], p[0]);
            }
        } else if (cmd == "FHOST") {
            if (!p.empty() && user(m.prefix)) user_host(m.prefix, p[0]);
        } else if (cmd == "FIDENT") {
            if (User* u = user(m.prefix); u && !p.empty() && !p[0].empty()) u->user = p[0];
        } else if (cmd == "METADATA") {
            on_metadata(p);
        } else if (cmd == "FMODE") {
            // :<source> FMODE <channel> <ts> <modes> [params...]
            if (p.size() >= 3 && n.is_channel(p[0])) channel_modes(p[0], p[2]);
        } else if (cmd == "MODE") {
            if (p.size() >= 2 && n.is_channel(p[0])) channel_modes(p[0], p[1]);
        } else if (cmd == "PRIVMSG" || cmd == "NOTICE") {
            // A server's notice, or someone unknown, is for no one.
            if (p.size() >= 2 && user(m.prefix))
                user_message(m.prefix, p[0], p[1], cmd == "NOTICE");
        } else if (cmd == "BURST" || cmd == "SINFO" || cmd == "OPERTYPE" || cmd == "SNONOTICE" ||
                   cmd == "FTOPIC" || cmd == "TOPIC" || cmd == "AWAY" || cmd == "FNAME" ||
                   cmd == "ENCAP" || cmd == "ADDLINE" || cmd == "DELLINE" || cmd == "INVITE" ||
                   cmd == "OPERQUIT" || cmd == "TIME" || cmd == "VERSION" || cmd == "NUM" ||
                   cmd == "MODENOTICE" || cmd == "SVSNICK" || cmd == "SVSJOIN" ||
                   cmd == "SVSPART" || cmd == "RSQUIT" || cmd == "WALLOPS" || cmd == "LMODE") {
            // Nothing the games need.
        } else {
            log::debug("network {}: link: unknown command {} skipped", n.net.name,
                       irc::sanitise(cmd));
        }
    }

    std::string message_head(const char* command, const std::string& target) const override {
        return ":" + bot_id_ + " " + command + " " + target + " :";
    }
    std::string join_line(const std::string& channel) override {
        std::int64_t ts = n.clock.unix_now();
        if (auto it = chan_ts_.find(n.fold(channel)); it != chan_ts_.end())
            ts = it->second;
        else
            chan_ts_[n.fold(channel)] = ts;
        return ":" + sid() + " FJOIN " + channel + " " + std::to_string(ts) + " + :o," + bot_id_;
    }
    std::string part_line(const std::string& channel, const std::string& reason) override {
        chan_ts_.erase(n.fold(channel));  // the channel may empty and be made again
        return ":" + bot_id_ + " PART " + channel + " :" + irc::sanitise(reason);
    }
    // :<uid> NICK <nick> <ts>
    std::string nick_line(const std::string& nick) const override {
        return ":" + bot_id_ + " NICK " + nick + " " + std::to_string(n.clock.unix_now());
    }
    void quit(const std::string& reason) override {
        if (bot_id_.empty() || peer_sid_.empty()) return;
        send(":" + bot_id_ + " QUIT :" + irc::sanitise(reason));
        send(":" + sid() + " SQUIT " + sid() + " :" + irc::sanitise(reason));
    }
    std::string ping_line() override {
        return ":" + sid() + " PING " + (peer_sid_.empty() ? me() : peer_sid_);
    }
    std::string raw_line(const std::string& line) const override {
        if (line.starts_with(':') || bot_id_.empty()) return line;
        return ":" + bot_id_ + " " + line;
    }

  private:
    std::string peer_sid_, peer_name_;
    bool capab_sent_ = false;
    bool peer_bursted_ = false;
    bool bot_mode_ = false;  // the peer knows user mode +B (the botmode module)
    std::uint32_t next_uid_ = 0;
    std::map<std::string, std::int64_t> chan_ts_;      // folded channel -> its TS
    std::map<std::string, std::string> server_names_;  // folded server name -> SID
    std::string casemapping_name_ = "rfc1459";

    std::string me() const { return n.net.server_name; }
    std::string sid() const { return n.net.sid; }

    void skip(const irc::Message& m, const char* why) {
        log::warn("network {}: link: {} skipped ({} from {})", n.net.name, why,
                  irc::sanitise(m.command), irc::sanitise(m.prefix));
    }

    // A user by UID, or by nick when a line names one.
    const User* find(const std::string& who) {
        if (const User* u = user(who)) return u;
        return user_by_nick(who);
    }

    void note_ts(const std::string& channel, const std::string& ts_text) {
        std::int64_t ts = 0;
        try {
            ts = std::stoll(ts_text);
        } catch (...) {
            return;
        }
        if (ts <= 0) return;
        const std::string ch = n.fold(channel);
        auto it = chan_ts_.find(ch);
        // The older channel wins a merge: its TS is the one both sides keep. A channel the
        // bot is not in may have emptied and been made again since: its newest TS counts.
        if (it == chan_ts_.end() || ts < it->second || !bot_channels_.count(ch)) chan_ts_[ch] = ts;
    }

    // :<from> PING <to>: answered `:<sid> PONG <from>` when it is for us. A PING without a
    // source naming something else is not InspIRCd's (a replay's sync PING): answered as
    // RFC 1459 answers it, with the token.
    void on_ping(const irc::Message& m) {
        const auto& p = m.params;
        const std::string to = p.empty() ? std::string() : p.back();
        const bool for_us = to.empty() || to == sid() || n.same(to, me());
        if (m.prefix.empty() && !for_us) {
            send("PONG :" + to);
            return;
        }
        const std::string from = m.prefix.empty() ? peer_sid_ : m.prefix;
        if (for_us && !from.empty()) send(":" + sid() + " PONG " + from);
    }

    void on_capab(const std::vector<std::string>& p) {
        if (p.empty()) return;
        const std::string sub = upper(p[0]);
        if (sub == "START") {
            if (p.size() >= 2 && p[1] != "1205")
                log::warn("network {}: link: the server speaks protocol {} (croupier speaks 1205)",
                          n.net.name, irc::sanitise(p[1]));
        } else if (sub == "CAPABILITIES" && p.size() >= 2) {
            std::string_view caps = p[1];
            while (!caps.empty()) {
                const auto sp = caps.find(' ');
                const std::string_view item = caps.substr(0, sp);
                caps = sp == std::string_view::npos ? std::string_view() : caps.substr(sp + 1);
                if (!item.starts_with("CASEMAPPING=")) continue;
                const std::string name(item.substr(12));
                irc::CaseMapping cm;
                if ((name == "rfc1459" || name == "ascii") && irc::parse_casemapping(name, cm)) {
                    n.casemapping = cm;
                    casemapping_name_ = name;
                } else {
                    log::warn("network {}: link: casemapping {} unknown; the server will refuse",
                              n.net.name, irc::sanitise(name));
                    casemapping_name_ = name;
                }
            }
        } else if (sub == "USERMODES" && p.size() >= 2) {
            bot_mode_ = p[1].find("simple:bot=B") != std::string::npos;
        } else if (sub == "END") {
            if (capab_sent_) return;
            capab_sent_ = true;
            send("CAPAB CAPABILITIES :CASEMAPPING=" + casemapping_name_);
            send("CAPAB END");
            send("SERVER " + me() + " " + n.net.send_password + " 0 " + sid() + " :" +
                 irc::sanitise(n.net.server_description));
        }
    }

    // SERVER <name> <password> 0 <sid> :<description>
    void on_peer(const std::vector<std::string>& p) {
        if (p.size() < 4) {
            log::warn("network {}: link: a SERVER line with {} parameters skipped", n.net.name,
                      p.size());
            return;
        }
        if (p[1] != n.net.receive_password) {
            log::error(
                "network {}: link: the server {} sent the wrong password (it must be "
                "receive_password); closing the link",
                n.net.name, irc::sanitise(p[0]));
            send("ERROR :Bad password");
            n.drop("the server sent the wrong password");
            return;
        }
        peer_name_ = p[0];
        peer_sid_ = p[3];
        server_add(peer_sid_, "");
        server_names_[n.fold(peer_name_)] = peer_sid_;
        log::info("network {}: link: the server {} ({}) accepted the link", n.net.name,
                  irc::sanitise(peer_name_), irc::sanitise(peer_sid_));
        send(":" + sid() + " BURST " + std::to_string(n.clock.unix_now()));
        introduce();
    }

    void on_peer_endburst() {
        if (peer_bursted_) return;
        peer_bursted_ = true;
        for (const auto& ch : n.channels) join(ch);
        send(":" + sid() + " ENDBURST");
        burst_done();
    }

    // :<sid> UID <uid> <nick ts> <nick> <real host> <displayed host> <ident> <ip> <signon>
    //      <modes> [mode params...] :<realname>
    void on_uid(const irc::Message& m) {
        const auto& p = m.params;
        if (p.size() < 10 || p[0].size() < 4) {
            skip(m, "a malformed UID line");
            return;
        }
        // A user with the bot's nick is a collision the network resolves (a SAVE follows for
        // the newer, or both); one with the bot's UID is the server's mistake.
        if (!bot_id_.empty() && p[0] == bot_id_) {
            log::warn("network {}: link: a user {} with the bot's UID skipped", n.net.name,
                      irc::sanitise(p[2]));
            return;
        }
        User u;
        u.id = p[0];
        u.nick = p[2];
        u.host = p[4];
        u.user = p[5];
        u.server = p[0].substr(0, 3);
        user_add(std::move(u));
    }

    // :<sid> FJOIN <channel> <ts> <modes> [mode params...] :[<modes>,<uid>[:<membid>]] ...
    void on_fjoin(const irc::Message& m) {
        const auto& p = m.params;
        if (p.size() < 4 || !n.is_channel(p[0])) {
            skip(m, "a malformed FJOIN line");
            return;
        }
        note_ts(p[0], p[1]);
        channel_modes(p[0], p[2]);
        std::string_view members = p.back();
        while (!members.empty()) {
            const auto sp = members.find(' ');
            std::string_view item = members.substr(0, sp);
            members = sp == std::string_view::npos ? std::string_view() : members.substr(sp + 1);
            const auto comma = item.find(',');
            if (comma == std::string_view::npos) continue;
            item.remove_prefix(comma + 1);
            const std::string id(item.substr(0, item.find(':')));
            if (user(id)) user_join(id, p[0]);
        }
    }

    // METADATA <uid> <key> :<value> (an empty value removes it); channels and the network
    // have metadata too, none the games need.
    void on_metadata(const std::vector<std::string>& p) {
        if (p.size() < 2) return;
        User* u = user(p[0]);
        if (!u) return;
        const std::string value = p.size() >= 3 ? p[2] : std::string();
        if (p[1] == "accountname") user_account(u->id, value);
    }

    std::string next_uid() {
        std::uint32_t v = next_uid_++;
        std::string tail(6, 'A');
        for (int i = 5; i >= 0 && v; --i) {
            tail[static_cast<std::size_t>(i)] = static_cast<char>('A' + v % 26);
            v /= 26;
        }
        return sid() + tail;
    }

    // The bot introduced (again) under a new UID; the channels follow.
    void introduce() {
        const std::string nick = n.main_nick();
        n.nick_ = nick;
        bot_id_ = next_uid();
        const std::string ts = std::to_string(n.clock.unix_now());
        send(":" + sid() + " UID " + bot_id_ + " " + ts + " " + nick + " " + bot_host() + " " +
             bot_host() + " " + bot_user() + " 0.0.0.0 " + ts + (bot_mode_ ? " +iB" : " +i") +
             " :" + irc::sanitise(n.bot.realname));
    }
};

}  // namespace

std::unique_ptr<ServerLink> make_inspircd_link(Network::Impl& net) {
    return std::make_unique<InspircdLink>(net);
}

}  // namespace croupier::bot
