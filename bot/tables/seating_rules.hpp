// The rules every way of seating shares, apart from what carries them out: whether a game
// may start in a channel now, the one table a person may hold waiting there, a computer
// player's seat, and a seat given up before the deal. Pure: it reads one channel's tables
// (oldest first) and the configuration, and changes nothing but a table's seats when a seat
// is given up. Each way's own rules are its own (OpenTableRules, DuelRules, in
// bot/tables/way_*.hpp). Unit tests: tests/unit/tables/seating_rules_test.cpp.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bot/checked.hpp"
#include "bot/tables/table.hpp"
#include "config/config.hpp"

namespace croupier::bot {

// A word said instead of what a person asked when nothing they did was wrong (the table they
// hold waits already): told to them, not refused.
struct Aside {
    std::string text;
};
// What a seating rule answers: go ahead (no Aside: `return std::nullopt;`), only an Aside
// instead, or the person's mistake (`return Refusal{"..."};`, told to them alone).
using SeatingAnswer = Checked<std::optional<Aside>>;
// Nothing is said instead: what was asked goes ahead.
inline bool go_ahead(const SeatingAnswer& answer) {
    return answer && !answer->has_value();
}

class SeatingRules {
  public:
    // `cfg` outlives this object (it changes in place on a rehash).
    explicit SeatingRules(const config::Config& cfg) : cfg_(cfg) {}

    // The seat counts, windows and caps of a kind's tables or duels (the defaults for a kind
    // that gives none).
    static const config::TableConfig& config_of(const GameKind& kind);
    // A computer player's seat, the `number`th at its table: "cpu#1", under a key no person's
    // key can be.
    static Seat computer_seat(int number);

    // --- Room in a channel. `here`: the channel's tables, oldest first.
    // Room for a game of `kind` to start here now, or the refusal saying why not: `[limits]
    // tables_per_channel` games under way, or the kind's own cap. Tables taking players and
    // challenges waiting for an answer hold no game's place.
    Checked<Done> room(const std::vector<Table*>& here, const GameKind& kind) const;
    // The table `person` opened here that is not yet dealt (taking players, a challenge, or
    // ready and waiting), or nullptr: a person holds at most one of them a channel.
    static Table* waiting_of(const std::vector<Table*>& here, const std::string& person);

    // A seat given up before the deal, by `nick`: the table's seats as they are after it.
    enum class Left {
        Empty,    // no person is left: the table closes
        Stays,    // the table goes on taking players (or stays ready)
        Reopens,  // it was ready, now too few: it takes players again for a window
    };
    static Left leave(Table& t, int seat, const std::string& nick);

  private:
    const config::Config& cfg_;
};

}  // namespace croupier::bot
