// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/people.hpp"

#include <algorithm>
#include <cctype>

#include "bot/strings.hpp"

namespace croupier::bot {

std::string person_key(const std::string& nick_key, const std::string& user,
                       const std::string& host, const std::string& account_key, bool guest) {
    if (!account_key.empty()) return "a:" + account_key;
    std::string h = host;
    for (char& c : h) c = ascii_lower(c);
    if (guest) return "g:" + nick_key + "!" + user + "@" + h;
    return "h:" + user + "@" + h;
}

bool on_guest_host(const std::vector<std::string>& masks, const std::string& userhost) {
    if (masks.empty()) return false;
    const std::string folded = lower(userhost);
    return std::any_of(masks.begin(), masks.end(),
                       [&](const std::string& m) { return glob(m, folded); });
}

std::string guest_words(const std::string& key, const std::string& what, const std::string& which) {
    if (key.starts_with("g:"))
        return what +
               " as a guest: many people share your host (a web gateway or a shared machine), so "
               "only your nick tells you apart. Identify to the network's services (NickServ) "
               "and your games and saved data are kept under your account.";
    return what + ": here only people identified to the network's services (NickServ) " + which +
           ". Identify, then try again.";
}

void People::load(const std::vector<Person>& known) {
    for (const auto& p : known) {
        known_[p.key] = p;
        by_nick_[p.nick_key].insert(p.key);
    }
}

void People::changed(const Person& p) {
    if (on_change) on_change(p);
}

const Person* People::online(const std::string& nick_key) const {
    auto it = online_.find(nick_key);
    return it == online_.end() ? nullptr : it->second;
}

const Person* People::known(const std::string& key) const {
    auto it = known_.find(key);
    return it == known_.end() ? nullptr : &it->second;
}

std::vector<const Person*> People::by_nick(const std::string& nick_key) const {
    std::vector<const Person*> out;
    if (const Person* p = online(nick_key)) out.push_back(p);
    std::vector<const Person*> rest;
    if (auto it = by_nick_.find(nick_key); it != by_nick_.end())
        for (const auto& k : it->second)
            if (const Person* p = known(k); p && (out.empty() || out.front() != p))
                rest.push_back(p);
    std::sort(rest.begin(), rest.end(),
              [](const Person* a, const Person* b) { return a->seen > b->seen; });
    out.insert(out.end(), rest.begin(), rest.end());
    return out;
}

void People::set_nick_key(Person& p, const std::string& nick_key) {
    if (p.nick_key == nick_key) return;  // indexed already (load() or an earlier change)
    if (auto it = by_nick_.find(p.nick_key); it != by_nick_.end()) {
        it->second.erase(p.key);
        if (it->second.empty()) by_nick_.erase(it);
    }
    p.nick_key = nick_key;
    by_nick_[nick_key].insert(p.key);
}

const Person& People::resolve(const std::string& nick, const std::string& nick_key,
                              const std::string& user, const std::string& host,
                              const std::string& account, const std::string& account_key,
                              std::int64_t now) {
    std::string userhost;  // "user@host", the host in lower case
    userhost.reserve(user.size() + 1 + host.size());
    userhost += user;
    userhost += '@';
    for (const char c : host) userhost += ascii_lower(c);
    // Most lines come from someone already online under this nick from this address, with
    // nothing changed: one lookup.
    if (account_key.empty() && account.empty())
        if (auto it = online_.find(nick_key); it != online_.end()) {
            const Person* p = it->second;
            if (p->account.empty() && p->userhost == userhost && p->nick == nick &&
                p->nick_key == nick_key)
                return *p;
        }
    std::string key;
    if (!account_key.empty()) {
        // The server vouches for this very message: the account is the person.
        key = "a:" + account_key;
    } else if (const Person* p = online(nick_key);
               p && p->account.empty() && p->userhost == userhost) {
        key = p->key;  // online under this nick from this address (a guest who renamed)
    } else if (!guest_host || !guest_host(userhost)) {
        key = "h:" + userhost;  // the address is the person, whatever the nick
    } else {
        // A guest host: someone who last went by this nick from this address, not online
        // under another.
        for (const Person* q : by_nick(nick_key)) {
            if (!q->guest() || q->userhost != userhost) continue;
            const Person* holder = online(q->nick_key);
            if (holder && holder != q) continue;
            key = q->key;
            break;
        }
        if (key.empty()) {
            // A new guest. The first nick names them; if that name is taken by someone who
            // went on under another nick, this is someone else.
            const std::string base = "g:" + nick_key + "!" + userhost;
            key = base;
            for (int n = 2; known_.count(key); ++n) key = base + "#" + std::to_string(n);
        }
    }
    Person& p = known_[key];
    const bool fresh = p.key.empty();
    const bool moved =
        p.nick != nick || p.nick_key != nick_key || (account_key.empty() && p.userhost != userhost);
    if (fresh) {
        p.key = key;
        p.account = account;
    }
    if (!account.empty()) p.account = account;
    p.nick = nick;
    set_nick_key(p, nick_key);
    if (account_key.empty() || p.userhost.empty()) p.userhost = userhost;
    // The nick's earlier holder (if any) is no longer behind it.
    online_[nick_key] = &p;
    // Seen-times are kept coarsely: a write only when something that identifies changed.
    if (fresh || moved) {
        p.seen = now;
        changed(p);
    }
    return p;
}

void People::renamed(const std::string& old_key, const std::string& nick,
                     const std::string& nick_key, std::int64_t now) {
    auto it = online_.find(old_key);
    if (it == online_.end()) return;
    Person& p = *it->second;
    online_.erase(it);
    online_[nick_key] = &p;
    p.nick = nick;
    set_nick_key(p, nick_key);
    p.seen = now;
    changed(p);
}

void People::gone(const std::string& nick_key) {
    online_.erase(nick_key);
}

std::string People::other_nick(const std::string& person_key, const std::string& nick_key) const {
    for (const auto& [k, p] : online_)
        if (k != nick_key && p->key == person_key) return p->nick_key == k ? p->nick : k;
    return "";
}

}  // namespace croupier::bot
