// The games croupierd deals: a game's one registration, one line each, in the order `help`
// lists them and `--bench all` runs their benches.
//
// GAME(name) stands for what the game brings in its own files:
// - games/<name>/: its engine, built as the library croupier_<name> (games/CMakeLists.txt
//   builds every folder there);
// - bot/games/<name>/kind.cpp: its kind, `config::SectionSpec name_section()` and
//   `std::unique_ptr<GameKind> make_name_kind(const config::Section&)`;
// - bot/games/<name>/bench.cpp: its bench, `void bench_name(BenchReport&, bool quick)`.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#define CROUPIER_GAMES(GAME) \
    GAME(exordia8)           \
    GAME(spider)             \
    GAME(vcg)                \
    GAME(adventurer)         \
    GAME(encounters)
