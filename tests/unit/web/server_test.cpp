// SPDX-License-Identifier: GPL-3.0-or-later
// The web server over real sockets: a free port, plain requests, the limits (docs/WEB.md).
#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <thread>

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

// Sends `request` and reads until the server closes the connection.
std::string exchange(std::uint16_t port, const std::string& request) {
    asio::io_context io;
    auto s = connect(io, port);
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
