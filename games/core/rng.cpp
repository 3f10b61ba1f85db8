// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/core/rng.hpp"

#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace croupier::games {

namespace {
constexpr std::uint64_t rotl(std::uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}
}  // namespace

std::uint64_t splitmix64(std::uint64_t& state) {
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

DealRng::DealRng(std::uint64_t deal_number) {
    std::uint64_t sm = deal_number;
    for (auto& s : s_) s = splitmix64(sm);
}

std::uint64_t DealRng::next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
}

std::uint64_t DealRng::below(std::uint64_t n) {
    // limit = 2^64 - (2^64 mod n); 2^64 mod n == (0 - n) mod n in 64-bit arithmetic.
    const std::uint64_t rem = (0 - n) % n;
    if (rem == 0) return next() % n;      // n divides 2^64: every output is acceptable
    const std::uint64_t limit = 0 - rem;  // 2^64 - rem, fits because rem > 0
    std::uint64_t x;
    do {
        x = next();
    } while (x >= limit);
    return x % n;
}

std::uint64_t os_random_u64() {
    unsigned char buf[sizeof(std::uint64_t)];
    std::size_t got = 0;
    while (got < sizeof buf) {
        const ssize_t n = ::getrandom(buf + got, sizeof buf - got, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw std::system_error(errno, std::generic_category(), "getrandom");
        }
        got += static_cast<std::size_t>(n);
    }
    std::uint64_t v;
    std::memcpy(&v, buf, sizeof v);
    return v;
}

}  // namespace croupier::games
