// The commands at a table (bot/tables/play.cpp): each game's own, from its command table,
// and the views and aids every table offers (table, hand, hint), and a kind's lookups.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <string>

#include "bot/tables/part.hpp"

namespace croupier::bot {

class TableCommands : public TablePart {
  public:
    using TablePart::TablePart;

    void add_commands();  // every kind's: its seating's, its lookups, its own
    // How the asker types a kind's commands where they asked: "!af" in a channel, "af" in
    // private.
    std::string typed_command(const Request& r, const GameKind& kind) const;
    // Whether the kind's lookup would answer the request, not refuse it.
    bool lookup_fits(Request& r, const GameKind& kind);
    void show_table(Request& r);

  private:
    void show_hand(Request& r);
    void game_command(Request& r, const Command& c);
    // A move from someone whose last game here is over: what to say ("" if none of that).
    std::string game_over_words(const Request& r);
    void lookup(Request& r, const GameKind& kind);  // a kind's command that needs no game
    void hint(Request& r);
};

}  // namespace croupier::bot
