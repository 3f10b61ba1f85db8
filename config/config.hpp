// The typed configuration of croupierd, read from an INI file through inih.
// Every operator mistake (unknown section or key, bad value, missing required key) is a
// ConfigError naming file, line and key.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
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
    std::string database_file;  // where `database` was set ("" : the default)
    int database_line = 0;
    std::string log_level = "info";
    std::string quit_message = "croupier shutting down";
};

// How croupier reaches a network (docs/OPERATIONS.md, "Linking as a service"): as a client
// (under the server's flood limit), or linked as a server the way services are, in ngircd's
// RFC 2813 dialect or InspIRCd 3's spanning-tree protocol (1205).
enum class LinkKind { Client, Ngircd, Inspircd };
const char* link_kind_name(LinkKind k);

struct NetworkConfig {
    std::string name;  // from [network NAME]
    LinkKind link = LinkKind::Client;
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

    // A server link (link = ngircd or inspircd): the name croupier links as, its description,
    // the password it sends and the one it expects back, and (InspIRCd) its server id.
    std::string server_name;
    std::string server_description = "croupier card games";
    std::string send_password;
    std::string receive_password;
    std::string sid;
    // A server link's pacing (no flood limit applies to a server): no person gets more than
    // recipient_rate lines a second after a burst of recipient_burst, no channel more than
    // channel_rate (after a burst of channel_burst).
    double recipient_rate = 5.0;
    int recipient_burst = 10;
    double channel_rate = 3.0;
    int channel_burst = 5;
    bool server_link() const { return link != LinkKind::Client; }
};

struct LimitsConfig {
    int user_burst = 5;          // commands a user may send at once
    double user_rate = 1.0;      // then this many per second
    int page_burst = 30;         // lines of pages (help, stats, top...) a user may ask at once
    double page_rate = 0.5;      // then this many lines per second
    int host_share = 3;          // everyone from one host together: this many users' worth
    int tables_per_channel = 4;  // games under way (tables and duels); one table a kind
    int private_games_per_person = 2;  // private games of all kinds together; one a kind
};

// Who a player is (bot/people.hpp, docs/OPERATIONS.md "Identity").
struct IdentityConfig {
    // Only people the network vouches for with a services account have rated games (ratings,
    // stats, the ladder) / saved data (decks, parties, experience); others play as guests.
    bool rated_needs_account = false;
    bool saved_needs_account = false;
    // user@host masks (* and ?, host case-insensitive; a mask without @ is a host) whose
    // people are told apart by nick, not by user@host: web gateways, bridges, shared shells.
    // They are guests: unrated, nothing saved, each with a person's share of the budgets.
    std::vector<std::string> guest_hosts;
};

// The web pages (bot/web/, docs/WEB.md): off unless `listen` is set.
struct WebConfig {
    std::string host;        // numeric address to listen on ("127.0.0.1", "::1"); "" : off
    std::uint16_t port = 0;  // with host
    // Where people reach the pages (behind a proxy: its address), "http(s)://..."; "" when
    // not said.
    std::string public_url;
    // Connections served at once; the next get 503 and are closed (docs/WEB.md).
    int max_connections = 256;
    // Connections from one address at once (0: a quarter of max_connections, at least 1):
    // one address cannot take every connection (docs/WEB.md).
    int max_per_address = 0;
    int per_address() const {
        return max_per_address > 0 ? max_per_address : std::max(1, max_connections / 4);
    }
    bool enabled() const { return !host.empty(); }
    // The address of the page at `path` ("/top/spider") under public_url, for a line that
    // says where to look; "" when the pages are off or their address is not said.
    std::string link(const std::string& path) const {
        if (!enabled() || public_url.empty()) return "";
        std::string base = public_url;
        while (!base.empty() && base.back() == '/') base.pop_back();
        return base + path;
    }
};

// Events (bot/daily/, bot/tourney/, docs/OPERATIONS.md "[events]").
struct EventsConfig {
    // Channels that hear, at the end of each UTC day, one line: the day's daily winners.
    std::vector<std::string> announce_channels;
    // Tournaments (bot/tourney/): whether only the bot's admins may open one; the most
    // players at a table in an event of a table game.
    bool open_needs_admin = false;
    int table_size = 5;
};

// A game kind's own section: the kind (games/<name>/kind/) declares its keys, config/ reads and
// checks them with file, line and key like every other section, and names no game.

// Thrown by a key's check; the reader adds file, line and key.
struct ValueError {
    std::string why;
};

struct KeySpec {
    std::string key;
    std::string default_value;
    std::function<void(const std::string&)> check;  // throws ValueError
    std::string help;                               // for the summary
    // Non-empty: a key earlier versions read that no longer does anything. It is accepted
    // (old files keep working) and this reason is logged at start, with file and line.
    std::string retired;
};

class Section {
  public:
    std::string name;
    std::string file;
    int line = 0;                               // the [header]'s line, 0 when not in the file
    std::map<std::string, std::string> values;  // every key of the spec, defaults filled in
    std::map<std::string, std::pair<std::string, int>> where;  // key -> (file, line) it was set

    bool set(const std::string& key) const { return where.count(key) != 0; }
    const std::string& text(const std::string& key) const;
    Seconds seconds(const std::string& key) const;
    long long integer(const std::string& key) const;
    double real(const std::string& key) const;
    bool boolean(const std::string& key) const;
    // A problem with `key` (a check across keys): a ConfigError naming where it was set.
    [[noreturn]] void fail(const std::string& key, const std::string& why) const;
    // The folder relative paths in this section start from: the file's, or "." without one.
    std::filesystem::path folder() const {
        return file.empty() ? std::filesystem::path(".")
                            : std::filesystem::path(file).parent_path();
    }
};

struct SectionSpec {
    std::string name;  // "[name]"
    std::vector<KeySpec> keys;
    // Checks across keys, and defaults that follow other keys, once the file is read.
    std::function<void(Section&)> finish;
};

// Keys of the usual kinds, for specs.
KeySpec duration_key(std::string key, Seconds def, Seconds lo, Seconds hi, std::string help = "");
KeySpec integer_key(std::string key, long long def, long long lo, long long hi,
                    std::string help = "");
KeySpec bool_key(std::string key, bool def, std::string help = "");
// Edit distance counting a swap of two neighbours as one edit ("prot" -> "port"); the
// config's "did you mean" and the daemon's, for commands.
std::size_t edit_distance(const std::string& a, const std::string& b);

// A key that no longer does anything: accepted, with a notice (KeySpec::retired).
KeySpec retired_key(std::string key, std::string reason);

// A section as the spec's defaults make it (tests, and a kind the file does not mention).
Section defaults(const SectionSpec& spec);

// Shared by every table game: the keys, their checks, and the typed view.
struct TableConfig {
    Seconds join_window{60};  // a table's join window; a duel's challenge expiry
    Seconds turn_timeout{90};
    Seconds turn_warning{30};  // warn this long before the turn times out (0: no warning)
    Seconds grace{120};        // a player who left gets the seat back within this
    int min_players = 2;
    int max_players = 50;
    bool computer_players = true;
    // Duels: how many of this kind may be under way in one channel at once (0: as many as
    // [limits] tables_per_channel allows); challenges waiting for an answer do not count.
    int per_channel = 0;
};
std::vector<KeySpec> table_keys(const TableConfig& defaults = {});
// A duel kind's keys: the table keys but the player counts (a duel seats two), a
// challenge's expiry of 2 minutes as join_window, and duels_per_channel; `title` names the
// game in the help of that key.
std::vector<KeySpec> duel_keys(const std::string& title, std::chrono::seconds turn_timeout);
void finish_table(Section& s);  // min <= max players; the warning fits in the turn
TableConfig table_config(const Section& s);
// A duel kind's (duel_keys): two seats, duels_per_channel.
TableConfig duel_config(const Section& s);

struct Config {
    std::string file;  // where it was read from
    BotConfig bot;
    std::vector<NetworkConfig> networks;  // at least one
    LimitsConfig limits;
    IdentityConfig identity;
    WebConfig web;
    EventsConfig events;
    std::map<std::string, Section> games;  // each kind's section, by name (SectionSpec)
    // Things the operator should know that do not stop startup ("file:line: [spider] key
    // \"hint_budget\" is no longer used: ..."); the daemon logs them as warnings.
    std::vector<std::string> notices;
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
// `games`: the sections the game kinds declare (bot/kinds/kinds.hpp: kind_specs()).
Config load(const std::string& path, const std::vector<Override>& overrides,
            const std::vector<SectionSpec>& games);

// The same from text in memory (tests); `name` stands for the file name in errors.
Config parse(const std::string& text, const std::string& name,
             const std::vector<Override>& overrides, const std::vector<SectionSpec>& games);

// What only the file system can tell (`croupierd --check-config` and startup): the
// database's folder exists and is writable. The systemd unit's state directory
// (/var/lib/croupier) may be missing before the first start: systemd creates it. Throws
// ConfigError naming where `database` was set.
void check_paths(const Config& config);

// A human summary for `croupierd --check-config` (no passwords).
std::string summarise(const Config& config);

// "90s", "5m", "2h", "30d", or a bare number of seconds.
std::optional<Seconds> parse_duration(const std::string& text);

}  // namespace croupier::config
