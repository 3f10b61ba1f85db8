// SPDX-License-Identifier: GPL-3.0-or-later
#include "storage/writer.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <exception>

#include <fmt/format.h>

#include "storage/storage.hpp"

namespace croupier::storage {

namespace {
constexpr std::size_t kBigGroup = 16;  // units: below this, a group goes at once
constexpr std::chrono::microseconds kMaxWait{25000};

void run(SQLite::Statement& s) {
    s.reset();
    s.exec();
}
}  // namespace

Writer::Writer(const std::string& path, Post post, bool inline_mode)
    : db_(std::make_unique<Database>(path)), post_(std::move(post)), inline_(inline_mode) {
    savepoint_ = std::make_unique<SQLite::Statement>(db_->raw(), "SAVEPOINT unit");
    release_ = std::make_unique<SQLite::Statement>(db_->raw(), "RELEASE unit");
    rollback_to_ = std::make_unique<SQLite::Statement>(db_->raw(), "ROLLBACK TO unit");
    if (!inline_) thread_ = std::thread([this] { loop(); });
}

Writer::~Writer() {
    {
        std::lock_guard lock(mu_);
        stopping_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
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
        std::string error;
        if (!u.jobs.empty()) {
            g.jobs += u.jobs.size();
            if (!g.begun && g.group_error.empty()) {
                try {
                    raw.exec("BEGIN IMMEDIATE");
                    g.begun = true;
                } catch (const std::exception& e) {
                    g.group_error = e.what();
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
                    error = e.what();
                }
            }
        }
        g.errors.push_back(std::move(error));
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
            g.group_error = fmt::format("the commit failed: {}", e.what());
            try {
                db_->raw().exec("ROLLBACK");
            } catch (const std::exception&) {
                // Already rolled back by SQLite (an I/O error ends the transaction).
            }
        }
    }
    if (!g.group_error.empty()) {
        // BEGIN or COMMIT failed: nothing of the group is in the database.
        failed = true;
        for (std::size_t i = 0; i < g.units.size(); ++i)
            if (g.errors[i].empty() && !g.units[i].jobs.empty()) g.errors[i] = g.group_error;
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
    post_([count = in_flight_, dones = std::move(dones), errors = std::move(g.errors), n]() {
        *count -= n;
        for (std::size_t i = 0; i < dones.size(); ++i)
            if (dones[i]) dones[i](errors[i]);
    });
}

}  // namespace croupier::storage
