// The table layer's front: every table of every network, their seats, the one commit path,
// their timers, people coming and going, and restoring them at start. The daemon owns one
// Tables and talks to it through the calls below; the tables reach back only through
// TablesHost (replies and sends) and the daemon's parts handed over once (TablesParts).
// Behind the front: TableServices (bot/tables/services.hpp), its parts, and the ways of
// seating (bot/tables/way.hpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bot/game.hpp"
#include "bot/net_ctx.hpp"
#include "bot/tables/host.hpp"
#include "bot/tables/part.hpp"
#include "bot/tables/table.hpp"

namespace croupier::bot {

class TableServices;

class Tables {
  public:
    using Kinds = bot::Kinds;
    using Nets = bot::Nets;
    // The daemon's parts outlive this object.
    explicit Tables(const TablesParts& parts);
    ~Tables();
    Tables(const Tables&) = delete;
    Tables& operator=(const Tables&) = delete;

    // `database` is read (and written outside moves) on the event loop; every move, and
    // every end of a game, goes through `w` (group commit, off the loop).
    void attach(storage::Database& database, storage::Writer& w);
    // Hands what this turn of the event loop wrote to the writer (also run by a posted
    // task after any write; the daemon calls it before it stops).
    void flush_writes();
    void restore_games();  // at start, before the networks connect
    void add_commands();   // each kind's: its seating's, its lookups, its own
    void kinds_changed();  // after a rehash: running tables point at the new kinds
    // The table the asker sits at in this place (of `r.kind` or `kind` when given); else,
    // if `or_open`, the table of that kind still taking players here. In private: the
    // person's private game, else their duel.
    Table* route(Request& r, const GameKind* kind, bool or_open);
    Table* joining_table(NetCtx& n, const std::string& channel, const GameKind& kind);
    // Whether the person sits at a table (or has a game) of the kind named, here.
    bool plays(NetCtx& n, const std::string& person, const std::string& kind) const;
    // How the asker types a kind's commands where they asked: "!af" in a channel, "af" in
    // private.
    std::string typed_command(const Request& r, const GameKind& kind) const;
    // Whether the kind's lookup would answer the request, not refuse it (a deck name it has):
    // a command of several kinds goes to the one that knows what was asked.
    bool lookup_fits(Request& r, const GameKind& kind);
    // The channel's tables (not private games), oldest first.
    std::vector<Table*> tables_in(NetCtx& n, const std::string& channel);
    // `games`: what is being played where ("Playing: Exordia8 at #cards (3 players, ann to
    // play); 2 Spider games in private."), or how to start a game when nothing is.
    std::string what_is_played(const Request& r) const;
    // `help GAME`: how to start one ("!e8 in a channel", "/msg croupier spider").
    std::string how_to_start(const Request& r, const GameKind& kind) const;
    // Stops the tables at a channel, or the private games of whoever goes (or last went) by
    // a nick: how many were stopped.
    std::size_t stop_at(NetCtx& n, const std::string& where, const std::string& by);
    // A person speaks: their private games hear them again; legacy seats held by nick are
    // claimed.
    void seen_speaking(NetCtx& n, Request& r);
    // People coming and going. `nick_key`: the nick that left; a seat the person plays
    // under another nick stays.
    void player_gone(NetCtx& n, const std::string& person, const std::string& channel,
                     const std::string& nick_key = "");
    // `show_hand`: send the seat's hand with the welcome (a JOIN); not when the person came
    // back by speaking, whose command answers for itself.
    void player_back(NetCtx& n, const Source& who, const std::string& channel,
                     bool show_hand = true);
    void player_renamed(NetCtx& n, const std::string& person, const std::string& nick);
    // Disconnected: games wait; connected again: their clocks run.
    void pause_timers(NetCtx& n);
    void resume_timers(NetCtx& n);
    // The bot is in the channel (its own JOIN): tables restored at start, or every table
    // there after a disconnect longer than a few seconds, say in one line each that they
    // are back and whose turn it is; then tables ready and waiting start if they fit.
    void bot_joined(NetCtx& n, const std::string& channel);
    // The link is lost, or registered again (before its channels are joined).
    void link_lost(NetCtx& n);
    void link_back(NetCtx& n);
    void close_abandoned();  // hourly: games of kinds that give up on idle games
    // A private game of the kind dealt from `start` with its deal given (the daily deal,
    // bot/daily/), after the checks of `new`; refused to the asker otherwise.
    void start_private(Request& r, const GameKind& kind, const PrivateStart& start);

    // --- Events (bot/tourney/)
    // A game of `kind` dealt at once in `channel` to `seats` (nick and person each; a
    // channel's room is not asked), its setup given `options` ("event" among them), its
    // deal's unit also writing `with_deal`. nullptr when the game cannot be dealt.
    Table* deal_event_game(NetCtx& n, const std::string& channel, const GameKind& kind,
                           const std::vector<Seat>& seats,
                           const std::map<std::string, std::string>& options,
                           std::function<void(storage::Database&, std::int64_t)> with_deal);
    // The table of the game `game_id` on `n`, or nullptr (over, or not dealt).
    Table* table_of_game(NetCtx& n, std::int64_t game_id);
    // `person` gives up their seat at `t` (a withdrawal from an event): as `leave`.
    void forfeit_seat(Table& t, const std::string& person, const std::string& why);
    // Called when an event's game has ended and its result is recorded.
    void on_event_game_over(std::function<void(std::int64_t event)> f);

  private:
    std::unique_ptr<TableServices> s_;
};

}  // namespace croupier::bot
