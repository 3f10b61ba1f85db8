// One croupierd per database: an advisory lock (flock) on "<database>.lock", held for the
// life of the process, with the holder's pid written in the file for the operator.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <functional>
#include <string>

namespace croupier::storage {

class ProcessLock {
  public:
    // Throws std::runtime_error when another process holds the lock (naming its pid) or the
    // lock file cannot be created (naming the path and the reason).
    explicit ProcessLock(const std::string& database_path);
    // The same, but while another process holds the lock, tries again for up to `wait`
    // (a daemon stopping on SIGTERM keeps it for about 2 s while its QUIT leaves). Calls
    // `waiting` once, with a sentence naming the holder, when it starts to wait.
    ProcessLock(const std::string& database_path, std::chrono::milliseconds wait,
                const std::function<void(const std::string&)>& waiting = {});
    ~ProcessLock();
    ProcessLock(const ProcessLock&) = delete;
    ProcessLock& operator=(const ProcessLock&) = delete;

    const std::string& path() const { return path_; }

  private:
    std::string path_;
    int fd_ = -1;
};

}  // namespace croupier::storage
