// The typed configuration of croupierd, read from an INI file through inih.
// Every operator mistake (unknown section or key, bad value, missing required key) is a
// ConfigError naming file, line and key.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace croupier::config {

using Seconds = std::chrono::seconds;

struct ConfigError : std::runtime_error {
    ConfigError(std::string file, int line, std::string key, const std::string& what);
    std::string file;
    int line;         // 0 when the problem is not on one line (a missing key)
    std::string key;  // "section.key" or "[section]"
};

struct BotConfig {
    std::string nick = "croupier";
    std::vector<std::string> alt_nicks;  // tried in order on 433; default nick_ nick__
    std::string username = "croupier";
    std::string realname = "croupier card games";
    std::string prefix = "!";
    std::string database = "/var/lib/croupier/croupier.db";
    std::string log_level = "info";
    std::string quit_message = "croupier shutting down";
};

struct NetworkConfig {
    std::string name;  // from [network NAME]
    std::string host;  // required
    std::uint16_t port = 6667;
    bool tls = false;
    bool tls_verify = true;
    std::string tls_ca_file;  // empty: the system trust store
    std::string password;     // server PASS, optional
    std::string sasl_user;
    std::string sasl_password;
    std::string nickserv_password;
    std::vector<std::string> channels;
    // "account:NAME" entries match a services account; anything else is a hostmask glob
    // (nick!user@host with * and ?).
    std::vector<std::string> admins;
    int flood_burst = 4;
    double flood_rate = 1.0;          // lines per second after the burst
    std::optional<std::string> nick;  // overrides [bot] nick on this network
    // After a KICK (or a refused JOIN: banned, invite only, full, key) join again after this
    // long, doubling after each refusal up to 10 minutes; 0: stay out.
    Seconds rejoin_after{30};
};

struct LimitsConfig {
    int user_burst = 5;          // commands a user may send at once
    double user_rate = 1.0;      // then this many per second
    int tables_per_channel = 4;  // open tables and duels together; one open table a kind
    int solitaire_per_user = 2;  // private games of all kinds together; one a kind
};

// Shared by every table game (Exordia8, VCG, Adventurer Factory).
struct TableConfig {
    Seconds join_window{60};
    Seconds turn_timeout{90};
    Seconds turn_warning{30};  // warn this long before the turn times out (0: no warning)
    Seconds grace{120};        // a player who left gets the seat back within this
    int min_players = 2;
    int max_players = 50;
    bool computer_players = true;
};

struct Exordia8Config : TableConfig {
    int players_per_pack = 6;
};

struct SpiderConfig {
    int default_suits = 4;
    Seconds abandon_after{30 * 24 * 3600};
    Seconds hint_budget{2};
    Seconds certify_budget{5};
};

struct Config {
    std::string file;  // where it was read from
    BotConfig bot;
    std::vector<NetworkConfig> networks;  // at least one
    LimitsConfig limits;
    Exordia8Config exordia8;
    SpiderConfig spider;
};

// One override, as the replay's `set SECTION.KEY = VALUE` gives it; `origin` and `line`
// name where it came from in errors.
struct Override {
    std::string section;  // "bot", "network libera", "exordia8"
    std::string key;
    std::string value;
    std::string origin;
    int line = 0;
};

// Reads and validates FILE; overrides apply after it as if the file said so. Throws
// ConfigError. An empty path reads nothing but the overrides (and then `networks` may be
// filled by the caller: replays supply their own).
Config load(const std::string& path, const std::vector<Override>& overrides = {});

// The same from text in memory (tests); `name` stands for the file name in errors.
Config parse(const std::string& text, const std::string& name,
             const std::vector<Override>& overrides = {});

// A human summary for `croupierd --check-config` (no passwords).
std::string summarise(const Config& config);

// "90s", "5m", "2h", "30d", or a bare number of seconds.
std::optional<Seconds> parse_duration(const std::string& text);

}  // namespace croupier::config
