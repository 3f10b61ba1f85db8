// What the router and the tables share: a request (who asked, where), a command of the
// command table, and the budgets a person's commands and pages are charged to. The network's
// context (its link, people and tables) is bot/net_ctx.hpp, so this header knows neither
// the link nor the table layer.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <string>

#include "bot/clock.hpp"
#include "bot/game.hpp"
#include "bot/source.hpp"

namespace croupier::bot {

// A network's context: bot/net_ctx.hpp (it holds the link and the table index).
struct NetCtx;

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
    std::string host;                // "@" and the folded host it came from: the per-host budgets
    // The answer is a page asked for (help, stats, top, a table view): its lines are
    // charged to the person's and the host's output budgets, sent at low priority, and cut
    // with a word saying so when a budget is spent.
    bool page = false;
    bool cut = false;  // the page was cut: its other lines are dropped
    bool in_channel() const { return !channel.empty(); }
};

struct Command {
    CommandSpec spec;
    enum class Where { Anywhere, Channel, Private } where = Where::Anywhere;
    bool admin = false;
    std::string module;  // "" core, or a game kind's name (for `help <game>`)
    std::function<void(Request&)> run;
    // Whether it is called `word`: its name or one of its aliases.
    bool called(const std::string& word) const {
        return spec.name == word ||
               std::find(spec.aliases.begin(), spec.aliases.end(), word) != spec.aliases.end();
    }
};

// A token bucket in the clock's time: up to `burst` at once, then `rate` a second.
struct Budget {
    double tokens = -1;  // < 0: never used (starts full)
    TimePoint refilled{};
    void refill(double burst, double rate, TimePoint now) {
        if (tokens < 0) {
            tokens = burst;
        } else {
            const double secs = std::chrono::duration<double>(now - refilled).count();
            tokens = std::min(burst, tokens + std::max(0.0, secs) * rate);
        }
        refilled = now;
    }
    bool has(double n, double burst, double rate, TimePoint now) {
        refill(burst, rate, now);
        return tokens + 1e-9 >= n;
    }
    bool full(double burst, double rate, TimePoint now) {
        refill(burst, rate, now);
        return tokens + 1e-9 >= burst;
    }
};

// What one person (or one host: key "@host") may ask of the bot: commands in, and lines of
// pages out (help, stats, top, table views). One warning a minute at most when exceeded.
struct UserBudget {
    Budget commands;
    Budget lines;
    TimePoint warned{};
    bool warned_ever = false;
    TimePoint held_told{};  // last told that a page was held back
    bool held_told_ever = false;
};

}  // namespace croupier::bot
