// SPDX-License-Identifier: GPL-3.0-or-later
// The InspIRCd server link (bot/irc/link_inspircd.cpp) driven through the replay engine
// with the lines Debian's inspircd 3.15 sent when croupier linked to it by hand.
#include <algorithm>
#include <sstream>

#include <gtest/gtest.h>

#include "bot/irc/network.hpp"
#include "bot/irc/replay_engine.hpp"
#include "tests/unit/link/link_app.hpp"

namespace croupier::bot {
namespace {

struct Recorder final : test::EventLog {
    void on_message(Network& net, const Source& from, const std::string& target,
                    const std::string& text, bool notice) override {
        events.push_back((notice ? "notice " : "message ") + from.nick + "!" + from.user + "@" +
                         from.host + " " + target + " " + text + " account=" + from.account);
        if (notice || text != "!ping") return;
        const std::string reply_to = net.is_channel(target) ? target : from.nick;
        net.privmsg(reply_to,
                    "pong " + from.nick + (from.account.empty() ? "" : " account=" + from.account));
    }
};

struct Result {
    int code;
    std::string err;
    std::vector<std::string> events;
};

Result run(const std::string& text) {
    config::NetworkConfig net;
    net.name = "insp";
    net.host = "replay.invalid";
    net.channels = {"#cards"};
    net.link = config::LinkKind::Inspircd;
    net.server_name = "games.test.local";
    net.server_description = "croupier games";
    net.send_password = "pw";
    net.receive_password = "pw";
    net.sid = "42C";
    config::BotConfig bot;
    const test::Played p = test::play_with<Recorder>(text, "inspircd.replay", bot, net);
    Result r{p.code, p.err, p.events};
    return r;
}

bool has(const std::vector<std::string>& ev, const std::string& e) {
    return std::find(ev.begin(), ev.end(), e) != ev.end();
}

// The handshake and the burst as inspircd 3.15 sent them (trimmed), then the users' lines.
const char* const kLink = R"(raw-registration
C: CAPAB START 1205
S: CAPAB START 1205
S: CAPAB MODSUPPORT :m_chghost.so m_services_account.so
S: CAPAB USERMODES :param-set:snomask=s simple:invisible=i simple:oper=o
S: CAPAB CAPABILITIES :NICKMAX=30 CHANMAX=64 MAXLINE=512 EXTBANS=RU CASEMAPPING=rfc1459 GLOBOPS=0
S: CAPAB END
C: CAPAB CAPABILITIES :CASEMAPPING=rfc1459
C: CAPAB END
C: SERVER games.test.local pw 0 42C :croupier games
S: SERVER irc.test.local pw 0 001 :test
C~ :42C BURST \d+
C~ :42C UID 42CAAAAAA \d+ croupier games.test.local games.test.local croupier 0.0.0.0 \d+ \+i :croupier card games
S: :001 BURST 1795821162
S: :001 SINFO version :InspIRCd-3. irc.test.local :
S: :001 SERVER services.test.local 99S burst=1795821244454 hidden=0 :services
S: :001 UID 001AAAAAA 1795821160 alice 127.0.0.1 cloak.alice al 127.0.0.1 1795821160 +os +cC :Alice
S: :001AAAAAA OPERTYPE :x
S: :99S UID 99SAAAAAA 1795821161 bob 10.0.0.1 10.0.0.1 bo 10.0.0.1 1795821161 + :Bob
S: :001 UID 001AAAAAB 1 dave
S: :001 FJOIN #cards 1795821161 +nt :o,001AAAAAA:0 ,99SAAAAAA:1
S: :001 METADATA #cards 1795821161 maxlist :b 100
S: :99S METADATA 001AAAAAA accountname :alice_acct
S: :001 ENDBURST
C: :42C FJOIN #cards 1795821161 + :o,42CAAAAAA
C: :42C ENDBURST
db registered
= yes
S: :001AAAAAA PRIVMSG #cards :!ping
C: :42CAAAAAA PRIVMSG #cards :pong alice account=alice_acct
S: :001 PING 42C
C: :42C PONG 001
S: :99SAAAAAA PRIVMSG 42CAAAAAA :!ping
C: :42CAAAAAA PRIVMSG bob :pong bob
S: :001AAAAAA FHOST new.host
S: :001AAAAAA NICK alice2 1795821170
S: :99S METADATA 001AAAAAA accountname :
S: :001AAAAAA PRIVMSG #cards :!ping
C: :42CAAAAAA PRIVMSG #cards :pong alice2
S: :99SAAAAAA PART #cards :bye
S: :99SAAAAAA IJOIN #cards 3
S: :001AAAAAA KILL 42CAAAAAA :Killed (alice2 (test))
C~ :42C UID 42CAAAAAB \d+ croupier games.test.local games.test.local croupier 0.0.0.0 \d+ \+i :.*
C: :42C FJOIN #cards 1795821161 + :o,42CAAAAAB
S: :99SAAAAAA PRIVMSG #cards :!ping
C: :42CAAAAAB PRIVMSG #cards :pong bob
S: :99S KICK #cards 42CAAAAAB :out
wait 31s
C: :42C FJOIN #cards 1795821161 + :o,42CAAAAAB
S: GARBAGE here
S: :001 FJOIN
S: :001 SQUIT 99S :split
S: :001AAAAAA QUIT :gone
S: :001AAAAAA PRIVMSG #cards :!ping
db registered
= yes
)";

TEST(Inspircd, LinksBurstsAndFollowsTheNetwork) {
    auto r = run(kLink);
    ASSERT_EQ(r.code, 0) << r.err;
    const auto& ev = r.events;
    std::string all;
    for (const auto& e : ev) all += e + "\n";
    EXPECT_TRUE(has(ev, "registered croupier")) << all;
    EXPECT_TRUE(has(ev, "join croupier #cards")) << all;
    EXPECT_TRUE(has(ev, "message alice!al@cloak.alice #cards !ping account=alice_acct")) << all;
    EXPECT_TRUE(has(ev, "message bob!bo@10.0.0.1 croupier !ping account=")) << all;
    EXPECT_TRUE(has(ev, "nick alice alice2")) << all;
    EXPECT_TRUE(has(ev, "message alice2!al@new.host #cards !ping account=")) << all;
    EXPECT_TRUE(has(ev, "part bob #cards")) << all;
    EXPECT_TRUE(has(ev, "join bob #cards")) << all;
    EXPECT_TRUE(has(ev, "disconnected")) << all;
    EXPECT_EQ(std::count(ev.begin(), ev.end(), "registered croupier"), 2) << all;
    EXPECT_TRUE(has(ev, "kick services.test.local #cards croupier")) << all;
    EXPECT_TRUE(has(ev, "quit bob")) << all;     // the SQUIT of services.test.local
    EXPECT_TRUE(has(ev, "quit alice2")) << all;  // QUIT
    // Nothing from alice after her QUIT.
    EXPECT_EQ(std::count_if(ev.begin(), ev.end(),
                            [](const std::string& e) { return e.starts_with("message alice2"); }),
              1)
        << all;
}

// A nick collision: the network renames the bot to its UID (SAVE). It answers there, and
// takes its nick back the moment the one holding it is gone; a user taking the bot's nick in
// the burst is the same.
TEST(Inspircd, CollidedBotTakesItsNickBack) {
    std::string text = kLink;
    text = text.substr(0, text.find("S: :001AAAAAA PRIVMSG #cards :!ping"));
    text +=
        R"(S: :001 UID 001AAAAAC 1795821100 croupier 10.0.0.3 10.0.0.3 cr 10.0.0.3 1795821100 + :Early
S: :001 SAVE 42CAAAAAA 1795821163
S: :001AAAAAC PRIVMSG 42CAAAAAA :!ping
C: :42CAAAAAA PRIVMSG croupier :pong croupier
S: :001AAAAAC NICK early 1795821180
C~ :42CAAAAAA NICK croupier \d+
S: :99SAAAAAA PRIVMSG croupier :!ping
C: :42CAAAAAA PRIVMSG bob :pong bob
S: :001 UID 001AAAAAD 1795821100 croupier 10.0.0.4 10.0.0.4 cr 10.0.0.4 1795821100 + :Late
S: :001 SAVE 42CAAAAAA 1795821190
S: :001AAAAAD QUIT :bye
C~ :42CAAAAAA NICK croupier \d+
S: :99SAAAAAA PRIVMSG croupier :!ping
C: :42CAAAAAA PRIVMSG bob :pong bob
db registered
= yes
)";
    auto r = run(text);
    ASSERT_EQ(r.code, 0) << r.err;
    std::string all;
    for (const auto& e : r.events) all += e + "\n";
    EXPECT_EQ(std::count(r.events.begin(), r.events.end(), "nick croupier 42CAAAAAA"), 2) << all;
    EXPECT_EQ(std::count(r.events.begin(), r.events.end(), "nick 42CAAAAAA croupier"), 2) << all;
    EXPECT_TRUE(has(r.events, "message croupier!cr@10.0.0.3 42CAAAAAA !ping account=")) << all;
}

TEST(Inspircd, WrongPasswordClosesTheLink) {
    auto r = run(R"(raw-registration
C: CAPAB START 1205
S: CAPAB START 1205
S: CAPAB CAPABILITIES :CASEMAPPING=ascii
S: CAPAB END
C: CAPAB CAPABILITIES :CASEMAPPING=ascii
C: CAPAB END
C~ SERVER games.test.local pw 0 42C :.*
S: SERVER irc.test.local nope 0 001 :test
C: ERROR :Bad password
db registered
= no
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

}  // namespace
}  // namespace croupier::bot
