// Work that must stay off the event loop (solver hints, certified deals). A job runs on a
// background thread and hands back a continuation that runs on the io_context thread. In
// replays jobs run at once, inline, so transcripts stay deterministic.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

namespace croupier::bot {

class Worker {
  public:
    using Continuation = std::function<void()>;
    using Job = std::function<Continuation()>;

    Worker(boost::asio::io_context& io, bool inline_mode, int threads = 1);
    ~Worker();
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

    // The job must not touch daemon state: give it copies. The continuation may.
    void run(Job job);
    std::size_t pending() const;

  private:
    void loop();
    boost::asio::io_context& io_;
    bool inline_;
    mutable std::mutex mu_;
    std::condition_variable cv_;
    std::deque<Job> jobs_;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
    std::shared_ptr<int> alive_ = std::make_shared<int>(0);  // continuations check it
};

}  // namespace croupier::bot
