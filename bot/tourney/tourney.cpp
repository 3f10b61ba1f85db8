// SPDX-License-Identifier: GPL-3.0-or-later
// Tournaments: the commands (bot/tourney/tourney.hpp). Running them: run.cpp.
#include "bot/tourney/tourney.hpp"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>

#include "bot/log.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "bot/tables/text.hpp"
#include "bot/tourney/state.hpp"

namespace croupier::bot {

namespace {

std::vector<std::string> words_of(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// "at=20:30" as seconds after midnight UTC; nullopt if it is not a time.
std::optional<int> time_of_day(const std::string& v) {
    if (v.size() != 5 || v[2] != ':') return std::nullopt;
    for (int i : {0, 1, 3, 4})
        if (!std::isdigit(static_cast<unsigned char>(v[static_cast<std::size_t>(i)])))
            return std::nullopt;
    const int h = std::stoi(v.substr(0, 2)), m = std::stoi(v.substr(3, 2));
    if (h > 23 || m > 59) return std::nullopt;
    return h * 3600 + m * 60;
}

}  // namespace

Tourneys::Tourneys(Clock& clock, const config::Config& cfg, const Kinds& kinds, Tables::Nets& nets,
                   Tables& tables, TablesHost& out, const Router& router)
    : clock_(clock),
      cfg_(cfg),
      kinds_(kinds),
      nets_(nets),
      tables_(tables),
      out_(out),
      router_(router) {
    tables_.on_event_game_over([this](std::int64_t event) { game_over(event); });
}

Tourneys::~Tourneys() {
    tables_.on_event_game_over(nullptr);
    if (tick_) clock_.cancel(tick_);
    for (const auto& [id, timer] : timers_) clock_.cancel(timer);
}

void Tourneys::add_commands(std::vector<Command>& commands) {
    const auto admins =
        std::find_if(commands.begin(), commands.end(), [](const Command& c) { return c.admin; });
    commands.insert(admins,
                    Command{{"tourney",
                             {"tournament"},
                             "[swiss|arena GAME [rounds=N|minutes=M] [at=HH:MM] | join | leave "
                             "| start | cancel | ID]",
                             "a tournament in this channel: opens one, joins it, shows its "
                             "standings"},
                            Command::Where::Anywhere,
                            false,
                            "",
                            [this](Request& r) { cmd(r); }});
}

std::string Tourneys::usage() const {
    const std::string p = cfg_.bot.prefix;
    return fmt::format(
        "{0}tourney swiss GAME rounds=N, {0}tourney arena GAME minutes=M (add "
        "at=HH:MM, UTC, to start then), {0}tourney join|leave|start|cancel, "
        "{0}tourney for the standings",
        p);
}

std::string Tourneys::link(std::int64_t id) const {
    return cfg_.web.link(fmt::format("/event/{}", id));
}

NetCtx* Tourneys::net_of(const std::string& network) {
    const auto it = nets_.find(network);
    return it == nets_.end() ? nullptr : it->second.get();
}

std::string Tourneys::nick_of(NetCtx& n, const storage::EventPlayerRow& p) const {
    if (const Person* known = n.people.known(p.key); known && !known->nick.empty())
        return known->nick;
    return p.nick;
}

std::optional<Tourneys::Event> Tourneys::here(Request& r) {
    if (!r.in_channel()) return std::nullopt;
    const std::string place = r.net->net->fold(r.channel);
    for (const auto& row : db_->events({"signup", "running"}, 1000))
        if (row.network == r.net->name && r.net->net->fold(row.channel) == place)
            return db_->event(row.id);
    return std::nullopt;
}

bool Tourneys::may_run(Request& r, const Event& e) {
    if (r.key == e.event.opener || router_.is_admin(*r.net, r.from)) return true;
    out_.refuse(r, fmt::format("Only {} (who opened tourney #{}) or an admin can do that.",
                               e.event.opener_nick, e.event.id));
    return false;
}

void Tourneys::cmd(Request& r) {
    if (!db_) return;
    const auto words = words_of(lower(r.args));
    const std::string first = words.empty() ? "" : words[0];
    try {
        if (first == "swiss" || first == "arena")
            open(r, words);
        else if (first == "join")
            join(r);
        else if (first == "leave" || first == "withdraw")
            leave(r);
        else if (first == "start")
            start_cmd(r);
        else if (first == "cancel")
            cancel(r);
        else if (first.empty() || std::all_of(first.begin(), first.end(), [](char c) {
                     return std::isdigit(static_cast<unsigned char>(c)) || c == '#';
                 }))
            show(r, words);
        else
            out_.refuse(r, fmt::format("\"{}\" is not a tourney command. Type {}.",
                                       render::quote_user(words[0], 20), usage()));
    } catch (const std::exception& e) {
        log::error("tourney: {}", e.what());
        out_.refuse(r, "The tourney could not be saved (the bot's log says why); try again.");
    }
}

void Tourneys::open(Request& r, const std::vector<std::string>& words) {
    const std::string p = cfg_.bot.prefix;
    if (!r.in_channel()) {
        out_.refuse(r, fmt::format("Open a tourney in a channel: {}.", usage()));
        return;
    }
    if (cfg_.events.open_needs_admin && !router_.is_admin(*r.net, r.from)) {
        out_.refuse(r, fmt::format("Only the bot's admins open tourneys here; anyone may {}tourney "
                                   "join one.",
                                   p));
        return;
    }
    if (const auto e = here(r)) {
        out_.refuse(r,
                    fmt::format("Tourney #{} is open here already ({}): {}tourney join, or its "
                                "opener can {}tourney cancel.",
                                e->event.id, tourney::progress_text(*e, clock_.unix_now()), p, p));
        return;
    }
    // The games a tournament takes: duels (Swiss, arena) and table games (rounds of tables).
    std::string duels, tables;
    for (const auto& k : kinds_) {
        const auto* tc = k->seating().table_config();
        if (!tc || k->in_private()) continue;
        const auto names = k->aliases();
        const std::string name = names.empty() ? k->name() : names.front();
        (tc->max_players == 2 ? duels : tables) += (name + " ");
    }
    const auto game_list = [&] {
        return fmt::format("Swiss or arena: {}; rounds of tables (swiss): {}", trim(duels),
                           trim(tables));
    };
    if (words.size() < 2) {
        out_.refuse(r,
                    fmt::format("Which game? {}tourney {} GAME ({}).", p, words[0], game_list()));
        return;
    }
    const GameKind* kind = kind_of(words[1]);
    if (!kind) {
        out_.refuse(r, fmt::format("\"{}\" is not a game here. Tourneys: {}.",
                                   render::quote_user(words[1], 20), game_list()));
        return;
    }
    const auto* tc = kind->seating().table_config();
    if (!tc || kind->in_private()) {
        out_.refuse(r, fmt::format("{} is played alone, in private: no tourney. Tourneys: {}.",
                                   kind->title(), game_list()));
        return;
    }
    const bool table_game = tc->max_players > 2;
    storage::EventRow ev;
    ev.network = r.net->name;
    ev.channel = r.channel;
    ev.kind = kind->name();
    ev.format = words[0] == "arena" ? "arena" : table_game ? "tables" : "swiss";
    if (ev.format == "arena" && table_game) {
        out_.refuse(r, fmt::format("{} is a table game: its tourney is rounds of tables, "
                                   "{}tourney swiss {} rounds=N.",
                                   kind->title(), p, words[1]));
        return;
    }
    ev.rounds = ev.format == "arena" ? 0 : tourney::kDefaultRounds;
    ev.minutes = ev.format == "arena" ? tourney::kDefaultMinutes : 0;
    ev.table_size = ev.format == "tables" ? std::min(cfg_.events.table_size, tc->max_players) : 0;
    for (std::size_t i = 2; i < words.size(); ++i) {
        const auto eq = words[i].find('=');
        const std::string key = words[i].substr(0, eq);
        const std::string value = eq == std::string::npos ? "" : words[i].substr(eq + 1);
        const auto number = [&](int lo, int hi) -> std::optional<int> {
            if (value.empty() || value.size() > 4 ||
                !std::all_of(value.begin(), value.end(),
                             [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
                return std::nullopt;
            const int v = std::stoi(value);
            if (v < lo || v > hi) return std::nullopt;
            return v;
        };
        if (key == "rounds" && ev.format != "arena") {
            const auto v = number(1, tourney::kMaxRounds);
            if (!v) {
                out_.refuse(r, fmt::format("rounds={} is not a number of rounds: 1 to {} "
                                           "(rounds=3).",
                                           render::quote_user(value, 10), tourney::kMaxRounds));
                return;
            }
            ev.rounds = *v;
        } else if (key == "minutes" && ev.format == "arena") {
            const auto v = number(tourney::kMinMinutes, tourney::kMaxMinutes);
            if (!v) {
                out_.refuse(r, fmt::format("minutes={} is not an arena's length: {} to {} "
                                           "(minutes=30).",
                                           render::quote_user(value, 10), tourney::kMinMinutes,
                                           tourney::kMaxMinutes));
                return;
            }
            ev.minutes = *v;
        } else if (key == "at") {
            const auto t = time_of_day(value);
            if (!t) {
                out_.refuse(r, fmt::format("at={} is not a time: at=HH:MM, UTC (at=20:00).",
                                           render::quote_user(value, 10)));
                return;
            }
            const std::int64_t now = clock_.unix_now();
            std::int64_t at = now - now % 86400 + *t;
            if (at <= now) at += 86400;  // the next time it is that time
            ev.start_at = at;
        } else {
            out_.refuse(r, fmt::format("\"{}\" is not a setting of {}. Type {}.",
                                       render::quote_user(words[i], 20),
                                       ev.format == "arena" ? "an arena" : "this tourney",
                                       ev.format == "arena"
                                           ? p + "tourney arena GAME minutes=M [at=HH:MM]"
                                           : p + "tourney swiss GAME rounds=N [at=HH:MM]"));
            return;
        }
    }
    ev.opener = r.key;
    ev.opener_nick = r.from.nick;
    ev.state = "signup";
    ev.created = clock_.unix_now();
    {
        db_->in_transaction([&] {
            ev.id = db_->event_open(ev);
            db_->event_join(ev.id, 0, r.key, r.from.nick);  // the opener plays
        });
    }
    arm(ev);
    const std::string what = ev.format == "arena" ? fmt::format("{} min", ev.minutes)
                                                  : fmt::format("{} rounds", ev.rounds);
    const std::string when = ev.start_at
                                 ? fmt::format("it starts at {:02}:{:02} UTC",
                                               ev.start_at % 86400 / 3600, ev.start_at % 3600 / 60)
                                 : fmt::format("{} starts it with {}tourney start", r.from.nick, p);
    out_.reply(r, fmt::format("Tourney #{}: {} {}, {}, opened by {} (in). Join with {}tourney "
                              "join; {}.",
                              ev.id, kind->title(), tourney::format_title(ev.format), what,
                              r.from.nick, p, when));
}

void Tourneys::join(Request& r) {
    const std::string p = cfg_.bot.prefix;
    const auto e = here(r);
    if (!e) {
        out_.refuse(
            r, fmt::format("No tourney is open {}. Open one: {}.",
                           r.in_channel() ? "here" : "in private (join in its channel)", usage()));
        return;
    }
    const auto& ev = e->event;
    int mine = -1;
    for (const auto& pl : e->players)
        if (pl.key == r.key) mine = pl.idx;
    if (mine >= 0 && !e->players[static_cast<std::size_t>(mine)].withdrawn) {
        out_.refuse(r, fmt::format("You are in tourney #{} already; {}tourney leave to withdraw.",
                                   ev.id, p));
        return;
    }
    if (mine >= 0 && ev.state == "running") {
        out_.refuse(r, fmt::format("You withdrew from tourney #{}: you cannot come back while it "
                                   "runs.",
                                   ev.id));
        return;
    }
    const int count = static_cast<int>(std::count_if(e->players.begin(), e->players.end(),
                                                     [](const auto& pl) { return !pl.withdrawn; }));
    if (count >= events::kSwissMaxPlayers) {
        out_.refuse(r, fmt::format("Tourney #{} is full ({} players).", ev.id, count));
        return;
    }
    std::vector<int> half_byes;  // a late joiner's rounds already started
    if (ev.state == "running" && ev.format != "arena") {
        auto st = tourney::swiss_state(*e);
        if (!events::swiss_can_join(st)) {
            out_.refuse(
                r, fmt::format("Tourney #{} is past half its rounds: too late to join.", ev.id));
            return;
        }
        for (int round = 0; round < tourney::rounds_paired(*e); ++round) half_byes.push_back(round);
    }
    {
        db_->in_transaction([&] {
            if (mine >= 0) {  // signed up, left, back before the start
                db_->event_withdraw(ev.id, mine, false);
            } else {
                mine = static_cast<int>(e->players.size());
                db_->event_join(ev.id, mine, r.key, r.from.nick);
            }
            for (const int round : half_byes) {
                storage::EventGameRow bye;
                bye.round = round;
                bye.board = static_cast<int>(tourney::round_rows(*e, round).size());
                bye.seats = {mine};
                bye.bye = ev.format == "tables" ? "zero" : "half";
                db_->event_pairing(ev.id, bye);
            }
        });
    }
    std::string note;
    const std::size_t missed = half_byes.size();
    if (missed == 1)
        note = ev.format == "tables" ? " (late: the round under way missed)"
                                     : " (late: ½ point for the round under way)";
    else if (missed > 1)
        note = ev.format == "tables"
                   ? fmt::format(" (late: {} rounds missed)", missed)
                   : fmt::format(" (late: ½ point for each of the {} rounds missed)", missed);
    out_.reply(r, fmt::format("{} joins tourney #{} ({} players){}.", r.from.nick, ev.id, count + 1,
                              note));
    if (ev.state == "running") advance(ev.id);  // an arena pairs them at once
}

void Tourneys::leave(Request& r) {
    const std::string p = cfg_.bot.prefix;
    const auto e = here(r);
    int mine = -1;
    if (e)
        for (const auto& pl : e->players)
            if (pl.key == r.key && !pl.withdrawn) mine = pl.idx;
    if (mine < 0) {
        out_.refuse(r, fmt::format("You are in no tourney {}.",
                                   r.in_channel() ? "here" : "(leave in its channel)"));
        return;
    }
    db_->event_withdraw(e->event.id, mine, true);
    if (e->event.state == "running") {
        // A game of theirs under way is forfeit; no later one is dealt to them.
        for (const auto& g : e->games)
            if (g.bye.empty() && g.places.empty() && !g.void_ &&
                std::find(g.seats.begin(), g.seats.end(), mine) != g.seats.end()) {
                Table* t = g.game_id ? tables_.table_of_game(*r.net, g.game_id) : nullptr;
                if (t)
                    tables_.forfeit_seat(*t, r.key,
                                         fmt::format("{} withdrew from tourney #{} and is out of "
                                                     "the game.",
                                                     r.from.nick, e->event.id));
            }
    }
    out_.reply(r, fmt::format("{} leaves tourney #{}.", r.from.nick, e->event.id));
    if (e->event.state == "running") advance(e->event.id);
}

void Tourneys::start_cmd(Request& r) {
    const auto e = here(r);
    if (!e) {
        out_.refuse(r, fmt::format("No tourney is open here. Open one: {}.", usage()));
        return;
    }
    if (e->event.state != "signup") {
        out_.refuse(r, fmt::format("Tourney #{} has started already ({}).", e->event.id,
                                   tourney::progress_text(*e, clock_.unix_now())));
        return;
    }
    if (!may_run(r, *e)) return;
    const auto count = std::count_if(e->players.begin(), e->players.end(),
                                     [](const auto& pl) { return !pl.withdrawn; });
    if (count < 2) {
        out_.refuse(r, fmt::format("Tourney #{} needs at least 2 players to start; it has {}.",
                                   e->event.id, count));
        return;
    }
    start(e->event.id);
}

void Tourneys::cancel(Request& r) {
    const auto e = here(r);
    if (!e) {
        out_.refuse(r, "No tourney is open here to cancel.");
        return;
    }
    if (!may_run(r, *e)) return;
    db_->event_state(e->event.id, "cancelled", e->event.started, e->event.ends, clock_.unix_now());
    if (const auto t = timers_.find(e->event.id); t != timers_.end()) {
        clock_.cancel(t->second);
        timers_.erase(t);
    }
    out_.reply(r, fmt::format("Tourney #{} is cancelled by {}{}.", e->event.id, r.from.nick,
                              e->event.state == "running"
                                  ? " (its games under way play on, rated as any other)"
                                  : ""));
}

void Tourneys::show(Request& r, const std::vector<std::string>& words) {
    std::optional<Event> e;
    if (!words.empty()) {
        std::string digits = words[0];
        if (!digits.empty() && digits[0] == '#') digits.erase(0, 1);
        if (digits.empty() || digits.size() > 12) {
            out_.refuse(r, fmt::format("Type {}tourney ID (a number).", cfg_.bot.prefix));
            return;
        }
        e = db_->event(std::stoll(digits));
        if (e && e->event.network != r.net->name) e.reset();
        if (!e) {
            out_.refuse(r, fmt::format("There is no tourney #{}.", digits));
            return;
        }
    } else if (r.in_channel()) {
        e = here(r);
    } else {  // in private: the person's own event under way
        for (const auto& row : db_->events({"signup", "running"}, 1000)) {
            if (row.network != r.net->name) continue;
            auto full = db_->event(row.id);
            if (full && std::any_of(full->players.begin(), full->players.end(),
                                    [&](const auto& pl) { return pl.key == r.key; })) {
                e = std::move(full);
                break;
            }
        }
    }
    if (!e) {
        out_.reply(r, fmt::format("No tourney is open {}. {}.",
                                  r.in_channel() ? "here" : "with you in it", usage()));
        return;
    }
    r.page = true;
    const auto& ev = e->event;
    const auto* kind = kind_of(ev.kind);
    const auto lines = tourney::standings(*e);
    std::string head = fmt::format("Tourney #{} ({} {}, {}):", ev.id,
                                   kind ? kind->title() : ev.kind, tourney::format_title(ev.format),
                                   tourney::progress_text(*e, clock_.unix_now()));
    if (ev.state == "signup") {
        std::vector<std::string> names;
        for (const auto& pl : e->players)
            if (!pl.withdrawn) names.push_back(nick_of(*r.net, pl));
        out_.reply(r, fmt::format("{} {} signed up: {}.", head, names.size(),
                                  names_text(names, r.in_channel() ? 12 : 256)));
        return;
    }
    const std::size_t shown =
        r.in_channel() ? std::min<std::size_t>(5, lines.size()) : lines.size();
    std::string line = head;
    for (std::size_t i = 0; i < shown; ++i) {
        const auto& l = lines[i];
        line += fmt::format("{} {}. {} {}{}{}", i ? "," : "", l.place, l.nick, l.points,
                            l.on_fire ? " (on fire)" : "", l.withdrawn ? " (withdrew)" : "");
        if (!r.in_channel() && !l.tiebreaks.empty()) line += " (" + l.tiebreaks + ")";
    }
    if (shown < lines.size()) line += fmt::format(" ({} players)", lines.size());
    if (const std::string web = link(ev.id); !web.empty()) line += " " + web;
    out_.reply(r, line + ".");
    if (r.in_channel())  // the asker's own place when it is not shown
        for (std::size_t i = shown; i < lines.size(); ++i)
            if (e->players[static_cast<std::size_t>(lines[i].idx)].key == r.key) {
                out_.reply(r, fmt::format("{}, you are {}. with {}.", r.from.nick, lines[i].place,
                                          lines[i].points));
                break;
            }
}

}  // namespace croupier::bot
