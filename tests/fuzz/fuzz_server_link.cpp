// libFuzzer target: the ngircd server link's reading of the server's lines
// (bot/irc/link_ngircd.cpp, bot/irc/server_link.cpp). A Network linked as a server over an
// in-memory transport with a virtual clock: a valid handshake and burst, then the input's
// bytes as the peer's next lines (split into reads at a point the input chooses), with a
// listener that answers in the channel and in private so the queue and the pacing run too,
// then time passing. Nothing may crash, leak or trip a sanitizer; the bot stays linked
// unless the input unlinked it.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "bot/clock.hpp"
#include "bot/irc/network.hpp"
#include "bot/irc/transport.hpp"
#include "bot/log.hpp"

using namespace croupier::bot;
namespace config = croupier::config;
using namespace std::chrono_literals;

namespace {

void require(bool ok) {
    if (!ok) std::abort();
}

struct Peer {
    Transport::Handlers h;
    std::vector<std::string> written;
    bool open = false;
};

class FakeTransport final : public Transport {
  public:
    FakeTransport(boost::asio::io_context& io, Peer& peer) : io_(io), peer_(peer) {}
    void open(Handlers handlers) override {
        peer_.h = std::move(handlers);
        boost::asio::post(io_, [p = &peer_] {
            p->open = true;
            if (p->h.connected) p->h.connected();
        });
    }
    void write(const std::string& line) override {
        // What the link writes is one line each: no CR, LF or NUL inside.
        require(line.find_first_of(std::string_view("\r\n\0", 3)) == std::string::npos);
        if (peer_.written.size() < 10000) peer_.written.push_back(line);
    }
    void close() override { peer_.open = false; }

  private:
    boost::asio::io_context& io_;
    Peer& peer_;
};

struct Talker final : NetworkListener {
    void on_registered(Network&) override {}
    void on_message(Network& net, const Source& from, const std::string& target,
                    const std::string& text, bool notice) override {
        if (notice || from.nick.empty()) return;
        const std::string to = net.is_channel(target) ? target : from.nick;
        net.privmsg(to, "heard " + text.substr(0, 40));
        if (text.size() > 1 && text[0] == '!') net.notice(from.nick, "private " + from.account);
    }
    void on_join(Network&, const Source&, const std::string&) override {}
    void on_part(Network&, const Source&, const std::string&) override {}
    void on_kick(Network&, const Source&, const std::string&, const std::string&) override {}
    void on_quit(Network&, const Source&) override {}
    void on_nick(Network&, const Source&, const std::string&) override {}
    void on_disconnected(Network&) override {}
};

constexpr std::string_view kHandshake =
    "PASS recvpw 0210-IRC+ ngIRCd|26.1:CHLMSXZ PZ\r\n"
    ":irc.peer.net SERVER irc.peer.net 1 :The hub\r\n"
    ":irc.peer.net SERVER leaf.peer.net 2 2 :A leaf\r\n"
    ":irc.peer.net NICK alice 1 ~alice alice.example.org 1 +i :Alice\r\n"
    ":irc.peer.net NICK bob 2 ~bob bob.example.org 2 +i :Bob\r\n"
    ":irc.peer.net METADATA alice accountname alice_acct\r\n"
    ":irc.peer.net NJOIN #cards :@alice,+bob\r\n"
    ":irc.peer.net PING :irc.peer.net\r\n";

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    log::set_level(log::Level::Error);  // the link logs what it skips: thousands a second
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const std::size_t cut = size == 0 ? 0 : data[0] % (size + 1);

    boost::asio::io_context io;
    VirtualClock clock;
    config::BotConfig bot;
    config::NetworkConfig net;
    net.name = "fuzz";
    net.host = "fuzz.invalid";
    net.channels = {"#cards", "#more"};
    net.link = config::LinkKind::Ngircd;
    net.server_name = "games.example.net";
    net.server_description = "Card games";
    net.send_password = "sendpw";
    net.receive_password = "recvpw";
    Peer peer;
    Talker talker;
    {
        Network network(io, clock, bot, net, talker,
                        [&peer](boost::asio::io_context& i, const config::NetworkConfig&) {
                            return std::make_unique<FakeTransport>(i, peer);
                        });
        network.start();
        io.poll();
        require(peer.open);
        peer.h.data(kHandshake);
        io.poll();
        require(network.registered());
        if (peer.open) peer.h.data(bytes.substr(0, cut));
        io.poll();
        if (peer.open) peer.h.data(bytes.substr(cut));
        io.poll();
        if (peer.open) peer.h.data("\r\n");
        io.poll();
        clock.advance(5s);
        io.poll();
        network.stop("fuzzed");
        io.poll();
    }
    return 0;
}
