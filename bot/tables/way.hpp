// One way of seating: an open table, a duel, a private game (an event's round to come). A
// way is a type that owns its commands and their words, its rules and its actions; every
// way answers the questions below, so the rest of the table layer never asks which way a
// table is. The ways are made once by Seatings (bot/tables/seatings.hpp, the factory: the
// only place that reads the way a kind declares), and each table knows its own
// (`Table::way`). What the ways share is TableServices, through TablePart, and the shared
// part of seating (Dealing: the deal, room in a channel, bursts).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bot/tables/part.hpp"
#include "bot/tables/seating_rules.hpp"

namespace croupier::bot {

class SeatingWay : public TablePart {
  public:
    using TablePart::TablePart;
    virtual ~SeatingWay() = default;

    // --- Its commands and words
    // A command this way adds to a kind: its spec for the parser and `help`, where it is
    // typed, and what it runs.
    struct WayCommand {
        CommandSpec spec;
        Command::Where where = Command::Where::Channel;
        std::function<void(Request&)> run;
    };
    virtual std::vector<WayCommand> commands(const GameKind& kind) = 0;
    // Where the kind's own moves are typed (a hand is shown anywhere whatever this says).
    virtual Command::Where moves_where(const GameKind& kind) const = 0;
    // How `help GAME` tells a person to start one: "!e8 in a channel", "/msg croupier spider".
    virtual std::string how_to_start(const GameKind& kind, const std::string& bot_nick) const = 0;
    // What a person who types one of the kind's moves where their last game, #`id`, is over
    // is told; `ended` " (won)" or "", `typed` how they type the kind's commands there. "":
    // nothing of its own.
    virtual std::string over_words(const GameKind& kind, std::int64_t id, const std::string& ended,
                                   const std::string& typed) const;
    // A move or a hint of `kind` asked in private by someone with no table of it there
    // (`hint`: the shorter words of a hint).
    virtual std::string none_in_private(const GameKind& kind, bool hint) const;

    // --- What the rest of the table layer asks of a table's way
    virtual bool in_private() const { return false; }  // its games are in private messages
    // The person's table of this way that takes their commands in private messages (of
    // `kind` if given), or nullptr.
    virtual Table* played_from_private(NetCtx& n, const std::string& person, const GameKind* kind);
    // The table a hint of `kind` asked by `person` is for.
    virtual Table* hint_table(NetCtx& n, const std::string& person, const GameKind& kind) {
        return played_from_private(n, person, &kind);
    }
    // What a person who opens another table in the channel while holding `held` (of this
    // way) waiting there is told.
    virtual Aside holds_one(const Table& held) const;
    // The join window (a challenge's time) is over, the table still taking players.
    virtual void window_over(Table& t) { (void)t; }
    virtual void before_deal(Table& t) { (void)t; }  // the seats are final: who deals
    // The kv name holding who deals the next game at the table's place ("" for none).
    virtual std::string next_dealer_name(const Table& t) const {
        (void)t;
        return "";
    }
    // `seat` of `t` given up before the deal by r's person.
    virtual void leave_waiting(Request& r, Table& t, int seat);
    // The line a table not yet dealt says once the bot is back in its channel: `after` "a
    // restart", `left` the rest of its window.
    virtual std::string back_words(const Table& t, const std::string& after,
                                   const std::string& left) const;
    // What a turn's warning adds as the way out, the safe move `safe`: " (or !draw)".
    virtual std::string way_out(const Table& t, const std::string& safe) const;
    // A game of `kind` untouched this long is closed as abandoned; nullopt: never.
    virtual std::optional<std::chrono::seconds> abandon_after(const GameKind& kind) const {
        (void)kind;
        return std::nullopt;
    }

    // `leave` at a table or a duel: before the deal the seat is given up (leave_waiting),
    // in a game it is forfeit.
    void leave(Request& r);

  protected:
    bool mine(const Table& t) const { return t.way == this; }
    // This way's tables among `tables`.
    std::vector<Table*> mine(const std::vector<Table*>& tables) const;
    // The kinds seated this way, their first names typed with `prefix` and `arg`, joined by
    // " or ": "!e8 or !rps".
    std::string kinds_typed(const std::string& prefix, const std::string& arg) const;
};

}  // namespace croupier::bot
