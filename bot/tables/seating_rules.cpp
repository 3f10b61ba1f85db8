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

Checked<Done> SeatingRules::room(const std::vector<Table*>& here, const GameKind& kind) const {
    // Games under way only: a table taking players or a challenge holds no game's place,
    // nor does an event's game (bot/tourney/: an event deals its rounds whatever the room).
    std::vector<const Table*> playing;
    long of_kind = 0;
    for (const Table* t : here)
        if (t->phase == Table::Phase::Playing && !t->setup.options.count("event")) {
            playing.push_back(t);
            of_kind += t->kind == &kind;
        }
    if (const int cap = config_of(kind).per_channel; cap > 0 && of_kind >= cap)
        return Refusal{fmt::format("{} {} {} under way here, the most this channel allows", of_kind,
                                   kind.title(), of_kind == 1 ? "duel is" : "duels are")};
    if (static_cast<int>(playing.size()) < std::max(1, cfg_.limits.tables_per_channel))
        return Done{};
    if (playing.size() == 1)
        return Refusal{fmt::format("{} {} game is under way here",
                                   capitalised(article(playing.front()->kind->title())),
                                   playing.front()->kind->title())};
    return Refusal{
        fmt::format("{} games are under way here, the most this channel allows", playing.size())};
}

Table* SeatingRules::waiting_of(const std::vector<Table*>& here, const std::string& person) {
    for (Table* t : here)
        if (t->phase == Table::Phase::Joining && t->opener_key == person) return t;
    return nullptr;
}

SeatingRules::Left SeatingRules::leave(Table& t, int seat, const std::string& nick) {
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

}  // namespace croupier::bot
