// SPDX-License-Identifier: GPL-3.0-or-later
// The keys of croupier.ini's built-in sections, [bot], [network NAME], [limits] and
// [identity]: how each value is checked and where it is stored; with the checks of nicks,
// channels, admin masks and guest hosts, and the keys that were renamed.
#include "config/config.hpp"

#include <arpa/inet.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <string_view>

#include <fmt/format.h>

#include "config/parse_detail.hpp"

namespace croupier::config::detail {

namespace {

std::vector<std::string> split_list(const std::string& v, bool spaces_too) {
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        auto t = trim(cur);
        if (!t.empty()) out.push_back(t);
        cur.clear();
    };
    for (char c : v) {
        if (c == ',' || (spaces_too && (c == ' ' || c == '\t')))
            flush();
        else
            cur += c;
    }
    flush();
    return out;
}

bool is_nick_char(char c, bool first) {
    if (std::isalpha(static_cast<unsigned char>(c))) return true;
    if (std::strchr("[]\\`_^{|}", c) != nullptr && c != '\0') return true;
    if (first) return false;
    return std::isdigit(static_cast<unsigned char>(c)) || c == '-';
}

std::string check_nick(const std::string& v) {
    if (v.empty()) throw BadValue{"a nick cannot be empty"};
    if (v.size() > 30) throw BadValue{fmt::format("nick \"{}\" is longer than 30 characters", v)};
    for (std::size_t i = 0; i < v.size(); ++i)
        if (!is_nick_char(v[i], i == 0))
            throw BadValue{fmt::format("\"{}\" is not a valid IRC nick", v)};
    return v;
}

std::string check_word(const std::string& v, const char* what) {
    if (v.empty()) throw BadValue{fmt::format("{} cannot be empty", what)};
    for (char c : v)
        if (std::isspace(static_cast<unsigned char>(c)) || c == '\0' ||
            static_cast<unsigned char>(c) < 32)
            throw BadValue{fmt::format("{} \"{}\" must be one word", what, v)};
    return v;
}

std::string check_text(const std::string& v, bool may_be_empty, const char* what) {
    if (!may_be_empty && v.empty()) throw BadValue{fmt::format("{} cannot be empty", what)};
    for (char c : v)
        if (static_cast<unsigned char>(c) < 32)
            throw BadValue{fmt::format("{} contains a control character", what)};
    return v;
}

// A server's name as it links: a dotted name (letters, digits, '-' and '.', at least one
// dot), as ngircd and InspIRCd both require, at most 63 characters.
std::string check_server_name(const std::string& v) {
    if (v.empty()) throw BadValue{"server_name cannot be empty"};
    if (v.size() > 63)
        throw BadValue{fmt::format("server_name \"{}\" is longer than 63 characters", v)};
    for (char c : v)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.')
            throw BadValue{
                fmt::format("server_name \"{}\" may hold only letters, digits, '-' and '.'", v)};
    if (v.find('.') == std::string::npos || v.front() == '.' || v.back() == '.')
        throw BadValue{
            fmt::format("server_name \"{}\" must be a dotted name such as games.example.net", v)};
    return v;
}

std::vector<std::string> check_channels(const std::string& v) {
    auto list = split_list(v, true);
    for (const auto& ch : list) {
        if (ch[0] != '#' && ch[0] != '&')
            throw BadValue{fmt::format("channel \"{}\" must start with # or &", ch)};
        if (ch.size() < 2 || ch.size() > 50)
            throw BadValue{fmt::format("channel \"{}\" must be 2 to 50 characters long", ch)};
        for (char c : ch)
            if (c == 7 || static_cast<unsigned char>(c) < 32 || c == ':')
                throw BadValue{fmt::format("channel \"{}\" contains a forbidden character", ch)};
    }
    return list;
}

std::vector<std::string> check_admins(const std::string& v) {
    auto list = split_list(v, true);
    for (const auto& a : list) {
        if (a.rfind("account:", 0) == 0) {
            if (a.size() == 8) throw BadValue{"\"account:\" needs an account name after it"};
            continue;
        }
        auto bang = a.find('!');
        auto at = a.find('@');
        if (bang == std::string::npos || at == std::string::npos || at < bang || bang == 0 ||
            at == bang + 1 || at + 1 == a.size())
            throw BadValue{
                fmt::format("admin \"{}\" is neither account:NAME nor a nick!user@host mask", a)};
    }
    return list;
}

}  // namespace

// ---- the key tables --------------------------------------------------------------------

const KeyTable& bot_keys() {
    static const KeyTable t = {
        {"nick", [](Target& t, const std::string& v) { t.config->bot.nick = check_nick(v); }},
        {"alt_nicks",
         [](Target& t, const std::string& v) {
             std::vector<std::string> out;
             for (auto& n : split_list(v, true)) out.push_back(check_nick(n));
             t.config->bot.alt_nicks = out;
         }},
        {"username",
         [](Target& t, const std::string& v) {
             t.config->bot.username = check_word(v, "username");
         }},
        {"realname",
         [](Target& t, const std::string& v) {
             t.config->bot.realname = check_text(v, false, "realname");
         }},
        {"prefix",
         [](Target& t, const std::string& v) {
             check_word(v, "prefix");
             if (v.size() > 3) throw BadValue{"prefix must be 1 to 3 characters"};
             t.config->bot.prefix = v;
         }},
        {"database",
         [](Target& t, const std::string& v) {
             t.config->bot.database = check_text(v, false, "database");
         }},
        {"log_level",
         [](Target& t, const std::string& v) {
             auto l = lower(v);
             if (l != "debug" && l != "info" && l != "warn" && l != "error")
                 throw BadValue{
                     fmt::format("\"{}\" is not a log level (use debug, info, warn or error)", v)};
             t.config->bot.log_level = l;
         }},
        {"quit_message",
         [](Target& t, const std::string& v) {
             t.config->bot.quit_message = check_text(v, true, "quit_message");
         }},
    };
    return t;
}

const KeyTable& network_keys() {
    static const KeyTable t = {
        {"host", [](Target& t, const std::string& v) { t.network->host = check_word(v, "host"); }},
        {"port",
         [](Target& t, const std::string& v) {
             t.network->port = static_cast<std::uint16_t>(parse_int(v, 1, 65535));
         }},
        {"tls", [](Target& t, const std::string& v) { t.network->tls = parse_bool(v); }},
        {"tls_verify",
         [](Target& t, const std::string& v) { t.network->tls_verify = parse_bool(v); }},
        {"tls_ca_file",
         [](Target& t, const std::string& v) {
             if (!v.empty() && ::access(v.c_str(), R_OK) != 0)
                 throw BadValue{fmt::format("cannot read \"{}\": {}", v, std::strerror(errno))};
             t.network->tls_ca_file = v;
         }},
        {"password",
         [](Target& t, const std::string& v) {
             t.network->password = check_text(v, true, "password");
         }},
        {"sasl_user",
         [](Target& t, const std::string& v) {
             t.network->sasl_user = check_text(v, true, "sasl_user");
         }},
        {"sasl_password",
         [](Target& t, const std::string& v) {
             t.network->sasl_password = check_text(v, true, "sasl_password");
         }},
        {"nickserv_password",
         [](Target& t, const std::string& v) {
             t.network->nickserv_password = check_text(v, true, "nickserv_password");
         }},
        {"channels",
         [](Target& t, const std::string& v) { t.network->channels = check_channels(v); }},
        {"admins", [](Target& t, const std::string& v) { t.network->admins = check_admins(v); }},
        {"flood_burst",
         [](Target& t, const std::string& v) {
             t.network->flood_burst = static_cast<int>(parse_int(v, 1, 100));
         }},
        {"flood_rate",
         [](Target& t, const std::string& v) { t.network->flood_rate = parse_real(v, 0.1, 100); }},
        {"nick", [](Target& t, const std::string& v) { t.network->nick = check_nick(v); }},
        {"rejoin_after",
         [](Target& t, const std::string& v) {
             t.network->rejoin_after = parse_dur(v, Seconds{0}, std::chrono::hours{1});
         }},
        {"link",
         [](Target& t, const std::string& v) {
             const auto l = lower(v);
             if (l == "client")
                 t.network->link = LinkKind::Client;
             else if (l == "ngircd")
                 t.network->link = LinkKind::Ngircd;
             else if (l == "inspircd")
                 t.network->link = LinkKind::Inspircd;
             else
                 throw BadValue{fmt::format(
                     "\"{}\" is not a kind of link (use client, ngircd or inspircd)", v)};
         }},
        {"server_name",
         [](Target& t, const std::string& v) { t.network->server_name = check_server_name(v); }},
        {"server_description",
         [](Target& t, const std::string& v) {
             t.network->server_description = check_text(v, false, "server_description");
         }},
        {"send_password",
         [](Target& t, const std::string& v) {
             t.network->send_password = check_word(v, "send_password");
         }},
        {"receive_password",
         [](Target& t, const std::string& v) {
             t.network->receive_password = check_word(v, "receive_password");
         }},
        {"sid",
         [](Target& t, const std::string& v) {
             if (v.size() != 3 || !std::isdigit(static_cast<unsigned char>(v[0])) ||
                 !std::all_of(v.begin(), v.end(), [](char c) {
                     return std::isdigit(static_cast<unsigned char>(c)) || (c >= 'A' && c <= 'Z');
                 }))
                 throw BadValue{fmt::format(
                     "sid \"{}\" must be three characters, a digit then digits or capital "
                     "letters (e.g. 42C)",
                     v)};
             t.network->sid = v;
         }},
        {"recipient_rate",
         [](Target& t, const std::string& v) {
             t.network->recipient_rate = parse_real(v, 0.1, 100);
         }},
        {"recipient_burst",
         [](Target& t, const std::string& v) {
             // 48 lines of at most 512 bytes stay under the 32 KiB ngircd lets wait for a user.
             t.network->recipient_burst = static_cast<int>(parse_int(v, 1, 48));
         }},
        {"channel_rate",
         [](Target& t, const std::string& v) {
             t.network->channel_rate = parse_real(v, 0.1, 100);
         }},
        {"channel_burst",
         [](Target& t, const std::string& v) {
             t.network->channel_burst = static_cast<int>(parse_int(v, 1, 48));
         }},
    };
    return t;
}

const KeyTable& limits_keys() {
    static const KeyTable t = {
        {"user_burst",
         [](Target& t, const std::string& v) {
             t.config->limits.user_burst = static_cast<int>(parse_int(v, 1, 1000));
         }},
        {"user_rate",
         [](Target& t, const std::string& v) {
             t.config->limits.user_rate = parse_real(v, 0.01, 1000);
         }},
        {"page_burst",
         [](Target& t, const std::string& v) {
             t.config->limits.page_burst = static_cast<int>(parse_int(v, 1, 10000));
         }},
        {"page_rate",
         [](Target& t, const std::string& v) {
             t.config->limits.page_rate = parse_real(v, 0.01, 1000);
         }},
        {"host_share",
         [](Target& t, const std::string& v) {
             t.config->limits.host_share = static_cast<int>(parse_int(v, 1, 1000));
         }},
        {"tables_per_channel",
         [](Target& t, const std::string& v) {
             t.config->limits.tables_per_channel = static_cast<int>(parse_int(v, 1, 100));
         }},
        {"private_games_per_person",
         [](Target& t, const std::string& v) {
             t.config->limits.private_games_per_person = static_cast<int>(parse_int(v, 1, 100));
         }},
    };
    return t;
}

// Keys that were renamed: still read, with a notice. The new name, or "" for any other key.
std::string renamed_key(const std::string& section_kind, const std::string& key) {
    static const struct {
        const char* section_kind;
        const char* old_key;
        const char* new_key;
    } renamed[] = {
        // "solitaire" also meant Encounters, a game of two sides: what it counts is private
        // games, of every kind together, per person.
        {"limits", "solitaire_per_user", "private_games_per_person"},
    };
    for (const auto& r : renamed)
        if (section_kind == r.section_kind && key == r.old_key) return r.new_key;
    return "";
}

namespace {

std::vector<std::string> check_guest_hosts(const std::string& v) {
    auto list = split_list(v, true);
    for (auto& m : list) {
        for (char c : m)
            if (static_cast<unsigned char>(c) < 32 || c == '!')
                throw BadValue{fmt::format(
                    "guest host \"{}\" must be a user@host or host mask (no nick, no control "
                    "characters), for example *@gateway/web/*",
                    m)};
        if (m.find('@') == std::string::npos) m = "*@" + m;
        if (m.front() == '@' || m.back() == '@' || m.find('@') != m.rfind('@'))
            throw BadValue{
                fmt::format("guest host \"{}\" must be written user@host or host, for example "
                            "*@gateway/web/*",
                            m)};
        std::transform(m.begin(), m.end(), m.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    }
    return list;
}

}  // namespace

const KeyTable& identity_keys() {
    static const KeyTable t = {
        {"rated_needs_account",
         [](Target& t, const std::string& v) {
             t.config->identity.rated_needs_account = parse_bool(v);
         }},
        {"saved_needs_account",
         [](Target& t, const std::string& v) {
             t.config->identity.saved_needs_account = parse_bool(v);
         }},
        {"guest_hosts",
         [](Target& t, const std::string& v) {
             t.config->identity.guest_hosts = check_guest_hosts(v);
         }},
    };
    return t;
}

namespace {

// "127.0.0.1:8080", "[::1]:8080", "0.0.0.0:80": a numeric address (no name to resolve at
// start) and a port.
void check_listen(WebConfig& web, const std::string& v) {
    if (v.empty()) {
        web.host.clear();
        web.port = 0;
        return;
    }
    const char* example = "write it ADDRESS:PORT, for example 127.0.0.1:8080 or [::1]:8080";
    const auto colon = v.rfind(':');
    if (colon == std::string::npos || colon + 1 == v.size())
        throw BadValue{fmt::format("\"{}\" has no port: {}", v, example)};
    std::string host = v.substr(0, colon);
    const std::string port = v.substr(colon + 1);
    bool v6 = false;
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
        host = host.substr(1, host.size() - 2);
        v6 = true;
    }
    unsigned char buf[16];
    const bool ok = v6 ? ::inet_pton(AF_INET6, host.c_str(), buf) == 1
                       : ::inet_pton(AF_INET, host.c_str(), buf) == 1;
    if (!ok)
        throw BadValue{fmt::format(
            "\"{}\" is not a numeric IPv4 address or a bracketed IPv6 one: {}", host, example)};
    for (char c : port)
        if (!std::isdigit(static_cast<unsigned char>(c)))
            throw BadValue{fmt::format("port \"{}\" is not a number from 1 to 65535", port)};
    if (port.size() > 5 || std::stol(port) < 1 || std::stol(port) > 65535)
        throw BadValue{fmt::format("port \"{}\" is not a number from 1 to 65535", port)};
    web.host = host;
    web.port = static_cast<std::uint16_t>(std::stol(port));
}

std::string check_public_url(const std::string& v) {
    if (v.empty()) return v;
    const bool scheme = v.rfind("http://", 0) == 0 || v.rfind("https://", 0) == 0;
    const auto rest = v.substr(v.find("//") + 2);
    if (!scheme || rest.empty() || rest.front() == '/')
        throw BadValue{fmt::format(
            "\"{}\" is not an address of the pages: write http://HOST/... or https://HOST/...", v)};
    for (char c : v)
        if (static_cast<unsigned char>(c) <= 32 || c == '"' || c == '<' || c == '>' || c == '\\' ||
            c == 127)
            throw BadValue{
                fmt::format("\"{}\" holds a space, a quote, < > or a control character", v)};
    std::string out = v;
    while (out.size() > 1 && out.back() == '/') out.pop_back();  // pages are joined with "/"
    return out;
}

}  // namespace

const KeyTable& web_keys() {
    static const KeyTable t = {
        {"listen", [](Target& t, const std::string& v) { check_listen(t.config->web, v); }},
        {"public_url",
         [](Target& t, const std::string& v) { t.config->web.public_url = check_public_url(v); }},
        {"max_connections",
         [](Target& t, const std::string& v) {
             t.config->web.max_connections = static_cast<int>(parse_int(v, 1, 4096));
         }},
        {"max_per_address",
         [](Target& t, const std::string& v) {
             t.config->web.max_per_address = static_cast<int>(parse_int(v, 1, 4096));
         }},
    };
    return t;
}

const KeyTable& events_keys() {
    static const KeyTable t = {
        {"announce_channels",
         [](Target& t, const std::string& v) {
             auto list = split_list(v, true);
             for (const auto& c : list)
                 if (c.empty() || (c[0] != '#' && c[0] != '&') ||
                     c.find_first_of(" ,\x07") != std::string::npos)
                     throw BadValue{fmt::format(
                         "\"{}\" is not a channel name (#channel, comma-separated)", c)};
             t.config->events.announce_channels = std::move(list);
         }},
        {"open_needs_admin",
         [](Target& t, const std::string& v) {
             t.config->events.open_needs_admin = parse_bool(v);
         }},
        {"table_size",
         [](Target& t, const std::string& v) {
             t.config->events.table_size = static_cast<int>(parse_int(v, 3, 50));
         }},
    };
    return t;
}

// An admin mask whose user and host match anyone: it trusts the nick alone, which anyone
// can take while the admin is away.
bool trusts_nick_alone(const std::string& mask) {
    if (mask.rfind("account:", 0) == 0) return false;
    const auto bang = mask.find('!');
    if (bang == std::string::npos) return false;
    const std::string nick = mask.substr(0, bang);
    auto only_wild = [](std::string_view s) {
        return std::all_of(s.begin(), s.end(), [](char c) { return c == '*' || c == '?'; });
    };
    const std::string rest = mask.substr(bang + 1);
    const auto at = rest.find('@');
    if (at == std::string::npos) return false;
    const std::string host = rest.substr(at + 1);
    const bool host_any = std::all_of(host.begin(), host.end(),
                                      [](char c) { return c == '*' || c == '?' || c == '.'; });
    return !only_wild(nick) && host_any;
}

std::vector<std::string> names_of(const KeyTable& t) {
    std::vector<std::string> out;
    for (const auto& [k, _] : t) out.push_back(k);
    return out;
}

}  // namespace croupier::config::detail
