// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/irc/text.hpp"

#include <gtest/gtest.h>

namespace croupier::bot::irc {
namespace {

std::vector<std::string> split(std::initializer_list<std::string_view> chunks) {
    LineSplitter s;
    std::vector<std::string> out;
    for (auto c : chunks) s.feed(c, out);
    return out;
}

TEST(LineSplitter, SplitsOnCrLfAndDropsEmpty) {
    EXPECT_EQ(split({"A\r\nB\nC\rD\r\n\r\n\n"}), (std::vector<std::string>{"A", "B", "C", "D"}));
}

TEST(LineSplitter, JoinsChunksAndKeepsPartialLine) {
    EXPECT_EQ(split({"PRIV", "MSG #a :h", "i\r", "\nPING"}),
              (std::vector<std::string>{"PRIVMSG #a :hi"}));
}

TEST(LineSplitter, DropsNul) {
    using namespace std::string_view_literals;
    EXPECT_EQ(split({"a\0b\r\n"sv}), (std::vector<std::string>{"ab"}));
}

TEST(LineSplitter, CutsOverlongLinesAndSkipsTheirRest) {
    const std::string longline(600, 'x');
    auto out = split({longline + "\r\nNEXT\r\n"});
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0].size(), kMaxLine);
    EXPECT_EQ(out[1], "NEXT");
}

TEST(LineSplitter, TaggedLinesMayBeLonger) {
    LineSplitter s(kMaxTaggedLine);
    std::vector<std::string> out;
    const std::string line = "@" + std::string(4000, 't') + " :a!b@c PRIVMSG #c :hi";
    s.feed(line + "\r\n", out);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0], line);
    EXPECT_EQ(strip_tags(out[0]), ":a!b@c PRIVMSG #c :hi");
}

TEST(Message, ParsesTagsPrefixParams) {
    Message m;
    ASSERT_TRUE(parse_message("@account=al\\sice;x :alice!a@h PRIVMSG #c :hello there", m));
    EXPECT_EQ(m.tags.at("account"), "al ice");
    EXPECT_EQ(m.tags.at("x"), "");
    EXPECT_EQ(m.prefix, "alice!a@h");
    EXPECT_EQ(m.nick(), "alice");
    EXPECT_EQ(m.command, "PRIVMSG");
    EXPECT_EQ(m.params, (std::vector<std::string>{"#c", "hello there"}));
    EXPECT_FALSE(parse_message(":only.prefix", m));
    EXPECT_EQ(strip_tags("@a=b :x PING y"), ":x PING y");
    EXPECT_EQ(strip_tags("PING y"), "PING y");
}

TEST(Guard, AcceptsOrdinaryLines) {
    EXPECT_TRUE(safe_for_libircclient(":a!b@c PRIVMSG #cards :!play 9h"));
    EXPECT_TRUE(safe_for_libircclient(":srv 001 croupier :Welcome"));
    EXPECT_TRUE(safe_for_libircclient("PING :token"));
    EXPECT_TRUE(safe_for_libircclient(":a!b@c QUIT"));
    EXPECT_TRUE(safe_for_libircclient(":a!b@c PRIVMSG croupier :\x01VERSION\x01"));
    EXPECT_TRUE(safe_for_libircclient(":a!b@c KICK #c bob :bye"));
}

TEST(Guard, RefusesLinesLibircclientChokesOn) {
    EXPECT_FALSE(safe_for_libircclient(""));
    EXPECT_FALSE(safe_for_libircclient(":prefixonly"));
    EXPECT_FALSE(safe_for_libircclient(": PRIVMSG #c :x"));
    EXPECT_FALSE(safe_for_libircclient(":a!b@c  PRIVMSG #c :x"));    // empty command
    EXPECT_FALSE(safe_for_libircclient(":srv 001"));                 // numeric, no params
    EXPECT_FALSE(safe_for_libircclient("NICK newnick"));             // no origin
    EXPECT_FALSE(safe_for_libircclient(":a!b@c NOTICE croupier"));   // NOTICE without text
    EXPECT_FALSE(safe_for_libircclient(":a!b@c PRIVMSG #c :"));      // empty text
    EXPECT_FALSE(safe_for_libircclient(":a!b@c PRIVMSG #c :\x01"));  // half CTCP
    EXPECT_FALSE(
        safe_for_libircclient(":a!b@c PRIVMSG me :\x01"
                              "DCC SEND x 1 2 3\x01"));
    EXPECT_FALSE(safe_for_libircclient(":a!b@c KICK #c"));
    EXPECT_FALSE(safe_for_libircclient("@tag=1 :a!b@c PRIVMSG #c :x"));  // tags not stripped
    EXPECT_FALSE(safe_for_libircclient(std::string(":a!b@c PRIVMSG #c :") + std::string(600, 'x')));
    EXPECT_FALSE(safe_for_libircclient(":a!b@c PRIVMSG #c :a\r\nQUIT"));
}

TEST(Sanitise, ReplacesCrLfNul) {
    using namespace std::string_view_literals;
    EXPECT_EQ(sanitise("a\r\nJOIN #x\0y"sv), "a  JOIN #x y");
}

TEST(CutUtf8, NeverSplitsASequence) {
    const std::string e = "\xC3\xA9";   // é
    const std::string s = "a" + e + e;  // 5 bytes
    EXPECT_EQ(cut_utf8(s, 5), s);
    EXPECT_EQ(cut_utf8(s, 4), "a" + e);
    EXPECT_EQ(cut_utf8(s, 3), "a" + e);
    EXPECT_EQ(cut_utf8(s, 2), "a");
    EXPECT_EQ(cut_utf8("\xF0\x9F\x82\xA1", 3), "");  // a 4-byte playing card
}

TEST(TextBudget, FitsThe512ByteLineWithTheServersPrefix) {
    // ":croupier!croupier@bot.host PRIVMSG #cards :" + text + "\r\n" == 512
    const std::size_t b = text_budget("croupier", "croupier", "bot.host", "PRIVMSG", "#cards");
    const std::string prefix = ":croupier!croupier@bot.host PRIVMSG #cards :";
    EXPECT_EQ(prefix.size() + b + 2, 512u);
    // Unknown user and host count as 10 and 63 bytes.
    EXPECT_EQ(text_budget("n", "", "", "NOTICE", "t"),
              512u - 2 - (1 + 1 + 1 + 10 + 1 + 63 + 1) - (6 + 1 + 1 + 2));
}

TEST(Casemapping, FoldsPerMapping) {
    EXPECT_EQ(fold("Nick[A]\\~", CaseMapping::Rfc1459), "nick{a}|^");
    EXPECT_EQ(fold("Nick[A]\\~", CaseMapping::StrictRfc1459), "nick{a}|~");
    EXPECT_EQ(fold("Nick[A]\\~", CaseMapping::Ascii), "nick[a]\\~");
    CaseMapping cm;
    EXPECT_TRUE(parse_casemapping("strict-rfc1459", cm));
    EXPECT_EQ(cm, CaseMapping::StrictRfc1459);
    EXPECT_FALSE(parse_casemapping("rfc7613", cm));
}

TEST(Base64, KnownVectors) {
    EXPECT_EQ(base64(""), "");
    EXPECT_EQ(base64("f"), "Zg==");
    EXPECT_EQ(base64("fo"), "Zm8=");
    EXPECT_EQ(base64("foo"), "Zm9v");
    EXPECT_EQ(base64("foobar"), "Zm9vYmFy");
}

TEST(SaslPlain, EncodesUserUserPassword) {
    using namespace std::string_literals;
    auto p = sasl_plain_payloads("jilles", "sesame");
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0], base64("jilles\0jilles\0sesame"s));
    EXPECT_EQ(p[0], "amlsbGVzAGppbGxlcwBzZXNhbWU=");
}

TEST(SaslPlain, SplitsInto400ByteChunksWithPlusAfterAFullOne) {
    // user\0user\0pass: 2*u + p + 2 bytes; base64 of 300 bytes is exactly 400 characters.
    const std::string user(49, 'u');
    const std::string pass(300 - 2 * 49 - 2, 'p');
    auto exact = sasl_plain_payloads(user, pass);
    ASSERT_EQ(exact.size(), 2u);
    EXPECT_EQ(exact[0].size(), 400u);
    EXPECT_EQ(exact[1], "+");

    auto longer = sasl_plain_payloads(user, pass + "pppp");
    ASSERT_EQ(longer.size(), 2u);
    EXPECT_EQ(longer[0].size(), 400u);
    EXPECT_NE(longer[1], "+");
    EXPECT_EQ(longer[0] + longer[1], base64(user + '\0' + user + '\0' + pass + "pppp"));
}

}  // namespace
}  // namespace croupier::bot::irc
