// What every way of seating shares (bot/tables/dealing.hpp): the deal (a game's record
// first), a table that could not be dealt, a computer player sitting down, joins and other
// comings and goings told in bursts, and room in a channel (tables_per_channel; tables ready
// and waiting for it). Each way of seating is a type of its own (bot/tables/way.hpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "bot/log.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "bot/tables/dealing.hpp"

#include "bot/tables/services.hpp"
#include "bot/tables/text.hpp"

namespace croupier::bot {

void Dealing::tell_burst(Table& t, Table::BurstKind kind, const std::string& name, BurstText text) {
    const int slot = static_cast<int>(kind);
    if (timers.running(t, Slot::Burst, slot)) {
        t.bursts[slot].names.push_back(name);
        return;
    }
    tell(t, text(t, name, 1));
    timers.after(
        t, Slot::Burst, std::chrono::seconds(2),
        [this, kind, text](Table& tt) { flush_burst(tt, kind, text); }, slot);
}

void Dealing::flush_burst(Table& t, Table::BurstKind kind, BurstText text) {
    const int slot = static_cast<int>(kind);
    Table::Burst& b = t.bursts[slot];
    if (b.names.empty()) return;  // the burst is over
    tell(t, text(t, names_text(b.names, 6), b.names.size()));
    b.names.clear();
    timers.after(
        t, Slot::Burst, std::chrono::seconds(2),
        [this, kind, text](Table& tt) { flush_burst(tt, kind, text); }, slot);
}

std::string Dealing::seat_computer(Table& t) {
    int number = 1;
    for (const auto& s : t.seats) number += s.computer;
    t.seats.push_back(SeatingRules::computer_seat(number));
    s.lobby.remember(t);
    return t.seats.back().nick;
}

// The deal: the game's record is created first; if the database refuses, the table stays
// open for joins and says why.
void Dealing::begin_game(Table& t) {
    timers.cancel(t, Slot::JoinWindow);
    announce_joins(t);  // the last joins, before the deal
    t.way->before_deal(t);

    GameSetup setup;
    for (const auto& s : t.seats) {
        setup.players.push_back(s.nick);
        setup.persons.push_back(s.key);
        setup.computer.push_back(s.computer);
    }
    setup.deal_number = deals.next();
    // Each person's saved data for this kind (their profile) goes into the game's setup,
    // where the kind's deal options may read it (a VCG deck becomes the cards it plays).
    try {
        for (std::size_t i = 0; i < t.seats.size(); ++i)
            if (!t.seats[i].computer && kept_for(t.seats[i].key, cfg.identity.saved_needs_account))
                if (auto saved = db->saved(t.net->name, t.seats[i].key, t.kind->name(), "data"))
                    setup.options["saved." + std::to_string(i)] = saved->data;
    } catch (const std::exception& e) {
        log::warn("{}: saved data could not be read ({}); the game starts without it", t.place,
                  e.what());
    }
    t.kind->deal_options(setup);
    for (const auto& [name, value] : t.deal_options) setup.options[name] = value;
    storage::GameRecord rec;
    try {
        rec = new_game_record(*t.kind, *t.net, t.place, setup);
    } catch (const std::exception& e) {
        log::error("the next game number could not be read: {}", e.what());
        deal_not_saved(t);
        return;
    }
    t.game_id = setup.game_id = rec.id;
    // The game's row goes to the writer first in the table's unit, with the deal's lines
    // and any computer players' moves behind it (deal_not_saved() if it is refused).
    commits.write(t, [rec, also = t.with_deal](storage::Database& d) {
        d.create_game(rec);
        if (also) also(d, rec.id);
    });
    commits.unit_of(t).creates = true;
    t.setup = std::move(setup);
    t.game = t.kind->create(t.setup);
    t.seq = 0;
    t.started_unix = t.last_activity = t.last_move_unix = rec.started;
    t.phase = Table::Phase::Playing;
    s.lobby.forget(t);
    log::info("{} game {} starts at {}/{} with {} players", t.kind->title(), t.game_id, t.net->name,
              t.place, t.seats.size());
    auto out = t.game->start();
    out.insert(out.begin(), to_table(fmt::format("{} game #{}:", t.kind->title(), t.game_id)));
    // One line: the game id leads the game's own first table line.
    for (std::size_t i = 1; i < out.size(); ++i)
        if (out[i].to == Out::To::Table) {
            out[i].text = out[0].text + " " + out[i].text;
            out.erase(out.begin());
            break;
        }
    s.moves.deliver(t, std::move(out));
    s.moves.play_computers(t);
}

Table& Dealing::open_here(Request& r, const GameKind& kind) {
    auto made = s.registry.make_table(*r.net, kind, r.channel, false);
    made->opener_key = r.key;
    made->seats.push_back(Seat{r.from.nick, r.key});
    Table& table = s.registry.add_table(std::move(made));
    s.lobby.arm_join_window(table, table_config(kind).join_window);
    s.lobby.remember(table);
    return table;
}

bool Dealing::one_window(Request& r) {
    const Table* t = SeatingRules::waiting_of(s.registry.tables_in(*r.net, r.channel), r.key);
    return !t || !said_no(r, t->way->holds_one(*t));
}

Checked<Done> Dealing::room_in(NetCtx& n, const std::string& place, const GameKind& kind) {
    return rules.room(s.registry.tables_in(n, place), kind);
}

Dealing::Dealing(TableServices& services) : TablePart(services), rules(services.cfg) {}

bool Dealing::said_no(Request& r, const SeatingAnswer& no) {
    if (go_ahead(no)) return false;
    if (no.is_refusal())
        refuse(r, no.why());
    else
        reply_private(r, (*no)->text);
    return true;
}

void Dealing::ready_to_start(Table& t) {
    const Checked<Done> room = room_in(*t.net, t.place, *t.kind);
    if (room) {
        t.ready = false;
        begin_game(t);
        return;
    }
    if (t.ready) return;  // waiting already, and said so
    t.ready = true;
    timers.cancel(t, Slot::JoinWindow);
    announce_joins(t);  // the last joins, before the wait
    s.lobby.remember(t);
    std::vector<std::string> names;
    for (const auto& s : t.seats) names.push_back(s.nick);
    tell(t, fmt::format("{}; {} play {} as soon as a game here ends.", room.why(),
                        names_text(names, 6), t.kind->title()));
}

void Dealing::start_ready(NetCtx& n, const std::string& place_key) {
    // Oldest first; one that does not fit (its kind's own cap) lets a later one start. By
    // id: a table closed by one that starts is skipped.
    std::vector<TableId> ids;
    for (const Table* t : n.tables.at(place_key)) ids.push_back(t->id);
    for (const TableId id : ids) {
        Table* t = s.registry.table_by_id(n, id);
        if (!t || !t->ready || t->phase != Table::Phase::Joining) continue;
        if (!room_in(n, t->place, *t->kind)) continue;
        t->ready = false;
        begin_game(*t);
    }
}

storage::GameRecord Dealing::new_game_record(const GameKind& kind, const NetCtx& n,
                                             const std::string& place, const GameSetup& setup) {
    storage::GameRecord rec;
    rec.kind = kind.name();
    rec.variant = setup.variant;
    rec.network = n.name;
    rec.place = place;
    rec.deal = setup.deal_number;
    rec.setup = setup.serialise();
    rec.started = clock.unix_now();
    rec.status = "open";
    rec.id = take_game_id();
    return rec;
}

std::int64_t Dealing::take_game_id() {
    if (!next_game_id) next_game_id = db->next_game_id();
    return next_game_id++;
}

void Dealing::deal_not_saved(Table& t) {
    log::error("{} at {}/{}: the game could not be saved, so it was not dealt", t.kind->title(),
               t.net->name, t.place);
    // Its number goes to the next game, unless another has taken the one after it already.
    if (t.game_id && next_game_id == t.game_id + 1) --next_game_id;
    if (!t.deal_options.empty()) {  // an event's game: the event deals it again later
        tell(t,
             "The event's game could not be saved, so it was not dealt; it is dealt again "
             "in a minute.");
        s.moves.close_table(t);
        return;
    }
    if (t.in_private) {
        const Seat seat = t.seats.front();
        NetCtx& n = *t.net;
        s.moves.close_table(t);
        send_to_nick(n, seat.nick, seat.key, kNewGameNotSaved, false);
        return;
    }
    // Open for joins again, as it was before the deal.
    s.turns.cancel_timers(t);
    t.game.reset();
    t.game_id = 0;
    t.seq = 0;
    t.movers.clear();
    t.epoch = s.next_epoch++;
    for (auto& s : t.seats) s.timeouts = 0;
    t.phase = Table::Phase::Joining;
    s.lobby.remember(t);
    tell(t, fmt::format("The game could not be saved, so it was not dealt (the bot's "
                        "log says why). The table stays open: {}start to try again.",
                        cfg.bot.prefix));
}

void Dealing::announce_joins(Table& t) {
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

}  // namespace croupier::bot
