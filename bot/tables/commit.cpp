// The one commit path: every move, whoever makes it (a player, a timer, a computer player),
// goes through commit(). The game acts on itself; a refused move changes nothing. An
// accepted move becomes the game at once (the next command sees it) and its journal row
// goes to the writer (storage/writer.hpp) with the lines about it: they are released only
// when the group holding the move is committed. A group the database refuses (disk full,
// locked, I/O error) takes the table back to what is committed, and the movers are told
// (docs/STORAGE.md).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <iterator>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/asio/post.hpp>

#include "bot/log.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "bot/tables/moves.hpp"

#include "bot/tables/services.hpp"

namespace croupier::bot {

namespace {
constexpr const char* kNotSaved =
    "That move could not be saved, so it did not happen (the bot's log says why). Try it again "
    "in a moment.";
constexpr const char* kFaulted =
    "That move failed inside the bot (its log says why); the table goes back to its last "
    "saved move in a moment.";
// A computer player whose move could not be saved tries again after this long.
constexpr auto kComputerRetry = std::chrono::seconds(5);
}  // namespace

Checked<Done> Moves::apply_move(Table& t, int seat, const std::string& command,
                                const std::string& args, const std::string& note) {
    if (t.faulted) return Fault{kFaulted};
    // On the game itself, not a copy: a refusal changes nothing (bot/game.hpp), which
    // fuzz_game_commands checks of every kind; a copy a move was 7 % of the event loop
    // under load (docs/PERFORMANCE.md). A game that throws is a bug, and may be half
    // changed: the table is taken back to what is committed, as when a write fails.
    Checked<Outcome> acted = Fault{kFaulted};
    try {
        acted = t.game->act(seat, command, args);
    } catch (const std::exception& e) {
        fault(t, fmt::format("{} {} {} by seat {}: {}", t.kind->name(), command, args, seat,
                             e.what()));
        return Fault{kFaulted};
    }
    if (acted.is_refusal()) return Refusal{acted.why()};
    if (!acted) return Fault{acted.why()};
    Outcome& o = *acted;
    const std::int64_t now = clock.unix_now();
    ++t.seq;
    commits.write(t, [id = t.game_id, e = storage::JournalEntry{t.seq, seat, o.canonical, now}](
                         storage::Database& d) { d.append(id, e); });
    t.last_activity = t.last_move_unix = now;
    t.movers.push_back(seat);
    if (seat >= 0 && seat < static_cast<int>(t.seats.size())) {
        Seat& s = t.seats[static_cast<std::size_t>(seat)];
        if (command == "leave") s.out = true;
        if (command != "leave" && note.empty() && s.timeouts != 0) {
            s.timeouts = 0;
            // With the move, in its unit: a take-back or a restart keeps the count right.
            commits.write(
                t, [name = TurnTimers::timeouts_name(t.game_id, static_cast<std::size_t>(seat))](
                       storage::Database& d) { d.drop_value(name); });
        }
        if (note.empty() && !s.computer)
            commits.unit_of(t).movers.push_back({s.nick, s.key, !t.in_private});
    }
    if (!note.empty()) o.out.insert(o.out.begin(), to_table(note));
    deliver(t, std::move(o.out));
    return Done{};
}

void Moves::fault(Table& t, const std::string& what) {
    log::error(
        "game {} at {}/{}: the game failed in a move ({}); taking the table back to "
        "what is committed",
        t.game_id, t.net->name, t.place, what);
    t.faulted = true;
    // Refused by the writer like a failed write: unit_back() takes the table back, and
    // tells the others whose moves were in the same unit.
    commits.write(t, [what](storage::Database&) -> void {
        throw std::runtime_error("the game failed in a move: " + what);
    });
}

// ---------------------------------------------------------------------------------------
// Units back from the writer (bot/tables/commit_path.hpp keeps them)

void Moves::unit_back(CommitPath::Unit& u, const Checked<Done>& committed) {
    auto nit = nets.find(u.network);
    NetCtx* n = nit == nets.end() ? nullptr : nit->second.get();
    Table* t = nullptr;
    if (n) {
        t = s.registry.table_by_id(*n, u.id);
        if (!t && u.game_id)
            for (auto& [id, tt] : n->tables)
                if (tt->game_id == u.game_id) t = tt.get();
    }
    if (committed) {
        // A table taken back since: these lines tell of moves that were undone.
        if (t && t->epoch != u.epoch) return;
        for (auto& f : u.release) f();
        return;
    }
    log::error(
        "game {} at {}: not saved, so what was played since the last commit did not "
        "happen: {}",
        u.game_id, u.network, committed.why());
    if (!n) return;
    if (u.creates) {
        // The deal itself was not saved: there is nothing to go back to.
        if (t && t->epoch == u.epoch) s.dealing.deal_not_saved(*t);
        return;
    }
    if (!t || t->epoch == u.epoch) {
        // Back to what is committed: the game as the journal has it, under a new epoch (the
        // table may be gone already: its game ended in the refused unit).
        const TableId id = t ? t->id : s.next_table_id++;
        if (t) close_table(*t);
        std::optional<storage::GameRecord> rec;
        try {
            if (u.game_id) rec = db->game(u.game_id);
        } catch (const std::exception& e) {
            log::error("game {}: could not be read back ({}); it comes back at the next start",
                       u.game_id, e.what());
        }
        if (rec && rec->status == "open") {
            if (Table* back = s.restorer.restore_game(*n, *rec, id)) {
                log::warn("game {} at {}/{}: taken back to move {}", back->game_id, n->name,
                          back->place, back->seq);
                if (!back->game->finished()) s.turns.arm_timers(*back);
                // A computer whose turn it is, or an end not yet recorded, is tried again
                // in a while, not at once: the disk may still be full.
                timers.after(*back, Slot::Retry, kComputerRetry,
                             [this](Table& tt) { play_computers(tt); });
            }
        }
    }
    for (const auto& m : u.movers) send_to_nick(*n, m.nick, m.key, kNotSaved, m.notice);
}

Checked<Done> Moves::commit(Table& t, int seat, const std::string& command, const std::string& args,
                            const std::string& note) {
    Checked<Done> done = apply_move(t, seat, command, args, note);
    if (done) play_computers(t);
    return done;
}

void Moves::play_computers(Table& t) {
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
        const auto [cmd, args] = split_command(t.game->computer_action(turn));
        const Checked<Done> done = apply_move(t, turn, cmd, args);
        if (!done) {
            log::error("computer player at {} made a refused move {} {}: {}", t.place, cmd, args,
                       done.why());
            // Fall back to the safe move so the table does not hang.
            const auto [c2, a2] = split_command(t.game->timeout_action(turn));
            if (!apply_move(t, turn, c2, a2)) break;
        }
    }
    settle(t);
}

void Moves::settle(Table& t) {
    if (t.faulted) return;  // no end and no timers from a half-changed game
    if (t.game && t.game->finished()) {
        finish(t, "finished");
        return;
    }
    s.turns.arm_timers(t);
}

namespace {
// `text` appended to the last line the table is told (the channel's; a private game's, its
// player's) when that line stays within the width the tables pack to: never a line more.
void append_where_it_fits(std::vector<Line>& packed, bool in_private, const std::string& text) {
    for (auto it = packed.rbegin(); it != packed.rend(); ++it) {
        if (it->channel == in_private) continue;
        render::append_if_fits(it->text, text);
        return;
    }
}
}  // namespace

void Moves::deliver(Table& t, std::vector<Out> out, Lines what) {
    const bool page = what == Lines::Page;
    // Who gets what is settled now, from the seats as they are; it is sent once what the
    // table has written is committed. In the channel, each table has its own place in the
    // queue (place_options: its weight); its lines are Normal, but the lines that end a
    // game (the result) are never dropped. A player's own lines (hands, prompts, a private
    // game) are High.
    std::vector<Line> lines;
    lines.reserve(out.size());
    for (auto& o : out) {  // the texts are moved into the lines
        if (o.to == Out::To::Table) {
            if (t.in_private) {
                const Seat& s = t.seats.front();
                if (!s.away)
                    lines.push_back(
                        {false, s.nick, s.key, false, std::move(o.text), o.layout, o.view, page});
            } else {
                lines.push_back(
                    {true, t.place, "", false, std::move(o.text), o.layout, o.view, page});
            }
            continue;
        }
        if (o.seat < 0 || o.seat >= static_cast<int>(t.seats.size())) continue;
        const Seat& s = t.seats[static_cast<std::size_t>(o.seat)];
        // An away seat's nick may be someone else's by now: it is told on coming back.
        if (s.computer || s.out || s.away) continue;
        lines.push_back(
            {false, s.nick, s.key, !t.in_private, std::move(o.text), o.layout, o.view, page});
    }
    if (lines.empty()) return;
    const bool over = what == Lines::End || (t.game && t.game->finished());
    // Lines told about the table in this turn of the event loop (a move, and the computer
    // players' answers to it) wait together, and leave packed.
    if (auto* u = commits.pending(t); u && u->told) {
        u->told->lines.insert(u->told->lines.end(), std::make_move_iterator(lines.begin()),
                              std::make_move_iterator(lines.end()));
        u->told->over = over;
        return;
    }
    auto told = std::make_shared<CommitPath::Told>(CommitPath::Told{std::move(lines), over});
    // With the web pages on and their address said, the game's page: appended to the last
    // line of the game's end where it fits (docs/WEB.md).
    std::string replay;
    if (const auto page = cfg.web.link(fmt::format("/game/{}", t.game_id));
        t.game_id && !page.empty())
        replay = " Replay: " + page;
    // The turn's clocks wait for these lines: every line of the batch shares one hold,
    // released when the last has left the queue (or was dropped).
    commits.after_commit(t, [this, network = t.net->name, id = t.id, told, replay,
                             in_private = t.in_private, hold = hold_lines(t)]() mutable {
        auto it = nets.find(network);
        if (it == nets.end()) return;
        NetCtx& n = *it->second;
        Table* tt = s.registry.table_by_id(n, id);
        irc::SendOptions table_opts = tt ? place_options(*tt, irc::Priority::Normal)
                                         : irc::SendOptions::of(irc::Priority::Normal);
        if (told->over) table_opts.priority = irc::Priority::High;
        auto packed = pack_lines(std::move(told->lines), render::kWidth);  // sent once
        if (told->over && !replay.empty()) append_where_it_fits(packed, in_private, replay);
        const std::shared_ptr<void> held = std::move(hold);  // not kept past this call
        // A player's lines never leave before the channel line they follow ("your turn"
        // before the move that made it so): each waits for the last channel line before it.
        std::weak_ptr<void> channel_line;
        for (std::size_t i = 0; i < packed.size(); ++i) {
            const Line& l = packed[i];
            irc::SendOptions o = l.channel ? table_opts : irc::SendOptions::of(irc::Priority::High);
            o.hold = held;
            if (l.channel) {
                o.mark = std::make_shared<char>(0);
                channel_line = o.mark;
            } else {
                o.after = channel_line;
            }
            o.layout = l.alone;
            o.view = l.view;
            o.page = l.page;
            // The later lines of one view continue it: they replace nothing.
            for (std::size_t j = i; j-- > 0;)
                if (packed[j].same_recipient(l)) {
                    o.continues = !o.view.empty() && packed[j].view == o.view;
                    break;
                }
            if (l.channel)
                send_to_channel(n, l.target, l.text, std::move(o));
            else
                send_to_nick(n, l.target, l.key, l.text, l.notice, std::move(o));
        }
    });
    if (auto* u = commits.pending(t)) u->told = std::move(told);
}

std::shared_ptr<void> Moves::hold_lines(Table& t) {
    ++t.unsent;
    // Released when the last line holding it has left the queue or was dropped (or when
    // its release was thrown away: a write that failed): the seats' clocks can start.
    return std::shared_ptr<void>(nullptr, [this, alive = std::weak_ptr<int>(s.alive),
                                           network = t.net->name, id = t.id](void*) {
        if (alive.expired()) return;
        auto it = nets.find(network);
        if (it == nets.end()) return;
        Table* tt = s.registry.table_by_id(*it->second, id);
        if (!tt || --tt->unsent > 0) return;
        // Not from inside the send queue or a failed write: on the loop's next turn.
        boost::asio::post(io, [this, alive, network, id] {
            if (alive.expired()) return;
            auto n = nets.find(network);
            if (n == nets.end()) return;
            if (Table* t3 = s.registry.table_by_id(*n->second, id);
                t3 && t3->unsent == 0 && !t3->faulted)
                s.turns.arm_timers(*t3);
        });
    });
}

// ---------------------------------------------------------------------------------------
// The end of a game

void Moves::finish(Table& t, const std::string& status) {
    s.turns.cancel_timers(t);
    std::vector<storage::PlayerResult> players;
    std::string summary;
    std::string dealer;
    std::vector<std::pair<std::string, std::string>> saved;  // person, their saved data
    // A daily deal (bot/daily/): its ladder's row ends with the game; it keeps no saved data.
    const bool daily = t.setup.options.count("daily") != 0;
    bool daily_won = false;
    long long daily_moves = -1;
    if (status == "finished") {
        const auto results = t.game->results();
        if (!results.empty()) {
            daily_won = results[0].won;
            daily_moves = results[0].moves;
        }
        for (std::size_t i = 0; i < t.seats.size() && i < results.size(); ++i) {
            storage::PlayerResult pr;
            pr.nick = t.seats[i].nick;
            pr.key = t.seats[i].key;
            pr.seat = static_cast<int>(i);
            pr.points = results[i].points;
            pr.won = results[i].won;
            pr.computer = t.seats[i].computer;
            if (t.in_private)
                pr.detail = results[i].detail +
                            fmt::format(" seconds={}", clock.unix_now() - t.started_unix);
            else
                pr.detail = results[i].detail;
            // A guest's games are not rated and their data is not kept ([identity]).
            const auto& id = cfg.identity;
            const bool keeps = !pr.computer && kept_for(pr.key, id.saved_needs_account);
            pr.unrated = !pr.computer && !kept_for(pr.key, id.rated_needs_account);
            if (results[i].saved && keeps && !daily) saved.emplace_back(pr.key, *results[i].saved);
            pr.xp = keeps && !daily ? results[i].xp : 0;
            if (pr.won) {
                summary += (summary.empty() ? "won by " : ", ") + pr.nick;
                // The winner deals the next game here; a game with computer players at
                // it decides nothing for the next table of people.
                const bool against_computers = std::any_of(
                    t.seats.begin(), t.seats.end(), [](const Seat& seat) { return seat.computer; });
                if (!pr.computer && !against_computers) dealer = pr.key;
            }
            players.push_back(pr);
        }
        if (summary.empty()) summary = "no winner";
    } else {
        summary = status;
    }
    // An event's game (bot/tourney/): each seat's place goes with the end, in its unit.
    std::int64_t event = 0;
    std::vector<int> places;
    if (const auto e = t.setup.options.find("event"); e != t.setup.options.end()) {
        event = std::atoll(e->second.c_str());
        places = event_places(t, status);
    }
    // One unit with the table's last moves: the end is recorded only with the move that
    // made it. Saved data first: it is computed from the setup, so writing it again after a
    // crash before finish_game gives the same value.
    commits.write(t, [net = t.net->name, kind = t.kind->name(),
                      dealer_name = t.in_private ? "" : t.way->next_dealer_name(t), dealer, saved,
                      id = t.game_id, status, summary, now = clock.unix_now(), players,
                      moves = t.seq, seats = t.seats.size(), daily, daily_won, daily_moves, event,
                      places](storage::Database& d) {
        // Every end of a game at an open table says who deals the next one, if anyone
        // does: "" (the opener deals) after a game with computer players, a stopped
        // or abandoned one, so that no older winner is left to decide.
        if (!dealer_name.empty()) d.set_value(dealer_name, dealer);
        for (const auto& [person, data] : saved)
            d.save(net, person, kind, "data", storage::Saved{1, data}, now);
        for (std::size_t seat = 0; seat < seats; ++seat)
            d.drop_value(TurnTimers::timeouts_name(id, seat));
        d.finish_game(id, status, summary, now, players, moves);
        if (daily) d.daily_end(id, daily_won, daily_moves, now);
        if (event) d.event_result(id, places);
    });
    // Logged once it is recorded: a unit refused by the database takes the table back to
    // before the move that ended it (unit_back logs that), and the end comes again with it.
    commits.after_commit(t, [title = t.kind->title(), id = t.game_id, net = t.net->name,
                             place = t.place, status, summary] {
        log::info("{} game {} at {}/{}: {} ({})", title, id, net, place, status, summary);
    });
    if (event)  // the event pairs its next games once the result is recorded
        commits.after_commit(t, [this, live = std::weak_ptr<int>(s.alive), event] {
            if (live.lock() && s.event_game_over) s.event_game_over(event);
        });
    close_table(t);
}

std::vector<int> Moves::event_places(const Table& t, const std::string& status) const {
    // Stopped or abandoned: a draw for everyone (docs/games/events.md).
    std::vector<int> places(t.seats.size(), 1);
    if (status != "finished") return places;
    const auto results = t.game->results();
    bool ranked = false;
    for (const auto& r : results) ranked = ranked || r.place > 0;
    int winners = 0;
    for (const auto& r : results) winners += r.won;
    for (std::size_t i = 0; i < places.size() && i < results.size(); ++i)
        places[i] = ranked ? std::max(1, results[i].place)
                           : (results[i].won || winners == 0 ? 1 : winners + 1);
    return places;
}

void Moves::close_table(Table& t) {
    s.turns.cancel_timers(t);
    if (t.phase == Table::Phase::Joining) s.lobby.forget(t);
    if (t.net->tables.by_id(t.id) != &t) return;
    // A game's place in the channel is free: a table ready and waiting there may start, once
    // the callers up the stack are done with this one.
    if (!t.in_private && t.phase == Table::Phase::Playing)
        boost::asio::post(io, [this, live = std::weak_ptr<int>(s.alive), network = t.net->name,
                               place = t.place_key] {
            if (!live.lock()) return;
            if (auto n = nets.find(network); n != nets.end())
                s.dealing.start_ready(*n->second, place);
        });
    // Callers up the stack may still hold a reference: free it once they have returned.
    std::shared_ptr<Table> doomed(t.net->tables.remove(t.id).release());
    boost::asio::post(io, [doomed] {});
}

void Moves::stop_table(Table& t, const std::string& by) {
    if (t.phase == Table::Phase::Joining) {
        tell(t, fmt::format("{} closed the table.", by));
        close_table(t);
        return;
    }
    deliver(t, {to_table(fmt::format("This game was stopped by {}; it is not scored.", by))},
            Lines::End);
    finish(t, "stopped");
}

}  // namespace croupier::bot
