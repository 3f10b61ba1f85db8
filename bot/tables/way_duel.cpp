// A duel in a channel (bot/tables/way_duel.hpp): a challenge to a nick or to anyone,
// accepted, declined, withdrawn or left to expire; or a game against the computer at once.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/way_duel.hpp"

#include <fmt/format.h>

#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "bot/tables/services.hpp"
#include "bot/tables/text.hpp"

namespace croupier::bot {

Aside DuelRules::holds_one(const Table& t) const {
    const std::string& p = cfg_.bot.prefix;
    const std::string& title = t.kind->title();
    constexpr const char* kOne = "one is the most a person may have waiting in a channel";
    const std::string cmd = p + typed_name(*t.kind);
    if (t.ready)
        return Aside{
            fmt::format("Your {} duel here waits for a game to end, and {}: {} cancel "
                        "calls it off.",
                        title, kOne, cmd)};
    return Aside{
        fmt::format("You already have a {} challenge open here (to {}), and {}: {} "
                    "cancel withdraws it.",
                    title, t.challenged.empty() ? "anyone" : t.challenged_nick, kOne, cmd)};
}

Table* DuelRules::answerable(const std::vector<Table*>& here, const std::string& person,
                             const std::string& nick_key, const GameKind* kind) {
    Table* open = nullptr;
    for (Table* t : here) {
        if (t->phase != Table::Phase::Joining || t->ready) continue;
        if (kind && t->kind != kind) continue;
        if (t->opener_key == person) continue;
        if (t->challenged == nick_key) return t;
        if (t->challenged.empty() && !open) open = t;
    }
    return open;
}

Table* DuelRules::own_challenge(const std::vector<Table*>& here, const std::string& person,
                                const GameKind* kind) {
    for (Table* t : here)
        if (t->phase == Table::Phase::Joining && t->opener_key == person &&
            (!kind || t->kind == kind))
            return t;
    return nullptr;
}

std::string DuelRules::in_a_duel(const Table& mine, const std::string& cmd, bool or_cancel) {
    return fmt::format(
        "You are already in a duel ({} at {}); finish it first{}.", mine.kind->title(), mine.place,
        or_cancel && mine.phase == Table::Phase::Joining ? fmt::format(", or {} cancel", cmd) : "");
}

Duels::Duels(TableServices& services) : SeatingWay(services), rules_(services.cfg) {}

std::vector<SeatingWay::WayCommand> Duels::commands(const GameKind& kind) {
    using W = Command::Where;
    const std::string cmd = cfg.bot.prefix + typed_name(kind);
    // Found again by name when run: a rehash replaces the kinds.
    const std::string m = kind.name();
    auto on_kind = [this, m](void (Duels::*f)(Request&, const GameKind&)) {
        return [this, m, f](Request& r) {
            if (const GameKind* k = kind_by_name(m)) (this->*f)(r, *k);
        };
    };
    auto run = [this](void (Duels::*f)(Request&)) {
        return [this, f](Request& r) { (this->*f)(r); };
    };
    const std::string usage = fmt::format(
        "Usage: {0} challenge NICK, {0} challenge (anyone), {0} accept, {0} decline, {0} cancel, "
        "or {0} ai (the computer).",
        cmd);
    return {
        {{kind.name(), kind.aliases(), "challenge [NICK] | accept | decline | cancel | ai",
          "duels: challenge someone (or anyone), answer a challenge, or play the computer"},
         W::Channel,
         [this, usage](Request& r) { refuse(r, usage); }},
        {{"challenge", {}, "[NICK]", "challenges NICK (or anyone) to a duel here"},
         W::Channel,
         on_kind(&Duels::challenge)},
        {{"accept", {}, "", "accepts the challenge made to you here"},
         W::Channel,
         run(&Duels::accept_challenge)},
        {{"decline", {}, "", "declines the challenge made to you here"},
         W::Channel,
         run(&Duels::decline_challenge)},
        {{"cancel", {}, "", "withdraws your challenge"}, W::Channel, run(&Duels::cancel_challenge)},
        {{"ai", {}, "", "starts a duel against the computer"},
         W::Channel,
         on_kind(&Duels::duel_computer)},
        {{"leave", {}, "", "gives up the duel (the other player wins)"},
         W::Channel,
         run(&SeatingWay::leave)},
        {{"table", {}, "", "shows the duel"},
         W::Channel,
         [this](Request& r) {
             r.page = true;
             s.play.show_table(r);
         }},
    };
}

Command::Where Duels::moves_where(const GameKind& kind) const {
    return kind.seating().secret_moves() ? Command::Where::Private : Command::Where::Anywhere;
}

std::string Duels::how_to_start(const GameKind& kind, const std::string& bot_nick) const {
    (void)bot_nick;
    return fmt::format("{}{} challenge NICK, in a channel", cfg.bot.prefix, typed_name(kind));
}

std::string Duels::over_words(const GameKind& kind, std::int64_t id, const std::string& ended,
                              const std::string& typed) const {
    return fmt::format(
        "Your {} duel #{} is over{}. Start another: {} challenge NICK, or {} ai against the "
        "computer.",
        kind.title(), id, ended, typed, typed);
}

std::string Duels::none_in_private(const GameKind& kind, bool hint) const {
    if (hint) return "You are in no " + kind.title() + " duel.";
    return fmt::format(
        "You are in no {} duel: challenge someone in a channel with {}{} challenge "
        "NICK.",
        kind.title(), cfg.bot.prefix, typed_name(kind));
}

Table* Duels::played_from_private(NetCtx& n, const std::string& person, const GameKind* kind) {
    Table* duel = duel_of(n, person);
    return duel && (!kind || duel->kind == kind) ? duel : nullptr;
}

Table* Duels::hint_table(NetCtx& n, const std::string& person, const GameKind& kind) {
    (void)kind;
    return duel_of(n, person);
}

Table* Duels::duel_of(NetCtx& n, const std::string& person) {
    for (auto& [id, t] : n.tables)
        if (mine(*t) && t->seated(person)) return t.get();
    return nullptr;
}

void Duels::window_over(Table& t) {
    tell(t, t.challenged.empty()
                ? fmt::format("Nobody took up {}'s {} challenge; it has expired.",
                              t.seats.front().nick, t.kind->title())
                : fmt::format("{}'s {} challenge to {} has expired.", t.seats.front().nick,
                              t.kind->title(), t.challenged_nick));
    s.moves.close_table(t);
}

void Duels::leave_waiting(Request& r, Table& t, int seat) {
    if (!t.ready) {
        SeatingWay::leave_waiting(r, t, seat);
        return;
    }
    // Accepted and waiting for room: it is off (the seats are left as they were).
    tell(t, fmt::format("{} left; the {} duel waiting here is off.", r.from.nick, t.kind->title()));
    s.moves.close_table(t);
}

std::string Duels::back_words(const Table& t, const std::string& after,
                              const std::string& left) const {
    return fmt::format("{}'s {} challenge to {} is back after {}: {} accept to play ({} left).",
                       t.seats.front().nick, t.kind->title(),
                       t.challenged.empty() ? "anyone" : t.challenged_nick, after,
                       cfg.bot.prefix + typed_name(*t.kind), left);
}

std::string Duels::way_out(const Table& t, const std::string& safe) const {
    if (!t.kind->seating().secret_moves()) return SeatingWay::way_out(t, safe);
    return fmt::format(" (or {}, in private)", safe);
}

void Duels::challenge(Request& r, const GameKind& kind) {
    const std::string cmd = cfg.bot.prefix + typed_name(kind);
    const std::string target = trim(r.args);
    if (target.find(' ') != std::string::npos) {
        refuse(r, fmt::format("Usage: {} challenge [NICK] (no nick: anyone may accept).", cmd));
        return;
    }
    if (!s.dealing.one_window(r) || s.dealing.said_no(r, no_challenge(r, target, cmd))) return;
    const auto& tc = table_config(kind);
    Table& table = s.dealing.open_here(r, kind);
    table.challenged = target.empty() ? "" : r.net->net->fold(target);
    table.challenged_nick = target;
    s.lobby.remember(table);
    if (target.empty())
        tell(table, fmt::format("{} challenges anyone to {}: type {} accept to play ({}).",
                                render::bold(r.from.nick), render::bold(kind.title()), cmd,
                                seconds_text(tc.join_window)));
    else
        tell(table, fmt::format("{} challenges {} to {}: {}, type {} accept or {} decline "
                                "({}).",
                                render::bold(r.from.nick), render::bold(target),
                                render::bold(kind.title()), target, cmd, cmd,
                                seconds_text(tc.join_window)));
}

SeatingAnswer Duels::no_challenge(Request& r, const std::string& target, const std::string& cmd) {
    NetCtx& n = *r.net;
    if (Table* held = duel_of(n, r.key)) return Refusal{DuelRules::in_a_duel(*held, cmd, true)};
    if (target.empty()) return std::nullopt;
    const std::string target_key = n.net->fold(target);
    if (target_key == r.nick_key)
        return Refusal{fmt::format(
            "You cannot duel yourself: {} challenge NICK, or {} ai for the computer.", cmd, cmd)};
    if (n.net->same(target, n.net->nick()))
        return Refusal{fmt::format("To play the computer, type {} ai.", cmd)};
    if (n.net->in_channel(r.channel, target) == false)
        return Refusal{
            fmt::format("{} is not in {}: challenge someone here, or {} challenge for anyone.",
                        render::quote_user(target, 30), r.channel, cmd)};
    if (const Person* q = n.people.online(target_key); q && duel_of(n, q->key))
        return Refusal{fmt::format("{} is in a duel already; try again when it ends.",
                                   render::quote_user(target, 30))};
    return std::nullopt;
}

void Duels::accept_challenge(Request& r) {
    NetCtx& n = *r.net;
    Table* t =
        DuelRules::answerable(mine(s.registry.tables_in(n, r.channel)), r.key, r.nick_key, r.kind);
    if (!t) {
        // The game named ("!rps accept"), else every duel game.
        const std::string how = r.kind ? cfg.bot.prefix + typed_name(*r.kind) + " challenge NICK"
                                       : kinds_typed(cfg.bot.prefix, " challenge NICK");
        refuse(r, "Nobody has challenged you here. Challenge someone with " + how + ".");
        return;
    }
    if (Table* held = duel_of(n, r.key)) {
        refuse(r, DuelRules::in_a_duel(*held, "", false));
        return;
    }
    t->seats.push_back(Seat{r.from.nick, r.key});
    tell(*t, fmt::format("{} accepts {}'s challenge.", render::bold(r.from.nick),
                         t->seats.front().nick));
    s.dealing.ready_to_start(*t);
}

void Duels::decline_challenge(Request& r) {
    Table* t = DuelRules::answerable(mine(s.registry.tables_in(*r.net, r.channel)), r.key,
                                     r.nick_key, r.kind);
    if (!t || t->challenged.empty()) {
        refuse(r, "Nobody has challenged you here, so there is nothing to decline.");
        return;
    }
    tell(*t, fmt::format("{} declines {}'s {} challenge.", r.from.nick, t->seats.front().nick,
                         t->kind->title()));
    s.moves.close_table(*t);
}

void Duels::cancel_challenge(Request& r) {
    Table* t =
        DuelRules::own_challenge(mine(s.registry.tables_in(*r.net, r.channel)), r.key, r.kind);
    if (!t) {
        refuse(r, "You have no challenge open here to cancel.");
        return;
    }
    tell(*t, fmt::format("{} withdraws the {} challenge.", r.from.nick, t->kind->title()));
    s.moves.close_table(*t);
}

void Duels::duel_computer(Request& r, const GameKind& kind) {
    NetCtx& n = *r.net;
    if (!table_config(kind).computer_players) {
        refuse(r, "Computer players are turned off here.");
        return;
    }
    if (Table* held = duel_of(n, r.key)) {
        refuse(r, DuelRules::in_a_duel(*held, "", false));
        return;
    }
    // Ready at once: it waits for a game here to end only if the channel is full, and then
    // it is the person's one table waiting here.
    if (!s.dealing.room_in(n, r.channel, kind) && !s.dealing.one_window(r)) return;
    auto made = s.registry.make_table(n, kind, r.channel, false);
    made->opener_key = r.key;
    made->seats.push_back(Seat{r.from.nick, r.key});
    made->seats.push_back(SeatingRules::computer_seat(1));
    s.dealing.ready_to_start(s.registry.add_table(std::move(made)));
}

}  // namespace croupier::bot
