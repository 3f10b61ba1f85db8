// SPDX-License-Identifier: GPL-3.0-or-later
#include "storage/lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace croupier::storage {

namespace {

std::string holder_pid(int fd) {
    char buf[32] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    std::string pid(buf, n > 0 ? static_cast<std::size_t>(n) : 0);
    while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
    return pid;
}

}  // namespace

ProcessLock::ProcessLock(const std::string& database_path)
    : ProcessLock(database_path, std::chrono::milliseconds(0)) {}

ProcessLock::ProcessLock(const std::string& database_path, std::chrono::milliseconds wait,
                         const std::function<void(const std::string&)>& waiting)
    : path_(database_path + ".lock") {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0640);
    if (fd_ < 0)
        throw std::runtime_error(
            fmt::format("cannot create the lock file {}: {}", path_, std::strerror(errno)));
    const auto deadline = std::chrono::steady_clock::now() + wait;
    bool told = false;
    while (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        if (err == EINTR) continue;
        const std::string pid = err == EWOULDBLOCK ? holder_pid(fd_) : std::string();
        const std::string by = pid.empty() ? "" : " (pid " + pid + ")";
        if (err == EWOULDBLOCK && std::chrono::steady_clock::now() < deadline) {
            // flock has no timeout: poll. The holder is most likely a daemon that got
            // SIGTERM and is letting its QUIT leave; it releases the lock when it exits.
            if (!told && waiting)
                waiting(
                    fmt::format("database {} is in use by another croupierd{}; waiting up "
                                "to {} ms for it to stop",
                                database_path, by, wait.count()));
            told = true;
            ::usleep(50 * 1000);
            continue;
        }
        ::close(fd_);
        fd_ = -1;
        if (err != EWOULDBLOCK)
            throw std::runtime_error(fmt::format("cannot lock {}: {}", path_, std::strerror(err)));
        throw std::runtime_error(fmt::format(
            "database {} is in use by another croupierd{}{}: stop that one first, or give this "
            "one its own database in [bot] database",
            database_path, by, told ? fmt::format(" (still after {} ms)", wait.count()) : ""));
    }
    const std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd_, 0) == 0) {
        [[maybe_unused]] const ssize_t w = ::pwrite(fd_, pid.data(), pid.size(), 0);
    }
}

ProcessLock::~ProcessLock() {
    if (fd_ >= 0) ::close(fd_);  // releases the lock; the file stays (removing it would race)
}

}  // namespace croupier::storage
