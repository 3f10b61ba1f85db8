// Seating, what every way of it shares: the deal (a game's record first), a table that
// could not be dealt, a computer player sitting down, comings and goings told in bursts,
// and room in a channel (tables_per_channel; tables ready and waiting for it). Each way of
// seating has its own file: seating_open.cpp (an open table with a join window),
// seating_duel.cpp (a duel by challenge, or against the computer), seating_private.cpp (a
// person's private game).
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

void Tables::tell_burst(Table& t, Table::BurstKind kind, const std::string& name, BurstText text) {
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

void Tables::flush_burst(Table& t, Table::BurstKind kind, BurstText text) {
    const int slot = static_cast<int>(kind);
    Table::Burst& b = t.bursts[slot];
    if (b.names.empty()) return;  // the burst is over
    tell(t, text(t, names_text(b.names, 6), b.names.size()));
    b.names.clear();
    timers.after(
        t, Slot::Burst, std::chrono::seconds(2),
        [this, kind, text](Table& tt) { flush_burst(tt, kind, text); }, slot);
}

std::string Tables::seat_computer(Table& t) {
    int number = 1;
    for (const auto& s : t.seats) number += s.computer;
    t.seats.push_back(SeatingRules::computer_seat(number));
    remember_lobby(t);
    return t.seats.back().nick;
}

// The deal: the game's record is created first; if the database refuses, the table stays
// open for joins and says why.
void Tables::begin_game(Table& t) {
    timers.cancel(t, Slot::JoinWindow);
    announce_joins(t);  // the last joins, before the deal
    if (t.kind->seating() == Seating::Open) {
        // The winner of the last game here deals, if that game was one of people only and
        // they sit here; else the opener. Playing order stays the order of joining, rotated
        // so the dealer comes first. (In a duel the challenger plays first.)
        std::string last_winner;
        try {
            last_winner = db->get_value(next_dealer_name(t)).value_or("");
        } catch (const std::exception& e) {
            log::warn("{}: the last dealer could not be read ({}); the opener deals", t.place,
                      e.what());
        }
        std::rotate(t.seats.begin(), t.seats.begin() + SeatingRules::dealer(t, last_winner),
                    t.seats.end());
    }

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
    commits.write(t, [rec](storage::Database& d) { d.create_game(rec); });
    commits.unit_of(t).creates = true;
    t.setup = std::move(setup);
    t.game = t.kind->create(t.setup);
    t.seq = 0;
    t.started_unix = t.last_activity = t.last_move_unix = rec.started;
    t.phase = Table::Phase::Playing;
    forget_lobby(t);
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
    deliver(t, out);
    play_computers(t);
}

Table& Tables::open_here(Request& r, const GameKind& kind) {
    auto made = make_table(*r.net, kind, r.channel, false);
    made->opener_key = r.key;
    made->seats.push_back(Seat{r.from.nick, r.key});
    Table& table = add_table(std::move(made));
    arm_join_window(table, table_config(kind).join_window);
    remember_lobby(table);
    return table;
}

bool Tables::one_window(Request& r) {
    const Table* t = SeatingRules::waiting_of(tables_in(*r.net, r.channel), r.key);
    return !t || !said_no(r, rules.holds_one(*t));
}

bool Tables::said_no(Request& r, const SeatingAnswer& no) {
    if (!no) return false;
    if (no->refused)
        refuse(r, no->text);
    else
        reply_private(r, no->text);
    return true;
}

void Tables::ready_to_start(Table& t) {
    const std::string why = no_room_for(*t.net, t.place, *t.kind);
    if (why.empty()) {
        t.ready = false;
        begin_game(t);
        return;
    }
    if (t.ready) return;  // waiting already, and said so
    t.ready = true;
    timers.cancel(t, Slot::JoinWindow);
    announce_joins(t);  // the last joins, before the wait
    remember_lobby(t);
    std::vector<std::string> names;
    for (const auto& s : t.seats) names.push_back(s.nick);
    tell(t, fmt::format("{}; {} play {} as soon as a game here ends.", why, names_text(names, 6),
                        t.kind->title()));
}

void Tables::start_ready(NetCtx& n, const std::string& place_key) {
    // Oldest first; one that does not fit (its kind's own cap) lets a later one start. By
    // id: a table closed by one that starts is skipped.
    std::vector<TableId> ids;
    for (const Table* t : n.tables.at(place_key)) ids.push_back(t->id);
    for (const TableId id : ids) {
        Table* t = table_by_id(n, id);
        if (!t || !t->ready || t->phase != Table::Phase::Joining) continue;
        if (!no_room_for(n, t->place, *t->kind).empty()) continue;
        t->ready = false;
        begin_game(*t);
    }
}

storage::GameRecord Tables::new_game_record(const GameKind& kind, const NetCtx& n,
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

std::int64_t Tables::take_game_id() {
    if (!next_game_id) next_game_id = db->next_game_id();
    return next_game_id++;
}

void Tables::deal_not_saved(Table& t) {
    log::error("{} at {}/{}: the game could not be saved, so it was not dealt", t.kind->title(),
               t.net->name, t.place);
    // Its number goes to the next game, unless another has taken the one after it already.
    if (t.game_id && next_game_id == t.game_id + 1) --next_game_id;
    if (t.in_private) {
        const Seat s = t.seats.front();
        NetCtx& n = *t.net;
        close_table(t);
        send_to_nick(n, s.nick, s.key, kNewGameNotSaved, false);
        return;
    }
    // Open for joins again, as it was before the deal.
    cancel_timers(t);
    t.game.reset();
    t.game_id = 0;
    t.seq = 0;
    t.movers.clear();
    t.epoch = next_epoch++;
    for (auto& s : t.seats) s.timeouts = 0;
    t.phase = Table::Phase::Joining;
    remember_lobby(t);
    tell(t, fmt::format("The game could not be saved, so it was not dealt (the bot's "
                        "log says why). The table stays open: {}start to try again.",
                        cfg.bot.prefix));
}

}  // namespace croupier::bot
