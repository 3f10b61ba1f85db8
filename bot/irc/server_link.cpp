// SPDX-License-Identifier: GPL-3.0-or-later
// What the server links share (docs/LINK.md, "Linking as a service"): the network's users
// and servers, and the NetworkListener's events made from what they do.
#include "bot/irc/server_link.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "bot/irc/network_impl.hpp"
#include "bot/log.hpp"

namespace croupier::bot {

ServerLink::ServerLink(Network::Impl& net) : n(net) {}

ServerLink::~ServerLink() {
    *alive_ = false;
    if (come_back_timer_) n.clock.cancel(come_back_timer_);
}

void ServerLink::come_back(std::function<void()> introduce) {
    using namespace std::chrono_literals;
    const TimePoint now = n.clock.now();
    while (!losses_.empty() && losses_.front() + 60s < now) losses_.pop_front();
    losses_.push_back(now);
    if (losses_.size() <= 3) {
        introduce();
        return;
    }
    log::warn(
        "network {}: link: the bot was lost {} times within a minute; introducing it "
        "again in 30 s",
        n.net.name, losses_.size());
    if (come_back_timer_) n.clock.cancel(come_back_timer_);
    std::weak_ptr<bool> alive = alive_;
    come_back_timer_ = n.clock.call_after(30s, [this, alive, introduce = std::move(introduce)] {
        if (auto a = alive.lock(); !a || !*a) return;
        come_back_timer_ = 0;
        introduce();
    });
}

void ServerLink::send(const std::string& line) {
    n.send_now(line);
}

std::string ServerLink::bot_nick() const {
    return n.nick_.empty() ? n.main_nick() : n.nick_;
}
std::string ServerLink::bot_user() const {
    return n.bot.username;
}
std::string ServerLink::bot_host() const {
    return n.net.server_name;
}
bool ServerLink::is_bot(std::string_view nick_or_id) const {
    return (!bot_id_.empty() && nick_or_id == bot_id_) ||
           (!n.nick_.empty() && n.same(nick_or_id, n.nick_));
}

Source ServerLink::source_of(const User& u) const {
    Source s;
    s.nick = u.nick;
    s.user = u.user;
    s.host = u.host;
    s.account = u.account;
    // The server link's table of users is the network's own word, in order: an account
    // there vouches for every message, as an account-tag does on a client link.
    s.account_on_message = !u.account.empty();
    return s;
}

ServerLink::User* ServerLink::user(const std::string& id) {
    auto it = users_.find(id);
    return it == users_.end() ? nullptr : &it->second;
}

ServerLink::User* ServerLink::user_by_nick(std::string_view nick) {
    auto it = by_nick_.find(n.fold(nick));
    return it == by_nick_.end() ? nullptr : user(it->second);
}

void ServerLink::user_add(User u) {
    if (u.id.empty() || u.nick.empty()) {
        log::warn("network {}: link: a user without {} skipped", n.net.name,
                  u.id.empty() ? "an id" : "a nick");
        return;
    }
    if (auto* old = user(u.id)) {
        log::warn("network {}: link: user {} introduced twice; the second replaces the first",
                  n.net.name, irc::sanitise(u.id));
        by_nick_.erase(n.fold(old->nick));
        n.accounts.erase(n.fold(old->nick));
    }
    if (auto it = by_nick_.find(n.fold(u.nick)); it != by_nick_.end() && it->second != u.id) {
        // Two ids for one nick: the server would have killed one. Forget the older one.
        log::warn("network {}: link: nick {} taken over by a second user", n.net.name,
                  irc::sanitise(u.nick));
        users_.erase(it->second);
    }
    by_nick_[n.fold(u.nick)] = u.id;
    if (!u.account.empty()) n.accounts[n.fold(u.nick)] = u.account;
    users_[u.id] = std::move(u);
}

void ServerLink::user_nick(const std::string& id, const std::string& nick) {
    User* u = user(id);
    if (!u || nick.empty()) return;
    const Source before = source_of(*u);
    by_nick_.erase(n.fold(u->nick));
    n.accounts.erase(n.fold(u->nick));
    const std::string old_nick = u->nick;
    u->nick = nick;
    by_nick_[n.fold(nick)] = id;
    if (!u->account.empty()) n.accounts[n.fold(nick)] = u->account;
    for (auto& [ch, set] : n.members)
        if (set.erase(n.fold(old_nick))) set.insert(n.fold(nick));
    if (bursted_) n.listener.on_nick(n.self, before, nick);
    if (n.same(old_nick, n.main_nick())) regain_nick();
}

void ServerLink::user_account(const std::string& id, const std::string& account) {
    User* u = user(id);
    if (!u) return;
    u->account = account == "*" ? std::string() : account;
    if (u->account.empty())
        n.accounts.erase(n.fold(u->nick));
    else
        n.accounts[n.fold(u->nick)] = u->account;
}

void ServerLink::user_host(const std::string& id, const std::string& host) {
    if (User* u = user(id); u && !host.empty()) u->host = host;
}

void ServerLink::user_quit(const std::string& id) {
    auto it = users_.find(id);
    if (it == users_.end()) return;
    const Source who = source_of(it->second);
    const std::string folded = n.fold(it->second.nick);
    by_nick_.erase(folded);
    n.accounts.erase(folded);
    for (auto& [ch, set] : n.members) set.erase(folded);
    for (auto& [ch, set] : chans_) set.erase(id);
    users_.erase(it);
    if (bursted_) n.listener.on_quit(n.self, who);
    if (folded == n.fold(n.main_nick())) regain_nick();
}

void ServerLink::user_join(const std::string& id, const std::string& channel) {
    User* u = user(id);
    if (!u || !n.one_channel(channel)) return;
    const std::string ch = n.fold(channel);
    chans_[ch].insert(id);
    if (!bot_channels_.count(ch)) return;
    auto m = n.members.find(ch);
    if (m == n.members.end()) return;  // a channel the bot is not in
    m->second.insert(n.fold(u->nick));
    if (bursted_) n.listener.on_join(n.self, source_of(*u), channel);
}

void ServerLink::user_part(const std::string& id, const std::string& channel) {
    User* u = user(id);
    if (!u) return;
    const std::string ch = n.fold(channel);
    if (auto c = chans_.find(ch); c != chans_.end()) {
        c->second.erase(id);
        if (c->second.empty()) chans_.erase(c);
    }
    if (!bot_channels_.count(ch)) return;
    auto m = n.members.find(ch);
    if (m == n.members.end()) return;
    m->second.erase(n.fold(u->nick));
    if (bursted_) n.listener.on_part(n.self, source_of(*u), channel);
}

void ServerLink::user_kick(const std::string& by_id, const std::string& channel,
                           const std::string& id) {
    Source by;
    if (User* b = user(by_id))
        by = source_of(*b);
    else
        by.nick = by_id;  // a server
    if (is_bot(id)) {
        // Kicked: out of the channel; the rejoin waits as on a client link.
        const std::string ch = n.fold(channel);
        bot_channels_.erase(ch);
        n.members.erase(ch);
        n.names_done.erase(ch);
        n.strip_colours.erase(ch);
        n.schedule_rejoin(channel, false, "by " + by.nick);
        n.listener.on_kick(n.self, by, channel, bot_nick());
        return;
    }
    User* u = user(id);
    if (!u) return;
    const std::string victim = u->nick;
    if (auto c = chans_.find(n.fold(channel)); c != chans_.end()) c->second.erase(id);
    if (!bot_channels_.count(n.fold(channel))) return;
    if (auto m = n.members.find(n.fold(channel)); m != n.members.end())
        m->second.erase(n.fold(victim));
    if (bursted_) n.listener.on_kick(n.self, by, channel, victim);
}

void ServerLink::user_message(const std::string& id, std::string target, const std::string& text,
                              bool notice) {
    User* u = user(id);
    if (!u || text.empty()) return;
    target = target.substr(0, target.find('@'));  // nick@server
    const bool to_bot = is_bot(target);
    if (!to_bot && !n.members.count(n.fold(target))) return;  // another user, $mask, @#chan
    if (text[0] == '\x01') {
        if (!notice && to_bot) n.answer_ctcp(u->nick, text);
        return;
    }
    if (!to_bot) {
        if (auto m = n.members.find(n.fold(target)); m != n.members.end())
            m->second.insert(n.fold(u->nick));
    }
    n.listener.on_message(n.self, source_of(*u), to_bot ? bot_nick() : target, text, notice);
}

void ServerLink::server_add(const std::string& name, const std::string& parent) {
    if (name.empty()) return;
    servers_[name].parent = parent;
}

void ServerLink::server_split(const std::string& name) {
    // The server and every server behind it.
    std::set<std::string> gone{name};
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& [s, info] : servers_)
            if (!gone.count(s) && gone.count(info.parent)) {
                gone.insert(s);
                grew = true;
            }
    }
    std::vector<std::string> quits;
    for (const auto& [id, u] : users_)
        if (gone.count(u.server)) quits.push_back(id);
    log::info("network {}: link: {} split off ({} server(s), {} user(s))", n.net.name,
              irc::sanitise(name), gone.size(), quits.size());
    for (const auto& id : quits) user_quit(id);
    for (const auto& s : gone) servers_.erase(s);
}

void ServerLink::channel_modes(const std::string& channel, std::string_view modes) {
    bool add = true;
    for (char ch : modes) {
        if (ch == '+')
            add = true;
        else if (ch == '-')
            add = false;
        else if (ch == 'c')
            n.strip_colours[n.fold(channel)] = add;
    }
}

void ServerLink::bot_in(const std::string& channel) {
    const std::string ch = n.fold(channel);
    bot_channels_.insert(ch);
    auto& set = n.members[ch];
    set.clear();
    if (auto c = chans_.find(ch); c != chans_.end())
        for (const auto& id : c->second)
            if (auto u = users_.find(id); u != users_.end()) set.insert(n.fold(u->second.nick));
    set.insert(n.fold(n.nick_.empty() ? n.main_nick() : n.nick_));
    n.names_done.insert(ch);
}

void ServerLink::join(const std::string& channel) {
    if (bot_channels_.count(n.fold(channel))) return;
    send(join_line(channel));
    bot_in(channel);
    n.rejoin_waits.erase(n.fold(channel));
    if (!bursted_) return;
    Source me;
    me.nick = n.nick_;
    me.user = bot_user();
    me.host = bot_host();
    n.listener.on_join(n.self, me, channel);
}

void ServerLink::part(const std::string& channel, const std::string& reason) {
    const std::string ch = n.fold(channel);
    if (!bot_channels_.erase(ch)) return;
    send(part_line(channel, reason));
    n.members.erase(ch);
    n.names_done.erase(ch);
    n.strip_colours.erase(ch);
}

std::vector<std::string> ServerLink::joined_channels() const {
    std::vector<std::string> out;
    for (const auto& ch : n.channels)
        if (bot_channels_.count(n.fold(ch))) out.push_back(ch);
    return out;
}

void ServerLink::burst_done() {
    if (bursted_) return;
    bursted_ = true;
    n.registered = true;
    if (n.nick_.empty()) n.nick_ = n.main_nick();  // a collision in the burst renamed it
    n.my_user = bot_user();
    n.my_host = bot_host();
    n.cancel(n.register_timer);
    log::info("network {}: linked as {}; the bot is {}", n.net.name, n.net.server_name, n.nick_);
    // The bot joins its channels (the protocol sent them in its burst): the members known
    // from the peer's burst are the channel's NAMES.
    n.listener.on_registered(n.self);
    if (!n.conn) return;
    for (const auto& ch : joined_channels()) {
        bot_in(ch);
        Source me;
        me.nick = n.nick_;
        me.user = bot_user();
        me.host = bot_host();
        n.listener.on_join(n.self, me, ch);
        if (!n.conn) return;
    }
    regain_nick();
    n.pump();
}

void ServerLink::bot_nick_now(const std::string& nick) {
    Source before;
    before.nick = bot_nick();
    before.user = bot_user();
    before.host = bot_host();
    n.nick_ = nick;
    if (bursted_) n.listener.on_nick(n.self, before, nick);
}

void ServerLink::bot_renamed(const std::string& nick) {
    log::warn(
        "network {}: link: the bot's nick {} collided; the network renamed it {} until "
        "{} is free again",
        n.net.name, bot_nick(), irc::sanitise(nick), n.main_nick());
    bot_nick_now(nick);
    regain_nick();
}

void ServerLink::regain_nick() {
    const std::string wanted = n.main_nick();
    if (!bursted_ || n.nick_.empty() || n.same(n.nick_, wanted) || user_by_nick(wanted)) return;
    const std::string line = nick_line(wanted);
    if (line.empty()) return;
    send(line);
    log::info("network {}: link: the bot took its nick {} back", n.net.name, wanted);
    bot_nick_now(wanted);
}

void ServerLink::bot_lost(const std::string& why) {
    log::warn("network {}: link: the bot {} is gone from the network ({}); introducing it again",
              n.net.name, bot_nick(), irc::sanitise(why));
    for (const auto& ch : bot_channels_) {
        n.members.erase(ch);
        n.names_done.erase(ch);
    }
    bot_channels_.clear();
    bursted_ = false;
    n.registered = false;
    n.cancel(n.pump_timer);
    n.listener.on_disconnected(n.self);
}

}  // namespace croupier::bot
