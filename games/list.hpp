// The games croupierd deals: a game's one registration, one line each, in the order `help`
// lists them and `--bench all` runs their benches. The build reads the same lines
// (games/CMakeLists.txt, `croupier_game_list`): each names a folder, games/<name>/.
//
// GAME(name) stands for what the game brings in its own folder, games/<name>/, built by its
// CMakeLists.txt with croupier_game() (cmake/croupier.cmake):
// - its engine (the folder's own *.cpp, *.hpp), the library croupier_<name>;
// - kind/: its adapter, `config::SectionSpec name_section()` and
//   `std::unique_ptr<GameKind> make_name_kind(const config::Section&)`, croupier_<name>_kind;
// - bench/: its bench, `void bench_name(BenchReport&, bool quick)`, and its signature;
// - data/, tests/, replays/, rules.md: its card data, unit tests, replays and rules page.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#define CROUPIER_GAMES(GAME) \
    GAME(exordia8)           \
    GAME(spider)             \
    GAME(vcg)                \
    GAME(adventurer)         \
    GAME(encounters)         \
    /* the end of the list: a game is one line above */
