// SPDX-License-Identifier: GPL-3.0-or-later
// The real socket transport against a plain local listener (no IRC server needed).
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <chrono>
#include <functional>

#include <gtest/gtest.h>
#include <boost/asio/ip/tcp.hpp>

#include "bot/irc/transport.hpp"

namespace croupier::bot {
namespace {

using namespace std::chrono_literals;
using tcp = boost::asio::ip::tcp;

// This process's descriptor whose TCP peer is 127.0.0.1:port, or -1.
int socket_connected_to(unsigned short port) {
    int found = -1;
    for (int fd = 0; fd < 1024; ++fd) {
        sockaddr_in peer{};
        socklen_t len = sizeof peer;
        if (::getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &len) != 0) continue;
        if (peer.sin_family != AF_INET || ntohs(peer.sin_port) != port) continue;
        if (peer.sin_addr.s_addr != htonl(INADDR_LOOPBACK)) continue;
        EXPECT_EQ(found, -1) << "two sockets connected to the listener";
        found = fd;
    }
    return found;
}

TEST(SocketTransport, SetsTcpNodelayOnTheServerConnection) {
    boost::asio::io_context io;
    tcp::acceptor acceptor(io, tcp::endpoint(boost::asio::ip::address_v4::loopback(), 0));
    const unsigned short port = acceptor.local_endpoint().port();
    tcp::socket server_side(io);
    bool accepted = false;
    acceptor.async_accept(server_side, [&](const boost::system::error_code& ec) {
        ASSERT_FALSE(ec) << ec.message();
        accepted = true;
    });

    config::NetworkConfig net;
    net.name = "nodelay";
    net.host = "127.0.0.1";
    net.port = port;
    net.tls = false;
    auto transport = make_socket_transport(io, net);
    bool connected = false;
    std::string closed;
    transport->open({[&] { connected = true; }, [](std::string_view) {},
                     [&](const std::string& why) { closed = why; }});
    const auto end = std::chrono::steady_clock::now() + 10s;
    while (!(connected && accepted) && closed.empty() && std::chrono::steady_clock::now() < end) {
        io.restart();
        io.run_for(20ms);
    }
    ASSERT_TRUE(connected) << "not connected: " << closed;
    ASSERT_TRUE(accepted);

    const int fd = socket_connected_to(port);
    ASSERT_GE(fd, 0) << "the transport's socket was not found";
    int on = 0;
    socklen_t len = sizeof on;
    ASSERT_EQ(::getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, &len), 0);
    EXPECT_NE(on, 0) << "TCP_NODELAY is not set on the connection to the server";

    // The far side of the link, for comparison: a fresh accepted socket has it off, so the
    // check above really looks at an option the transport set.
    int far = 1;
    len = sizeof far;
    ASSERT_EQ(::getsockopt(server_side.native_handle(), IPPROTO_TCP, TCP_NODELAY, &far, &len), 0);
    EXPECT_EQ(far, 0);
    transport->close();
}

}  // namespace
}  // namespace croupier::bot
