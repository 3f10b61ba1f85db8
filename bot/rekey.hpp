// The keys persons had under the old rule, moved to today's (issue 32): a person without an
// account was "h:<first nick>!<user@host>" (plus "#2"... when taken), which split one human
// into as many persons as nicks they came back under. Today a person is "a:<account>",
// "h:<user@host>", or, on a host the operator lists as shared (a gateway), a guest told apart
// by nick, "g:<nick>!<user@host>". The daemon runs storage::Database::rekey_persons with
// these at every start, before the people are loaded (docs/STORAGE.md).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <map>
#include <string>

#include "storage/storage.hpp"

namespace croupier::bot {

// Whether "user@host" (host in lower case) is a shared host whose people are told apart by
// nick ([identity] guest_hosts).
using GuestHost = std::function<bool(const std::string& userhost)>;

// The key a person remembered as `row` has under today's rule:
// - "a:..." (an account) and any key this does not know ("l:..." legacy seats): unchanged;
// - "h:nick!user@host[#n]" (the old rule) or "g:nick!user@host[#n]": a guest ->
//   "g:nick!user@host[#n]" (the nick first seen, as the old key has it), else "h:user@host";
// - "h:user@host" whose host has since become a guest host -> "g:<nick_key>!user@host".
// The user@host is the row's (the key's when the row has none), its host in lower case.
std::string rekeyed(const storage::PersonRow& row, const GuestHost& is_guest_host);

// A game's setup (GameSetup::serialise) with the seats' person keys moved; a text that does
// not parse, or names nobody who moved, comes back unchanged.
std::string rekeyed_setup(const std::string& text, const std::map<std::string, std::string>& moved);
// A waiting table's data (bot/tables/lobby.cpp) with the seats' person keys moved; anything
// else in it is left as it is.
std::string rekeyed_lobby(const std::string& text, const std::map<std::string, std::string>& moved);

// The three together, for storage::Database::rekey_persons.
storage::Rekey person_rekey(GuestHost is_guest_host);

}  // namespace croupier::bot
