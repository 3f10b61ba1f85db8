// Seating: how a table fills. Channel tables open with the game's name, take players for a
// join window (join, leave, bot, start) and then deal; private games are dealt at once.
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

namespace {
constexpr const char* kNewGameNotSaved =
    "Your new game could not be saved, so it was not dealt (the bot's log says why); try again "
    "in a moment.";
}  // namespace

void Tables::open_table(Request& r, const GameKind& kind) {
    NetCtx& n = *r.net;
    const std::string p = cfg.bot.prefix;
    if (Table* t = joining_table(n, r.channel, kind)) {
        refuse(r, fmt::format("{} {} table is already open here: type {}join to sit down.",
                              capitalised(article(t->kind->title())), t->kind->title(), p));
        return;
    }
    const auto here = tables_in(n, r.channel);
    // One open table of a kind in a channel at a time (duels may be several).
    for (Table* t : here)
        if (t->kind == &kind && !t->seated(r.key)) {
            refuse(r, fmt::format("{} {} game is under way here; wait for it to end (see {}table).",
                                  capitalised(article(kind.title())), kind.title(), p));
            return;
        }
    for (Table* t : here)
        if (t->kind == &kind && t->seated(r.key)) {
            refuse(r, fmt::format("You are already playing {} here; finish that game first.",
                                  kind.title()));
            return;
        }
    if (!one_window(r)) return;
    const std::string arg = lower(r.args);
    if (!arg.empty() && arg != "bot") {
        refuse(r, fmt::format("Usage: {}{} or {}{} bot (with a computer player).", p, kind.name(),
                              p, kind.name()));
        return;
    }
    const auto& tc = table_config(kind);
    if (arg == "bot" && !tc.computer_players) {
        refuse(r, "Computer players are turned off here.");
        return;
    }
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
    const std::string p = cfg.bot.prefix;
    Table* t = route(r, nullptr, true);
    if (t && (t->phase != Table::Phase::Joining || t->kind->seating() != Seating::Open)) {
        // Seated at a game here already, or the only table here is playing, or a challenge
        // (answered with accept, not joined).
        Table* open = nullptr;
        for (Table* o : tables_in(*r.net, r.channel))
            if (o->phase == Table::Phase::Joining && o->kind->seating() == Seating::Open &&
                (!r.kind || o->kind == r.kind))
                open = o;
        if (open) t = open;
        if (t->phase == Table::Phase::Joining && t->kind->seating() != Seating::Open) t = nullptr;
    }
    if (!t) {
        refuse(r, "No table is open here. Open one with " + open_table_command() + ".");
        return;
    }
    if (t->phase != Table::Phase::Joining) {
        if (t->seated(r.key))
            refuse(r, "You are already playing here.");
        else
            refuse(r, "A game is under way here; you can join the next one.");
        return;
    }
    if (t->seat_of(r.key) >= 0) {
        refuse(r, fmt::format("You are already at the table; the opener can {}start.", p));
        return;
    }
    for (Table* o : tables_in(*r.net, r.channel))
        if (o != t && o->kind == t->kind && o->seated(r.key)) {
            refuse(r, fmt::format("You are already playing {} here; finish that game first.",
                                  o->kind->title()));
            return;
        }
    const auto& tc = table_config(*t->kind);
    if (static_cast<int>(t->seats.size()) >= tc.max_players) {
        refuse(r, fmt::format("The table is full ({} players).", tc.max_players));
        return;
    }
    t->seats.push_back(Seat{r.from.nick, r.key});
    remember_lobby(*t);
    t->pending_joins.push_back(r.from.nick);
    if (!timers.running(*t, Slot::Joins))
        timers.after(*t, Slot::Joins, std::chrono::seconds(2),
                     [this](Table& tt) { announce_joins(tt); });
}

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

std::string Tables::seat_computer(Table& t) {
    int number = 1;
    for (const auto& s : t.seats) number += s.computer;
    Seat s;
    s.nick = computer_name(number);
    s.key = "*" + s.nick;  // '*' starts no person's key: no clash with a person
    s.computer = true;
    t.seats.push_back(s);
    remember_lobby(t);
    return s.nick;
}

void Tables::add_computer(Request& r) {
    Table* t = route(r, nullptr, true);
    if (t && (t->phase != Table::Phase::Joining || t->kind->seating() != Seating::Open)) {
        t = nullptr;
        for (Table* o : tables_in(*r.net, r.channel))
            if (o->phase == Table::Phase::Joining && o->kind->seating() == Seating::Open &&
                (!r.kind || o->kind == r.kind))
                t = o;
    }
    if (!t) {
        refuse(r, "No table is opening here. Open one with " + open_table_command(" bot") + ".");
        return;
    }
    const auto& tc = table_config(*t->kind);
    if (!tc.computer_players) {
        refuse(r, "Computer players are turned off here.");
        return;
    }
    if (static_cast<int>(t->seats.size()) >= tc.max_players) {
        refuse(r, fmt::format("The table is full ({} players).", tc.max_players));
        return;
    }
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
        if (t->ready && t->kind->seating() == Seating::Duel) {
            tell(*t, fmt::format("{} left; the {} duel waiting here is off.", r.from.nick,
                                 t->kind->title()));
            close_table(*t);
            return;
        }
        t->seats.erase(t->seats.begin() + seat);
        std::erase(t->pending_joins, r.from.nick);
        int humans = 0;
        for (const auto& s : t->seats) humans += !s.computer;
        if (humans == 0) {
            tell(*t, fmt::format("{} left; nobody is left at the table, so it is closed.",
                                 r.from.nick));
            close_table(*t);
            return;
        }
        if (t->opener_key == r.key)
            for (const auto& s : t->seats)
                if (!s.computer) {
                    t->opener_key = s.key;
                    break;
                }
        std::string again;
        if (const auto& tc = table_config(*t->kind);
            t->ready && static_cast<int>(t->seats.size()) < tc.min_players) {
            // Too few to deal: it takes players again, for a join window of its own.
            t->ready = false;
            t->join_deadline =
                clock.unix_now() +
                std::chrono::duration_cast<std::chrono::seconds>(tc.join_window).count();
            arm_join_window(*t, tc.join_window);
            again = fmt::format(" It takes players again: {}join ({}).", cfg.bot.prefix,
                                seconds_text(tc.join_window));
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
    const std::string p = cfg.bot.prefix;
    Table* t = route(r, nullptr, true);
    if (!t) {
        refuse(r, "No table is open here. Open one with " + open_table_command() + ".");
        return;
    }
    if (t->phase != Table::Phase::Joining) {
        refuse(r, "The game is already under way.");
        return;
    }
    if (r.key != t->opener_key) {
        refuse(r,
               "Only the player who opened the table can start it early; otherwise it "
               "starts when the join window ends.");
        return;
    }
    if (t->ready) {
        reply_private(r, "The table is ready and waits for a game here to end; it is dealt then.");
        return;
    }
    const auto& tc = table_config(*t->kind);
    if (static_cast<int>(t->seats.size()) < tc.min_players) {
        refuse(r, fmt::format("{} needs at least {} players; {} sit{}. Others can {}join, or "
                              "add a computer player with {}bot.",
                              t->kind->title(), tc.min_players, t->seats.size(),
                              t->seats.size() == 1 ? "s" : "", p, p));
        return;
    }
    ready_to_start(*t);
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
        std::string first = t.opener_key;
        try {
            auto dealer_key = db->get_value(next_dealer_name(t));
            if (dealer_key && !dealer_key->empty() && t.seat_of(*dealer_key) >= 0)
                first = *dealer_key;
        } catch (const std::exception& e) {
            log::warn("{}: the last dealer could not be read ({}); the opener deals", t.place,
                      e.what());
        }
        const int d = std::max(0, t.seat_of(first));
        std::rotate(t.seats.begin(), t.seats.begin() + d, t.seats.end());
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
    rec.kind = t.kind->name();
    rec.variant = setup.variant;
    rec.network = t.net->name;
    rec.place = t.place;
    rec.deal = setup.deal_number;
    rec.setup = setup.serialise();
    rec.started = clock.unix_now();
    rec.status = "open";
    try {
        rec.id = take_game_id();
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
    const Duration window = table_config(kind).join_window;
    made->join_deadline =
        clock.unix_now() + std::chrono::duration_cast<std::chrono::seconds>(window).count();
    Table& table = add_table(std::move(made));
    arm_join_window(table, window);
    remember_lobby(table);
    return table;
}

std::string Tables::no_room_for(NetCtx& n, const std::string& place, const GameKind& kind) {
    // Games under way only: a table taking players or a challenge holds no game's place.
    std::vector<const Table*> playing;
    long of_kind = 0;
    for (const Table* t : tables_in(n, place))
        if (t->phase == Table::Phase::Playing) {
            playing.push_back(t);
            of_kind += t->kind == &kind;
        }
    if (const int cap = table_config(kind).per_channel; cap > 0 && of_kind >= cap)
        return fmt::format("{} {} {} under way here, the most this channel allows", of_kind,
                           kind.title(), of_kind == 1 ? "duel is" : "duels are");
    if (static_cast<int>(playing.size()) < std::max(1, cfg.limits.tables_per_channel)) return "";
    if (playing.size() == 1)
        return fmt::format("{} {} game is under way here",
                           capitalised(article(playing.front()->kind->title())),
                           playing.front()->kind->title());
    return fmt::format("{} games are under way here, the most this channel allows", playing.size());
}

Table* Tables::window_of(Request& r) {
    for (Table* t : tables_in(*r.net, r.channel))
        if (t->phase == Table::Phase::Joining && t->opener_key == r.key) return t;
    return nullptr;
}

bool Tables::one_window(Request& r) {
    const Table* t = window_of(r);
    if (!t) return true;
    const std::string p = cfg.bot.prefix;
    const std::string& title = t->kind->title();
    constexpr const char* kOne = "one is the most a person may have waiting in a channel";
    if (t->kind->seating() == Seating::Duel) {
        const std::string cmd =
            p + (t->kind->aliases().empty() ? t->kind->name() : t->kind->aliases().front());
        if (t->ready)
            reply_private(r, fmt::format("Your {} duel here waits for a game to end, and {}: {} "
                                         "cancel calls it off.",
                                         title, kOne, cmd));
        else
            reply_private(
                r, fmt::format("You already have a {} challenge open here (to {}), and "
                               "{}: {} cancel withdraws it.",
                               title, t->challenged.empty() ? "anyone" : t->challenged_nick, kOne,
                               cmd));
        return false;
    }
    if (t->ready)
        reply_private(r, fmt::format("Your {} table here waits for a game to end to be dealt, and "
                                     "{}: {}leave gives up your seat.",
                                     title, kOne, p));
    else
        reply_private(r, fmt::format("You already have {} {} table taking players here, and {}: "
                                     "{}start deals it, {}leave gives up your seat.",
                                     article(title), title, kOne, p, p));
    return false;
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

// ---------------------------------------------------------------------------------------
// Duels

Table* Tables::duel_of(NetCtx& n, const std::string& person) {
    for (auto& [id, t] : n.tables)
        if (t->kind->seating() == Seating::Duel && t->seated(person)) return t.get();
    return nullptr;
}

void Tables::challenge(Request& r, const GameKind& kind) {
    NetCtx& n = *r.net;
    const std::string p = cfg.bot.prefix;
    const std::string cmd = p + (kind.aliases().empty() ? kind.name() : kind.aliases().front());
    const std::string target = trim(r.args);
    if (target.find(' ') != std::string::npos) {
        refuse(r, fmt::format("Usage: {} challenge [NICK] (no nick: anyone may accept).", cmd));
        return;
    }
    if (!one_window(r)) return;
    if (Table* mine = duel_of(n, r.key)) {
        refuse(r,
               fmt::format(
                   "You are already in a duel ({} at {}); finish it first{}.", mine->kind->title(),
                   mine->place,
                   mine->phase == Table::Phase::Joining ? fmt::format(", or {} cancel", cmd) : ""));
        return;
    }
    const std::string target_key = target.empty() ? "" : n.net->fold(target);
    if (!target.empty() && target_key == r.nick_key) {
        refuse(r, fmt::format("You cannot duel yourself: {} challenge NICK, or {} ai for "
                              "the computer.",
                              cmd, cmd));
        return;
    }
    if (!target.empty() && n.net->same(target, n.net->nick())) {
        refuse(r, fmt::format("To play the computer, type {} ai.", cmd));
        return;
    }
    if (!target.empty() && n.net->in_channel(r.channel, target) == false) {
        refuse(r, fmt::format("{} is not in {}: challenge someone here, or {} challenge "
                              "for anyone.",
                              render::quote_user(target, 30), r.channel, cmd));
        return;
    }
    if (!target.empty())
        if (const Person* q = n.people.online(target_key); q && duel_of(n, q->key)) {
            refuse(r, fmt::format("{} is in a duel already; try again when it ends.",
                                  render::quote_user(target, 30)));
            return;
        }
    const auto& tc = table_config(kind);
    Table& table = open_here(r, kind);
    table.challenged = target_key;
    table.challenged_nick = target;
    remember_lobby(table);
    if (target.empty())
        tell(table, fmt::format("{} challenges anyone to {}: type {} accept to play ({}).",
                                render::bold(r.from.nick), render::bold(kind.title()), cmd,
                                seconds_text(tc.join_window)));
    else
        tell(table, fmt::format("{} challenges {} to {}: {}, type {} accept or {} decline "
                                "({}).",
                                render::bold(r.from.nick), render::bold(target),
                                render::bold(kind.title()), target, cmd, cmd,
                                seconds_text(tc.join_window)));
}

namespace {
// The challenge here that `r` may answer: one to their nick first, else one open to anyone.
Table* answerable(const std::vector<Table*>& here, const Request& r) {
    Table* open = nullptr;
    for (Table* t : here) {
        if (t->kind->seating() != Seating::Duel || t->phase != Table::Phase::Joining || t->ready)
            continue;
        if (r.kind && t->kind != r.kind) continue;
        if (t->opener_key == r.key) continue;
        if (t->challenged == r.nick_key) return t;
        if (t->challenged.empty() && !open) open = t;
    }
    return open;
}
}  // namespace

void Tables::accept_challenge(Request& r) {
    NetCtx& n = *r.net;
    Table* t = answerable(tables_in(n, r.channel), r);
    if (!t) {
        // The game named ("!rps accept"), else every duel game.
        const auto names = r.kind ? r.kind->aliases() : std::vector<std::string>{};
        const std::string how = r.kind ? cfg.bot.prefix +
                                             (names.empty() ? r.kind->name() : names.front()) +
                                             " challenge NICK"
                                       : open_table_command(" challenge NICK", Seating::Duel);
        refuse(r, "Nobody has challenged you here. Challenge someone with " + how + ".");
        return;
    }
    if (Table* mine = duel_of(n, r.key)) {
        refuse(r, fmt::format("You are already in a duel ({} at {}); finish it first.",
                              mine->kind->title(), mine->place));
        return;
    }
    t->seats.push_back(Seat{r.from.nick, r.key});
    tell(*t, fmt::format("{} accepts {}'s challenge.", render::bold(r.from.nick),
                         t->seats.front().nick));
    ready_to_start(*t);
}

void Tables::decline_challenge(Request& r) {
    Table* t = answerable(tables_in(*r.net, r.channel), r);
    if (!t || t->challenged.empty()) {
        refuse(r, "Nobody has challenged you here, so there is nothing to decline.");
        return;
    }
    tell(*t, fmt::format("{} declines {}'s {} challenge.", r.from.nick, t->seats.front().nick,
                         t->kind->title()));
    close_table(*t);
}

void Tables::cancel_challenge(Request& r) {
    for (Table* t : tables_in(*r.net, r.channel))
        if (t->kind->seating() == Seating::Duel && t->phase == Table::Phase::Joining &&
            t->opener_key == r.key && (!r.kind || t->kind == r.kind)) {
            tell(*t, fmt::format("{} withdraws the {} challenge.", r.from.nick, t->kind->title()));
            close_table(*t);
            return;
        }
    refuse(r, "You have no challenge open here to cancel.");
}

void Tables::duel_computer(Request& r, const GameKind& kind) {
    NetCtx& n = *r.net;
    if (!table_config(kind).computer_players) {
        refuse(r, "Computer players are turned off here.");
        return;
    }
    if (Table* mine = duel_of(n, r.key)) {
        refuse(r, fmt::format("You are already in a duel ({} at {}); finish it first.",
                              mine->kind->title(), mine->place));
        return;
    }
    // Ready at once: it waits for a game here to end only if the channel is full, and then
    // it is the person's one table waiting here.
    if (!no_room_for(n, r.channel, kind).empty() && !one_window(r)) return;
    auto made = make_table(n, kind, r.channel, false);
    made->opener_key = r.key;
    made->seats.push_back(Seat{r.from.nick, r.key});
    Seat cpu;
    cpu.nick = computer_name(1);
    cpu.key = "*" + cpu.nick;
    cpu.computer = true;
    made->seats.push_back(cpu);
    ready_to_start(add_table(std::move(made)));
}

// ---------------------------------------------------------------------------------------
// Private games (Spider)

void Tables::new_private_game(Request& r, const GameKind& kind) {
    NetCtx& n = *r.net;
    if (Table* t = private_game(n, r.key, &kind)) {
        refuse(r, fmt::format("You have {} {} game open (deal {}): type board to see it, "
                              "or {} to end it first.",
                              article(t->kind->title()), t->kind->title(), t->setup.deal_number,
                              t->kind->seating().as_private()->end_command()));
        return;
    }
    int open = 0;
    for (auto& [id, t] : n.tables) open += t->in_private && t->seats.front().key == r.key;
    if (cfg.limits.private_games_per_person < 1) {
        refuse(r, "Private games are turned off here.");
        return;
    }
    if (open >= cfg.limits.private_games_per_person) {
        refuse(r, fmt::format("You have {} private game{} open, the most allowed here; "
                              "finish or resign one first.",
                              open, open == 1 ? "" : "s"));
        return;
    }
    std::map<std::string, std::string> prefs;
    for (const auto& pref : kind.preferences())
        if (auto v = db->pref(n.name, r.key, kind.name() + "." + pref.name)) prefs[pref.name] = *v;
    const PrivateStart start = kind.seating().as_private()->start(r.args, prefs);
    if (!start.error.empty()) {
        refuse(r, start.error);
        return;
    }
    // By kind name, not pointer: a rehash may replace the kinds while a deal is found.
    const std::string kind_name = kind.name();
    auto create = [this, kind_name, start](NetCtx& net, const std::string& nick,
                                           const std::string& key, std::uint64_t d,
                                           const std::string& note) {
        const GameKind* k = kind_by_name(kind_name);
        if (!k || private_game(net, key, k)) return;  // one arrived meanwhile
        auto t = make_table(net, *k, nick, true);
        t->seats.push_back(Seat{nick, key});
        t->setup.players = {nick};
        t->setup.persons = {key};
        t->setup.computer = {false};
        if (auto opponent = k->seating().computer_opponent(1)) {
            Seat s;
            s.nick = *opponent;
            s.key = "*" + *opponent;
            s.computer = true;
            t->seats.push_back(s);
            t->setup.players.push_back(*opponent);
            t->setup.persons.push_back("");
            t->setup.computer.push_back(true);
        }
        t->setup.deal_number = d;
        t->setup.variant = start.variant;
        t->setup.options = start.options;
        // The person's saved data for this kind (an encounter's party), as for a table.
        try {
            if (kept_for(key, cfg.identity.saved_needs_account))
                if (auto saved = db->saved(net.name, key, k->name(), "data"))
                    t->setup.options["saved.0"] = saved->data;
        } catch (const std::exception& e) {
            log::warn("{}: saved data could not be read ({}); the game starts without it", nick,
                      e.what());
        }
        k->deal_options(t->setup);
        storage::GameRecord rec;
        rec.kind = k->name();
        rec.variant = t->setup.variant;
        rec.network = net.name;
        rec.place = nick;
        rec.deal = d;
        rec.setup = t->setup.serialise();
        rec.started = clock.unix_now();
        rec.status = "open";
        try {
            rec.id = take_game_id();
        } catch (const std::exception& e) {
            log::error("the next game number could not be read: {}", e.what());
            send_to_nick(net, nick, key, kNewGameNotSaved, false);
            return;
        }
        t->game_id = t->setup.game_id = rec.id;
        t->game = k->create(t->setup);
        t->started_unix = t->last_activity = t->last_move_unix = rec.started;
        t->phase = Table::Phase::Playing;
        Table& table = add_table(std::move(t));
        commits.write(table, [rec](storage::Database& d) { d.create_game(rec); });
        commits.unit_of(table).creates = true;
        auto out = table.game->start();
        if (!note.empty()) out.insert(out.begin(), to_table(note));
        // The game's number, for verify (docs/FAIRNESS.md).
        out.push_back(to_table(fmt::format("This is {} game #{}; verify {} shows its deal.",
                                           k->title(), table.game_id, table.game_id)));
        if (!start.note.empty()) out.push_back(to_table(start.note));
        deliver(table, out);
        play_computers(table);  // an opponent that moves first (an ambush)
    };
    if (!start.proven) {
        create(n, r.from.nick, r.key, start.deal ? *start.deal : deals.next(), "");
        return;
    }
    // A proven deal: the kind searches off the event loop; candidates are drawn here so the
    // sequence of deal numbers stays the daemon's.
    std::vector<std::uint64_t> candidates;
    for (int i = 0; i < 8; ++i) candidates.push_back(deals.next());
    reply_private(r, fmt::format("Looking for a {} deal proven winnable...",
                                 kind.ladder().title_of(start.variant)));
    const std::string network = n.name, nick = r.from.nick, key = r.key;
    // A rehash may replace the kinds meanwhile: the job holds its own reference.
    std::shared_ptr<const GameKind> finder;
    for (const auto& k : kinds)
        if (k.get() == &kind) finder = k;
    worker.run(
        [this, network, nick, key, finder, start, candidates, create]() -> Worker::Continuation {
            std::optional<std::pair<std::uint64_t, std::string>> found;
            if (finder) found = finder->seating().as_private()->find_deal(start, candidates);
            return [this, network, nick, key, found, create] {
                // Found again by name: a rehash may have replaced the network.
                auto it = nets.find(network);
                if (it == nets.end()) return;
                if (found) {
                    create(*it->second, nick, key, found->first, found->second);
                    return;
                }
                send_to_nick(*it->second, nick, key,
                             "No deal could be proven winnable in time; try again, or type new for "
                             "an ordinary deal.",
                             false);
            };
        });
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
