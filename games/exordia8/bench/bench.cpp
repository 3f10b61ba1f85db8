// `croupierd --bench exordia8`: whole games between computer players with fixed deal
// numbers, straight through the engine (games/s) and through the Game adapter (table lines
// per turn, what a channel of 50 players sees).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "bot/bench.hpp"
#include "bot/kinds/kinds.hpp"
#include "bot/render.hpp"
#include "bot/tables/lines.hpp"
#include "games/core/rng.hpp"
#include "games/exordia8/ai.hpp"
#include "games/exordia8/engine.hpp"

namespace croupier::bot {

namespace {

using games::exordia8::Engine;

std::string outcome_text(const Engine& e, int players, std::uint64_t deal, long turns) {
    return "exordia8 " + std::to_string(players) + "p deal " + std::to_string(deal) + " winner " +
           (e.winner() ? std::to_string(*e.winner()) : std::string("none")) + " points " +
           std::to_string(e.points()) + " turns " + std::to_string(turns) +
           (e.blocked() ? " blocked" : "");
}

// Plays `games` whole games of `players` computer players; returns games per second.
double engine_games(BenchReport& r, int players, int games) {
    const auto t0 = std::chrono::steady_clock::now();
    long total_turns = 0;
    for (int g = 0; g < games; ++g) {
        const std::uint64_t deal = 1000000ULL * static_cast<std::uint64_t>(players) + g;
        Engine e(players, 0, deal);
        long turns = 0;
        while (!e.finished() && turns < 1000000) {
            const int seat = e.turn();
            e.apply(seat, games::exordia8::choose_action(e, seat));
            ++turns;
        }
        total_turns += turns;
        r.outcome(outcome_text(e, players, deal, turns));
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.note("exordia8 " + std::to_string(players) + " players: " + std::to_string(games) +
           " games, " + std::to_string(total_turns) + " turns, " + std::to_string(s) + " s");
    return games / std::max(s, 1e-9);
}

// The channel's view of a whole 50-player game, through the Game adapter: 50 people at one
// table (every seat human, so every hand is rendered too), the deal the daemon gives the
// first table of seed 1, their moves chosen by the computer player from their own hands.
// Each move's lines to the table are made into channel lines the way the tables make them
// (bot/tables/lines.hpp: packed to render::kWidth, then split under 400 bytes) and counted
// against the moves. No daemon runs: the lines the table layer adds of its own (the end of
// game's ratings, the game's page) are not in the count.
void channel_lines_per_turn(BenchReport& r) {
    const std::uint64_t seed = 1;
    const int players = 50;
    auto kind = make_exordia8_kind(config::defaults(exordia8_section()));
    GameSetup setup;
    for (int i = 0; i < players; ++i) {
        setup.players.push_back("p" + std::to_string(i + 1));
        setup.computer.push_back(false);
    }
    setup.deal_number = games::DealNumberSource(seed).next();
    auto game = kind->create(setup);
    int moves = 0, max_lines = 0;
    long total = 0;
    while (!game->finished() && moves < 100000) {
        const int seat = game->awaited().front();
        const std::string move = game->computer_action(seat);
        const auto sp = move.find(' ');
        const auto o =
            game->act(seat, move.substr(0, sp), sp == std::string::npos ? "" : move.substr(sp + 1));
        if (!o)
            throw std::runtime_error("exordia8: the computer player's move " + move +
                                     " was refused: " + o.why());
        std::vector<Line> lines;
        for (const auto& out : o->out)
            if (out.to == Out::To::Table)
                lines.push_back({true, "#cards", "", false, out.text, out.layout, out.view, false});
        int n = 0;
        for (const auto& l : pack_lines(lines, render::kWidth))
            n += static_cast<int>(render::split(l.text).size());
        total += n;
        max_lines = std::max(max_lines, n);
        ++moves;
    }
    r.figure("exordia8.channel_lines_per_turn.50p",
             moves ? static_cast<double>(total) / moves : 0.0, "lines");
    r.note(
        "exordia8 channel lines per turn of a whole 50-player game through the adapter, "
        "packed as the tables pack them: max " +
        std::to_string(max_lines) + " over " + std::to_string(moves) + " moves");
    // Named as when a replay through the daemon counted them (the same 135 moves and 136
    // lines): the signature is the same game's.
    r.outcome("exordia8 replay 50p moves " + std::to_string(moves) + " lines " +
              std::to_string(total));
}

}  // namespace

void bench_exordia8(BenchReport& r, bool quick) {
    r.figure("exordia8.games_per_s.2p", engine_games(r, 2, quick ? 300 : 50000), "games/s");
    r.figure("exordia8.games_per_s.6p", engine_games(r, 6, quick ? 150 : 20000), "games/s");
    r.figure("exordia8.games_per_s.50p", engine_games(r, 50, quick ? 10 : 1000), "games/s");

    // Through the adapter: 50 players, half of them human (so hands are rendered too).
    auto kind = make_exordia8_kind(config::defaults(exordia8_section()));
    const int games = quick ? 2 : 40;
    long turns = 0, lines = 0;
    int max_lines = 0;
    for (int g = 0; g < games; ++g) {
        GameSetup setup;
        for (int i = 0; i < 50; ++i) {
            setup.players.push_back("player" + std::to_string(i));
            setup.computer.push_back(i % 2 == 1);
        }
        setup.deal_number = 5000000ULL + static_cast<std::uint64_t>(g);
        auto game = kind->create(setup);
        long game_turns = 0;
        while (!game->finished() && game_turns < 1000000) {
            const int seat = game->awaited().front();
            const std::string move = game->computer_action(seat);
            const auto sp = move.find(' ');
            const auto o = game->act(seat, move.substr(0, sp),
                                     sp == std::string::npos ? "" : move.substr(sp + 1));
            int n = 0;
            if (o)  // the computer's move: always taken
                for (const auto& out : o->out)
                    if (out.to == Out::To::Table)
                        n += static_cast<int>(render::split(out.text).size());
            lines += n;
            max_lines = std::max(max_lines, n);
            ++game_turns;
        }
        turns += game_turns;
        std::string won;
        for (std::size_t s = 0; s < game->results().size(); ++s)
            if (game->results()[s].won)
                won += std::to_string(s) + ":" + std::to_string(game->results()[s].points);
        r.outcome("exordia8 adapter 50p deal " + std::to_string(setup.deal_number) + " turns " +
                  std::to_string(game_turns) + " won " + won);
    }
    r.note("exordia8 table lines per turn through the adapter, 50 players: mean " +
           std::to_string(turns ? static_cast<double>(lines) / static_cast<double>(turns) : 0.0) +
           ", max " + std::to_string(max_lines) + " over " + std::to_string(turns) + " turns");
    channel_lines_per_turn(r);
}

}  // namespace croupier::bot
