// The game kinds that live only in tests, one registration line each, as bot/games/list.hpp
// is for the daemon's games: the replays under tests/replay-kinds/ play through the whole
// daemon with them added (tests/tools/replay_kinds.cpp).
//
// GAME(name) stands for what the kind brings in its own files:
// - tests/support/<name>.cpp: `std::unique_ptr<bot::GameKind> make_name_kind()` in
//   namespace croupier::tests (tests/CMakeLists.txt builds every file here);
// - tests/replay-kinds/*.replay: its replays.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#define CROUPIER_TEST_GAMES(GAME) \
    GAME(rps)                     \
    GAME(highcard)
