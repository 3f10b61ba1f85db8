// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "bot/kinds/kinds.hpp"
#include "config/config.hpp"

using namespace croupier::config;
using namespace std::chrono_literals;

namespace {

// The daemon's own game sections (bot/kinds/kinds.hpp), as croupierd reads them.
Config parse(const std::string& text, const std::string& name,
             const std::vector<Override>& ov = {}) {
    return croupier::config::parse(text, name, ov, croupier::bot::kind_specs());
}
Config load(const std::string& path, const std::vector<Override>& ov = {}) {
    return croupier::config::load(path, ov, croupier::bot::kind_specs());
}

const std::string kMinimal =
    "[bot]\n"
    "nick = dealer\n"
    "\n"
    "[network libera]\n"
    "host = irc.example.org\n"
    "port = 6697\n"
    "tls = yes\n"
    "channels = #cards, #croupier &local\n";

// Parses TEXT and returns the error it must raise.
ConfigError error_of(const std::string& text, const std::vector<Override>& ov = {}) {
    try {
        parse(text, "croupier.ini", ov);
    } catch (const ConfigError& e) {
        return e;
    }
    ADD_FAILURE() << "no error for:\n" << text;
    return ConfigError("", 0, "", "none");
}

std::string with_network_line(const std::string& line) {
    return "[network libera]\nhost = irc.example.org\n" + line + "\n";
}

}  // namespace

TEST(Config, ExampleFileLoadsWithItsDocumentedValues) {
    auto path = std::string(CROUPIER_SOURCE_DIR) + "/config/croupier.ini.example";
    auto c = load(path);
    EXPECT_EQ(c.file, path);
    EXPECT_EQ(c.bot.nick, "croupier");
    ASSERT_EQ(c.networks.size(), 1u);
    const auto& n = c.networks[0];
    EXPECT_EQ(n.name, "libera");
    EXPECT_EQ(n.host, "irc.libera.chat");
    EXPECT_EQ(n.port, 6697);
    EXPECT_TRUE(n.tls);
    EXPECT_TRUE(n.tls_verify);
    EXPECT_EQ(n.channels, std::vector<std::string>{"#croupier"});
    EXPECT_EQ(c.games.at("spider").seconds("abandon_after"), Seconds{30 * 86400});
    EXPECT_EQ(c.games.at("exordia8").seconds("grace"), Seconds{120});
    EXPECT_FALSE(n.nick.has_value());
}

TEST(Config, ExampleFileDocumentsEveryKeyAndKeepsLinesShort) {
    // Every key the loader knows appears in the example (commented or not) after a comment.
    auto path = std::string(CROUPIER_SOURCE_DIR) + "/config/croupier.ini.example";
    std::ifstream in(path);
    std::string text, line;
    while (std::getline(in, line)) {
        EXPECT_LT(line.size(), 200u) << line;
        text += line + "\n";
    }
    for (const char* key : {"nick",
                            "alt_nicks",
                            "username",
                            "realname",
                            "prefix",
                            "database",
                            "log_level",
                            "quit_message",
                            "host",
                            "port",
                            "tls",
                            "tls_verify",
                            "tls_ca_file",
                            "password",
                            "sasl_user",
                            "sasl_password",
                            "nickserv_password",
                            "channels",
                            "admins",
                            "flood_burst",
                            "flood_rate",
                            "user_burst",
                            "user_rate",
                            "page_burst",
                            "page_rate",
                            "host_share",
                            "tables_per_channel",
                            "private_games_per_person",
                            "rated_needs_account",
                            "saved_needs_account",
                            "guest_hosts",
                            "join_window",
                            "turn_timeout",
                            "turn_warning",
                            "grace",
                            "min_players",
                            "max_players",
                            "computer_players",
                            "players_per_pack",
                            "default_suits",
                            "abandon_after",
                            "certify_budget"}) {
        auto pos = text.find("\n" + std::string(key) + " =");
        if (pos == std::string::npos) pos = text.find("\n;" + std::string(key) + " =");
        EXPECT_NE(pos, std::string::npos) << key;
    }
}

TEST(Config, RetiredKeyIsAcceptedWithANotice) {
    auto c = parse(kMinimal + "[spider]\nhint_budget = 2s\n", "old.ini");
    ASSERT_EQ(c.notices.size(), 1u);
    EXPECT_NE(c.notices[0].find("old.ini:"), std::string::npos) << c.notices[0];
    EXPECT_NE(c.notices[0].find("hint_budget"), std::string::npos) << c.notices[0];
    EXPECT_EQ(c.games.at("spider").values.count("hint_budget"), 0u);  // nothing reads it
    EXPECT_TRUE(parse(kMinimal, "new.ini").notices.empty());
}

TEST(Config, RenamedKeyIsStillReadWithANotice) {
    auto c = parse(kMinimal + "[limits]\nsolitaire_per_user = 5\n", "old.ini");
    EXPECT_EQ(c.limits.private_games_per_person, 5);
    ASSERT_EQ(c.notices.size(), 1u);
    EXPECT_NE(c.notices[0].find("old.ini:"), std::string::npos) << c.notices[0];
    EXPECT_NE(c.notices[0].find("\"solitaire_per_user\" is now called "
                                "\"private_games_per_person\""),
              std::string::npos)
        << c.notices[0];
    EXPECT_EQ(parse(kMinimal + "[limits]\nprivate_games_per_person = 3\n", "new.ini")
                  .limits.private_games_per_person,
              3);
    // Both names are one key: given twice, the second is a duplicate.
    auto e =
        error_of(kMinimal + "[limits]\nprivate_games_per_person = 3\nsolitaire_per_user = 4\n");
    EXPECT_EQ(e.line, 11);
    EXPECT_NE(std::string(e.what()).find("duplicate key"), std::string::npos) << e.what();
}

TEST(Config, MinimalFileGetsDefaults) {
    auto c = parse(kMinimal, "mini.ini");
    EXPECT_EQ(c.bot.nick, "dealer");
    EXPECT_EQ(c.bot.alt_nicks, (std::vector<std::string>{"dealer_", "dealer__"}));
    EXPECT_EQ(c.bot.prefix, "!");
    ASSERT_EQ(c.networks.size(), 1u);
    EXPECT_EQ(c.networks[0].channels, (std::vector<std::string>{"#cards", "#croupier", "&local"}));
    EXPECT_EQ(c.networks[0].flood_burst, 4);
    EXPECT_EQ(c.games.at("exordia8").seconds("turn_timeout"), Seconds{90});
    EXPECT_EQ(c.games.at("spider").integer("default_suits"), 1);
}

TEST(Config, MisspeltKeyNamesFileLineKeyAndSuggestion) {
    auto e = error_of(
        "[bot]\nnick = x\n\n[network libera]\nhost = irc.example.org\n"
        "prot = 6697\n");
    EXPECT_EQ(e.file, "croupier.ini");
    EXPECT_EQ(e.line, 6);
    EXPECT_EQ(e.key, "network libera.prot");
    std::string what = e.what();
    EXPECT_EQ(what,
              "croupier.ini:6: [network libera] key \"prot\": unknown key (did you mean "
              "\"port\"?)");
}

TEST(Config, EventsAnnounceChannelsAndAnUnknownKeyThere) {
    auto c = parse(kMinimal + "[events]\nannounce_channels = #cards, #games\n", "croupier.ini");
    EXPECT_EQ(c.events.announce_channels, (std::vector<std::string>{"#cards", "#games"}));
    auto e = error_of(kMinimal + "[events]\nannounce_chanels = #cards\n");
    EXPECT_EQ(e.file, "croupier.ini");
    EXPECT_EQ(e.key, "events.announce_chanels");
    EXPECT_NE(std::string(e.what()).find("did you mean \"announce_channels\""), std::string::npos)
        << e.what();
    auto bad = error_of(kMinimal + "[events]\nannounce_channels = cards\n");
    EXPECT_EQ(bad.key, "events.announce_channels");
}

TEST(Config, UnknownSectionSuggestsAndUnrelatedKeyDoesNot) {
    auto e = error_of("[spidre]\ndefault_suits = 2\n");
    EXPECT_EQ(e.line, 1);
    EXPECT_NE(std::string(e.what()).find("did you mean \"spider\""), std::string::npos) << e.what();
    auto e2 = error_of("[bot]\nzzzzqqqq = 1\n");
    EXPECT_EQ(e2.line, 2);
    EXPECT_EQ(std::string(e2.what()).find("did you mean"), std::string::npos) << e2.what();
    auto e3 = error_of("[poker]\n");
    EXPECT_EQ(e3.line, 1);
    EXPECT_EQ(e3.key, "[poker]");
}

TEST(Config, BadValuesAreRejectedOnTheirLine) {
    struct Case {
        std::string line, key;
    };
    for (const auto& c : std::vector<Case>{{"port = 0", "port"},
                                           {"port = 65536", "port"},
                                           {"port = 66x", "port"},
                                           {"tls = maybe", "tls"},
                                           {"channels = #ok, nohash", "channels"},
                                           {"flood_rate = 0.01", "flood_rate"},
                                           {"flood_burst = 0", "flood_burst"},
                                           {"admins = just-a-nick", "admins"},
                                           {"nick = 9lives", "nick"},
                                           {"tls_ca_file = /nonexistent/ca.pem", "tls_ca_file"}}) {
        auto e = error_of(with_network_line(c.line));
        EXPECT_EQ(e.line, 3) << c.line;
        EXPECT_EQ(e.key, "network libera." + c.key) << c.line;
        std::string what = e.what();
        EXPECT_NE(what.find("croupier.ini:3:"), std::string::npos) << what;
        EXPECT_NE(what.find("\"" + c.key + "\""), std::string::npos) << what;
    }
    auto e = error_of(kMinimal + "[exordia8]\nturn_timeout = 5 minutes\n");
    EXPECT_EQ(e.line, 10);
    EXPECT_EQ(e.key, "exordia8.turn_timeout");
    EXPECT_EQ(error_of(kMinimal + "[exordia8]\nmin_players = 1\n").line, 10);
    EXPECT_EQ(error_of(kMinimal + "[spider]\ndefault_suits = 3\n").line, 10);
    EXPECT_EQ(error_of(kMinimal + "[bot]\n").key, "[bot]");  // [bot] twice
    EXPECT_EQ(error_of(kMinimal + "[exordia8]\nplayers_per_pack = 53\n").line, 10);
    EXPECT_EQ(error_of("[bot]\nlog_level = loud\n" + with_network_line("")).line, 2);
}

TEST(Config, GoodValuesOfEveryKind) {
    auto c = parse(kMinimal +
                       "[exordia8]\nturn_timeout = 2m\njoin_window=45\ncomputer_players = off\n"
                       "[limits]\nuser_rate = 0.5\n[spider]\ndefault_suits = 2\n",
                   "x.ini");
    EXPECT_EQ(c.games.at("exordia8").seconds("turn_timeout"), Seconds{120});
    EXPECT_EQ(c.games.at("exordia8").seconds("join_window"), Seconds{45});
    EXPECT_FALSE(c.games.at("exordia8").boolean("computer_players"));
    EXPECT_DOUBLE_EQ(c.limits.user_rate, 0.5);
    EXPECT_EQ(c.games.at("spider").integer("default_suits"), 2);
    auto ca = std::string(CROUPIER_SOURCE_DIR) + "/config/croupier.ini.example";  // any readable
    auto c2 = parse(with_network_line("tls = on\ntls_ca_file = " + ca + " ; a comment"), "y.ini");
    EXPECT_EQ(c2.networks[0].tls_ca_file, ca);
    EXPECT_TRUE(c2.networks[0].tls);
}

TEST(Config, CrossKeyChecks) {
    auto e = error_of(with_network_line("sasl_user = me"));
    EXPECT_EQ(e.line, 3);
    EXPECT_EQ(e.key, "network libera.sasl_user");
    auto e2 = error_of(kMinimal + "[exordia8]\nmin_players = 10\nmax_players = 5\n");
    EXPECT_EQ(e2.line, 10);
    auto e3 = error_of(kMinimal + "[exordia8]\nturn_timeout = 20s\nturn_warning = 30s\n");
    EXPECT_EQ(e3.line, 11);
    EXPECT_EQ(e3.key, "exordia8.turn_warning");
}

TEST(Config, MissingHostNamesTheSectionHeader) {
    auto e = error_of("[bot]\nnick = x\n[network libera]\nport = 6697\n");
    EXPECT_EQ(e.line, 3);
    EXPECT_EQ(e.key, "network libera.host");
    EXPECT_NE(std::string(e.what()).find("host"), std::string::npos);
}

TEST(Config, NoNetworkIsAnError) {
    auto e = error_of("[bot]\nnick = x\n");
    EXPECT_EQ(e.key, "[network]");
    EXPECT_NE(std::string(e.what()).find("croupier.ini"), std::string::npos);
}

TEST(Config, DuplicateNetworkAndDuplicateKey) {
    auto e = error_of(kMinimal + "[network libera]\nhost = other\n");
    EXPECT_EQ(e.line, 9);
    EXPECT_NE(std::string(e.what()).find("duplicate section [network libera] (first at line 4)"),
              std::string::npos)
        << e.what();
    auto e2 = error_of(with_network_line("port = 1\nport = 2"));
    EXPECT_EQ(e2.line, 4);
    EXPECT_NE(std::string(e2.what()).find("duplicate key"), std::string::npos);
    // Two different networks are fine.
    auto c = parse(kMinimal + "[network oftc]\nhost = irc.oftc.net\n", "z.ini");
    ASSERT_EQ(c.networks.size(), 2u);
    EXPECT_EQ(c.networks[1].name, "oftc");
    EXPECT_EQ(c.networks[1].port, 6667);
}

TEST(Config, SyntaxErrorsAndLongLines) {
    auto e = error_of("[bot]\nnick croupier\n");
    EXPECT_EQ(e.line, 2);
    auto e2 = error_of("[bot]\nrealname = " + std::string(250, 'x') + "\n");
    EXPECT_EQ(e2.line, 2);
    EXPECT_NE(std::string(e2.what()).find("too long: 261 characters"), std::string::npos)
        << e2.what();
    // The longest line that fits is accepted.
    auto fits =
        parse("[bot]\nrealname = " + std::string(186, 'y') + "\n" + with_network_line(""), "f.ini");
    EXPECT_EQ(fits.bot.realname.size(), 186u);
    auto e3 = error_of("nick = x\n[bot]\n");
    EXPECT_EQ(e3.line, 1);
    // Indentation is allowed and is not a continuation of the line above.
    auto c = parse("[network a]\n  host = h\n  port = 7000\n", "i.ini");
    EXPECT_EQ(c.networks[0].host, "h");
    EXPECT_EQ(c.networks[0].port, 7000);
}

TEST(Config, OverridesApplyAfterTheFileAndAreValidated) {
    std::vector<Override> ov = {
        {"network libera", "port", "7000", "replay.txt", 3},
        {"network replay", "host", "127.0.0.1", "replay.txt", 4},
        {"exordia8", "turn_timeout", "10s", "replay.txt", 5},
        {"network.replay", "channels", "#a #b", "replay.txt", 6},
    };
    auto c = parse(kMinimal, "croupier.ini", ov);
    ASSERT_EQ(c.networks.size(), 2u);
    EXPECT_EQ(c.networks[0].port, 7000);  // replaces the file's value: no duplicate
    EXPECT_EQ(c.networks[1].name, "replay");
    EXPECT_EQ(c.networks[1].host, "127.0.0.1");
    EXPECT_EQ(c.networks[1].channels, (std::vector<std::string>{"#a", "#b"}));
    EXPECT_EQ(c.games.at("exordia8").seconds("turn_timeout"), Seconds{10});
    EXPECT_EQ(c.games.at("exordia8").seconds("turn_warning"),
              Seconds{3});  // the default warning shrank to fit

    auto e = error_of(kMinimal, {{"network libera", "prot", "1", "replay.txt", 7}});
    EXPECT_EQ(e.file, "replay.txt");
    EXPECT_EQ(e.line, 7);
    EXPECT_NE(std::string(e.what()).find("replay.txt:7:"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("did you mean \"port\""), std::string::npos);

    auto e2 = error_of(kMinimal, {{"network fresh", "port", "1", "replay.txt", 9}});
    EXPECT_EQ(e2.file, "replay.txt");
    EXPECT_EQ(e2.line, 9);
    EXPECT_EQ(e2.key, "network fresh.host");

    // No file: only overrides, and no network needed.
    auto c2 = load("", {{"bot", "nick", "replaybot", "r.replay", 1}});
    EXPECT_EQ(c2.bot.nick, "replaybot");
    EXPECT_TRUE(c2.networks.empty());
}

TEST(Config, MissingFileIsAClearError) {
    try {
        load("/nonexistent/croupier.ini");
        FAIL() << "no error";
    } catch (const ConfigError& e) {
        std::string what = e.what();
        EXPECT_NE(what.find("/nonexistent/croupier.ini"), std::string::npos);
        EXPECT_NE(what.find("cannot read"), std::string::npos);
    }
    EXPECT_THROW(load(CROUPIER_SOURCE_DIR), ConfigError);  // a directory
}

TEST(Config, LoadFromFileNamesThePath) {
    auto dir =
        std::filesystem::temp_directory_path() / ("croupier-config-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    auto path = (dir / "c.ini").string();
    std::ofstream(path) << kMinimal << "[limits]\nuser_brust = 3\n";
    try {
        load(path);
        ADD_FAILURE() << "no error";
    } catch (const ConfigError& e) {
        EXPECT_EQ(e.file, path);
        EXPECT_EQ(e.line, 10);
        EXPECT_NE(std::string(e.what()).find(path + ":10:"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("\"user_burst\""), std::string::npos);
    }
    std::filesystem::remove_all(dir);
}

TEST(Config, Durations) {
    EXPECT_EQ(parse_duration("90s"), Seconds{90});
    EXPECT_EQ(parse_duration("5m"), Seconds{300});
    EXPECT_EQ(parse_duration("2h"), Seconds{7200});
    EXPECT_EQ(parse_duration("30d"), Seconds{30 * 86400});
    EXPECT_EQ(parse_duration("45"), Seconds{45});
    EXPECT_EQ(parse_duration("0"), Seconds{0});
    EXPECT_EQ(parse_duration("1h30m"), Seconds{5400});
    EXPECT_EQ(parse_duration(" 7s "), Seconds{7});
    EXPECT_FALSE(parse_duration(""));
    EXPECT_FALSE(parse_duration("-5s"));
    EXPECT_FALSE(parse_duration("5x"));
    EXPECT_FALSE(parse_duration("m"));
    EXPECT_FALSE(parse_duration("1h30"));
    EXPECT_FALSE(parse_duration("1.5h"));
    EXPECT_FALSE(parse_duration("99999999999999d"));
}

TEST(Config, SummaryHasNoPasswords) {
    auto c = parse(with_network_line("password = s3cretPASS\nsasl_user = bot\n"
                                     "sasl_password = hunter2hunter\nnickserv_password = nspw999\n"
                                     "admins = account:alice, *!*@staff.example\n"),
                   "s.ini");
    auto s = summarise(c);
    EXPECT_EQ(s.find("s3cretPASS"), std::string::npos);
    EXPECT_EQ(s.find("hunter2hunter"), std::string::npos);
    EXPECT_EQ(s.find("nspw999"), std::string::npos);
    EXPECT_NE(s.find("network libera: irc.example.org:6667"), std::string::npos) << s;
    EXPECT_NE(s.find("admins: 2"), std::string::npos) << s;
    EXPECT_NE(s.find("database: /var/lib/croupier/croupier.db"), std::string::npos) << s;
}

TEST(ConfigGameSections, AKindDeclaresItsOwnSectionWithoutTouchingConfig) {
    // A made-up kind: config/ knows nothing of it but what the spec says.
    SectionSpec dice;
    dice.name = "dice";
    dice.keys = {integer_key("sides", 6, 2, 100), duration_key("pause", Seconds{5}, 1s, 1h)};
    dice.finish = [](Section& s) {
        if (s.integer("sides") == 13) s.fail("sides", "thirteen is unlucky");
    };
    const std::string text = kMinimal + "[dice]\nsides = 20\n";
    auto c = croupier::config::parse(text, "d.ini", {}, {dice});
    EXPECT_EQ(c.games.at("dice").integer("sides"), 20);
    EXPECT_EQ(c.games.at("dice").seconds("pause"), Seconds{5});  // the default
    // Without the spec, the section is unknown.
    EXPECT_THROW(croupier::config::parse(text, "d.ini", {}, {}), ConfigError);
    // An unknown key names file, line and key, with a suggestion.
    try {
        croupier::config::parse(kMinimal + "[dice]\nsidez = 4\n", "d.ini", {}, {dice});
        FAIL() << "no error";
    } catch (const ConfigError& e) {
        EXPECT_EQ(e.file, "d.ini");
        EXPECT_EQ(e.line, 10);
        EXPECT_EQ(e.key, "dice.sidez");
        EXPECT_NE(std::string(e.what()).find("did you mean \"sides\""), std::string::npos);
    }
    // A bad value, and the kind's own check across keys, name the line the key is on.
    try {
        croupier::config::parse(kMinimal + "[dice]\npause = 2h\n", "d.ini", {}, {dice});
        FAIL() << "no error";
    } catch (const ConfigError& e) {
        EXPECT_EQ(e.line, 10);
        EXPECT_EQ(e.key, "dice.pause");
    }
    try {
        croupier::config::parse(kMinimal + "[dice]\n\nsides = 13\n", "d.ini", {}, {dice});
        FAIL() << "no error";
    } catch (const ConfigError& e) {
        EXPECT_EQ(e.line, 11);
        EXPECT_EQ(e.key, "dice.sides");
        EXPECT_NE(std::string(e.what()).find("thirteen is unlucky"), std::string::npos);
    }
}

TEST(Config, IdentitySectionReadsGuestHostsAndAccountRules) {
    auto c = parse(kMinimal +
                       "\n[identity]\nrated_needs_account = yes\n"
                       "guest_hosts = *@gateway/web/*, Shell.Example.ORG\n",
                   "croupier.ini");
    EXPECT_TRUE(c.identity.rated_needs_account);
    EXPECT_FALSE(c.identity.saved_needs_account);
    ASSERT_EQ(c.identity.guest_hosts.size(), 2u);
    EXPECT_EQ(c.identity.guest_hosts[0], "*@gateway/web/*");
    EXPECT_EQ(c.identity.guest_hosts[1], "*@shell.example.org");  // a bare host: any user
    EXPECT_TRUE(parse(kMinimal, "x.ini").identity.guest_hosts.empty());
    const auto e = error_of(kMinimal + "\n[identity]\nguest_hosts = nick!*@host\n");
    EXPECT_EQ(e.line, 11);
    EXPECT_EQ(e.key, "identity.guest_hosts");
}

TEST(Config, AnAdminMaskThatTrustsANickAloneIsWarnedAbout) {
    auto c = parse(kMinimal +
                       "admins = chief!*@*, boss!*@*.*, ok!~ok@home.example, "
                       "account:Chief, *!*@staff.example\n",
                   "croupier.ini");
    ASSERT_EQ(c.notices.size(), 2u);
    EXPECT_NE(c.notices[0].find("croupier.ini:9:"), std::string::npos) << c.notices[0];
    EXPECT_NE(c.notices[0].find("\"chief!*@*\" trusts a nick alone"), std::string::npos)
        << c.notices[0];
    EXPECT_NE(c.notices[1].find("boss!*@*.*"), std::string::npos) << c.notices[1];
}

TEST(Config, ANulByteInAValueNamesItsLineAndKey) {
    std::string text = kMinimal + "[limits]\nuser_burst = 5";
    text += '\0';
    text += "0\n";
    const auto e = error_of(text);
    EXPECT_EQ(e.line, 10);
    EXPECT_EQ(e.key, "user_burst");
    EXPECT_NE(std::string(e.what()).find("NUL"), std::string::npos) << e.what();
}

TEST(Config, TheDatabaseFolderMustExistAndBeWritable) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("croupier-paths-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    auto c = parse("[bot]\ndatabase = " + (dir / "x.db").string() + "\n" + kMinimal.substr(6),
                   "croupier.ini");
    EXPECT_NO_THROW(check_paths(c));
    c = parse(
        "[bot]\ndatabase = " + (dir / "missing" / "x.db").string() + "\n" + kMinimal.substr(6),
        "croupier.ini");
    try {
        check_paths(c);
        ADD_FAILURE() << "a missing folder passed";
    } catch (const ConfigError& e) {
        EXPECT_EQ(e.file, "croupier.ini");
        EXPECT_EQ(e.line, 2);
        EXPECT_EQ(e.key, "bot.database");
        EXPECT_NE(std::string(e.what()).find("does not exist"), std::string::npos) << e.what();
    }
    // The systemd unit's state directory is made at the first start.
    EXPECT_NO_THROW(check_paths(parse(kMinimal, "croupier.ini")));
    std::filesystem::remove_all(dir);
}

namespace {

// A server link's section, line by line: line 1 is the [network hub] header.
const std::string kLinkHead =
    "[network hub]\n"       // 1
    "host = 127.0.0.1\n"    // 2
    "channels = #cards\n";  // 3
const std::string kNgircd = kLinkHead +
                            "link = ngircd\n"                    // 4
                            "server_name = games.example.net\n"  // 5
                            "send_password = sendpw\n"           // 6
                            "receive_password = recvpw\n";       // 7

}  // namespace

TEST(ConfigLink, AServerLinkReadsItsKeys) {
    auto c = parse(kNgircd +
                       "server_description = Card games\n"
                       "recipient_rate = 2.5\nrecipient_burst = 7\n"
                       "channel_rate = 1.5\nchannel_burst = 4\n",
                   "croupier.ini");
    ASSERT_EQ(c.networks.size(), 1u);
    const auto& n = c.networks[0];
    EXPECT_EQ(n.link, LinkKind::Ngircd);
    EXPECT_TRUE(n.server_link());
    EXPECT_EQ(n.server_name, "games.example.net");
    EXPECT_EQ(n.server_description, "Card games");
    EXPECT_EQ(n.send_password, "sendpw");
    EXPECT_EQ(n.receive_password, "recvpw");
    EXPECT_DOUBLE_EQ(n.recipient_rate, 2.5);
    EXPECT_EQ(n.recipient_burst, 7);
    EXPECT_DOUBLE_EQ(n.channel_rate, 1.5);
    EXPECT_EQ(n.channel_burst, 4);
    // A client link is the default, with the link word in any case.
    EXPECT_EQ(parse(kLinkHead, "x").networks[0].link, LinkKind::Client);
    EXPECT_FALSE(parse(kLinkHead, "x").networks[0].server_link());
    EXPECT_EQ(parse(kLinkHead + "link = Client\n", "x").networks[0].link, LinkKind::Client);
    EXPECT_EQ(parse(kNgircd.substr(0, kNgircd.find("link = ")) + "link = NGIRCD\n" +
                        kNgircd.substr(kNgircd.find("server_name")),
                    "x")
                  .networks[0]
                  .link,
              LinkKind::Ngircd);
}

TEST(ConfigLink, EachServerLinkKeyIsRefusedOnAClientLink) {
    for (const std::string& line : std::vector<std::string>{
             "server_name = games.example.net", "server_description = Card games",
             "send_password = pw", "receive_password = pw", "sid = 42C", "recipient_rate = 2",
             "recipient_burst = 5", "channel_rate = 2", "channel_burst = 5"}) {
        const std::string key = line.substr(0, line.find(' '));
        for (const std::string& link :
             std::vector<std::string>{std::string(), std::string("link = client\n")}) {
            const auto e = error_of(kLinkHead + link + line + "\n");
            EXPECT_EQ(e.file, "croupier.ini") << line;
            EXPECT_EQ(e.line, link.empty() ? 4 : 5) << line;
            EXPECT_EQ(e.key, "network hub." + key) << line;
            const std::string what = e.what();
            EXPECT_NE(what.find("\"" + key + "\""), std::string::npos) << what;
            EXPECT_NE(what.find("link = ngircd"), std::string::npos) << what;
        }
    }
}

TEST(ConfigLink, ClientKeysAreRefusedOnAServerLink) {
    struct Case {
        std::string lines, key, hint;
    };
    for (const auto& c :
         std::vector<Case>{{"password = pw\n", "password", "send_password"},
                           {"sasl_user = bot\nsasl_password = pw\n", "sasl_user", "services"},
                           {"nickserv_password = pw\n", "nickserv_password", "services"},
                           {"flood_burst = 5\n", "flood_burst", "recipient_rate"},
                           {"flood_rate = 1\n", "flood_rate", "recipient_rate"}}) {
        const auto e = error_of(kNgircd + c.lines);
        EXPECT_EQ(e.file, "croupier.ini") << c.key;
        EXPECT_EQ(e.line, 8) << c.key;
        EXPECT_EQ(e.key, "network hub." + c.key);
        const std::string what = e.what();
        EXPECT_NE(what.find("link = ngircd"), std::string::npos) << what;
        EXPECT_NE(what.find(c.hint), std::string::npos) << what;
    }
}

TEST(ConfigLink, AServerLinkNeedsItsNameAndBothPasswords) {
    for (const std::string& key :
         std::vector<std::string>{"server_name", "send_password", "receive_password"}) {
        std::string text = kNgircd;
        const auto at = text.find(key + " = ");
        text.erase(at, text.find('\n', at) + 1 - at);
        const auto e = error_of(text);
        EXPECT_EQ(e.file, "croupier.ini") << key;
        EXPECT_EQ(e.line, 1) << key;  // missing: the section names it
        EXPECT_EQ(e.key, "network hub." + key);
        EXPECT_NE(std::string(e.what()).find("missing required key"), std::string::npos)
            << e.what();
    }
    // Empty is not given either.
    const auto e = error_of(kNgircd + "server_name =\n");
    EXPECT_EQ(e.key, "network hub.server_name");
    EXPECT_EQ(e.line, 8);
}

TEST(ConfigLink, ServerNameMustBeADottedName) {
    for (const std::string& bad : std::vector<std::string>{
             "games", "games.exa mple.net", "games_x.example.net", std::string(64, 'a') + ".net"}) {
        const auto e = error_of(kNgircd + "server_name = " + bad + "\n");
        EXPECT_EQ(e.line, 8) << bad;
        EXPECT_EQ(e.key, "network hub.server_name") << bad;
    }
}

TEST(ConfigLink, SidIsRequiredForInspircdAndChecked) {
    std::string insp = kNgircd;
    insp.replace(insp.find("ngircd"), 6, "inspircd");
    auto e = error_of(insp);
    EXPECT_EQ(e.line, 1);
    EXPECT_EQ(e.key, "network hub.sid");
    EXPECT_NE(std::string(e.what()).find("link = inspircd"), std::string::npos) << e.what();
    auto c = parse(insp + "sid = 42C\n", "x");
    EXPECT_EQ(c.networks[0].link, LinkKind::Inspircd);
    EXPECT_EQ(c.networks[0].sid, "42C");
    EXPECT_EQ(parse(insp + "sid = 999\n", "x").networks[0].sid, "999");
    for (const std::string& bad : std::vector<std::string>{"42c", "A42", "42", "4242", "4-C", ""}) {
        e = error_of(insp + "sid = " + bad + "\n");
        EXPECT_EQ(e.line, 8) << bad;
        EXPECT_EQ(e.key, "network hub.sid") << bad;
    }
    // ngircd has no server id.
    e = error_of(kNgircd + "sid = 42C\n");
    EXPECT_EQ(e.line, 8);
    EXPECT_EQ(e.key, "network hub.sid");
    EXPECT_NE(std::string(e.what()).find("inspircd"), std::string::npos) << e.what();
}

TEST(ConfigLink, ABadLinkWordIsRefused) {
    for (const std::string& bad : std::vector<std::string>{"unreal", "server", "ngircd2", ""}) {
        const auto e = error_of(kLinkHead + "link = " + bad + "\n");
        EXPECT_EQ(e.file, "croupier.ini") << bad;
        EXPECT_EQ(e.line, 4) << bad;
        EXPECT_EQ(e.key, "network hub.link") << bad;
    }
    EXPECT_NE(
        std::string(error_of(kLinkHead + "link = unreal\n").what()).find("not a kind of link"),
        std::string::npos);
}

TEST(ConfigLink, PacingKeysAreBounded) {
    for (const std::string& line : std::vector<std::string>{
             "recipient_rate = 0", "recipient_rate = 101", "recipient_burst = 0",
             "recipient_burst = 49", "channel_rate = 0.05", "channel_burst = 100",
             "channel_burst = x"}) {
        const auto e = error_of(kNgircd + line + "\n");
        EXPECT_EQ(e.line, 8) << line;
        EXPECT_EQ(e.key, "network hub." + line.substr(0, line.find(' '))) << line;
    }
}

TEST(ConfigLink, OverridesAreCheckedAcrossKeysToo) {
    // `set network hub.link = ngircd` on a client section: its server keys are now required.
    const auto e = error_of(kLinkHead, {{"network.hub", "link", "ngircd", "command line", 1}});
    EXPECT_EQ(e.key, "network hub.server_name");
}
