// SPDX-License-Identifier: GPL-3.0-or-later
// The whole link (replay transport, line guard, CAP/SASL, libircclient over loopback, the
// queue) driven through the replay engine, with a small echo bot instead of the daemon.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "bot/irc/network.hpp"
#include "bot/irc/replay_engine.hpp"
#include "bot/log.hpp"
#include "tests/unit/link/link_app.hpp"

namespace croupier::bot {
namespace {

struct Echo final : test::EventLog {
    void on_message(Network& net, const Source& from, const std::string& target,
                    const std::string& text, bool notice) override {
        events.push_back((notice ? "notice " : "message ") + from.nick + " " + target + " " + text);
        if (notice) return;
        const std::string reply_to = net.is_channel(target) ? target : from.nick;
        if (text == "!ping") {
            net.privmsg(reply_to, "pong " + from.nick +
                                      (from.account.empty() ? "" : " account=" + from.account));
        } else if (text.rfind("!flood ", 0) == 0) {
            // Lines that each stand alone (a board's rows): never merged.
            const int n = std::stoi(text.substr(7));
            irc::SendOptions rows;
            rows.layout = true;
            for (int i = 1; i <= n; ++i) net.privmsg(reply_to, "flood " + std::to_string(i), rows);
        } else if (text.rfind("!chatter ", 0) == 0) {
            const int n = std::stoi(text.substr(9));
            for (int i = 1; i <= n; ++i) net.privmsg(reply_to, "chatter " + std::to_string(i));
        } else if (text == "!colours") {
            net.privmsg(reply_to, net.strips_colours(reply_to) ? "plain" : "colour");
        } else if (text == "!inject") {
            using namespace std::string_literals;
            net.privmsg(reply_to, "a\r\nQUIT :x\0y"s);
        } else if (text == "!long") {
            std::string s;
            for (int i = 0; i < 600; ++i) s += "\xC3\xA9";
            net.privmsg(reply_to, s);
        } else if (text == "!same") {
            net.privmsg(reply_to, net.same("Bob[1]", "bob{1}") ? "same" : "different");
        } else if (text == "!nick") {
            net.privmsg(reply_to, "I am " + net.nick());
        } else if (text.rfind("!join ", 0) == 0) {
            const std::string ch = text.substr(6);
            net.privmsg(reply_to, (net.join(ch) ? "join ok " : "join refused ") + ch);
        } else if (text.rfind("!part ", 0) == 0) {
            const std::string ch = text.substr(6);
            net.privmsg(reply_to, (net.part(ch) ? "part ok " : "part refused ") + ch);
        }
    }
};

using EchoApp = test::ListenerApp<Echo>;

struct Result {
    int code;
    std::string out, err;
    std::vector<std::string> events;
};

Result run(const std::string& text, config::NetworkConfig net = {}, config::BotConfig bot = {}) {
    if (net.name.empty()) net.name = "replay";
    if (net.host.empty()) net.host = "replay.invalid";
    if (net.channels.empty()) net.channels = {"#cards"};
    const test::Played p = test::play_with<Echo>(text, "test.replay", bot, net);
    Result r{p.code, p.out, p.err, p.events};
    return r;
}

TEST(Link, AutoRegistrationJoinsAndAnswers) {
    auto r = run(R"(
C: CAP LS 302
C: NICK croupier
C~ USER croupier 0 \* :.*
C: CAP END
C: JOIN #cards
C: MODE #cards
S: :alice!a@example.org PRIVMSG #cards :!ping
C: PRIVMSG #cards :pong alice
S: :alice!a@example.org PRIVMSG croupier :!ping
C: PRIVMSG alice :pong alice
db registered
= yes
)");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(std::find(r.events.begin(), r.events.end(), "registered croupier"), r.events.end());
    EXPECT_NE(std::find(r.events.begin(), r.events.end(), "join croupier #cards"), r.events.end());
}

TEST(Link, MissIsReportedWithFileAndLine) {
    auto r = run("S: :alice!a@example.org PRIVMSG #cards :!ping\nC: PRIVMSG #cards :pong bob\n");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("test.replay:2:"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("PRIVMSG #cards :pong alice"), std::string::npos) << r.err;
}

TEST(Link, ForbidFailsWhenTheLineWasSent) {
    auto r = run("S: :alice!a@example.org PRIVMSG #cards :!ping\nC! PRIVMSG .*\n");
    EXPECT_EQ(r.code, 1) << r.err;
}

TEST(Link, PrivmsgToANickThatMerelyStartsWithOursIsIgnored) {
    auto r = run(R"(
S: :alice!a@example.org PRIVMSG croupier2 :!ping
C! .*pong.*
S: :alice!a@example.org PRIVMSG CROUPIER :!ping
C: PRIVMSG alice :pong alice
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, CtcpVersionPingAnsweredOthersIgnoredNoneReachTheListener) {
    auto r =
        run("S: :alice!a@example.org PRIVMSG croupier :\x01VERSION\x01\n"
            "C~ NOTICE alice :\\x01VERSION croupier [0-9.]+\\x01\n"
            "S: :alice!a@example.org PRIVMSG croupier :\x01PING 12345\x01\n"
            "C: NOTICE alice :\x01PING 12345\x01\n"
            "S: :alice!a@example.org PRIVMSG croupier :\x01"
            "FINGER\x01\n"
            "C! .*alice.*\n"
            "S: :alice!a@example.org PRIVMSG #cards :\x01"
            "ACTION !ping\x01\n"
            "C! .*pong.*\n");
    EXPECT_EQ(r.code, 0) << r.err;
    for (const auto& e : r.events) EXPECT_EQ(e.find("message alice"), std::string::npos) << e;
}

TEST(Link, CtcpFloodGetsOneAnswerWhileOneIsWaiting) {
    std::string t = "wait 10s\nS: :alice!a@example.org PRIVMSG #cards :!flood 4\n";
    for (int i = 0; i < 5; ++i)
        t += "S: :mallory!m@example.org PRIVMSG croupier :\x01VERSION\x01\n";
    t += "C! NOTICE mallory .*\nwait 1s\nC~ NOTICE mallory :\\x01VERSION .*\nwait 10s\n"
         "C! NOTICE mallory .*\n";
    auto r = run(t);
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, GuardKeepsBadLinesFromLibircclient) {
    auto r =
        run("S: NICK nobody\n"
            "S: :alice!a@example.org NOTICE croupier\n"
            "S: :alice!a@example.org PRIVMSG #cards :\x01\n"
            "S: :alice!a@example.org PRIVMSG croupier :\x01"
            "DCC SEND f 1 2 3\x01\n"
            "S: :server.only\n"
            "S: :replay.invalid 001\n"
            "S: :alice!a@example.org PRIVMSG #cards :" +
            std::string(700, 'x') +
            "\n"
            "S: :alice!a@example.org PRIVMSG #cards :!ping\n"
            "C: PRIVMSG #cards :pong alice\n"
            // IRCv3 tags may make a line far longer than 512 bytes: stripped, not cut.
            "S: @x=" +
            std::string(3000, 'x') +
            ";account=bobby :bob!b@example.org PRIVMSG #cards :!ping\n"
            "C: PRIVMSG #cards :pong bob account=bobby\n");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, UserTextCannotInjectLines) {
    auto r =
        run("S: :alice!a@example.org PRIVMSG #cards :!inject\n"
            "C: PRIVMSG #cards :a  QUIT :x y\n");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, LongTextIsCutOnAUtf8BoundaryToFit512Bytes) {
    // ":croupier!croupier@bot.host PRIVMSG #cards :" is 44 bytes: 466 bytes of text fit,
    // which is 233 two-byte characters.
    auto r =
        run("S: :alice!a@example.org PRIVMSG #cards :!long\n"
            "C~ PRIVMSG #cards :(\xC3\xA9){233}\n");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, FloodControlIsFairBetweenTargets) {
    auto r = run(R"(
wait 10s
S: :alice!a@example.org PRIVMSG #cards :!flood 10
C: PRIVMSG #cards :flood 4
C! PRIVMSG #cards :flood 5
S: :bob!b@example.org PRIVMSG croupier :!ping
C! PRIVMSG bob :pong bob
wait 1s
C: PRIVMSG #cards :flood 5
C! PRIVMSG bob :pong bob
wait 1s
C: PRIVMSG bob :pong bob
C! PRIVMSG #cards :flood 6
wait 1s
C: PRIVMSG #cards :flood 6
db queued
= 4
wait 4s
C: PRIVMSG #cards :flood 10
db queued
= 0
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, LinesWaitingTogetherLeaveAsOne) {
    // The burst goes at once, line by line; what waits for the next token leaves as one line
    // (as Nagle's algorithm does for TCP), in order.
    auto r = run(R"(
wait 10s
S: :alice!a@example.org PRIVMSG #cards :!chatter 7
C: PRIVMSG #cards :chatter 4
C! PRIVMSG #cards :chatter 5.*
wait 1s
C: PRIVMSG #cards :chatter 5 · chatter 6 · chatter 7
db queued
= 0
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, ChannelModeCTracked) {
    if (std::getenv("LINK_DEBUG")) log::set_level(log::Level::Debug);
    auto r = run(R"(
S: :alice!a@example.org PRIVMSG #cards :!colours
C: PRIVMSG #cards :colour
S: :replay.invalid 324 croupier #cards +ntc
S: :alice!a@example.org PRIVMSG #cards :!colours
C: PRIVMSG #cards :plain
S: :op!o@example.org MODE #cards -c+o alice
S: :alice!a@example.org PRIVMSG #cards :!colours
C: PRIVMSG #cards :colour
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, CasemappingFromIsupport) {
    auto r = run(R"(
S: :alice!a@example.org PRIVMSG #cards :!same
C: PRIVMSG #cards :same
S: :replay.invalid 005 croupier CASEMAPPING=ascii :are supported
S: :alice!a@example.org PRIVMSG #cards :!same
C: PRIVMSG #cards :different
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, SaslPlainThenAccountTags) {
    config::NetworkConfig net;
    net.sasl_user = "croupier";
    net.sasl_password = "sesame";
    auto r = run(R"(raw-registration
C: CAP LS 302
C: NICK croupier
C: USER croupier 0 * :croupier card games
strict
S: :srv CAP * LS * :multi-prefix sasl=PLAIN,EXTERNAL
S: :srv CAP * LS :account-tag extended-join
C: CAP REQ :sasl account-tag extended-join
S: :srv CAP croupier ACK :sasl account-tag extended-join
C: AUTHENTICATE PLAIN
S: AUTHENTICATE +
C: AUTHENTICATE Y3JvdXBpZXIAY3JvdXBpZXIAc2VzYW1l
S: :srv 900 croupier croupier!croupier@h croupier :You are now logged in
S: :srv 903 croupier :SASL authentication successful
C: CAP END
S: :srv 001 croupier :Welcome
S: :srv 376 croupier :End of MOTD
C: JOIN #cards
S: :croupier!croupier@bot.host JOIN #cards * :croupier
C: MODE #cards
S: @account=alice_acct :alice!a@example.org PRIVMSG #cards :!ping
C: PRIVMSG #cards :pong alice account=alice_acct
S: :bob!b@example.org JOIN #cards bobacct :Bob
S: :bob!b@example.org PRIVMSG #cards :!ping
C: PRIVMSG #cards :pong bob account=bobacct
)",
                 net);
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, SaslFailureCarriesOnUnauthenticatedAndNickServFallback) {
    config::NetworkConfig net;
    net.sasl_user = "croupier";
    net.sasl_password = "wrong";
    net.nickserv_password = "ns-pass";
    auto r = run(R"(raw-registration
S: :srv CAP * LS :sasl
C: CAP REQ :sasl
S: :srv CAP croupier ACK :sasl
C: AUTHENTICATE PLAIN
S: AUTHENTICATE +
C~ AUTHENTICATE .+
S: :srv 904 croupier :SASL authentication failed
C: CAP END
S: :srv 001 croupier :Welcome
C: JOIN #cards
C: PRIVMSG NickServ :IDENTIFY ns-pass
)",
                 net);
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, RegistrationCannotHang) {
    config::NetworkConfig net;
    net.sasl_user = "croupier";
    net.sasl_password = "sesame";
    auto r = run(R"(raw-registration
S: :srv CAP * LS :sasl
C: CAP REQ :sasl
S: :srv CAP croupier ACK :sasl
C: AUTHENTICATE PLAIN
wait 59s
C! CAP END
wait 1s
C: CAP END
wait 59s
C! CAP LS 302
wait 3s
C: CAP LS 302
)",
                 net);
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, ServerWithoutCapAndWithPassword) {
    config::NetworkConfig net;
    net.password = "serverpass";
    auto r = run(R"(raw-registration
C: CAP LS 302
C: PASS serverpass
C: NICK croupier
S: :srv 421 croupier CAP :Unknown command
S: :srv 001 croupier :Welcome
C: JOIN #cards
C! CAP END
)",
                 net);
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, NickInUseTriesAlternatesThenUnderscoresAndRegains) {
    config::BotConfig bot;
    bot.alt_nicks = {"dealer"};
    auto r = run(R"(raw-registration
C: NICK croupier
S: :srv 433 * croupier :Nickname is already in use
C: NICK dealer
S: :srv 433 * dealer :Nickname is already in use
C: NICK croupier_
S: :srv 001 croupier_ :Welcome
db nick
= croupier_
S: :alice!a@example.org PRIVMSG croupier_ :!nick
C: PRIVMSG alice :I am croupier_
wait 60s
C: NICK croupier
S: :srv 433 croupier_ croupier :Nickname is already in use
S: :croupier!x@y QUIT :bye
C: NICK croupier
S: :croupier_!croupier@bot.host NICK :croupier
db nick
= croupier
)",
                 {}, bot);
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, GivesUpAfterTooManyRefusedNicks) {
    std::string t = "raw-registration\nC: NICK croupier\n";
    std::string nick = "croupier";
    for (int i = 0; i < 6; ++i) {
        t += "S: :srv 432 * " + nick + " :Erroneous nickname\n";
        nick += "_";
        if (i < 5) t += "C: NICK " + nick + "\n";
    }
    t += "C! NICK .*\nwait 2s\nC: CAP LS 302\n";
    auto r = run(t);
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, KeepaliveDropsASilentServerAndReconnectsWithBackoff) {
    auto r = run(R"(raw-registration
S: :srv 001 croupier :Welcome
wait 119s
C! PING :croupier-keepalive
wait 1s
C: PING :croupier-keepalive
wait 59s
db registered
= yes
wait 1s
db registered
= no
wait 2s
C: CAP LS 302
C: NICK croupier
)");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(std::find(r.events.begin(), r.events.end(), "disconnected"), r.events.end());
}

TEST(Link, KeepaliveAnsweredInAutoModeStaysConnected) {
    auto r = run(R"(
wait 2h
db registered
= yes
C! CAP LS 302
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, EventsReachTheListener) {
    auto r = run(R"(
S: :bob!b@example.org JOIN #cards
S: :bob!b@example.org NICK :robert
S: :op!o@example.org KICK #cards robert :out
S: :carol!c@example.org PART #cards :bye
S: :dave!d@example.org QUIT :gone
S: :erin!e@example.org NOTICE #cards :hello
)");
    EXPECT_EQ(r.code, 0) << r.err;
    auto has = [&](const std::string& e) {
        return std::find(r.events.begin(), r.events.end(), e) != r.events.end();
    };
    EXPECT_TRUE(has("join bob #cards"));
    EXPECT_TRUE(has("nick bob robert"));
    EXPECT_TRUE(has("kick op #cards robert"));
    EXPECT_TRUE(has("part carol #cards"));
    EXPECT_TRUE(has("quit dave"));
    EXPECT_TRUE(has("notice erin #cards hello"));
}

TEST(Link, BarePingIsAnsweredWithTheServerNameNotStaleBytes) {
    // libircclient reads past the end of "PING" and used to answer with whatever its buffer
    // held from before; the link answers a bare PING itself.
    auto r = run(R"(
S: PING :abc123
C: PONG abc123
S: PING
C: PONG replay.invalid
C! PONG.*abc123.*
C! PONG\s*
S: :irc.other.example PING
C: PONG irc.other.example
C! PONG.*abc123.*
S: PING :def456
C: PONG def456
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, BarePingBeforeRegistrationGetsABarePong) {
    auto r = run(R"(raw-registration
C: CAP LS 302
S: PING
C: PONG
S: :srv 001 croupier :Welcome
S: PING
C: PONG srv
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, CommandWithoutParametersStillReachesTheListener) {
    auto r = run(R"(
S: :dave!d@example.org QUIT
S: :erin!e@example.org PRIVMSG #cards :!ping
C: PRIVMSG #cards :pong erin
)");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(std::find(r.events.begin(), r.events.end(), "quit dave"), r.events.end());
}

TEST(Link, JoinTakesExactlyOneChannelName) {
    // "#a,0" is two channels to a server, and JOIN 0 parts every channel.
    auto r = run(R"(
wait 5s
S: :admin!a@example.org PRIVMSG croupier :!join #a,0
C: PRIVMSG admin :join refused #a,0
C! JOIN.*
wait 5s
S: :admin!a@example.org PRIVMSG croupier :!join 0
C: PRIVMSG admin :join refused 0
C! JOIN.*
wait 5s
S: :admin!a@example.org PRIVMSG croupier :!join #a #b
C: PRIVMSG admin :join refused #a #b
wait 5s
S: :admin!a@example.org PRIVMSG croupier :!join alice
C: PRIVMSG admin :join refused alice
wait 5s
S: :admin!a@example.org PRIVMSG croupier :!join #a:b
C: PRIVMSG admin :join refused #a:b
wait 5s
S: :admin!a@example.org PRIVMSG croupier :!join #
C: PRIVMSG admin :join refused #
C! JOIN.*
wait 5s
S: :admin!a@example.org PRIVMSG croupier :!part #cards,#x
C: PRIVMSG admin :part refused #cards,#x
C! PART.*
wait 5s
S: :admin!a@example.org PRIVMSG croupier :!join #ok
C~ (JOIN #ok|PRIVMSG admin :join ok #ok)
C~ (JOIN #ok|PRIVMSG admin :join ok #ok)
wait 5s
S: :admin!a@example.org PRIVMSG croupier :!join &local
C~ (JOIN &local|PRIVMSG admin :join ok &local)
C~ (JOIN &local|PRIVMSG admin :join ok &local)
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Link, RestartRegistersAgain) {
    auto r = run(R"(
C: JOIN #cards
restart
C: NICK croupier
C: JOIN #cards
S: :alice!a@example.org PRIVMSG #cards :!ping
C: PRIVMSG #cards :pong alice
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

// load-database FILE: relative to the transcript's folder, before the first S: line, once.
TEST(Transcript, LoadDatabaseComesBeforeTheServerSpeaks) {
    auto t = replay::parse_transcript("# c\nload-database data/old.sql\ndb SELECT 1\n= 1\n",
                                      "tests/replay/x.replay");
    EXPECT_EQ(t.load_database, "tests/replay/data/old.sql");
    ASSERT_EQ(t.steps.size(), 1u);  // not a step of its own
    EXPECT_EQ(
        replay::parse_transcript("load-database /abs/old.sql\n", "dir/x.replay").load_database,
        "/abs/old.sql");
    EXPECT_EQ(replay::parse_transcript("S: x\n", "x").load_database, "");
    EXPECT_THROW(replay::parse_transcript("S: x\nload-database a.sql\n", "x"),
                 replay::MalformedError);
    EXPECT_THROW(replay::parse_transcript("load-database a.sql\nload-database b.sql\n", "x"),
                 replay::MalformedError);
    EXPECT_THROW(replay::parse_transcript("load-database   \n", "x"), replay::MalformedError);
}

TEST(Transcript, MalformedDirectivesAreRejected) {
    EXPECT_THROW(replay::parse_transcript("bogus\n", "x"), replay::MalformedError);
    EXPECT_THROW(replay::parse_transcript("C~ (unclosed\n", "x"), replay::MalformedError);
    EXPECT_THROW(replay::parse_transcript("wait 5 parsecs\n", "x"), replay::MalformedError);
    EXPECT_THROW(replay::parse_transcript("db SELECT 1\nS: x\n", "x"), replay::MalformedError);
    EXPECT_THROW(replay::parse_transcript("S: x\nseed 4\n", "x"), replay::MalformedError);
    EXPECT_THROW(replay::parse_transcript("S: x\nraw-registration\n", "x"), replay::MalformedError);
    // Numbers libstdc++'s regex compiler would overflow on (found by fuzz_replay).
    EXPECT_THROW(replay::parse_transcript("C~ a\\5555555555555555555\n", "x"),
                 replay::MalformedError);
    EXPECT_THROW(replay::parse_transcript("C! a{1,5555555555555555555}\n", "x"),
                 replay::MalformedError);
    EXPECT_NO_THROW(replay::parse_transcript("C~ a{1,20} \\\\ \\{99999\n", "x"));
    try {
        replay::parse_transcript("# c\n\nS: x\nnope\n", "x");
        FAIL();
    } catch (const replay::MalformedError& e) {
        EXPECT_EQ(e.line, 4);
    }
    auto t = replay::parse_transcript(
        "seed 7\nset network replay.sasl_user = bob\nset exordia8.join_window = 30s\nwait "
        "500ms\n",
        "x");
    EXPECT_EQ(t.seed, 7u);
    ASSERT_EQ(t.overrides.size(), 2u);
    EXPECT_EQ(t.overrides[0].section, "network replay");
    EXPECT_EQ(t.overrides[0].key, "sasl_user");
    EXPECT_EQ(t.overrides[0].value, "bob");
    EXPECT_EQ(t.overrides[1].line, 3);
    ASSERT_EQ(t.steps.size(), 1u);
    EXPECT_EQ(t.steps[0].wait, Duration{500});
}

}  // namespace
}  // namespace croupier::bot

namespace croupier::bot {
namespace {

// The link's own transcripts in tests/replay/, played against the echo bot (the daemon
// plays them too, through croupierd --replay).
class LinkTranscripts : public ::testing::TestWithParam<const char*> {};

TEST_P(LinkTranscripts, Pass) {
    const std::string path = std::string(CROUPIER_SOURCE_DIR) + "/tests/replay/" + GetParam();
    std::ifstream in(path, std::ios::binary);
    ASSERT_TRUE(in) << path;
    std::stringstream buf;
    buf << in.rdbuf();
    auto t = replay::parse_transcript(buf.str(), path);
    const config::Config cfg = config::parse(
        "[bot]\nnick = croupier\n[network replay]\nhost = replay.invalid\nchannels = #cards\n",
        "test", t.overrides, {});
    replay::AppFactory make = [&](boost::asio::io_context& io, Clock& clock, TransportFactory f) {
        return std::make_unique<EchoApp>(io, clock, cfg.bot, cfg.networks.at(0), std::move(f));
    };
    std::ostringstream out, err;
    EXPECT_EQ(replay::play(t, make, false, out, err), 0) << err.str();
}

INSTANTIATE_TEST_SUITE_P(Files, LinkTranscripts,
                         ::testing::Values("registration.replay", "sasl-plain.replay",
                                           "ctcp-version.replay", "nick-in-use.replay"));

TEST(Record, WritesWhatTheBotSentAsCLines) {
    auto t = replay::parse_transcript(
        "# hello\nS: :alice!a@example.org PRIVMSG #cards :!ping\nC: PRIVMSG #cards :old\n", "x");
    config::BotConfig bot;
    config::NetworkConfig net;
    net.name = "replay";
    net.host = "replay.invalid";
    net.channels = {"#cards"};
    replay::AppFactory make = [&](boost::asio::io_context& io, Clock& clock, TransportFactory f) {
        return std::make_unique<EchoApp>(io, clock, bot, net, std::move(f));
    };
    std::ostringstream out, err;
    ASSERT_EQ(replay::play(t, make, true, out, err), 0) << err.str();
    const std::string s = out.str();
    EXPECT_NE(s.find("# hello\n"), std::string::npos) << s;
    EXPECT_NE(s.find("C: JOIN #cards\n"), std::string::npos) << s;
    EXPECT_NE(s.find("S: :alice!a@example.org PRIVMSG #cards :!ping\nC: PRIVMSG #cards :pong "
                     "alice\n"),
              std::string::npos)
        << s;
    EXPECT_EQ(s.find(":old"), std::string::npos) << s;
}

}  // namespace
}  // namespace croupier::bot
