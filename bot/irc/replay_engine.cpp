// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/irc/replay_engine.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <sstream>

#include <boost/asio/post.hpp>

#include "bot/irc/transport.hpp"
#include "bot/log.hpp"

namespace croupier::bot::replay {

namespace asio = boost::asio;

// ------------------------------------------------------------------ parsing

std::optional<Duration> parse_wait(const std::string& text) {
    std::size_t i = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    if (i == 0 || i > 12) return std::nullopt;
    const long long n = std::stoll(text.substr(0, i));
    const std::string unit = text.substr(i);
    if (unit == "ms") return Duration{n};
    if (unit == "s") return Duration{n * 1000};
    if (unit == "m") return Duration{n * 60'000};
    if (unit == "h") return Duration{n * 3'600'000};
    if (unit == "d") return Duration{n * 86'400'000};
    return std::nullopt;
}

namespace {

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    const auto e = s.find_last_not_of(" \t");
    return s.substr(b, e - b + 1);
}

bool starts(const std::string& s, std::string_view p) {
    return s.rfind(p, 0) == 0;
}

}  // namespace

Transcript parse_transcript(const std::string& text, const std::string& path) {
    Transcript t;
    t.path = path;
    std::istringstream in(text);
    std::string raw;
    int n = 0;
    bool started = false;  // a step has been seen: no more seed/set
    bool first_directive = true;
    bool server_said = false;  // an S: line has been seen: no more load-database
    while (std::getline(in, raw)) {
        ++n;
        if (!raw.empty() && raw.back() == '\r') raw.pop_back();
        t.lines.push_back(raw);
        const std::string line = trim(raw);
        if (line.empty() || line[0] == '#') continue;
        const bool was_first = first_directive;
        first_directive = false;
        auto rest_after = [&](std::size_t k) {
            return raw.substr(raw.find_first_not_of(" \t") + k);
        };
        auto regex = [&](const std::string& src) {
            // libstdc++'s regex compiler overflows (undefined behaviour) on a huge number in
            // a back-reference (\\5555555555555555555) or a repetition count (a{...}):
            // refused here (found by fuzz_replay). No transcript needs more than 9999.
            for (std::size_t i = 0; i < src.size(); ++i) {
                if (src[i] == '\\') {
                    std::size_t digits = 0;
                    while (i + 1 < src.size() && src[i + 1] >= '0' && src[i + 1] <= '9') {
                        ++i;
                        if (++digits > 4)
                            throw MalformedError(
                                n, "bad regular expression: a back-reference over 9999");
                    }
                    if (digits == 0) ++i;
                    continue;
                }
                if (src[i] != '{') continue;
                std::size_t digits = 0;
                for (std::size_t j = i + 1; j < src.size() && src[j] != '}'; ++j) {
                    if (src[j] == ',') {
                        digits = 0;
                        continue;
                    }
                    if (src[j] < '0' || src[j] > '9') break;
                    if (++digits > 4)
                        throw MalformedError(
                            n, "bad regular expression: a repetition count over 9999");
                }
            }
            try {
                return std::make_shared<std::regex>(src, std::regex::ECMAScript);
            } catch (const std::regex_error& e) {
                throw MalformedError(n, "bad regular expression: " + std::string(e.what()));
            }
        };
        Step s;
        s.line = n;
        if (line == "raw-registration") {
            if (!was_first) throw MalformedError(n, "raw-registration must be the first directive");
            t.raw_registration = true;
            continue;
        }
        if (line == "server-link") {
            if (started) throw MalformedError(n, "server-link must come before the first step");
            t.server_link = true;
            t.raw_registration = true;  // the transcript does the handshake
            continue;
        }
        if (starts(line, "seed ")) {
            if (started) throw MalformedError(n, "seed must come before the first step");
            const std::string v = trim(line.substr(5));
            char* end = nullptr;
            t.seed = std::strtoull(v.c_str(), &end, 10);
            if (v.empty() || *end) throw MalformedError(n, "seed needs a number");
            continue;
        }
        if (starts(line, "set ")) {
            if (started) throw MalformedError(n, "set must come before the first step");
            const std::string body = line.substr(4);
            const auto eq = body.find('=');
            if (eq == std::string::npos) throw MalformedError(n, "set needs SECTION.KEY = VALUE");
            const std::string lhs = trim(body.substr(0, eq));
            const auto dot = lhs.rfind('.');
            if (dot == std::string::npos || dot == 0 || dot + 1 == lhs.size())
                throw MalformedError(n, "set needs SECTION.KEY = VALUE");
            config::Override o;
            o.section = trim(lhs.substr(0, dot));
            o.key = trim(lhs.substr(dot + 1));
            o.value = trim(body.substr(eq + 1));
            o.origin = path;
            o.line = n;
            t.overrides.push_back(o);
            continue;
        }
        if (starts(line, "load-database ")) {
            if (server_said)
                throw MalformedError(n, "load-database must come before the first S: line");
            if (!t.load_database.empty())
                throw MalformedError(n, "only one load-database in a transcript");
            const std::filesystem::path file = trim(line.substr(14));
            if (file.empty()) throw MalformedError(n, "load-database needs a file");
            t.load_database =
                (file.is_absolute() ? file : std::filesystem::path(path).parent_path() / file)
                    .string();
            continue;
        }
        started = true;
        if (starts(line, "S:")) {
            server_said = true;
            s.kind = Step::Kind::Server;
            s.text = trim(rest_after(2));
            if (s.text.empty()) throw MalformedError(n, "S: needs a line");
        } else if (starts(line, "C:")) {
            s.kind = Step::Kind::Expect;
            s.text = rest_after(2);
            if (!s.text.empty() && s.text[0] == ' ') s.text.erase(0, 1);
        } else if (starts(line, "C~")) {
            s.kind = Step::Kind::ExpectRegex;
            s.text = trim(rest_after(2));
            s.re = regex(s.text);
        } else if (starts(line, "C!")) {
            s.kind = Step::Kind::Forbid;
            s.text = trim(rest_after(2));
            s.re = regex(s.text);
        } else if (starts(line, "wait ")) {
            s.kind = Step::Kind::Wait;
            auto d = parse_wait(trim(line.substr(5)));
            if (!d) throw MalformedError(n, "wait needs a duration like 500ms, 30s, 5m, 2h");
            s.wait = *d;
        } else if (line == "restart") {
            s.kind = Step::Kind::Restart;
        } else if (line == "strict") {
            s.kind = Step::Kind::Strict;
        } else if (line == "db-lock") {
            s.kind = Step::Kind::DbLock;
        } else if (line == "db-unlock") {
            s.kind = Step::Kind::DbUnlock;
        } else if (line == "disk-full" || line == "disk-free") {
            s.kind = Step::Kind::DiskFull;
            s.text = line;
        } else if (starts(line, "db ")) {
            s.kind = Step::Kind::Db;
            s.text = trim(line.substr(3));
            // the next non-blank line must be "= VALUE"
            std::string next;
            bool found = false;
            while (std::getline(in, next)) {
                ++n;
                if (!next.empty() && next.back() == '\r') next.pop_back();
                t.lines.push_back(next);
                const std::string tn = trim(next);
                if (tn.empty()) continue;
                if (tn[0] != '=') break;
                std::string v = next.substr(next.find('=') + 1);
                if (!v.empty() && v[0] == ' ') v.erase(0, 1);
                s.value = v;
                s.value_line = n;
                found = true;
                break;
            }
            if (!found) throw MalformedError(n, "db SQL must be followed by a line '= VALUE'");
        } else {
            throw MalformedError(n, "unknown directive: " + line);
        }
        t.steps.push_back(std::move(s));
    }
    return t;
}

// ------------------------------------------------------------------ the fake server

namespace {

class Server;

class ReplayTransport final : public Transport {
  public:
    ReplayTransport(asio::io_context& io, Server& srv) : io_(io), srv_(srv) {}
    ~ReplayTransport() override;
    void open(Handlers h) override;
    void write(const std::string& line) override;
    void close() override;
    void deliver(const std::string& line) {
        if (open_ && !closed_ && h_.data) h_.data(line + "\r\n");
    }
    bool usable() const { return open_ && !closed_; }

    // the auto-registration server's state for this connection
    std::string nick;
    bool got_user = false, welcomed = false;

  private:
    asio::io_context& io_;
    Server& srv_;
    Handlers h_;
    bool open_ = false, closed_ = false;
    std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

class Server {
  public:
    Server(asio::io_context& io, Clock& clock, bool auto_register)
        : io_(io), clock_(clock), auto_(auto_register) {}

    TransportFactory factory() {
        return [this](asio::io_context& io, const config::NetworkConfig&) {
            auto t = std::make_unique<ReplayTransport>(io, *this);
            transports_.push_back(t.get());
            return t;
        };
    }
    void forget(ReplayTransport* t) {
        std::erase(transports_, t);
        if (current_ == t) current_ = nullptr;
    }
    void opened(ReplayTransport* t) {
        // the first network's connection is the one the transcript talks to
        if (!current_ || !current_->usable()) current_ = t;
    }
    bool connected() const { return current_ && current_->usable(); }

    void deliver(const std::string& line, bool counts = true) {
        if (!connected()) return;
        if (counts) delivered_ = true;
        current_->deliver(line);
    }

    void from_bot(ReplayTransport* t, const std::string& line) {
        if (starts(line, "PONG replay-sync-") || starts(line, "PONG :replay-sync-")) {
            const auto pos = line.find("replay-sync-") + 12;
            sync_seen = std::max<std::uint64_t>(sync_seen, std::stoull(line.substr(pos)));
            return;
        }
        if (t != current_) return;  // other networks talk to nobody
        if (auto_ && starts(line, "PING ")) {
            // keepalive: answered at once in virtual time, and not shown to the transcript
            const std::string token = line.substr(5);
            std::weak_ptr<bool> me = alive_;
            clock_.call_after(Duration{0}, [this, me, token] {
                if (!me.expired()) deliver(":replay.invalid PONG replay.invalid " + token, false);
            });
            return;
        }
        log.push_back(line);
        if (auto_) auto_answer(*t, line);
    }

    std::vector<std::string> log;  // what the bot sent, in order
    std::uint64_t sync_seen = 0;
    bool delivered_ = false;
    std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);

  private:
    void later(std::string line) {
        std::weak_ptr<bool> me = alive_;
        asio::post(io_, [this, me, line = std::move(line)] {
            if (!me.expired()) deliver(line);
        });
    }

    void welcome(ReplayTransport& t) {
        t.welcomed = true;
        const std::string& n = t.nick;
        later(":replay.invalid 001 " + n + " :Welcome to the replay network " + n +
              "!croupier@bot.host");
        later(":replay.invalid 002 " + n + " :Your host is replay.invalid, running replay");
        later(":replay.invalid 003 " + n + " :This server was created for this replay");
        later(":replay.invalid 004 " + n + " replay.invalid replay-1 io bciklmnopstv");
        later(":replay.invalid 005 " + n +
              " CASEMAPPING=rfc1459 CHANTYPES=#& PREFIX=(ov)@+ :are supported by this server");
        later(":replay.invalid 376 " + n + " :End of MOTD command");
    }

    void auto_answer(ReplayTransport& t, const std::string& line) {
        std::istringstream in(line);
        std::string cmd, arg;
        in >> cmd >> arg;
        for (char& c : cmd) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (cmd == "CAP") {
            std::string sub;
            sub = arg;
            if (sub == "LS") later(":replay.invalid CAP * LS :");
        } else if (cmd == "NICK" && !arg.empty()) {
            if (arg[0] == ':') arg.erase(0, 1);
            if (t.welcomed) {
                later(":" + t.nick + "!croupier@bot.host NICK :" + arg);
                t.nick = arg;
            } else {
                t.nick = arg;
                if (t.got_user) welcome(t);
            }
        } else if (cmd == "USER") {
            t.got_user = true;
            if (!t.nick.empty() && !t.welcomed) welcome(t);
        } else if (cmd == "JOIN" && t.welcomed) {
            std::stringstream chans(arg);
            std::string ch;
            while (std::getline(chans, ch, ','))
                if (!ch.empty()) later(":" + t.nick + "!croupier@bot.host JOIN " + ch);
        } else if (cmd == "PART" && t.welcomed) {
            later(":" + t.nick + "!croupier@bot.host PART " + arg);
        } else if (cmd == "MODE" && t.welcomed && !arg.empty() &&
                   (arg[0] == '#' || arg[0] == '&')) {
            std::string more;
            if (!(in >> more)) later(":replay.invalid 324 " + t.nick + " " + arg + " +nt");
        }
    }

    asio::io_context& io_;
    Clock& clock_;
    bool auto_;
    std::vector<ReplayTransport*> transports_;
    ReplayTransport* current_ = nullptr;
};

ReplayTransport::~ReplayTransport() {
    *alive_ = false;
    srv_.forget(this);
}

void ReplayTransport::open(Handlers h) {
    h_ = std::move(h);
    std::weak_ptr<bool> me = alive_;
    asio::post(io_, [this, me] {
        if (me.expired() || closed_) return;
        open_ = true;
        srv_.opened(this);
        if (h_.connected) h_.connected();
    });
}

void ReplayTransport::write(const std::string& line) {
    if (!usable()) return;
    srv_.from_bot(this, line);
}

void ReplayTransport::close() {
    closed_ = true;
    srv_.forget(this);
}

// ------------------------------------------------------------------ the player

class Player {
  public:
    Player(const Transcript& t, const AppFactory& make, bool record, std::ostream& out,
           std::ostream& err)
        : t_(t),
          make_(make),
          record_(record),
          out_(out),
          err_(err),
          server_(io_, clock_, !t.raw_registration) {}

    ~Player() {
        app_.reset();
        settle_io();
    }

    int run();

  private:
    struct Miss {
        int line;
        std::string what;
    };

    void boot() {
        app_ = make_(io_, clock_, server_.factory());
        app_->start();
        quiesce();
    }

    void settle_io() {
        for (int i = 0; i < 10000; ++i) {
            io_.restart();
            if (io_.poll() == 0) break;
        }
    }

    // Sends a sync PING and runs the io_context until libircclient's PONG for it has come
    // back through the link: every line delivered before it has been turned into events.
    void sync_once() {
        if (!server_.connected()) return;
        const std::uint64_t n = ++sync_sent_;
        server_.deliver("PING :replay-sync-" + std::to_string(n), false);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (server_.sync_seen < n) {
            io_.restart();
            io_.run_one_for(std::chrono::milliseconds(50));
            if (!server_.connected()) return;
            if (std::chrono::steady_clock::now() > deadline)
                throw Miss{0, "the bot stopped processing server lines (no answer to a sync PING)"};
        }
    }

    void quiesce() {
        for (int round = 0; round < 10000; ++round) {
            io_.restart();
            std::size_t n = io_.poll();
            n += static_cast<std::size_t>(clock_.run_due());
            if (server_.delivered_) {
                server_.delivered_ = false;
                // A server link reads each line as it is delivered (no libircclient in
                // between), and a PING is a line of its protocol: no sync PING.
                if (!t_.server_link) sync_once();
                continue;
            }
            if (n == 0) return;
        }
    }

    void print_new() {
        while (printed_ < server_.log.size()) out_ << "C: " << server_.log[printed_++] << "\n";
    }

    bool matches(const Step& s, const std::string& line) const {
        if (s.kind == Step::Kind::Expect) return line == s.text;
        return std::regex_match(line, *s.re);
    }

    void context(std::ostream& o, std::size_t focus) const {
        const auto& log = server_.log;
        const std::size_t from = focus > 5 ? focus - 5 : 0;
        o << "the bot's lines around it (>> marks where matching stood):\n";
        if (log.empty()) o << "  (the bot has sent nothing)\n";
        for (std::size_t i = from; i < log.size() && i < focus + 15; ++i)
            o << (i == focus ? ">> " : "   ") << "[" << i + 1 << "] " << log[i] << "\n";
        if (focus >= log.size() && !log.empty()) o << ">> (nothing after this)\n";
    }

    void step(const Step& s);

    const Transcript& t_;
    const AppFactory& make_;
    bool record_;
    std::ostream& out_;
    std::ostream& err_;
    asio::io_context io_;
    VirtualClock clock_;
    Server server_;
    std::unique_ptr<App> app_;
    std::uint64_t sync_sent_ = 0;
    std::size_t cursor_ = 0, mark_ = 0, printed_ = 0;
    bool strict_ = false;
};

void Player::step(const Step& s) {
    using K = Step::Kind;
    switch (s.kind) {
        case K::Server:
            mark_ = server_.log.size();
            server_.deliver(s.text);
            quiesce();
            break;
        case K::Wait:
            mark_ = server_.log.size();
            quiesce();
            {
                // In steps, with the server's answers (and the loopback) processed between
                // them, so that what the bot sends during a long wait (a keepalive, a
                // reconnect, a JOIN) is answered near the virtual time it was sent.
                const Duration step = std::max(Duration{1000}, s.wait / 2000);
                Duration left = s.wait;
                while (left > Duration{0}) {
                    const Duration d = std::min(step, left);
                    clock_.advance(d);
                    left -= d;
                    quiesce();
                }
            }
            break;
        case K::Restart:
            app_.reset();
            settle_io();
            boot();
            break;
        case K::Strict:
            // "From there on": what the bot sent before this point and no expectation
            // named (registration, say) is passed over, as without strict.
            quiesce();
            strict_ = true;
            cursor_ = std::max(cursor_, server_.log.size());
            break;
        case K::Expect:
        case K::ExpectRegex: {
            quiesce();
            if (record_) break;
            const auto& log = server_.log;
            std::size_t i = cursor_;
            bool found = false;
            for (; i < log.size(); ++i) {
                if (matches(s, log[i])) {
                    found = true;
                    break;
                }
                if (strict_) break;
            }
            if (!found) {
                std::ostringstream o;
                o << (strict_ && cursor_ < log.size() ? "strict: the next line the bot sent is "
                                                        "not the one expected\n"
                                                      : "the bot did not send the expected line\n")
                  << "  expected: " << (s.kind == K::Expect ? "C: " : "C~ ") << s.text << "\n";
                context(o, cursor_);
                throw Miss{s.line, o.str()};
            }
            cursor_ = i + 1;
            break;
        }
        case K::Forbid: {
            quiesce();
            if (record_) break;
            const auto& log = server_.log;
            for (std::size_t i = mark_; i < log.size(); ++i) {
                if (std::regex_match(log[i], *s.re)) {
                    std::ostringstream o;
                    o << "the bot sent a line it must not send\n  forbidden: C! " << s.text << "\n";
                    context(o, i);
                    throw Miss{s.line, o.str()};
                }
            }
            break;
        }
        case K::DbLock:
        case K::DbUnlock:
            quiesce();
            app_->hold_write_lock(s.kind == K::DbLock);
            break;
        case K::DiskFull:
            quiesce();
            app_->fill_disk(s.text == "disk-full");
            break;
        case K::Db: {
            quiesce();
            std::optional<std::string> got;
            try {
                got = app_->query(s.text);
            } catch (const std::exception& e) {
                throw Miss{s.line, std::string("db query failed: ") + e.what()};
            }
            if (record_) break;
            if (!got || *got != s.value) {
                throw Miss{s.value_line, "db: " + s.text + "\n  expected: = " + s.value +
                                             "\n  got:      " +
                                             (got ? "= " + *got : std::string("(no row)")) + "\n"};
            }
            break;
        }
    }
}

int Player::run() {
    try {
        std::size_t next_line = 0;  // index into t_.lines (0-based) still to print
        auto echo_until = [&](int line) {
            // prints the transcript's own lines up to `line` (1-based), leaving out its
            // C: and C~ lines (the recording replaces them)
            while (next_line < t_.lines.size() && static_cast<int>(next_line) < line) {
                const std::string& l = t_.lines[next_line++];
                const std::string tl = trim(l);
                if (starts(tl, "C:") || starts(tl, "C~")) continue;
                out_ << l << "\n";
            }
        };
        bool booted = false;
        for (const Step& s : t_.steps) {
            if (record_) echo_until(s.line - 1);
            if (!booted) {
                boot();
                booted = true;
                if (record_) print_new();
            }
            step(s);
            if (record_) {
                echo_until(s.kind == Step::Kind::Db ? s.value_line - 1 : s.line);
                if (s.kind == Step::Kind::Db) {
                    // re-run for the recording: the value the database holds now
                    std::optional<std::string> got = app_->query(s.text);
                    out_ << "= " << (got ? *got : std::string()) << "\n";
                    next_line = static_cast<std::size_t>(s.value_line);
                }
                print_new();
            }
        }
        if (!booted) boot();
        quiesce();
        if (record_) {
            echo_until(static_cast<int>(t_.lines.size()));
            print_new();
            return 0;
        }
        if (strict_ && cursor_ < server_.log.size()) {
            std::ostringstream o;
            o << "strict: the bot sent lines that the transcript does not name\n";
            context(o, cursor_);
            throw Miss{static_cast<int>(t_.lines.size()), o.str()};
        }
        return 0;
    } catch (const Miss& m) {
        err_ << t_.path << ":" << m.line << ": " << m.what;
        if (!m.what.empty() && m.what.back() != '\n') err_ << "\n";
        return 1;
    }
}

}  // namespace

int play(const Transcript& t, const AppFactory& make_app, bool record, std::ostream& out,
         std::ostream& err) {
    Player p(t, make_app, record, out, err);
    return p.run();
}

}  // namespace croupier::bot::replay
