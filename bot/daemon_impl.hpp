// The daemon's insides, shared by bot/daemon.cpp (process, networks, router, built-in
// commands) and bot/tables.cpp (tables and solitaire games). Not a public interface.
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
#include "bot/worker.hpp"
#include "games/core/rng.hpp"
#include "storage/storage.hpp"

namespace croupier::bot {

struct NetCtx;
struct Table;

// Who asked, where, and how to answer.
struct Request {
    NetCtx* net = nullptr;
    Source from;
    std::string key;      // the folded nick: the player's identity on this network
    std::string channel;  // the channel the command was said in, or "" in private
    std::string command;  // as typed, lower case, without the prefix
    std::string args;     // the rest, trimmed
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

struct Seat {
    std::string nick;
    std::string key;  // folded nick
    bool computer = false;
    bool away = false;  // parted/quit/kicked: the seat is kept for the grace period
    TimerId grace_timer = 0;
    int timeouts = 0;  // in a row
    bool out = false;  // left the game (forfeit)
};

// One running game in one place: a channel table, or a private solitaire game.
struct Table {
    NetCtx* net = nullptr;
    const GameKind* kind = nullptr;
    std::string place;      // channel name, or the player's nick for private games
    std::string place_key;  // folded
    bool solitaire = false;
    enum class Phase { Joining, Playing } phase = Phase::Joining;
    std::vector<Seat> seats;
    std::string opener_key;
    TimerId join_timer = 0, turn_timer = 0, warn_timer = 0;
    // Joins are announced together when they come in a burst (a big table fills fast).
    std::vector<std::string> pending_joins;
    TimerId joins_timer = 0;
    std::optional<Duration> paused_left;  // turn time left while the link was down
    TimePoint turn_deadline{};
    std::unique_ptr<Game> game;
    GameSetup setup;
    std::int64_t game_id = 0;
    std::int64_t seq = 0;
    std::int64_t started_unix = 0;
    std::int64_t last_activity = 0;
    bool busy = false;  // a background job (hint) is running for it
};

struct NetCtx {
    std::unique_ptr<Network> net;
    std::string name;
    std::map<std::string, UserBudget> budgets;             // by folded nick
    std::map<std::string, std::unique_ptr<Table>> tables;  // by folded place
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
    std::vector<std::unique_ptr<GameKind>> kinds;
    std::vector<Command> commands;
    std::map<std::string, std::unique_ptr<NetCtx>> nets;
    std::unique_ptr<Worker> worker;
    TimerId housekeeping_timer = 0;

    // daemon.cpp
    void start();
    void stop();
    std::string rehash();
    void build_commands();
    void add_table_commands();
    NetCtx* ctx(Network& n);
    const GameKind* kind_by_name(const std::string& name) const;
    bool is_admin(const NetCtx& n, const Source& s) const;
    bool allow(NetCtx& n, const Source& s, const std::string& key);
    void dispatch(Request& r);
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

    // tables.cpp
    const config::TableConfig& table_config(const GameKind& k) const;
    std::string open_table_command(const std::string& arg = "") const;
    Table* table_at(NetCtx& n, const std::string& place_key);
    Table* table_of_player(NetCtx& n, const std::string& key);  // a solitaire game
    int seat_of(const Table& t, const std::string& key) const;
    void open_table(Request& r, const GameKind& kind);
    void join_table(Request& r);
    void leave_table(Request& r);
    void start_table(Request& r);
    void add_computer(Request& r);
    void show_table(Request& r);
    void show_hand(Request& r);
    void game_command(Request& r, const Command& c);
    void begin_game(Table& t);
    void announce_joins(Table& t);
    void new_solitaire(Request& r, const GameKind& kind);
    void hint(Request& r);
    // Applies one action for a seat: journal first, then tell. Returns the refusal or "".
    std::string act(Table& t, int seat, const std::string& command, const std::string& args,
                    const std::string& note = "");
    void after_act(Table& t);
    void deliver(Table& t, const std::vector<Out>& out);
    void arm_turn_timer(Table& t);
    void cancel_timers(Table& t);
    void turn_timed_out(Table& t, int seat);
    void finish(Table& t, const std::string& status);
    void close_table(Table& t);  // forgets it (the DB row is already closed)
    void stop_table(NetCtx& n, const std::string& place_key, const std::string& by);
    void restore_games();
    void player_gone(NetCtx& n, const std::string& key, const std::string& channel);
    void player_back(NetCtx& n, const std::string& key, const std::string& channel);
    void player_renamed(NetCtx& n, const std::string& old_key, const std::string& nick);
    void pause_timers(NetCtx& n);
    void resume_timers(NetCtx& n);
    void housekeeping();
};

}  // namespace croupier::bot
