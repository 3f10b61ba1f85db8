// The factory of the ways of seating (bot/tables/seatings.cpp): it makes each way once and
// says which one carries out a kind's declared seating (GameKind::seating()). It is the only
// place that reads the way a kind declared; the rest of the table layer asks a table's way
// (`Table::way`) or a kind's (`of`), and names a way only for its words ("!e8" to open a
// table, "spider new" to start a private game).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

#include "bot/tables/way_duel.hpp"
#include "bot/tables/way_open.hpp"
#include "bot/tables/way_private.hpp"

namespace croupier::bot {

class Seatings {
  public:
    explicit Seatings(TableServices& services);

    OpenTables open;
    Duels duels;
    PrivateGames privates;

    // The way that seats `kind`'s tables.
    SeatingWay& of(const GameKind& kind);
    // The kinds among `kinds` that `way` seats, in their order.
    std::vector<const GameKind*> kinds_of(const SeatingWay& way, const Kinds& kinds);
    // The person's table they play from private messages (of `kind` if given): a private
    // game first, else a duel.
    Table* played_from_private(NetCtx& n, const std::string& person, const GameKind* kind);
};

}  // namespace croupier::bot
