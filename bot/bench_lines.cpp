// `croupierd --bench lines` (issue 26, shared/BENCH.md lines.*): the server's line budget
// shared by a crowd. The whole daemon runs in-process on a VirtualClock with the real send
// queue (bot/irc/network_send.cpp) at the example config's pacing (flood_burst 4, flood_rate 1
// line a second); the far side is a Transport of this file that plays a registered server
// and records every line the bot writes with its virtual time.
//
// Players are closed loops. A loop is a place: a channel table (whoever's turn it is there
// moves for it) or one person's private game. A loop moves, waits for the answer to its
// move, thinks (3 s), and moves again. Its moves are chosen through the Game seam
// (Game::filler_action: a legal move without a search); a private game that ends, or has no
// move left, is ended and a new one started, and a table whose game ended is opened again.
//
// The answer to a move, precisely: the move is played first on a copy of the game
// (Game::clone), with the computer players' moves it sets off, as the table will play them
// (Tables::play_computers); the first line of what that produces for the move's place (a
// channel table: its first line to the table; a private game: its first line to the
// player) is the answer. It has arrived when the bot writes a line to that place whose
// plain text (render::to_plain) holds the plain text of that line's first piece
// (render::split), so a line merged with others still counts. The wait is the virtual time
// from the move read to that line written.
//
// The floor (lines.floor_s.<scenario>): loop i needs L_i lines for one of its moves (all
// targets: the table's line, hands, a private board; lines.per_move), measured from what
// its moves produced in this run. In a round every loop moves once, so a round needs
// D = sum L_i lines, which take D / R seconds at R lines a second. A loop's round is its
// think time T plus its wait w; all loops served alike, T + w >= D / R, so
//     floor = max(0, D / R - T).
// In (c) the host of ten nicks always has lines waiting; a fair queue gives it one turn a
// round as big as the largest loop's, so D gets that much more (with one innocent player:
// D = 2 L, floor = max(0, 2 L / R - T)).
//
// budget_used: the union of the intervals in which some loop waits for an answer; the
// lines the bot wrote inside it over R times its length (1: not a token wasted while
// someone waited).
//
// (d) (issue 42) is a crowd run twice: in client mode as above, and linked as an ngircd
// server (link = ngircd at its default pacing: a budget for each person and each channel,
// Pacer in bot/irc/send_queue.hpp). The same daemon, Network and send queue; only the far
// side changes: CrowdServer then speaks RFC 2813 as ngircd 26 does (PASS, SERVER, a PING
// that ends its burst, NICK for each person before they first speak). Its readers ask for
// a page (top, stats, help) kReaderThink after the first line of the last one; they are
// not in every round, so in the floor their lines take a share u = sum (lines a page /
// (kReaderThink + their mean wait)) of the rate: floor = max(0, D / (R - u) - T). Its
// tables' and duels' moves are checked for order: the first line a move makes for each
// person after a channel line must not be written before that channel line (matched as
// answers are, oldest first).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <boost/asio/post.hpp>

#include "bot/bench.hpp"
#include "bot/clock.hpp"
#include "bot/daemon.hpp"
#include "bot/irc/transport.hpp"
#include "bot/kinds/kinds.hpp"
#include "bot/log.hpp"
#include "bot/net_ctx.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "bot/tables/lines.hpp"
#include "bot/tables/seatings.hpp"
#include "bot/tables/tables.hpp"

namespace croupier::bot {

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// The example config's pacing (config/croupier.ini.example: flood_burst = 4, flood_rate =
// 1.0), which is also the config's default.
constexpr int kBurst = 4;
constexpr double kRate = 1.0;
constexpr Duration kThink = 3s;
// (d)'s readers ask for a page now and then: this long after the last page's first line.
constexpr Duration kReaderThink = 20s;
// A move whose answer has not come after this long is counted unanswered and the loop goes on.
constexpr Duration kGiveUp = 120s;
// A loop whose game has not started after this long fails the scenario.
constexpr Duration kStartWithin = 60s;

std::string lowercase(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

double seconds(Duration d) {
    return static_cast<double>(d.count()) / 1000.0;
}

// The server: registers the bot, echoes its JOINs, answers the link's keepalive and the
// bench's sync PINGs, and records every PRIVMSG and NOTICE with its virtual time. With
// `link` it is an ngircd 26 peer instead (RFC 2813, as bot/irc/link_ngircd.cpp speaks it):
// it answers the bot's PASS and SERVER with its own, ends its burst with a PING, and the
// bench's people are introduced with NICK before they first speak.
class CrowdServer final : public Transport {
  public:
    struct Line {
        TimePoint at;
        std::string target;  // folded (lower case: the bench's names have no []\~)
        std::string text;
    };
    CrowdServer(boost::asio::io_context& io, Clock& clock, bool link)
        : io_(io), clock_(clock), link_(link) {}
    void open(Handlers h) override {
        h_ = std::move(h);
        boost::asio::post(io_, [this] {
            open_ = true;
            if (h_.connected) h_.connected();
        });
    }
    void write(const std::string& raw) override {
        // A server link's lines carry their source (":croupier PRIVMSG ...").
        std::string line = raw;
        if (link_ && !line.empty() && line[0] == ':') line.erase(0, line.find(' ') + 1);
        const auto sp = line.find(' ');
        const std::string cmd = line.substr(0, sp);
        std::string rest = sp == std::string::npos ? "" : line.substr(sp + 1);
        if (cmd == "PONG" && rest.find("bench-sync-") != std::string::npos) {
            sync_seen = std::max<std::uint64_t>(
                sync_seen, std::stoull(rest.substr(rest.find("bench-sync-") + 11)));
        } else if (link_ && cmd == "SERVER") {
            later(":bench.invalid PASS bench 0210-IRC+ ngIRCd|26.1:CHLMSXZ PZ");
            later(":bench.invalid SERVER bench.invalid 1 :the bench's ngircd");
            later(":bench.invalid PING :bench.invalid");  // its burst is over
        } else if (link_ && cmd == "PING") {
            later(":bench.invalid PONG bench.invalid :" + rest.substr(0, rest.find(' ')));
        } else if (link_) {
            if (cmd == "PRIVMSG" || cmd == "NOTICE") record(rest);
        } else if (cmd == "CAP" && rest.rfind("LS", 0) == 0) {
            later(":bench.invalid CAP * LS :");
        } else if (cmd == "NICK") {
            nick_ = rest;
            if (!nick_.empty() && nick_[0] == ':') nick_.erase(0, 1);
        } else if (cmd == "USER") {
            later(":bench.invalid 001 " + nick_ + " :Welcome " + nick_ + "!croupier@bot.host");
            later(":bench.invalid 005 " + nick_ +
                  " CASEMAPPING=rfc1459 CHANTYPES=#& PREFIX=(ov)@+ :are supported");
            later(":bench.invalid 376 " + nick_ + " :End of MOTD command");
        } else if (cmd == "JOIN") {
            later(":" + nick_ + "!croupier@bot.host JOIN " + rest);
        } else if (cmd == "MODE" && rest.find(' ') == std::string::npos) {
            later(":bench.invalid 324 " + nick_ + " " + rest + " +nt");
        } else if (cmd == "PING") {
            later(":bench.invalid PONG bench.invalid " + rest);
        } else if (cmd == "PRIVMSG" || cmd == "NOTICE") {
            record(rest);
        }
    }
    // What a person says, as this server tells it to the bot (introduced first on a link).
    void say(const std::string& nick, const std::string& host, const std::string& target,
             const std::string& text) {
        deliver(from(nick, host) + " PRIVMSG " + target + " :" + text);
    }
    void join(const std::string& nick, const std::string& host, const std::string& channel) {
        deliver(from(nick, host) + " JOIN " + channel);
    }
    void close() override { open_ = false; }
    void deliver(const std::string& line) {
        if (!open_ || !h_.data) return;
        h_.data(line + "\r\n");
        delivered = true;
    }
    bool usable() const { return open_; }

    std::vector<Line> lines;
    std::function<void(const Line&)> on_line;
    std::uint64_t sync_seen = 0;
    bool delivered = false;

  private:
    void record(const std::string& rest) {
        const auto sp2 = rest.find(' ');
        if (sp2 == std::string::npos) return;
        std::string text = rest.substr(sp2 + 1);
        if (!text.empty() && text[0] == ':') text.erase(0, 1);
        lines.push_back({clock_.now(), lowercase(rest.substr(0, sp2)), std::move(text)});
        if (on_line) on_line(lines.back());
    }
    std::string from(const std::string& nick, const std::string& host) {
        if (!link_) return ":" + nick + "!u@" + host;
        if (introduced_.insert(nick).second)
            deliver(":bench.invalid NICK " + nick + " 1 u " + host + " 1 + :" + nick);
        return ":" + nick;
    }
    void later(std::string line) {
        boost::asio::post(io_, [this, line = std::move(line)] { deliver(line); });
    }
    boost::asio::io_context& io_;
    Clock& clock_;
    Handlers h_;
    bool link_;
    bool open_ = false;
    std::string nick_ = "croupier";
    std::set<std::string> introduced_;
};

// One closed loop: a channel table or duel, one person's private game, or (d) a person
// reading pages (top, stats, help) now and then.
struct Loop {
    enum class Place { Table, Duel, Private, Reader };
    Place place = Place::Private;
    std::string kind;                       // GameKind::name()
    std::string channel;                    // a table's channel
    std::vector<std::string> nicks, hosts;  // a table's people (the first opens it); one
    int computers = 0;                      // computer players a table opens with
    bool innocent = false;                  // (c)'s player from another host
    bool joined = false;                    // its people have joined its channel
    // Starting: the server's lines from `opened_line` on are its opening's; the plain text
    // of the opening's last line to its place (empty: any line); when the first came.
    std::size_t opened_line = 0;
    std::optional<std::string> opening_key;
    long first_heard = -1;
    TimePoint first_at{};
    std::vector<double> open_waits, open_whole;  // its openings' first and last line, s
    std::vector<std::string> pages;              // a reader's commands, in turn

    enum class State { Opening, Starting, Ready, Waiting } state = State::Opening;
    TimePoint ready_at{}, sent_at{}, opened_at{};
    std::string target, key;  // waiting: where the answer goes, the plain text it holds
    std::uint64_t salt = 0;
    int moves = 0, unanswered = 0, games = 0;
    long lines_made = 0;  // lines its moves produced (all targets)
    std::vector<double> waits;
    std::vector<std::pair<TimePoint, TimePoint>> waiting;  // [move read, answer written]
    // A table's or duel's moves: each line to the channel, and the first line to each
    // person after it (before the next channel line), which must not be written before it.
    struct Expect {
        std::string target, key;
        long follows = -1;  // the channel line's index in `expects`, or -1 (one itself)
        long seen = -1;     // the index of the bot's line that carried it
    };
    std::vector<Expect> expects;
    std::size_t expects_done = 0;  // all before it seen
};

struct Scenario {
    std::string name, what;
    std::vector<Loop> loops;
    std::vector<std::string> channels;
    int readers = 0;           // (c): nicks of one host reading help pages
    Duration reading{0};       // for this long from the start
    Duration duration{0};      // moves are made for this long
    bool link = false;         // linked as an ngircd server (the Pacer's budget per recipient)
    std::string mode;          // (d): "client" or "link", in the figures' names
    bool join_people = false;  // a table's people join its channel before they open it
    std::string key() const { return mode.empty() ? name : name + "." + mode; }
};

struct Result {
    std::map<std::string, std::vector<double>> waits;  // place class -> waits, s
    // Every game's opening: until its first line, and its last, reached the place, s.
    std::vector<double> open_first, open_whole;
    double floor_s = 0, budget_used = 0;
    std::map<std::string, std::pair<long, int>> made;  // kind -> lines made, moves
    std::size_t lines_sent = 0, reader_lines = 0;
    double readers_done_after_s = -1;  // the last line to a reader, after they stopped
    int unanswered = 0;
    // A move's private lines against the channel line they follow: pairs checked, written
    // before it, and pairs with a line never seen.
    long order_checked = 0, order_before = 0, order_unseen = 0;
};

double pct(std::vector<double> v, int p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, v.size() * static_cast<std::size_t>(p) / 100)];
}

// The first piece of a line as the player reads it, without formatting: what the answer
// must hold.
std::string answer_key(const std::string& text) {
    const auto pieces = render::split(text);
    return render::to_plain(pieces.empty() ? text : pieces.front());
}

class Crowd {
  public:
    explicit Crowd(Scenario& s) : s_(s) {}

    Result run(const fs::path& dir) {
        config::Config cfg = config::parse(ini(), "(bench lines config)", {}, kind_specs());
        cfg.bot.database = (dir / fmt::format("lines-{}.db", s_.key())).string();
        cfg.bot.log_level = "warn";
        DaemonOptions opts;
        opts.master_seed = 26;
        opts.replay = true;  // no worker threads: the writer commits in the loop's turn
        opts.transport = [this](boost::asio::io_context& ctx, const config::NetworkConfig&) {
            auto t = std::make_unique<CrowdServer>(ctx, clock_, s_.link);
            server_ = t.get();
            return t;
        };
        Daemon daemon(io_, clock_, cfg, opts);
        daemon.start();
        quiesce();
        if (!server_) throw std::runtime_error("the bench server was never opened");
        probe_.emplace(daemon.probe_for_bench());
        n_ = &probe_->network;
        server_->on_line = [this](const CrowdServer::Line& l) { heard(l); };
        // Registration and the JOINs leave first.
        for (int i = 0; i < 10; ++i) step_to(clock_.now() + 1s);
        server_->lines.clear();
        start_ = clock_.now();
        for (auto& l : s_.loops) {
            l.state = Loop::State::Opening;
            l.ready_at = start_;
        }
        const TimePoint end = start_ + s_.duration;
        while (clock_.now() < end) {
            act(true);
            quiesce();
            step_to(std::min(end, next_event()));
        }
        // No more moves: the queue drains and the last answers come (or are given up).
        const TimePoint drain_end = clock_.now() + 30min;
        while (clock_.now() < drain_end) {
            act(false);
            const bool waiting = std::any_of(s_.loops.begin(), s_.loops.end(), [](const Loop& l) {
                return l.state == Loop::State::Waiting;
            });
            if (!waiting && n_->net->queued() == 0) break;
            step_to(clock_.now() + 1s);
        }
        Result res = figures();
        probe_.reset();
        n_ = nullptr;
        return res;
    }

  private:
    std::string ini() const {
        std::string channels;
        for (const auto& c : s_.channels) channels += (channels.empty() ? "" : ", ") + c;
        if (s_.link)
            // The server link's pacing at its defaults (config/config.hpp).
            return fmt::format(
                "[bot]\nnick = croupier\n\n[network bench]\nhost = bench.invalid\nchannels = "
                "{}\nadmins = *!*@admin.example.org\nlink = ngircd\nserver_name = "
                "games.bench.invalid\nsend_password = bench\nreceive_password = bench\n",
                channels);
        return fmt::format(
            "[bot]\nnick = croupier\n\n[network bench]\nhost = bench.invalid\nchannels = {}\n"
            "admins = *!*@admin.example.org\nflood_burst = {}\nflood_rate = {}\n",
            channels, kBurst, kRate);
    }

    // As the replay harness does: run what is due, and after lines were handed to the link,
    // a PING whose PONG comes back once libircclient has turned them all into events.
    void quiesce() {
        for (int round = 0; round < 100000; ++round) {
            io_.restart();
            std::size_t n = io_.poll();
            n += static_cast<std::size_t>(clock_.run_due());
            if (server_ && server_->delivered) {
                server_->delivered = false;
                sync();
                continue;
            }
            if (n == 0) return;
        }
    }
    void sync() {
        if (!server_->usable()) return;
        const std::uint64_t id = ++sync_sent_;
        server_->deliver("PING :bench-sync-" + std::to_string(id));
        server_->delivered = false;
        const auto deadline = std::chrono::steady_clock::now() + 10s;
        while (server_->sync_seen < id) {
            io_.restart();
            io_.run_one_for(std::chrono::milliseconds(50));
            if (std::chrono::steady_clock::now() > deadline)
                throw std::runtime_error("the daemon stopped reading the server's lines");
        }
    }
    void step_to(TimePoint when) {
        if (when > clock_.now()) clock_.advance(when - clock_.now());
        quiesce();
    }
    TimePoint next_event() const {
        TimePoint next = clock_.now() + 1s;
        for (const auto& l : s_.loops)
            if ((l.state == Loop::State::Ready || l.state == Loop::State::Opening) &&
                l.ready_at > clock_.now())
                next = std::min(next, l.ready_at);
        if (s_.readers > 0 && clock_.now() - start_ < s_.reading) {
            const TimePoint r = next_read_;
            if (r > clock_.now()) next = std::min(next, r);
        }
        return next;
    }

    const GameKind* kind(const std::string& name) const {
        for (const auto& k : probe_->kinds)
            if (k->name() == name) return k.get();
        throw std::runtime_error("no game kind " + name);
    }
    Table* table_of(const Loop& l) {
        if (l.place != Loop::Place::Private) {
            for (Table* t : probe_->tables.tables_in(*n_, l.channel))
                if (t->kind->name() == l.kind) return t;
            return nullptr;
        }
        for (auto& [id, t] : n_->tables)
            if (t->in_private && t->kind->name() == l.kind && n_->net->same(t->place, l.nicks[0]))
                return t.get();
        return nullptr;
    }
    std::string host_of(const std::string& nick) const {
        for (const auto& l : s_.loops)
            for (std::size_t i = 0; i < l.nicks.size(); ++i)
                if (l.nicks[i] == nick) return l.hosts[i];
        return "nowhere.example.org";
    }
    void say(const std::string& nick, const std::string& host, const std::string& target,
             const std::string& text) {
        server_->say(nick, host, target, text);
    }

    // The plain text of the last line a game's opening tells its place ("" when none).
    static std::string opening_key(const Game& g) {
        std::string key;
        for (const auto& out : g.start())
            if (out.to == Out::To::Table) key = answer_key(out.text);
        return key;
    }

    // When the line holding `key` reached the loop's place since it opened its game (noting
    // the first line there too), if it has.
    std::optional<TimePoint> seen_since(Loop& l, const std::string& key) {
        for (std::size_t i = l.opened_line; i < server_->lines.size(); ++i) {
            const auto& line = server_->lines[i];
            if (line.target != l.target) continue;
            if (l.first_heard < 0) {
                l.first_heard = static_cast<long>(i);
                l.first_at = line.at;
            }
            if (render::to_plain(line.text).find(key) != std::string::npos) return line.at;
        }
        return std::nullopt;
    }

    // Opens the loop's game: a table with its people (and computers), or a private game.
    void open(Loop& l) {
        if (l.place == Loop::Place::Reader) {
            l.state = Loop::State::Ready;
            return;
        }
        const GameKind* k = kind(l.kind);
        if (s_.join_people && !l.joined && l.place != Loop::Place::Private) {
            for (std::size_t i = 0; i < l.nicks.size(); ++i)
                server_->join(l.nicks[i], l.hosts[i], l.channel);
            l.joined = true;
        }
        if (l.place == Loop::Place::Duel) {
            say(l.nicks[0], l.hosts[0], l.channel, "!" + k->name() + " challenge " + l.nicks[1]);
            say(l.nicks[1], l.hosts[1], l.channel, "!" + k->name() + " accept");
        } else if (l.place == Loop::Place::Table) {
            say(l.nicks[0], l.hosts[0], l.channel, "!" + k->name());
            for (std::size_t i = 1; i < l.nicks.size(); ++i)
                say(l.nicks[i], l.hosts[i], l.channel, "!join");
            for (int i = 0; i < l.computers; ++i) say(l.nicks[0], l.hosts[0], l.channel, "!bot");
            say(l.nicks[0], l.hosts[0], l.channel, "!start");
        } else {
            say(l.nicks[0], l.hosts[0], "croupier", k->name() + " new");
        }
        // A person moves once they have seen the whole game (its opening's last line): their
        // think time starts then. The waits for the opening's first and last lines are
        // figures of their own (lines.open_*), not waits for a move.
        l.state = Loop::State::Starting;
        l.opened_at = clock_.now();
        l.target = lower(l.place == Loop::Place::Private ? l.nicks[0] : l.channel);
        l.key.clear();
        l.first_heard = -1;
        l.opening_key.reset();
        l.opened_line = server_->lines.size();
        ++l.games;
    }

    // The loops whose time has come move (or open their game); the readers read.
    void act(bool moving) {
        const TimePoint now = clock_.now();
        for (auto& l : s_.loops) {
            if (l.state == Loop::State::Waiting && now - l.sent_at > kGiveUp) {
                ++l.unanswered;
                l.waiting.emplace_back(l.sent_at, now);
                l.state = Loop::State::Ready;
                l.ready_at = now;
            }
            if (!moving) continue;
            if (l.state == Loop::State::Opening && now >= l.ready_at) open(l);
            if (l.state == Loop::State::Starting) {
                Table* t = table_of(l);
                if (t && t->phase == Table::Phase::Playing && t->game && !t->game->finished()) {
                    if (!l.opening_key) l.opening_key = opening_key(*t->game);
                    if (const auto seen = seen_since(l, *l.opening_key)) {
                        l.open_waits.push_back(seconds(l.first_at - l.opened_at));
                        l.open_whole.push_back(seconds(*seen - l.opened_at));
                        l.state = Loop::State::Ready;
                        l.ready_at = *seen + kThink;
                    }
                } else if (now - l.opened_at > kStartWithin) {
                    throw std::runtime_error(
                        fmt::format("scenario {}: the {} game of {} did not start within {} s",
                                    s_.name, l.kind, l.nicks[0], seconds(kStartWithin)));
                }
            }
            if (l.state == Loop::State::Ready && now >= l.ready_at) move(l);
        }
        if (moving && s_.readers > 0 && now - start_ < s_.reading && now >= next_read_) read();
    }

    void move(Loop& l) {
        const TimePoint now = clock_.now();
        if (l.place == Loop::Place::Reader) {
            say(l.nicks[0], l.hosts[0], "croupier",
                l.pages[static_cast<std::size_t>(l.moves) % l.pages.size()]);
            ++l.moves;
            l.sent_at = now;
            l.state = Loop::State::Waiting;
            l.target = lowercase(l.nicks[0]);
            l.key.clear();  // its page's first line, whatever it says
            return;
        }
        Table* t = table_of(l);
        const GameKind* k = kind(l.kind);
        if (!t || !t->game || t->game->finished()) {
            l.state = Loop::State::Opening;
            l.ready_at = now;
            return;
        }
        const int seat = next_mover(*k, *t->game);
        const bool person = seat >= 0 && seat < static_cast<int>(t->seats.size()) &&
                            !t->seats[static_cast<std::size_t>(seat)].computer;
        if (!person) {
            // Nobody of ours to move (a wake-up the game waits for): look again shortly.
            l.ready_at = now + 1s;
            if (l.place == Loop::Place::Private) end_private(l, *k);
            return;
        }
        // The move, tried on a copy with the computer moves it sets off.
        std::string action = t->game->filler_action(seat, ++l.salt);
        auto copy = t->game->clone();
        auto [cmd, args] = split_command(action);
        Checked<Outcome> o =
            action.empty() ? Checked<Outcome>(Refusal{"no move"}) : copy->act(seat, cmd, args);
        if (!o) {
            action = t->game->timeout_action(seat);
            copy = t->game->clone();
            std::tie(cmd, args) = split_command(action);
            o = action.empty() ? Checked<Outcome>(Refusal{"no move"}) : copy->act(seat, cmd, args);
        }
        if (!o) {
            if (l.place == Loop::Place::Private)
                end_private(l, *k);
            else
                l.ready_at = now + 1s;
            return;
        }
        std::vector<Out> outs = std::move(o->out);
        for (int guard = 0; guard < 10000 && !copy->finished(); ++guard) {
            int turn = -1;
            for (int s : copy->awaited())
                if (s >= 0 && s < static_cast<int>(t->seats.size()) &&
                    t->seats[static_cast<std::size_t>(s)].computer) {
                    turn = s;
                    break;
                }
            if (turn < 0) break;
            const auto [c2, a2] = split_command(copy->computer_action(turn));
            Checked<Outcome> more = copy->act(turn, c2, a2);
            if (!more) break;
            for (auto& out : more->out) outs.push_back(std::move(out));
        }
        // Lines made (to people: a seat line to a computer goes nowhere), packed for each
        // recipient as the tables pack them (bot/tables/lines.hpp), and the answer.
        std::string answer;
        std::vector<Line> told;
        const bool in_channel = l.place != Loop::Place::Private;
        long last_channel = -1;
        std::set<std::string> after;  // people with a line after the last channel line
        for (const auto& out : outs) {
            const bool to_person = out.to == Out::To::Table ||
                                   (out.seat >= 0 && out.seat < static_cast<int>(t->seats.size()) &&
                                    !t->seats[static_cast<std::size_t>(out.seat)].computer);
            if (!to_person) continue;
            const bool to_place = l.place == Loop::Place::Private ? true : out.to == Out::To::Table;
            told.push_back({to_place, to_place ? "place" : std::to_string(out.seat), "", false,
                            out.text, out.layout, out.view, false});
            if (answer.empty() && to_place) answer = answer_key(out.text);
            if (!in_channel) continue;
            if (out.to == Out::To::Table) {
                last_channel = static_cast<long>(l.expects.size());
                l.expects.push_back({lowercase(l.channel), answer_key(out.text), -1, -1});
                after.clear();
            } else if (last_channel >= 0) {
                const std::string who =
                    lowercase(t->seats[static_cast<std::size_t>(out.seat)].nick);
                if (after.insert(who).second)
                    l.expects.push_back({who, answer_key(out.text), last_channel, -1});
            }
        }
        long made = 0;
        for (const auto& line : pack_lines(told, render::kWidth))
            made += static_cast<long>(render::split(line.text).size());
        const std::string& nick = t->seats[static_cast<std::size_t>(seat)].nick;
        // A duel's secret moves are typed in private (VCG's bids), a table's in its channel.
        const bool in_private = l.place == Loop::Place::Private ||
                                (l.place == Loop::Place::Duel && k->seating().secret_moves());
        say(nick, host_of(nick), in_private ? "croupier" : l.channel,
            (in_private ? "" : "!") + action);
        ++l.moves;
        l.lines_made += made;
        l.sent_at = now;
        if (answer.empty()) {
            // A move that tells its place nothing: nothing to wait for.
            l.waits.push_back(0);
            l.state = Loop::State::Ready;
            l.ready_at = now + kThink;
            return;
        }
        l.state = Loop::State::Waiting;
        l.target = lowercase(l.place == Loop::Place::Private ? l.nicks[0] : l.channel);
        l.key = answer;
    }

    // A private game with no move left is ended; the loop opens a new one.
    void end_private(Loop& l, const GameKind& k) {
        say(l.nicks[0], l.hosts[0], "croupier",
            k.name() + " " + k.seating().as_private()->end_command());
        l.state = Loop::State::Opening;
        l.ready_at = clock_.now() + kThink;
    }

    // (c): the next of the ten nicks asks for the next help page; each nick once every
    // readers * 0.35 s (3.5 s for ten: 2.9 commands a second from the host, inside its
    // share of 3 users' budgets; 0.29 a second each, inside a user's 1).
    void read() {
        std::vector<std::string> topics{"help"};
        for (const auto& k : probe_->kinds) topics.push_back("help " + k->name());
        const int i = reads_ % s_.readers;
        const std::string& topic =
            topics[static_cast<std::size_t>(reads_ / s_.readers) % topics.size()];
        say(fmt::format("reader{}", i), "crowd.example.org", "croupier", topic);
        ++reads_;
        next_read_ = clock_.now() + 350ms;
    }

    void heard(const CrowdServer::Line& line) {
        if (line.target.rfind("reader", 0) == 0) {
            ++reader_lines_;
            last_reader_line_ = line.at;
        }
        const long index = static_cast<long>(server_->lines.size()) - 1;
        const std::string plain = render::to_plain(line.text);
        if (getenv("DBGW") && (line.target == "spi0" || line.target == "enc0"))
            fprintf(stderr, "L %s %s at %.0f: %.90s\n", s_.key().c_str(), line.target.c_str(),
                    seconds(line.at - start_), plain.c_str());
        for (auto& l : s_.loops) {
            // The lines a table's moves wait for, oldest first (a merged line carries several).
            for (std::size_t i = l.expects_done; i < l.expects.size(); ++i) {
                auto& e = l.expects[i];
                if (e.seen < 0 && e.target == line.target && plain.find(e.key) != std::string::npos)
                    e.seen = index;
            }
            while (l.expects_done < l.expects.size() && l.expects[l.expects_done].seen >= 0)
                ++l.expects_done;
            if (l.place == Loop::Place::Reader && lowercase(l.nicks[0]) == line.target)
                ++l.lines_made;
            if (l.state != Loop::State::Waiting || l.target != line.target) continue;
            if (plain.find(l.key) == std::string::npos) continue;
            l.waits.push_back(seconds(line.at - l.sent_at));
            l.waiting.emplace_back(l.sent_at, line.at);
            l.state = Loop::State::Ready;
            l.ready_at = line.at + (l.place == Loop::Place::Reader ? kReaderThink : kThink);
        }
    }

    Result figures() {
        Result res;
        double demand = 0, largest = 0, readers_rate = 0;
        std::vector<std::pair<TimePoint, TimePoint>> spans;
        for (const auto& l : s_.loops) {
            const std::string cls = l.innocent                       ? "innocent"
                                    : l.place == Loop::Place::Table  ? "table"
                                    : l.place == Loop::Place::Duel   ? "duel"
                                    : l.place == Loop::Place::Reader ? "reader"
                                                                     : "private";
            auto& w = res.waits[cls];
            w.insert(w.end(), l.waits.begin(), l.waits.end());
            res.open_first.insert(res.open_first.end(), l.open_waits.begin(), l.open_waits.end());
            res.open_whole.insert(res.open_whole.end(), l.open_whole.begin(), l.open_whole.end());
            for (const auto& e : l.expects) {
                if (e.follows < 0) continue;
                const auto& c = l.expects[static_cast<std::size_t>(e.follows)];
                if (e.seen < 0 || c.seen < 0) {
                    ++res.order_unseen;
                    continue;
                }
                ++res.order_checked;
                if (e.seen < c.seen) ++res.order_before;
            }
            if (l.place == Loop::Place::Reader) {
                // A reader is not in every round: its pages take a share of the rate, its
                // lines a page over its think time and wait.
                if (l.waits.empty()) continue;
                double wait = 0;
                for (double x : l.waits) wait += x;
                wait /= static_cast<double>(l.waits.size());
                readers_rate +=
                    static_cast<double>(l.lines_made) / l.moves / (seconds(kReaderThink) + wait);
                spans.insert(spans.end(), l.waiting.begin(), l.waiting.end());
                continue;
            }

            auto& m = res.made[l.kind];
            m.first += l.lines_made;
            m.second += l.moves;
            res.unanswered += l.unanswered;
            const double per = l.moves ? static_cast<double>(l.lines_made) / l.moves : 0.0;
            demand += per;
            largest = std::max(largest, per);
            spans.insert(spans.end(), l.waiting.begin(), l.waiting.end());
            if (l.waits.empty())
                throw std::runtime_error(
                    fmt::format("scenario {}: the {} loop of {} had no move answered", s_.name,
                                l.kind, l.nicks[0]));
        }
        if (s_.readers > 0) demand += largest;  // the flooding host's turn in each round
        res.floor_s = std::max(0.0, demand / (kRate - readers_rate) - seconds(kThink));
        // The union of the waits, and the lines written inside it.
        std::sort(spans.begin(), spans.end());
        std::vector<std::pair<TimePoint, TimePoint>> joined;
        for (const auto& sp : spans) {
            if (!joined.empty() && sp.first <= joined.back().second)
                joined.back().second = std::max(joined.back().second, sp.second);
            else
                joined.push_back(sp);
        }
        double span_s = 0;
        for (const auto& j : joined) span_s += seconds(j.second - j.first);
        std::size_t inside = 0, at = 0;
        for (const auto& line : server_->lines) {
            while (at < joined.size() && joined[at].second < line.at) ++at;
            if (at < joined.size() && joined[at].first < line.at) ++inside;
        }
        res.budget_used = span_s > 0 ? static_cast<double>(inside) / (kRate * span_s) : 0.0;
        res.lines_sent = server_->lines.size();
        res.reader_lines = reader_lines_;
        if (s_.readers > 0 && reader_lines_ > 0)
            res.readers_done_after_s = seconds(last_reader_line_ - (start_ + s_.reading));
        return res;
    }

    Scenario& s_;
    boost::asio::io_context io_;
    VirtualClock clock_;
    CrowdServer* server_ = nullptr;
    std::optional<Daemon::Probe> probe_;
    NetCtx* n_ = nullptr;
    std::uint64_t sync_sent_ = 0;
    TimePoint start_{}, next_read_{}, last_reader_line_{};
    int reads_ = 0;
    std::size_t reader_lines_ = 0;
};

Loop table_loop(const std::string& kind, const std::string& channel, int people, int computers,
                const std::string& prefix) {
    Loop l;
    l.place = Loop::Place::Table;
    l.kind = kind;
    l.channel = channel;
    l.computers = computers;
    for (int i = 0; i < people; ++i) {
        l.nicks.push_back(fmt::format("{}{}", prefix, i));
        l.hosts.push_back(fmt::format("{}{}.example.org", prefix, i));
    }
    return l;
}

Loop private_loop(const std::string& kind, const std::string& nick, bool innocent = false) {
    Loop l;
    l.place = Loop::Place::Private;
    l.kind = kind;
    l.nicks = {nick};
    l.hosts = {nick + ".example.org"};
    l.innocent = innocent;
    return l;
}

// The kinds the scenarios play, chosen by how their tables fill (no game named): the first
// kind with open tables in a channel, and the private kinds.
struct Cast {
    const GameKind* table = nullptr;
    const GameKind* duel = nullptr;  // (d): the first kind of duels
    std::vector<const GameKind*> privates;
};
Cast cast_of(const std::vector<std::shared_ptr<GameKind>>& kinds) {
    Cast c;
    for (const auto& k : kinds) {
        if (!c.table && OpenTables::seats(*k)) c.table = k.get();
        if (!c.duel && Duels::seats(*k)) c.duel = k.get();
        if (PrivateGames::seats(*k)) c.privates.push_back(k.get());
    }
    if (!c.table || c.privates.empty())
        throw std::runtime_error(
            "lines: the scenarios need a kind of open tables and a private one");
    return c;
}

std::vector<Scenario> scenarios(bool quick) {
    const Duration play = quick ? Duration(60s) : Duration(300s);
    const auto kinds = make_kinds(config::Config{});
    const Cast cast = cast_of(kinds);
    const std::string table = cast.table->name(), solo = cast.privates.front()->name();
    std::vector<Scenario> out;
    {
        Scenario a;
        a.name = "a";
        a.what = fmt::format("two {} tables (a person and three computers each), three {} players",
                             cast.table->title(), cast.privates.front()->title());
        a.channels = {"#a1", "#a2"};
        a.loops.push_back(table_loop(table, "#a1", 1, 3, "ann"));
        a.loops.push_back(table_loop(table, "#a2", 1, 3, "abe"));
        for (int i = 0; i < 3; ++i) a.loops.push_back(private_loop(solo, fmt::format("sol{}", i)));
        a.duration = play;
        out.push_back(std::move(a));
    }
    {
        Scenario b;
        b.name = "b";
        std::string players;
        for (const GameKind* k : cast.privates)
            players += fmt::format("{}two {}", players.empty() ? "" : " and ", k->title());
        b.what = fmt::format("{} {} table of four people, {} players", article(cast.table->title()),
                             cast.table->title(), players);
        b.channels = {"#b1"};
        b.loops.push_back(table_loop(table, "#b1", 4, 0, "bea"));
        for (std::size_t k = 0; k < cast.privates.size(); ++k)
            for (int i = 0; i < 2; ++i)
                b.loops.push_back(
                    private_loop(cast.privates[k]->name(), fmt::format("solo{}n{}", k, i)));
        b.duration = play;
        out.push_back(std::move(b));
    }
    {
        Scenario c;
        c.name = "c";
        c.what =
            fmt::format("ten nicks of one host reading help pages, one {} player on another host",
                        cast.privates.front()->title());
        c.channels = {"#c1"};
        c.loops.push_back(private_loop(solo, "inno", true));
        c.readers = 10;
        c.reading = quick ? Duration(30s) : Duration(60s);
        c.duration = quick ? Duration(90s) : Duration(240s);
        out.push_back(std::move(c));
    }
    // (d): a crowd, twice: in client mode (the client's one budget) and linked as a server
    // (a budget for each person and each channel).
    if (!cast.duel || cast.privates.size() < 2)
        throw std::runtime_error("lines: (d) needs a kind of duels and two private kinds");
    for (const bool link : {false, true}) {
        Scenario d;
        d.name = "d";
        d.mode = link ? "link" : "client";
        d.link = link;
        d.join_people = true;
        d.what = fmt::format(
            "two {0} tables of five people, two {1} duels of two people, four {2} and two {3} "
            "players, two people reading top, stats and help (a page every {4} s)",
            cast.table->title(), cast.duel->title(), cast.privates[0]->title(),
            cast.privates[1]->title(), seconds(kReaderThink));
        d.channels = {"#d1", "#d2", "#d3", "#d4"};
        d.loops.push_back(table_loop(table, "#d1", 5, 0, "tab"));
        d.loops.push_back(table_loop(table, "#d2", 5, 0, "tac"));
        for (int i = 0; i < 2; ++i) {
            Loop duel = table_loop(cast.duel->name(), fmt::format("#d{}", 3 + i), 2, 0,
                                   fmt::format("duel{}n", i));
            duel.place = Loop::Place::Duel;
            d.loops.push_back(std::move(duel));
        }
        for (int i = 0; i < 4; ++i) d.loops.push_back(private_loop(solo, fmt::format("spi{}", i)));
        for (int i = 0; i < 2; ++i)
            d.loops.push_back(private_loop(cast.privates[1]->name(), fmt::format("enc{}", i)));
        const std::vector<std::string> pages{"top " + table, "stats",
                                             "help",         "top " + solo,
                                             "stats tab0",   "help " + cast.duel->name()};
        for (int i = 0; i < 2; ++i) {
            Loop r = private_loop(solo, fmt::format("reader{}", i));
            r.place = Loop::Place::Reader;
            r.kind.clear();
            for (std::size_t p = 0; p < pages.size(); ++p)
                r.pages.push_back(pages[(p + 3 * static_cast<std::size_t>(i)) % pages.size()]);
            d.loops.push_back(std::move(r));
        }
        d.duration = play;
        out.push_back(std::move(d));
    }
    return out;
}

std::string yes(bool met) {
    return met ? "met" : "NOT met";
}

void sign(BenchReport& r, const Scenario& s, const Result& res) {
    std::string sig = "lines " + s.key();
    for (const auto& [cls, w] : res.waits) {
        double sum = 0;
        for (double x : w) sum += x;
        sig += fmt::format(" {} {} {:.1f}", cls, w.size(), sum);
    }
    if (!s.mode.empty())
        sig +=
            fmt::format(" order {} {} {}", res.order_checked, res.order_before, res.order_unseen);
    r.outcome(fmt::format("{} sent {} unanswered {}", sig, res.lines_sent, res.unanswered));
}

// (d)'s targets (issue 42), told, not asserted. Linked: every place's p95 at most 0.5 s. In
// client mode: every place's median within 25 % of the floor and no wait over three times
// it; no private player waiting twice the floor while the tables wait less than it. Both:
// no private line of a move written before the channel line it follows.
void d_targets(std::vector<std::string>& targets, const Scenario& s, const Result& res) {
    const std::string k = s.key();
    const double fl = res.floor_s;
    for (const auto& [cls, w] : res.waits) {
        const double p50 = pct(w, 50), p95 = pct(w, 95),
                     most = w.empty() ? 0 : *std::max_element(w.begin(), w.end());
        if (s.link) {
            targets.push_back(fmt::format("{}.{}: p95 {:.1f} s <= 0.5 s: {}", k, cls, p95,
                                          yes(p95 <= 0.5 + 1e-9)));
        } else {
            targets.push_back(fmt::format(
                "{}.{}: median {:.1f} s within 25 % of the floor {:.1f} s: {}; longest wait "
                "{:.1f} s <= 3 * floor: {}",
                k, cls, p50, fl, yes(std::abs(p50 - fl) <= 0.25 * fl + 1e-9), most,
                yes(most <= 3 * fl + 1e-9)));
        }
    }
    if (!s.link && res.waits.count("private") && res.waits.count("table")) {
        const auto& pw = res.waits.at("private");
        const double most = pw.empty() ? 0 : *std::max_element(pw.begin(), pw.end());
        const double table_p50 = pct(res.waits.at("table"), 50);
        targets.push_back(fmt::format(
            "{}: no private player at twice the floor while the tables wait less than it "
            "(longest private wait {:.1f} s, 2 * floor {:.1f} s; tables' median {:.1f} s): {}",
            k, most, 2 * fl, table_p50, yes(!(most >= 2 * fl && table_p50 < fl))));
    }
    targets.push_back(fmt::format(
        "{}: a move's private lines never before the channel line they follow ({} pairs, {} "
        "before; {} not matched): {}",
        k, res.order_checked, res.order_before, res.order_unseen,
        yes(res.order_before == 0 && res.order_checked > 0)));
}

}  // namespace

void bench_lines(BenchReport& r, bool quick) {
    const fs::path dir =
        fs::temp_directory_path() / fmt::format("croupier-bench-lines-{}", getpid());
    fs::create_directories(dir);
    const log::Level old = log::level();
    log::set_level(log::Level::Warn);
    std::map<std::string, std::pair<long, int>> made;  // kind -> lines, moves
    std::vector<std::string> targets;
    try {
        for (Scenario& s : scenarios(quick)) {
            const auto t0 = std::chrono::steady_clock::now();
            Crowd crowd(s);
            const Result res = crowd.run(dir);
            const double real_s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            int moves = 0;
            for (const auto& [kind, m] : res.made) {
                made[kind].first += m.first;
                made[kind].second += m.second;
                moves += m.second;
            }
            for (const auto& [cls, w] : res.waits) {
                r.figure(fmt::format("lines.lag_p50_s.{}.{}", s.key(), cls), pct(w, 50), "s");
                r.figure(fmt::format("lines.lag_p95_s.{}.{}", s.key(), cls), pct(w, 95), "s");
            }
            if (!res.open_first.empty()) {
                r.figure(fmt::format("lines.open_first_p50_s.{}", s.key()), pct(res.open_first, 50),
                         "s");
                r.figure(fmt::format("lines.open_whole_p50_s.{}", s.key()), pct(res.open_whole, 50),
                         "s");
                r.figure(fmt::format("lines.open_whole_max_s.{}", s.key()),
                         pct(res.open_whole, 100), "s");
            }
            if (s.link) {
                // No floor: a budget for each person and channel, none shared.
                const config::NetworkConfig net;
                r.note(fmt::format(
                    "lines ({}): {}; {} s of moves, think {} s, linked as an ngircd server (a "
                    "person {} lines then {}/s, a channel {} then {}/s): {} moves, {} lines sent, "
                    "{} unanswered; {:.1f} s of real time",
                    s.key(), s.what, seconds(s.duration), seconds(kThink), net.recipient_burst,
                    net.recipient_rate, net.channel_burst, net.channel_rate, moves, res.lines_sent,
                    res.unanswered, real_s));
                d_targets(targets, s, res);
                sign(r, s, res);
                continue;
            }
            r.figure("lines.floor_s." + s.key(), res.floor_s, "s");
            r.figure("lines.budget_used." + s.key(), res.budget_used, "ratio");
            r.note(fmt::format(
                "lines ({}): {}; {} s of moves, think {} s, {} line/s (burst {}): {} moves, {} "
                "lines sent, {} unanswered; {:.1f} s of real time",
                s.key(), s.what, seconds(s.duration), seconds(kThink), kRate, kBurst, moves,
                res.lines_sent, res.unanswered, real_s));
            if (s.readers > 0)
                r.note(
                    fmt::format("lines ({}): the readers were sent {} lines; the last {:.0f} s "
                                "after they stopped asking",
                                s.name, res.reader_lines, res.readers_done_after_s));
            if (!s.mode.empty()) {
                d_targets(targets, s, res);
                sign(r, s, res);
                continue;
            }
            // The issue's targets (issue 26), told, not asserted.
            const double fl = res.floor_s;
            for (const auto& [cls, w] : res.waits) {
                const double p50 = pct(w, 50), p95 = pct(w, 95);
                targets.push_back(fmt::format(
                    "{}.{}: median {:.1f} s within 25 % of the floor {:.1f} s: {}; p95 {:.1f} s <= "
                    "2 * floor + 1 s: {}",
                    s.name, cls, p50, fl, yes(std::abs(p50 - fl) <= 0.25 * fl + 1e-9), p95,
                    yes(p95 <= 2 * fl + 1 + 1e-9)));
                if (cls == "innocent")
                    targets.push_back(fmt::format("{}.innocent: p95 {:.1f} s <= 3 s: {}", s.name,
                                                  p95, yes(p95 <= 3 + 1e-9)));
            }
            if (res.waits.count("table") && res.waits.count("private")) {
                const auto& tw = res.waits.at("table");
                const auto& pw = res.waits.at("private");
                targets.push_back(fmt::format(
                    "{}: the channel never slower than private (p50 {:.1f} <= {:.1f}, p95 {:.1f} "
                    "<= {:.1f}): {}",
                    s.name, pct(tw, 50), pct(pw, 50), pct(tw, 95), pct(pw, 95),
                    yes(pct(tw, 50) <= pct(pw, 50) && pct(tw, 95) <= pct(pw, 95))));
            }
            targets.push_back(fmt::format("{}: budget_used {:.2f} >= 0.95: {}", s.name,
                                          res.budget_used, yes(res.budget_used >= 0.95)));
            sign(r, s, res);
        }
    } catch (...) {
        log::set_level(old);
        std::error_code ec;
        fs::remove_all(dir, ec);
        throw;
    }
    for (const auto& [kind, m] : made) {
        const double per = m.second ? static_cast<double>(m.first) / m.second : 0.0;
        r.figure("lines.per_move." + kind, per, "lines");
        r.outcome(fmt::format("lines per_move {} {} {}", kind, m.first, m.second));
    }
    for (const auto& t : targets) r.note("lines target " + t);
    log::set_level(old);
    std::error_code ec;
    fs::remove_all(dir, ec);
}

}  // namespace croupier::bot
