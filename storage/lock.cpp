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

ProcessLock::ProcessLock(const std::string& database_path) : path_(database_path + ".lock") {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0640);
    if (fd_ < 0)
        throw std::runtime_error(
            fmt::format("cannot create the lock file {}: {}", path_, std::strerror(errno)));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        char buf[32] = {};
        const ssize_t n = ::pread(fd_, buf, sizeof buf - 1, 0);
        ::close(fd_);
        fd_ = -1;
        if (err != EWOULDBLOCK)
            throw std::runtime_error(fmt::format("cannot lock {}: {}", path_, std::strerror(err)));
        std::string pid(buf, n > 0 ? static_cast<std::size_t>(n) : 0);
        while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
        throw std::runtime_error(fmt::format(
            "database {} is in use by another croupierd{}: stop that one first, or give this "
            "one its own database in [bot] database",
            database_path, pid.empty() ? "" : " (pid " + pid + ")"));
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
