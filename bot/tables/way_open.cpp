// An open table in a channel (bot/tables/way_open.hpp): opened with the game's name, joined
// during its window (join, leave, bot, start), its joins told together, then dealt, the
// winner of the last game there dealing.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/way_open.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "bot/log.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "bot/tables/services.hpp"
#include "bot/tables/text.hpp"

namespace croupier::bot {

Aside OpenTableRules::holds_one(const Table& t) const {
    const std::string& p = cfg_.bot.prefix;
    const std::string& title = t.kind->title();
    constexpr const char* kOne = "one is the most a person may have waiting in a channel";
    if (t.ready)
        return Aside{
            fmt::format("Your {} table here waits for a game to end to be dealt, and {}: "
                        "{}leave gives up your seat.",
                        title, kOne, p)};
    return Aside{
        fmt::format("You already have {} {} table taking players here, and {}: {}start "
                    "deals it, {}leave gives up your seat.",
                    article(title), title, kOne, p, p)};
}

Table* OpenTableRules::taking_players(const std::vector<Table*>& here, const GameKind* kind) {
    Table* open = nullptr;
    for (Table* t : here)
        if (t->phase == Table::Phase::Joining && (!kind || t->kind == kind)) open = t;
    return open;
}

SeatingAnswer OpenTableRules::may_open(const std::vector<Table*>& here, const GameKind& kind,
                                       const std::string& person, const Table* open) const {
    const std::string& p = cfg_.bot.prefix;
    if (open)
        return Refusal{fmt::format("{} {} table is already open here: type {}join to sit down.",
                                   capitalised(article(open->kind->title())), open->kind->title(),
                                   p)};
    // One open table of a kind in a channel at a time (duels may be several).
    for (const Table* t : here)
        if (t->kind == &kind && !t->seated(person))
            return Refusal{
                fmt::format("{} {} game is under way here; wait for it to end (see {}table).",
                            capitalised(article(kind.title())), kind.title(), p)};
    for (const Table* t : here)
        if (t->kind == &kind && t->seated(person))
            return Refusal{fmt::format("You are already playing {} here; finish that game first.",
                                       kind.title())};
    return std::nullopt;
}

SeatingAnswer OpenTableRules::open_args(const GameKind& kind, const std::string& arg) const {
    const std::string& p = cfg_.bot.prefix;
    if (!arg.empty() && arg != "bot")
        return Refusal{fmt::format("Usage: {}{} or {}{} bot (with a computer player).", p,
                                   kind.name(), p, kind.name())};
    if (arg == "bot" && !SeatingRules::config_of(kind).computer_players)
        return Refusal{"Computer players are turned off here."};
    return std::nullopt;
}

SeatingAnswer OpenTableRules::may_join(const Table& t, const std::vector<Table*>& here,
                                       const std::string& person) const {
    if (t.phase != Table::Phase::Joining) {
        if (t.seated(person)) return Refusal{"You are already playing here."};
        return Refusal{"A game is under way here; you can join the next one."};
    }
    if (t.seat_of(person) >= 0)
        return Refusal{
            fmt::format("You are already at the table; the opener can {}start.", cfg_.bot.prefix)};
    for (const Table* o : here)
        if (o != &t && o->kind == t.kind && o->seated(person))
            return Refusal{fmt::format("You are already playing {} here; finish that game first.",
                                       o->kind->title())};
    if (const auto& tc = SeatingRules::config_of(*t.kind);
        static_cast<int>(t.seats.size()) >= tc.max_players)
        return Refusal{fmt::format("The table is full ({} players).", tc.max_players)};
    return std::nullopt;
}

SeatingAnswer OpenTableRules::may_add_computer(const Table& t) const {
    const auto& tc = SeatingRules::config_of(*t.kind);
    if (!tc.computer_players) return Refusal{"Computer players are turned off here."};
    if (static_cast<int>(t.seats.size()) >= tc.max_players)
        return Refusal{fmt::format("The table is full ({} players).", tc.max_players)};
    return std::nullopt;
}

SeatingAnswer OpenTableRules::may_start(const Table& t, const std::string& person) const {
    const std::string& p = cfg_.bot.prefix;
    if (t.phase != Table::Phase::Joining) return Refusal{"The game is already under way."};
    if (person != t.opener_key)
        return Refusal{
            "Only the player who opened the table can start it early; otherwise it starts when "
            "the join window ends."};
    if (t.ready)
        return Aside{"The table is ready and waits for a game here to end; it is dealt then."};
    if (const auto& tc = SeatingRules::config_of(*t.kind);
        static_cast<int>(t.seats.size()) < tc.min_players)
        return Refusal{fmt::format(
            "{} needs at least {} players; {} sit{}. Others can {}join, "
            "or add a computer player with {}bot.",
            t.kind->title(), tc.min_players, t.seats.size(), t.seats.size() == 1 ? "s" : "", p, p)};
    return std::nullopt;
}

int OpenTableRules::dealer(const Table& t, const std::string& last_winner) {
    if (!last_winner.empty() && t.seat_of(last_winner) >= 0) return t.seat_of(last_winner);
    return std::max(0, t.seat_of(t.opener_key));
}

OpenTables::OpenTables(TableServices& services) : SeatingWay(services), rules_(services.cfg) {}

std::vector<SeatingWay::WayCommand> OpenTables::commands(const GameKind& kind) {
    using W = Command::Where;
    // Found again by name when run: a rehash replaces the kinds.
    const std::string m = kind.name();
    auto on_kind = [this, m](void (OpenTables::*f)(Request&, const GameKind&)) {
        return [this, m, f](Request& r) {
            if (const GameKind* k = kind_by_name(m)) (this->*f)(r, *k);
        };
    };
    auto run = [this](void (OpenTables::*f)(Request&)) {
        return [this, f](Request& r) { (this->*f)(r); };
    };
    return {
        {{kind.name(), kind.aliases(), "[bot]",
          "opens " + article(kind.title()) + " " + kind.title() +
              " table here (with bot, a computer player sits down too)"},
         W::Channel,
         on_kind(&OpenTables::open_table)},
        {{"join", {}, "", "sits you down at the table opening here"},
         W::Channel,
         run(&OpenTables::join_table)},
        {{"leave", {}, "", "leaves the table (in a game: your cards are forfeited)"},
         W::Channel,
         run(&SeatingWay::leave)},
        {{"start", {}, "", "starts the game before the join window ends (the opener)"},
         W::Channel,
         run(&OpenTables::start_table)},
        {{"bot", {}, "", "adds a computer player to the table opening here"},
         W::Channel,
         run(&OpenTables::add_computer)},
        {{"table", {}, "", "shows who sits where, whose turn it is and the top card"},
         W::Channel,
         [this](Request& r) {
             r.page = true;
             s.play.show_table(r);
         }},
    };
}

std::string OpenTables::how_to_start(const GameKind& kind, const std::string& bot_nick) const {
    (void)bot_nick;
    return fmt::format("{}{} in a channel", cfg.bot.prefix, typed_name(kind));
}

std::string OpenTables::over_words(const GameKind& kind, std::int64_t id, const std::string& ended,
                                   const std::string& typed) const {
    return fmt::format("Your {} game #{} is over{}. Open another table with {}.", kind.title(), id,
                       ended, typed);
}

std::string OpenTables::open_command(const std::string& arg) const {
    return kinds_typed(cfg.bot.prefix, arg);
}

bool OpenTables::takes_players(const Table& t) const {
    return t.phase == Table::Phase::Joining && mine(t);
}

void OpenTables::window_over(Table& t) {
    const auto& c = table_config(*t.kind);
    if (static_cast<int>(t.seats.size()) >= c.min_players) {
        s.dealing.ready_to_start(t);
        return;
    }
    tell(t, fmt::format("Not enough players for {} (it needs {}): the table is "
                        "closed. Type {}{} to open another.",
                        t.kind->title(), c.min_players, cfg.bot.prefix, t.kind->name()));
    s.moves.close_table(t);
}

void OpenTables::before_deal(Table& t) {
    // The winner of the last game here deals, if that game was one of people only and they
    // sit here; else the opener. Playing order stays the order of joining, rotated so the
    // dealer comes first. (In a duel the challenger plays first.)
    std::string last_winner;
    try {
        last_winner = db->get_value(next_dealer_name(t)).value_or("");
    } catch (const std::exception& e) {
        log::warn("{}: the last dealer could not be read ({}); the opener deals", t.place,
                  e.what());
    }
    std::rotate(t.seats.begin(), t.seats.begin() + OpenTableRules::dealer(t, last_winner),
                t.seats.end());
}

std::string OpenTables::next_dealer_name(const Table& t) const {
    // Values under the older name "dealer:..." are never read: some were written by games
    // with computer players at them (before issue 28), so none can be trusted.
    return "next-dealer:" + t.net->name + ":" + t.place_key;
}

std::string OpenTables::back_words(const Table& t, const std::string& after,
                                   const std::string& left) const {
    std::vector<std::string> names;
    for (const auto& seat : t.seats) names.push_back(seat.nick);
    std::string opener = t.seats.front().nick;
    for (const auto& seat : t.seats)
        if (seat.key == t.opener_key) opener = seat.nick;
    return fmt::format(
        "The {} table {} opened is back after {}: {} sit{}, {}join to play ({} left).",
        t.kind->title(), opener, after, names_text(names, 6), names.size() == 1 ? "s" : "",
        cfg.bot.prefix, left);
}

void OpenTables::open_table(Request& r, const GameKind& kind) {
    NetCtx& n = *r.net;
    const std::string p = cfg.bot.prefix;
    const std::string arg = lower(r.args);
    const auto here = mine(s.registry.tables_in(n, r.channel));
    if (s.dealing.said_no(
            r, rules_.may_open(here, kind, r.key, s.registry.joining_table(n, r.channel, kind))) ||
        !s.dealing.one_window(r) || s.dealing.said_no(r, rules_.open_args(kind, arg)))
        return;
    const auto& tc = table_config(kind);
    Table& table = s.dealing.open_here(r, kind);
    // With a computer player: one line says both, and whether the opener can start now.
    const std::string computer = arg == "bot" ? s.dealing.seat_computer(table) : "";
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

void OpenTables::join_table(Request& r) {
    Table* t = s.registry.route(r, nullptr, true).value_or(nullptr);
    const auto here = s.registry.tables_in(*r.net, r.channel);
    if (t && !takes_players(*t)) {
        // Seated at a game here already, or the only table here is playing, or a challenge
        // (answered with accept, not joined).
        if (Table* open = OpenTableRules::taking_players(mine(here), r.kind)) t = open;
        if (t->phase == Table::Phase::Joining && !mine(*t)) t = nullptr;
    }
    if (!t) {
        refuse(r, "No table is open here. Open one with " + open_command() + ".");
        return;
    }
    if (s.dealing.said_no(r, rules_.may_join(*t, here, r.key))) return;
    t->seats.push_back(Seat{r.from.nick, r.key});
    s.lobby.remember(*t);
    t->pending_joins.push_back(r.from.nick);
    if (!timers.running(*t, Slot::Joins))
        timers.after(*t, Slot::Joins, std::chrono::seconds(2),
                     [this](Table& tt) { s.dealing.announce_joins(tt); });
}

void OpenTables::add_computer(Request& r) {
    Table* t = s.registry.route(r, nullptr, true).value_or(nullptr);
    if (t && !takes_players(*t))
        t = OpenTableRules::taking_players(mine(s.registry.tables_in(*r.net, r.channel)), r.kind);
    if (!t) {
        refuse(r, "No table is opening here. Open one with " + open_command(" bot") + ".");
        return;
    }
    if (s.dealing.said_no(r, rules_.may_add_computer(*t))) return;
    s.dealing.tell_burst(*t, Table::BurstKind::ComputersAdded, s.dealing.seat_computer(*t),
                         [](const Table& tt, const std::string& names, std::size_t many) {
                             return fmt::format("Computer player{} {} joined ({} players).",
                                                many == 1 ? "" : "s", names, tt.seats.size());
                         });
}

void OpenTables::start_table(Request& r) {
    Table* t = s.registry.route(r, nullptr, true).value_or(nullptr);
    if (!t) {
        refuse(r, "No table is open here. Open one with " + open_command() + ".");
        return;
    }
    if (s.dealing.said_no(r, rules_.may_start(*t, r.key))) return;
    s.dealing.ready_to_start(*t);
}

}  // namespace croupier::bot
