// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/worker.hpp"

#include "bot/log.hpp"

namespace croupier::bot {

Worker::Worker(boost::asio::io_context& io, bool inline_mode, int threads)
    : io_(io), inline_(inline_mode) {
    if (!inline_)
        for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { loop(); });
}

Worker::~Worker() {
    {
        std::lock_guard lock(mu_);
        stopping_ = true;
        jobs_.clear();
    }
    cv_.notify_all();
    for (auto& t : threads_) t.join();
    alive_.reset();
}

void Worker::run(Job job) {
    if (inline_) {
        if (auto cont = job()) cont();
        return;
    }
    {
        std::lock_guard lock(mu_);
        jobs_.push_back(std::move(job));
    }
    cv_.notify_one();
}

std::size_t Worker::pending() const {
    std::lock_guard lock(mu_);
    return jobs_.size();
}

void Worker::loop() {
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mu_);
            cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
            if (stopping_) return;
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        Continuation cont;
        try {
            cont = job();
        } catch (const std::exception& e) {
            log::error("background job failed: {}", e.what());
        }
        if (cont)
            boost::asio::post(io_, [alive = std::weak_ptr<int>(alive_), cont = std::move(cont)] {
                if (alive.lock()) cont();  // the daemon may be gone by now
            });
    }
}

}  // namespace croupier::bot
