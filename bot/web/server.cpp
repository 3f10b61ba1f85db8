// SPDX-License-Identifier: GPL-3.0-or-later
// The web server: bot/web/server.hpp.
#include "bot/web/server.hpp"

#include <array>
#include <atomic>
#include <deque>
#include <list>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <thread>
#include <unordered_map>
#include <utility>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "bot/log.hpp"
#include "bot/web/encoding.hpp"
#include "bot/web/live.hpp"
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
    std::map<boost::asio::ip::address, std::size_t> live_streams;  // open, by address
    ServerOptions opt;
    std::function<std::unique_ptr<Site>()> make_site;
    asio::io_context io{1};
    std::optional<tcp::acceptor> acceptor;
    std::thread thread;
    std::unique_ptr<Site> site;            // made and used on the server's thread only
    std::set<beast::tcp_stream*> streams;  // the open connections (the server's thread only)
    std::map<asio::ip::address, std::size_t> per_address;  // the connections served, by address
    std::uint16_t bound = 0;
    std::optional<LiveHub> hub;  // live games' streams (live.hpp)

    // An answer as sent: its body, tag and, made when first asked for, its gzipped form.
    struct Entry {
        int status = 200;
        std::string content_type, body, etag;
        std::string gz, gz_etag;
        bool gz_tried = false;
        std::size_t charged = 0;  // its bytes counted in kept_bytes (0: not kept)
        std::size_t bytes() const { return body.size() + gz.size(); }
    };
    // Ended games' answers (Response::fixed), by request target, the least used dropped first
    // (the server's thread only).
    struct Kept {
        std::shared_ptr<Entry> entry;
        std::chrono::steady_clock::time_point until;
        std::list<std::string>::iterator used;
    };
    std::unordered_map<std::string, Kept> kept;
    std::list<std::string> used;  // most recently used first
    // The kept bodies' bytes (ServerOptions::cache_bytes bounds them); for kept(), the count
    // and the bytes as atomics.
    std::size_t kept_bytes = 0;
    std::atomic<std::size_t> kept_count_now{0}, kept_bytes_now{0};
    // Who has said `set web hide` when the pages were kept, and the database's version then:
    // a change forgets them all, so that a hidden name leaves every page at once.
    std::string hidden_mark;
    std::int64_t hidden_checked = -1;

    std::shared_ptr<Entry> find_kept(const std::string& target);
    void keep(const std::string& target, std::shared_ptr<Entry> e);
    void drop_kept(std::unordered_map<std::string, Kept>::iterator it);
    void forget_kept();
    void recount_kept(Entry& e);  // after its gzipped form was made
    void accept();
};

std::shared_ptr<Server::Impl::Entry> Server::Impl::find_kept(const std::string& target) {
    auto it = kept.find(target);
    if (it == kept.end()) return nullptr;
    if (site) {
        // PRAGMA data_version reads no table; the mark is read only after another write.
        if (const std::int64_t version = site->data_version(); version != hidden_checked) {
            hidden_checked = version;
            if (std::string mark = site->hidden_mark(); mark != hidden_mark) {
                hidden_mark = std::move(mark);
                forget_kept();
                return nullptr;
            }
        }
    }
    if (std::chrono::steady_clock::now() >= it->second.until) {
        drop_kept(it);
        return nullptr;
    }
    used.splice(used.begin(), used, it->second.used);
    return it->second.entry;
}

void Server::Impl::keep(const std::string& target, std::shared_ptr<Entry> e) {
    if (opt.cache_entries == 0 || kept.count(target)) return;
    if (e->bytes() > opt.cache_bytes) return;
    if (kept.empty() && site) {  // the first kept: the mark it was made under
        hidden_checked = site->data_version();
        hidden_mark = site->hidden_mark();
    }
    // The least used go first: while there are too many or they are too large, and while
    // the least used has expired (one not asked for again would otherwise stay until
    // pushed out, and the cache stay full for good after a busy hour).
    const auto now = std::chrono::steady_clock::now();
    while (!used.empty()) {
        auto last = kept.find(used.back());
        if (kept.size() < opt.cache_entries && kept_bytes + e->bytes() <= opt.cache_bytes &&
            last->second.until > now)
            break;
        drop_kept(last);
    }
    used.push_front(target);
    e->charged = e->bytes();
    kept_bytes += e->charged;
    kept.emplace(target, Kept{std::move(e), now + opt.cache_for, used.begin()});
    kept_count_now = kept.size();
    kept_bytes_now = kept_bytes;
}

void Server::Impl::drop_kept(std::unordered_map<std::string, Kept>::iterator it) {
    kept_bytes -= it->second.entry->charged;
    it->second.entry->charged = 0;  // a connection may still be sending it
    used.erase(it->second.used);
    kept.erase(it);
    kept_count_now = kept.size();
    kept_bytes_now = kept_bytes;
}

void Server::Impl::forget_kept() {
    for (auto& [target, k] : kept) k.entry->charged = 0;
    kept.clear();
    used.clear();
    kept_bytes = 0;
    kept_count_now = 0;
    kept_bytes_now = 0;
}

void Server::Impl::recount_kept(Entry& e) {
    if (e.charged == 0 || e.charged == e.bytes()) return;
    kept_bytes = kept_bytes - e.charged + e.bytes();
    e.charged = e.bytes();
    while (kept_bytes > opt.cache_bytes && !used.empty()) drop_kept(kept.find(used.back()));
    kept_bytes_now = kept_bytes;
}

namespace {

// Headers every answer carries: nothing is loaded from elsewhere, nothing cached for long; the
// one form (the player search) sends to this site only.
template <class Message>
void common_headers(Message& res) {
    res.set(http::field::server, "croupier");
    res.set("X-Content-Type-Options", "nosniff");
    res.set("Referrer-Policy", "no-referrer");
    res.set("Content-Security-Policy",
            "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
            "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'self'; "
            "frame-ancestors 'none'");
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

// A 503 with when to try again (RFC 9110 10.2.3).
http::response<http::string_body> busy(std::string text, int retry_after_s, unsigned version) {
    auto res = plain(http::status::service_unavailable, std::move(text), version);
    res.set(http::field::retry_after, std::to_string(retry_after_s));
    return res;
}

class Session : public std::enable_shared_from_this<Session>, public LiveSink {
  public:
    // `counted`: served (not refused), so it counts against its address's share.
    Session(tcp::socket socket, Server::Impl& server, asio::ip::address from, bool counted)
        : stream_(std::move(socket)), server_(server), from_(from), counted_(counted) {
        ++server_.open;
        server_.streams.insert(&stream_);
        if (counted_) ++server_.per_address[from_];
    }
    ~Session() override {
        if (live_) {
            auto it = server_.live_streams.find(from_);
            if (it != server_.live_streams.end() && --it->second == 0)
                server_.live_streams.erase(it);
        }
        server_.streams.erase(&stream_);
        --server_.open;
        if (!counted_) return;
        auto it = server_.per_address.find(from_);
        if (it != server_.per_address.end() && --it->second == 0) server_.per_address.erase(it);
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

    // Too many connections (from everyone, or from this address): one answer, then closed.
    void refuse_busy(bool this_address) {
        send(busy(this_address ? "Too many connections from your address at once; close some, "
                                 "or try again in a moment.\n"
                               : "Too many connections at once; try again in a moment.\n",
                  5, 11));
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
        // HTTP/1.1 requires Host (RFC 9112 3.2): without it, 400.
        if (v >= 11 && req.find(http::field::host) == req.end())
            return send(plain(http::status::bad_request, "A Host header is required.\n", v));
        const auto target = req.target();
        if (target.size() > server_.opt.target_limit)
            return send(plain(http::status::uri_too_long, "The address is too long.\n", v));
        if (target.empty() || target.front() != '/')
            return send(plain(http::status::bad_request, "Bad request target.\n", v));
        if (!server_.site) return send(busy("The pages are not available.\n", 30, v));
        const std::string key(target.data(), target.size());
        if (key.rfind("/live/game/", 0) == 0) return open_live(key.substr(11), v);
        if (key == "/live/games") return open_live("", v, true);  // the first page's
        auto e = server_.find_kept(key);
        if (!e) {
            Response r;
            try {
                r = server_.site->get(key);
            } catch (const std::exception& ex) {
                log::warn("web: {} {}: {}", std::string(req.method_string()), key, ex.what());
                return send(busy("The database cannot be read right now; try again.\n", 1, v));
            }
            e = std::make_shared<Server::Impl::Entry>();
            e->status = r.status;
            e->content_type = std::move(r.content_type);
            e->body = std::move(r.body);
            e->etag = etag_of(e->body);
            if (r.fixed && r.status == 200) server_.keep(key, e);
        }
        const bool compressible = e->body.size() >= server_.opt.gzip_from;
        const bool zipped =
            compressible && accepts_gzip(field(req, http::field::accept_encoding)) && gzipped(*e);
        server_.recount_kept(*e);
        const std::string& etag = zipped ? e->gz_etag : e->etag;
        ++requests_;
        const bool again = req.keep_alive() && requests_ < server_.opt.max_requests;
        const bool unchanged =
            e->status == 200 && etag_matches(field(req, http::field::if_none_match), etag);
        http::response<http::string_body> res{
            unchanged ? http::status::not_modified : static_cast<http::status>(e->status), v};
        common_headers(res);
        res.set(http::field::content_type, e->content_type);
        res.set(http::field::cache_control, "no-cache");
        if (e->status == 200) res.set(http::field::etag, etag);
        if (compressible) res.set(http::field::vary, "Accept-Encoding");
        if (zipped) res.set(http::field::content_encoding, "gzip");
        res.keep_alive(again);
        const std::string& body = zipped ? e->gz : e->body;
        if (unchanged) {
            // 304: no body, no length of one.
        } else if (req.method() == http::verb::head) {
            res.content_length(body.size());
        } else {
            res.body() = body;
            res.prepare_payload();
        }
        send(std::move(res));
    }

    // A live game's stream (live.hpp): the answer's head and first event, then an event
    // after each move, until the peer closes or the game ends (the page then reloads).
    // `games`: the first page's games under way (the site's live view 0), not one game's.
    void open_live(const std::string& id_text, unsigned v, bool games = false) {
        // The game's number, 0 for the games under way, -1 for nothing to watch.
        std::int64_t id = 0;
        if (!games) {
            const auto parsed = parse_id(id_text);
            id = parsed && *parsed != 0 ? *parsed : -1;
        }
        const std::string first = id >= 0 && server_.hub ? server_.hub->first(id) : "";
        if (first.empty())
            return send(plain(http::status::not_found, "No game under way to watch here.\n", v));
        if (server_.live_streams[from_] >= server_.opt.max_streams_per_address)
            return send(busy("Too many live games open from your address; close some.\n", 5, v));
        ++server_.live_streams[from_];
        live_ = true;
        http::response<http::empty_body> head{http::status::ok, v};
        common_headers(head);
        head.set(http::field::content_type, "text/event-stream");
        head.set(http::field::cache_control, "no-store");
        head.set("X-Accel-Buffering", "no");
        std::ostringstream out;
        out << head.base();
        stream_.expires_never();
        push(std::make_shared<const std::string>(out.str() + "retry: 3000\n" + first));
        server_.hub->watch(id, weak_from_this());
        // Anything from the peer (it sends nothing more) or its close ends the stream.
        stream_.async_read_some(
            asio::buffer(peer_),
            [self = shared_from_this()](beast::error_code, std::size_t) { self->close(); });
    }

  public:
    void push(std::shared_ptr<const std::string> text) override {
        if (closed_) return;
        if (queue_.size() >= 64) return close();  // a reader this slow is let go
        queue_.push_back(std::move(text));
        if (queue_.size() == 1) write_queued();
    }

  private:
    void write_queued() {
        asio::async_write(stream_, asio::buffer(*queue_.front()),
                          [self = shared_from_this()](beast::error_code ec, std::size_t) {
                              if (ec || self->closed_) return self->close();
                              self->queue_.pop_front();
                              if (!self->queue_.empty()) self->write_queued();
                          });
    }

    static std::string_view field(const http::request<http::empty_body>& req, http::field f) {
        auto it = req.find(f);
        return it == req.end() ? std::string_view()
                               : std::string_view(it->value().data(), it->value().size());
    }

    // The entry's gzipped body, made the first time it is asked for; false if zlib failed.
    static bool gzipped(Server::Impl::Entry& e) {
        if (!e.gz_tried) {
            e.gz_tried = true;
            e.gz = gzip(e.body);
            if (!e.gz.empty()) e.gz_etag = etag_of(e.body, "gz");
        }
        return !e.gz.empty();
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
        if (std::exchange(closed_, true)) return;
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream_.close();
    }

    beast::tcp_stream stream_;
    Server::Impl& server_;
    asio::ip::address from_;
    bool counted_ = false;
    std::size_t requests_ = 0;  // answered on this connection
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::empty_body>> parser_;
    std::shared_ptr<http::response<http::string_body>> response_;
    bool live_ = false, closed_ = false;                    // a live stream; closed
    std::deque<std::shared_ptr<const std::string>> queue_;  // a live stream's events to send
    std::array<char, 256> peer_{};
};

}  // namespace

void Server::Impl::accept() {
    acceptor->async_accept([this](beast::error_code ec, tcp::socket socket) {
        if (ec == asio::error::operation_aborted || !acceptor->is_open()) return;
        if (!ec) {
            beast::error_code ignored;
            const auto from = socket.remote_endpoint(ignored).address();
            const bool full = open.load() >= opt.max_connections;
            auto pa = per_address.find(from);
            const bool crowded = pa != per_address.end() && pa->second >= opt.max_per_address;
            auto s = std::make_shared<Session>(std::move(socket), *this, from, !full && !crowded);
            if (full || crowded)
                s->refuse_busy(!full);
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
    s.hub.emplace(s.io, s.site, s.opt.live_every);
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
            if (s.hub) s.hub->stop();
            for (auto* stream : s.streams) stream->socket().close(ignored);
        });
        s.thread.join();
    }
}

std::uint16_t Server::port() const {
    return impl_->bound;
}

std::pair<std::size_t, std::size_t> Server::kept() const {
    return {impl_->kept_count_now.load(), impl_->kept_bytes_now.load()};
}

std::size_t Server::connections() const {
    return impl_->open.load();
}

}  // namespace croupier::bot::web
