// The seating's rules, apart from what carries them out: whether a person may open, join,
// fill with a computer, start or leave a table in a channel, or answer a duel; whether a
// game may start there now; the one table a person may hold waiting there; who deals; and
// the words a person reads when the answer is no. Pure: it reads one channel's tables
// (oldest first) and the configuration, and changes nothing but a table's seats when a seat
// is given up before the deal. Tables (seating*.cpp) asks it, then acts: replies, timers,
// the deal, the database. Unit tests: tests/unit/tables/seating_rules_test.cpp.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bot/tables/table.hpp"
#include "config/config.hpp"

namespace croupier::bot {

// What a person is told instead of what they asked: a refusal (their mistake, to them
// alone), or only a word (`refused` false: nothing was wrong, e.g. the table waits already).
struct SeatingNo {
    std::string text;
    bool refused = true;
};
// nullopt: go ahead.
using SeatingAnswer = std::optional<SeatingNo>;

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
    // Why a game of `kind` may not start here now ("" when it may): `[limits]
    // tables_per_channel` games under way, or the kind's own cap. Tables taking players and
    // challenges waiting for an answer hold no game's place.
    std::string no_room(const std::vector<Table*>& here, const GameKind& kind) const;
    // The table `person` opened here that is not yet dealt (taking players, a challenge, or
    // ready and waiting), or nullptr: a person holds at most one of them a channel.
    static Table* waiting_of(const std::vector<Table*>& here, const std::string& person);
    // What a person who holds `held` waiting is told when they open another here.
    SeatingNo holds_one(const Table& held) const;

    // --- An open table (join window).
    // Whether `t` is an open table taking players (not a challenge, not dealt).
    static bool takes_players(const Table& t);
    // The newest open table here taking players, of `kind` if given; nullptr if none.
    static Table* taking_players(const std::vector<Table*>& here, const GameKind* kind);
    // Opening a table of `kind` here; `arg` is what followed the kind's name ("" or "bot").
    // `open`: a table of the kind here already taking players.
    SeatingAnswer may_open(const std::vector<Table*>& here, const GameKind& kind,
                           const std::string& person, const Table* open) const;
    SeatingAnswer open_args(const GameKind& kind, const std::string& arg) const;
    // Sitting down at `t`.
    SeatingAnswer may_join(const Table& t, const std::vector<Table*>& here,
                           const std::string& person) const;
    // A computer player sitting down at `t`.
    SeatingAnswer may_add_computer(const Table& t) const;
    // The opener dealing `t` before its window ends.
    SeatingAnswer may_start(const Table& t, const std::string& person) const;
    // The seat that deals first: the winner of the last game here (`last_winner`, "" if
    // none or it had computer players) if they sit at `t`, else the opener.
    static int dealer(const Table& t, const std::string& last_winner);
    // A seat given up before the deal, by `nick`: the table's seats as they are after it.
    enum class Left {
        DuelOff,  // a duel ready and waiting: it is off (the seats are left as they were)
        Empty,    // no person is left: the table closes
        Stays,    // the table goes on taking players (or stays ready)
        Reopens,  // it was ready, now too few: it takes players again for a window
    };
    Left leave(Table& t, int seat, const std::string& nick) const;

    // --- A duel by challenge.
    // The challenge here that `person` (under the folded nick `nick_key`) may answer: one to
    // their nick first, else one open to anyone; of `kind` if given.
    static Table* answerable(const std::vector<Table*>& here, const std::string& person,
                             const std::string& nick_key, const GameKind* kind);
    // The challenge `person` made here (answered or not, not yet dealt), of `kind` if
    // given, or nullptr.
    static Table* own_challenge(const std::vector<Table*>& here, const std::string& person,
                                const GameKind* kind);
    // The refusal of one already in `mine` (a duel): `cmd` how they type the kind's commands,
    // `or_cancel` whether to say how to withdraw a challenge not yet answered.
    static std::string in_a_duel(const Table& mine, const std::string& cmd, bool or_cancel);

    // --- A private game.
    // Opening one more private game, with `open` of them open already.
    SeatingAnswer may_open_private(int open) const;

  private:
    const config::Config& cfg_;
};

}  // namespace croupier::bot
