// SPDX-License-Identifier: GPL-3.0-or-later
#include "storage/writer.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <exception>

#include <fmt/format.h>

#include "storage/storage.hpp"

namespace croupier::storage {

namespace {
constexpr std::size_t kBigGroup = 16;  // units: below this, a group goes at once
constexpr std::chrono::microseconds kMaxWait{25000};
// WAL pages: the checkpointer is woken from this many (SQLite's own default for its automatic
// checkpoints); past the second, the writer checkpoints itself between groups.
constexpr int kCheckpointPages = 1000;
constexpr int kForceCheckpointPages = 16000;  // 64 MB of 4 KiB pages

void run(SQLite::Statement& s) {
    s.reset();
    s.exec();
}
}  // namespace

Writer::Writer(const std::string& path, Post post, bool inline_mode)
    : db_(std::make_unique<Database>(path)),
      post_(std::move(post)),
      inline_(inline_mode),
      checkpoint_pages_(kCheckpointPages),
      force_checkpoint_pages_(kForceCheckpointPages) {
    savepoint_ = std::make_unique<SQLite::Statement>(db_->raw(), "SAVEPOINT unit");
    release_ = std::make_unique<SQLite::Statement>(db_->raw(), "RELEASE unit");
    rollback_to_ = std::make_unique<SQLite::Statement>(db_->raw(), "ROLLBACK TO unit");
    if (!inline_) {
        // Replaces SQLite's automatic checkpoint on this connection (docs/STORAGE.md).
        sqlite3_wal_hook(db_->raw().getHandle(), &Writer::wal_hook, this);
        checkpoint_db_ = std::make_unique<Database>(path);
        sqlite3_wal_autocheckpoint(checkpoint_db_->raw().getHandle(), 0);
        checkpoint_thread_ = std::thread([this] { checkpoint_loop(); });
        thread_ = std::thread([this] { loop(); });
    }
}

int Writer::wal_hook(void* self, ::sqlite3*, const char*, int frames) {
    auto* w = static_cast<Writer*>(self);
    if (frames >= w->force_checkpoint_pages_) w->force_checkpoint_ = true;  // the writer's thread
    // Pages written since the last checkpoint (a WAL that started again has fewer pages
    // than that checkpoint copied: all of them are new).
    const int copied = w->checkpointed_frames_;
    const int fresh = frames >= copied ? frames - copied : frames;
    if (fresh >= w->checkpoint_pages_) {
        {
            std::lock_guard lock(w->mu_);
            w->checkpoint_wanted_ = true;
        }
        w->checkpoint_cv_.notify_one();
    }
    return SQLITE_OK;
}

void Writer::checkpoint_loop() {
    std::unique_lock lock(mu_);
    for (;;) {
        checkpoint_cv_.wait(lock, [this] { return stopping_ || checkpoint_wanted_; });
        if (stopping_) return;
        checkpoint_wanted_ = false;
        lock.unlock();
        checkpoint_now(false);
        lock.lock();
    }
}

// PASSIVE: copies what it can without waiting for anyone; a checkpoint already running on
// the other thread makes this one a no-op (SQLITE_BUSY), which is fine either way.
void Writer::checkpoint_now(bool forced) {
    Database& d = forced ? *db_ : *checkpoint_db_;
    const auto t0 = std::chrono::steady_clock::now();
    int log_frames = 0, copied = 0;
    const int rc = sqlite3_wal_checkpoint_v2(d.raw().getHandle(), nullptr,
                                             SQLITE_CHECKPOINT_PASSIVE, &log_frames, &copied);
    const double took =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (rc == SQLITE_OK) checkpointed_frames_ = forced ? 0 : copied;
    std::lock_guard lock(mu_);
    if (rc == SQLITE_OK) ++(forced ? counts_.forced_checkpoints : counts_.checkpoints);
    counts_.checkpoint_s += took;
}

Writer::~Writer() {
    {
        std::lock_guard lock(mu_);
        stopping_ = true;
    }
    cv_.notify_all();
    checkpoint_cv_.notify_all();
    if (thread_.joinable()) thread_.join();
    if (checkpoint_thread_.joinable()) checkpoint_thread_.join();
    checkpoint_db_.reset();
    // The statements go before the connection they were compiled on.
    savepoint_.reset();
    release_.reset();
    rollback_to_.reset();
}

void Writer::submit(std::vector<Unit> units) {
    if (units.empty()) return;
    if (inline_) {
        *in_flight_ += units.size();
        Group g;
        run_units(g, std::move(units));
        finish_group(g);
        return;
    }
    {
        std::lock_guard lock(mu_);
        *in_flight_ += units.size();
        for (auto& u : units) queue_.push_back(std::move(u));
    }
    cv_.notify_one();
}

void Writer::drain() {
    std::unique_lock lock(mu_);
    idle_cv_.wait(lock, [this] { return queue_.empty() && !working_; });
}

std::size_t Writer::in_flight() const {
    return in_flight_->load();
}

Writer::Counts Writer::counts() const {
    std::lock_guard lock(mu_);
    return counts_;
}

void Writer::set_checkpoint_pages_for_test(int wake, int force) {
    checkpoint_pages_ = wake;
    force_checkpoint_pages_ = force;
}

void Writer::set_commit_delay_for_bench(std::chrono::microseconds d) {
    std::lock_guard lock(mu_);
    delay_ = d;
}

void Writer::loop() {
    std::unique_lock lock(mu_);
    for (;;) {
        cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) {
            if (stopping_) return;
            continue;
        }
        working_ = true;
        if (force_checkpoint_) {
            // Between transactions, with no other writer: everything in the WAL can be
            // copied, and the next transaction starts it again from the beginning.
            force_checkpoint_ = false;
            lock.unlock();
            checkpoint_now(true);
            lock.lock();
        }
        // Every unit waiting joins this group: the longer a commit takes, the bigger the
        // next group, so throughput rises as the disk slows. After a big group the group
        // stays open a little (half the last commit's time, at most 25 ms) so that the
        // tables just answered can join it; units that come meanwhile are run as they come,
        // so their statements are done by the time the group is committed.
        const bool linger = last_group_ >= kBigGroup && !stopping_;
        const auto deadline = std::chrono::steady_clock::now() +
                              std::min<std::chrono::microseconds>(last_commit_ / 2, kMaxWait);
        Group g;
        for (;;) {
            std::vector<Unit> take(std::make_move_iterator(queue_.begin()),
                                   std::make_move_iterator(queue_.end()));
            queue_.clear();
            lock.unlock();
            run_units(g, std::move(take));
            lock.lock();
            if (!queue_.empty()) continue;  // came while those ran
            if (!linger || stopping_) break;
            if (!cv_.wait_until(lock, deadline, [this] { return stopping_ || !queue_.empty(); }))
                break;
            if (queue_.empty()) break;  // stopping
        }
        lock.unlock();
        const auto c0 = std::chrono::steady_clock::now();
        finish_group(g);
        const auto took = std::chrono::duration_cast<std::chrono::microseconds>(
            std::chrono::steady_clock::now() - c0);
        lock.lock();
        last_group_ = g.units.size();
        last_commit_ = took;
        working_ = false;
        if (queue_.empty()) idle_cv_.notify_all();
    }
}

void Writer::run_units(Group& g, std::vector<Unit> units) {
    using SteadyClock = std::chrono::steady_clock;
    const auto t0 = SteadyClock::now();
    auto& raw = db_->raw();
    for (auto& u : units) {
        Committed result = bot::Done{};
        if (!u.jobs.empty()) {
            g.jobs += u.jobs.size();
            if (!g.begun && !g.group_fault) {
                try {
                    raw.exec("BEGIN IMMEDIATE");
                    g.begun = true;
                } catch (const std::exception& e) {
                    g.group_fault = bot::Fault{e.what()};
                }
            }
            if (g.begun) {
                try {
                    run(*savepoint_);
                    try {
                        for (auto& job : u.jobs) job(*db_);
                        run(*release_);
                    } catch (...) {
                        run(*rollback_to_);
                        run(*release_);
                        throw;
                    }
                } catch (const std::exception& e) {
                    result = bot::Fault{e.what()};
                }
            }
        }
        g.results.push_back(std::move(result));
        g.units.push_back(std::move(u));
    }
    g.run_s += std::chrono::duration<double>(SteadyClock::now() - t0).count();
}

void Writer::finish_group(Group& g) {
    std::chrono::microseconds delay{0};
    {
        std::lock_guard lock(mu_);
        delay = delay_;
    }
    double commit_s = 0;
    bool failed = false;
    if (g.begun) {
        const auto t1 = std::chrono::steady_clock::now();
        if (delay.count() > 0) std::this_thread::sleep_for(delay);
        try {
            db_->raw().exec("COMMIT");
            commit_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
        } catch (const std::exception& e) {
            g.group_fault = bot::Fault{fmt::format("the commit failed: {}", e.what())};
            try {
                db_->raw().exec("ROLLBACK");
            } catch (const std::exception&) {
                // Already rolled back by SQLite (an I/O error ends the transaction).
            }
        }
    }
    if (g.group_fault) {
        // BEGIN or COMMIT failed: nothing of the group is in the database.
        failed = true;
        for (std::size_t i = 0; i < g.units.size(); ++i)
            if (g.results[i] && !g.units[i].jobs.empty()) g.results[i] = *g.group_fault;
    }
    std::vector<Done> dones;
    dones.reserve(g.units.size());
    for (auto& u : g.units) dones.push_back(std::move(u.done));
    {
        std::lock_guard lock(mu_);
        ++counts_.groups;
        counts_.units += g.units.size();
        counts_.jobs += g.jobs;
        counts_.failed_groups += failed ? 1 : 0;
        counts_.run_s += g.run_s;
        counts_.commit_s += commit_s;
    }
    const std::size_t n = g.units.size();
    post_([count = in_flight_, dones = std::move(dones), results = std::move(g.results), n]() {
        *count -= n;
        for (std::size_t i = 0; i < dones.size(); ++i)
            if (dones[i]) dones[i](results[i]);
    });
}

}  // namespace croupier::storage
