// The replay engine (shared/REPLAY.md): parses a transcript, plays the server's side over
// an in-memory transport, and matches what the bot sends. It knows nothing of the Daemon:
// bot/replay.cpp plugs the Daemon in as an App; tests plug in smaller ones.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "bot/clock.hpp"
#include "bot/irc/network.hpp"
#include "config/config.hpp"

namespace croupier::bot::replay {

struct Step {
    enum class Kind {
        Server,
        Expect,
        ExpectRegex,
        Forbid,
        Wait,
        Restart,
        Db,
        Strict,
        DbLock,
        DiskFull,
        DbUnlock
    };
    Kind kind;
    int line = 0;        // in the transcript (1-based)
    std::string text;    // the line to send / expect / the regex / the SQL
    std::string value;   // db: the expected value
    int value_line = 0;  // db: the "= VALUE" line
    Duration wait{0};
    std::shared_ptr<std::regex> re;
};

struct Transcript {
    std::string path;
    bool raw_registration = false;
    // `server-link` (this project's, before the first step): the bot is linked as a server
    // (link = ngircd or inspircd). Its link reads each line as it is delivered, and a PING
    // means something in its protocol (ngircd: the peer's burst is over), so the player
    // sends no sync PINGs. It implies `raw-registration`: the transcript does the handshake.
    bool server_link = false;
    std::uint64_t seed = 1;
    std::vector<config::Override> overrides;
    // `load-database FILE` (this project's): the SQL text FILE holds (a whole database as
    // `sqlite3 .dump` writes it) is run into the fresh database before the bot first opens
    // it. The path as given, resolved against the transcript's folder; "" when none.
    std::string load_database;
    std::vector<Step> steps;
    std::vector<std::string> lines;  // the file as written (for --record)
};

struct MalformedError : std::runtime_error {
    MalformedError(int line, const std::string& what) : std::runtime_error(what), line(line) {}
    int line;
};

// Throws MalformedError.
Transcript parse_transcript(const std::string& text, const std::string& path);
// "500ms", "30s", "5m", "2h", "1d".
std::optional<Duration> parse_wait(const std::string& text);

// What the replay drives: the daemon, or in tests a smaller thing built on Network.
class App {
  public:
    virtual ~App() = default;
    virtual void start() = 0;
    // `db SQL`: the first column of the first row, nullopt when no row. May throw.
    virtual std::optional<std::string> query(const std::string& sql) = 0;
    // `db-lock` / `db-unlock` (this project's addition to shared/REPLAY.md): another
    // process holds the database's write lock, as an operator's sqlite3 might, so every
    // write the bot tries fails until it is let go.
    virtual void hold_write_lock(bool hold) { (void)hold; }
    // `disk-full` / `disk-free` (also this project's): the process may not make any file
    // longer than the database's files are now (RLIMIT_FSIZE, SIGXFSZ ignored), so every
    // write that needs room fails with a real I/O error, as on a full disk.
    virtual void fill_disk(bool full) { (void)full; }
};
using AppFactory = std::function<std::unique_ptr<App>(boost::asio::io_context& io, Clock& clock,
                                                      TransportFactory transport)>;

// Plays the transcript. Returns 0 when every expectation is met, 1 on the first miss (the
// report goes to `err`). With `record`, prints the transcript with what the bot sent as
// C: lines to `out` instead of checking. (Malformed transcripts are parse_transcript's.)
int play(const Transcript& t, const AppFactory& make_app, bool record, std::ostream& out,
         std::ostream& err);

}  // namespace croupier::bot::replay
