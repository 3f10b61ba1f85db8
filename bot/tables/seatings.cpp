// The factory of the ways of seating (bot/tables/seatings.hpp): the one place that reads the
// way a kind declared (Seating::Way).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/seatings.hpp"

#include "bot/tables/services.hpp"

namespace croupier::bot {

Seatings::Seatings(TableServices& services) : open(services), duels(services), privates(services) {}

SeatingWay& Seatings::of(const GameKind& kind) {
    switch (kind.seating().way()) {
        case Seating::Way::Duel:
            return duels;
        case Seating::Way::Private:
            return privates;
        case Seating::Way::Open:
            break;
    }
    return open;
}

std::vector<const GameKind*> Seatings::kinds_of(const SeatingWay& way, const Kinds& kinds) {
    std::vector<const GameKind*> out;
    for (const auto& k : kinds)
        if (&of(*k) == &way) out.push_back(k.get());
    return out;
}

Table* Seatings::played_from_private(NetCtx& n, const std::string& person, const GameKind* kind) {
    if (Table* t = privates.played_from_private(n, person, kind)) return t;
    return duels.played_from_private(n, person, kind);
}

bool OpenTables::seats(const GameKind& kind) {
    return kind.seating().way() == Seating::Way::Open;
}

bool Duels::seats(const GameKind& kind) {
    return kind.seating().way() == Seating::Way::Duel;
}

bool PrivateGames::seats(const GameKind& kind) {
    return kind.seating().way() == Seating::Way::Private;
}

}  // namespace croupier::bot
