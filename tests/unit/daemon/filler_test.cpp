// Game::filler_action, which the core bench uses to fill a database with games of every kind
// under way: for each kind the daemon knows, the moves it gives are moves the game takes.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "bot/games/kinds.hpp"
#include "bot/strings.hpp"

using namespace croupier::bot;

TEST(FillerAction, EveryKindsFillerMovesAreAccepted) {
    const auto kinds = make_kinds(croupier::config::Config{});
    ASSERT_GE(kinds.size(), 5u);
    for (const auto& k : kinds) {
        for (std::uint64_t deal = 1; deal <= 5; ++deal) {
            GameSetup setup;
            setup.deal_number = deal;
            const int people = k->seating() == Seating::Open ? 3 : 1;
            for (int p = 0; p < people; ++p) {
                setup.players.push_back("p" + std::to_string(p));
                setup.persons.push_back("h:p" + std::to_string(p) + "!u@example.org");
                setup.computer.push_back(false);
            }
            std::optional<std::string> computer;
            if (k->seating() == Seating::Duel) computer = "Computer";
            if (k->seating() == Seating::Private) {
                const PrivateStart start = k->private_start("", {});
                ASSERT_EQ(start.error, "") << k->name();
                setup.variant = start.variant;
                setup.options = start.options;
                computer = k->private_opponent();
            }
            if (computer) {
                setup.players.push_back(*computer);
                setup.persons.push_back("");
                setup.computer.push_back(true);
            }
            k->deal_options(setup);
            auto game = k->create(setup);
            ASSERT_TRUE(game) << k->name();
            int made = 0;
            for (int m = 0; m < 6 && !game->finished(); ++m) {
                const auto awaited = game->awaited();
                ASSERT_TRUE(!awaited.empty() || k->seating() == Seating::Private) << k->name();
                const int seat = awaited.empty() ? 0 : awaited.front();
                const std::string action = game->filler_action(seat, deal * 7 + m);
                ASSERT_NE(action, "") << k->name() << " deal " << deal << " move " << m;
                const auto [cmd, args] = split_command(action);
                const Outcome o = game->act(seat, cmd, args);
                ASSERT_TRUE(o.ok())
                    << k->name() << " deal " << deal << ": " << action << ": " << o.error;
                ++made;
            }
            EXPECT_GE(made, 1) << k->name();
        }
    }
}
