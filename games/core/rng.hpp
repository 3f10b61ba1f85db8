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

// The daemon's source of deal numbers: the k-th number drawn is the k-th output of
// splitmix64 started from the master seed.
class DealNumberSource {
  public:
    explicit DealNumberSource(std::uint64_t master_seed) : state_(master_seed) {}
    std::uint64_t next() { return splitmix64(state_); }

  private:
    std::uint64_t state_;
};

}  // namespace croupier::games
