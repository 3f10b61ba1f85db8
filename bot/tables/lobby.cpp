// Tables still taking players (a channel table in its join window, a duel challenge) are
// kept in the database, so a restart does not lose them: they come back with their seats
// and the rest of their join window, and it ends as it would have (the game starts, or the
// table closes with a word).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <sstream>

#include <fmt/format.h>

#include "bot/log.hpp"
#include "bot/strings.hpp"
#include "bot/tables/lobby.hpp"

#include "bot/tables/services.hpp"

namespace croupier::bot {

namespace {

// A join window that ended while the daemon was down gets this long after the restart,
// so the people at the table see it end (start or close) rather than vanish.
constexpr Duration kAfterRestart{60000};

// "v1", then lines: "challenge TAB folded-nick TAB nick", "seat TAB nick TAB key TAB 0|1",
// and "ready" for a table waiting for a game to end. Nicks and keys never hold a tab or a
// newline (IRC forbids them). bot/rekey.cpp replaces the keys of seat lines: a change here
// is a change there.
std::string encode(const Table& t) {
    std::string out = "v1\n";
    out += "challenge\t" + t.challenged + "\t" + t.challenged_nick + "\n";
    if (t.ready) out += "ready\n";
    for (const auto& s : t.seats)
        out += "seat\t" + s.nick + "\t" + s.key + "\t" + (s.computer ? "1" : "0") + "\n";
    return out;
}

bool decode(const std::string& data, Table& t) {
    std::istringstream in(data);
    std::string line;
    if (!std::getline(in, line) || line != "v1") return false;
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::size_t from = 0;
        for (;;) {
            const auto tab = line.find('\t', from);
            f.push_back(line.substr(from, tab - from));
            if (tab == std::string::npos) break;
            from = tab + 1;
        }
        if (f[0] == "challenge" && f.size() == 3) {
            t.challenged = f[1];
            t.challenged_nick = f[2];
        } else if (f[0] == "ready" && f.size() == 1) {
            t.ready = true;
        } else if (f[0] == "seat" && f.size() == 4 && !f[1].empty() && !f[2].empty()) {
            Seat s;
            s.nick = f[1];
            s.key = f[2];
            s.computer = f[3] == "1";
            t.seats.push_back(s);
        } else {
            return false;
        }
    }
    return !t.seats.empty();
}

}  // namespace

void Lobby::remember(Table& t) {
    if (t.in_private || t.phase != Table::Phase::Joining) return;
    // Not a move: the table goes on whatever the disk says; only a restart before the next
    // change could lose it (the writer's log line says so).
    const std::string drop =
        !t.lobby_opener.empty() && t.lobby_opener != t.opener_key ? t.lobby_opener : std::string();
    commits.write_aside(
        fmt::format("{}: the {} table taking players", t.place, t.kind->title()),
        [drop, row = storage::LobbyRow{t.net->name, t.place_key, t.kind->name(), t.opener_key,
                                       encode(t), t.join_deadline}](storage::Database& d) {
            if (!drop.empty()) d.drop_lobby(row.network, row.place, row.kind, drop);
            d.save_lobby(row);
        });
    t.lobby_opener = t.opener_key;
}

void Lobby::forget(Table& t) {
    if (t.lobby_opener.empty()) return;
    // Left in the database if this fails: at the next start it is found dealt or gone and
    // dropped.
    commits.write_aside(
        fmt::format("{}: the {} table's waiting-room row", t.place, t.kind->title()),
        [network = t.net->name, place = t.place_key, kind = t.kind->name(),
         opener = t.lobby_opener](storage::Database& d) {
            d.drop_lobby(network, place, kind, opener);
        });
    t.lobby_opener.clear();
}

void Lobby::arm_join_window(Table& t, Duration d) {
    // Whole seconds, rounded up: the deadline is saved with the lobby and said to players.
    t.join_deadline = clock.unix_now() +
                      std::chrono::duration_cast<std::chrono::seconds>(d + Duration{999}).count();
    timers.after(t, Slot::JoinWindow, d, [](Table& tt) {
        if (tt.phase == Table::Phase::Joining) tt.way->window_over(tt);
    });
}

void Lobby::restore() {
    std::vector<storage::LobbyRow> rows;
    try {
        rows = db->lobbies();
    } catch (const std::exception& e) {
        log::warn("tables taking players could not be read: {}", e.what());
        return;
    }
    const std::int64_t now = clock.unix_now();
    int restored = 0;
    for (const auto& row : rows) {
        auto nit = nets.find(row.network);
        const GameKind* kind = kind_by_name(row.kind);
        auto t = (nit != nets.end() && kind && !s.seatings.of(*kind).in_private())
                     ? s.registry.make_table(*nit->second, *kind, row.place, false)
                     : nullptr;
        if (!t || !decode(row.data, *t)) {
            log::warn(
                "dropping a saved {} table at {}/{}: its network or game is gone, or it "
                "cannot be read",
                row.kind, row.network, row.place);
            try {
                db->drop_lobby(row.network, row.place, row.kind, row.opener);
            } catch (const std::exception&) {
            }
            continue;
        }
        t->opener_key = row.opener;
        t->lobby_opener = row.opener;
        t->join_deadline = row.deadline;
        // The channel's name as the table shows it: the folded form is all that is kept.
        t->place = row.place;
        t->back = Table::Back::Restart;  // said once the bot is in the channel
        Table& table = s.registry.add_table(std::move(t));
        ++restored;
        // Ready and waiting: dealt when a game there ends (or, if one fits, once the bot is
        // back in the channel: bot_joined).
        if (table.ready) continue;
        const Duration left = row.deadline > now
                                  ? std::max(Duration{(row.deadline - now) * 1000}, Duration{1000})
                                  : kAfterRestart;
        arm_join_window(table, left);
    }
    if (restored) log::info("restored {} table(s) still taking players", restored);
}

}  // namespace croupier::bot
