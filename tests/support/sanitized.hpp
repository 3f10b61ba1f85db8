// Loops over many games cost 10 to 20 times as much under AddressSanitizer and UBSan as in
// the optimised build. A test may run a share of them in the sanitized build (contrib/dev
// test's build-asan/), every path of the loop still checked there, and all of them in the
// optimised build (build/), which runs every unit test too.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace croupier::test {

#ifdef CROUPIER_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// `full` in the optimised build, `sanitized` under the sanitizers.
constexpr int full_or_sanitized(int full, int sanitized) {
    return kSanitized ? sanitized : full;
}

}  // namespace croupier::test
