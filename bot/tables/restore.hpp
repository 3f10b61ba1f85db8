// Start-up and coming back (bot/tables/restore.cpp): games from their journal, the line a
// table says once the bot is back in its channel, the link lost and back, and private games
// closed as abandoned.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <map>
#include <string>

#include "bot/tables/part.hpp"

namespace croupier::bot {

class Restorer : public TablePart {
  public:
    using TablePart::TablePart;

    void restore_games();  // at start, before the networks connect
    // A game from its record and journal, under table id `id` (0: the game's own id).
    // nullptr if it cannot be restored (closed as stopped when it is broken).
    Table* restore_game(NetCtx& n, const storage::GameRecord& rec, TableId id = 0);
    void bot_joined(NetCtx& n, const std::string& channel);
    void link_lost(NetCtx& n);
    void link_back(NetCtx& n);
    void close_abandoned();

  private:
    // Since when each network's link is down (link_lost), until it is up again (link_back).
    std::map<std::string, TimePoint> down_since;
};

}  // namespace croupier::bot
