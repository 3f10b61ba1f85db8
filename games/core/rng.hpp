// Deal numbers: the one portable shuffle of shared/rules/DEALS.md.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace croupier::games {

// splitmix64 step: advances state in place and returns the next output.
std::uint64_t splitmix64(std::uint64_t& state);

// xoshiro256** seeded from a deal number through splitmix64 (DEALS.md).
class DealRng {
  public:
    explicit DealRng(std::uint64_t deal_number);
    std::uint64_t next();
    // Uniform integer in [0, n), n >= 1, by rejection (no modulo bias).
    std::uint64_t below(std::uint64_t n);
    // Fisher-Yates from the end, as DEALS.md defines it.
    template <typename T>
    void shuffle(std::vector<T>& items) {
        for (std::size_t i = items.size(); i-- > 1;) {
            const auto j = static_cast<std::size_t>(below(i + 1));
            std::swap(items[i], items[j]);
        }
    }

  private:
    std::uint64_t s_[4];
};

// 64 bits from the operating system's CSPRNG (getrandom(2)). Throws std::system_error when
// the kernel gives none; never falls back to a weaker source.
std::uint64_t os_random_u64();

// The daemon's source of deal numbers, in one of two modes chosen by the caller:
// - seeded (replays, benches, tools): the k-th number drawn is the k-th output of splitmix64
//   started from the master seed (DEALS.md), so a transcript's `seed` fixes every deal;
// - OS random (the live daemon): every number is 64 fresh bits from os_random_u64(),
//   independent of every other. splitmix64 is invertible, so in seeded mode one shown deal
//   number gives away the next ones; in OS mode nothing does.
class DealNumberSource {
  public:
    explicit DealNumberSource(std::uint64_t master_seed) : state_(master_seed) {}
    // os_random: OS mode, and master_seed is unused; else seeded mode from master_seed.
    DealNumberSource(std::uint64_t master_seed, bool os_random)
        : state_(os_random ? 0 : master_seed), os_(os_random) {}
    static DealNumberSource os_random() { return DealNumberSource(0, true); }

    std::uint64_t next() { return os_ ? os_random_u64() : splitmix64(state_); }
    bool is_os_random() const { return os_; }

  private:
    std::uint64_t state_ = 0;
    bool os_ = false;
};

}  // namespace croupier::games
