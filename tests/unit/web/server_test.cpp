// SPDX-License-Identifier: GPL-3.0-or-later
// The web server over real sockets: a free port, plain requests, the limits (docs/WEB.md).
#include <gtest/gtest.h>

#include <zlib.h>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

#include <chrono>
#include <thread>

#include <SQLiteCpp/Database.h>

#include "bot/web/server.hpp"
#include "bot/web/site.hpp"
#include "fixture.hpp"

using namespace croupier;
using namespace croupier::bot;
using namespace croupier::bot::web;
using namespace croupier::bot::web::test;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

class ServerTest : public ::testing::Test {
  protected:
    void SetUp() override {
        path = (dir.path / "croupier.db").string();
        db = std::make_unique<storage::Database>(path);
        kinds = all_kinds();
    }
    std::unique_ptr<Server> serve(ServerOptions o = {}) {
        o.host = "127.0.0.1";
        o.port = 0;
        auto s =
            std::make_unique<Server>(o, [this] { return std::make_unique<Site>(path, kinds, ""); });
        EXPECT_TRUE(s->start());
        return s;
    }
    TempDir dir;
    std::string path;
    std::unique_ptr<storage::Database> db;
    std::vector<std::shared_ptr<GameKind>> kinds;
};

tcp::socket connect(asio::io_context& io, std::uint16_t port) {
    tcp::socket s(io);
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    return s;
}

// A connection from `source` (any loopback address: 127.0.0.2 is another address).
tcp::socket connect_from(asio::io_context& io, std::uint16_t port, const char* source) {
    tcp::socket s(io);
    s.open(tcp::v4());
    s.bind(tcp::endpoint(asio::ip::make_address(source), 0));
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    return s;
}

// Sends `request` from `source` and reads until the server closes the connection.
std::string exchange_from(std::uint16_t port, const char* source, const std::string& request) {
    asio::io_context io;
    auto s = connect_from(io, port, source);
    asio::write(s, asio::buffer(request));
    std::string out;
    boost::system::error_code ec;
    char buf[4096];
    for (;;) {
        const std::size_t n = s.read_some(asio::buffer(buf), ec);
        out.append(buf, n);
        if (ec) break;
    }
    return out;
}

std::string exchange(std::uint16_t port, const std::string& request) {
    return exchange_from(port, "127.0.0.1", request);
}

// A header's value in a response ("" when absent).
std::string header_of(const std::string& response, const std::string& name) {
    const auto end = response.find("\r\n\r\n");
    const std::string key = "\r\n" + name + ": ";
    const auto p = response.find(key);
    if (p == std::string::npos || p > end) return "";
    const auto v = p + key.size();
    return response.substr(v, response.find("\r\n", v) - v);
}

// A gzip body inflated (zlib), or "<bad gzip>".
std::string gunzip(const std::string& in) {
    z_stream z{};
    if (inflateInit2(&z, 15 + 16) != Z_OK) return "<bad gzip>";
    std::string out;
    char buf[16384];
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z.avail_in = static_cast<uInt>(in.size());
    int rc = Z_OK;
    while (rc == Z_OK) {
        z.next_out = reinterpret_cast<Bytef*>(buf);
        z.avail_out = sizeof buf;
        rc = inflate(&z, Z_NO_FLUSH);
        out.append(buf, sizeof buf - z.avail_out);
    }
    inflateEnd(&z);
    return rc == Z_STREAM_END ? out : "<bad gzip>";
}

int status_of(const std::string& response) {
    if (response.size() < 12 || response.rfind("HTTP/1.", 0) != 0) return 0;
    return std::stoi(response.substr(9, 3));
}

std::string body_of(const std::string& response) {
    const auto p = response.find("\r\n\r\n");
    return p == std::string::npos ? "" : response.substr(p + 4);
}

}  // namespace

TEST_F(ServerTest, AnswersGetAndHeadOnAFreePort) {
    auto server = serve();
    ASSERT_NE(server->port(), 0);
    const std::string get =
        exchange(server->port(), "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_of(get), 200) << get;
    EXPECT_NE(get.find("Content-Type: text/html; charset=utf-8"), std::string::npos);
    EXPECT_NE(get.find("Content-Security-Policy: default-src 'none'"), std::string::npos);
    // The search box sends to this site, and only there.
    EXPECT_NE(get.find("form-action 'self'"), std::string::npos);
    EXPECT_NE(body_of(get).find("<!doctype html>"), std::string::npos);
    const std::string api =
        exchange(server->port(), "GET /api/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_of(api), 200);
    EXPECT_EQ(body_of(api).rfind("{\"open\":[]", 0), 0u) << api;
    const std::string head =
        exchange(server->port(), "HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_of(head), 200);
    EXPECT_NE(head.find("Content-Length: " + std::to_string(body_of(get).size())),
              std::string::npos)
        << head;
    EXPECT_EQ(body_of(head), "");
    EXPECT_EQ(status_of(exchange(server->port(),
                                 "GET /game/12 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")),
              404);
    EXPECT_EQ(status_of(exchange(server->port(),
                                 "GET /game/x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")),
              400);
}

TEST_F(ServerTest, KeepsAConnectionAliveForSeveralRequests) {
    auto server = serve();
    const std::string both =
        exchange(server->port(),
                 "GET /api/ HTTP/1.1\r\nHost: x\r\n\r\n"
                 "GET /api/top/spider HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_of(both), 200);
    EXPECT_NE(both.find("HTTP/1.1 200", 12), std::string::npos) << both;
    EXPECT_NE(both.find("\"game\":\"spider\""), std::string::npos);
}

TEST_F(ServerTest, RefusesOtherMethodsBodiesAndOverlongRequests) {
    auto server = serve();
    const std::string post =
        exchange(server->port(), "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n");
    EXPECT_EQ(status_of(post), 405) << post;
    EXPECT_NE(post.find("Allow: GET, HEAD"), std::string::npos);
    EXPECT_EQ(status_of(exchange(server->port(),
                                 "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")),
              413);
    EXPECT_EQ(status_of(exchange(server->port(), "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " +
                                                     std::string(9000, 'a') + "\r\n\r\n")),
              431);
    EXPECT_EQ(status_of(exchange(server->port(), "GET /" + std::string(3000, 'a') +
                                                     " HTTP/1.1\r\nHost: x\r\n\r\n")),
              414);
    EXPECT_EQ(status_of(exchange(server->port(), "BLAH\r\n\r\n")), 400);
    EXPECT_EQ(status_of(exchange(server->port(), "GET x HTTP/1.1\r\nHost: x\r\n\r\n")), 400);
}

TEST_F(ServerTest, CapsConnectionsAndClosesIdleOnes) {
    ServerOptions o;
    o.max_connections = 2;
    o.read_timeout = std::chrono::milliseconds(1500);
    auto server = serve(o);
    asio::io_context io;
    auto a = connect(io, server->port());
    auto b = connect(io, server->port());
    for (int i = 0; i < 100 && server->connections() < 2; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_EQ(server->connections(), 2u);
    const std::string third = exchange(server->port(), "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    EXPECT_EQ(status_of(third), 503) << third;
    // The idle ones are closed after the read timeout: a read sees the end.
    char c;
    boost::system::error_code ec;
    const auto t0 = std::chrono::steady_clock::now();
    a.read_some(asio::buffer(&c, 1), ec);
    EXPECT_TRUE(ec == asio::error::eof || ec == asio::error::connection_reset) << ec.message();
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
    for (int i = 0; i < 300 && server->connections() > 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_EQ(server->connections(), 0u);
    EXPECT_EQ(status_of(exchange(server->port(),
                                 "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")),
              200);
}

TEST_F(ServerTest, StopsWithConnectionsOpenAndFreesThePort) {
    auto server = serve();
    const auto port = server->port();
    asio::io_context io;
    auto a = connect(io, port);
    for (int i = 0; i < 100 && server->connections() < 1; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    server->stop();
    EXPECT_EQ(server->connections(), 0u);
    char c;
    boost::system::error_code ec;
    a.read_some(asio::buffer(&c, 1), ec);
    EXPECT_TRUE(ec) << "the connection is closed";
    ServerOptions o;
    o.port = port;
    Server again(o, [this] { return std::make_unique<Site>(path, kinds, ""); });
    EXPECT_TRUE(again.start());
}

TEST_F(ServerTest, APortInUseIsReportedAndNothingRuns) {
    auto first = serve();
    ServerOptions o;
    o.port = first->port();
    Server second(o, [this] { return std::make_unique<Site>(path, kinds, ""); });
    EXPECT_FALSE(second.start());
    second.stop();  // nothing to join
}

// One address cannot take every connection: past its share it gets 503 with Retry-After,
// while another address is still served.
TEST_F(ServerTest, OneAddressGetsItsShareAndOthersAreStillServed) {
    ServerOptions o;
    o.max_connections = 10;
    o.max_per_address = 2;
    auto server = serve(o);
    asio::io_context io;
    auto a = connect_from(io, server->port(), "127.0.0.3");
    auto b = connect_from(io, server->port(), "127.0.0.3");
    for (int i = 0; i < 100 && server->connections() < 2; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_EQ(server->connections(), 2u);
    const std::string third =
        exchange_from(server->port(), "127.0.0.3", "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    EXPECT_EQ(status_of(third), 503) << third;
    EXPECT_EQ(header_of(third, "Retry-After"), "5") << third;
    EXPECT_NE(body_of(third).find("from your address"), std::string::npos) << third;
    const std::string other = exchange_from(
        server->port(), "127.0.0.4", "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_of(other), 200) << other;
    // The share comes back when a connection closes.
    a.close();
    for (int i = 0; i < 100 && server->connections() > 1; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_EQ(status_of(exchange_from(server->port(), "127.0.0.3",
                                      "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")),
              200);
}

TEST_F(ServerTest, HttpOneOneWithoutHostIs400) {
    auto server = serve();
    EXPECT_EQ(status_of(exchange(server->port(), "GET / HTTP/1.1\r\nConnection: close\r\n\r\n")),
              400);
    EXPECT_EQ(status_of(exchange(server->port(), "GET / HTTP/1.0\r\n\r\n")), 200);
}

// An answer carries an entity tag; asked again with it, the answer is 304 without a body.
TEST_F(ServerTest, AnsweredAgainWithItsTagIs304) {
    auto server = serve();
    const std::string first =
        exchange(server->port(), "GET /api/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const std::string etag = header_of(first, "ETag");
    ASSERT_FALSE(etag.empty()) << first;
    const std::string again =
        exchange(server->port(), "GET /api/ HTTP/1.1\r\nHost: x\r\nIf-None-Match: W/\"x\", " +
                                     etag + "\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_of(again), 304) << again;
    EXPECT_EQ(body_of(again), "");
    EXPECT_EQ(header_of(again, "ETag"), etag);
    const std::string other = exchange(
        server->port(),
        "GET /api/ HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"0\"\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_of(other), 200);
    EXPECT_EQ(body_of(other), body_of(first));
}

// gzip where the client asks for it (and not where it says q=0): the same page inflated.
TEST_F(ServerTest, GzipWhereAskedTheSamePage) {
    ServerOptions o;
    o.gzip_from = 1;
    auto server = serve(o);
    const std::string plain_page =
        exchange(server->port(), "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const std::string zipped =
        exchange(server->port(),
                 "GET / HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br, gzip;q=0.8\r\n"
                 "Connection: close\r\n\r\n");
    EXPECT_EQ(header_of(zipped, "Content-Encoding"), "gzip") << zipped;
    EXPECT_EQ(header_of(zipped, "Vary"), "Accept-Encoding");
    EXPECT_NE(header_of(zipped, "ETag"), header_of(plain_page, "ETag"));
    EXPECT_LT(body_of(zipped).size(), body_of(plain_page).size());
    EXPECT_EQ(gunzip(body_of(zipped)), body_of(plain_page));
    const std::string refused = exchange(server->port(),
                                         "GET / HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip;q=0"
                                         "\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(header_of(refused, "Content-Encoding"), "");
    EXPECT_EQ(body_of(refused), body_of(plain_page));
}

// A connection answers at most max_requests requests: the last says Connection: close.
TEST_F(ServerTest, ClosesAConnectionAfterItsRequests) {
    ServerOptions o;
    o.max_requests = 2;
    auto server = serve(o);
    const std::string three = exchange(server->port(),
                                       "GET /api/ HTTP/1.1\r\nHost: x\r\n\r\n"
                                       "GET /api/ HTTP/1.1\r\nHost: x\r\n\r\n"
                                       "GET /api/ HTTP/1.1\r\nHost: x\r\n\r\n");
    std::size_t answers = 0;
    for (auto p = three.find("HTTP/1.1 200"); p != std::string::npos;
         p = three.find("HTTP/1.1 200", p + 1))
        ++answers;
    EXPECT_EQ(answers, 2u) << three;
    EXPECT_NE(three.find("Connection: close"), std::string::npos) << three;
}

// An ended game's answer is kept: asked again, it is the same even if the database changed
// under it (the record of an ended game does not change; here a test changes it).
TEST_F(ServerTest, AnEndedGamesAnswerIsKept) {
    const GameKind* k = kinds.front().get();
    GameSetup setup = sample_setup(*k, 4242, 2);
    setup.computer = {true, true};
    const Played p = play(*db, *k, 7, "#cards", setup, 10000, "resign");
    ASSERT_TRUE(p.game->finished());
    auto server = serve();
    const std::string req = "GET /api/game/7 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    const std::string first = exchange(server->port(), req);
    ASSERT_EQ(status_of(first), 200) << first;
    db->raw().exec("UPDATE games SET result = 'changed under it' WHERE id = 7");
    const std::string again = exchange(server->port(), req);
    EXPECT_EQ(body_of(again), body_of(first));
    EXPECT_EQ(body_of(again).find("changed under it"), std::string::npos);
    // A game under way is not kept: the index changes with the database.
    const std::string index =
        exchange(server->port(), "GET /api/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_NE(body_of(index).find("changed under it"), std::string::npos) << index;
}

// The ended games' answers kept are bounded in bytes as well as in number (issue 45): past
// ServerOptions::cache_bytes the least used is dropped, one larger than the bound alone is not
// kept, and one past its time goes when another comes; the figures kept() gives follow.
TEST_F(ServerTest, KeptAnswersStayWithinTheirBytes) {
    const GameKind* k = kinds.front().get();
    for (const std::int64_t id : {7, 8, 9}) {
        GameSetup setup = sample_setup(*k, 4242 + static_cast<std::uint64_t>(id), 2);
        setup.computer = {true, true};
        ASSERT_TRUE(play(*db, *k, id, "#cards", setup, 10000, "resign").game->finished());
    }
    auto ask = [](Server& s, std::int64_t id) {
        return exchange(s.port(), "GET /api/game/" + std::to_string(id) +
                                      " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    };
    std::size_t b7 = 0, b78 = 0;
    {
        auto probe = serve();
        ASSERT_EQ(status_of(ask(*probe, 7)), 200);
        b7 = probe->kept().second;
        ASSERT_GT(b7, 0u);
        EXPECT_EQ(probe->kept().first, 1u);
        ASSERT_EQ(status_of(ask(*probe, 8)), 200);
        b78 = probe->kept().second;
        EXPECT_EQ(probe->kept().first, 2u);
        EXPECT_GT(b78, b7);
    }
    // Room for the first two answers exactly: the third pushes out the least used.
    ServerOptions o;
    o.cache_bytes = b78;
    auto server = serve(o);
    ASSERT_EQ(status_of(ask(*server, 7)), 200);
    ASSERT_EQ(status_of(ask(*server, 8)), 200);
    EXPECT_EQ(server->kept(), (std::pair<std::size_t, std::size_t>{2, b78}));
    ASSERT_EQ(status_of(ask(*server, 9)), 200);
    EXPECT_GE(server->kept().first, 1u);
    EXPECT_LT(server->kept().first, 3u);
    EXPECT_LE(server->kept().second, o.cache_bytes);
    // 7 was dropped: asked again, it is read afresh (a test changes the record under it).
    db->raw().exec("UPDATE games SET result = 'changed under it' WHERE id = 7");
    EXPECT_NE(body_of(ask(*server, 7)).find("changed under it"), std::string::npos);
    // No room for even one: nothing is kept, every answer is still given.
    ServerOptions tiny;
    tiny.cache_bytes = 1;
    auto none = serve(tiny);
    EXPECT_EQ(status_of(ask(*none, 8)), 200);
    EXPECT_EQ(none->kept(), (std::pair<std::size_t, std::size_t>{0, 0}));
    // An answer past its time is dropped when another is kept, asked for again or not.
    ServerOptions brief;
    brief.cache_for = std::chrono::seconds(0);
    auto passing = serve(brief);
    ASSERT_EQ(status_of(ask(*passing, 8)), 200);
    ASSERT_EQ(status_of(ask(*passing, 9)), 200);
    EXPECT_EQ(passing->kept().first, 1u);
}

namespace {

// Reads from `s` until `needle` has come (after `from` in what was read), or 3 s have passed.
bool read_until(tcp::socket& s, std::string& got, const std::string& needle, std::size_t from = 0) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(3);
    char buf[4096];
    while (got.find(needle, from) == std::string::npos) {
        if (std::chrono::steady_clock::now() > until) return false;
        boost::system::error_code ec;
        if (s.available(ec) == 0) {
            if (ec) return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
            continue;
        }
        const std::size_t n = s.read_some(asio::buffer(buf), ec);
        got.append(buf, n);
        if (ec) return false;
    }
    return true;
}

}  // namespace

// A live game's stream (docs/WEB.md, "Live games"): its first event at once, an event after a
// move written by another connection, 404 for what is not a game under way in a channel, a
// cap per address, and stop() with streams open.
TEST_F(ServerTest, ALiveGameStreamsEachMove) {
    const GameKind* e8 = find_kind(kinds, "exordia8");
    ASSERT_NE(e8, nullptr);
    GameSetup setup = sample_setup(*e8, 77, 2);
    Played p = play(*db, *e8, 1, "#cards", setup, 2);
    ASSERT_FALSE(p.game->finished());
    GameSetup alone = sample_setup(*find_kind(kinds, "spider"), 5, 1);
    play(*db, *find_kind(kinds, "spider"), 2, "bob", alone, 1);
    ServerOptions o;
    o.max_streams_per_address = 2;
    o.live_every = std::chrono::milliseconds(20);
    auto server = serve(o);
    const std::string get = "GET /live/game/1 HTTP/1.1\r\nHost: x\r\n\r\n";
    asio::io_context io;
    auto a = connect(io, server->port());
    asio::write(a, asio::buffer(get));
    std::string got;
    ASSERT_TRUE(read_until(a, got, "\r\n\r\n")) << got;
    ASSERT_TRUE(read_until(a, got, "\n\n", got.find("\r\n\r\n") + 4)) << got;
    EXPECT_EQ(got.rfind("HTTP/1.1 200", 0), 0u) << got;
    EXPECT_EQ(header_of(got, "Content-Type"), "text/event-stream");
    EXPECT_NE(got.find("data: {"), std::string::npos) << got;
    EXPECT_NE(got.find("\"moves\":2"), std::string::npos) << got;
    EXPECT_EQ(got.find("Your hand"), std::string::npos) << got;
    // A move, written as the tables write it: on the stream soon after.
    const int seat = next_mover(*e8, *p.game);
    ASSERT_GE(seat, 0);
    const auto [cmd, args] = split_command(p.game->filler_action(seat, 9));
    const auto moved = p.game->act(seat, cmd, args);
    ASSERT_TRUE(moved);
    db->append(1, {3, seat, moved->canonical, 1700000010});
    const std::size_t before = got.size();
    ASSERT_TRUE(read_until(a, got, "\"moves\":3", before)) << got.substr(before);
    // Not a game under way in a channel: none to watch.
    EXPECT_EQ(exchange(server->port(),
                       "GET /live/game/2 HTTP/1.1\r\nHost: x\r\n"
                       "Connection: close\r\n\r\n")
                  .rfind("HTTP/1.1 404", 0),
              0u);
    EXPECT_EQ(exchange(server->port(),
                       "GET /live/game/9 HTTP/1.1\r\nHost: x\r\n"
                       "Connection: close\r\n\r\n")
                  .rfind("HTTP/1.1 404", 0),
              0u);
    // Two streams from one address at most.
    auto b = connect(io, server->port());
    asio::write(b, asio::buffer(get));
    std::string got_b;
    ASSERT_TRUE(read_until(b, got_b, "data: {")) << got_b;
    const std::string third = exchange(server->port(), get);
    EXPECT_EQ(third.rfind("HTTP/1.1 503", 0), 0u) << third;
    EXPECT_FALSE(header_of(third, "Retry-After").empty());
    // The page of the game under way names its stream and shows no hand.
    const std::string page =
        exchange(server->port(), "GET /game/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_NE(page.find("data-stream=\"/live/game/1\""), std::string::npos);
    EXPECT_NE(header_of(page, "Content-Security-Policy").find("connect-src 'self'"),
              std::string::npos);
    server->stop();  // with two streams open
    EXPECT_EQ(server->connections(), 0u);
}
