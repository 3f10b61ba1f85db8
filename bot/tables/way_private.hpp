// A person's private game (bot/tables/way_private.cpp): dealt at once in private messages
// (`new ARGS`, perhaps a deal proven winnable off the event loop), against the computer
// where the kind has an opponent, closed when abandoned.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bot/tables/seating_rules.hpp"
#include "bot/tables/way.hpp"

namespace croupier::bot {

class PrivateGames final : public SeatingWay {
  public:
    using SeatingWay::SeatingWay;

    std::vector<WayCommand> commands(const GameKind& kind) override;
    Command::Where moves_where(const GameKind&) const override { return Command::Where::Private; }
    std::string how_to_start(const GameKind& kind, const std::string& bot_nick) const override;
    bool in_private() const override { return true; }
    Table* played_from_private(NetCtx& n, const std::string& person, const GameKind* kind) override;
    std::optional<std::chrono::seconds> abandon_after(const GameKind& kind) const override;

    // "spider new (Spider) or enc new (Spider: Encounters)": how to start a private game, of
    // one kind or of each.
    std::string start_command(const GameKind* kind = nullptr) const;
    // Opening one more private game, with `open` of them open already.
    static SeatingAnswer may_open(const config::Config& cfg, int open);
    static bool seats(const GameKind& kind);  // for benches and tests choosing a kind
    // A game of the kind dealt from `start`, whose deal is given (the daily deal, bot/daily/),
    // with the checks of `new`: one game of a kind open, the most private games allowed.
    void start_given(Request& r, const GameKind& kind, const PrivateStart& start);

  private:
    void enter(Request& r, const GameKind& kind);  // the kind's name: the game, or a new one
    void new_game(Request& r, const GameKind& kind);
    // Whether a new game of the kind is refused (one open already, the most allowed open):
    // said to the asker.
    bool said_no(Request& r, const GameKind& kind);
    // Deals the game found for `start` (a deal number `deal`, `note` said first).
    void create(NetCtx& net, const std::string& kind_name, const PrivateStart& start,
                const std::string& nick, const std::string& key, std::uint64_t deal,
                const std::string& note);
    void find_deal(Request& r, const GameKind& kind, const PrivateStart& start);
};

}  // namespace croupier::bot
