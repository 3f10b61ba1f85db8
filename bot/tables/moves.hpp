// The one commit path (bot/tables/commit.cpp): every move, whoever makes it (a player, a
// timer, a computer player), journaled, then told; the lines delivered once the move is
// committed; a unit refused by the database taken back; the end of a game recorded.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bot/checked.hpp"
#include "bot/tables/part.hpp"

namespace croupier::bot {

class Moves : public TablePart {
  public:
    using TablePart::TablePart;

    // The game acts on itself, not on a copy: a refusal changes nothing; an accepted move is
    // the game at once, journaled, and told once it is committed; then the computer players
    // answer. Done, or the game's refusal (the player's mistake), or a fault (the game threw,
    // or threw before: the table is being taken back), each with the words for the player.
    Checked<Done> commit(Table& t, int seat, const std::string& command, const std::string& args,
                         const std::string& note = "");
    // One move, journaled and told, without the computer players' answer (commit() adds it).
    Checked<Done> apply_move(Table& t, int seat, const std::string& command,
                             const std::string& args, const std::string& note = "");
    void play_computers(Table& t);  // then settle()
    void settle(Table& t);          // after a move: finished, or the next turn's timer
    // What a delivery's lines are: told of the game (a move, a deal); a `Page` asked for (a
    // table view), cut from the queue when its reader makes a move before it has left; or
    // the `End` of a game that did not finish (stopped, abandoned): never dropped, and the
    // game's page named.
    enum class Lines { Told, Page, End };
    void deliver(Table& t, std::vector<Out> out, Lines what = Lines::Told);  // texts moved
    // A unit back from the writer: its lines released, or (refused) the table taken back.
    void unit_back(CommitPath::Unit& u, const Checked<Done>& committed);
    void finish(Table& t, const std::string& status);
    void close_table(Table& t);  // forgets it (the DB row is already closed)
    // Each seat's place at the end of an event's game (`status` as finish's).
    std::vector<int> event_places(const Table& t, const std::string& status) const;
    void stop_table(Table& t, const std::string& by);

  private:
    // The game threw in a move: no more moves, and the table taken back.
    void fault(Table& t, const std::string& what);
    // A hold on the table's turn clocks until a move's lines have left.
    std::shared_ptr<void> hold_lines(Table& t);
};

}  // namespace croupier::bot
