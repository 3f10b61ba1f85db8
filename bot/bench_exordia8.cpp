// `croupierd --bench exordia8`: whole games between computer players with fixed deal
// numbers, straight through the engine (games/s) and through the Game adapter (table lines
// per turn, what a channel of 50 players sees).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <chrono>
#include <string>

#include "bot/bench.hpp"
#include "bot/games/kinds.hpp"
#include "bot/render.hpp"
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

}  // namespace

void bench_exordia8(BenchReport& r, bool quick) {
    r.figure("exordia8.games_per_s.2p", engine_games(r, 2, quick ? 300 : 50000), "games/s");
    r.figure("exordia8.games_per_s.6p", engine_games(r, 6, quick ? 150 : 20000), "games/s");
    r.figure("exordia8.games_per_s.50p", engine_games(r, 50, quick ? 10 : 1000), "games/s");

    // Through the adapter: 50 players, half of them human (so hands are rendered too).
    auto kind = make_exordia8_kind(config::Exordia8Config{});
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
            const int seat = *game->turn();
            const std::string move = game->computer_action(seat);
            const auto sp = move.find(' ');
            const auto o = game->act(seat, move.substr(0, sp),
                                     sp == std::string::npos ? "" : move.substr(sp + 1));
            int n = 0;
            for (const auto& out : o.out)
                if (out.to == Out::To::Table) n += static_cast<int>(render::split(out.text).size());
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
    r.figure("exordia8.channel_lines_per_turn.50p",
             turns ? static_cast<double>(lines) / static_cast<double>(turns) : 0.0, "lines");
    r.note("exordia8 channel lines per turn, 50 players: max " + std::to_string(max_lines) +
           " over " + std::to_string(turns) + " turns");
}

}  // namespace croupier::bot
