// Tables: building one (one way, for every kind and every path), finding them by id, and
// routing a command to the table the person sits at in that place.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/registry.hpp"

#include "bot/tables/services.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace croupier::bot {

void Registry::kinds_changed() {
    // Game settings apply to tables opened from now on; games in progress keep the rules
    // they were dealt with (their setup), under the kind of the same name.
    for (auto& [name, n] : nets)
        for (auto& [k, t] : n->tables) {
            t->kind = kind_by_name(t->kind->name());
            t->way = &s.seatings.of(*t->kind);
        }
}

std::size_t Registry::stop_at(NetCtx& n, const std::string& where, const std::string& by) {
    std::vector<TableId> ids;
    if (n.net->is_channel(where)) {
        for (Table* t : tables_in(n, where)) ids.push_back(t->id);
    } else {
        // Whoever goes by that nick now, or last did.
        std::set<std::string> owners;
        for (const Person* p : n.people.by_nick(n.net->fold(where))) owners.insert(p->key);
        owners.insert("l:" + n.net->fold(where));
        for (auto& [id, t] : n.tables)
            if (t->in_private && owners.count(t->seats.front().key)) ids.push_back(id);
    }
    std::size_t stopped = 0;
    for (const TableId id : ids)
        if (Table* t = table_by_id(n, id)) {
            s.moves.stop_table(*t, by);
            ++stopped;
        }
    return stopped;
}

bool Registry::plays(NetCtx& n, const std::string& person, const std::string& kind) const {
    for (const auto& [id, t] : n.tables)
        if (t->kind->name() == kind && t->seated(person)) return true;
    return false;
}

std::unique_ptr<Table> Registry::make_table(NetCtx& n, const GameKind& kind,
                                            const std::string& place, bool in_private) {
    auto t = std::make_unique<Table>();
    t->id = s.next_table_id++;
    t->epoch = s.next_epoch++;
    t->net = &n;
    t->kind = &kind;
    t->way = &s.seatings.of(kind);
    t->place = place;
    t->place_key = in_private ? "" : n.net->fold(place);
    t->in_private = in_private;
    return t;
}

Table& Registry::add_table(std::unique_ptr<Table> t) {
    return t->net->tables.add(std::move(t));
}

Table* Registry::table_by_id(NetCtx& n, TableId id) {
    return n.tables.by_id(id);
}

std::vector<Table*> Registry::tables_in(NetCtx& n, const std::string& channel) {
    return n.tables.at(n.net->fold(channel));
}

Table* Registry::private_game(NetCtx& n, const std::string& person, const GameKind* kind) {
    // Of several (a Spider game and an encounter side by side), the one played last.
    Table* found = nullptr;
    for (Table* t : n.tables.private_games_of(person))
        if (!kind || t->kind == kind)
            if (!found || t->last_activity > found->last_activity) found = t;
    return found;
}

Table* Registry::joining_table(NetCtx& n, const std::string& channel, const GameKind& kind) {
    for (Table* t : tables_in(n, channel))
        if (t->kind == &kind && t->phase == Table::Phase::Joining) return t;
    return nullptr;
}

Checked<Table*> Registry::route(Request& r, const GameKind* kind, bool or_open) {
    if (r.kind) kind = r.kind;
    NetCtx& n = *r.net;
    if (!r.in_channel()) {
        // In private: the person's private game, else their duel (secret choices are made
        // in private).
        return s.seatings.played_from_private(n, r.key, kind);
    }
    Table* mine = nullptr;
    int count = 0;
    for (Table* t : tables_in(n, r.channel)) {
        if (kind && t->kind != kind) continue;
        if (!t->seated(r.key)) continue;
        if (!mine) mine = t;
        ++count;
    }
    if (count > 1) return Refusal{"You sit at more than one table here."};
    if (mine || !or_open) return mine;
    // Not seated here: the table of that kind taking players, or the only one here.
    const auto here = tables_in(n, r.channel);
    for (Table* t : here)
        if ((!kind || t->kind == kind) && t->phase == Table::Phase::Joining) return t;
    Table* only = nullptr;
    for (Table* t : here) {
        if (kind && t->kind != kind) continue;
        if (only) return nullptr;  // several: none of them is the one
        only = t;
    }
    return only;
}

std::optional<Refusal> Registry::stranger_reason(Request& r, const std::vector<Table*>& here) {
    // In private, a duel's seat or a private game anywhere on the network may be the one
    // the asker's nick names.
    std::vector<Table*> all;
    if (here.empty() && !r.in_channel())
        for (auto& [id, t] : r.net->tables) all.push_back(t.get());
    for (Table* t : here.empty() ? all : here)
        for (const auto& s : t->seats) {
            if (s.computer || s.out || s.key == r.key || r.net->net->fold(s.nick) != r.nick_key)
                continue;
            return Refusal{stranger_words(*t, s)};
        }
    return std::nullopt;
}

std::string Registry::stranger_words(const Table& t, const Seat& s) const {
    // One wording for every game: whose seat it is, and how its owner gets it back.
    const std::string what =
        t.in_private
            ? fmt::format("The {} game of {}", t.kind->title(), s.nick)
            : fmt::format("The seat of {} in the {} game at {}", s.nick, t.kind->title(), t.place);
    const std::string how = s.key.starts_with("g:")
                                ? "come back under that nick from where you played"
                                : "come back from where you played (the same services account, "
                                  "or the same user@host), under any nick";
    return fmt::format(
        "{} belongs to whoever played as {} from another account or address, so "
        "you cannot play it or see its cards. If it is yours, {}.",
        what, s.nick, how);
}

// What is being played where, for `games`: each open table with its players and whose turn
// it is, and the private games counted by kind.
std::string Registry::what_is_played(const Request& r) const {
    std::vector<std::string> parts;
    std::map<std::string, int> privates;
    for (auto& [name, n] : nets) {
        for (auto& [id, t] : n->tables) {
            if (t->in_private) {
                ++privates[t->kind->title()];
                continue;
            }
            std::string what = fmt::format("{} at {}", t->kind->title(), t->place);
            if (nets.size() > 1) what += "/" + name;
            int humans = 0;
            for (const auto& s : t->seats) humans += !s.out;
            if (t->phase == Table::Phase::Joining && t->ready) {
                what += fmt::format(" ({} seated, dealt when a game there ends)", humans);
            } else if (t->phase == Table::Phase::Joining) {
                what +=
                    fmt::format(" (open for players: {} seated, {}join)", humans, cfg.bot.prefix);
            } else {
                std::string waiting;
                if (t->game && !t->game->finished())
                    for (const int seat : t->game->awaited())
                        if (seat >= 0 && seat < static_cast<int>(t->seats.size()))
                            waiting += (waiting.empty() ? "" : " and ") + t->seats[seat].nick;
                what += fmt::format(" ({} players", humans);
                if (!waiting.empty()) what += ", " + waiting + " to play";
                what += ")";
            }
            parts.push_back(what);
        }
    }
    for (const auto& [title, count] : privates)
        parts.push_back(
            fmt::format("{} {} game{} in private", count, title, count == 1 ? "" : "s"));
    if (parts.empty()) {
        std::string private_games;
        for (const GameKind* k : s.seatings.kinds_of(s.seatings.privates, kinds))
            private_games += (private_games.empty() ? "" : " or ") + k->title();
        return fmt::format(
            "No games right now. Start one: {} in a channel{}.", s.seatings.open.open_command(),
            private_games.empty()
                ? ""
                : fmt::format(", or /msg {} new for {}", r.net->net->nick(), private_games));
    }
    std::string all;
    for (const auto& p : parts) all += (all.empty() ? "" : "; ") + p;
    return "Playing: " + all + ".";
}

}  // namespace croupier::bot
