// SPDX-License-Identifier: GPL-3.0-or-later
// Reading croupier.ini: inih splits the text into sections and key = value pairs; this file
// opens each section, gives each key to its table (keys.cpp) or to its game's keys
// (game_sections.cpp) and names file, line and key on error, with the likely name of a
// misspelt one. Also loading a file, checking the database's folder and the summary.
#include "config/config.hpp"

#include <ini.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <string_view>

#include <fmt/format.h>

#include "config/parse_detail.hpp"

namespace croupier::config {

using detail::BadValue;
using detail::bot_keys;
using detail::events_keys;
using detail::identity_keys;
using detail::KeyTable;
using detail::limits_keys;
using detail::lower;
using detail::names_of;
using detail::network_keys;
using detail::renamed_key;
using detail::Target;
using detail::trim;
using detail::trusts_nick_alone;
using detail::web_keys;

namespace {

std::string compose(const std::string& file, int line, const std::string& what) {
    if (line > 0) return fmt::format("{}:{}: {}", file, line, what);
    return fmt::format("{}: {}", file, what);
}

}  // namespace

ConfigError::ConfigError(std::string file_, int line_, std::string key_, const std::string& what)
    : std::runtime_error(compose(file_, line_, what)),
      file(std::move(file_)),
      line(line_),
      key(std::move(key_)) {}

// Edit distance counting a swap of two neighbours as one edit ("prot" -> "port").
std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[a.size()][b.size()];
}

namespace {

// The closest known name, if it is close enough to be a likely typo.
std::optional<std::string> suggest(const std::string& word, const std::vector<std::string>& known) {
    std::optional<std::string> best;
    std::size_t best_d = std::numeric_limits<std::size_t>::max();
    const std::string w = lower(word);
    for (const auto& k : known) {
        auto d = edit_distance(w, k);
        if (d < best_d) {
            best_d = d;
            best = k;
        }
    }
    if (!best) return std::nullopt;
    std::size_t limit = best->size() <= 3 ? 1 : best->size() <= 8 ? 2 : 3;
    if (best_d <= limit) return best;
    // A known name hidden in a longer word ("tls_verify_peer") is also a good guess.
    for (const auto& k : known)
        if (k.size() >= 4 && (w.find(k) != std::string::npos || k.find(w) != std::string::npos) &&
            w.size() >= 3)
            return k;
    return std::nullopt;
}

std::string did_you_mean(const std::optional<std::string>& s) {
    return s ? fmt::format(" (did you mean \"{}\"?)", *s) : std::string{};
}

// ---- reading ---------------------------------------------------------------------------

struct Where {
    std::string file;
    int line = 0;
};

// The keys of a server link go with link = ngircd or inspircd, and the client's with a
// client link: a key of the other kind would be silently ignored, so it stops startup.
template <class Keys, class Fail>
void check_link(const NetworkConfig& n, const Keys& keys, Fail&& fail) {
    static const char* const server_only[] = {
        "server_name",    "server_description", "send_password", "receive_password", "sid",
        "recipient_rate", "recipient_burst",    "channel_rate",  "channel_burst"};
    static const char* const client_only[] = {"password",          "sasl_user",   "sasl_password",
                                              "nickserv_password", "flood_burst", "flood_rate"};
    if (!n.server_link()) {
        for (const char* k : server_only)
            if (keys.count(k))
                fail(k, fmt::format("{} is a key of a server link: it needs link = ngircd or "
                                    "link = inspircd",
                                    k));
        return;
    }
    const char* kind = link_kind_name(n.link);
    for (const char* k : client_only)
        if (keys.count(k))
            fail(k,
                 fmt::format("{} is a key of a client link; with link = {} leave it out{}", k, kind,
                             std::string_view(k) == "password"
                                 ? " and set send_password and receive_password"
                             : std::string_view(k).starts_with("flood")
                                 ? " (a server link is paced by recipient_rate and "
                                   "channel_rate)"
                                 : " (the server link needs no services login)"));
    if (n.server_name.empty())
        fail("server_name", fmt::format("missing required key for link = {} (the name croupier "
                                        "links as, e.g. games.example.net)",
                                        kind));
    if (n.send_password.empty())
        fail("send_password",
             fmt::format("missing required key for link = {} (the password croupier sends)", kind));
    if (n.receive_password.empty())
        fail("receive_password",
             fmt::format("missing required key for link = {} (the password the server sends "
                         "back)",
                         kind));
    if (n.link == LinkKind::Inspircd && n.sid.empty())
        fail("sid",
             "missing required key for link = inspircd (three characters, a digit first, "
             "unique on the network, e.g. 42C)");
    if (n.link != LinkKind::Inspircd && keys.count("sid"))
        fail("sid", "sid is InspIRCd's server id: it needs link = inspircd");
}

struct SectionSeen {
    std::string name;  // normalised: "bot", "network libera"
    Where where;
    std::map<std::string, Where> keys;  // key -> where it was set
};

struct RawEntry {
    std::string section;
    std::string key;
    std::string value;
    int line;
};

struct RawSection {
    std::string header;  // as written between the brackets
    int line;
};

struct ReadState {
    const std::string* text = nullptr;
    std::size_t pos = 0;
    int line = 0;
    int too_long_line = 0;
    std::size_t too_long_length = 0;
    std::size_t max_length = 0;
    std::vector<RawEntry> entries;
    std::vector<RawSection> sections;
};

char* read_line(char* buf, int num, void* stream) {
    auto* st = static_cast<ReadState*>(stream);
    const std::string& text = *st->text;
    if (st->pos >= text.size() || st->too_long_line != 0) return nullptr;
    auto nl = text.find('\n', st->pos);
    std::size_t end = nl == std::string::npos ? text.size() : nl;
    std::string line = text.substr(st->pos, end - st->pos);
    st->pos = nl == std::string::npos ? text.size() : nl + 1;
    ++st->line;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // inih needs room for the line, '\n' and '\0' (and a '\r' in files that have one).
    if (num < 3 || line.size() + 3 > static_cast<std::size_t>(num)) {
        st->too_long_line = st->line;
        st->too_long_length = line.size();
        st->max_length = num < 3 ? 0 : static_cast<std::size_t>(num - 3);
        return nullptr;
    }
    if (st->line == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // UTF-8 BOM
    // Leading blanks are only indentation here (inih would take an indented line for the
    // continuation of the value above it).
    auto first = line.find_first_not_of(" \t");
    line.erase(0, first == std::string::npos ? line.size() : first);
    if (!line.empty() && line[0] == '[') {
        auto close = line.find(']');
        if (close != std::string::npos)
            st->sections.push_back({line.substr(1, close - 1), st->line});
    }
    std::memcpy(buf, line.data(), line.size());
    buf[line.size()] = '\n';
    buf[line.size() + 1] = '\0';
    return buf;
}

int on_pair(void* user, const char* section, const char* name, const char* value) {
    auto* st = static_cast<ReadState*>(user);
    std::string key = name ? name : "";
    st->entries.push_back({section ? section : "", key, value ? value : "", st->line});
    return 1;
}

std::string normalise_section(const std::string& header) {
    std::istringstream in(header);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    if (words.empty()) return {};
    words[0] = lower(words[0]);
    std::string out = words[0];
    for (std::size_t i = 1; i < words.size(); ++i) out += " " + words[i];
    return out;
}

const std::vector<std::string> kSections = {"bot",      "network", "limits",
                                            "identity", "web",     "events"};

class Builder {
  public:
    Builder(Config& c, const std::vector<SectionSpec>& games) : config_(c), games_(games) {
        for (const auto& g : games_) {
            known_.push_back(g.name);
            config_.games[g.name] = defaults(g);
        }
        known_.insert(known_.begin(), kSections.begin(), kSections.end());
    }

    const SectionSpec* game(const std::string& kind) const {
        for (const auto& g : games_)
            if (g.name == kind) return &g;
        return nullptr;
    }

    // Opens a section (from a header or an override); returns its record.
    SectionSeen& open(const std::string& header, const Where& where, bool from_override) {
        auto name = normalise_section(header);
        std::string kind = name.substr(0, name.find(' '));
        if (std::find(known_.begin(), known_.end(), kind) == known_.end() || name.empty()) {
            throw ConfigError(
                where.file, where.line, "[" + header + "]",
                fmt::format("unknown section [{}]{}", header, did_you_mean(suggest(kind, known_))));
        }
        if (kind == "network") {
            auto rest = name.size() > 8 ? name.substr(8) : std::string{};
            if (rest.empty() || rest.find(' ') != std::string::npos)
                throw ConfigError(where.file, where.line, "[" + header + "]",
                                  "a network section is written [network NAME], NAME one word");
            for (char c : rest)
                if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' &&
                    c != '.')
                    throw ConfigError(
                        where.file, where.line, "[" + header + "]",
                        fmt::format("network name \"{}\" may use only letters, digits, - _ .",
                                    rest));
        } else if (name != kind) {
            throw ConfigError(where.file, where.line, "[" + header + "]",
                              fmt::format("section [{}] takes no name", kind));
        }
        for (auto& s : seen_) {
            if (s.name != name) continue;
            if (from_override) return s;
            throw ConfigError(
                where.file, where.line, "[" + name + "]",
                fmt::format("duplicate section [{}] (first at line {})", name, s.where.line));
        }
        seen_.push_back({name, where, {}});
        if (auto it = config_.games.find(kind); it != config_.games.end()) {
            it->second.file = where.file;
            it->second.line = where.line;
        }
        if (kind == "network") {
            NetworkConfig n;
            n.name = name.substr(8);
            config_.networks.push_back(n);
        }
        return seen_.back();
    }

    void set(SectionSeen& sec, const std::string& key_in, const std::string& value,
             const Where& where, bool from_override) {
        std::string kind = sec.name.substr(0, sec.name.find(' '));
        std::string key = lower(key_in);
        std::string full = sec.name + "." + key_in;
        if (const SectionSpec* g = game(kind)) {
            const KeySpec* spec = nullptr;
            std::vector<std::string> names;
            for (const auto& k : g->keys) {
                names.push_back(k.key);
                if (k.key == key) spec = &k;
            }
            if (!spec)
                throw ConfigError(where.file, where.line, full,
                                  fmt::format("[{}] key \"{}\": unknown key{}", sec.name, key_in,
                                              did_you_mean(suggest(key_in, names))));
            auto prev = sec.keys.find(key);
            if (prev != sec.keys.end() && !from_override)
                throw ConfigError(
                    where.file, where.line, full,
                    fmt::format("[{}] key \"{}\": duplicate key (first set at line {})", sec.name,
                                key_in, prev->second.line));
            try {
                if (spec->check) spec->check(value);
            } catch (const ValueError& bad) {
                throw ConfigError(where.file, where.line, full,
                                  fmt::format("[{}] key \"{}\": {}", sec.name, key_in, bad.why));
            }
            if (!spec->retired.empty()) {
                config_.notices.push_back(
                    fmt::format("{}:{}: [{}] key \"{}\" is no longer used: {}", where.file,
                                where.line, sec.name, key_in, spec->retired));
                sec.keys[key] = where;
                return;
            }
            Section& out = config_.games[kind];
            out.values[key] = value;
            out.where[key] = {where.file, where.line};
            sec.keys[key] = where;
            return;
        }
        if (auto renamed = renamed_key(kind, key); !renamed.empty()) {
            config_.notices.push_back(fmt::format(
                "{}:{}: [{}] key \"{}\" is now called \"{}\"; the old name is still read",
                where.file, where.line, sec.name, key_in, renamed));
            key = renamed;
        }
        const KeyTable* table = kind == "bot"        ? &bot_keys()
                                : kind == "network"  ? &network_keys()
                                : kind == "identity" ? &identity_keys()
                                : kind == "web"      ? &web_keys()
                                : kind == "events"   ? &events_keys()
                                                     : &limits_keys();
        auto it = std::find_if(table->begin(), table->end(),
                               [&](const auto& p) { return p.first == key; });
        if (it == table->end())
            throw ConfigError(where.file, where.line, full,
                              fmt::format("[{}] key \"{}\": unknown key{}", sec.name, key_in,
                                          did_you_mean(suggest(key_in, names_of(*table)))));
        auto prev = sec.keys.find(key);
        if (prev != sec.keys.end() && !from_override)
            throw ConfigError(where.file, where.line, full,
                              fmt::format("[{}] key \"{}\": duplicate key (first set at line {})",
                                          sec.name, key_in, prev->second.line));
        Target t{&config_, nullptr};
        if (kind == "network") t.network = network(sec.name.substr(8));
        try {
            it->second(t, value);
        } catch (const BadValue& bad) {
            throw ConfigError(where.file, where.line, full,
                              fmt::format("[{}] key \"{}\": {}", sec.name, key_in, bad.why));
        }
        if (kind == "bot" && key == "database") {
            config_.bot.database_file = where.file;
            config_.bot.database_line = where.line;
        }
        sec.keys[key] = where;
    }

    NetworkConfig* network(const std::string& name) {
        for (auto& n : config_.networks)
            if (n.name == name) return &n;
        return nullptr;
    }

    // Checks that need the whole file: required keys and keys that depend on each other.
    void finish(bool need_network, const std::string& file) {
        for (auto& sec : seen_) {
            std::string kind = sec.name.substr(0, sec.name.find(' '));
            auto at = [&](const std::string& key) {
                auto it = sec.keys.find(key);
                return it != sec.keys.end() ? it->second : sec.where;
            };
            auto fail = [&](const std::string& key, const std::string& why) {
                auto w = at(key);
                throw ConfigError(w.file, w.line, sec.name + "." + key,
                                  fmt::format("[{}] key \"{}\": {}", sec.name, key, why));
            };
            if (kind == "web" && config_.web.max_per_address > config_.web.max_connections)
                fail("max_per_address",
                     fmt::format("{} is more than max_connections ({}): one address could take "
                                 "every connection",
                                 config_.web.max_per_address, config_.web.max_connections));
            if (kind == "network") {
                auto* n = network(sec.name.substr(8));
                if (n->host.empty()) fail("host", "missing required key");
                if (n->sasl_user.empty() != n->sasl_password.empty())
                    fail(n->sasl_user.empty() ? "sasl_password" : "sasl_user",
                         "sasl_user and sasl_password go together: give both or neither");
                if (!n->tls && sec.keys.count("tls_ca_file"))
                    fail("tls_ca_file", "tls_ca_file needs tls = yes");
                check_link(*n, sec.keys, fail);
                for (const auto& a : n->admins)
                    if (trusts_nick_alone(a)) {
                        const auto w = at("admins");
                        config_.notices.push_back(fmt::format(
                            "{}:{}: [{}] key \"admins\": \"{}\" trusts a nick alone: anyone "
                            "who takes that nick, from any host, is an admin. Use "
                            "account:NAME, or a mask with the admin's user@host.",
                            w.file, w.line, sec.name, a));
                    }
            }
        }
        // Each game's own checks across keys, whether or not the file has its section.
        for (auto& [name, g] : config_.games)
            if (g.file.empty()) g.file = file;
        for (const auto& g : games_)
            if (g.finish) g.finish(config_.games[g.name]);
        if (need_network && config_.networks.empty())
            throw ConfigError(file, 0, "[network]",
                              "no [network NAME] section: at least one network is required");
        if (config_.bot.alt_nicks.empty())
            config_.bot.alt_nicks = {config_.bot.nick + "_", config_.bot.nick + "__"};
    }

  private:
    Config& config_;
    const std::vector<SectionSpec>& games_;
    std::vector<std::string> known_;  // every section name, built in and the games'
    std::vector<SectionSeen> seen_;
};

void apply_overrides(Builder& b, const std::vector<Override>& overrides) {
    for (const auto& o : overrides) {
        Where w{o.origin, o.line};
        // "network.libera" (from `set network.libera.port = 1`) means [network libera].
        std::string section = trim(o.section);
        if (lower(section).rfind("network.", 0) == 0) section[7] = ' ';
        auto& sec = b.open(section, w, true);
        b.set(sec, trim(o.key), trim(o.value), w, true);
    }
}

}  // namespace

Config parse(const std::string& text, const std::string& name,
             const std::vector<Override>& overrides, const std::vector<SectionSpec>& games) {
    Config config;
    config.file = name;
    // A NUL byte would end the value where it stands, silently: name its line and key.
    if (const auto nul = text.find('\0'); nul != std::string::npos) {
        const int line =
            1 + static_cast<int>(std::count(text.begin(),
                                            text.begin() + static_cast<std::ptrdiff_t>(nul), '\n'));
        const auto start = text.rfind('\n', nul);
        const std::string head = text.substr(start == std::string::npos ? 0 : start + 1,
                                             nul - (start == std::string::npos ? 0 : start + 1));
        const auto eq = head.find('=');
        const std::string key = eq == std::string::npos ? "" : trim(head.substr(0, eq));
        throw ConfigError(name, line, key,
                          key.empty() ? std::string("a NUL byte (\\0) in the file: remove it")
                                      : fmt::format("key \"{}\": its value contains a NUL byte "
                                                    "(\\0): remove it",
                                                    key));
    }
    ReadState st;
    st.text = &text;
    int rc = ini_parse_stream(read_line, &st, on_pair, &st);
    if (st.too_long_line != 0)
        throw ConfigError(name, st.too_long_line, "",
                          fmt::format("line too long: {} characters, at most {} fit",
                                      st.too_long_length, st.max_length));
    if (rc == -2) throw ConfigError(name, 0, "", "out of memory while reading");
    if (rc > 0)
        throw ConfigError(name, rc, "",
                          "syntax error: expected [section], key = value, or a ; comment");

    Builder b(config, games);
    // Walk sections and entries in file order. Each entry belongs to the last header above it.
    std::size_t si = 0;
    SectionSeen* cur = nullptr;
    auto open_until = [&](int line) {
        while (si < st.sections.size() && st.sections[si].line < line) {
            cur = &b.open(st.sections[si].header, {name, st.sections[si].line}, false);
            ++si;
        }
    };
    for (const auto& e : st.entries) {
        open_until(e.line);
        if (cur == nullptr)
            throw ConfigError(name, e.line, e.key,
                              fmt::format("key \"{}\" comes before any [section]", e.key));
        b.set(*cur, e.key, e.value, {name, e.line}, false);
    }
    open_until(std::numeric_limits<int>::max());
    apply_overrides(b, overrides);
    b.finish(!name.empty(), name);
    return config;
}

Config load(const std::string& path, const std::vector<Override>& overrides,
            const std::vector<SectionSpec>& games) {
    if (path.empty()) {
        Config config;
        Builder b(config, games);
        apply_overrides(b, overrides);
        b.finish(false, "");
        return config;
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw ConfigError(path, 0, "", "cannot read configuration file: it is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ConfigError(path, 0, "",
                          fmt::format("cannot read configuration file: {}", std::strerror(errno)));
    std::ostringstream buf;
    buf << in.rdbuf();
    if (in.bad())
        throw ConfigError(
            path, 0, "", fmt::format("error reading configuration file: {}", std::strerror(errno)));
    return parse(buf.str(), path, overrides, games);
}

void check_paths(const Config& c) {
    namespace fs = std::filesystem;
    const fs::path db(c.bot.database);
    fs::path dir = db.parent_path();
    if (dir.empty()) dir = ".";
    const std::string file = c.bot.database_file.empty() ? c.file : c.bot.database_file;
    const int line = c.bot.database_line;
    auto fail = [&](const std::string& why) {
        throw ConfigError(file, line, "bot.database",
                          fmt::format("[bot] key \"database\"{}: {}",
                                      c.bot.database_file.empty() ? " (the default)" : "", why));
    };
    std::error_code ec;
    const auto st = fs::status(dir, ec);
    if (!fs::exists(st)) {
        if (dir == fs::path("/var/lib/croupier")) return;  // StateDirectory= makes it
        fail(
            fmt::format("the folder {} does not exist; create it (owned by the user the bot "
                        "runs as) or choose another path",
                        dir.string()));
    }
    if (!fs::is_directory(st)) fail(fmt::format("{} is not a folder", dir.string()));
    // SQLite writes its -wal and -shm files beside the database: the folder must be writable.
    if (::access(dir.c_str(), W_OK | X_OK) != 0)
        fail(fmt::format("the folder {} is not writable by this user ({})", dir.string(),
                         std::strerror(errno)));
}

const char* link_kind_name(LinkKind k) {
    switch (k) {
        case LinkKind::Client:
            return "client";
        case LinkKind::Ngircd:
            return "ngircd";
        case LinkKind::Inspircd:
            return "inspircd";
    }
    return "client";
}

std::string summarise(const Config& c) {
    std::string out;
    auto line = [&](const std::string& s) {
        out += s;
        out += '\n';
    };
    const auto& b = c.bot;
    line(fmt::format("bot: nick {} (alternatives {}), user {}, prefix \"{}\", log level {}", b.nick,
                     fmt::join(b.alt_nicks, " "), b.username, b.prefix, b.log_level));
    line(fmt::format("database: {}", b.database));
    for (const auto& n : c.networks) {
        std::vector<std::string> auth;
        if (!n.password.empty()) auth.push_back("server password set");
        if (!n.sasl_user.empty()) auth.push_back("SASL as " + n.sasl_user);
        if (!n.nickserv_password.empty()) auth.push_back("NickServ password set");
        line(fmt::format("network {}: {}:{} {}, nick {}{}{}", n.name, n.host, n.port,
                         n.tls ? (n.tls_verify ? "TLS (verified)" : "TLS (NOT verified)")
                               : "plain text (no TLS)",
                         n.nick.value_or(b.nick), auth.empty() ? "" : ", ", fmt::join(auth, ", ")));
        line(fmt::format("  channels: {}", n.channels.empty()
                                               ? std::string("(none)")
                                               : fmt::format("{}", fmt::join(n.channels, " "))));
        if (n.server_link())
            line(
                fmt::format("  linked as server {} ({}{}), admins: {}, pacing: a person {} "
                            "lines at once then {}/s, a channel {} then {}/s",
                            n.server_name, link_kind_name(n.link),
                            n.sid.empty() ? "" : ", sid " + n.sid, n.admins.size(),
                            n.recipient_burst, n.recipient_rate, n.channel_burst, n.channel_rate));
        else
            line(fmt::format("  admins: {}, flood control: burst {} then {} lines/s",
                             n.admins.size(), n.flood_burst, n.flood_rate));
    }
    if (c.networks.empty()) line("networks: none");
    const auto& l = c.limits;
    line(
        fmt::format("limits: {} commands at once then {}/s per user, page lines {} at once then "
                    "{}/s per user, {}x that per host, {} table(s) per channel, {} private "
                    "game(s) per person",
                    l.user_burst, l.user_rate, l.page_burst, l.page_rate, l.host_share,
                    l.tables_per_channel, l.private_games_per_person));
    const auto& id = c.identity;
    std::string guests;
    for (const auto& m : id.guest_hosts) guests += (guests.empty() ? "" : ", ") + m;
    line(fmt::format("identity: rated games for {}, saved data for {}, guest hosts: {}",
                     id.rated_needs_account ? "services accounts only" : "everyone",
                     id.saved_needs_account ? "services accounts only" : "everyone",
                     guests.empty() ? "none" : guests));
    if (c.web.enabled())
        line(
            fmt::format("web: pages on {}:{}{}, at most {} connections at once, {} from one "
                        "address",
                        c.web.host, c.web.port,
                        c.web.public_url.empty() ? "" : ", public at " + c.web.public_url,
                        c.web.max_connections, c.web.per_address()));
    else
        line("web: off");
    for (const auto& [name, sec] : c.games) {
        std::string keys;
        for (const auto& [k, v] : sec.values)
            keys += fmt::format("{}{} {}", keys.empty() ? "" : ", ", k, v);
        line(fmt::format("{}: {}", name, keys));
    }
    return out;
}

}  // namespace croupier::config
