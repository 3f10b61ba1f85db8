// SPDX-License-Identifier: GPL-3.0-or-later
// Low descriptors for libircclient's select(): bot/irc/low_fd.hpp.
#include "bot/irc/low_fd.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <mutex>
#include <vector>

namespace croupier::bot::low_fd {

namespace {

std::mutex mu;
std::vector<int> held;  // the descriptors held on /dev/null, lowest last

int hold_one() {
    const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    if (fd >= FD_SETSIZE) {
        ::close(fd);
        return -1;
    }
    return fd;
}

unsigned short port_of(const sockaddr_storage& a) {
    if (a.ss_family == AF_INET) return ntohs(reinterpret_cast<const sockaddr_in&>(a).sin_port);
    if (a.ss_family == AF_INET6) return ntohs(reinterpret_cast<const sockaddr_in6&>(a).sin6_port);
    return 0;
}

}  // namespace

void reserve(int n) {
    std::lock_guard lock(mu);
    for (int i = 0; i < n; ++i) {
        const int fd = hold_one();
        if (fd < 0) return;
        held.insert(held.begin(), fd);
    }
}

bool lend() {
    std::lock_guard lock(mu);
    if (held.empty()) return false;
    ::close(held.back());  // the lowest: socket() takes the lowest free descriptor
    held.pop_back();
    return true;
}

void give_back() {
    std::lock_guard lock(mu);
    const int fd = hold_one();
    if (fd < 0) return;
    held.push_back(fd);
    std::sort(held.begin(), held.end(), [](int a, int b) { return a > b; });
}

int find_socket(unsigned short local_port, unsigned short peer_port) {
    for (int fd = 0; fd < FD_SETSIZE; ++fd) {
        sockaddr_storage mine{}, peer{};
        socklen_t ml = sizeof mine, pl = sizeof peer;
        if (::getsockname(fd, reinterpret_cast<sockaddr*>(&mine), &ml) != 0) continue;
        if (port_of(mine) != local_port) continue;
        if (::getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &pl) != 0) continue;
        if (port_of(peer) == peer_port) return fd;
    }
    return -1;
}

long raise_limit() {
    rlimit r{};
    if (::getrlimit(RLIMIT_NOFILE, &r) != 0) return -1;
    if (r.rlim_cur < r.rlim_max) {
        rlimit want = r;
        want.rlim_cur = r.rlim_max;
        if (::setrlimit(RLIMIT_NOFILE, &want) == 0) r = want;
    }
    return r.rlim_cur == RLIM_INFINITY ? -1 : static_cast<long>(r.rlim_cur);
}

}  // namespace croupier::bot::low_fd
