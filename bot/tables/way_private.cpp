// A person's private game: dealt at once in private messages (`new ARGS`, perhaps a deal
// proven winnable off the event loop), against the computer where the kind has an
// opponent.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/way_private.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "bot/log.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "bot/tables/services.hpp"
#include "bot/tables/text.hpp"

namespace croupier::bot {

std::vector<SeatingWay::WayCommand> PrivateGames::commands(const GameKind& kind) {
    using W = Command::Where;
    // Found again by name when run: a rehash replaces the kinds.
    const std::string m = kind.name();
    auto on_kind = [this, m](void (PrivateGames::*f)(Request&, const GameKind&)) {
        return [this, m, f](Request& r) {
            if (const GameKind* k = kind_by_name(m)) (this->*f)(r, *k);
        };
    };
    const PrivateSeating& p = *kind.seating().as_private();
    return {
        {{kind.name(), kind.aliases(), p.start_args(),
          "starts " + article(kind.title()) + " " + kind.title() +
              " game in private messages (in a channel, answers in private)"},
         W::Anywhere,
         on_kind(&PrivateGames::enter)},
        {{"new", {}, p.start_args(), p.start_help()}, W::Private, on_kind(&PrivateGames::new_game)},
    };
}

std::string PrivateGames::how_to_start(const GameKind& kind, const std::string& bot_nick) const {
    return fmt::format("/msg {} {}", bot_nick, typed_name(kind));
}

Table* PrivateGames::played_from_private(NetCtx& n, const std::string& person,
                                         const GameKind* kind) {
    return s.registry.private_game(n, person, kind);
}

std::optional<std::chrono::seconds> PrivateGames::abandon_after(const GameKind& kind) const {
    return kind.seating().as_private()->abandon_after();
}

std::string PrivateGames::start_command(const GameKind* kind) const {
    std::string out;
    for (const GameKind* k : s.seatings.kinds_of(*this, kinds)) {
        if (kind && k != kind) continue;
        out += (out.empty() ? "" : " or ") + typed_name(*k) + " new" +
               (kind ? "" : " (" + k->title() + ")");
    }
    return out;
}

SeatingAnswer PrivateGames::may_open(const config::Config& cfg, int open) {
    const int most = cfg.limits.private_games_per_person;
    if (most < 1) return Refusal{"Private games are turned off here."};
    if (open >= most)
        return Refusal{
            fmt::format("You have {} private game{} open, the most allowed here; "
                        "finish or resign one first.",
                        open, open == 1 ? "" : "s")};
    return std::nullopt;
}

void PrivateGames::enter(Request& r, const GameKind& kind) {
    r.channel.clear();  // the game is private, whatever the place
    if (r.args.empty())
        if (Table* t = s.registry.private_game(*r.net, r.key, &kind)) {
            s.moves.deliver(*t, t->game->show_table());
            return;
        }
    new_game(r, kind);
}

bool PrivateGames::said_no(Request& r, const GameKind& kind) {
    NetCtx& n = *r.net;
    if (Table* t = s.registry.private_game(n, r.key, &kind)) {
        refuse(r, fmt::format("You have {} {} game open ({}): type board to see it, "
                              "or {} to end it first.",
                              article(t->kind->title()), t->kind->title(), deal_words(t->setup),
                              t->kind->seating().as_private()->end_command()));
        return true;
    }
    int open = 0;
    for (auto& [id, t] : n.tables) open += t->in_private && t->seats.front().key == r.key;
    return s.dealing.said_no(r, may_open(cfg, open));
}

void PrivateGames::new_game(Request& r, const GameKind& kind) {
    NetCtx& n = *r.net;
    if (said_no(r, kind)) return;
    std::map<std::string, std::string> prefs;
    for (const auto& pref : kind.preferences())
        if (auto v = db->pref(n.name, r.key, kind.name() + "." + pref.name)) prefs[pref.name] = *v;
    const Checked<PrivateStart> asked = kind.seating().as_private()->start(r.args, prefs);
    if (!asked) {
        refuse(r, asked.why());
        return;
    }
    const PrivateStart& start = *asked;
    if (start.proven) {
        find_deal(r, kind, start);
        return;
    }
    // By kind name, not pointer: a rehash may replace the kinds while a deal is found.
    create(n, kind.name(), start, r.from.nick, r.key, start.deal ? *start.deal : deals.next(), "");
}

void PrivateGames::start_given(Request& r, const GameKind& kind, const PrivateStart& start) {
    r.channel.clear();  // the game is private, whatever the place
    if (said_no(r, kind)) return;
    create(*r.net, kind.name(), start, r.from.nick, r.key, start.deal ? *start.deal : deals.next(),
           "");
}

void PrivateGames::create(NetCtx& net, const std::string& kind_name, const PrivateStart& start,
                          const std::string& nick, const std::string& key, std::uint64_t d,
                          const std::string& note) {
    const GameKind* k = kind_by_name(kind_name);
    if (!k || s.registry.private_game(net, key, k)) return;  // one arrived meanwhile
    auto t = s.registry.make_table(net, *k, nick, true);
    t->seats.push_back(Seat{nick, key});
    t->setup.players = {nick};
    t->setup.persons = {key};
    t->setup.computer = {false};
    if (auto opponent = k->seating().computer_opponent(1)) {
        Seat seat;
        seat.nick = *opponent;
        seat.key = "*" + *opponent;
        seat.computer = true;
        t->seats.push_back(seat);
        t->setup.players.push_back(*opponent);
        t->setup.persons.push_back("");
        t->setup.computer.push_back(true);
    }
    t->setup.deal_number = d;
    t->setup.variant = start.variant;
    t->setup.options = start.options;
    // A daily deal is the same game for everyone: no saved data (a new party).
    const auto daily = start.options.find("daily");
    const bool is_daily = daily != start.options.end();
    // The person's saved data for this kind (an encounter's party), as for a table.
    try {
        if (!is_daily && kept_for(key, cfg.identity.saved_needs_account))
            if (auto saved = db->saved(net.name, key, k->name(), "data"))
                t->setup.options["saved.0"] = saved->data;
    } catch (const std::exception& e) {
        log::warn("{}: saved data could not be read ({}); the game starts without it", nick,
                  e.what());
    }
    k->deal_options(t->setup);
    storage::GameRecord rec;
    try {
        rec = s.dealing.new_game_record(*k, net, nick, t->setup);
    } catch (const std::exception& e) {
        log::error("the next game number could not be read: {}", e.what());
        send_to_nick(net, nick, key, kNewGameNotSaved, false);
        return;
    }
    t->game_id = t->setup.game_id = rec.id;
    t->game = k->create(t->setup);
    t->started_unix = t->last_activity = t->last_move_unix = rec.started;
    t->phase = Table::Phase::Playing;
    Table& table = s.registry.add_table(std::move(t));
    commits.write(table, [rec, daily = is_daily ? daily->second : "", key](storage::Database& d) {
        d.create_game(rec);
        if (!daily.empty()) d.daily_add(rec.id, rec.network, rec.kind, rec.variant, daily, key);
    });
    commits.unit_of(table).creates = true;
    auto out = table.game->start();
    if (!note.empty()) out.insert(out.begin(), to_table(note));
    // The game's number, for verify (docs/FAIRNESS.md); a daily deal's is sealed.
    if (is_daily) {
        const auto seal = start.options.find("daily.seal");
        out.push_back(to_table(fmt::format(
            "This is {} game #{}, {}; its number is sealed until the day ends (UTC): sha256 "
            "{}.",
            k->title(), table.game_id, deal_words(table.setup),
            seal == start.options.end() ? std::string("?") : seal->second)));
    } else {
        out.push_back(to_table(fmt::format("This is {} game #{}; verify {} shows its deal.",
                                           k->title(), table.game_id, table.game_id)));
    }
    if (!start.note.empty()) out.push_back(to_table(start.note));
    s.moves.deliver(table, std::move(out));
    s.moves.play_computers(table);  // an opponent that moves first (an ambush)
}

void PrivateGames::find_deal(Request& r, const GameKind& kind, const PrivateStart& start) {
    // A proven deal: the kind searches off the event loop; candidates are drawn here so the
    // sequence of deal numbers stays the daemon's.
    std::vector<std::uint64_t> candidates;
    for (int i = 0; i < 8; ++i) candidates.push_back(deals.next());
    reply_private(r, fmt::format("Looking for a {} deal proven winnable...",
                                 kind.ladder().title_of(start.variant)));
    const std::string network = r.net->name, nick = r.from.nick, key = r.key;
    // A rehash may replace the kinds meanwhile: the job holds its own reference.
    std::shared_ptr<const GameKind> finder;
    for (const auto& k : kinds)
        if (k.get() == &kind) finder = k;
    worker.run([this, network, nick, key, finder, start, candidates]() -> Worker::Continuation {
        std::optional<std::pair<std::uint64_t, std::string>> found;
        if (finder) found = finder->seating().as_private()->find_deal(start, candidates);
        return [this, network, nick, key, found, start, kind_name = finder ? finder->name() : ""] {
            // Found again by name: a rehash may have replaced the network.
            auto it = nets.find(network);
            if (it == nets.end()) return;
            if (found) {
                create(*it->second, kind_name, start, nick, key, found->first, found->second);
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
