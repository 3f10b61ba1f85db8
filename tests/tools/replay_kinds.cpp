// `croupierd --replay` with the kinds that live only in tests (tests/support/list.hpp):
// replays of the table layer's seam (tests/replay-kinds/) play through the whole daemon with
// them.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "bot/game.hpp"
#include "bot/replay.hpp"
#include "tests/support/list.hpp"

namespace croupier::tests {
#define CROUPIER_DECLARE_TEST_KIND(name) std::unique_ptr<bot::GameKind> make_##name##_kind();
CROUPIER_TEST_GAMES(CROUPIER_DECLARE_TEST_KIND)
#undef CROUPIER_DECLARE_TEST_KIND
}  // namespace croupier::tests

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: replay_kinds FILE [--record]\n";
        return 2;
    }
    const bool record = argc > 2 && std::string(argv[2]) == "--record";
    const std::vector<std::function<std::unique_ptr<croupier::bot::GameKind>()>> kinds = {
#define CROUPIER_TEST_KIND_ENTRY(name) [] { return croupier::tests::make_##name##_kind(); },
        CROUPIER_TEST_GAMES(CROUPIER_TEST_KIND_ENTRY)
#undef CROUPIER_TEST_KIND_ENTRY
    };
    return croupier::bot::run_replay(argv[1], "", record, std::cout, std::cerr, kinds);
}
