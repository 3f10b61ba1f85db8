// SPDX-License-Identifier: GPL-3.0-or-later
// The web server: bot/web/server.hpp.
#include "bot/web/server.hpp"

#include <atomic>
#include <optional>
#include <set>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "bot/log.hpp"
#include "bot/web/site.hpp"

namespace croupier::bot::web {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

struct Server::Impl {
    // Declared first: the connections dropped with the io_context still count down.
    std::atomic<std::size_t> open{0};
    std::atomic<bool> stopped{false};
    ServerOptions opt;
    std::function<std::unique_ptr<Site>()> make_site;
    asio::io_context io{1};
    std::optional<tcp::acceptor> acceptor;
    std::thread thread;
    std::unique_ptr<Site> site;            // made and used on the server's thread only
    std::set<beast::tcp_stream*> streams;  // the open connections (the server's thread only)
    std::uint16_t bound = 0;

    void accept();
};

namespace {

// Headers every answer carries: nothing is loaded from elsewhere, nothing cached for long.
template <class Message>
void common_headers(Message& res) {
    res.set(http::field::server, "croupier");
    res.set("X-Content-Type-Options", "nosniff");
    res.set("Referrer-Policy", "no-referrer");
    res.set("Content-Security-Policy",
            "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
            "img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
}

http::response<http::string_body> plain(http::status status, std::string text, unsigned version) {
    http::response<http::string_body> res{status, version};
    common_headers(res);
    res.set(http::field::content_type, "text/plain; charset=utf-8");
    res.set(http::field::cache_control, "no-store");
    res.body() = std::move(text);
    res.keep_alive(false);
    res.prepare_payload();
    return res;
}

class Session : public std::enable_shared_from_this<Session> {
  public:
    Session(tcp::socket socket, Server::Impl& server)
        : stream_(std::move(socket)), server_(server) {
        ++server_.open;
        server_.streams.insert(&stream_);
    }
    ~Session() {
        server_.streams.erase(&stream_);
        --server_.open;
    }

    void read() {
        parser_.emplace();
        parser_->header_limit(static_cast<std::uint32_t>(server_.opt.header_limit));
        parser_->body_limit(0);
        stream_.expires_after(server_.opt.read_timeout);
        http::async_read(
            stream_, buffer_, *parser_,
            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
    }

    // Too many connections: one answer, then closed.
    void refuse_busy() {
        send(plain(http::status::service_unavailable,
                   "Too many connections at once; try again in a moment.\n", 11));
    }

  private:
    void on_read(beast::error_code ec) {
        if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
            ec == asio::error::operation_aborted || ec == asio::error::connection_reset ||
            ec == asio::error::eof)
            return close();
        if (ec == http::error::header_limit)
            return send(plain(http::status::request_header_fields_too_large,
                              "The request's headers are too long.\n", 11));
        if (ec == http::error::body_limit || ec == http::error::unexpected_body)
            return send(plain(http::status::payload_too_large, "These pages take no body.\n", 11));
        if (ec) return send(plain(http::status::bad_request, "Bad request.\n", 11));
        answer(parser_->get());
    }

    void answer(const http::request<http::empty_body>& req) {
        const unsigned v = req.version();
        if (req.method() != http::verb::get && req.method() != http::verb::head) {
            auto res = plain(http::status::method_not_allowed, "Only GET and HEAD.\n", v);
            res.set(http::field::allow, "GET, HEAD");
            return send(std::move(res));
        }
        const auto target = req.target();
        if (target.size() > server_.opt.target_limit)
            return send(plain(http::status::uri_too_long, "The address is too long.\n", v));
        if (target.empty() || target.front() != '/')
            return send(plain(http::status::bad_request, "Bad request target.\n", v));
        if (!server_.site)
            return send(
                plain(http::status::service_unavailable, "The pages are not available.\n", v));
        Response r;
        try {
            r = server_.site->get(std::string_view(target.data(), target.size()));
        } catch (const std::exception& e) {
            log::warn("web: {} {}: {}", std::string(req.method_string()), std::string(target),
                      e.what());
            return send(plain(http::status::service_unavailable,
                              "The database cannot be read right now; try again.\n", v));
        }
        http::response<http::string_body> res{static_cast<http::status>(r.status), v};
        common_headers(res);
        res.set(http::field::content_type, r.content_type);
        res.set(http::field::cache_control, "no-cache");
        res.keep_alive(req.keep_alive());
        if (req.method() == http::verb::head) {
            res.content_length(r.body.size());
        } else {
            res.body() = std::move(r.body);
            res.prepare_payload();
        }
        send(std::move(res));
    }

    void send(http::response<http::string_body> res) {
        response_ = std::make_shared<http::response<http::string_body>>(std::move(res));
        stream_.expires_after(server_.opt.read_timeout);
        http::async_write(
            stream_, *response_,
            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
    }

    void on_write(beast::error_code ec) {
        const bool again = !ec && response_->keep_alive() && parser_ && !server_.stopped;
        response_.reset();
        if (again) return read();
        close();
    }

    void close() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream_.close();
    }

    beast::tcp_stream stream_;
    Server::Impl& server_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::empty_body>> parser_;
    std::shared_ptr<http::response<http::string_body>> response_;
};

}  // namespace

void Server::Impl::accept() {
    acceptor->async_accept([this](beast::error_code ec, tcp::socket socket) {
        if (ec == asio::error::operation_aborted || !acceptor->is_open()) return;
        if (!ec) {
            const bool full = open.load() >= opt.max_connections;
            auto s = std::make_shared<Session>(std::move(socket), *this);
            if (full)
                s->refuse_busy();
            else
                s->read();
        }
        accept();
    });
}

Server::Server(ServerOptions options, std::function<std::unique_ptr<Site>()> make_site)
    : impl_(std::make_unique<Impl>()) {
    impl_->opt = std::move(options);
    impl_->make_site = std::move(make_site);
}

Server::~Server() {
    stop();
}

bool Server::start() {
    Impl& s = *impl_;
    try {
        const tcp::endpoint ep(asio::ip::make_address(s.opt.host), s.opt.port);
        s.acceptor.emplace(s.io);
        s.acceptor->open(ep.protocol());
        s.acceptor->set_option(asio::socket_base::reuse_address(true));
        s.acceptor->bind(ep);
        s.acceptor->listen(asio::socket_base::max_listen_connections);
        s.bound = s.acceptor->local_endpoint().port();
    } catch (const std::exception& e) {
        log::error("web: cannot listen on {}:{}: {}; going on without the web pages", s.opt.host,
                   s.opt.port, e.what());
        s.acceptor.reset();
        return false;
    }
    s.accept();
    s.thread = std::thread([&s] {
        try {
            s.site = s.make_site();
        } catch (const std::exception& e) {
            log::error("web: the pages cannot read the database: {}", e.what());
        }
        try {
            s.io.run();
        } catch (const std::exception& e) {
            log::error("web: the server stopped: {}", e.what());
        }
        s.site.reset();  // its connection closes on its own thread
    });
    log::info("web pages on http://{}{}{}:{}/",
              s.opt.host.find(':') == std::string::npos ? "" : "[", s.opt.host,
              s.opt.host.find(':') == std::string::npos ? "" : "]", s.bound);
    return true;
}

void Server::stop() {
    Impl& s = *impl_;
    if (s.stopped.exchange(true)) return;
    if (s.thread.joinable()) {
        // Closing the acceptor and every connection ends their operations: the sessions
        // end, nothing is left to do and run() returns.
        asio::post(s.io, [&s] {
            beast::error_code ignored;
            if (s.acceptor) s.acceptor->close(ignored);
            for (auto* stream : s.streams) stream->socket().close(ignored);
        });
        s.thread.join();
    }
}

std::uint16_t Server::port() const {
    return impl_->bound;
}

std::size_t Server::connections() const {
    return impl_->open.load();
}

}  // namespace croupier::bot::web
