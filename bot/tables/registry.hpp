// Building tables (one way, for every kind and every path), finding them by id, place and
// person, and routing a command to the table the person sits at in that place
// (bot/tables/registry.cpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bot/checked.hpp"
#include "bot/tables/part.hpp"

namespace croupier::bot {

class Registry : public TablePart {
  public:
    using TablePart::TablePart;

    // The one way to build a table; add_table() registers it under its id.
    std::unique_ptr<Table> make_table(NetCtx& n, const GameKind& kind, const std::string& place,
                                      bool in_private);
    Table& add_table(std::unique_ptr<Table> t);
    Table* table_by_id(NetCtx& n, TableId id);
    // The channel's tables (not private games), oldest first.
    std::vector<Table*> tables_in(NetCtx& n, const std::string& channel);
    // The person's private game (of `kind` if given): of several, the one played last.
    Table* private_game(NetCtx& n, const std::string& person, const GameKind* kind = nullptr);
    Table* joining_table(NetCtx& n, const std::string& channel, const GameKind& kind);
    // The table the asker sits at in this place (of `r.kind` or `kind` when given); else,
    // if `or_open`, the table of that kind still taking players here. In private: the
    // person's private game, else the one they play from private. nullptr when there is
    // none; refused when they sit at several (the caller may say it in its own words).
    Checked<Table*> route(Request& r, const GameKind* kind, bool or_open);
    // Whether the person sits at a table (or has a game) of the kind named, here.
    bool plays(NetCtx& n, const std::string& person, const std::string& kind) const;
    // Someone else's seat shown under the asker's nick (they took a nick that was
    // someone's): the refusal told to them, or nullopt. `here` empty in private: every
    // table of the network.
    std::optional<Refusal> stranger_reason(Request& r, const std::vector<Table*>& here);
    std::string stranger_words(const Table& t, const Seat& s) const;
    // `games`: what is being played where, or how to start a game when nothing is.
    std::string what_is_played(const Request& r) const;
    // Stops the tables at a channel, or the private games of whoever goes (or last went) by
    // a nick: how many were stopped.
    std::size_t stop_at(NetCtx& n, const std::string& where, const std::string& by);
    void kinds_changed();  // after a rehash: running tables point at the new kinds
};

}  // namespace croupier::bot
