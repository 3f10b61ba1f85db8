// A server link (docs/LINK.md, "Linking as a service"): croupier linked to its network as a
// server, the way services are, its bot a service pseudo-client. ServerLink is what the
// protocols share: the network's users and servers as the burst and the lines after it
// told them, the bot's introduction, and turning what the server says into the
// NetworkListener's events, so nothing above the link knows which link carries its lines.
// Each protocol (ngircd's RFC 2813 dialect, InspIRCd 3's spanning tree) is a subclass in
// files of its own; a fourth protocol is one more subclass and one more config word.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "bot/irc/network.hpp"
#include "bot/irc/text.hpp"

namespace croupier::bot {

class ServerLink {
  public:
    explicit ServerLink(Network::Impl& net);
    virtual ~ServerLink();
    ServerLink(const ServerLink&) = delete;
    ServerLink& operator=(const ServerLink&) = delete;

    // The transport is up: send the handshake.
    virtual void connected() = 0;
    // One line from the server, guarded (at most 510 bytes, tags stripped) and parsed.
    // Malformed lines and unknown commands are logged and skipped, never a crash.
    virtual void line(const irc::Message& m) = 0;

    // The bot's own lines in this protocol. `head`: what comes before the text of a PRIVMSG
    // or NOTICE ("<source> PRIVMSG <target> :").
    virtual std::string message_head(const char* command, const std::string& target) const = 0;
    // The bot joins or leaves a channel after the burst: sent at once (a server's lines
    // cost no budget), and the listener hears the bot's join as a client's echo would say it.
    void join(const std::string& channel);
    void part(const std::string& channel, const std::string& reason);
    // The bot leaves the network (croupier stops): sent at once.
    virtual void quit(const std::string& reason) = 0;
    // A keepalive PING to the server.
    virtual std::string ping_line() = 0;
    // A raw line an admin typed, with the bot's source where the protocol needs one.
    virtual std::string raw_line(const std::string& line) const = 0;

    // Whether the bot's introduction has been accepted (the burst both ways is done).
    bool bursted() const { return bursted_; }

  protected:
    virtual std::string join_line(const std::string& channel) = 0;
    virtual std::string part_line(const std::string& channel, const std::string& reason) = 0;

    // One person (or service) on the network, as the burst and the lines after it told.
    struct User {
        std::string id;  // the protocol's key: ngircd the folded nick, InspIRCd the UID
        std::string nick, user, host;  // host: as a client sees it (the displayed host)
        std::string account;           // services account, or ""
        std::string server;            // the server it is on (folded name or SID)
    };
    // A server behind the link, and the server that introduced it ("" for the peer).
    struct Server {
        std::string parent;
    };

    Network::Impl& n;

    // --- what the protocols call ---
    // Send at once, outside the queue (the handshake, the burst, PONG).
    void send(const std::string& line);
    // A user came (burst or later). A second introduction of the same id replaces the first
    // (logged: the server should not do it).
    void user_add(User u);
    User* user(const std::string& id);
    User* user_by_nick(std::string_view nick);
    void user_nick(const std::string& id, const std::string& nick);
    void user_account(const std::string& id, const std::string& account);
    void user_host(const std::string& id, const std::string& host);
    // Left the network (a QUIT, a KILL, a netsplit): the listener hears a quit.
    void user_quit(const std::string& id);
    void user_join(const std::string& id, const std::string& channel);
    void user_part(const std::string& id, const std::string& channel);
    void user_kick(const std::string& by_id, const std::string& channel, const std::string& id);
    // PRIVMSG or NOTICE from a user to `target` as the line names it: a channel the bot is
    // in, or the bot (its nick or id, or nick@server); anything else is not for the bot. CTCP
    // to the bot is answered as a client link answers it (Network::Impl::answer_ctcp).
    void user_message(const std::string& id, std::string target, const std::string& text,
                      bool notice);
    // Each item of a comma-separated list ("#a,#b").
    template <class F>
    static void each_in_list(std::string_view list, F&& f) {
        while (!list.empty()) {
            const auto comma = list.find(',');
            const std::string_view item = list.substr(0, comma);
            if (!item.empty()) f(item);
            list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
        }
    }
    void server_add(const std::string& name, const std::string& parent);
    // A server split off: every user on it and on the servers behind it quits.
    void server_split(const std::string& name);
    void channel_modes(const std::string& channel, std::string_view modes);

    // The peer's burst is over and ours is sent: the bot counts as registered, joins its
    // channels (the listener hears the joins), and the listener hears it is registered.
    void burst_done();
    // The bot was killed (KILL, a collision): nothing of it is on the network any more.
    // The protocol introduces it again at once; the listener hears it was away.
    void bot_lost(const std::string& why);
    // After bot_lost: `introduce` (the bot's introduction, its channels and burst_done) runs
    // at once, unless the bot was lost three times in the last minute (a nick enforcer, a
    // collision that keeps coming back): then 30 s later, so the link never loops.
    void come_back(std::function<void()> introduce);
    // A collision renamed the bot (InspIRCd's SAVE: its nick is its UID now). It answers to
    // the new nick, and takes its own back as soon as nobody holds it (a quit, a nick change,
    // a split), as a client link does.
    void bot_renamed(const std::string& nick);
    // The protocol's line that changes the bot's nick ("" where it has none: ngircd resolves
    // a collision with a KILL, never a rename).
    virtual std::string nick_line(const std::string&) const { return {}; }
    // The bot's nick and identity as introduced.
    std::string bot_nick() const;
    std::string bot_user() const;
    std::string bot_host() const;
    bool is_bot(std::string_view nick_or_id) const;
    Source source_of(const User& u) const;
    const std::map<std::string, User>& users() const { return users_; }
    std::vector<std::string> joined_channels() const;  // the wanted channels the bot is in

    bool bursted_ = false;
    std::string bot_id_;                  // the bot's id in this protocol (its nick or its UID)
    std::set<std::string> bot_channels_;  // folded channels the bot was put in

  private:
    void regain_nick();  // the configured nick, if the bot lost it and nobody holds it
    void bot_nick_now(const std::string& nick);
    std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
    std::deque<TimePoint> losses_;  // when the bot was lost, the last minute's
    TimerId come_back_timer_ = 0;
    std::map<std::string, User> users_;                     // by id
    std::unordered_map<std::string, std::string> by_nick_;  // folded nick -> id
    std::map<std::string, Server> servers_;
    // Every channel's members (folded channel -> ids), the bot's channels or not: the bot
    // may join one later.
    std::unordered_map<std::string, std::set<std::string>> chans_;
    void bot_in(const std::string& channel);
};

// The protocols (bot/irc/link_ngircd.cpp, bot/irc/link_inspircd.cpp).
std::unique_ptr<ServerLink> make_ngircd_link(Network::Impl& net);
std::unique_ptr<ServerLink> make_inspircd_link(Network::Impl& net);

}  // namespace croupier::bot
