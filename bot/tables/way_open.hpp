// An open table in a channel (bot/tables/way_open.cpp): opened with the game's name, joined
// during its window (join, leave, bot, start), its joins told together, then dealt, the
// last game's winner dealing. Its rules are pure (OpenTableRules, tested on tables in
// memory); OpenTables asks them, then acts.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

#include "bot/tables/seating_rules.hpp"
#include "bot/tables/way.hpp"

namespace croupier::bot {

// The rules of open tables. `here`: the channel's open tables, oldest first.
class OpenTableRules {
  public:
    explicit OpenTableRules(const config::Config& cfg) : cfg_(cfg) {}
    // The newest table here taking players, of `kind` if given; nullptr if none.
    static Table* taking_players(const std::vector<Table*>& here, const GameKind* kind);
    // Opening a table of `kind` here: `open` a table of the kind here already taking
    // players; `arg` what followed the kind's name ("" or "bot").
    SeatingAnswer may_open(const std::vector<Table*>& here, const GameKind& kind,
                           const std::string& person, const Table* open) const;
    SeatingAnswer open_args(const GameKind& kind, const std::string& arg) const;
    SeatingAnswer may_join(const Table& t, const std::vector<Table*>& here,
                           const std::string& person) const;
    SeatingAnswer may_add_computer(const Table& t) const;
    // The opener dealing `t` before its window ends.
    SeatingAnswer may_start(const Table& t, const std::string& person) const;
    // The seat that deals first: the winner of the last game here (`last_winner`, "" if
    // none or it had computer players) if they sit at `t`, else the opener.
    static int dealer(const Table& t, const std::string& last_winner);
    Aside holds_one(const Table& held) const;

  private:
    const config::Config& cfg_;
};

class OpenTables final : public SeatingWay {
  public:
    explicit OpenTables(TableServices& services);

    std::vector<WayCommand> commands(const GameKind& kind) override;
    Command::Where moves_where(const GameKind&) const override { return Command::Where::Channel; }
    std::string how_to_start(const GameKind& kind, const std::string& bot_nick) const override;
    std::string over_words(const GameKind& kind, std::int64_t id, const std::string& ended,
                           const std::string& typed) const override;
    Aside holds_one(const Table& held) const override { return rules_.holds_one(held); }
    void window_over(Table& t) override;
    void before_deal(Table& t) override;
    std::string next_dealer_name(const Table& t) const override;
    std::string back_words(const Table& t, const std::string& after,
                           const std::string& left) const override;

    // "!e8" (or "!e8 or !x"): how to open a table here, `arg` after the name.
    std::string open_command(const std::string& arg = "") const;
    // Whether the kind's tables are open tables (for benches and tests choosing a kind).
    static bool seats(const GameKind& kind);

  private:
    OpenTableRules rules_;
    void open_table(Request& r, const GameKind& kind);
    void join_table(Request& r);
    void add_computer(Request& r);
    void start_table(Request& r);
    // Whether `t` is an open table taking players (not a challenge, not dealt).
    bool takes_players(const Table& t) const;
};

}  // namespace croupier::bot
