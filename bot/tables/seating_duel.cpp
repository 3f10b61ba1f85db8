// A duel in a channel: a challenge to a nick or to anyone, accepted, declined, withdrawn
// or left to expire; or a game against the computer at once.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "bot/log.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "bot/tables/tables.hpp"
#include "bot/tables/text.hpp"

namespace croupier::bot {

Table* Tables::duel_of(NetCtx& n, const std::string& person) {
    for (auto& [id, t] : n.tables)
        if (t->kind->seating() == Seating::Duel && t->seated(person)) return t.get();
    return nullptr;
}

void Tables::challenge(Request& r, const GameKind& kind) {
    NetCtx& n = *r.net;
    const std::string p = cfg.bot.prefix;
    const std::string cmd = p + (kind.aliases().empty() ? kind.name() : kind.aliases().front());
    const std::string target = trim(r.args);
    if (target.find(' ') != std::string::npos) {
        refuse(r, fmt::format("Usage: {} challenge [NICK] (no nick: anyone may accept).", cmd));
        return;
    }
    if (!one_window(r)) return;
    if (Table* mine = duel_of(n, r.key)) {
        refuse(r, SeatingRules::in_a_duel(*mine, cmd, true));
        return;
    }
    const std::string target_key = target.empty() ? "" : n.net->fold(target);
    if (!target.empty() && target_key == r.nick_key) {
        refuse(r, fmt::format("You cannot duel yourself: {} challenge NICK, or {} ai for "
                              "the computer.",
                              cmd, cmd));
        return;
    }
    if (!target.empty() && n.net->same(target, n.net->nick())) {
        refuse(r, fmt::format("To play the computer, type {} ai.", cmd));
        return;
    }
    if (!target.empty() && n.net->in_channel(r.channel, target) == false) {
        refuse(r, fmt::format("{} is not in {}: challenge someone here, or {} challenge "
                              "for anyone.",
                              render::quote_user(target, 30), r.channel, cmd));
        return;
    }
    if (!target.empty())
        if (const Person* q = n.people.online(target_key); q && duel_of(n, q->key)) {
            refuse(r, fmt::format("{} is in a duel already; try again when it ends.",
                                  render::quote_user(target, 30)));
            return;
        }
    const auto& tc = table_config(kind);
    Table& table = open_here(r, kind);
    table.challenged = target_key;
    table.challenged_nick = target;
    remember_lobby(table);
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

void Tables::accept_challenge(Request& r) {
    NetCtx& n = *r.net;
    Table* t = SeatingRules::answerable(tables_in(n, r.channel), r.key, r.nick_key, r.kind);
    if (!t) {
        // The game named ("!rps accept"), else every duel game.
        const auto names = r.kind ? r.kind->aliases() : std::vector<std::string>{};
        const std::string how = r.kind ? cfg.bot.prefix +
                                             (names.empty() ? r.kind->name() : names.front()) +
                                             " challenge NICK"
                                       : open_table_command(" challenge NICK", Seating::Duel);
        refuse(r, "Nobody has challenged you here. Challenge someone with " + how + ".");
        return;
    }
    if (Table* mine = duel_of(n, r.key)) {
        refuse(r, SeatingRules::in_a_duel(*mine, "", false));
        return;
    }
    t->seats.push_back(Seat{r.from.nick, r.key});
    tell(*t, fmt::format("{} accepts {}'s challenge.", render::bold(r.from.nick),
                         t->seats.front().nick));
    ready_to_start(*t);
}

void Tables::decline_challenge(Request& r) {
    Table* t = SeatingRules::answerable(tables_in(*r.net, r.channel), r.key, r.nick_key, r.kind);
    if (!t || t->challenged.empty()) {
        refuse(r, "Nobody has challenged you here, so there is nothing to decline.");
        return;
    }
    tell(*t, fmt::format("{} declines {}'s {} challenge.", r.from.nick, t->seats.front().nick,
                         t->kind->title()));
    close_table(*t);
}

void Tables::cancel_challenge(Request& r) {
    Table* t = SeatingRules::own_challenge(tables_in(*r.net, r.channel), r.key, r.kind);
    if (!t) {
        refuse(r, "You have no challenge open here to cancel.");
        return;
    }
    tell(*t, fmt::format("{} withdraws the {} challenge.", r.from.nick, t->kind->title()));
    close_table(*t);
}

void Tables::duel_computer(Request& r, const GameKind& kind) {
    NetCtx& n = *r.net;
    if (!table_config(kind).computer_players) {
        refuse(r, "Computer players are turned off here.");
        return;
    }
    if (Table* mine = duel_of(n, r.key)) {
        refuse(r, SeatingRules::in_a_duel(*mine, "", false));
        return;
    }
    // Ready at once: it waits for a game here to end only if the channel is full, and then
    // it is the person's one table waiting here.
    if (!no_room_for(n, r.channel, kind).empty() && !one_window(r)) return;
    auto made = make_table(n, kind, r.channel, false);
    made->opener_key = r.key;
    made->seats.push_back(Seat{r.from.nick, r.key});
    made->seats.push_back(SeatingRules::computer_seat(1));
    ready_to_start(add_table(std::move(made)));
}

}  // namespace croupier::bot
