// What a way of seating does unless it says otherwise (bot/tables/way.hpp), and `leave`,
// which tables and duels share.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/way.hpp"

#include <fmt/format.h>

#include "bot/tables/services.hpp"
#include "bot/tables/text.hpp"

namespace croupier::bot {

std::string SeatingWay::over_words(const GameKind& kind, std::int64_t id, const std::string& ended,
                                   const std::string& typed) const {
    (void)kind;
    (void)id;
    (void)ended;
    (void)typed;
    return "";
}

std::string SeatingWay::none_in_private(const GameKind& kind, bool hint) const {
    if (hint) return "You have no game open: type " + s.seatings.privates.start_command() + ".";
    return fmt::format("You have no {} game open: type {} to start one.", kind.title(),
                       s.seatings.privates.start_command(&kind));
}

Table* SeatingWay::played_from_private(NetCtx& n, const std::string& person, const GameKind* kind) {
    (void)n;
    (void)person;
    (void)kind;
    return nullptr;
}

Aside SeatingWay::holds_one(const Table& held) const {
    return Aside{fmt::format("You already have {} {} waiting here.", article(held.kind->title()),
                             held.kind->title())};
}

std::string SeatingWay::back_words(const Table& t, const std::string& after,
                                   const std::string& left) const {
    (void)t;
    (void)after;
    (void)left;
    return "";
}

std::string SeatingWay::way_out(const Table& t, const std::string& safe) const {
    (void)t;
    return fmt::format(" (or {}{})", cfg.bot.prefix, safe);
}

void SeatingWay::leave(Request& r) {
    const Checked<Table*> routed = s.registry.route(r, nullptr, false);
    Table* t = routed.value_or(nullptr);
    if (routed.is_refusal()) {
        refuse(r, fmt::format("You sit at more than one table here: say which, e.g. {}{} "
                              "leave.",
                              cfg.bot.prefix,
                              kinds.front()->aliases().empty() ? kinds.front()->name()
                                                               : kinds.front()->aliases().front()));
        return;
    }
    const int seat = t ? t->seat_of(r.key) : -1;
    if (seat < 0 || t->seats[seat].out) {
        const auto why = s.registry.stranger_reason(
            r, r.in_channel() ? s.registry.tables_in(*r.net, r.channel) : std::vector<Table*>{});
        refuse(r, why ? why->why : "You are not at a table here.");
        return;
    }
    if (t->phase == Table::Phase::Joining) {
        t->way->leave_waiting(r, *t, seat);
        return;
    }
    if (const auto done = s.moves.commit(*t, seat, "leave", ""); !done) refuse(r, done.why());
}

void SeatingWay::leave_waiting(Request& r, Table& t, int seat) {
    std::string again;
    switch (SeatingRules::leave(t, seat, r.from.nick)) {
        case SeatingRules::Left::Empty:
            tell(t, fmt::format("{} left; nobody is left at the table, so it is closed.",
                                r.from.nick));
            s.moves.close_table(t);
            return;
        case SeatingRules::Left::Reopens: {
            // Too few to deal: it takes players again, for a join window of its own.
            const auto& tc = table_config(*t.kind);
            s.lobby.arm_join_window(t, tc.join_window);
            again = fmt::format(" It takes players again: {}join ({}).", cfg.bot.prefix,
                                seconds_text(tc.join_window));
            break;
        }
        case SeatingRules::Left::Stays:
            break;
    }
    s.lobby.remember(t);
    tell(t, fmt::format("{} left the table ({} player{}).{}", r.from.nick, t.seats.size(),
                        t.seats.size() == 1 ? "" : "s", again));
}

std::vector<Table*> SeatingWay::mine(const std::vector<Table*>& tables) const {
    std::vector<Table*> out;
    for (Table* t : tables)
        if (mine(*t)) out.push_back(t);
    return out;
}

std::string SeatingWay::kinds_typed(const std::string& prefix, const std::string& arg) const {
    std::string out;
    for (const GameKind* k : s.seatings.kinds_of(*this, kinds)) {
        const auto names = k->aliases();
        if (!out.empty()) out += " or ";
        out += prefix + (names.empty() ? k->name() : names.front()) + arg;
    }
    return out;
}

}  // namespace croupier::bot
