// The seating's rules and their words (bot/tables/seating_rules.hpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/seating_rules.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "bot/strings.hpp"
#include "bot/tables/text.hpp"

namespace croupier::bot {

const config::TableConfig& SeatingRules::config_of(const GameKind& kind) {
    if (const config::TableConfig* c = kind.seating().table_config()) return *c;
    static const config::TableConfig fallback;  // a table kind that gave none: the defaults
    return fallback;
}

Seat SeatingRules::computer_seat(int number) {
    Seat s;
    s.nick = computer_name(number);
    s.key = "*" + s.nick;  // '*' starts no person's key: no clash with a person
    s.computer = true;
    return s;
}

std::string SeatingRules::no_room(const std::vector<Table*>& here, const GameKind& kind) const {
    // Games under way only: a table taking players or a challenge holds no game's place.
    std::vector<const Table*> playing;
    long of_kind = 0;
    for (const Table* t : here)
        if (t->phase == Table::Phase::Playing) {
            playing.push_back(t);
            of_kind += t->kind == &kind;
        }
    if (const int cap = config_of(kind).per_channel; cap > 0 && of_kind >= cap)
        return fmt::format("{} {} {} under way here, the most this channel allows", of_kind,
                           kind.title(), of_kind == 1 ? "duel is" : "duels are");
    if (static_cast<int>(playing.size()) < std::max(1, cfg_.limits.tables_per_channel)) return "";
    if (playing.size() == 1)
        return fmt::format("{} {} game is under way here",
                           capitalised(article(playing.front()->kind->title())),
                           playing.front()->kind->title());
    return fmt::format("{} games are under way here, the most this channel allows", playing.size());
}

Table* SeatingRules::waiting_of(const std::vector<Table*>& here, const std::string& person) {
    for (Table* t : here)
        if (t->phase == Table::Phase::Joining && t->opener_key == person) return t;
    return nullptr;
}

SeatingNo SeatingRules::holds_one(const Table& t) const {
    const std::string& p = cfg_.bot.prefix;
    const std::string& title = t.kind->title();
    constexpr const char* kOne = "one is the most a person may have waiting in a channel";
    if (t.kind->seating() == Seating::Duel) {
        const std::string cmd =
            p + (t.kind->aliases().empty() ? t.kind->name() : t.kind->aliases().front());
        if (t.ready)
            return {fmt::format("Your {} duel here waits for a game to end, and {}: {} cancel "
                                "calls it off.",
                                title, kOne, cmd),
                    false};
        return {fmt::format("You already have a {} challenge open here (to {}), and {}: {} "
                            "cancel withdraws it.",
                            title, t.challenged.empty() ? "anyone" : t.challenged_nick, kOne, cmd),
                false};
    }
    if (t.ready)
        return {fmt::format("Your {} table here waits for a game to end to be dealt, and {}: "
                            "{}leave gives up your seat.",
                            title, kOne, p),
                false};
    return {fmt::format("You already have {} {} table taking players here, and {}: {}start "
                        "deals it, {}leave gives up your seat.",
                        article(title), title, kOne, p, p),
            false};
}

bool SeatingRules::takes_players(const Table& t) {
    return t.phase == Table::Phase::Joining && t.kind->seating() == Seating::Open;
}

Table* SeatingRules::taking_players(const std::vector<Table*>& here, const GameKind* kind) {
    Table* open = nullptr;
    for (Table* t : here)
        if (takes_players(*t) && (!kind || t->kind == kind)) open = t;
    return open;
}

SeatingAnswer SeatingRules::may_open(const std::vector<Table*>& here, const GameKind& kind,
                                     const std::string& person, const Table* open) const {
    const std::string& p = cfg_.bot.prefix;
    if (open)
        return SeatingNo{fmt::format("{} {} table is already open here: type {}join to sit down.",
                                     capitalised(article(open->kind->title())), open->kind->title(),
                                     p)};
    // One open table of a kind in a channel at a time (duels may be several).
    for (const Table* t : here)
        if (t->kind == &kind && !t->seated(person))
            return SeatingNo{
                fmt::format("{} {} game is under way here; wait for it to end (see {}table).",
                            capitalised(article(kind.title())), kind.title(), p)};
    for (const Table* t : here)
        if (t->kind == &kind && t->seated(person))
            return SeatingNo{fmt::format("You are already playing {} here; finish that game first.",
                                         kind.title())};
    if (const Table* held = waiting_of(here, person)) return holds_one(*held);
    return std::nullopt;
}

SeatingAnswer SeatingRules::open_args(const GameKind& kind, const std::string& arg) const {
    const std::string& p = cfg_.bot.prefix;
    if (!arg.empty() && arg != "bot")
        return SeatingNo{fmt::format("Usage: {}{} or {}{} bot (with a computer player).", p,
                                     kind.name(), p, kind.name())};
    if (arg == "bot" && !config_of(kind).computer_players)
        return SeatingNo{"Computer players are turned off here."};
    return std::nullopt;
}

SeatingAnswer SeatingRules::may_join(const Table& t, const std::vector<Table*>& here,
                                     const std::string& person) const {
    if (t.phase != Table::Phase::Joining) {
        if (t.seated(person)) return SeatingNo{"You are already playing here."};
        return SeatingNo{"A game is under way here; you can join the next one."};
    }
    if (t.seat_of(person) >= 0)
        return SeatingNo{
            fmt::format("You are already at the table; the opener can {}start.", cfg_.bot.prefix)};
    for (const Table* o : here)
        if (o != &t && o->kind == t.kind && o->seated(person))
            return SeatingNo{fmt::format("You are already playing {} here; finish that game first.",
                                         o->kind->title())};
    if (const auto& tc = config_of(*t.kind); static_cast<int>(t.seats.size()) >= tc.max_players)
        return SeatingNo{fmt::format("The table is full ({} players).", tc.max_players)};
    return std::nullopt;
}

SeatingAnswer SeatingRules::may_add_computer(const Table& t) const {
    const auto& tc = config_of(*t.kind);
    if (!tc.computer_players) return SeatingNo{"Computer players are turned off here."};
    if (static_cast<int>(t.seats.size()) >= tc.max_players)
        return SeatingNo{fmt::format("The table is full ({} players).", tc.max_players)};
    return std::nullopt;
}

SeatingAnswer SeatingRules::may_start(const Table& t, const std::string& person) const {
    const std::string& p = cfg_.bot.prefix;
    if (t.phase != Table::Phase::Joining) return SeatingNo{"The game is already under way."};
    if (person != t.opener_key)
        return SeatingNo{
            "Only the player who opened the table can start it early; otherwise it starts when "
            "the join window ends."};
    if (t.ready)
        return SeatingNo{"The table is ready and waits for a game here to end; it is dealt then.",
                         false};
    if (const auto& tc = config_of(*t.kind); static_cast<int>(t.seats.size()) < tc.min_players)
        return SeatingNo{fmt::format(
            "{} needs at least {} players; {} sit{}. Others can {}join, "
            "or add a computer player with {}bot.",
            t.kind->title(), tc.min_players, t.seats.size(), t.seats.size() == 1 ? "s" : "", p, p)};
    return std::nullopt;
}

int SeatingRules::dealer(const Table& t, const std::string& last_winner) {
    if (!last_winner.empty() && t.seat_of(last_winner) >= 0) return t.seat_of(last_winner);
    return std::max(0, t.seat_of(t.opener_key));
}

SeatingRules::Left SeatingRules::leave(Table& t, int seat, const std::string& nick) const {
    if (t.ready && t.kind->seating() == Seating::Duel) return Left::DuelOff;
    t.seats.erase(t.seats.begin() + seat);
    std::erase(t.pending_joins, nick);
    const auto person =
        std::find_if(t.seats.begin(), t.seats.end(), [](const Seat& s) { return !s.computer; });
    if (person == t.seats.end()) return Left::Empty;
    if (t.seat_of(t.opener_key) < 0) t.opener_key = person->key;
    if (t.ready && static_cast<int>(t.seats.size()) < config_of(*t.kind).min_players) {
        t.ready = false;  // too few to deal: it takes players again
        return Left::Reopens;
    }
    return Left::Stays;
}

Table* SeatingRules::answerable(const std::vector<Table*>& here, const std::string& person,
                                const std::string& nick_key, const GameKind* kind) {
    Table* open = nullptr;
    for (Table* t : here) {
        if (t->kind->seating() != Seating::Duel || t->phase != Table::Phase::Joining || t->ready)
            continue;
        if (kind && t->kind != kind) continue;
        if (t->opener_key == person) continue;
        if (t->challenged == nick_key) return t;
        if (t->challenged.empty() && !open) open = t;
    }
    return open;
}

Table* SeatingRules::own_challenge(const std::vector<Table*>& here, const std::string& person,
                                   const GameKind* kind) {
    for (Table* t : here)
        if (t->kind->seating() == Seating::Duel && t->phase == Table::Phase::Joining &&
            t->opener_key == person && (!kind || t->kind == kind))
            return t;
    return nullptr;
}

std::string SeatingRules::in_a_duel(const Table& mine, const std::string& cmd, bool or_cancel) {
    return fmt::format(
        "You are already in a duel ({} at {}); finish it first{}.", mine.kind->title(), mine.place,
        or_cancel && mine.phase == Table::Phase::Joining ? fmt::format(", or {} cancel", cmd) : "");
}

SeatingAnswer SeatingRules::may_open_private(int open) const {
    const int most = cfg_.limits.private_games_per_person;
    if (most < 1) return SeatingNo{"Private games are turned off here."};
    if (open >= most)
        return SeatingNo{
            fmt::format("You have {} private game{} open, the most allowed here; "
                        "finish or resign one first.",
                        open, open == 1 ? "" : "s")};
    return std::nullopt;
}

}  // namespace croupier::bot
