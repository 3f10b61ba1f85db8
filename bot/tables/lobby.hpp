// Tables taking players (bot/tables/lobby.cpp): saved at each change, back at start with
// the rest of their join window, and the window's timer.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bot/tables/part.hpp"

namespace croupier::bot {

class Lobby : public TablePart {
  public:
    using TablePart::TablePart;

    void remember(Table& t);
    void forget(Table& t);
    void restore();
    // A join window (a challenge's time) of `d` from now: its timer, and the table's
    // join_deadline (whole seconds, rounded up); its way says what its end means.
    void arm_join_window(Table& t, Duration d);
};

}  // namespace croupier::bot
