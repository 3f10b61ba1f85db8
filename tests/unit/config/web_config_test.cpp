// SPDX-License-Identifier: GPL-3.0-or-later
// The [web] section (docs/WEB.md): listen and public_url, and their errors with file, line
// and key.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "bot/kinds/kinds.hpp"
#include "config/config.hpp"

using namespace croupier::config;

namespace {

const std::string kMinimal =
    "[bot]\n"
    "nick = dealer\n"
    "\n"
    "[network libera]\n"
    "host = irc.example.org\n"
    "channels = #cards\n";

Config parse_text(const std::string& text) {
    return croupier::config::parse(text, "croupier.ini", {}, croupier::bot::kind_specs());
}

ConfigError web_error(const std::string& key_line) {
    try {
        parse_text(kMinimal + "\n[web]\n" + key_line + "\n");
    } catch (const ConfigError& e) {
        return e;
    }
    ADD_FAILURE() << "no error for " << key_line;
    return ConfigError("", 0, "", "none");
}

}  // namespace

TEST(ConfigWeb, AbsentOrEmptyListenIsOff) {
    EXPECT_FALSE(parse_text(kMinimal).web.enabled());
    const auto c = parse_text(kMinimal + "\n[web]\nlisten =\npublic_url =\n");
    EXPECT_FALSE(c.web.enabled());
    EXPECT_EQ(c.web.public_url, "");
    EXPECT_NE(summarise(c).find("web: off"), std::string::npos);
}

TEST(ConfigWeb, ListenTakesANumericAddressAndAPort) {
    auto c = parse_text(kMinimal + "\n[web]\nlisten = 127.0.0.1:8080\n");
    EXPECT_TRUE(c.web.enabled());
    EXPECT_EQ(c.web.host, "127.0.0.1");
    EXPECT_EQ(c.web.port, 8080);
    c = parse_text(kMinimal + "\n[web]\nlisten = [::1]:65535\npublic_url = https://x.org/cards/\n");
    EXPECT_EQ(c.web.host, "::1");
    EXPECT_EQ(c.web.port, 65535);
    EXPECT_EQ(c.web.public_url, "https://x.org/cards");  // the trailing / goes
    EXPECT_NE(summarise(c).find("web: pages on ::1:65535, public at https://x.org/cards"),
              std::string::npos)
        << summarise(c);
}

TEST(ConfigWeb, BadValuesNameFileLineAndKey) {
    for (const char* bad : {"listen = 8080", "listen = localhost:8080", "listen = 127.0.0.1:",
                            "listen = 127.0.0.1:0", "listen = 127.0.0.1:70000",
                            "listen = 127.0.0.1:80a", "listen = ::1:8080", "listen = 1.2.3:80"}) {
        const auto e = web_error(bad);
        EXPECT_EQ(e.file, "croupier.ini") << bad;
        EXPECT_EQ(e.line, 9) << bad;
        EXPECT_EQ(e.key, "web.listen") << bad;
        EXPECT_NE(std::string(e.what()).find("[web] key \"listen\""), std::string::npos)
            << e.what();
    }
    for (const char* bad :
         {"public_url = example.org", "public_url = ftp://x.org", "public_url = https://",
          "public_url = https://x.org/<b>", "public_url = http:///path"}) {
        const auto e = web_error(bad);
        EXPECT_EQ(e.line, 9) << bad;
        EXPECT_EQ(e.key, "web.public_url") << bad;
    }
    for (const char* bad :
         {"max_connections = 0", "max_connections = 4097", "max_connections = -1",
          "max_connections = many", "max_connections = 12x", "max_connections ="}) {
        const auto e = web_error(bad);
        EXPECT_EQ(e.line, 9) << bad;
        EXPECT_EQ(e.key, "web.max_connections") << bad;
        EXPECT_NE(std::string(e.what()).find("[web] key \"max_connections\""), std::string::npos)
            << e.what();
    }
    const auto e = web_error("lisen = 127.0.0.1:8080");
    EXPECT_EQ(e.key, "web.lisen");
    EXPECT_NE(std::string(e.what()).find("did you mean \"listen\""), std::string::npos) << e.what();
}

// 200 page requests at once are served (docs/WEB.md, "Under load"): the default is 256.
TEST(ConfigWeb, MaxConnectionsDefaultsTo256AndTakes1To4096) {
    EXPECT_EQ(parse_text(kMinimal).web.max_connections, 256);
    auto c = parse_text(kMinimal + "\n[web]\nlisten = 127.0.0.1:8080\nmax_connections = 1\n");
    EXPECT_EQ(c.web.max_connections, 1);
    c = parse_text(kMinimal + "\n[web]\nlisten = 127.0.0.1:8080\nmax_connections = 4096\n");
    EXPECT_EQ(c.web.max_connections, 4096);
    EXPECT_NE(summarise(c).find("web: pages on 127.0.0.1:8080, at most 4096 connections at once, "
                                "1024 from one address"),
              std::string::npos)
        << summarise(c);
}

TEST(ConfigWeb, TheExampleFileListensOnLoopbackAndDocumentsItsKeys) {
    const auto path = std::string(CROUPIER_SOURCE_DIR) + "/config/croupier.ini.example";
    const auto c = croupier::config::load(path, {}, croupier::bot::kind_specs());
    EXPECT_EQ(c.web.host, "127.0.0.1");
    EXPECT_EQ(c.web.port, 8080);
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("\n[web]\n"), std::string::npos);
    EXPECT_NE(text.find("\nlisten = "), std::string::npos);
    EXPECT_NE(text.find("\npublic_url ="), std::string::npos);
    EXPECT_NE(text.find("\nmax_connections = 256\n"), std::string::npos);
    EXPECT_EQ(c.web.max_connections, 256);
}

// One address may hold a quarter of max_connections unless said; never more than all of them.
TEST(ConfigWeb, MaxPerAddressDefaultsToAQuarterAndStaysUnderTheWhole) {
    EXPECT_EQ(parse_text(kMinimal).web.per_address(), 64);
    auto c = parse_text(kMinimal + "\n[web]\nlisten = 127.0.0.1:8080\nmax_connections = 3\n");
    EXPECT_EQ(c.web.per_address(), 1);
    c = parse_text(
        kMinimal +
        "\n[web]\nlisten = 127.0.0.1:8080\nmax_connections = 10\nmax_per_address = 10\n");
    EXPECT_EQ(c.web.per_address(), 10);
    EXPECT_NE(summarise(c).find("at most 10 connections at once, 10 from one address"),
              std::string::npos)
        << summarise(c);
    try {
        parse_text(
            kMinimal +
            "\n[web]\nlisten = 127.0.0.1:8080\nmax_connections = 10\nmax_per_address = 11\n");
        ADD_FAILURE() << "no error for max_per_address over max_connections";
    } catch (const ConfigError& e) {
        EXPECT_EQ(e.line, 11);
        EXPECT_EQ(e.key, "web.max_per_address");
        EXPECT_NE(std::string(e.what()).find("more than max_connections (10)"), std::string::npos)
            << e.what();
    }
    const auto e = web_error("max_per_address = 0");
    EXPECT_EQ(e.key, "web.max_per_address");
}
