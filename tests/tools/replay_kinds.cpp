// `croupierd --replay` with the kinds that live only in tests (tests/support/): replays of
// the table layer's seam (tests/replay-kinds/) play through the whole daemon with them.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <iostream>
#include <string>

#include "bot/replay.hpp"
#include "tests/support/rps.hpp"

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: replay_kinds FILE [--record]\n";
        return 2;
    }
    const bool record = argc > 2 && std::string(argv[2]) == "--record";
    return croupier::bot::run_replay(argv[1], "", record, std::cout, std::cerr,
                                     {[] { return croupier::tests::make_rps_kind(); }});
}
