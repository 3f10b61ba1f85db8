// The writer: group commit off the event loop (docs/STORAGE.md). The tables hand it units
// of work (each unit: the writes of one table from one turn of the event loop) and go on;
// a thread with its own connection takes every unit waiting, runs them in one transaction
// (each unit under its own savepoint, so one refused unit does not take others with it),
// commits once (one fsync, synchronous=FULL), and hands each unit's result back to the
// event loop in the order the units came. Lines about a unit's moves are released only
// then.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bot/checked.hpp"  // the one shape of an answer that may fail (header only)

struct sqlite3;
namespace SQLite {
class Statement;
}

namespace croupier::storage {

class Database;

class Writer {
  public:
    using Job = std::function<void(Database&)>;
    // A unit committed, or the Fault saying why not (nothing of it is in the database): the
    // database's failure, never a person's.
    using Committed = bot::Checked<bot::Done>;
    using Done = std::function<void(const Committed& result)>;
    // Runs a function on the event loop (boost::asio::post to the daemon's io_context).
    using Post = std::function<void(std::function<void()>)>;

    // Opens its own connection to `path` (already created and migrated). `inline_mode`
    // (replays): units are committed at once, on the caller's thread, one group per
    // submit(); the results still arrive through `post`, as they do from the thread.
    Writer(const std::string& path, Post post, bool inline_mode);
    ~Writer();  // commits what is waiting, then stops
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;

    // Units in one submit() go into the same group. A unit with no jobs commits nothing
    // and is "committed" in its turn: it keeps the order of lines behind earlier units.
    struct Unit {
        std::vector<Job> jobs;
        Done done;
    };
    void submit(std::vector<Unit> units);
    // Blocks until every unit submitted so far has been committed (or refused) and its
    // result posted. For shutdown, tests and the bench.
    void drain();
    // Units submitted and not yet handed back.
    std::size_t in_flight() const;

    // Figures for the bench and the log.
    struct Counts {
        std::uint64_t groups = 0, units = 0, jobs = 0, failed_groups = 0;
        double run_s = 0;                      // running the jobs, in the transaction
        double commit_s = 0;                   // COMMIT (the fsync), with the bench's delay if any
        std::uint64_t checkpoints = 0;         // made by the checkpointer thread
        std::uint64_t forced_checkpoints = 0;  // made by the writer itself (the WAL ran long)
        double checkpoint_s = 0;
    };
    Counts counts() const;
    // The bench's slow disk: every commit takes at least this long more (never set in
    // production; no config key reaches it).
    void set_commit_delay_for_bench(std::chrono::microseconds d);
    // WAL pages that wake the checkpointer, and past which the writer checkpoints itself
    // (1,000 and 16,000 unless a test says otherwise).
    void set_checkpoint_pages_for_test(int wake, int force);

  private:
    // A group being built: its units run (each under its savepoint) as they are taken, in
    // one transaction begun with the first unit that writes; then committed at once.
    struct Group {
        std::vector<Unit> units;
        std::vector<Committed> results;  // per unit
        std::size_t jobs = 0;
        bool begun = false;
        std::optional<bot::Fault>
            group_fault;  // BEGIN or COMMIT failed: every unit with jobs fails
        double run_s = 0;
    };
    void loop();
    void run_units(Group& g, std::vector<Unit> units);
    void finish_group(Group& g);
    // Checkpoints (copying the WAL back into the database file, with its own fsync) are
    // made by a thread of their own, so that a commit never waits for one: SQLite would
    // otherwise make one inside every COMMIT that finds the WAL long. A PASSIVE checkpoint
    // does not stop the writer. Should the WAL still run long (a load that never pauses),
    // the writer makes one itself between groups, which lets the WAL start again.
    static int wal_hook(void* self, ::sqlite3* db, const char* name, int frames);
    void checkpoint_loop();
    void checkpoint_now(bool forced);

    std::unique_ptr<Database> db_;
    // Compiled once: each unit runs under its own savepoint.
    std::unique_ptr<SQLite::Statement> savepoint_, release_, rollback_to_;
    Post post_;
    bool inline_;
    mutable std::mutex mu_;
    std::condition_variable cv_, idle_cv_;
    std::deque<Unit> queue_;
    // Submitted, result not yet run on the event loop; shared with the posted results, which
    // may run after the writer is gone.
    std::shared_ptr<std::atomic<std::size_t>> in_flight_ =
        std::make_shared<std::atomic<std::size_t>>(0);
    bool stopping_ = false;
    bool working_ = false;
    Counts counts_;
    std::chrono::microseconds delay_{0};
    // After a big group (many tables under load), the next one stays open a little (half
    // the last commit's time, at most 25 ms) so that the tables just answered can join it,
    // instead of alternating with the tables still waiting: docs/STORAGE.md.
    std::size_t last_group_ = 0;
    std::chrono::microseconds last_commit_{0};
    std::thread thread_;
    // The checkpointer: its own connection and thread; woken by wal_hook.
    std::unique_ptr<Database> checkpoint_db_;
    std::condition_variable checkpoint_cv_;
    bool checkpoint_wanted_ = false;  // under mu_
    bool force_checkpoint_ = false;   // writer thread only
    std::atomic<int> checkpoint_pages_, force_checkpoint_pages_;
    std::atomic<int> checkpointed_frames_{0};  // WAL frames the last checkpoint had copied
    std::thread checkpoint_thread_;
};

}  // namespace croupier::storage
