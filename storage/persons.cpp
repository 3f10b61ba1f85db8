// SPDX-License-Identifier: GPL-3.0-or-later
// The database's persons: remembered and listed, and moved to new keys (rekey_persons), the
// persons that end on one key merged with all they own (docs/STORAGE.md).
#include "storage/storage.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "storage/query_detail.hpp"

namespace croupier::storage {

using detail::Scope;

void Database::remember_person(const std::string& network, const PersonRow& p) {
    auto q = prepare(
        "INSERT INTO persons (network, key, nick, nick_key, account, userhost, "
        "seen) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (network, key) DO UPDATE "
        "SET nick = excluded.nick, nick_key = excluded.nick_key, account = "
        "excluded.account, userhost = excluded.userhost, seen = excluded.seen");
    q.bind(1, network);
    q.bind(2, p.key);
    q.bind(3, p.nick);
    q.bind(4, p.nick_key);
    q.bind(5, p.account);
    q.bind(6, p.userhost);
    q.bind(7, static_cast<std::int64_t>(p.seen));
    q.exec();
}

std::vector<PersonRow> Database::persons(const std::string& network) const {
    auto q = prepare(
        "SELECT key, nick, nick_key, account, userhost, seen FROM persons WHERE "
        "network = ? ORDER BY seen");
    q.bind(1, network);
    std::vector<PersonRow> out;
    while (q.executeStep()) {
        PersonRow p;
        p.key = q.getColumn(0).getString();
        p.nick = q.getColumn(1).getString();
        p.nick_key = q.getColumn(2).getString();
        p.account = q.getColumn(3).getString();
        p.userhost = q.getColumn(4).getString();
        p.seen = q.getColumn(5).getInt64();
        out.push_back(std::move(p));
    }
    return out;
}

// ------------------------------------------------------------------ persons moved and merged

namespace {

// A kept blob's slot: "<slot>~<old key>", with "#2", "#3"... if even that is taken.
std::string spare_slot(const std::string& slot, const std::string& old_key,
                       const std::set<std::string>& taken) {
    const std::string base = slot + "~" + old_key;
    std::string name = base;
    for (int n = 2; taken.count(name); ++n) name = base + "#" + std::to_string(n);
    return name;
}

}  // namespace

// The persons of one network that end on one key, `members` oldest seen first (the last is
// the most recently seen): their rows in persons, players, ratings, xp, prefs and saved
// become the rows of `key` (docs/STORAGE.md says how each is merged).
void Database::merge_persons(const std::string& network, const std::string& key,
                             const std::vector<const PersonRow*>& members) {
    const PersonRow& newest = *members.back();
    auto drop = [&](const char* table) {
        auto q = prepare(fmt::format("DELETE FROM {} WHERE network = ? AND key = ?", table));
        for (const PersonRow* m : members) {
            q.reset();
            q.bind(1, network);
            q.bind(2, m->key);
            q.exec();
        }
    };

    // persons: one row, as the most recently seen was.
    {
        std::string userhost = newest.userhost, account = newest.account;
        for (const PersonRow* m : members) {
            if (userhost.empty()) userhost = m->userhost;
            if (account.empty()) account = m->account;
        }
        drop("persons");
        PersonRow row = newest;
        row.key = key;
        row.userhost = userhost;
        row.account = account;
        remember_person(network, row);
    }

    // players: the earliest created, the newest nick (the most recently seen person's).
    {
        std::optional<std::int64_t> created;
        auto q = prepare("SELECT created FROM players WHERE network = ? AND key = ?");
        for (const PersonRow* m : members) {
            q.reset();
            q.bind(1, network);
            q.bind(2, m->key);
            if (q.executeStep()) {
                const std::int64_t c = q.getColumn(0).getInt64();
                created = created ? std::min(*created, c) : c;
            }
        }
        if (created) {
            drop("players");
            auto add =
                prepare("INSERT INTO players (network, key, nick, created) VALUES (?, ?, ?, ?)");
            add.bind(1, network);
            add.bind(2, key);
            add.bind(3, newest.nick);
            add.bind(4, *created);
            add.exec();
        }
    }

    // ratings per kind and variant: counts summed, the rating weighted by games.
    {
        struct Sum {
            double weighted = 0, plain = 0;
            std::int64_t games = 0, wins = 0, points = 0, rows = 0;
        };
        std::map<std::pair<std::string, std::string>, Sum> sums;
        auto q = prepare(
            "SELECT kind, variant, rating, games, wins, points FROM ratings WHERE network = ? "
            "AND key = ?");
        for (const PersonRow* m : members) {
            q.reset();
            q.bind(1, network);
            q.bind(2, m->key);
            while (q.executeStep()) {
                Sum& s = sums[{q.getColumn(0).getString(), q.getColumn(1).getString()}];
                const double rating = q.getColumn(2).getDouble();
                const std::int64_t games = q.getColumn(3).getInt64();
                s.weighted += rating * static_cast<double>(games);
                s.plain += rating;
                s.games += games;
                s.wins += q.getColumn(4).getInt64();
                s.points += q.getColumn(5).getInt64();
                ++s.rows;
            }
        }
        drop("ratings");
        auto add = prepare(
            "INSERT INTO ratings (network, key, kind, variant, rating, games, wins, points) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        for (const auto& [kv, s] : sums) {
            add.reset();
            add.bind(1, network);
            add.bind(2, key);
            add.bind(3, kv.first);
            add.bind(4, kv.second);
            add.bind(5, s.games > 0 ? s.weighted / static_cast<double>(s.games)
                                    : s.plain / static_cast<double>(s.rows));
            add.bind(6, s.games);
            add.bind(7, s.wins);
            add.bind(8, s.points);
            add.exec();
        }
    }

    // xp: summed per kind.
    {
        std::map<std::string, std::int64_t> sums;
        auto q = prepare("SELECT kind, xp FROM xp WHERE network = ? AND key = ?");
        for (const PersonRow* m : members) {
            q.reset();
            q.bind(1, network);
            q.bind(2, m->key);
            while (q.executeStep()) sums[q.getColumn(0).getString()] += q.getColumn(1).getInt64();
        }
        drop("xp");
        auto add = prepare("INSERT INTO xp (network, key, kind, xp) VALUES (?, ?, ?, ?)");
        for (const auto& [kind, xp] : sums) {
            add.reset();
            add.bind(1, network);
            add.bind(2, key);
            add.bind(3, kind);
            add.bind(4, xp);
            add.exec();
        }
    }

    // prefs: the most recently seen person's value wins (members go oldest first).
    {
        std::map<std::string, std::string> values;
        auto q = prepare("SELECT name, value FROM prefs WHERE network = ? AND key = ?");
        for (const PersonRow* m : members) {
            q.reset();
            q.bind(1, network);
            q.bind(2, m->key);
            while (q.executeStep()) values[q.getColumn(0).getString()] = q.getColumn(1).getString();
        }
        drop("prefs");
        auto add = prepare("INSERT INTO prefs (network, key, name, value) VALUES (?, ?, ?, ?)");
        for (const auto& [name, value] : values) {
            add.reset();
            add.bind(1, network);
            add.bind(2, key);
            add.bind(3, name);
            add.bind(4, value);
            add.exec();
        }
    }

    // saved: the newest blob of a (kind, slot) keeps the slot; every other one is kept under
    // "<slot>~<old key>", which nothing reads as a slot of its own.
    {
        struct Blob {
            std::string kind, slot, data, owner;
            int version = 1;
            std::int64_t updated = 0;
            std::size_t order = 0;  // the owner's place among the members
        };
        std::map<std::pair<std::string, std::string>, std::vector<Blob>> blobs;
        auto q = prepare(
            "SELECT kind, slot, version, data, updated FROM saved WHERE network = ? AND key = ?");
        for (std::size_t i = 0; i < members.size(); ++i) {
            q.reset();
            q.bind(1, network);
            q.bind(2, members[i]->key);
            while (q.executeStep()) {
                Blob b;
                b.kind = q.getColumn(0).getString();
                b.slot = q.getColumn(1).getString();
                b.version = q.getColumn(2).getInt();
                b.data = q.getColumn(3).getString();
                b.updated = q.getColumn(4).getInt64();
                b.owner = members[i]->key;
                b.order = i;
                blobs[{b.kind, b.slot}].push_back(std::move(b));
            }
        }
        drop("saved");
        std::map<std::string, std::set<std::string>> taken;  // kind -> slots
        for (const auto& [ks, list] : blobs) taken[ks.first].insert(ks.second);
        auto add = prepare(
            "INSERT INTO saved (network, key, kind, slot, version, data, updated) VALUES (?, "
            "?, ?, ?, ?, ?, ?)");
        for (auto& [ks, list] : blobs) {
            std::stable_sort(list.begin(), list.end(), [](const Blob& a, const Blob& b) {
                return std::tie(a.updated, a.order) < std::tie(b.updated, b.order);
            });
            for (std::size_t i = 0; i < list.size(); ++i) {
                const Blob& b = list[i];
                std::string slot = b.slot;
                if (i + 1 < list.size()) {
                    slot = spare_slot(b.slot, b.owner, taken[b.kind]);
                    taken[b.kind].insert(slot);
                }
                add.reset();
                add.bind(1, network);
                add.bind(2, key);
                add.bind(3, b.kind);
                add.bind(4, slot);
                add.bind(5, b.version);
                add.bind(6, b.data.data(), static_cast<int>(b.data.size()));
                add.bind(7, b.updated);
                add.exec();
            }
        }
    }
}

std::size_t Database::rekey_persons(const Rekey& r) {
    std::map<std::string, std::vector<PersonRow>> by_network;
    // Where each person goes, per network: decided before anything is written.
    std::map<std::string, std::map<std::string, std::string>> moves;
    const auto plan = [&] {
        by_network.clear();
        moves.clear();
        auto q = prepare(
            "SELECT network, key, nick, nick_key, account, userhost, seen FROM persons ORDER BY "
            "network, key");
        while (q.executeStep()) {
            PersonRow p;
            p.key = q.getColumn(1).getString();
            p.nick = q.getColumn(2).getString();
            p.nick_key = q.getColumn(3).getString();
            p.account = q.getColumn(4).getString();
            p.userhost = q.getColumn(5).getString();
            p.seen = q.getColumn(6).getInt64();
            by_network[q.getColumn(0).getString()].push_back(std::move(p));
        }
        for (const auto& [network, rows] : by_network) {
            std::map<std::string, std::string> wanted;
            for (const auto& row : rows) wanted[row.key] = r.key ? r.key(network, row) : row.key;
            for (const auto& [from, to] : wanted) {
                // A key that is itself someone's old key goes on to where that one goes.
                std::string end = to;
                std::set<std::string> seen{from};
                for (auto it = wanted.find(end);
                     it != wanted.end() && it->second != end && seen.insert(end).second;
                     it = wanted.find(end))
                    end = it->second;
                if (end != from) moves[network][from] = end;
            }
        }
    };
    // Looked at without a write lock first: on most starts nothing moves, and nothing waits
    // for a lock another process (a backup, an operator's shell) may hold.
    plan();
    if (moves.empty()) return 0;
    Scope tx(*db_);
    plan();  // again, under the lock
    if (moves.empty()) return 0;

    std::size_t moved = 0;
    // ratings reference players: both are rewritten, checked at the commit.
    db_->exec("PRAGMA defer_foreign_keys = ON");
    for (const auto& [network, moved_here] : moves) {
        moved += moved_here.size();
        // The persons that end on each key, the one who has it already included.
        std::map<std::string, std::vector<const PersonRow*>> groups;
        for (const auto& row : by_network[network]) {
            auto it = moved_here.find(row.key);
            groups[it == moved_here.end() ? row.key : it->second].push_back(&row);
        }
        for (auto& [key, members] : groups) {
            if (members.size() == 1 && members.front()->key == key) continue;
            std::stable_sort(members.begin(), members.end(),
                             [](const PersonRow* a, const PersonRow* b) {
                                 return std::tie(a->seen, a->key) < std::tie(b->seen, b->key);
                             });
            merge_persons(network, key, members);
        }

        // Every other row holding a person key on this network takes the new key: results (a
        // result's network is its game's), the daily deal's games, the events' players.
        for (const char* sql :
             {"UPDATE results SET key = ? WHERE key = ? AND game_id IN (SELECT id FROM games "
              "WHERE network = ?)",
              "UPDATE daily_games SET key = ? WHERE key = ? AND network = ?",
              "UPDATE event_players SET key = ? WHERE key = ? AND event_id IN (SELECT id FROM "
              "events WHERE network = ?)"}) {
            auto q = prepare(sql);
            for (const auto& [from, to] : moved_here) {
                q.reset();
                q.bind(1, to);
                q.bind(2, from);
                q.bind(3, network);
                q.exec();
            }
        }

        // games: every setup of the network, open or ended.
        if (r.setup) {
            std::vector<std::pair<std::int64_t, std::string>> changed;
            {
                auto q = prepare("SELECT id, setup FROM games WHERE network = ?");
                q.bind(1, network);
                while (q.executeStep()) {
                    const std::string setup = q.getColumn(1).getString();
                    std::string now = r.setup(setup, moved_here);
                    if (now != setup) changed.emplace_back(q.getColumn(0).getInt64(), now);
                }
            }
            auto q = prepare("UPDATE games SET setup = ? WHERE id = ?");
            for (const auto& [id, setup] : changed) {
                q.reset();
                q.bind(1, setup);
                q.bind(2, id);
                q.exec();
            }
        }

        // lobbies: the opener (part of the row's key) and the seats.
        {
            std::vector<LobbyRow> changed;
            {
                auto q = prepare(
                    "SELECT place, kind, opener, data, deadline FROM lobbies WHERE network = ?");
                q.bind(1, network);
                while (q.executeStep()) {
                    LobbyRow l{network,
                               q.getColumn(0).getString(),
                               q.getColumn(1).getString(),
                               q.getColumn(2).getString(),
                               q.getColumn(3).getString(),
                               q.getColumn(4).getInt64()};
                    const std::string opener = l.opener, data = l.data;
                    if (auto it = moved_here.find(l.opener); it != moved_here.end())
                        l.opener = it->second;
                    if (r.lobby) l.data = r.lobby(l.data, moved_here);
                    if (l.opener != opener || l.data != data) {
                        changed.push_back(l);
                        changed.back().opener = opener;  // the row to drop
                        changed.push_back(std::move(l));
                    }
                }
            }
            for (std::size_t i = 0; i < changed.size(); i += 2) {
                const LobbyRow& old = changed[i];
                drop_lobby(network, old.place, old.kind, old.opener);
            }
            // Two tables of one kind in one channel whose openers became one person: the one
            // whose window ends last is kept.
            auto q = prepare(
                "INSERT INTO lobbies (network, place, kind, opener, data, deadline) VALUES (?, ?, "
                "?, ?, ?, ?) ON CONFLICT (network, place, kind, opener) DO UPDATE SET data = "
                "excluded.data, deadline = excluded.deadline WHERE excluded.deadline > "
                "lobbies.deadline");
            for (std::size_t i = 1; i < changed.size(); i += 2) {
                const LobbyRow& l = changed[i];
                q.reset();
                q.bind(1, l.network);
                q.bind(2, l.place);
                q.bind(3, l.kind);
                q.bind(4, l.opener);
                q.bind(5, l.data);
                q.bind(6, l.deadline);
                q.exec();
            }
        }

        // kv: the next dealer of each channel of the network ("dealer:" before issue 28).
        for (const std::string& prefix :
             {"next-dealer:" + network + ":", "dealer:" + network + ":"}) {
            std::vector<std::pair<std::string, std::string>> changed;
            {
                auto q = prepare("SELECT name, value FROM kv WHERE substr(name, 1, ?) = ?");
                q.bind(1, static_cast<int>(prefix.size()));
                q.bind(2, prefix);
                while (q.executeStep())
                    if (auto it = moved_here.find(q.getColumn(1).getString());
                        it != moved_here.end())
                        changed.emplace_back(q.getColumn(0).getString(), it->second);
            }
            for (const auto& [name, value] : changed) set_value(name, value);
        }
    }
    tx.commit();
    pref_cache_.clear();  // read again when asked for
    pref_cached_ = 0;
    return moved;
}

}  // namespace croupier::storage
