// SPDX-License-Identifier: GPL-3.0-or-later
// The link against a real server: ngircd on a free loopback port, real TCP through Asio,
// AsioClock. Skipped when /usr/sbin/ngircd is missing.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>

#include <gtest/gtest.h>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include "bot/clock.hpp"
#include "bot/irc/network.hpp"

extern char** environ;

namespace croupier::bot {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using tcp = boost::asio::ip::tcp;

constexpr const char* kNgircd = "/usr/sbin/ngircd";

unsigned short free_port() {
    boost::asio::io_context io;
    tcp::acceptor a(io, tcp::endpoint(boost::asio::ip::address_v4::loopback(), 0));
    return a.local_endpoint().port();
}

class Ngircd {
  public:
    explicit Ngircd(unsigned short port, unsigned short tls_port = 0) : port_(port) {
        dir_ = fs::temp_directory_path() /
               ("croupier-link-live-" + std::to_string(::getpid()) + "-" + std::to_string(port));
        fs::create_directories(dir_);
        fs::permissions(dir_, fs::perms::all, fs::perm_options::replace);
        conf_ = dir_ / "ngircd.conf";
        std::ofstream(conf_) << "[Global]\nName = irc.test.local\nInfo = test\nListen = "
                                "127.0.0.1\nPorts = "
                             << port
                             << "\n[Limits]\nMaxConnectionsIP = 0\nMaxNickLength = 30\n"
                                "MaxPenaltyTime = 0\n[Options]\nDNS = no\nIdent = no\nPAM = no\n";
        if (tls_port) {
            make_certificates();
            std::ofstream(conf_, std::ios::app)
                << "[SSL]\nCertFile = " << (dir_ / "server.crt").string()
                << "\nKeyFile = " << (dir_ / "server.key").string() << "\nPorts = " << tls_port
                << "\n";
        }
        fs::permissions(conf_, fs::perms::owner_read | fs::perms::owner_write |
                                   fs::perms::group_read | fs::perms::others_read);
    }
    ~Ngircd() {
        stop();
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    // A throw-away CA and a certificate for localhost (only) signed by it.
    void make_certificates() {
        const std::string d = dir_.string();
        const std::string cmd =
            "cd '" + d +
            "' && openssl req -x509 -newkey rsa:2048 -nodes -days 2 -keyout ca.key -out ca.pem "
            "-subj '/CN=croupier link test CA' -addext basicConstraints=critical,CA:TRUE "
            "-addext keyUsage=critical,keyCertSign,cRLSign && openssl req -newkey rsa:2048 "
            "-nodes -keyout server.key -out server.csr -subj /CN=localhost && printf "
            "'subjectAltName = DNS:localhost\\nbasicConstraints = "
            "CA:FALSE\\nextendedKeyUsage = serverAuth\\n' > server.ext && openssl x509 -req "
            "-in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -out server.crt "
            "-extfile server.ext && chmod 644 server.crt server.key ca.pem";
        certs_ok_ = std::system(("(" + cmd + ") >/dev/null 2>&1").c_str()) == 0;
    }
    bool certs_ok() const { return certs_ok_; }
    std::string ca() const { return (dir_ / "ca.pem").string(); }

    bool start() {
        const std::string conf = conf_.string();
        const char* argv[] = {kNgircd, "-n", "-f", conf.c_str(), nullptr};
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
        const int rc = posix_spawn(&pid_, kNgircd, &fa, nullptr, const_cast<char**>(argv), environ);
        posix_spawn_file_actions_destroy(&fa);
        if (rc != 0) return false;
        // Ready when the port accepts.
        // With TLS, ngircd may take seconds to start (it prepares its TLS parameters).
        for (int i = 0; i < 2000; ++i) {
            boost::asio::io_context io;
            tcp::socket s(io);
            boost::system::error_code ec;
            s.connect(tcp::endpoint(boost::asio::ip::address_v4::loopback(), port_), ec);
            if (!ec) return true;
            ::usleep(10000);
        }
        return false;
    }
    void stop() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGTERM);
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
    }

  private:
    unsigned short port_;
    fs::path dir_, conf_;
    pid_t pid_ = -1;
    bool certs_ok_ = false;
};

struct Recorder final : NetworkListener {
    std::function<void(Network&, const Source&, const std::string&, const std::string&)> on_msg;
    std::vector<std::string> joins, messages;
    int registered = 0, disconnected = 0;
    void on_registered(Network&) override { ++registered; }
    void on_message(Network& n, const Source& from, const std::string& target,
                    const std::string& text, bool) override {
        messages.push_back(from.nick + " " + target + " " + text);
        if (on_msg) on_msg(n, from, target, text);
    }
    void on_join(Network&, const Source& who, const std::string& ch) override {
        joins.push_back(who.nick + " " + ch);
    }
    void on_part(Network&, const Source&, const std::string&) override {}
    void on_kick(Network&, const Source&, const std::string&, const std::string&) override {}
    void on_quit(Network&, const Source&) override {}
    void on_nick(Network&, const Source&, const std::string&) override {}
    void on_disconnected(Network&) override { ++disconnected; }
};

bool run_until(boost::asio::io_context& io, const std::function<bool()>& done,
               std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!done()) {
        if (std::chrono::steady_clock::now() > end) return false;
        io.restart();
        io.run_for(20ms);
    }
    return true;
}

bool has(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

TEST(Live, TalksToNgircdNickInUseReconnects) {
    if (!fs::exists(kNgircd)) GTEST_SKIP() << "no ngircd";
    const unsigned short port = free_port();
    Ngircd server(port);
    ASSERT_TRUE(server.start());

    boost::asio::io_context io;
    AsioClock clock(io);
    config::BotConfig bot;
    config::NetworkConfig net;
    net.name = "live";
    net.host = "localhost";  // resolved by Asio
    net.port = port;
    net.channels = {"#cards"};
    net.flood_burst = 10;

    Recorder bot_events;
    bot_events.on_msg = [](Network& n, const Source& from, const std::string& target,
                           const std::string& text) {
        if (text == "!ping")
            n.privmsg(n.is_channel(target) ? target : from.nick, "pong " + from.nick);
    };
    Network croupier(io, clock, bot, net, bot_events);
    croupier.start();
    ASSERT_TRUE(run_until(
        io, [&] { return has(bot_events.joins, "croupier #cards"); }, 5000ms));
    EXPECT_EQ(croupier.nick(), "croupier");
    EXPECT_TRUE(croupier.registered());

    // A second connection asking for the same nick gets croupier_.
    Recorder twin_events;
    Network twin(io, clock, bot, net, twin_events);
    twin.start();
    ASSERT_TRUE(run_until(
        io, [&] { return has(twin_events.joins, "croupier_ #cards"); }, 5000ms));
    EXPECT_EQ(twin.nick(), "croupier_");

    // alice talks to the bot through the real server.
    config::BotConfig alice_bot;
    alice_bot.nick = "alice";
    Recorder alice_events;
    Network alice(io, clock, alice_bot, net, alice_events);
    alice.start();
    ASSERT_TRUE(run_until(
        io, [&] { return has(alice_events.joins, "alice #cards"); }, 5000ms));
    alice.privmsg("#cards", "!ping");
    ASSERT_TRUE(run_until(
        io, [&] { return has(alice_events.messages, "croupier #cards pong alice"); }, 5000ms));
    alice.privmsg("croupier", "!ping");
    ASSERT_TRUE(run_until(
        io, [&] { return has(alice_events.messages, "croupier alice pong alice"); }, 5000ms));
    // The twin saw the channel line but no private one.
    EXPECT_TRUE(has(twin_events.messages, "alice #cards !ping"));
    EXPECT_FALSE(has(twin_events.messages, "alice croupier !ping"));

    // The server goes away and comes back: everyone reconnects (backoff ~1 s) and rejoins.
    twin.stop("bye");
    alice.stop("bye");
    server.stop();
    ASSERT_TRUE(run_until(
        io, [&] { return bot_events.disconnected == 1; }, 5000ms));
    EXPECT_FALSE(croupier.registered());
    ASSERT_TRUE(server.start());
    bot_events.joins.clear();
    ASSERT_TRUE(run_until(
        io, [&] { return has(bot_events.joins, "croupier #cards"); }, 10000ms));
    EXPECT_EQ(bot_events.registered, 2);
    croupier.stop("done");
    run_until(
        io, [] { return false; }, 100ms);
}

TEST(Live, TlsWithCaFileSystemStoreAndNoVerify) {
    if (!fs::exists(kNgircd)) GTEST_SKIP() << "no ngircd";
    const unsigned short port = free_port();
    unsigned short tls_port = free_port();
    while (tls_port == port) tls_port = free_port();
    Ngircd server(port, tls_port);
    if (!server.certs_ok()) GTEST_SKIP() << "openssl could not make certificates";
    ASSERT_TRUE(server.start());
    boost::asio::io_context io;
    AsioClock clock(io);
    config::NetworkConfig net;
    net.name = "tls";
    net.host = "localhost";
    net.port = tls_port;
    net.tls = true;
    net.channels = {"#cards"};

    auto connect = [&](const std::string& nick, config::NetworkConfig n, Recorder& events) {
        config::BotConfig b;
        b.nick = nick;
        auto net_ptr = std::make_unique<Network>(io, clock, b, n, events);
        net_ptr->start();
        return net_ptr;
    };
    // Trusting the test CA: registers and joins over TLS.
    config::NetworkConfig with_ca = net;
    with_ca.tls_ca_file = server.ca();
    Recorder good_events;
    auto good = connect("good", with_ca, good_events);
    ASSERT_TRUE(run_until(
        io, [&] { return has(good_events.joins, "good #cards"); }, 8000ms));

    // The system store does not know the CA: never registers.
    Recorder bad_events;
    auto bad = connect("bad", net, bad_events);
    // tls_verify = false: registers anyway.
    config::NetworkConfig no_verify = net;
    no_verify.tls_verify = false;
    Recorder lax_events;
    auto lax = connect("lax", no_verify, lax_events);
    ASSERT_TRUE(run_until(
        io, [&] { return has(lax_events.joins, "lax #cards"); }, 8000ms));
    run_until(
        io, [] { return false; }, 300ms);
    EXPECT_EQ(bad_events.registered, 0);
    EXPECT_FALSE(bad->registered());

    // A name the certificate does not give ("localhost" is named, 127.0.0.1 is not).
    config::NetworkConfig wrong_name = with_ca;
    wrong_name.host = "127.0.0.1";
    Recorder wrong_events;
    auto wrong = connect("wrong", wrong_name, wrong_events);
    run_until(
        io, [] { return false; }, 500ms);
    EXPECT_EQ(wrong_events.registered, 0);

    good->stop("done");
    bad->stop("done");
    lax->stop("done");
    wrong->stop("done");
    run_until(
        io, [] { return false; }, 100ms);
}

TEST(Live, TlsHandshakeFailureIsSurvivedAndRetried) {
    // A "server" that answers the TLS ClientHello with plain text and hangs up.
    boost::asio::io_context io;
    tcp::acceptor acceptor(io, tcp::endpoint(boost::asio::ip::address_v4::loopback(), 0));
    int accepted = 0;
    std::function<void()> accept_next = [&] {
        auto sock = std::make_shared<tcp::socket>(io);
        acceptor.async_accept(*sock, [&, sock](const boost::system::error_code& ec) {
            if (ec) return;
            ++accepted;
            boost::system::error_code ignored;
            boost::asio::write(*sock, boost::asio::buffer(std::string("NOTICE * :plain\r\n")),
                               ignored);
            sock->close(ignored);
            accept_next();
        });
    };
    accept_next();
    AsioClock clock(io);
    config::NetworkConfig net;
    net.name = "tls";
    net.host = "127.0.0.1";
    net.port = acceptor.local_endpoint().port();
    net.tls = true;
    Recorder events;
    Network n(io, clock, config::BotConfig{}, net, events);
    n.start();
    // First attempt at once, the retry after about a second.
    ASSERT_TRUE(run_until(
        io, [&] { return accepted >= 2; }, 5000ms));
    EXPECT_FALSE(n.registered());
    EXPECT_EQ(events.registered, 0);
    n.stop("done");
}

}  // namespace
}  // namespace croupier::bot
