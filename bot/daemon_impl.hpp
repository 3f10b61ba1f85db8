// The daemon's insides, shared by bot/daemon.cpp (process, networks, router, built-in
// commands) and bot/tables/ (tables: seating, the commit path, timers, presence, restore).
// Not a public interface.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "bot/clock.hpp"
#include "bot/daemon.hpp"
#include "bot/game.hpp"
#include "bot/irc/network.hpp"
#include "bot/people.hpp"
#include "bot/tables/table.hpp"
#include "bot/worker.hpp"
#include "games/core/rng.hpp"
#include "storage/storage.hpp"

namespace croupier::bot {

// Who asked, where, and how to answer.
struct Request {
    NetCtx* net = nullptr;
    Source from;
    std::string key;       // the person (bot/people.hpp): the player's identity on this network
    std::string nick_key;  // the folded nick they use now
    std::string channel;   // the channel the command was said in, or "" in private
    std::string command;   // as typed, lower case, without the prefix
    std::string args;      // the rest, trimmed
    const GameKind* kind = nullptr;  // a game prefix picked it (`!e8 play 5c`)
    bool in_channel() const { return !channel.empty(); }
};

struct Command {
    CommandSpec spec;
    enum class Where { Anywhere, Channel, Private } where = Where::Anywhere;
    bool admin = false;
    std::string module;  // "" core, or a game kind's name (for `help <game>`)
    std::function<void(Request&)> run;
};

// A per-user command budget: a token bucket; one warning a minute at most when exceeded.
struct UserBudget {
    double tokens = 0;
    TimePoint refilled{};
    TimePoint warned{};
    bool warned_ever = false;
};

struct NetCtx {
    std::unique_ptr<Network> net;
    std::string name;
    People people;
    std::map<std::string, UserBudget> budgets;         // by person
    std::map<TableId, std::unique_ptr<Table>> tables;  // every table and private game, by id
    int legacy_seats = 0;  // restored seats that still go by nick ("l:" keys)
};

struct Daemon::Impl final : NetworkListener {
    Impl(boost::asio::io_context& io, Clock& clock, config::Config cfg, DaemonOptions opts);
    ~Impl() override;

    boost::asio::io_context& io;
    Clock& clock;
    config::Config cfg;
    DaemonOptions opts;
    std::unique_ptr<storage::Database> db;
    games::DealNumberSource deals;
    std::vector<std::shared_ptr<GameKind>> kinds;  // shared: a background job may hold one
    std::vector<Command> commands;
    std::map<std::string, std::unique_ptr<NetCtx>> nets;
    std::unique_ptr<Worker> worker;
    TimerId housekeeping_timer = 0;

    // daemon.cpp
    void start();
    void stop();
    std::string rehash();
    void build_commands();
    NetCtx* ctx(Network& n);
    std::unique_ptr<NetCtx> make_net(const config::NetworkConfig& nc, const config::BotConfig& bot);
    const GameKind* kind_by_name(const std::string& name) const;
    bool is_admin(const NetCtx& n, const Source& s) const;
    bool allow(NetCtx& n, const Source& s, const std::string& key);
    void dispatch(Request& r);
    void seen_speaking(NetCtx& n, Request& r);  // a person's private games hear them again
    std::string person_of(NetCtx& n, const Source& who);
    // Replies: to the channel (in channel) or privately.
    void reply(Request& r, const std::string& text);
    void reply_private(Request& r, const std::string& text);  // NOTICE in channel, PM in private
    void send_to_nick(NetCtx& n, const std::string& nick, const std::string& key,
                      const std::string& text, bool prefer_notice);
    void send_to_channel(NetCtx& n, const std::string& channel, const std::string& text);
    bool wants_plain(NetCtx& n, const std::string& key);
    void cmd_help(Request& r);
    void cmd_games(Request& r);
    void cmd_stats(Request& r);
    void cmd_top(Request& r);
    void cmd_set(Request& r);

    // NetworkListener
    void on_registered(Network& net) override;
    void on_message(Network& net, const Source& from, const std::string& target,
                    const std::string& text, bool notice) override;
    void on_join(Network& net, const Source& who, const std::string& channel) override;
    void on_part(Network& net, const Source& who, const std::string& channel) override;
    void on_kick(Network& net, const Source& by, const std::string& channel,
                 const std::string& victim) override;
    void on_quit(Network& net, const Source& who) override;
    void on_nick(Network& net, const Source& who, const std::string& new_nick) override;
    void on_disconnected(Network& net) override;

    // bot/tables/registry.cpp: building, finding and routing to tables
    TableId next_table_id = 1;
    const config::TableConfig& table_config(const GameKind& k) const;
    // "!e8" (or "!e8 or !vcg"): how to open a table of that seating here.
    std::string open_table_command(const std::string& arg = "",
                                   Seating seating = Seating::Open) const;
    // The one way to build a table; add_table() registers it under its id.
    std::unique_ptr<Table> make_table(NetCtx& n, const GameKind& kind, const std::string& place,
                                      bool solitaire);
    Table& add_table(std::unique_ptr<Table> t);
    Table* table_by_id(NetCtx& n, TableId id);
    // The channel's tables (not private games), oldest first.
    std::vector<Table*> tables_in(NetCtx& n, const std::string& channel);
    // The table the asker sits at in this place (of `r.kind` or `kind` when given); else,
    // if `or_open`, the table of that kind still taking players here. In private: the
    // person's private game. nullptr with `ambiguous` set when they sit at several.
    Table* route(Request& r, const GameKind* kind, bool or_open, bool* ambiguous = nullptr);
    Table* private_game(NetCtx& n, const std::string& person, const GameKind* kind = nullptr);
    Table* joining_table(NetCtx& n, const std::string& channel, const GameKind& kind);
    // Someone else's seat shown under the asker's nick (they took a nick that was
    // someone's): the reason told to them, or "".
    std::string stranger_reason(Request& r, const std::vector<Table*>& here);

    // bot/tables/seating.cpp
    void open_table(Request& r, const GameKind& kind);
    void join_table(Request& r);
    void leave_table(Request& r);
    void start_table(Request& r);
    void add_computer(Request& r);
    void begin_game(Table& t);
    // A new table in r's channel, r's person seated as its opener; `expired` runs if the
    // join window (a duel: the challenge) ends with it still taking players.
    Table& open_here(Request& r, const GameKind& kind, std::function<void(Table&)> expired);
    bool room_here(Request& r);  // false, with the reply, when the channel has its tables
    void announce_joins(Table& t);
    void new_solitaire(Request& r, const GameKind& kind);
    // Duels: a challenge (to a nick, or to anyone), accepted, declined, withdrawn or left to
    // expire; or a game against the computer.
    void challenge(Request& r, const GameKind& kind);
    void accept_challenge(Request& r);
    void decline_challenge(Request& r);
    void cancel_challenge(Request& r);
    void duel_computer(Request& r, const GameKind& kind);
    Table* duel_of(NetCtx& n, const std::string& person);  // the person's duel, any kind

    // bot/tables/play.cpp: the commands at a table
    void add_table_commands();
    void show_table(Request& r);
    void show_hand(Request& r);
    void game_command(Request& r, const Command& c);
    void hint(Request& r);

    // bot/tables/commit.cpp: the one commit path. The game acts on a copy; the move is
    // journaled; only then is the copy the game and anyone told. If the journal refuses,
    // the table is as it was and the reason comes back (the caller tells the player).
    // Players, timers, computer players and restore all come through here.
    std::string commit(Table& t, int seat, const std::string& command, const std::string& args,
                       const std::string& note = "");
    // One move, journaled and told, without the computer players' answer (commit() adds it).
    std::string apply_move(Table& t, int seat, const std::string& command, const std::string& args,
                           const std::string& note = "");
    void play_computers(Table& t);  // then settle()
    void settle(Table& t);          // after a move: finished, or the next turn's timer
    void deliver(Table& t, const std::vector<Out>& out);
    void finish(Table& t, const std::string& status);
    void close_table(Table& t);  // forgets it (the DB row is already closed)
    void stop_table(Table& t, const std::string& by);

    // bot/tables/timers.cpp
    // After moves: each awaited seat has its turn timer (a seat that just moved, afresh),
    // seats no longer awaited have none, and the game's wake-up is set.
    void arm_timers(Table& t);
    void cancel_seat_timers(Seat& s);
    void cancel_timers(Table& t);
    void turn_timed_out(Table& t, int seat);
    void pause_timers(NetCtx& n);
    void resume_timers(NetCtx& n);

    // bot/tables/presence.cpp: people coming and going
    void player_gone(NetCtx& n, const std::string& person, const std::string& channel);
    void player_back(NetCtx& n, const Source& who, const std::string& channel);
    void player_renamed(NetCtx& n, const std::string& person, const std::string& nick);

    // bot/tables/restore.cpp
    void restore_games();
    void housekeeping();
};

}  // namespace croupier::bot
