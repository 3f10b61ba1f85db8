// People coming and going. A seat belongs to a person (bot/people.hpp), not to a nick: a
// player who parts, quits or is kicked keeps the seat for the grace period and is told
// nothing meanwhile (their nick may be someone else's by then); the same person coming back,
// by the same account or user@host and under any nick, gets it back with the hand. A person
// online under two nicks (a second client, a ghost) plays under the one they last used; one
// of them leaving takes nothing from the other.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <fmt/format.h>

#include "bot/log.hpp"
#include "bot/tables/presence.hpp"

#include "bot/tables/services.hpp"
#include "bot/tables/text.hpp"

namespace croupier::bot {

void Presence::seen_speaking(NetCtx& n, Request& r) {
    // A person back in private after a quit: their private games speak to them again, under
    // whatever nick they use now.
    bool renamed = false;
    for (Table* t : n.tables.private_games_of(r.key)) {
        Seat& st = t->seats.front();
        st.away = false;
        renamed = renamed || st.nick != r.from.nick;
    }
    if (renamed) player_renamed(n, r.key, r.from.nick);
    // A person at a table here speaking under another nick of theirs (a second client), or
    // whose seat went away with their other nick: they are back, under the nick they use now.
    if (!r.channel.empty())
        for (Table* t : s.registry.tables_in(n, r.channel))
            if (const int seat = t->seat_of(r.key); seat >= 0) {
                const Seat& st = t->seats[static_cast<std::size_t>(seat)];
                if (st.nick != r.from.nick || (st.away && !st.out)) {
                    player_back(n, r.from, r.channel, false);
                    break;
                }
            }
    // Seats saved before seats belonged to persons go by nick: the first person to speak
    // under that nick from then on holds them.
    if (n.legacy_seats > 0) {
        const std::string legacy = "l:" + r.nick_key;
        bool claimed = false;
        for (auto& [id, t] : n.tables)
            for (auto& st : t->seats)
                if (st.key == legacy) {
                    st.key = r.key;
                    --n.legacy_seats;
                    claimed = true;
                }
        if (claimed) n.tables.reindex();
    }
}

void Presence::player_gone(NetCtx& n, const std::string& person, const std::string& channel,
                           const std::string& nick_key) {
    std::vector<TableId> ids;
    for (auto& [id, t] : n.tables) {
        if (t->in_private) {
            // A quit: the private game waits, untold, for the person to speak again.
            if (channel.empty() && !t->seats.empty() && t->seats.front().key == person)
                t->seats.front().away = true;
            continue;
        }
        if (!channel.empty() && t->place_key != n.net->fold(channel)) continue;
        if (t->seat_of(person) >= 0) ids.push_back(id);
    }
    for (const TableId id : ids) {
        Table* t = s.registry.table_by_id(n, id);
        if (!t) continue;
        const int seat = t->seat_of(person);
        if (seat < 0) continue;
        Seat& st = t->seats[static_cast<std::size_t>(seat)];
        if (st.out || st.away) continue;
        // The person plays under another nick now: that one leaving takes nothing.
        if (!nick_key.empty() && n.net->fold(st.nick) != nick_key) continue;
        if (t->phase == Table::Phase::Joining) {
            Request r;
            r.net = &n;
            r.from.nick = st.nick;
            r.key = person;
            r.channel = t->place;
            r.kind = t->kind;
            t->way->leave(r);
            continue;
        }
        st.away = true;
        const auto grace = table_config(*t->kind).grace;
        timers.after(
            *t, Slot::Grace, grace,
            [this, person](Table& tt) {
                const int st = tt.seat_of(person);
                if (st < 0) return;
                Seat& ss = tt.seats[static_cast<std::size_t>(st)];
                if (!ss.away || ss.out) return;
                const std::string place = tt.place, nick = ss.nick;
                const Checked<Done> done = s.moves.commit(
                    tt, st, "leave", "",
                    fmt::format("{} did not come back in time: their seat is given up.", nick));
                if (!done)
                    log::warn("{}: giving up {}'s seat was not saved; it stays away", place, nick);
            },
            seat);
        const std::string kept = seconds_text(std::chrono::duration_cast<Duration>(grace));
        s.dealing.tell_burst(*t, Table::BurstKind::SeatsLeft, st.nick,
                             [kept](const Table&, const std::string& names, std::size_t many) {
                                 return many == 1 ? fmt::format(
                                                        "{} has left; their seat is kept for {} in "
                                                        "case they come back.",
                                                        names, kept)
                                                  : fmt::format(
                                                        "{} have left; their seats are kept for {} "
                                                        "in case they come back.",
                                                        names, kept);
                             });
    }
}

void Presence::player_back(NetCtx& n, const Source& who, const std::string& channel,
                           bool show_hand) {
    const std::string nick_key = n.net->fold(who.nick);
    const Person& p =
        n.people.resolve(who.nick, nick_key, who.user, who.host, who.account,
                         who.account.empty() ? "" : n.net->fold(who.account), clock.unix_now());
    const std::string person = p.key;
    for (Table* t : s.registry.tables_in(n, channel)) {
        if (t->phase != Table::Phase::Playing) continue;
        // The same person under any nick: the same account, or the same user@host (a guest:
        // the same nick); bot/people.hpp.
        const int seat = t->seat_of(person);
        if (seat < 0) continue;
        if (t->seats[static_cast<std::size_t>(seat)].nick != who.nick)
            player_renamed(n, person, who.nick);
        Seat& st = t->seats[static_cast<std::size_t>(seat)];
        if (!st.away || st.out) continue;
        st.away = false;
        timers.cancel(*t, Slot::Grace, seat);
        s.dealing.tell_burst(
            *t, Table::BurstKind::SeatsBack, st.nick,
            [](const Table&, const std::string& names, std::size_t many) {
                return many == 1
                           ? fmt::format("Welcome back, {}: your seat is still yours.", names)
                           : fmt::format("Welcome back, {}: your seats are still yours.", names);
            });
        if (show_hand) s.moves.deliver(*t, t->game->show_hand(seat));
    }
}

void Presence::player_renamed(NetCtx& n, const std::string& person, const std::string& nick) {
    for (auto& [id, t] : n.tables) {
        const int seat = t->seat_of(person);
        if (seat < 0) continue;
        t->seats[static_cast<std::size_t>(seat)].nick = nick;
        if (t->game) t->game->rename(seat, nick);
        if (t->in_private) t->place = nick;
    }
}

}  // namespace croupier::bot
