// An open table in a channel: opened with the game's name, joined during its window (join,
// leave, bot, start), its joins told together, then dealt.
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

void Tables::open_table(Request& r, const GameKind& kind) {
    NetCtx& n = *r.net;
    const std::string p = cfg.bot.prefix;
    const std::string arg = lower(r.args);
    if (said_no(r, rules.may_open(tables_in(n, r.channel), kind, r.key,
                                  joining_table(n, r.channel, kind))) ||
        said_no(r, rules.open_args(kind, arg)))
        return;
    const auto& tc = table_config(kind);
    Table& table = open_here(r, kind);
    // With a computer player: one line says both, and whether the opener can start now.
    const std::string computer = arg == "bot" ? seat_computer(table) : "";
    const int seated = static_cast<int>(table.seats.size());
    tell(table,
         fmt::format("{} opens {} {} table{}: type {}join to play ({} to join, {} to {} "
                     "players). {} can {}start {}.",
                     render::bold(r.from.nick), article(kind.title()), render::bold(kind.title()),
                     computer.empty() ? "" : " with computer player " + render::bold(computer), p,
                     seconds_text(tc.join_window), tc.min_players, tc.max_players, r.from.nick, p,
                     seated >= tc.min_players ? std::string("now")
                                              : fmt::format("once {} sit", tc.min_players)));
}

void Tables::join_table(Request& r) {
    Table* t = route(r, nullptr, true);
    const auto here = tables_in(*r.net, r.channel);
    if (t && !SeatingRules::takes_players(*t)) {
        // Seated at a game here already, or the only table here is playing, or a challenge
        // (answered with accept, not joined).
        if (Table* open = SeatingRules::taking_players(here, r.kind)) t = open;
        if (t->phase == Table::Phase::Joining && !SeatingRules::takes_players(*t)) t = nullptr;
    }
    if (!t) {
        refuse(r, "No table is open here. Open one with " + open_table_command() + ".");
        return;
    }
    if (said_no(r, rules.may_join(*t, here, r.key))) return;
    t->seats.push_back(Seat{r.from.nick, r.key});
    remember_lobby(*t);
    t->pending_joins.push_back(r.from.nick);
    if (!timers.running(*t, Slot::Joins))
        timers.after(*t, Slot::Joins, std::chrono::seconds(2),
                     [this](Table& tt) { announce_joins(tt); });
}

void Tables::announce_joins(Table& t) {
    timers.cancel(t, Slot::Joins);
    if (t.pending_joins.empty()) return;
    std::string names;
    for (const auto& nick : t.pending_joins)
        names += (names.empty() ? "" : ", ") + render::bold(nick);
    t.pending_joins.clear();
    const int count = static_cast<int>(t.seats.size());
    std::string opener = t.seats.front().nick;
    for (const auto& s : t.seats)
        if (s.key == t.opener_key) opener = s.nick;
    const bool can_start =
        t.phase == Table::Phase::Joining && !t.ready && count >= table_config(*t.kind).min_players;
    tell(t,
         fmt::format("{} joined ({} player{}).{}", names, count, count == 1 ? "" : "s",
                     can_start ? fmt::format(" {} can {}start now.", opener, cfg.bot.prefix) : ""));
}

void Tables::add_computer(Request& r) {
    Table* t = route(r, nullptr, true);
    if (t && !SeatingRules::takes_players(*t))
        t = SeatingRules::taking_players(tables_in(*r.net, r.channel), r.kind);
    if (!t) {
        refuse(r, "No table is opening here. Open one with " + open_table_command(" bot") + ".");
        return;
    }
    if (said_no(r, rules.may_add_computer(*t))) return;
    tell_burst(*t, Table::BurstKind::ComputersAdded, seat_computer(*t),
               [](const Table& tt, const std::string& names, std::size_t many) {
                   return fmt::format("Computer player{} {} joined ({} players).",
                                      many == 1 ? "" : "s", names, tt.seats.size());
               });
}

void Tables::leave_table(Request& r) {
    bool ambiguous = false;
    Table* t = route(r, nullptr, false, &ambiguous);
    if (ambiguous) {
        refuse(r, fmt::format("You sit at more than one table here: say which, e.g. {}{} "
                              "leave.",
                              cfg.bot.prefix,
                              kinds.front()->aliases().empty() ? kinds.front()->name()
                                                               : kinds.front()->aliases().front()));
        return;
    }
    const int seat = t ? t->seat_of(r.key) : -1;
    if (seat < 0 || t->seats[seat].out) {
        const std::string why = stranger_reason(
            r, r.in_channel() ? tables_in(*r.net, r.channel) : std::vector<Table*>{});
        refuse(r, why.empty() ? "You are not at a table here." : why);
        return;
    }
    if (t->phase == Table::Phase::Joining) {
        std::string again;
        switch (rules.leave(*t, seat, r.from.nick)) {
            case SeatingRules::Left::DuelOff:
                tell(*t, fmt::format("{} left; the {} duel waiting here is off.", r.from.nick,
                                     t->kind->title()));
                close_table(*t);
                return;
            case SeatingRules::Left::Empty:
                tell(*t, fmt::format("{} left; nobody is left at the table, so it is closed.",
                                     r.from.nick));
                close_table(*t);
                return;
            case SeatingRules::Left::Reopens: {
                // Too few to deal: it takes players again, for a join window of its own.
                const auto& tc = table_config(*t->kind);
                arm_join_window(*t, tc.join_window);
                again = fmt::format(" It takes players again: {}join ({}).", cfg.bot.prefix,
                                    seconds_text(tc.join_window));
                break;
            }
            case SeatingRules::Left::Stays:
                break;
        }
        remember_lobby(*t);
        tell(*t, fmt::format("{} left the table ({} player{}).{}", r.from.nick, t->seats.size(),
                             t->seats.size() == 1 ? "" : "s", again));
        return;
    }
    const std::string err = commit(*t, seat, "leave", "");
    if (!err.empty()) refuse(r, err);
}

void Tables::start_table(Request& r) {
    Table* t = route(r, nullptr, true);
    if (!t) {
        refuse(r, "No table is open here. Open one with " + open_table_command() + ".");
        return;
    }
    if (said_no(r, rules.may_start(*t, r.key))) return;
    ready_to_start(*t);
}

}  // namespace croupier::bot
