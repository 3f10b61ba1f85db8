// SPDX-License-Identifier: GPL-3.0-or-later
// The ngircd server link (bot/irc/link_ngircd.cpp, bot/irc/server_link.cpp) driven through
// the replay engine's fake transport and virtual clock, with a small listener that records
// every event with the sender's whole identity and answers a few commands.
#include <algorithm>
#include <sstream>

#include <gtest/gtest.h>

#include "bot/irc/network.hpp"
#include "bot/irc/replay_engine.hpp"
#include "tests/unit/link/link_app.hpp"

namespace croupier::bot {
namespace {

std::string who(const Source& s) {
    return s.nick + "!" + s.user + "@" + s.host +
           (s.account.empty() ? "" : " account=" + s.account);
}

struct Recorder final : test::EventLog {
    std::string name(const Source& s) const override { return who(s); }
    void on_message(Network& net, const Source& from, const std::string& target,
                    const std::string& text, bool notice) override {
        events.push_back((notice ? "notice " : "message ") + who(from) + " " + target + " " + text);
        if (notice) return;
        const std::string reply_to = net.is_channel(target) ? target : from.nick;
        if (text == "!ping") {
            net.privmsg(reply_to, "pong " + from.nick);
        } else if (text.rfind("!flood ", 0) == 0) {
            irc::SendOptions rows;
            rows.layout = true;  // never merged
            const int n = std::stoi(text.substr(7));
            for (int i = 1; i <= n; ++i) net.privmsg(reply_to, "flood " + std::to_string(i), rows);
        } else if (text.rfind("!join ", 0) == 0) {
            net.privmsg(reply_to, net.join(text.substr(6)) ? "joined" : "refused");
        } else if (text.rfind("!part ", 0) == 0) {
            net.privmsg(reply_to, net.part(text.substr(6)) ? "parted" : "refused");
        }
    }
};

struct Result {
    int code;
    std::string err;
    std::vector<std::string> events;
    bool has(const std::string& e) const {
        return std::find(events.begin(), events.end(), e) != events.end();
    }
    std::size_t count(const std::string& e) const {
        return static_cast<std::size_t>(std::count(events.begin(), events.end(), e));
    }
    // Where an event first is (events.size() when it is not there).
    std::size_t at(const std::string& e) const {
        return static_cast<std::size_t>(std::find(events.begin(), events.end(), e) -
                                        events.begin());
    }
};

config::NetworkConfig ngircd() {
    config::NetworkConfig net;
    net.name = "replay";
    net.host = "replay.invalid";
    net.channels = {"#cards"};
    net.link = config::LinkKind::Ngircd;
    net.server_name = "games.example.net";
    net.server_description = "Card games";
    net.send_password = "sendpw";
    net.receive_password = "recvpw";
    return net;
}

Result run(const std::string& text, config::NetworkConfig net = ngircd()) {
    config::BotConfig bot;
    const test::Played p =
        test::play_with<Recorder>("server-link\n" + text, "link.replay", bot, net);
    Result r{p.code, p.err, p.events};
    return r;
}

// The handshake both ways and the peer's burst: alice (account alice_acct) and bob in #cards.
const std::string kLinked = R"(C~ PASS sendpw 0210-IRC\+ croupier\|[^ :]+:CM
C: SERVER games.example.net 1 :Card games
S: PASS recvpw 0210-IRC+ ngIRCd|26.1:CHLMSXZ PZ
S: :irc.peer.net SERVER irc.peer.net 1 :The hub
S: :irc.peer.net NICK alice 1 ~alice alice.example.org 1 +i :Alice
S: :irc.peer.net NICK bob 1 ~bob bob.example.org 1 +i :Bob
S: :irc.peer.net METADATA alice accountname alice_acct
S: :irc.peer.net NJOIN #cards :@alice,+bob
S: :irc.peer.net CHANINFO #cards +nt
S: :irc.peer.net PING :irc.peer.net
C: :games.example.net PONG games.example.net :irc.peer.net
C: :games.example.net NICK croupier 1 croupier games.example.net 1 +B :croupier card games
C: :games.example.net NJOIN #cards :@croupier
)";

TEST(NgircdLink, HandshakeAndBurst) {
    // The handshake is sent at once on connecting; from then on, nothing but the
    // expected lines.
    const auto cut = kLinked.find("S: ");
    auto r = run(kLinked.substr(0, cut) + "strict\n" + kLinked.substr(cut) +
                 "db registered\n= yes\ndb nick\n= croupier\n");
    EXPECT_EQ(r.code, 0) << r.err;
    ASSERT_TRUE(r.has("registered croupier"));
    ASSERT_TRUE(r.has("join croupier!croupier@games.example.net #cards"));
    EXPECT_LT(r.at("registered croupier"), r.at("join croupier!croupier@games.example.net #cards"));
    // The burst itself is the channel's NAMES, not joins the listener hears.
    for (const auto& e : r.events) EXPECT_EQ(e.find("join alice"), std::string::npos) << e;
}

TEST(NgircdLink, NothingBeforeThePeersPingIntroducesTheBot) {
    auto r = run(R"(C~ PASS .*
C: SERVER games.example.net 1 :Card games
S: PASS recvpw 0210-IRC+ ngIRCd|26.1:CHLMSXZ PZ
S: :irc.peer.net SERVER irc.peer.net 1 :The hub
C! .*NICK.*
db registered
= no
wait 59s
db registered
= no
S: :irc.peer.net PING :irc.peer.net
C~ :games.example.net NICK croupier .*
db registered
= yes
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(NgircdLink, AWrongPasswordDropsTheLink) {
    auto r = run(R"(C~ PASS sendpw .*
C: SERVER games.example.net 1 :Card games
S: PASS guessed 0210-IRC+ ngIRCd|26.1:CHLMSXZ PZ
C: ERROR :Bad password
C! .*PONG.*
C! .*NICK.*
db registered
= no
wait 3s
C~ PASS sendpw .*
C: SERVER games.example.net 1 :Card games
)");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_FALSE(r.has("registered croupier"));
}

TEST(NgircdLink, LinesBeforeThePeersPassAreSkipped) {
    auto r = run(R"(C~ PASS .*
C: SERVER games.example.net 1 :Card games
S: :irc.peer.net NICK mallory 1 ~m evil.example.org 1 +i :M
S: :irc.peer.net PING :irc.peer.net
C! .*PONG.*
S: ERROR :Access denied
S: PASS recvpw 0210-IRC+ ngIRCd|26.1:CHLMSXZ PZ
S: :irc.peer.net SERVER irc.peer.net 1 :The hub
S: :irc.peer.net PING :irc.peer.net
C: :games.example.net PONG games.example.net :irc.peer.net
S: :mallory PRIVMSG croupier :!ping
C! .*pong.*
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(NgircdLink, MessagesCarryTheUsersWholeIdentity) {
    auto r = run(kLinked + R"(S: :alice PRIVMSG #cards :!ping
C: :croupier PRIVMSG #cards :pong alice
S: :bob PRIVMSG croupier :!ping
C: :croupier PRIVMSG bob :pong bob
S: :alice PRIVMSG croupier@games.example.net :hello
S: :bob NOTICE #cards :psst
S: :irc.peer.net METADATA bob accountname bob_acct
S: :irc.peer.net METADATA bob cloakhost bob.cloak
S: :irc.peer.net METADATA bob user robert
S: :bob PRIVMSG #cards :again
S: :irc.peer.net METADATA bob accountname *
S: :bob PRIVMSG #cards :logged out
S: :irc.peer.net NOTICE #cards :from a server
S: :stranger PRIVMSG #cards :who am I
S: :alice PRIVMSG #elsewhere :not our channel
)");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.has("message alice!~alice@alice.example.org account=alice_acct #cards !ping"));
    EXPECT_TRUE(r.has("message bob!~bob@bob.example.org croupier !ping"));
    EXPECT_TRUE(r.has("message alice!~alice@alice.example.org account=alice_acct croupier hello"));
    EXPECT_TRUE(r.has("notice bob!~bob@bob.example.org #cards psst"));
    EXPECT_TRUE(r.has("message bob!robert@bob.cloak account=bob_acct #cards again"));
    EXPECT_TRUE(r.has("message bob!robert@bob.cloak #cards logged out"));
    for (const auto& e : r.events) {
        EXPECT_EQ(e.find("from a server"), std::string::npos) << e;
        EXPECT_EQ(e.find("stranger"), std::string::npos) << e;
        EXPECT_EQ(e.find("not our channel"), std::string::npos) << e;
    }
}

TEST(NgircdLink, CtcpVersionIsAnsweredFromTheBot) {
    auto r = run(kLinked +
                 "S: :alice PRIVMSG croupier :\x01VERSION\x01\n"
                 "C~ :croupier NOTICE alice :\\x01VERSION croupier [^\\x01]+\\x01\n");
    EXPECT_EQ(r.code, 0) << r.err;
    for (const auto& e : r.events) EXPECT_EQ(e.find("VERSION"), std::string::npos) << e;
}

TEST(NgircdLink, NickQuitKillAndJoinsReachTheListener) {
    auto r = run(kLinked + R"(S: :alice NICK alicia
S: :alicia PRIVMSG #cards :!ping
C: :croupier PRIVMSG #cards :pong alicia
S: :irc.peer.net NICK carol 1 ~carol carol.example.org 1 +i :Carol
S: :carol JOIN #cards
S: :carol PART #cards :bye
S: :carol JOIN #cards,#other
S: :alicia KICK #cards carol :out
S: :bob QUIT :gone
S: :bob PRIVMSG #cards :!ping
C! .*pong bob.*
S: :irc.peer.net KILL alicia :irc.peer.net (spam)
S: :alicia PRIVMSG #cards :!ping
C! .*pong.*
)");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.has("nick alice!~alice@alice.example.org account=alice_acct alicia"));
    EXPECT_TRUE(r.has("join carol!~carol@carol.example.org #cards"));
    EXPECT_TRUE(r.has("part carol!~carol@carol.example.org #cards"));
    EXPECT_EQ(r.count("join carol!~carol@carol.example.org #cards"), 2u);
    EXPECT_FALSE(r.has("join carol!~carol@carol.example.org #other"));  // not the bot's
    EXPECT_TRUE(r.has("kick alicia #cards carol"));
    EXPECT_TRUE(r.has("quit bob!~bob@bob.example.org"));
    EXPECT_TRUE(r.has("quit alicia!~alice@alice.example.org account=alice_acct"));
}

TEST(NgircdLink, ASplitServersUsersQuit) {
    auto r = run(kLinked + R"(S: :irc.peer.net SERVER leaf.example.net 2 2 :A leaf
S: :leaf.example.net SERVER twig.example.net 3 3 :Behind the leaf
S: :irc.peer.net NICK dave 2 ~dave dave.example.org 2 +i :Dave
S: :irc.peer.net NICK erin 3 ~erin erin.example.org 3 +i :Erin
S: :irc.peer.net NJOIN #cards :dave,erin
S: :dave PRIVMSG #cards :!ping
C: :croupier PRIVMSG #cards :pong dave
S: :irc.peer.net SQUIT leaf.example.net :net split
S: :dave PRIVMSG #cards :!ping
S: :erin PRIVMSG #cards :!ping
C! .*pong.*
S: :alice PRIVMSG #cards :!ping
C: :croupier PRIVMSG #cards :pong alice
)");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.has("quit dave!~dave@dave.example.org"));
    EXPECT_TRUE(r.has("quit erin!~erin@erin.example.org"));
    EXPECT_FALSE(r.has("quit alice!~alice@alice.example.org account=alice_acct"));
    EXPECT_FALSE(r.has("quit bob!~bob@bob.example.org"));
}

TEST(NgircdLink, ASquitOfOurselvesDropsTheLink) {
    auto r = run(kLinked + R"(S: :irc.peer.net SQUIT games.example.net :go away
db registered
= no
)");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.has("disconnected"));
}

TEST(NgircdLink, AKilledBotIsIntroducedAgain) {
    auto r = run(kLinked + R"(S: :irc.peer.net KILL croupier :irc.peer.net (Ghost)
C: :games.example.net NICK croupier 1 croupier games.example.net 1 +B :croupier card games
C: :games.example.net NJOIN #cards :@croupier
db registered
= yes
S: :alice PRIVMSG #cards :!ping
C: :croupier PRIVMSG #cards :pong alice
)");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.count("registered croupier"), 2u);
    EXPECT_EQ(r.count("join croupier!croupier@games.example.net #cards"), 2u);
    ASSERT_TRUE(r.has("disconnected"));
    // Away, then back: disconnected comes between the two registrations.
    const auto first = r.at("registered croupier");
    const auto gone = r.at("disconnected");
    EXPECT_LT(first, gone);
    EXPECT_LT(gone, static_cast<std::size_t>(
                        std::find(r.events.begin() + gone, r.events.end(), "registered croupier") -
                        r.events.begin()));
    // The members known before the kill are still the channel's.
    EXPECT_TRUE(r.has("message alice!~alice@alice.example.org account=alice_acct #cards !ping"));
}

TEST(NgircdLink, AKickedBotJoinsAgainAfterTheWait) {
    auto r = run(kLinked + R"(S: :alice KICK #cards croupier :out
S: :alice PRIVMSG #cards :!ping
C! .*pong.*
wait 29s
C! .*NJOIN.*
wait 1s
C: :games.example.net NJOIN #cards :@croupier
S: :alice PRIVMSG #cards :!ping
C: :croupier PRIVMSG #cards :pong alice
)");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.has("kick alice #cards croupier"));
    EXPECT_EQ(r.count("join croupier!croupier@games.example.net #cards"), 2u);
}

TEST(NgircdLink, TheBotJoinsAndPartsChannelsAfterTheBurst) {
    // carol is in #more before the bot: she is a member when it joins.
    auto r = run(kLinked + R"(S: :irc.peer.net NICK carol 1 ~carol carol.example.org 1 +i :Carol
S: :irc.peer.net NJOIN #more :carol
S: :alice PRIVMSG croupier :!join #more
C: :games.example.net NJOIN #more :@croupier
C: :croupier PRIVMSG alice :joined
S: :carol PRIVMSG #more :!ping
C: :croupier PRIVMSG #more :pong carol
S: :alice PRIVMSG croupier :!part #more
C~ :croupier PART #more( :.*)?
C: :croupier PRIVMSG alice :parted
S: :carol PRIVMSG #more :!ping
C! .*pong.*
)");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.has("join croupier!croupier@games.example.net #more"));
}

TEST(NgircdLink, KeepalivePingComesFromTheServerName) {
    auto r = run(kLinked + R"(S: :alice PRIVMSG #cards :!ping
C: :croupier PRIVMSG #cards :pong alice
wait 2m
C: :games.example.net PING games.example.net :irc.peer.net
S: :irc.peer.net PONG irc.peer.net :games.example.net
wait 2m
db registered
= yes
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(NgircdLink, EachRecipientIsPacedOnItsOwn) {
    // recipient_burst 10, recipient_rate 5: ten at once, then one every 200 ms; carol's
    // answer does not wait behind bob's backlog.
    auto r = run(kLinked + R"(S: :bob PRIVMSG croupier :!flood 15
C: :croupier PRIVMSG bob :flood 10
C! .*flood 11
S: :alice PRIVMSG croupier :!ping
C: :croupier PRIVMSG alice :pong alice
C! .*flood 11
db queued
= 5
wait 200ms
C: :croupier PRIVMSG bob :flood 11
C! .*flood 12
wait 800ms
C: :croupier PRIVMSG bob :flood 15
db queued
= 0
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(NgircdLink, AChannelHasABudgetOfItsOwn) {
    // channel_burst 5, channel_rate 3; a person asking in private is not held up by it.
    auto r = run(kLinked + R"(S: :alice PRIVMSG #cards :!flood 8
C: :croupier PRIVMSG #cards :flood 5
C! .*flood 6
S: :bob PRIVMSG croupier :!flood 3
C: :croupier PRIVMSG bob :flood 3
wait 334ms
C: :croupier PRIVMSG #cards :flood 6
C! .*flood 7
wait 700ms
C: :croupier PRIVMSG #cards :flood 8
db queued
= 0
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST(NgircdLink, MalformedLinesAreSkipped) {
    auto r = run(kLinked + "S: :irc.peer.net NICK a b c\n" +
                 "S: :irc.peer.net NICK\n"
                 "S: :irc.peer.net NICK a 1 u h 1 +i :x y z extra\n"  // 7+ params: a user
                 "S: :irc.peer.net NJOIN #cards :@nobody,,@,+\n"
                 "S: :irc.peer.net NJOIN #cards\n"
                 "S: :irc.peer.net NJOIN\n"
                 "S: :irc.peer.net METADATA nobody accountname x\n"
                 "S: :irc.peer.net METADATA alice\n"
                 "S: :alice PRIVMSG #cards :" +
                 std::string(8192, 'x') +
                 "\n"
                 "S: :alice PRIVMSG #cards\n"
                 "S: :alice PRIVMSG\n"
                 "S: :alice PRIVMSG #cards :\n"
                 "S: :irc.peer.net FROBNICATE a b c\n"
                 "S: FROBNICATE\n"
                 "S: :irc.peer.net 123\n"
                 "S: :irc.peer.net KILL\n"
                 "S: :irc.peer.net SQUIT\n"
                 "S: :irc.peer.net KICK #cards\n"
                 "S: :irc.peer.net KICK #cards nobody\n"
                 "S: :nobody QUIT\n"
                 "S: :nobody NICK x\n"
                 "S: :alice JOIN\n"
                 "S: :alice PART\n"
                 "S: :irc.peer.net MODE\n"
                 "S: :irc.peer.net CHANINFO\n"
                 "S: :irc.peer.net SERVER\n"
                 "S: :irc.peer.net PING\n"
                 "C: :games.example.net PONG games.example.net :irc.peer.net\n"
                 "S: :irc.peer.net\n"
                 "S: :alice PRIVMSG #cards :!ping\n"
                 "C: :croupier PRIVMSG #cards :pong alice\n");
    EXPECT_EQ(r.code, 0) << r.err;
    // The 8 KiB line is cut to the line limit and still read; nothing else reached the
    // listener.
    for (const auto& e : r.events) EXPECT_EQ(e.find("nobody"), std::string::npos) << e;
}

TEST(NgircdLink, AUserIntroducedTwiceIsTheSecond) {
    auto r = run(kLinked + R"(S: :irc.peer.net NICK alice 1 ~other other.example.org 1 +i :Other
S: :alice PRIVMSG #cards :!ping
C: :croupier PRIVMSG #cards :pong alice
S: :irc.peer.net NICK alice 1 ~third third.example.org 1 +i :Third
S: :alice NICK alice2
S: :alice2 PRIVMSG #cards :!ping
C: :croupier PRIVMSG #cards :pong alice2
S: :alice PRIVMSG #cards :!ping
C! .*pong alice$
)");
    EXPECT_EQ(r.code, 0) << r.err;
    // The second introduction's identity, without the first one's account.
    EXPECT_TRUE(r.has("message alice!~other@other.example.org #cards !ping"));
    EXPECT_TRUE(r.has("message alice2!~third@third.example.org #cards !ping"));
}

TEST(NgircdLink, AnotherUserWithTheBotsNickIsNotTheBot) {
    auto r = run(kLinked + R"(S: :irc.peer.net NICK croupier 1 ~x y.example.org 1 +i :Impostor
S: :croupier PRIVMSG #cards :!ping
C! .*pong.*
)");
    EXPECT_EQ(r.code, 0) << r.err;
}

}  // namespace
}  // namespace croupier::bot

namespace croupier::bot {
namespace {

TEST(Transcript, ServerLinkComesBeforeTheFirstStepAndImpliesRawRegistration) {
    auto t = replay::parse_transcript("# c\nserver-link\nset network replay.link = ngircd\n", "x");
    EXPECT_TRUE(t.server_link);
    EXPECT_TRUE(t.raw_registration);
    EXPECT_FALSE(replay::parse_transcript("S: x\n", "x").server_link);
    EXPECT_THROW(replay::parse_transcript("S: x\nserver-link\n", "x"), replay::MalformedError);
}

}  // namespace
}  // namespace croupier::bot
