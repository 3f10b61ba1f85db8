// A duel in a channel (bot/tables/way_duel.cpp): a challenge to a nick or to anyone,
// accepted, declined, withdrawn or left to expire; or a game against the computer at once.
// A person plays one duel at a time on a network; secret choices come in private. Its rules
// are pure (DuelRules); Duels asks them, then acts.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

#include "bot/tables/seating_rules.hpp"
#include "bot/tables/way.hpp"

namespace croupier::bot {

// The rules of duels. `here`: the channel's duels, oldest first.
class DuelRules {
  public:
    explicit DuelRules(const config::Config& cfg) : cfg_(cfg) {}
    // The challenge here that `person` (under the folded nick `nick_key`) may answer: one to
    // their nick first, else one open to anyone; of `kind` if given.
    static Table* answerable(const std::vector<Table*>& here, const std::string& person,
                             const std::string& nick_key, const GameKind* kind);
    // The challenge `person` made here (answered or not, not yet dealt), of `kind` if given.
    static Table* own_challenge(const std::vector<Table*>& here, const std::string& person,
                                const GameKind* kind);
    // The refusal of one already in `mine`: `cmd` how they type the kind's commands,
    // `or_cancel` whether to say how to withdraw a challenge not yet answered.
    static std::string in_a_duel(const Table& mine, const std::string& cmd, bool or_cancel);
    Aside holds_one(const Table& held) const;

  private:
    const config::Config& cfg_;
};

class Duels final : public SeatingWay {
  public:
    explicit Duels(TableServices& services);

    std::vector<WayCommand> commands(const GameKind& kind) override;
    // Secret choices in private (a bid typed in a channel would show it); public moves
    // anywhere.
    Command::Where moves_where(const GameKind& kind) const override;
    std::string how_to_start(const GameKind& kind, const std::string& bot_nick) const override;
    std::string over_words(const GameKind& kind, std::int64_t id, const std::string& ended,
                           const std::string& typed) const override;
    std::string none_in_private(const GameKind& kind, bool hint) const override;
    Table* played_from_private(NetCtx& n, const std::string& person, const GameKind* kind) override;
    Table* hint_table(NetCtx& n, const std::string& person, const GameKind& kind) override;
    Aside holds_one(const Table& held) const override { return rules_.holds_one(held); }
    void window_over(Table& t) override;
    void leave_waiting(Request& r, Table& t, int seat) override;
    std::string back_words(const Table& t, const std::string& after,
                           const std::string& left) const override;
    std::string way_out(const Table& t, const std::string& safe) const override;

    static bool seats(const GameKind& kind);  // for benches and tests choosing a kind

  private:
    DuelRules rules_;
    Table* duel_of(NetCtx& n, const std::string& person);  // the person's duel, any kind
    void challenge(Request& r, const GameKind& kind);
    // Whether r's person may challenge `target` ("": anyone): `cmd` as they type it.
    SeatingAnswer no_challenge(Request& r, const std::string& target, const std::string& cmd);
    void accept_challenge(Request& r);
    void decline_challenge(Request& r);
    void cancel_challenge(Request& r);
    void duel_computer(Request& r, const GameKind& kind);
};

}  // namespace croupier::bot
