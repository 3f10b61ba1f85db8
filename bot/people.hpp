// Who a player is: a person, not a nick. The services account where the network vouches for
// it (account-tag, extended-join, account-notify), otherwise user@host: the nick is only what
// they are called now. Seats, games, scores, ratings, preferences and saved data hang on the
// person's key, so a new nick, an away nick or a return under any nick changes none of it;
// someone who later takes the nick from another address is a stranger to all of them.
//
// A guest host (config [identity] guest_hosts: a web gateway, a bridge, a shared shell) puts
// many people on one user@host, so there the nick tells them apart: the person is the nick
// they were first seen with on that user@host, followed through nick changes, and a guest
// (unrated, nothing saved: docs/PLAYING.md).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace croupier::bot {

struct Person {
    // "a:<folded account>", "h:<user@host>", or for a guest "g:<folded nick>!<user@host>"[#n]
    std::string key;
    std::string nick;      // the nick last seen, as shown
    std::string nick_key;  // folded
    std::string account;   // "" when the network has not vouched for one
    std::string userhost;  // "user@host" (lower-case host)
    std::int64_t seen = 0;
    bool guest() const { return key.starts_with("g:"); }
};

// One network's people. Not thread-safe; lives on the event loop.
class People {
  public:
    People() = default;
    People(const People&) = delete;  // online_ points into known_
    People& operator=(const People&) = delete;
    // Called whenever a person is first seen or changes nick, so a restart loses nothing.
    std::function<void(const Person&)> on_change;
    // Whether a user@host (host lower-cased) is a guest host ([identity] guest_hosts);
    // unset: none is.
    std::function<bool(const std::string& userhost)> guest_host;

    // The people remembered from earlier runs (the database).
    void load(const std::vector<Person>& known);

    // The person behind a message or a JOIN: `nick_key` folded, `account` as the server
    // gave it on that message ("" if none) and `account_key` its folded form.
    const Person& resolve(const std::string& nick, const std::string& nick_key,
                          const std::string& user, const std::string& host,
                          const std::string& account, const std::string& account_key,
                          std::int64_t now);

    // Who holds `nick_key` now, as far as the bot has seen (nullptr: nobody it knows). One
    // person may be online under several nicks (a second client, a ghost not yet gone).
    const Person* online(const std::string& nick_key) const;
    const Person* known(const std::string& key) const;
    // The people who last went by this nick, online or not, most recent first.
    std::vector<const Person*> by_nick(const std::string& nick_key) const;

    // A nick change: the person keeps their key.
    void renamed(const std::string& old_key, const std::string& nick, const std::string& nick_key,
                 std::int64_t now);
    // The nick is gone from the network (QUIT): a later holder of it is resolved afresh.
    void gone(const std::string& nick_key);
    // Another nick the same person is online under now ("" if none).
    std::string other_nick(const std::string& person_key, const std::string& nick_key) const;

  private:
    void changed(const Person& p);
    void set_nick_key(Person& p, const std::string& nick_key);  // keeps by_nick_ right
    std::unordered_map<std::string, Person> known_;             // by key
    // folded nick -> the person (known_ never drops one, so the pointer stays good)
    std::unordered_map<std::string, Person*> online_;
    // Folded nick -> the keys of everyone who last went by it: a new face is resolved
    // without going through everyone ever seen.
    std::unordered_map<std::string, std::set<std::string>> by_nick_;
};

// Whether a person's games are rated ([identity] rated_needs_account) or their data is kept
// (saved_needs_account): always for an account, never for a guest, for anyone else unless
// the setting asks for an account.
inline bool kept_for(const std::string& key, bool needs_account) {
    if (key.starts_with("a:")) return true;
    if (key.starts_with("g:")) return false;
    return !needs_account;
}

// Why a person's games are not rated or their data not kept, for a reply that starts with
// `what` ("Nothing is saved for you"): a guest host, or no services account.
// `which`: what an account brings ("keep decks, parties and experience").
std::string guest_words(const std::string& key, const std::string& what, const std::string& which);

// Whether `userhost` ("user@host", host lower-cased) matches one of [identity] guest_hosts
// (lower-cased masks, bot/strings.hpp glob).
bool on_guest_host(const std::vector<std::string>& masks, const std::string& userhost);

// "h:a@example.org" for user "a", host "Example.ORG"; "a:alice" for account "Alice"; a guest
// (guest host, no account) "g:alice!a@example.org" for nick "alice" (before any "#n").
std::string person_key(const std::string& nick_key, const std::string& user,
                       const std::string& host, const std::string& account_key, bool guest);

}  // namespace croupier::bot
