// People coming and going (bot/tables/presence.cpp): seats kept for the grace period,
// taken back by the same person under any nick, renamed with them.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

#include "bot/tables/part.hpp"

namespace croupier::bot {

class Presence : public TablePart {
  public:
    using TablePart::TablePart;

    void seen_speaking(NetCtx& n, Request& r);
    void player_gone(NetCtx& n, const std::string& person, const std::string& channel,
                     const std::string& nick_key = "");
    void player_back(NetCtx& n, const Source& who, const std::string& channel,
                     bool show_hand = true);
    void player_renamed(NetCtx& n, const std::string& person, const std::string& nick);
};

}  // namespace croupier::bot
