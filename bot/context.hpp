// What the router and the tables share: a network's context (its people, budgets and
// tables), a request (who asked, where) and a command of the command table.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>

#include "bot/clock.hpp"
#include "bot/game.hpp"
#include "bot/irc/network.hpp"
#include "bot/people.hpp"
#include "bot/tables/table.hpp"

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

}  // namespace croupier::bot
