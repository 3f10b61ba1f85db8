// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/replay.hpp"

#include <SQLiteCpp/Database.h>

#include <sys/resource.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <random>
#include <sstream>

#include "bot/daemon.hpp"
#include "bot/irc/replay_engine.hpp"
#include "bot/kinds/kinds.hpp"
#include "config/config.hpp"
#include "storage/storage.hpp"

namespace croupier::bot {

namespace {

namespace fs = std::filesystem;

// A fresh temporary directory, removed when this goes out of scope.
class TempDir {
  public:
    TempDir() {
        std::random_device rd;
        for (int i = 0; i < 100; ++i) {
            fs::path p = fs::temp_directory_path() /
                         ("croupier-replay-" + std::to_string(rd()) + std::to_string(i));
            std::error_code ec;
            if (fs::create_directory(p, ec)) {
                path_ = p;
                return;
            }
        }
        throw std::runtime_error("cannot create a temporary directory");
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    const fs::path& path() const { return path_; }

  private:
    fs::path path_;
};

constexpr const char* kDefaultConfig =
    "[bot]\n"
    "nick = croupier\n"
    "\n"
    "[network replay]\n"
    "host = replay.invalid\n"
    "channels = #cards\n"
    "admins = *!*@admin.example.org\n";

class DaemonApp final : public replay::App {
  public:
    DaemonApp(boost::asio::io_context& io, Clock& clock, const config::Config& cfg,
              DaemonOptions opts)
        : daemon_(io, clock, cfg, std::move(opts)) {}
    void start() override { daemon_.start(); }
    std::optional<std::string> query(const std::string& sql) override {
        return daemon_.db().query_text(sql);
    }
    void hold_write_lock(bool hold) override {
        if (hold && !locker_) {
            locker_ = std::make_unique<SQLite::Database>(daemon_.config().bot.database,
                                                         SQLite::OPEN_READWRITE);
            locker_->exec("BEGIN EXCLUSIVE");
        } else if (!hold && locker_) {
            locker_->exec("COMMIT");
            locker_.reset();
        }
    }

    void fill_disk(bool full) override {
        if (full && !disk_full_) {
            std::signal(SIGXFSZ, SIG_IGN);  // a write past the limit fails with EFBIG instead
            ::getrlimit(RLIMIT_FSIZE, &saved_limit_);
            const std::string& db = daemon_.config().bot.database;
            std::error_code ec;
            std::uintmax_t longest = 0;
            for (const std::string& f : {db, db + "-wal", db + "-journal"}) {
                const auto size = std::filesystem::file_size(f, ec);
                if (!ec) longest = std::max(longest, size);
            }
            rlimit limit = saved_limit_;
            limit.rlim_cur = static_cast<rlim_t>(longest);
            ::setrlimit(RLIMIT_FSIZE, &limit);
            disk_full_ = true;
        } else if (!full && disk_full_) {
            ::setrlimit(RLIMIT_FSIZE, &saved_limit_);
            disk_full_ = false;
        }
    }
    ~DaemonApp() override { fill_disk(false); }

  private:
    Daemon daemon_;
    std::unique_ptr<SQLite::Database> locker_;  // db-lock: another process's write lock
    bool disk_full_ = false;
    rlimit saved_limit_{};
};

}  // namespace

int run_replay(const std::string& transcript_path, const std::string& config_path, bool record,
               std::ostream& out, std::ostream& err, const std::vector<KindEntry>& extra_kinds) {
    std::ifstream in(transcript_path, std::ios::binary);
    if (!in) {
        err << transcript_path << ": cannot read the transcript\n";
        return 2;
    }
    std::stringstream buf;
    buf << in.rdbuf();
    replay::Transcript t;
    try {
        t = replay::parse_transcript(buf.str(), transcript_path);
    } catch (const replay::MalformedError& e) {
        err << transcript_path << ":" << e.line << ": malformed transcript: " << e.what() << "\n";
        return 2;
    }
    try {
        TempDir tmp;
        const std::string database = (tmp.path() / "croupier.db").string();
        const std::vector<config::Override> overrides = t.overrides;
        // Reads the config as the replay sees it; `rehash` in a replay reads it again.
        auto read_config = [config_path, overrides, database, extra_kinds] {
            config::Config c = config_path.empty()
                                   ? config::parse(kDefaultConfig, "(replay default config)",
                                                   overrides, kind_specs(extra_kinds))
                                   : config::load(config_path, overrides, kind_specs(extra_kinds));
            c.bot.database = database;  // replays never touch a real database
            return c;
        };
        if (!t.load_database.empty()) {
            // The operator's database as it was, for the daemon to open (and migrate) as its
            // own.
            std::ifstream sql_in(t.load_database, std::ios::binary);
            if (!sql_in) {
                err << transcript_path << ": load-database: cannot read " << t.load_database
                    << "\n";
                return 2;
            }
            std::stringstream sql;
            sql << sql_in.rdbuf();
            try {
                SQLite::Database loaded(database, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
                loaded.exec(sql.str());
            } catch (const std::exception& e) {
                err << transcript_path << ": load-database " << t.load_database << ": " << e.what()
                    << "\n";
                return 2;
            }
        }
        config::Config cfg;
        try {
            cfg = read_config();
        } catch (const config::ConfigError& e) {
            err << transcript_path << ": config: " << e.what() << "\n";
            return 2;
        }
        const std::uint64_t seed = t.seed;
        replay::AppFactory make = [&cfg, seed, read_config, &extra_kinds](
                                      boost::asio::io_context& io, Clock& clock,
                                      TransportFactory transport) {
            DaemonOptions opts;
            opts.master_seed = seed;
            opts.transport = std::move(transport);
            opts.replay = true;
            opts.reload = read_config;
            opts.extra_kinds = extra_kinds;
            return std::make_unique<DaemonApp>(io, clock, cfg, std::move(opts));
        };
        return replay::play(t, make, record, out, err);
    } catch (const std::exception& e) {
        err << transcript_path << ": replay failed: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace croupier::bot
