// Tables: one running game in one place. Channel tables (a join window, seats, turn timers,
// time-outs, a grace period for players who drop out) and private solitaire games share
// the same path for a move: the game acts on a copy, the journal commits the move, and only
// then is anyone told.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <boost/asio/post.hpp>

#include "bot/daemon_impl.hpp"
#include "bot/log.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "games/spider/solver.hpp"

namespace croupier::bot {

namespace {

std::string seconds_text(Duration d) {
    const auto s = std::chrono::duration_cast<std::chrono::seconds>(d).count();
    if (s % 60 == 0 && s >= 60) return fmt::format("{} min", s / 60);
    return fmt::format("{} s", s);
}

// Solitaire games live under a key that cannot clash with a channel name.
std::string solitaire_key(const std::string& kind, const std::string& player_key) {
    return "~" + kind + ":" + player_key;
}

bool is_solitaire_kind(const GameKind& k) {
    return k.solitaire();
}

// "an" before Exordia8, "a" before VCG.
std::string article(const std::string& word) {
    const char c =
        word.empty() ? 'x' : static_cast<char>(std::tolower(static_cast<unsigned char>(word[0])));
    return std::string("aeiou").find(c) != std::string::npos ? "an" : "a";
}

}  // namespace

// "!e8" (or "!e8 or !vcg" once there are several table games): how to open a table here.
std::string Daemon::Impl::open_table_command(const std::string& arg) const {
    std::string out;
    for (const auto& k : kinds) {
        if (k->solitaire()) continue;
        const auto names = k->aliases();
        if (!out.empty()) out += " or ";
        out += cfg.bot.prefix + (names.empty() ? k->name() : names.front()) + arg;
    }
    return out;
}

const config::TableConfig& Daemon::Impl::table_config(const GameKind&) const {
    return cfg.exordia8;  // the only table game so far; VCG and Adventurer get their own
}

Table* Daemon::Impl::table_at(NetCtx& n, const std::string& place_key) {
    auto it = n.tables.find(place_key);
    return it == n.tables.end() ? nullptr : it->second.get();
}

Table* Daemon::Impl::table_of_player(NetCtx& n, const std::string& key) {
    for (const auto& k : kinds)
        if (is_solitaire_kind(*k))
            if (Table* t = table_at(n, solitaire_key(k->name(), key))) return t;
    return nullptr;
}

int Daemon::Impl::seat_of(const Table& t, const std::string& key) const {
    for (std::size_t i = 0; i < t.seats.size(); ++i)
        if (t.seats[i].key == key) return static_cast<int>(i);
    return -1;
}

// ---------------------------------------------------------------------------------------
// The commands every table game shares, and each game's own, in the one command table.

void Daemon::Impl::add_table_commands() {
    using W = Command::Where;
    auto add = [this](CommandSpec spec, W where, std::string module,
                      std::function<void(Request&)> run) {
        commands.push_back(
            Command{std::move(spec), where, false, std::move(module), std::move(run)});
    };
    for (const auto& kp : kinds) {
        const GameKind* k = kp.get();
        const std::string m = k->name();
        if (is_solitaire_kind(*k)) {
            add({m, k->aliases(), "[1|2|4] [DEAL|winnable] [keep]",
                 "starts a " + k->title() +
                     " game in private messages (in a channel, answers in private)"},
                W::Anywhere, m, [this, k](Request& r) {
                    r.channel.clear();  // the game is private, whatever the place
                    if (r.args.empty())
                        if (Table* t = table_of_player(*r.net, r.key)) {
                            deliver(*t, t->game->show_table());
                            return;
                        }
                    new_solitaire(r, *k);
                });
            add({"new",
                 {},
                 "[1|2|4] [DEAL|winnable] [keep]",
                 "deals a new game: 1, 2 or 4 suits; a deal number to replay one; winnable for a "
                 "deal proven winnable; keep to leave completed runs on the tableau (win at 96)"},
                W::Private, m, [this, k](Request& r) { new_solitaire(r, *k); });
        } else {
            add({m, k->aliases(), "[bot]",
                 "opens " + article(k->title()) + " " + k->title() +
                     " table here (with bot: and a computer player)"},
                W::Channel, m, [this, k](Request& r) { open_table(r, *k); });
            add({"join", {}, "", "sits you down at the table opening here"}, W::Channel, m,
                [this](Request& r) { join_table(r); });
            add({"leave", {}, "", "leaves the table (in a game: your cards are forfeited)"},
                W::Channel, m, [this](Request& r) { leave_table(r); });
            add({"start", {}, "", "starts the game before the join window ends (the opener)"},
                W::Channel, m, [this](Request& r) { start_table(r); });
            add({"bot", {}, "", "adds a computer player to the table opening here"}, W::Channel, m,
                [this](Request& r) { add_computer(r); });
            add({"table", {}, "", "shows who sits where, whose turn it is and the top card"},
                W::Channel, m, [this](Request& r) { show_table(r); });
        }
        for (const auto& spec : k->commands()) {
            const bool solitaire = is_solitaire_kind(*k);
            const W where =
                solitaire ? W::Private : (spec.name == "hand" ? W::Anywhere : W::Channel);
            if (spec.name == "hand") {
                add(spec, where, m, [this](Request& r) { show_hand(r); });
                continue;
            }
            if (spec.name == "hint") {
                add(spec, where, m, [this](Request& r) { hint(r); });
                continue;
            }
            if (spec.name == "board") {
                add(spec, where, m, [this](Request& r) { show_table(r); });
                continue;
            }
            const std::size_t index = commands.size();
            add(spec, where, m, [this, index](Request& r) { game_command(r, commands.at(index)); });
        }
    }
}

// ---------------------------------------------------------------------------------------
// Channel tables: opening, joining, starting

void Daemon::Impl::open_table(Request& r, const GameKind& kind) {
    const std::string place_key = r.net->net->fold(r.channel);
    const std::string p = cfg.bot.prefix;
    if (Table* t = table_at(*r.net, place_key)) {
        if (t->phase == Table::Phase::Joining)
            reply(r,
                  fmt::format("{} {} table is already open here: type {}join to sit down.",
                              article(t->kind->title()) == "an" ? "An" : "A", t->kind->title(), p));
        else
            reply(r, fmt::format("A {} game is under way here; wait for it to end (see {}table).",
                                 t->kind->title(), p));
        return;
    }
    const std::string arg = lower(r.args);
    if (!arg.empty() && arg != "bot") {
        reply_private(r, fmt::format("Usage: {}{} or {}{} bot (with a computer player).", p,
                                     kind.name(), p, kind.name()));
        return;
    }
    const auto& tc = table_config(kind);
    if (arg == "bot" && !tc.computer_players) {
        reply_private(r, "Computer players are turned off here.");
        return;
    }
    auto t = std::make_unique<Table>();
    t->net = r.net;
    t->kind = &kind;
    t->place = r.channel;
    t->place_key = place_key;
    t->opener_key = r.key;
    t->seats.push_back(Seat{r.from.nick, r.key});
    Table& table = *t;
    r.net->tables[place_key] = std::move(t);
    NetCtx* n = r.net;
    table.join_timer = clock.call_after(tc.join_window, [this, n, place_key] {
        Table* tt = table_at(*n, place_key);
        if (!tt || tt->phase != Table::Phase::Joining) return;
        tt->join_timer = 0;
        const auto& c = table_config(*tt->kind);
        if (static_cast<int>(tt->seats.size()) >= c.min_players) {
            begin_game(*tt);
        } else {
            send_to_channel(
                *n, tt->place,
                fmt::format("Not enough players for {} (it needs {}): the table is "
                            "closed. Type {}{} to open another.",
                            tt->kind->title(), c.min_players, cfg.bot.prefix, tt->kind->name()));
            close_table(*tt);
        }
    });
    send_to_channel(*r.net, r.channel,
                    fmt::format("{} opens {} {} table: type {}join to play ({} to join, {} to {} "
                                "players). {} can {}start once {} sit.",
                                render::bold(r.from.nick), article(kind.title()),
                                render::bold(kind.title()), p, seconds_text(tc.join_window),
                                tc.min_players, tc.max_players, r.from.nick, p, tc.min_players));
    if (arg == "bot") add_computer(r);
}

void Daemon::Impl::join_table(Request& r) {
    const std::string p = cfg.bot.prefix;
    Table* t = table_at(*r.net, r.net->net->fold(r.channel));
    if (!t) {
        reply_private(r, "No table is open here. Open one with " + open_table_command() + ".");
        return;
    }
    if (t->phase != Table::Phase::Joining) {
        if (seat_of(*t, r.key) >= 0)
            reply_private(r, "You are already playing here.");
        else
            reply_private(r, "A game is under way here; you can join the next one.");
        return;
    }
    if (seat_of(*t, r.key) >= 0) {
        reply_private(r, fmt::format("You are already at the table; the opener can {}start.", p));
        return;
    }
    const auto& tc = table_config(*t->kind);
    if (static_cast<int>(t->seats.size()) >= tc.max_players) {
        reply_private(r, fmt::format("The table is full ({} players).", tc.max_players));
        return;
    }
    t->seats.push_back(Seat{r.from.nick, r.key});
    t->pending_joins.push_back(r.from.nick);
    if (!t->joins_timer) {
        NetCtx* n = r.net;
        const std::string key = t->place_key;
        t->joins_timer = clock.call_after(std::chrono::seconds(2), [this, n, key] {
            if (Table* tt = table_at(*n, key)) {
                tt->joins_timer = 0;
                announce_joins(*tt);
            }
        });
    }
}

void Daemon::Impl::announce_joins(Table& t) {
    clock.cancel(t.joins_timer);
    t.joins_timer = 0;
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
        t.phase == Table::Phase::Joining && count >= table_config(*t.kind).min_players;
    send_to_channel(
        *t.net, t.place,
        fmt::format("{} joined ({} player{}).{}", names, count, count == 1 ? "" : "s",
                    can_start ? fmt::format(" {} can {}start now.", opener, cfg.bot.prefix) : ""));
}

void Daemon::Impl::add_computer(Request& r) {
    Table* t = table_at(*r.net, r.net->net->fold(r.channel));
    if (!t || t->phase != Table::Phase::Joining) {
        reply_private(
            r, "No table is opening here. Open one with " + open_table_command(" bot") + ".");
        return;
    }
    const auto& tc = table_config(*t->kind);
    if (!tc.computer_players) {
        reply_private(r, "Computer players are turned off here.");
        return;
    }
    if (static_cast<int>(t->seats.size()) >= tc.max_players) {
        reply_private(r, fmt::format("The table is full ({} players).", tc.max_players));
        return;
    }
    int number = 1;
    for (const auto& s : t->seats) number += s.computer;
    Seat s;
    s.nick = fmt::format("cpu{}", number);
    s.key = "*" + s.nick;  // '*' cannot appear in a nick: no clash with a person
    s.computer = true;
    t->seats.push_back(s);
    const int count = static_cast<int>(t->seats.size());
    send_to_channel(
        *r.net, t->place,
        fmt::format("Computer player {} joined ({} players).", render::bold(s.nick), count));
}

void Daemon::Impl::leave_table(Request& r) {
    Table* t = table_at(*r.net, r.net->net->fold(r.channel));
    const int seat = t ? seat_of(*t, r.key) : -1;
    if (seat < 0 || t->seats[seat].out) {
        reply_private(r, "You are not at a table here.");
        return;
    }
    if (t->phase == Table::Phase::Joining) {
        t->seats.erase(t->seats.begin() + seat);
        std::erase(t->pending_joins, r.from.nick);
        int humans = 0;
        for (const auto& s : t->seats) humans += !s.computer;
        if (humans == 0) {
            send_to_channel(
                *r.net, t->place,
                fmt::format("{} left; nobody is left at the table, so it is closed.", r.from.nick));
            close_table(*t);
            return;
        }
        if (t->opener_key == r.key)
            for (const auto& s : t->seats)
                if (!s.computer) {
                    t->opener_key = s.key;
                    break;
                }
        send_to_channel(*r.net, t->place,
                        fmt::format("{} left the table ({} player{}).", r.from.nick,
                                    t->seats.size(), t->seats.size() == 1 ? "" : "s"));
        return;
    }
    const std::string err = act(*t, seat, "leave", "");
    if (!err.empty()) reply_private(r, err);
}

void Daemon::Impl::start_table(Request& r) {
    const std::string p = cfg.bot.prefix;
    Table* t = table_at(*r.net, r.net->net->fold(r.channel));
    if (!t) {
        reply_private(r, "No table is open here. Open one with " + open_table_command() + ".");
        return;
    }
    if (t->phase != Table::Phase::Joining) {
        reply_private(r, "The game is already under way.");
        return;
    }
    if (r.key != t->opener_key) {
        reply_private(r,
                      "Only the player who opened the table can start it early; otherwise it "
                      "starts when the join window ends.");
        return;
    }
    const auto& tc = table_config(*t->kind);
    if (static_cast<int>(t->seats.size()) < tc.min_players) {
        reply_private(r,
                      fmt::format("{} needs at least {} players; {} sit{}. Others can {}join, or "
                                  "add a computer player with {}bot.",
                                  t->kind->title(), tc.min_players, t->seats.size(),
                                  t->seats.size() == 1 ? "s" : "", p, p));
        return;
    }
    begin_game(*t);
}

void Daemon::Impl::begin_game(Table& t) {
    clock.cancel(t.join_timer);
    t.join_timer = 0;
    announce_joins(t);  // the last joins, before the deal
    // The winner of the last game here deals; else the opener. Playing order stays the order
    // of joining, rotated so the dealer comes first.
    auto dealer_key = db->get_value("dealer:" + t.net->name + ":" + t.place_key);
    std::string first = dealer_key && seat_of(t, *dealer_key) >= 0 ? *dealer_key : t.opener_key;
    const int d = std::max(0, seat_of(t, first));
    std::rotate(t.seats.begin(), t.seats.begin() + d, t.seats.end());

    t.setup = GameSetup{};
    for (const auto& s : t.seats) {
        t.setup.players.push_back(s.nick);
        t.setup.computer.push_back(s.computer);
    }
    t.setup.deal_number = deals.next();
    if (t.kind->name() == "exordia8")
        t.setup.options["players_per_pack"] = std::to_string(cfg.exordia8.players_per_pack);
    t.game = t.kind->create(t.setup);
    storage::GameRecord rec;
    rec.kind = t.kind->name();
    rec.variant = t.setup.variant;
    rec.network = t.net->name;
    rec.place = t.place;
    rec.deal = t.setup.deal_number;
    rec.setup = t.setup.serialise();
    rec.started = clock.unix_now();
    rec.status = "open";
    t.game_id = db->create_game(rec);
    t.seq = 0;
    t.started_unix = rec.started;
    t.last_activity = rec.started;
    t.phase = Table::Phase::Playing;
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
    after_act(t);
}

// ---------------------------------------------------------------------------------------
// Solitaire

void Daemon::Impl::new_solitaire(Request& r, const GameKind& kind) {
    NetCtx& n = *r.net;
    if (Table* t = table_of_player(n, r.key)) {
        reply_private(r, fmt::format("You have a {} game open (deal {}): type board to see it, or "
                                     "resign to end it first.",
                                     t->kind->title(), t->setup.deal_number));
        return;
    }
    if (cfg.limits.solitaire_per_user < 1) {
        reply_private(r, "Solitaire games are turned off here.");
        return;
    }
    // Arguments: [1|2|4] [DEAL|winnable], in any order.
    int suits = cfg.spider.default_suits;
    if (auto pref = db->pref(n.name, r.key, "spider.suits")) suits = std::atoi(pref->c_str());
    std::optional<std::uint64_t> deal;
    bool winnable = false, suits_given = false, keep_runs = false;
    std::string args = lower(r.args);
    std::size_t pos = 0;
    while (pos < args.size()) {
        auto end = args.find(' ', pos);
        if (end == std::string::npos) end = args.size();
        const std::string w = args.substr(pos, end - pos);
        pos = end + 1;
        if (w.empty()) continue;
        if ((w == "1" || w == "2" || w == "4") && !suits_given && !deal) {
            suits = w[0] - '0';  // the first small number is the suits; `new 4 1` is deal 1
            suits_given = true;
        } else if (w == "winnable") {
            winnable = true;
        } else if (w == "keep") {
            keep_runs = true;  // Aisleriot's challenge: runs stay on the tableau, win at 96
        } else if (std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
                   w.size() <= 20) {
            if (deal) {
                reply_private(r,
                              "Give one deal number at most: new [1|2|4] [DEAL|winnable] [keep].");
                return;
            }
            try {
                deal = std::stoull(w);
            } catch (const std::exception&) {
                deal.reset();
            }
            if (!deal) {
                reply_private(r,
                              "That deal number is too large: deal numbers go up to "
                              "18446744073709551615.");
                return;
            }
        } else {
            reply_private(r, fmt::format("I don't understand \"{}\". Usage: new [1|2|4] "
                                         "[DEAL|winnable] [keep], e.g. new 2, new 4 8812, new 4 "
                                         "winnable; keep: completed runs stay on the tableau.",
                                         render::quote_user(w, 30)));
            return;
        }
    }
    if (winnable && deal) {
        reply_private(r, "Give a deal number or winnable, not both.");
        return;
    }
    if (winnable && keep_runs) {
        reply_private(r,
                      "The solver proves deals for the usual rules only: new 4 winnable, or "
                      "new 4 keep for a random deal with runs kept.");
        return;
    }
    auto create = [this, &kind, keep_runs](NetCtx& net, const std::string& nick,
                                           const std::string& key, int s, std::uint64_t d,
                                           const std::string& note) {
        if (table_of_player(net, key)) return;  // one arrived meanwhile
        auto t = std::make_unique<Table>();
        t->net = &net;
        t->kind = &kind;
        t->solitaire = true;
        t->place = nick;
        t->place_key = solitaire_key(kind.name(), key);
        t->seats.push_back(Seat{nick, key});
        t->setup.players = {nick};
        t->setup.computer = {false};
        t->setup.deal_number = d;
        t->setup.variant = std::to_string(s) + "suit";
        t->setup.options["keep_runs"] = keep_runs ? "1" : "0";
        t->game = kind.create(t->setup);
        storage::GameRecord rec;
        rec.kind = kind.name();
        rec.variant = t->setup.variant;
        rec.network = net.name;
        rec.place = nick;
        rec.deal = d;
        rec.setup = t->setup.serialise();
        rec.started = clock.unix_now();
        rec.status = "open";
        t->game_id = db->create_game(rec);
        t->started_unix = t->last_activity = rec.started;
        t->phase = Table::Phase::Playing;
        Table& table = *t;
        net.tables[table.place_key] = std::move(t);
        auto out = table.game->start();
        if (!note.empty()) out.insert(out.begin(), to_table(note));
        deliver(table, out);
    };
    if (!winnable) {
        create(n, r.from.nick, r.key, suits, deal ? *deal : deals.next(), "");
        return;
    }
    // Certified deals: the solver runs off the event loop; candidates are drawn here so the
    // sequence of deal numbers stays the daemon's.
    std::vector<std::uint64_t> candidates;
    for (int i = 0; i < 8; ++i) candidates.push_back(deals.next());
    reply_private(r, fmt::format("Looking for a {}-suit deal proven winnable...", suits));
    NetCtx* np = &n;
    const std::string nick = r.from.nick, key = r.key;
    const double budget = static_cast<double>(cfg.spider.certify_budget.count());
    worker->run([this, np, nick, key, suits, candidates, budget, create]() -> Worker::Continuation {
        games::spider::SolverLimits limits;
        limits.seconds = budget;
        for (auto d : candidates) {
            auto res = games::spider::certify(suits, d, limits);
            if (res.verdict == games::spider::CertifyResult::Verdict::Winnable)
                return [this, np, nick, key, suits, d, create, moves = res.moves.size()] {
                    create(
                        *np, nick, key, suits, d,
                        fmt::format("Deal {} is proven winnable (the solver won it in {} moves).",
                                    d, moves));
                };
        }
        return [this, np, nick, key] {
            send_to_nick(*np, nick, key,
                         "The solver could not prove a deal winnable in time; try again, or type "
                         "new for an ordinary deal.",
                         false);
        };
    });
}

void Daemon::Impl::hint(Request& r) {
    Table* t = table_of_player(*r.net, r.key);
    if (!t) {
        reply_private(r, "You have no game open: type new to start one.");
        return;
    }
    if (t->busy) {
        reply_private(r, "Still thinking about your last hint...");
        return;
    }
    t->busy = true;
    std::shared_ptr<Game> copy(t->game->clone());
    NetCtx* np = r.net;
    const std::string place_key = t->place_key;
    const std::int64_t id = t->game_id;
    worker->run([this, np, place_key, id, copy]() -> Worker::Continuation {
        std::string move = copy->computer_action(0);
        return [this, np, place_key, id, move] {
            Table* tt = table_at(*np, place_key);
            if (!tt || tt->game_id != id) return;
            tt->busy = false;
            deliver(*tt, {to_table(move.empty()
                                       ? "Hint: I see no useful move; deal from the stock if you "
                                         "can, or undo."
                                       : "Hint: " + move)});
        };
    });
}

// ---------------------------------------------------------------------------------------
// Moves

void Daemon::Impl::game_command(Request& r, const Command& c) {
    Table* t = nullptr;
    if (r.in_channel()) {
        t = table_at(*r.net, r.net->net->fold(r.channel));
    } else {
        t = table_of_player(*r.net, r.key);
    }
    const std::string p = r.in_channel() ? cfg.bot.prefix : "";
    if (!t) {
        if (r.in_channel())
            reply_private(
                r, "No game is running here. Open a table with " + open_table_command() + ".");
        else
            reply_private(r, fmt::format("You have no {} game open: type new to start one.",
                                         c.module.empty() ? "" : kind_by_name(c.module)->title()));
        return;
    }
    if (t->phase != Table::Phase::Playing) {
        reply_private(r,
                      fmt::format("The game has not started yet; {}start when everyone sits.", p));
        return;
    }
    const int seat = seat_of(*t, r.key);
    if (seat < 0 || t->seats[seat].out) {
        reply_private(r, "You are not playing at this table.");
        return;
    }
    if (t->busy) {
        reply_private(r, "One moment: the bot is still working on your last request.");
        return;
    }
    t->last_activity = clock.unix_now();  // any command touches the game, refused or not
    const std::string err = act(*t, seat, r.command, r.args);
    if (!err.empty()) {
        reply_private(r, err);
        return;
    }
}

std::string Daemon::Impl::act(Table& t, int seat, const std::string& command,
                              const std::string& args, const std::string& note) {
    auto next = t.game->clone();
    Outcome o = next->act(seat, command, args);
    if (!o.ok()) return o.error;
    // Durable first: if this throws, nobody has been told and the game is as it was.
    ++t.seq;
    try {
        db->append(t.game_id, storage::JournalEntry{t.seq, seat, o.canonical, clock.unix_now()});
    } catch (...) {
        --t.seq;
        throw;
    }
    t.game = std::move(next);
    t.last_activity = clock.unix_now();
    if (command != "leave" && seat < static_cast<int>(t.seats.size()) && note.empty())
        t.seats[seat].timeouts = 0;
    if (command == "leave" && seat < static_cast<int>(t.seats.size())) t.seats[seat].out = true;
    if (!note.empty()) o.out.insert(o.out.begin(), to_table(note));
    deliver(t, o.out);
    after_act(t);
    return "";
}

void Daemon::Impl::after_act(Table& t) {
    // Computer players move at once; the loop is bounded in case a game never ends.
    for (int guard = 0; guard < 10000 && t.game && !t.game->finished(); ++guard) {
        auto turn = t.game->turn();
        if (!turn || *turn < 0 || *turn >= static_cast<int>(t.seats.size())) break;
        if (!t.seats[*turn].computer) break;
        const auto [cmd, args] = split_command(t.game->computer_action(*turn));
        auto next = t.game->clone();
        Outcome o = next->act(*turn, cmd, args);
        if (!o.ok()) {
            log::error("computer player at {} made a refused move {} {}: {}", t.place, cmd, args,
                       o.error);
            // Fall back to the safe move so the table does not hang.
            const auto [c2, a2] = split_command(t.game->timeout_action(*turn));
            next = t.game->clone();
            o = next->act(*turn, c2, a2);
            if (!o.ok()) break;
        }
        ++t.seq;
        db->append(t.game_id, storage::JournalEntry{t.seq, *turn, o.canonical, clock.unix_now()});
        t.game = std::move(next);
        deliver(t, o.out);
    }
    if (t.game && t.game->finished()) {
        finish(t, "finished");
        return;
    }
    arm_turn_timer(t);
}

void Daemon::Impl::deliver(Table& t, const std::vector<Out>& out) {
    NetCtx& n = *t.net;
    for (const auto& o : out) {
        if (o.to == Out::To::Table) {
            if (t.solitaire) {
                const Seat& s = t.seats.front();
                send_to_nick(n, s.nick, s.key, o.text, false);
            } else {
                send_to_channel(n, t.place, o.text);
            }
            continue;
        }
        if (o.seat < 0 || o.seat >= static_cast<int>(t.seats.size())) continue;
        const Seat& s = t.seats[o.seat];
        if (s.computer || s.out) continue;
        send_to_nick(n, s.nick, s.key, o.text, !t.solitaire);
    }
}

// ---------------------------------------------------------------------------------------
// Turn timers

void Daemon::Impl::cancel_timers(Table& t) {
    clock.cancel(t.turn_timer);
    clock.cancel(t.warn_timer);
    clock.cancel(t.join_timer);
    clock.cancel(t.joins_timer);
    t.turn_timer = t.warn_timer = t.join_timer = t.joins_timer = 0;
    for (auto& s : t.seats) {
        clock.cancel(s.grace_timer);
        s.grace_timer = 0;
    }
}

void Daemon::Impl::arm_turn_timer(Table& t) {
    clock.cancel(t.turn_timer);
    clock.cancel(t.warn_timer);
    t.turn_timer = t.warn_timer = 0;
    t.paused_left.reset();
    if (t.solitaire || !t.game || t.game->finished()) return;
    const auto turn = t.game->turn();
    if (!turn || *turn < 0 || *turn >= static_cast<int>(t.seats.size())) return;
    const auto& tc = table_config(*t.kind);
    const Duration full = std::chrono::duration_cast<Duration>(tc.turn_timeout);
    if (!t.net->net->registered()) {
        t.paused_left = full;
        return;
    }
    NetCtx* n = t.net;
    const std::string key = t.place_key;
    const int seat = *turn;
    const std::int64_t id = t.game_id;
    const std::int64_t seq = t.seq;
    auto schedule = [this, n, key, seat, id, seq, &t](Duration left) {
        const auto& c = table_config(*t.kind);
        const Duration warn = std::chrono::duration_cast<Duration>(c.turn_warning);
        t.turn_deadline = clock.now() + left;
        if (warn.count() > 0 && left > warn) {
            t.warn_timer = clock.call_after(left - warn, [this, n, key, seat, id, seq, warn] {
                Table* tt = table_at(*n, key);
                if (!tt || tt->game_id != id || tt->seq != seq) return;
                tt->warn_timer = 0;
                const Seat& s = tt->seats[seat];
                send_to_channel(*n, tt->place,
                                fmt::format("{}: {} left to play (or {}draw).", s.nick,
                                            seconds_text(warn), cfg.bot.prefix));
            });
        }
        t.turn_timer = clock.call_after(left, [this, n, key, seat, id, seq] {
            Table* tt = table_at(*n, key);
            if (!tt || tt->game_id != id || tt->seq != seq) return;
            tt->turn_timer = 0;
            turn_timed_out(*tt, seat);
        });
    };
    schedule(full);
}

void Daemon::Impl::turn_timed_out(Table& t, int seat) {
    Seat& s = t.seats[seat];
    ++s.timeouts;
    if (s.timeouts >= 2) {
        act(t, seat, "leave", "",
            fmt::format("{} ran out of time twice in a row and is out of the game.", s.nick));
        return;
    }
    const auto [cmd, args] = split_command(t.game->timeout_action(seat));
    const std::string err = act(t, seat, cmd, args,
                                fmt::format("{} ran out of time: the bot plays {} for them.",
                                            s.nick, t.game->timeout_action(seat)));
    if (!err.empty()) {
        log::error("time-out move refused at {}: {}", t.place, err);
        act(t, seat, "leave", "",
            fmt::format("{} ran out of time and is out of the game.", s.nick));
    }
}

void Daemon::Impl::pause_timers(NetCtx& n) {
    for (auto& [k, t] : n.tables) {
        if (!t->turn_timer) continue;
        const auto left = t->turn_deadline - clock.now();
        t->paused_left = std::max(Duration{1000}, std::chrono::duration_cast<Duration>(left));
        clock.cancel(t->turn_timer);
        clock.cancel(t->warn_timer);
        t->turn_timer = t->warn_timer = 0;
    }
}

void Daemon::Impl::resume_timers(NetCtx& n) {
    for (auto& [k, t] : n.tables) {
        if (t->solitaire || t->phase != Table::Phase::Playing || t->turn_timer) continue;
        // A fresh timer: the player may not have seen the last lines while we were away.
        arm_turn_timer(*t);
    }
}

// ---------------------------------------------------------------------------------------
// The end of a game

void Daemon::Impl::finish(Table& t, const std::string& status) {
    cancel_timers(t);
    std::vector<storage::PlayerResult> players;
    std::string summary;
    if (status == "finished") {
        const auto results = t.game->results();
        for (std::size_t i = 0; i < t.seats.size() && i < results.size(); ++i) {
            storage::PlayerResult pr;
            pr.nick = t.seats[i].nick;
            pr.key = t.seats[i].key;
            pr.seat = static_cast<int>(i);
            pr.points = results[i].points;
            pr.won = results[i].won;
            pr.computer = t.seats[i].computer;
            if (t.solitaire)
                pr.detail = results[i].detail +
                            fmt::format(" seconds={}", clock.unix_now() - t.started_unix);
            else
                pr.detail = results[i].detail;
            if (pr.won) {
                summary += (summary.empty() ? "won by " : ", ") + pr.nick;
                if (!t.solitaire && !pr.computer)
                    db->set_value("dealer:" + t.net->name + ":" + t.place_key, pr.key);
            }
            players.push_back(pr);
        }
        if (summary.empty()) summary = "no winner";
    } else {
        summary = status;
    }
    db->finish_game(t.game_id, status, summary, clock.unix_now(), players);
    log::info("{} game {} at {}/{}: {} ({})", t.kind->title(), t.game_id, t.net->name, t.place,
              status, summary);
    close_table(t);
}

void Daemon::Impl::close_table(Table& t) {
    cancel_timers(t);
    auto it = t.net->tables.find(t.place_key);
    if (it == t.net->tables.end()) return;
    // Callers up the stack may still hold a reference: free it once they have returned.
    std::shared_ptr<Table> doomed(it->second.release());
    t.net->tables.erase(it);
    boost::asio::post(io, [doomed] {});
}

void Daemon::Impl::stop_table(NetCtx& n, const std::string& key, const std::string& by) {
    Table* t = table_at(n, key);
    if (!t) return;
    if (t->phase == Table::Phase::Joining) {
        send_to_channel(n, t->place, fmt::format("{} closed the table.", by));
        close_table(*t);
        return;
    }
    deliver(*t, {to_table(fmt::format("This game was stopped by {}; it is not scored.", by))});
    finish(*t, "stopped");
}

// ---------------------------------------------------------------------------------------
// People coming and going

void Daemon::Impl::player_gone(NetCtx& n, const std::string& key, const std::string& channel) {
    std::vector<std::string> places;
    for (auto& [k, t] : n.tables) {
        if (t->solitaire) continue;
        if (!channel.empty() && t->place_key != n.net->fold(channel)) continue;
        if (seat_of(*t, key) >= 0) places.push_back(k);
    }
    for (const auto& place_key : places) {
        Table* t = table_at(n, place_key);
        const int seat = seat_of(*t, key);
        Seat& s = t->seats[seat];
        if (s.out || s.away) continue;
        if (t->phase == Table::Phase::Joining) {
            Request r;
            r.net = &n;
            r.from.nick = s.nick;
            r.key = key;
            r.channel = t->place;
            leave_table(r);
            continue;
        }
        s.away = true;
        const auto grace = table_config(*t->kind).grace;
        const std::int64_t id = t->game_id;
        NetCtx* np = &n;
        s.grace_timer = clock.call_after(grace, [this, np, place_key, key, id] {
            Table* tt = table_at(*np, place_key);
            if (!tt || tt->game_id != id) return;
            const int st = seat_of(*tt, key);
            if (st < 0 || !tt->seats[st].away || tt->seats[st].out) return;
            tt->seats[st].grace_timer = 0;
            act(*tt, st, "leave", "",
                fmt::format("{} did not come back in time: their seat is given up.",
                            tt->seats[st].nick));
        });
        send_to_channel(
            n, t->place,
            fmt::format("{} has left; their seat is kept for {} in case they come back.", s.nick,
                        seconds_text(std::chrono::duration_cast<Duration>(grace))));
    }
}

void Daemon::Impl::player_back(NetCtx& n, const std::string& key, const std::string& channel) {
    Table* t = table_at(n, n.net->fold(channel));
    if (!t || t->solitaire) return;
    const int seat = seat_of(*t, key);
    if (seat < 0) return;
    Seat& s = t->seats[seat];
    if (!s.away || s.out) return;
    s.away = false;
    clock.cancel(s.grace_timer);
    s.grace_timer = 0;
    send_to_channel(n, t->place,
                    fmt::format("Welcome back, {}: your seat is still yours.", s.nick));
    deliver(*t, t->game->show_hand(seat));
}

void Daemon::Impl::player_renamed(NetCtx& n, const std::string& old_key, const std::string& nick) {
    const std::string new_key = n.net->fold(nick);
    std::vector<std::string> rekey;
    for (auto& [k, t] : n.tables) {
        const int seat = seat_of(*t, old_key);
        if (seat < 0) continue;
        t->seats[seat].nick = nick;
        t->seats[seat].key = new_key;
        if (t->opener_key == old_key) t->opener_key = new_key;
        if (t->game) t->game->rename(seat, nick);
        if (t->solitaire) {
            t->place = nick;
            rekey.push_back(k);
        }
    }
    for (const auto& k : rekey) {
        auto node = n.tables.extract(k);
        node.key() = solitaire_key(node.mapped()->kind->name(), new_key);
        node.mapped()->place_key = node.key();
        n.tables.insert(std::move(node));
    }
}

// ---------------------------------------------------------------------------------------
// `table`, `hand`, `board`

void Daemon::Impl::show_table(Request& r) {
    Table* t = r.in_channel() ? table_at(*r.net, r.net->net->fold(r.channel))
                              : table_of_player(*r.net, r.key);
    if (!t) {
        if (r.in_channel())
            reply_private(r, "No table here. Open one with " + open_table_command() + ".");
        else
            reply_private(r, "You have no game open: type new to start one.");
        return;
    }
    if (t->phase == Table::Phase::Joining) {
        std::string names;
        for (const auto& s : t->seats) names += (names.empty() ? "" : ", ") + s.nick;
        reply(r, fmt::format("{} table opening: {} ({}). Type {}join to play.", t->kind->title(),
                             names, t->seats.size(), cfg.bot.prefix));
        return;
    }
    if (t->solitaire) {
        t->last_activity = clock.unix_now();
        deliver(*t, t->game->show_table());
        return;
    }
    // In a channel the table goes to the asker, so it does not add to the channel's lines.
    for (const auto& o : t->game->show_table()) reply_private(r, o.text);
}

void Daemon::Impl::show_hand(Request& r) {
    Table* t = nullptr;
    if (r.in_channel()) {
        t = table_at(*r.net, r.net->net->fold(r.channel));
    } else {
        for (auto& [k, tt] : r.net->tables)
            if (!tt->solitaire && tt->phase == Table::Phase::Playing && seat_of(*tt, r.key) >= 0) {
                if (t) {
                    reply_private(r, "You play at more than one table: type hand in the channel.");
                    return;
                }
                t = tt.get();
            }
    }
    const int seat = t ? seat_of(*t, r.key) : -1;
    if (!t || seat < 0 || t->phase != Table::Phase::Playing || t->seats[seat].out) {
        reply_private(r, "You are not playing at a table here.");
        return;
    }
    for (const auto& o : t->game->show_hand(seat))
        send_to_nick(*r.net, r.from.nick, r.key, o.text, true);
}

// ---------------------------------------------------------------------------------------
// Start-up: every open game comes back from its deal number and its journal.

void Daemon::Impl::restore_games() {
    int restored = 0;
    for (const auto& rec : db->open_games()) {
        auto nit = nets.find(rec.network);
        const GameKind* kind = kind_by_name(rec.kind);
        auto setup = GameSetup::deserialise(rec.setup);
        if (nit == nets.end() || !kind || !setup) {
            log::warn(
                "game {} ({} at {}/{}) cannot be restored here (network or game unknown); "
                "it stays in the database",
                rec.id, rec.kind, rec.network, rec.place);
            continue;
        }
        NetCtx& n = *nit->second;
        auto t = std::make_unique<Table>();
        t->net = &n;
        t->kind = kind;
        t->solitaire = is_solitaire_kind(*kind);
        t->place = rec.place;
        t->setup = *setup;
        t->game_id = rec.id;
        t->started_unix = t->last_activity = rec.started;
        t->phase = Table::Phase::Playing;
        for (std::size_t i = 0; i < setup->players.size(); ++i) {
            Seat s;
            s.nick = setup->players[i];
            s.computer = i < setup->computer.size() && setup->computer[i];
            s.key = s.computer ? "*" + s.nick : n.net->fold(s.nick);
            t->seats.push_back(s);
        }
        t->place_key = t->solitaire ? solitaire_key(kind->name(), t->seats.front().key)
                                    : n.net->fold(rec.place);
        t->opener_key = t->seats.empty() ? "" : t->seats.front().key;
        t->game = kind->create(*setup);
        bool ok = true;
        for (const auto& e : db->journal(rec.id)) {
            const auto [cmd, args] = split_command(e.action);
            Outcome o = t->game->act(e.seat, cmd, args);
            if (!o.ok()) {
                log::error(
                    "game {}: journal entry {} ({}) does not apply: {}; the game is "
                    "closed as stopped",
                    rec.id, e.seq, e.action, o.error);
                ok = false;
                break;
            }
            if (cmd == "leave" && e.seat >= 0 && e.seat < static_cast<int>(t->seats.size()))
                t->seats[e.seat].out = true;
            t->seq = e.seq;
            t->last_activity = e.at;
        }
        if (!ok || n.tables.count(t->place_key)) {
            db->finish_game(rec.id, "stopped", "could not be restored", clock.unix_now(), {});
            continue;
        }
        if (t->game->finished()) {
            Table& table = *t;
            n.tables[table.place_key] = std::move(t);
            finish(table, "finished");
            continue;
        }
        n.tables[t->place_key] = std::move(t);
        ++restored;
    }
    if (restored)
        log::info("restored {} game{} from the database", restored, restored == 1 ? "" : "s");
}

}  // namespace croupier::bot
