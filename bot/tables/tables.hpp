// The table layer: every table of every network, their seats, the one commit path, their
// timers, people coming and going, and restoring them at start. The daemon owns one Tables
// and talks to it through the few calls in the public part; the tables reach back only
// through TablesHost (replies and sends) and the shared parts handed to the constructor.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "bot/clock.hpp"
#include "bot/context.hpp"
#include "bot/daemon.hpp"
#include "bot/game.hpp"
#include "bot/tables/commit_path.hpp"
#include "bot/tables/lines.hpp"
#include "bot/tables/seating_rules.hpp"
#include "bot/tables/table_timers.hpp"
#include "bot/worker.hpp"
#include "config/config.hpp"
#include "games/core/rng.hpp"
#include "storage/storage.hpp"
#include "storage/writer.hpp"

namespace boost::asio {
class io_context;
}

namespace croupier::bot {

// What the tables ask of the daemon.
class TablesHost {
  public:
    virtual ~TablesHost() = default;
    // To the channel (asked in a channel) or privately.
    virtual void reply(Request& r, const std::string& text) = 0;
    // NOTICE in a channel, a private message in private.
    virtual void reply_private(Request& r, const std::string& text) = 0;
    // A command refused or typed wrong: to the asker alone (NOTICE in a channel, a private
    // message in private), never to the channel, sent inside their host's share of the
    // line budget; never a page, so never cut.
    virtual void refuse(Request& r, const std::string& text) = 0;
    // To a person, as their delivery preference says (their host's group of the queue is
    // added to `opts`).
    virtual void send_to_nick(NetCtx& n, const std::string& nick, const std::string& key,
                              const std::string& text, bool prefer_notice,
                              irc::SendOptions opts) = 0;
    // `opts.lane`: the table's own place in the channel, so tables there are served in turn.
    virtual void send_to_channel(NetCtx& n, const std::string& channel, const std::string& text,
                                 irc::SendOptions opts) = 0;
    void send_to_nick(NetCtx& n, const std::string& nick, const std::string& key,
                      const std::string& text, bool prefer_notice,
                      irc::Priority priority = irc::Priority::High) {
        irc::SendOptions o;
        o.priority = priority;
        send_to_nick(n, nick, key, text, prefer_notice, std::move(o));
    }
    void send_to_channel(NetCtx& n, const std::string& channel, const std::string& text,
                         irc::Priority priority = irc::Priority::Normal,
                         const std::string& lane = "") {
        irc::SendOptions o;
        o.priority = priority;
        o.lane = lane;
        send_to_channel(n, channel, text, std::move(o));
    }
};

class Tables {
  public:
    using Kinds = std::vector<std::shared_ptr<GameKind>>;
    using Nets = std::map<std::string, std::unique_ptr<NetCtx>>;
    // The references are the daemon's and outlive this object; `cfg`, `kinds` and
    // `commands` change on a rehash (kinds_changed() follows).
    Tables(TablesHost& host, boost::asio::io_context& io, Clock& clock, const config::Config& cfg,
           games::DealNumberSource& deals, const Kinds& kinds, Nets& nets, Worker& worker,
           std::vector<Command>& commands);
    ~Tables();
    Tables(const Tables&) = delete;
    Tables& operator=(const Tables&) = delete;

    // --- What the daemon calls
    // `database` is read (and written outside moves) on the event loop; every move, and
    // every end of a game, goes through `w` (group commit, off the loop).
    void attach(storage::Database& database, storage::Writer& w) {
        db = &database;
        writer = &w;
        commits.attach(w);
    }
    // Hands what this turn of the event loop wrote to the writer (also run by a posted
    // task after any write; the daemon calls it before it stops).
    void flush_writes();
    void restore_games();  // at start, before the networks connect
    void add_commands();
    // What a command a seating adds runs, for the kind named `m`.
    std::function<void(Request&)> seating_action(const SeatingCommand& c, const std::string& m);
    // the tables' commands, each game's own and the seating ones
    void kinds_changed();  // after a rehash: running tables point at the new kinds
    // The table the asker sits at in this place (of `r.kind` or `kind` when given); else,
    // if `or_open`, the table of that kind still taking players here. In private: the
    // person's private game. nullptr with `ambiguous` set when they sit at several.
    Table* route(Request& r, const GameKind* kind, bool or_open, bool* ambiguous = nullptr);
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
    // "!e8" (or "!e8 or !vcg"): how to open a table of that seating here.
    std::string open_table_command(const std::string& arg = "",
                                   Seating::Way seating = Seating::Open) const;
    // "spider new (Spider) or enc new (Spider: Encounters)": how to start a private game, of
    // one kind or of each.
    std::string private_start_command(const GameKind* kind = nullptr) const;
    // Stops the tables at a channel, or the private games of whoever goes (or last went) by
    // a nick: how many were stopped.
    std::size_t stop_at(NetCtx& n, const std::string& where, const std::string& by);
    // A person speaks: their private games hear them again; legacy seats held by nick are
    // claimed.
    void seen_speaking(NetCtx& n, Request& r);
    // People coming and going.
    // `nick_key`: the nick that left; a seat the person plays under another nick stays.
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

  private:
    TablesHost& host;
    boost::asio::io_context& io;
    Clock& clock;
    const config::Config& cfg;
    games::DealNumberSource& deals;
    const Kinds& kinds;
    Nets& nets;
    Worker& worker;
    std::vector<Command>& commands;
    storage::Database* db = nullptr;
    storage::Writer* writer = nullptr;
    TableId next_table_id = 1;
    std::uint64_t next_epoch = 1;
    // Games are numbered as they are dealt (their row goes to the writer with the deal):
    // the next number, read from the database on the first deal.
    std::int64_t next_game_id = 0;
    // A new game's record (open, started now), numbered; throws (the database's error) if
    // no number can be read.
    storage::GameRecord new_game_record(const GameKind& kind, const NetCtx& n,
                                        const std::string& place, const GameSetup& setup);
    // The next game number; throws (the database's error) if it cannot be read.
    std::int64_t take_game_id();
    // The unit with a game's deal was refused: a channel table is open for joins again, a
    // private game is gone; its players are told.
    void deal_not_saved(Table& t);

    // Each table's writes and lines from this turn of the event loop, and the units in
    // flight: one unit of the writer's next group per table. Its lines are released when it
    // is committed; if it is refused, the table is taken back to what is committed and its
    // movers are told (unit_back).
    CommitPath commits{
        io, [this](CommitPath::Unit& u, const std::string& error) { unit_back(u, error); }};
    // Every table's timers, by table: a timer never fires for a table that is gone.
    TableTimers timers{clock};
    // The seating's rules and words (may a person open, join, start, leave, answer a duel;
    // room in a channel; who deals): asked by seating*.cpp, which acts on the answers.
    SeatingRules rules{cfg};
    using Slot = TableTimers::Slot;
    // Since when each network's link is down (link_lost), until it is up again (link_back).
    std::map<std::string, TimePoint> down_since;
    std::shared_ptr<int> alive = std::make_shared<int>(0);  // posted tasks and holds check it

    void reply(Request& r, const std::string& text) { host.reply(r, text); }
    void reply_private(Request& r, const std::string& text) { host.reply_private(r, text); }
    void refuse(Request& r, const std::string& text) { host.refuse(r, text); }
    void send_to_nick(NetCtx& n, const std::string& nick, const std::string& key,
                      const std::string& text, bool prefer_notice,
                      irc::Priority priority = irc::Priority::High) {
        host.send_to_nick(n, nick, key, text, prefer_notice, priority);
    }
    void send_to_channel(NetCtx& n, const std::string& channel, const std::string& text,
                         irc::Priority priority = irc::Priority::Normal,
                         const std::string& lane = "") {
        host.send_to_channel(n, channel, text, priority, lane);
    }
    void send_to_nick(NetCtx& n, const std::string& nick, const std::string& key,
                      const std::string& text, bool prefer_notice, irc::SendOptions opts) {
        host.send_to_nick(n, nick, key, text, prefer_notice, std::move(opts));
    }
    void send_to_channel(NetCtx& n, const std::string& channel, const std::string& text,
                         irc::SendOptions opts) {
        host.send_to_channel(n, channel, text, std::move(opts));
    }
    // A table's line to its channel, in the table's own place of the queue (so what its
    // channel hears of it keeps its order: a challenge before its acceptance before the
    // deal), weighted by the people waiting on it.
    void tell(Table& t, const std::string& text, irc::Priority priority = irc::Priority::Normal) {
        host.send_to_channel(*t.net, t.place, text, place_options(t, priority));
    }
    irc::SendOptions place_options(const Table& t, irc::Priority priority) const;
    // commit.cpp: a hold on the table's turn clocks until a move's lines have left.
    std::shared_ptr<void> hold_lines(Table& t);
    const GameKind* kind_by_name(const std::string& name) const { return find_kind(kinds, name); }

    // registry.cpp: building and finding tables
    static const config::TableConfig& table_config(const GameKind& k) {
        return SeatingRules::config_of(k);
    }
    // The one way to build a table; add_table() registers it under its id.
    std::unique_ptr<Table> make_table(NetCtx& n, const GameKind& kind, const std::string& place,
                                      bool in_private);
    Table& add_table(std::unique_ptr<Table> t);
    Table* table_by_id(NetCtx& n, TableId id);
    Table* private_game(NetCtx& n, const std::string& person, const GameKind* kind = nullptr);
    // Someone else's seat shown under the asker's nick (they took a nick that was
    // someone's): the reason told to them, or "".
    // `here` empty in private: every table of the network.
    std::string stranger_reason(Request& r, const std::vector<Table*>& here);
    std::string stranger_words(const Table& t, const Seat& s) const;
    // The kv name holding who deals the next game at an open table's place ("" for other
    // tables). Values under the older name "dealer:..." are never read: some were written by
    // games with computer players at them (before issue 28), so none can be trusted.
    static std::string next_dealer_name(const Table& t);

    // seating.cpp
    void open_table(Request& r, const GameKind& kind);
    void join_table(Request& r);
    void leave_table(Request& r);
    void start_table(Request& r);
    void add_computer(Request& r);
    std::string seat_computer(Table& t);  // a computer player sits down (untold): its name
    void begin_game(Table& t);
    // A new table in r's channel, r's person seated as its opener, its join window (a
    // duel: the challenge) running; join_window_over() when it ends with the table still
    // taking players.
    Table& open_here(Request& r, const GameKind& kind);

    // lobby.cpp: tables taking players are saved (each change) and come back at start.
    void remember_lobby(Table& t);
    void forget_lobby(Table& t);
    void restore_lobbies();
    // A join window (a challenge's time) of `d` from now: its timer, and the table's
    // join_deadline (whole seconds, rounded up).
    void arm_join_window(Table& t, Duration d);
    void join_window_over(Table& t);  // open table: start or close; duel: the challenge expires
    // Seating fairness (SeatingRules): why a game of `kind` may not start in `place` now,
    // or "" when it may.
    std::string no_room_for(NetCtx& n, const std::string& place, const GameKind& kind) {
        return rules.no_room(tables_in(n, place), kind);
    }
    // false, with the reply saying which they hold and how to give it up, when r's person
    // holds a table waiting in r's channel already (one is the most).
    bool one_window(Request& r);
    // Tells r's person `no` (a refusal, or only a word): true if there was one.
    bool said_no(Request& r, const SeatingAnswer& no);
    // Every player is there: dealt now if the channel has room, else it waits (said once)
    // and is dealt when a game there ends, the first ready first.
    void ready_to_start(Table& t);
    // A game in the channel ended (or the bot is back in it): waiting tables that fit start.
    void start_ready(NetCtx& n, const std::string& place_key);
    void announce_joins(Table& t);
    // Comings and goings in bursts: the first name is told at once; names that follow
    // within 2 s (and so on while the burst lasts) are told together in one line. `text`
    // makes the line from the names ("a, b and 3 others") and how many there are.
    using BurstText =
        std::function<std::string(const Table& t, const std::string& names, std::size_t count)>;
    void tell_burst(Table& t, Table::BurstKind kind, const std::string& name, BurstText text);
    void flush_burst(Table& t, Table::BurstKind kind, BurstText text);
    void new_private_game(Request& r, const GameKind& kind);
    // Duels: a challenge (to a nick, or to anyone), accepted, declined, withdrawn or left to
    // expire; or a game against the computer.
    void challenge(Request& r, const GameKind& kind);
    void accept_challenge(Request& r);
    void decline_challenge(Request& r);
    void cancel_challenge(Request& r);
    void duel_computer(Request& r, const GameKind& kind);
    Table* duel_of(NetCtx& n, const std::string& person);  // the person's duel, any kind

    // play.cpp: the commands at a table
    void show_table(Request& r);
    void show_hand(Request& r);
    void game_command(Request& r, const Command& c);
    // A move from someone whose last game here is over: what to say ("" if none of that).
    std::string game_over_words(const Request& r);
    void lookup(Request& r, const GameKind& kind);  // a kind's command that needs no game
    void hint(Request& r);

    // commit.cpp: the one commit path. The game acts on a copy; the move is journaled; only
    // then is the copy the game and anyone told. If the journal refuses, the table is as it
    // was and the reason comes back (the caller tells the player). Players, timers,
    // computer players and restore all come through here.
    std::string commit(Table& t, int seat, const std::string& command, const std::string& args,
                       const std::string& note = "");
    // One move, journaled and told, without the computer players' answer (commit() adds it).
    std::string apply_move(Table& t, int seat, const std::string& command, const std::string& args,
                           const std::string& note = "");
    void play_computers(Table& t);  // then settle()
    void settle(Table& t);          // after a move: finished, or the next turn's timer
    // What a delivery's lines are: told of the game (a move, a deal); a `Page` asked for (a
    // table view), cut from the queue when its reader makes a move before it has left; or
    // the `End` of a game that did not finish (stopped, abandoned): never dropped, and the
    // game's page named.
    enum class Lines { Told, Page, End };
    void deliver(Table& t, const std::vector<Out>& out, Lines what = Lines::Told);
    // A unit back from the writer: its lines released, or (refused) the table taken back.
    void unit_back(CommitPath::Unit& u, const std::string& error);
    // The game threw in a move: no more moves, and the table taken back (commit.cpp).
    void fault(Table& t, const std::string& what);
    void finish(Table& t, const std::string& status);
    void close_table(Table& t);  // forgets it (the DB row is already closed)
    void stop_table(Table& t, const std::string& by);

    // restore.cpp: a game from its record and journal, under table id `id` (0: the game's
    // own id). nullptr if it cannot be restored (closed as stopped when it is broken).
    Table* restore_game(NetCtx& n, const storage::GameRecord& rec, TableId id = 0);

    // timers.cpp
    // After moves: each awaited seat has its turn timer (a seat that just moved, afresh),
    // seats no longer awaited have none, and the game's wake-up is set.
    void arm_timers(Table& t);
    void schedule_seat_timer(Table& t);
    void seat_timer_fired(NetCtx& n, TableId id);
    void warn_seat(Table& t, int seat);
    void cancel_seat_timers(Seat& s);
    void cancel_timers(Table& t);
    void turn_timed_out(Table& t, int seat);
    // The database's name for a seat's time-outs in a row (kv), read back by restore_game.
    static std::string timeouts_name(std::int64_t game_id, std::size_t seat);
};

}  // namespace croupier::bot
