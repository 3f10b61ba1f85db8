// SPDX-License-Identifier: GPL-3.0-or-later
// The games' sections of croupier.ini: a Section's typed reads and its errors, the key
// makers (duration_key, integer_key, bool_key, retired_key), a section's defaults, and the
// keys every table game shares (table_keys, duel_keys) with their checks.
#include "config/config.hpp"

#include <exception>
#include <functional>
#include <string>

#include <fmt/format.h>

#include "config/parse_detail.hpp"

namespace croupier::config {

using detail::BadValue;
using detail::format_duration;
using detail::parse_bool;
using detail::parse_dur;
using detail::parse_int;

const std::string& Section::text(const std::string& key) const {
    static const std::string none;
    auto it = values.find(key);
    return it == values.end() ? none : it->second;
}

Seconds Section::seconds(const std::string& key) const {
    return parse_duration(text(key)).value_or(Seconds{0});
}

long long Section::integer(const std::string& key) const {
    try {
        return std::stoll(text(key));
    } catch (const std::exception&) {
        return 0;
    }
}

double Section::real(const std::string& key) const {
    try {
        return std::stod(text(key));
    } catch (const std::exception&) {
        return 0;
    }
}

bool Section::boolean(const std::string& key) const {
    try {
        return parse_bool(text(key));
    } catch (const BadValue&) {
        return false;
    }
}

void Section::fail(const std::string& key, const std::string& why) const {
    std::string f = file;
    int l = line;
    if (auto it = where.find(key); it != where.end()) {
        f = it->second.first;
        l = it->second.second;
    }
    throw ConfigError(f, l, name + "." + key, fmt::format("[{}] key \"{}\": {}", name, key, why));
}

namespace {
template <typename F>
std::function<void(const std::string&)> checked(F f) {
    return [f](const std::string& v) {
        try {
            f(v);
        } catch (const BadValue& bad) {
            throw ValueError{bad.why};
        }
    };
}
}  // namespace

KeySpec duration_key(std::string key, Seconds def, Seconds lo, Seconds hi, std::string help) {
    return KeySpec{std::move(key),
                   format_duration(def),
                   checked([lo, hi](const std::string& v) { parse_dur(v, lo, hi); }),
                   std::move(help),
                   {}};
}

KeySpec integer_key(std::string key, long long def, long long lo, long long hi, std::string help) {
    return KeySpec{std::move(key),
                   std::to_string(def),
                   checked([lo, hi](const std::string& v) { parse_int(v, lo, hi); }),
                   std::move(help),
                   {}};
}

KeySpec bool_key(std::string key, bool def, std::string help) {
    return KeySpec{std::move(key),
                   def ? "yes" : "no",
                   checked([](const std::string& v) { parse_bool(v); }),
                   std::move(help),
                   {}};
}

KeySpec retired_key(std::string key, std::string reason) {
    return KeySpec{std::move(key), "", {}, "", std::move(reason)};
}

Section defaults(const SectionSpec& spec) {
    Section s;
    s.name = spec.name;
    for (const auto& k : spec.keys)
        if (k.retired.empty()) s.values[k.key] = k.default_value;  // a retired key has none
    return s;
}

std::vector<KeySpec> table_keys(const TableConfig& d) {
    using std::chrono::hours;
    return {
        duration_key("join_window", d.join_window, Seconds{5}, hours{24}),
        duration_key("turn_timeout", d.turn_timeout, Seconds{5}, hours{24}),
        duration_key("turn_warning", d.turn_warning, Seconds{0}, hours{24}),
        duration_key("grace", d.grace, Seconds{0}, hours{24 * 7}),
        integer_key("min_players", d.min_players, 2, 500),
        integer_key("max_players", d.max_players, 2, 500),
        bool_key("computer_players", d.computer_players),
    };
}

std::vector<KeySpec> duel_keys(const std::string& title, std::chrono::seconds turn_timeout) {
    TableConfig d;
    d.join_window = std::chrono::seconds(120);  // a challenge's expiry
    d.turn_timeout = turn_timeout;
    d.turn_warning = std::chrono::seconds(30);
    d.grace = std::chrono::seconds(120);
    std::vector<KeySpec> out;
    for (auto& k : table_keys(d))
        if (k.key != "min_players" && k.key != "max_players") out.push_back(k);
    out.push_back(integer_key("duels_per_channel", 0, 0, 100,
                              title + " duels one channel may hold at once (0: as many as "
                                      "[limits] tables_per_channel)"));
    return out;
}

TableConfig duel_config(const Section& s) {
    TableConfig c = table_config(s);
    c.min_players = c.max_players = 2;
    c.per_channel = static_cast<int>(s.integer("duels_per_channel"));
    return c;
}

void finish_table(Section& s) {
    const auto min = s.integer("min_players"), max = s.integer("max_players");
    if (min > max)
        s.fail(s.set("min_players") ? "min_players" : "max_players",
               fmt::format("min_players ({}) is more than max_players ({})", min, max));
    // The default warning shrinks with a short timeout; a written one must fit.
    const Seconds timeout = s.seconds("turn_timeout");
    if (!s.set("turn_warning") && s.seconds("turn_warning") >= timeout)
        s.values["turn_warning"] = format_duration(timeout / 3);
    const Seconds warning = s.seconds("turn_warning");
    if (warning.count() != 0 && warning >= timeout)
        s.fail(s.set("turn_warning") ? "turn_warning" : "turn_timeout",
               fmt::format("turn_warning ({}) must be shorter than turn_timeout ({})",
                           format_duration(warning), format_duration(timeout)));
}

TableConfig table_config(const Section& s) {
    TableConfig t;
    t.join_window = s.seconds("join_window");
    t.turn_timeout = s.seconds("turn_timeout");
    t.turn_warning = s.seconds("turn_warning");
    t.grace = s.seconds("grace");
    t.min_players = static_cast<int>(s.integer("min_players"));
    t.max_players = static_cast<int>(s.integer("max_players"));
    t.computer_players = s.boolean("computer_players");
    return t;
}

}  // namespace croupier::config
