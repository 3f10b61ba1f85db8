// The services the table layer's parts share (bot/tables/services.hpp), and what every
// part starts from (bot/tables/part.hpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/services.hpp"

#include <algorithm>

#include "bot/tables/seating_rules.hpp"

namespace croupier::bot {

TablePart::TablePart(TableServices& services)
    : s(services),
      host(services.host),
      io(services.io),
      clock(services.clock),
      cfg(services.cfg),
      deals(services.deals),
      kinds(services.kinds),
      nets(services.nets),
      worker(services.worker),
      commands(services.commands),
      db(services.db),
      writer(services.writer),
      commits(services.commits),
      timers(services.timers) {}

const config::TableConfig& TablePart::table_config(const GameKind& k) {
    return SeatingRules::config_of(k);
}

irc::SendOptions place_options(const Table& t, irc::Priority priority) {
    irc::SendOptions o;
    o.priority = priority;
    o.lane = "t" + std::to_string(t.id);
    // A table in a channel has one mover at a time, as a private game has, and a channel
    // watching it: two turns to a private player's one, whatever the number seated. Weighing
    // it by the people at it (issue 26) served a table of five six turns to one Spider
    // player's, and under one line a second private players waited 1.7 times the floor while
    // tables waited 0.7 times it; at two, every kind waits within 25 % of the floor
    // (`--bench lines`, scenario (d); docs/PERFORMANCE.md).
    int people = 0;
    for (const auto& s : t.seats) people += !s.computer && !s.out && !s.away;
    o.weight = t.in_private ? std::max(1, people) : 2;
    return o;
}

TableServices::TableServices(const TablesParts& parts)
    : TablesParts(parts),
      commits(io, [this](CommitPath::Unit& u,
                         const Checked<Done>& committed) { moves.unit_back(u, committed); }),
      timers(clock),
      registry(*this),
      moves(*this),
      turns(*this),
      lobby(*this),
      dealing(*this),
      seatings(*this),
      play(*this),
      presence(*this),
      restorer(*this) {}

TableServices::~TableServices() {
    // What was accepted is committed (the writer finishes its queue when it goes); nothing
    // more is told.
    commits.flush();
    for (auto& [name, n] : nets)
        for (auto& [k, t] : n->tables) turns.cancel_timers(*t);
}

}  // namespace croupier::bot
