// Start-up: every open game comes back from its setup and its journal, through the same
// Game::act the moves took the first time.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <fmt/format.h>

#include "bot/log.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "bot/tables/restore.hpp"

#include "bot/tables/services.hpp"
#include "bot/tables/text.hpp"

namespace croupier::bot {

namespace {
// A link down for less than this is a blip: its tables do not say they are back.
constexpr Duration kBackAfterDrop = std::chrono::seconds(10);
}  // namespace

void Restorer::restore_games() {
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
        s.next_table_id = std::max(s.next_table_id, rec.id + 1);
        if (t->game->finished()) {
            s.moves.finish(*t, "finished");
            continue;
        }
        if (!t->in_private) t->back = Table::Back::Restart;  // said once the bot is in the channel
        ++restored;
    }
    if (restored)
        log::info("restored {} game{} from the database", restored, restored == 1 ? "" : "s");
    s.lobby.restore();  // after the games: their ids are taken
}

Table* Restorer::restore_game(NetCtx& n, const storage::GameRecord& rec, TableId id) {
    const GameKind* kind = kind_by_name(rec.kind);
    auto setup = GameSetup::deserialise(rec.setup);
    if (!kind || !setup) {
        log::warn(
            "game {} ({} at {}/{}) cannot be restored here (game unknown); it stays in the "
            "database",
            rec.id, rec.kind, rec.network, rec.place);
        return nullptr;
    }
    auto t = s.registry.make_table(n, *kind, rec.place, s.seatings.of(*kind).in_private());
    t->id = id ? id : rec.id;  // a dealt table's id is its game's id
    setup->game_id = rec.id;   // said at the end, for verify (not serialised)
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
        const Checked<Outcome> o = t->game->act(e.seat, cmd, args);
        if (!o) {
            log::error(
                "game {}: journal entry {} ({}) does not apply: {}; the game is closed as "
                "stopped",
                rec.id, e.seq, e.action, o.why());
            ok = false;
            break;
        }
        if (cmd == "leave" && e.seat >= 0 && e.seat < static_cast<int>(t->seats.size()))
            t->seats[static_cast<std::size_t>(e.seat)].out = true;
        t->seq = e.seq;
        t->last_activity = t->last_move_unix = e.at;
    }
    // Each seat's time-outs in a row, as committed with the moves.
    for (std::size_t i = 0; i < t->seats.size() && ok; ++i) {
        try {
            if (auto v = db->get_value(TurnTimers::timeouts_name(t->game_id, i)))
                t->seats[i].timeouts = std::atoi(v->c_str());
        } catch (const std::exception& e) {
            log::warn("game {}: time-outs of seat {} could not be read ({}); counted from 0",
                      rec.id, i, e.what());
        }
    }
    // The seats' nicks as the people are known now (a nick change before the restart).
    for (std::size_t i = 0; i < t->seats.size(); ++i)
        if (const Person* p = n.people.known(t->seats[i].key); p && p->nick != t->seats[i].nick) {
            t->seats[i].nick = p->nick;
            t->game->rename(static_cast<int>(i), p->nick);
            if (t->in_private) t->place = p->nick;
        }
    if (!ok) {
        try {
            db->finish_game(rec.id, "stopped", "could not be restored", clock.unix_now(), {});
        } catch (const std::exception& e) {
            log::error("game {}: could not be closed either: {}", rec.id, e.what());
        }
        return nullptr;
    }
    return &s.registry.add_table(std::move(t));
}

// The line after a restart (or a long disconnect). Channel tables and duels only: a private
// game says nothing (hundreds of them may come back at once, to people who may be away);
// the answer to its player's next command shows the bot is back. One line a table, and the
// tables of one channel packed into as few lines as fit.
void Restorer::bot_joined(NetCtx& n, const std::string& channel) {
    const std::int64_t now_unix = clock.unix_now();
    const TimePoint now = clock.now();
    // "9 min", not "598 s": past two minutes, whole minutes (rounded down).
    const auto time_text = [](Duration d) {
        if (d >= std::chrono::minutes(2)) d = std::chrono::floor<std::chrono::minutes>(d);
        return seconds_text(d);
    };
    std::vector<std::string> lines;
    for (Table* t : s.registry.tables_in(n, channel)) {
        if (t->back == Table::Back::No) continue;
        const std::string after =
            t->back == Table::Back::Restart ? "a restart" : "a lost connection";
        t->back = Table::Back::No;
        const std::string& title = t->kind->title();
        std::vector<std::string> names;
        if (t->phase == Table::Phase::Playing) {
            Duration left{0};
            for (const int s : t->game->awaited()) {
                const Seat& seat = t->seats[static_cast<std::size_t>(s)];
                if (seat.computer || seat.out) continue;
                names.push_back(seat.nick);
                if (seat.turn_due != kNever && seat.turn_due > now)
                    left =
                        std::max(left, std::chrono::duration_cast<Duration>(seat.turn_due - now));
            }
            // A wake-up that comes sooner (a response window that resolves by itself) is the
            // time they have.
            if (const auto wake = t->game->wake_after()) {
                const std::int64_t due = t->last_move_unix + wake->count();
                const Duration until{(due - now_unix) * 1000};
                if (due > now_unix && (left.count() == 0 || until < left)) left = until;
            }
            std::string line =
                fmt::format("{} game #{} is back after {}", title, t->game_id, after);
            if (!names.empty())
                line += fmt::format(": {} to play", names_text(names, 6)) +
                        (left.count() > 0 ? fmt::format(" ({} left)", time_text(left)) : "");
            lines.push_back(line + ".");
            continue;
        }
        for (const auto& s : t->seats) names.push_back(s.nick);
        const Duration left{std::max<std::int64_t>(1, t->join_deadline - now_unix) * 1000};
        if (t->ready) {
            lines.push_back(fmt::format(
                "The {} game of {} is back after {}; it is dealt as soon as a game here ends.",
                title, names_text(names, 6), after));
        } else {
            lines.push_back(t->way->back_words(*t, after, time_text(left)));
        }
    }
    for (auto& line : render::pack(lines, 400)) send_to_channel(n, channel, line);
    s.dealing.start_ready(n, n.net->fold(channel));
}

void Restorer::link_lost(NetCtx& n) {
    down_since.try_emplace(n.name, clock.now());
}

void Restorer::link_back(NetCtx& n) {
    auto it = down_since.find(n.name);
    if (it == down_since.end()) return;
    const bool long_drop = clock.now() - it->second >= kBackAfterDrop;
    down_since.erase(it);
    if (!long_drop) return;
    for (auto& [id, t] : n.tables)
        if (!t->in_private && t->back == Table::Back::No) t->back = Table::Back::Reconnect;
}

void Restorer::close_abandoned() {
    const std::int64_t now = clock.unix_now();
    for (auto& [name, n] : nets) {
        std::vector<TableId> stale;
        for (auto& [id, t] : n->tables) {
            const auto limit = t->way->abandon_after(*t->kind);
            if (limit && t->phase == Table::Phase::Playing &&
                now - t->last_activity > limit->count())
                stale.push_back(id);
        }
        for (const TableId id : stale) {
            Table* t = s.registry.table_by_id(*n, id);
            if (!t) continue;
            const std::int64_t days = t->way->abandon_after(*t->kind)->count() / 86400;
            log::info("closing {}'s {} game {} as abandoned", t->place, t->kind->title(),
                      t->game_id);
            s.moves.deliver(
                *t,
                {to_table(fmt::format("Your {} game ({}) was closed as abandoned after {} day{} "
                                      "untouched; type new for another.",
                                      t->kind->title(), deal_words(t->setup), days,
                                      days == 1 ? "" : "s"))},
                Moves::Lines::End);
            s.moves.finish(*t, "abandoned");
        }
    }
}

}  // namespace croupier::bot
