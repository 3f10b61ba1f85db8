// From a line said to the bot to a command run: the prefix, the person behind the nick, the
// command budgets of the person and of their host, the game a prefix or a table picks, the
// command of that name that works here, and "did you mean" when none does.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "bot/clock.hpp"
#include "bot/net_ctx.hpp"
#include "bot/tables/tables.hpp"
#include "config/config.hpp"

namespace croupier::bot {

class Router {
  public:
    using Kinds = std::vector<std::shared_ptr<GameKind>>;
    // The references are the daemon's and outlive this object; `cfg`, `kinds` and
    // `commands` change on a rehash.
    Router(Clock& clock, const config::Config& cfg, const Kinds& kinds,
           const std::vector<Command>& commands, Tables& tables, TablesHost& out);

    // A PRIVMSG to the bot or to a channel it is in (never a NOTICE: RFC 2812, so bots
    // cannot loop), from `from` on the network `n`.
    void on_message(NetCtx& n, const Source& from, const std::string& target,
                    const std::string& text);
    // Whether the source is one of the network's admins (by mask, or by an account the
    // server vouches for on this very message).
    bool is_admin(const NetCtx& n, const Source& s) const;
    // The command table was built (again): the commands and the games are found anew by
    // their words. The daemon calls it after each build of the table (after the kinds).
    void index_commands();

  private:
    // The command budgets of the person and of their host: false (and a warning now and
    // then) when either is spent.
    bool allow(NetCtx& n, const Source& s, const std::string& key, const std::string& host);
    void dispatch(Request& r);
    // "Did you mean": the command one edit away from r.command that works here, or "".
    std::string near_command(const Request& r, const std::string& module) const;
    const GameKind* kind_by_name(const std::string& name) const { return find_kind(kinds_, name); }
    // What a word names: the commands called so (by name or alias) in the table's order,
    // each with its game's kind (nullptr: a core command), and the game it is the name or
    // an alias of (nullptr: none).
    struct Named {
        std::vector<const Command*> commands;
        std::vector<const GameKind*> kinds;  // of each command
        const GameKind* kind = nullptr;
    };
    const Named* named(const std::string& word) const;

    Clock& clock_;
    const config::Config& cfg_;
    const Kinds& kinds_;
    const std::vector<Command>& commands_;
    Tables& tables_;
    TablesHost& out_;
    // Each word a command or a game is called by: what it names, the commands in the table's
    // order (the order decides between commands of one name), so a message finds its command
    // and game without a pass over the whole table or the kinds.
    std::unordered_map<std::string, Named> by_word_;
    std::size_t indexed_ = 0;  // the table's size when it was indexed (a check)
};

}  // namespace croupier::bot
