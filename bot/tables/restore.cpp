// Start-up: every open game comes back from its setup and its journal, through the same
// Game::act the moves took the first time.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <fmt/format.h>

#include "bot/log.hpp"
#include "bot/strings.hpp"
#include "bot/tables/tables.hpp"

namespace croupier::bot {

void Tables::restore_games() {
    int restored = 0;
    for (const auto& rec : db->open_games()) {
        auto nit = nets.find(rec.network);
        if (nit == nets.end()) {
            log::warn(
                "game {} ({} at {}/{}) cannot be restored here (network unknown); it stays "
                "in the database",
                rec.id, rec.kind, rec.network, rec.place);
            continue;
        }
        Table* t = restore_game(*nit->second, rec);
        if (!t) continue;
        next_table_id = std::max(next_table_id, rec.id + 1);
        if (t->game->finished()) {
            finish(*t, "finished");
            continue;
        }
        ++restored;
    }
    if (restored)
        log::info("restored {} game{} from the database", restored, restored == 1 ? "" : "s");
    restore_lobbies();  // after the games: their ids are taken
}

Table* Tables::restore_game(NetCtx& n, const storage::GameRecord& rec, TableId id) {
    const GameKind* kind = kind_by_name(rec.kind);
    auto setup = GameSetup::deserialise(rec.setup);
    if (!kind || !setup) {
        log::warn(
            "game {} ({} at {}/{}) cannot be restored here (game unknown); it stays in the "
            "database",
            rec.id, rec.kind, rec.network, rec.place);
        return nullptr;
    }
    auto t = make_table(n, *kind, rec.place, kind->solitaire());
    t->id = id ? id : rec.id;  // a dealt table's id is its game's id
    t->setup = *setup;
    t->game_id = rec.id;
    t->started_unix = t->last_activity = t->last_move_unix = rec.started;
    t->phase = Table::Phase::Playing;
    for (std::size_t i = 0; i < setup->players.size(); ++i) {
        Seat s;
        s.nick = setup->players[i];
        s.computer = i < setup->computer.size() && setup->computer[i];
        if (s.computer)
            s.key = "*" + s.nick;
        else if (i < setup->persons.size() && !setup->persons[i].empty())
            s.key = setup->persons[i];
        else {
            s.key = "l:" + n.net->fold(s.nick);  // a game saved before persons: by nick
            ++n.legacy_seats;
        }
        t->seats.push_back(s);
    }
    t->opener_key = t->seats.empty() ? "" : t->seats.front().key;
    t->game = kind->create(*setup);
    bool ok = true;
    for (const auto& e : db->journal(rec.id)) {
        const auto [cmd, args] = split_command(e.action);
        Outcome o = t->game->act(e.seat, cmd, args);
        if (!o.ok()) {
            log::error(
                "game {}: journal entry {} ({}) does not apply: {}; the game is closed as "
                "stopped",
                rec.id, e.seq, e.action, o.error);
            ok = false;
            break;
        }
        if (cmd == "leave" && e.seat >= 0 && e.seat < static_cast<int>(t->seats.size()))
            t->seats[static_cast<std::size_t>(e.seat)].out = true;
        t->seq = e.seq;
        t->last_activity = t->last_move_unix = e.at;
    }
    // The seats' nicks as the people are known now (a nick change before the restart).
    for (std::size_t i = 0; i < t->seats.size(); ++i)
        if (const Person* p = n.people.known(t->seats[i].key); p && p->nick != t->seats[i].nick) {
            t->seats[i].nick = p->nick;
            t->game->rename(static_cast<int>(i), p->nick);
            if (t->solitaire) t->place = p->nick;
        }
    if (!ok) {
        try {
            db->finish_game(rec.id, "stopped", "could not be restored", clock.unix_now(), {});
        } catch (const std::exception& e) {
            log::error("game {}: could not be closed either: {}", rec.id, e.what());
        }
        return nullptr;
    }
    return &add_table(std::move(t));
}

void Tables::close_abandoned() {
    const std::int64_t now = clock.unix_now();
    for (auto& [name, n] : nets) {
        std::vector<TableId> stale;
        for (auto& [id, t] : n->tables) {
            const auto limit = t->kind->abandon_after();
            if (limit && t->phase == Table::Phase::Playing &&
                now - t->last_activity > limit->count())
                stale.push_back(id);
        }
        for (const TableId id : stale) {
            Table* t = table_by_id(*n, id);
            if (!t) continue;
            const std::int64_t days = t->kind->abandon_after()->count() / 86400;
            log::info("closing {}'s {} game {} as abandoned", t->place, t->kind->title(),
                      t->game_id);
            deliver(*t, {to_table(fmt::format(
                            "Your {} game (deal {}) was closed as abandoned after {} day{} "
                            "untouched; type new for another.",
                            t->kind->title(), t->setup.deal_number, days, days == 1 ? "" : "s"))});
            finish(*t, "abandoned");
        }
    }
}

}  // namespace croupier::bot
