// The game kinds that live only in tests, one registration line each, as games/list.hpp is
// for the daemon's games: the replays under tests/replay-kinds/ (and a test game's folder's)
// play through the whole daemon with them added (tests/tools/replay_kinds.cpp), and they never
// show in croupierd. The build reads the same lines (tests/CMakeLists.txt).
//
// GAME(name) stands for what the kind brings in its own files, `config::SectionSpec
// name_section()` and `std::unique_ptr<bot::GameKind> make_name_kind(const config::Section&)`
// in namespace croupier::tests, either
// - in tests/support/<name>.cpp (tests/CMakeLists.txt builds every file here), its replays in
//   tests/replay-kinds/; or
// - in a folder of its own, tests/games/<name>/, built by croupier_game() as a daemon's game
//   is (cmake/croupier.cmake): its engine, kind/, bench/ (`void bench_name(bot::BenchReport&,
//   bool quick)`, run by `replay_kinds --bench`), tests/, replays/ and rules.md.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#define CROUPIER_TEST_GAMES(GAME) \
    GAME(rps)                     \
    GAME(highcard)                \
    /* the end of the list: a game is one line above */
