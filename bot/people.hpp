// Who a player is: a person, not a nick. The services account where the network vouches for
// it on that very message (account-tag, extended-join, account-notify), otherwise the nick
// together with the user@host it first came with, followed through nick changes. Seats,
// games, scores, preferences and saved data hang on the person's key; someone who later
// takes the nick from another address is a stranger to all of them.
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
    std::string key;       // "a:<folded account>" or "h:<folded nick>!<user@host>"[#n]
    std::string nick;      // the nick last seen, as shown
    std::string nick_key;  // folded
    std::string account;   // "" when the network has not vouched for one
    std::string userhost;  // "user@host" (lower-case host)
    std::int64_t seen = 0;
};

// One network's people. Not thread-safe; lives on the event loop.
class People {
  public:
    People() = default;
    People(const People&) = delete;  // online_ points into known_
    People& operator=(const People&) = delete;
    // Called whenever a person is first seen or changes nick, so a restart loses nothing.
    std::function<void(const Person&)> on_change;

    // The people remembered from earlier runs (the database).
    void load(const std::vector<Person>& known);

    // The person behind a message or a JOIN: `nick_key` folded, `account` as the server
    // gave it on that message ("" if none) and `account_key` its folded form.
    const Person& resolve(const std::string& nick, const std::string& nick_key,
                          const std::string& user, const std::string& host,
                          const std::string& account, const std::string& account_key,
                          std::int64_t now);

    // Who holds `nick_key` now, as far as the bot has seen (nullptr: nobody it knows).
    const Person* online(const std::string& nick_key) const;
    const Person* known(const std::string& key) const;
    // The people who last went by this nick, online or not, most recent first.
    std::vector<const Person*> by_nick(const std::string& nick_key) const;

    // A nick change: the person keeps their key.
    void renamed(const std::string& old_key, const std::string& nick, const std::string& nick_key,
                 std::int64_t now);
    // The nick is gone from the network (QUIT): a later holder of it is resolved afresh.
    void gone(const std::string& nick_key);
    // The owner of `person_key` is back under `nick` (same account or user@host): that nick
    // now resolves to them.
    void adopt(const std::string& person_key, const std::string& nick, const std::string& nick_key,
               std::int64_t now);

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

// "h:alice!a@example.org" for "alice", "a", "Example.ORG"; "a:alice" for account "Alice".
std::string person_key(const std::string& nick_key, const std::string& user,
                       const std::string& host, const std::string& account_key);

}  // namespace croupier::bot
