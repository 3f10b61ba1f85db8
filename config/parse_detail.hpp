// Private to config/: what the files reading croupier.ini share. The reason a value does
// not fit (BadValue) and the value readers (values.cpp); the key tables of the built-in
// sections (keys.cpp). Used by the reader (config.cpp) and the games' sections
// (game_sections.cpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "config/config.hpp"

namespace croupier::config::detail {

// A value that does not fit its key; the caller adds file, line and key.
struct BadValue {
    std::string why;
};

// values.cpp
std::string lower(std::string s);
std::string trim(const std::string& s);
bool parse_bool(const std::string& v);
long long parse_int(const std::string& v, long long lo, long long hi);
double parse_real(const std::string& v, double lo, double hi);
std::string format_duration(Seconds s);
Seconds parse_dur(const std::string& v, Seconds lo, Seconds hi);

// keys.cpp: each key of a built-in section, with its check and where its value goes.
struct Target {
    Config* config;
    NetworkConfig* network;  // only for [network NAME]
};

using Setter = std::function<void(Target&, const std::string&)>;
using KeyTable = std::vector<std::pair<std::string, Setter>>;

const KeyTable& bot_keys();
const KeyTable& network_keys();
const KeyTable& limits_keys();
const KeyTable& identity_keys();
const KeyTable& events_keys();
const KeyTable& web_keys();
// Keys that were renamed: still read, with a notice. The new name, or "" for any other key.
std::string renamed_key(const std::string& section_kind, const std::string& key);
// An admin mask whose user and host match anyone: it trusts the nick alone, which anyone
// can take while the admin is away.
bool trusts_nick_alone(const std::string& mask);
std::vector<std::string> names_of(const KeyTable& t);

}  // namespace croupier::config::detail
