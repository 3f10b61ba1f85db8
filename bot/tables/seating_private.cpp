// A person's private game: dealt at once in private messages (`new ARGS`, perhaps a deal
// proven winnable off the event loop), against the computer where the kind has an
// opponent.
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
    if (said_no(r, rules.may_open_private(open))) return;
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
        try {
            rec = new_game_record(*k, net, nick, t->setup);
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

}  // namespace croupier::bot
