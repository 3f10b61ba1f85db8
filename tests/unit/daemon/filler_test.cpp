// Game::filler_action, which the core bench uses to fill a database with games of every kind
// under way: for each kind the daemon knows, the moves it gives are moves the game takes.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "bot/kinds/kinds.hpp"
#include "bot/strings.hpp"
#include "bot/tables/seatings.hpp"

using namespace croupier::bot;

TEST(FillerAction, EveryKindsFillerMovesAreAccepted) {
    const auto kinds = make_kinds(croupier::config::Config{});
    ASSERT_GE(kinds.size(), 5u);
    for (const auto& k : kinds) {
        for (std::uint64_t deal = 1; deal <= 5; ++deal) {
            if (PrivateGames::seats(*k)) {
                const auto start = k->seating().as_private()->start("", {});
                ASSERT_TRUE(start) << k->name() << ": " << start.why();
            }
            const int people = OpenTables::seats(*k) ? 3 : 1;
            const GameSetup setup = sample_setup(*k, deal, people);
            auto game = k->create(setup);
            ASSERT_TRUE(game) << k->name();
            int made = 0;
            for (int m = 0; m < 6 && !game->finished(); ++m) {
                const int seat = next_mover(*k, *game);
                ASSERT_GE(seat, 0) << k->name();
                const std::string action = game->filler_action(seat, deal * 7 + m);
                ASSERT_NE(action, "") << k->name() << " deal " << deal << " move " << m;
                const auto [cmd, args] = split_command(action);
                const Checked<Outcome> o = game->act(seat, cmd, args);
                ASSERT_TRUE(o) << k->name() << " deal " << deal << ": " << action << ": "
                               << o.why();
                ++made;
            }
            EXPECT_GE(made, 1) << k->name();
        }
    }
}
