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
        commit_group(units);
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
        if (last_group_ >= kBigGroup && !stopping_) {
            const auto wait = std::min<std::chrono::microseconds>(last_commit_ / 2, kMaxWait);
            cv_.wait_for(lock, wait, [this] { return stopping_; });
        }
        // Every unit waiting joins this group: the longer a commit takes, the bigger the
        // next group, so throughput rises as the disk slows.
        std::vector<Unit> group(std::make_move_iterator(queue_.begin()),
                                std::make_move_iterator(queue_.end()));
        queue_.clear();
        working_ = true;
        lock.unlock();
        const auto c0 = std::chrono::steady_clock::now();
        commit_group(group);
        lock.lock();
        last_group_ = group.size();
        last_commit_ = std::chrono::duration_cast<std::chrono::microseconds>(
            std::chrono::steady_clock::now() - c0);
        working_ = false;
        if (queue_.empty()) idle_cv_.notify_all();
    }
}

void Writer::commit_group(std::vector<Unit>& group) {
    std::vector<std::string> errors(group.size());
    std::size_t jobs = 0;
    for (const auto& u : group) jobs += u.jobs.size();
    bool failed = false;
    std::chrono::microseconds delay{0};
    {
        std::lock_guard lock(mu_);
        delay = delay_;
    }
    using SteadyClock = std::chrono::steady_clock;
    double run_s = 0, commit_s = 0;
    if (jobs > 0) {
        auto& raw = db_->raw();
        const auto t0 = SteadyClock::now();
        std::string group_error;
        try {
            raw.exec("BEGIN IMMEDIATE");
        } catch (const std::exception& e) {
            group_error = e.what();
        }
        if (group_error.empty()) {
            for (std::size_t i = 0; i < group.size(); ++i) {
                if (group[i].jobs.empty()) continue;
                try {
                    run(*savepoint_);
                    try {
                        for (auto& job : group[i].jobs) job(*db_);
                        run(*release_);
                    } catch (...) {
                        run(*rollback_to_);
                        run(*release_);
                        throw;
                    }
                } catch (const std::exception& e) {
                    errors[i] = e.what();
                }
            }
            const auto t1 = SteadyClock::now();
            run_s = std::chrono::duration<double>(t1 - t0).count();
            if (delay.count() > 0) std::this_thread::sleep_for(delay);
            try {
                raw.exec("COMMIT");
                commit_s = std::chrono::duration<double>(SteadyClock::now() - t1).count();
            } catch (const std::exception& e) {
                group_error = fmt::format("the commit failed: {}", e.what());
                try {
                    raw.exec("ROLLBACK");
                } catch (const std::exception&) {
                    // Already rolled back by SQLite (an I/O error ends the transaction).
                }
            }
        }
        if (!group_error.empty()) {
            failed = true;
            for (std::size_t i = 0; i < group.size(); ++i)
                if (errors[i].empty() && !group[i].jobs.empty()) errors[i] = group_error;
        }
    }
    std::vector<Done> dones;
    dones.reserve(group.size());
    for (auto& u : group) dones.push_back(std::move(u.done));
    {
        std::lock_guard lock(mu_);
        ++counts_.groups;
        counts_.units += group.size();
        counts_.jobs += jobs;
        counts_.failed_groups += failed ? 1 : 0;
        counts_.run_s += run_s;
        counts_.commit_s += commit_s;
    }
    const std::size_t n = group.size();
    post_([count = in_flight_, dones = std::move(dones), errors = std::move(errors), n]() {
        *count -= n;
        for (std::size_t i = 0; i < dones.size(); ++i)
            if (dones[i]) dones[i](errors[i]);
    });
}

}  // namespace croupier::storage
