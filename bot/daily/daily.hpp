// The daily deal (issue 44, docs/PLAYING.md "Events"): `daily [GAME] [WORD]` deals today's
// deal of a kind that offers one (PrivateRules::daily, bot/game.hpp), the same for everyone,
// its number sealed until the UTC day ends; `daily top [GAME [WORD]] [yesterday]` the day's
// ladder; at 00:00 UTC, one line to each of [events] announce_channels. The deal number comes
// from a secret kept in the database (created once from the OS's generator) and the kind,
// variant and day (bot/daily/core.hpp); the day from the daemon's clock.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bot/checked.hpp"
#include "bot/clock.hpp"
#include "bot/daily/core.hpp"
#include "bot/router.hpp"
#include "bot/tables/tables.hpp"
#include "config/config.hpp"
#include "storage/storage.hpp"

namespace croupier::bot {

namespace daily {
// A row of the day's ladder as the ranking reads it (the daemon's and the web pages' alike).
Entry entry_of(const storage::DailyRow& row);
}  // namespace daily

class Daily {
  public:
    using Kinds = std::vector<std::shared_ptr<GameKind>>;
    // `new_secret`: the secret made the first time (from the OS's generator in the daemon;
    // from the master seed in replays, so that their deals are the same every run).
    Daily(Clock& clock, const config::Config& cfg, const Kinds& kinds, Tables::Nets& nets,
          Tables& tables, TablesHost& out, std::function<std::string()> new_secret);
    ~Daily();
    Daily(const Daily&) = delete;
    Daily& operator=(const Daily&) = delete;
    // The database, once open: the day's end is timed from here.
    void attach(storage::Database& db);
    void add_commands(std::vector<Command>& commands);
    // "; daily streak 3 days" for `stats`, "" without one.
    std::string streak_text(const std::string& network, const std::string& key) const;
    // Whether a game's setup is a daily deal whose day has not ended yet: its number is
    // shown nowhere (verify, the pages). `now`: unix seconds.
    static bool sealed(const std::map<std::string, std::string>& options, std::int64_t now);

  private:
    struct Choice {  // a kind's daily variant, as typed
        const GameKind* kind = nullptr;
        const DailyVariant* variant = nullptr;
    };
    void cmd(Request& r);
    void start(Request& r, const std::vector<std::string>& words);
    void top(Request& r, std::vector<std::string> words);
    // The kind and variant the words name (none: the default); a refusal's words otherwise.
    Checked<Choice> choose(const std::vector<std::string>& words) const;
    std::string usage() const;
    std::string secret();
    std::uint64_t deal(const GameKind& kind, const std::string& variant, const std::string& day);
    std::string title(const Choice& c) const;
    std::vector<daily::Entry> ladder(const std::string& network, const Choice& c,
                                     const std::string& day,
                                     std::vector<std::string>* keys = nullptr) const;
    std::string web_link(const std::string& path) const;
    void arm();
    void day_over();
    // The line of the day that ended (yesterday) to [events] announce_channels, once a day.
    void announce(const std::string& day);

    Clock& clock_;
    const config::Config& cfg_;
    const Kinds& kinds_;
    Tables::Nets& nets_;
    Tables& tables_;
    TablesHost& out_;
    std::function<std::string()> new_secret_;
    storage::Database* db_ = nullptr;
    TimerId timer_ = 0;
    TimerId catch_up_ = 0;
    std::string secret_;
};

}  // namespace croupier::bot
