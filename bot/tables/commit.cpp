// The one commit path: every move, whoever makes it (a player, a timer, a computer player),
// goes through commit(). The game acts on a copy; the move is journaled; only then does the
// copy become the game and is anyone told. A journal that refuses (database locked, disk
// full) leaves the table exactly as it was, and the reason goes back to the caller.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>

#include <fmt/format.h>
#include <boost/asio/post.hpp>

#include "bot/log.hpp"
#include "bot/strings.hpp"
#include "bot/tables/tables.hpp"

namespace croupier::bot {

namespace {
constexpr const char* kNotSaved =
    "That move could not be saved, so it did not happen (the bot's log says why). Try it again "
    "in a moment.";
// A computer player whose move could not be saved tries again after this long.
constexpr auto kComputerRetry = std::chrono::seconds(5);
}  // namespace

std::string Tables::apply_move(Table& t, int seat, const std::string& command,
                               const std::string& args, const std::string& note) {
    auto next = t.game->clone();
    Outcome o = next->act(seat, command, args);
    if (!o.ok()) return o.error;
    try {
        db->append(t.game_id,
                   storage::JournalEntry{t.seq + 1, seat, o.canonical, clock.unix_now()});
    } catch (const std::exception& e) {
        log::error("{} game {} at {}/{}: move {} \"{}\" not saved, so not made: {}",
                   t.kind->title(), t.game_id, t.net->name, t.place, t.seq + 1, o.canonical,
                   e.what());
        return kNotSaved;
    }
    ++t.seq;
    t.game = std::move(next);
    t.last_activity = t.last_move_unix = clock.unix_now();
    t.movers.push_back(seat);
    if (seat >= 0 && seat < static_cast<int>(t.seats.size())) {
        Seat& s = t.seats[static_cast<std::size_t>(seat)];
        if (command == "leave") s.out = true;
        if (command != "leave" && note.empty()) s.timeouts = 0;
    }
    if (!note.empty()) o.out.insert(o.out.begin(), to_table(note));
    deliver(t, o.out);
    return "";
}

std::string Tables::commit(Table& t, int seat, const std::string& command, const std::string& args,
                           const std::string& note) {
    const std::string err = apply_move(t, seat, command, args, note);
    if (err.empty()) play_computers(t);
    return err;
}

void Tables::play_computers(Table& t) {
    // Computer players move at once; the loop is bounded in case a game never ends.
    for (int guard = 0; guard < 10000 && t.game && !t.game->finished(); ++guard) {
        int turn = -1;
        for (int s : t.game->awaited())
            if (s >= 0 && s < static_cast<int>(t.seats.size()) &&
                t.seats[static_cast<std::size_t>(s)].computer) {
                turn = s;
                break;
            }
        if (turn < 0) break;
        const std::int64_t before = t.seq;
        const auto [cmd, args] = split_command(t.game->computer_action(turn));
        std::string err = apply_move(t, turn, cmd, args);
        if (!err.empty() && err != kNotSaved) {
            log::error("computer player at {} made a refused move {} {}: {}", t.place, cmd, args,
                       err);
            // Fall back to the safe move so the table does not hang.
            const auto [c2, a2] = split_command(t.game->timeout_action(turn));
            err = apply_move(t, turn, c2, a2);
        }
        if (t.seq == before) {
            // Not saved: try again shortly instead of waiting for a turn timer.
            NetCtx* n = t.net;
            const TableId id = t.id;
            clock.cancel(t.retry_timer);
            t.retry_timer = clock.call_after(kComputerRetry, [this, n, id] {
                if (Table* tt = table_by_id(*n, id)) {
                    tt->retry_timer = 0;
                    play_computers(*tt);
                }
            });
            break;
        }
    }
    settle(t);
}

void Tables::settle(Table& t) {
    if (t.game && t.game->finished()) {
        finish(t, "finished");
        return;
    }
    arm_timers(t);
}

void Tables::deliver(Table& t, const std::vector<Out>& out) {
    NetCtx& n = *t.net;
    // In the channel, each table has its own lane of the queue; its lines are Normal, but
    // the lines that end a game (the result) are never dropped. A player's own lines (hands,
    // prompts, a private game) are High.
    const bool over = t.game && t.game->finished();
    const auto table_priority = over ? irc::Priority::High : irc::Priority::Normal;
    const std::string lane = "t" + std::to_string(t.id);
    for (const auto& o : out) {
        if (o.to == Out::To::Table) {
            if (t.solitaire) {
                const Seat& s = t.seats.front();
                if (!s.away) send_to_nick(n, s.nick, s.key, o.text, false);
            } else {
                send_to_channel(n, t.place, o.text, table_priority, lane);
            }
            continue;
        }
        if (o.seat < 0 || o.seat >= static_cast<int>(t.seats.size())) continue;
        const Seat& s = t.seats[static_cast<std::size_t>(o.seat)];
        // An away seat's nick may be someone else's by now: it is told on coming back.
        if (s.computer || s.out || s.away) continue;
        send_to_nick(n, s.nick, s.key, o.text, !t.solitaire);
    }
}

// ---------------------------------------------------------------------------------------
// The end of a game

void Tables::finish(Table& t, const std::string& status) {
    cancel_timers(t);
    std::vector<storage::PlayerResult> players;
    std::string summary;
    std::string dealer;
    std::vector<std::pair<std::string, std::string>> saved;  // person, their saved data
    if (status == "finished") {
        const auto results = t.game->results();
        for (std::size_t i = 0; i < t.seats.size() && i < results.size(); ++i) {
            storage::PlayerResult pr;
            pr.nick = t.seats[i].nick;
            pr.key = t.seats[i].key;
            pr.seat = static_cast<int>(i);
            pr.points = results[i].points;
            pr.won = results[i].won;
            pr.computer = t.seats[i].computer;
            if (t.solitaire)
                pr.detail = results[i].detail +
                            fmt::format(" seconds={}", clock.unix_now() - t.started_unix);
            else
                pr.detail = results[i].detail;
            if (results[i].saved && !pr.computer) saved.emplace_back(pr.key, *results[i].saved);
            pr.xp = results[i].xp;
            if (pr.won) {
                summary += (summary.empty() ? "won by " : ", ") + pr.nick;
                // The winner deals the next game here; a game with computer players at
                // it decides nothing for the next table of people.
                const bool against_computers = std::any_of(
                    t.seats.begin(), t.seats.end(), [](const Seat& seat) { return seat.computer; });
                if (!t.solitaire && !pr.computer && !against_computers) dealer = pr.key;
            }
            players.push_back(pr);
        }
        if (summary.empty()) summary = "no winner";
    } else {
        summary = status;
    }
    try {
        if (!dealer.empty()) db->set_value("dealer:" + t.net->name + ":" + t.place_key, dealer);
        // Saved data first: it is computed from the setup, so writing it again after a crash
        // before finish_game gives the same value.
        for (const auto& [person, data] : saved)
            db->save(t.net->name, person, t.kind->name(), "data", storage::Saved{1, data},
                     clock.unix_now());
        db->finish_game(t.game_id, status, summary, clock.unix_now(), players);
    } catch (const std::exception& e) {
        // The game stays open in the database: the next start restores it, sees it is over
        // and records it then.
        log::error(
            "{} game {} at {}/{}: its end could not be saved ({}); it will be recorded "
            "at the next start",
            t.kind->title(), t.game_id, t.net->name, t.place, e.what());
    }
    log::info("{} game {} at {}/{}: {} ({})", t.kind->title(), t.game_id, t.net->name, t.place,
              status, summary);
    close_table(t);
}

void Tables::close_table(Table& t) {
    cancel_timers(t);
    if (t.phase == Table::Phase::Joining) forget_lobby(t);
    auto it = t.net->tables.find(t.id);
    if (it == t.net->tables.end()) return;
    // Callers up the stack may still hold a reference: free it once they have returned.
    std::shared_ptr<Table> doomed(it->second.release());
    t.net->tables.erase(it);
    boost::asio::post(io, [doomed] {});
}

void Tables::stop_table(Table& t, const std::string& by) {
    if (t.phase == Table::Phase::Joining) {
        send_to_channel(*t.net, t.place, fmt::format("{} closed the table.", by));
        close_table(t);
        return;
    }
    deliver(t, {to_table(fmt::format("This game was stopped by {}; it is not scored.", by))});
    finish(t, "stopped");
}

}  // namespace croupier::bot
