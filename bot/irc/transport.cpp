// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/irc/transport.hpp"

#include <array>
#include <deque>

#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/write.hpp>

#include "bot/log.hpp"

namespace croupier::bot {

namespace {

namespace asio = boost::asio;
namespace ssl = boost::asio::ssl;
using tcp = asio::ip::tcp;

class SocketTransport final : public Transport {
  public:
    SocketTransport(asio::io_context& io, const config::NetworkConfig& net)
        : io_(io),
          net_(net),
          resolver_(io),
          ctx_(ssl::context::tls_client),
          stream_(std::make_unique<ssl::stream<tcp::socket>>(io, ctx_)) {}

    ~SocketTransport() override {
        *alive_ = false;
        boost::system::error_code ec;
        resolver_.cancel();
        stream_->next_layer().close(ec);
    }

    void open(Handlers handlers) override {
        handlers_ = std::move(handlers);
        if (net_.tls) {
            boost::system::error_code ec;
            if (net_.tls_verify) {
                if (!net_.tls_ca_file.empty())
                    ctx_.load_verify_file(net_.tls_ca_file, ec);
                else
                    ctx_.set_default_verify_paths(ec);
                if (ec) {
                    const std::string reason = fmt::format(
                        "cannot load trust store {}: {}",
                        net_.tls_ca_file.empty() ? "(system)" : net_.tls_ca_file, ec.message());
                    log::error("network {}: {}", net_.name, reason);
                    auto alive = std::weak_ptr<bool>(alive_);
                    asio::post(io_, [this, alive, reason] {
                        if (!alive.expired() && *alive.lock()) fail(reason);
                    });
                    return;
                }
            } else {
                log::warn("network {}: tls_verify = false: the server's certificate is NOT checked",
                          net_.name);
            }
            stream_ = std::make_unique<ssl::stream<tcp::socket>>(io_, ctx_);
        }
        auto alive = std::weak_ptr<bool>(alive_);
        resolver_.async_resolve(
            net_.host, std::to_string(net_.port),
            [this, alive](const boost::system::error_code& ec, tcp::resolver::results_type res) {
                if (alive.expired() || !*alive.lock()) return;
                if (ec) {
                    fail(fmt::format("cannot resolve {}: {}", net_.host, ec.message()));
                    return;
                }
                asio::async_connect(
                    stream_->next_layer(), res,
                    [this, alive](const boost::system::error_code& ec2, const tcp::endpoint&) {
                        if (alive.expired() || !*alive.lock()) return;
                        if (ec2) {
                            fail(fmt::format("cannot connect to {}:{}: {}", net_.host, net_.port,
                                             ec2.message()));
                            return;
                        }
                        // Lines are small and each one should leave at once: without
                        // TCP_NODELAY Nagle's algorithm holds a line back until the
                        // server's (possibly delayed) ACK of the one before.
                        boost::system::error_code nd;
                        stream_->next_layer().set_option(tcp::no_delay(true), nd);
                        if (nd)
                            log::warn("network {}: cannot set TCP_NODELAY: {}", net_.name,
                                      nd.message());
                        if (net_.tls)
                            handshake();
                        else
                            ready();
                    });
            });
    }

    void write(const std::string& line) override {
        if (closed_) return;
        out_.push_back(line + "\r\n");
        if (connected_ && !writing_) write_next();
    }

    void close() override {
        closing_ = true;
        if (!writing_ || !connected_) shutdown();
    }

  private:
    bool is_ip_literal() const {
        boost::system::error_code ec;
        asio::ip::make_address(net_.host, ec);
        return !ec;
    }

    void handshake() {
        SSL* ssl = stream_->native_handle();
        if (!is_ip_literal()) SSL_set_tlsext_host_name(ssl, net_.host.c_str());
        if (net_.tls_verify) {
            stream_->set_verify_mode(ssl::verify_peer);
            stream_->set_verify_callback(ssl::host_name_verification(net_.host));
        } else {
            stream_->set_verify_mode(ssl::verify_none);
        }
        auto alive = std::weak_ptr<bool>(alive_);
        stream_->async_handshake(
            ssl::stream_base::client, [this, alive](const boost::system::error_code& ec) {
                if (alive.expired() || !*alive.lock()) return;
                if (ec) {
                    std::string reason = ec.message();
                    bool certificate = false;
                    const long verify = SSL_get_verify_result(stream_->native_handle());
                    if (verify == X509_V_ERR_UNSPECIFIED) {
                        // Boost's host name check said no (the chain itself was fine).
                        certificate = true;
                        reason = fmt::format(
                            "certificate verify failed: the certificate is not for {}", net_.host);
                    } else if (verify != X509_V_OK) {
                        certificate = true;
                        reason = fmt::format("certificate verify failed: {}",
                                             X509_verify_cert_error_string(verify));
                    } else if (reason.find("certificate verify failed") != std::string::npos) {
                        // Boost's host name check refused it; the chain itself was fine.
                        certificate = true;
                        reason = fmt::format(
                            "certificate verify failed: the certificate is not for {}", net_.host);
                    }
                    log::error("network {}: TLS handshake with {}:{} failed: {}{}", net_.name,
                               net_.host, net_.port, reason,
                               certificate ? " (set tls_ca_file or tls_verify)" : "");
                    fail(fmt::format("TLS handshake failed: {}", reason));
                    return;
                }
                ready();
            });
    }

    void ready() {
        connected_ = true;
        if (handlers_.connected) handlers_.connected();
        if (closed_) return;
        read_next();
        if (!out_.empty() && !writing_) write_next();
    }

    template <typename Fn>
    void async_read(Fn&& fn) {
        if (net_.tls)
            stream_->async_read_some(asio::buffer(buf_), std::forward<Fn>(fn));
        else
            stream_->next_layer().async_read_some(asio::buffer(buf_), std::forward<Fn>(fn));
    }

    void read_next() {
        auto alive = std::weak_ptr<bool>(alive_);
        async_read([this, alive](const boost::system::error_code& ec, std::size_t n) {
            if (alive.expired() || !*alive.lock() || closed_) return;
            if (ec) {
                fail(ec == asio::error::eof ? std::string("the server closed the connection")
                                            : ec.message());
                return;
            }
            if (handlers_.data) handlers_.data(std::string_view(buf_.data(), n));
            if (alive.expired() || closed_) return;
            read_next();
        });
    }

    void write_next() {
        writing_ = true;
        auto alive = std::weak_ptr<bool>(alive_);
        auto done = [this, alive](const boost::system::error_code& ec, std::size_t) {
            if (alive.expired() || !*alive.lock()) return;
            writing_ = false;
            if (ec) {
                fail(ec.message());
                return;
            }
            out_.pop_front();
            if (!out_.empty())
                write_next();
            else if (closing_)
                shutdown();
        };
        if (net_.tls)
            asio::async_write(*stream_, asio::buffer(out_.front()), std::move(done));
        else
            asio::async_write(stream_->next_layer(), asio::buffer(out_.front()), std::move(done));
    }

    void shutdown() {
        closed_ = true;
        boost::system::error_code ec;
        resolver_.cancel();
        stream_->next_layer().shutdown(tcp::socket::shutdown_both, ec);
        stream_->next_layer().close(ec);
    }

    void fail(const std::string& reason) {
        if (closed_) return;
        const bool report = !closing_;
        shutdown();
        if (report && handlers_.closed) handlers_.closed(reason);
    }

    asio::io_context& io_;
    config::NetworkConfig net_;
    tcp::resolver resolver_;
    ssl::context ctx_;
    std::unique_ptr<ssl::stream<tcp::socket>> stream_;
    Handlers handlers_;
    std::array<char, 4096> buf_{};
    std::deque<std::string> out_;
    bool connected_ = false, writing_ = false, closing_ = false, closed_ = false;
    std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace

std::unique_ptr<Transport> make_socket_transport(asio::io_context& io,
                                                 const config::NetworkConfig& net) {
    return std::make_unique<SocketTransport>(io, net);
}

}  // namespace croupier::bot
