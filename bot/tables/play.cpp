// The commands at a table: each game's own (from its command table) and the ones every
// table shares (join, leave, start, bot, table, hand, hint). A command goes to the table
// the person sits at in that place; a game prefix (`!e8 play 5c`) picks among several.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <fmt/format.h>

#include "bot/log.hpp"
#include "bot/persist.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "bot/tables/play.hpp"

#include "bot/tables/services.hpp"

namespace croupier::bot {

namespace {
// "!e8 table or !rps table": the command with each game's prefix, for the tables the person
// sits at here.
std::string with_prefixes(const std::vector<Table*>& here, const std::string& person,
                          const std::string& prefix, const std::string& command) {
    std::string out;
    for (const Table* t : here) {
        if (!t->seated(person)) continue;
        const auto names = t->kind->aliases();
        const std::string one =
            prefix + (names.empty() ? t->kind->name() : names.front()) + " " + command;
        if (out.find(one) != std::string::npos) continue;
        out += (out.empty() ? "" : " or ") + one;
    }
    return out;
}
}  // namespace

void TableCommands::add_commands() {
    using W = Command::Where;
    auto add = [this](CommandSpec spec, W where, std::string module,
                      std::function<void(Request&)> run) {
        commands.push_back(
            Command{std::move(spec), where, false, std::move(module), std::move(run)});
    };
    for (const auto& kp : kinds) {
        const GameKind* k = kp.get();
        const std::string m = k->name();
        // Tables are found again by kind name: a rehash replaces the kinds. The commands of
        // its way of seating, with their words, are the seating's.
        for (auto& wc : s.seatings.of(*k).commands(*k))
            add(std::move(wc.spec), wc.where, m, std::move(wc.run));
        for (const auto& spec : k->lookups().commands)
            add(spec, W::Anywhere, m, [this, m](Request& r) {
                if (const GameKind* kk = kind_by_name(m)) lookup(r, *kk);
            });
        for (const auto& spec : k->commands()) {
            // Private games take their commands in private, and so do a duel's secret
            // choices (a bid typed in a channel would show it); a duel's public moves go
            // anywhere; a table's moves are made in its channel. A hand goes anywhere. A
            // command's role, not its name, says which it is.
            using Role = CommandSpec::Role;
            const W where =
                spec.role == Role::Hand ? W::Anywhere : s.seatings.of(*k).moves_where(*k);
            switch (spec.role) {
                case Role::Hand:
                    add(spec, where, m, [this](Request& r) { show_hand(r); });
                    continue;
                case Role::Hint:
                    add(spec, where, m, [this](Request& r) { hint(r); });
                    continue;
                case Role::Board:
                    add(spec, where, m, [this](Request& r) {
                        r.page = true;
                        show_table(r);
                    });
                    continue;
                case Role::Move:
                    break;
            }
            const std::size_t index = commands.size();
            add(spec, where, m, [this, index](Request& r) { game_command(r, commands.at(index)); });
        }
    }
}

void TableCommands::show_table(Request& r) {
    const Checked<Table*> routed = s.registry.route(r, nullptr, true);
    Table* t = routed.value_or(nullptr);
    if (!t) {
        if (routed.is_refusal())
            refuse(r,
                   "You sit at more than one table here: put the game's name first, "
                   "e.g. " +
                       with_prefixes(s.registry.tables_in(*r.net, r.channel), r.key, cfg.bot.prefix,
                                     "table") +
                       ".");
        else if (r.in_channel())
            refuse(r, "No table here. Open one with " + s.seatings.open.open_command() + ".");
        else if (const auto why = s.registry.stranger_reason(r, {}))
            refuse(r, why->why);
        else
            refuse(r, "You have no game open: type " + s.seatings.privates.start_command() + ".");
        return;
    }
    if (t->phase == Table::Phase::Joining) {
        std::string names;
        for (const auto& s : t->seats) names += (names.empty() ? "" : ", ") + s.nick;
        // To the asker, like the table of a game under way: the channel hears nothing.
        reply_private(r, fmt::format("{} table opening: {} ({}). Type {}join to play.",
                                     t->kind->title(), names, t->seats.size(), cfg.bot.prefix));
        return;
    }
    if (t->in_private) {
        t->last_activity = clock.unix_now();
        s.moves.deliver(*t, r.args.empty() ? t->game->show_table() : t->game->show_table_as(r.args),
                        Moves::Lines::Page);
        return;
    }
    // In a channel the table goes to the asker, so it does not add to the channel's lines
    // (after the table's last move is committed, like every line about it).
    commits.after_commit(*t, [this, rr = r, out = t->game->show_table()]() mutable {
        for (const auto& o : out) reply_private(rr, o.text);
    });
}

void TableCommands::show_hand(Request& r) {
    Table* t = nullptr;
    if (r.in_channel()) {
        const Checked<Table*> routed = s.registry.route(r, nullptr, false);
        t = routed.value_or(nullptr);
        if (routed.is_refusal()) {
            refuse(r,
                   "You sit at more than one table here: put the game's name first, "
                   "e.g. " +
                       with_prefixes(s.registry.tables_in(*r.net, r.channel), r.key, cfg.bot.prefix,
                                     "hand") +
                       ".");
            return;
        }
    } else {
        for (auto& [id, tt] : r.net->tables)
            if (!tt->in_private && tt->phase == Table::Phase::Playing && tt->seated(r.key) &&
                (!r.kind || tt->kind == r.kind)) {
                if (t) {
                    refuse(r, "You play at more than one table: type hand in the channel.");
                    return;
                }
                t = tt.get();
            }
    }
    const int seat = t ? t->seat_of(r.key) : -1;
    if (!t || seat < 0 || t->phase != Table::Phase::Playing || t->seats[seat].out) {
        std::vector<Table*> here;
        if (r.in_channel()) here = s.registry.tables_in(*r.net, r.channel);
        const auto why = s.registry.stranger_reason(r, here);
        refuse(r, why ? why->why : "You are not playing at a table here.");
        return;
    }
    commits.after_commit(*t, [this, network = r.net->name, nick = r.from.nick, key = r.key,
                              out = t->game->show_hand(seat)] {
        auto it = nets.find(network);
        if (it == nets.end()) return;
        for (const auto& o : out) send_to_nick(*it->second, nick, key, o.text, true);
    });
}

void TableCommands::hint(Request& r) {
    // A private game, or the person's seat in a duel whose kind offers hints (the computer
    // player decides on what the seat may see, so the hint shows nothing hidden).
    Table* t = r.kind ? s.seatings.of(*r.kind).hint_table(*r.net, r.key, *r.kind)
                      : s.seatings.played_from_private(*r.net, r.key, nullptr);
    const int seat = t ? std::max(0, t->seat_of(r.key)) : 0;
    if (!t) {
        const auto why = s.registry.stranger_reason(
            r, r.in_channel() ? s.registry.tables_in(*r.net, r.channel) : std::vector<Table*>{});
        refuse(r, why ? why->why
                  : r.kind
                      ? s.seatings.of(*r.kind).none_in_private(*r.kind, true)
                      : "You have no game open: type " + s.seatings.privates.start_command() + ".");
        return;
    }
    if (t->phase != Table::Phase::Playing || t->game->finished()) {
        refuse(r, "The game has not started yet.");
        return;
    }
    if (t->busy) {
        refuse(r, "Still thinking about your last hint...");
        return;
    }
    t->busy = true;
    std::shared_ptr<Game> copy(t->game->clone());
    // Found again by network name and table id: the nick may change, the network may go.
    const std::string network = r.net->name;
    const TableId id = t->id;
    const std::int64_t seq = t->seq;
    worker.run([this, network, id, seq, copy, seat]() -> Worker::Continuation {
        const std::string text = "Hint: " + copy->hint_text(seat, copy->computer_action(seat));
        return [this, network, id, seq, text, seat] {
            auto it = nets.find(network);
            if (it == nets.end()) return;
            Table* tt = s.registry.table_by_id(*it->second, id);
            if (!tt) return;
            tt->busy = false;
            // The game moved on meanwhile (the other player's move, a timer): the hint is for
            // a position gone, and the asker is told so rather than left waiting.
            const std::string said =
                tt->seq == seq ? text
                               : "The game moved on while I thought about your hint; ask again "
                                 "for the position now.";
            // A hint taken on a daily deal counts on its ladder (bot/daily/): written first.
            if (tt->seq == seq && tt->setup.options.count("daily"))
                commits.write(*tt, [id = tt->game_id](storage::Database& d) { d.daily_hint(id); });
            s.moves.deliver(*tt, {tt->in_private ? to_table(said) : to_seat(seat, said)});
        };
    });
}

std::string TableCommands::typed_command(const Request& r, const GameKind& kind) const {
    const auto names = kind.aliases();
    return (r.in_channel() ? cfg.bot.prefix : "") + (names.empty() ? kind.name() : names.front());
}

bool TableCommands::lookup_fits(Request& r, const GameKind& kind) {
    std::optional<std::string> saved;
    try {
        if (kept_for(r.key, cfg.identity.saved_needs_account))
            if (auto s = db->saved(r.net->name, r.key, kind.name(), "data")) saved = s->data;
    } catch (const std::exception&) {
        // Read again, and said, if this kind is the one asked.
    }
    return !kind.lookups().ask(r.command, r.args, saved, typed_command(r, kind) + " ").is_refusal();
}

void TableCommands::lookup(Request& r, const GameKind& kind) {
    std::optional<std::string> saved;
    const bool keeps = kept_for(r.key, cfg.identity.saved_needs_account);
    try {
        if (keeps)
            if (auto s = db->saved(r.net->name, r.key, kind.name(), "data")) saved = s->data;
    } catch (const std::exception& e) {
        log::warn("{}'s saved {} data could not be read: {}", r.key, kind.title(), e.what());
        refuse(r, "Your saved data cannot be read just now; try again in a moment.");
        return;
    }
    const Checked<LookupReply> answer =
        kind.lookups().ask(r.command, r.args, saved, typed_command(r, kind) + " ");
    if (!answer) {
        refuse(r, answer.why());
        return;
    }
    const LookupReply& out = *answer;
    r.page = out.lines.size() > 1;
    if (out.in_private) r.channel.clear();
    if (!out.save) {
        for (const auto& line : out.lines) reply(r, line);
        return;
    }
    if (!keeps) {
        refuse(r, guest_words(r.key, "Nothing is saved for you",
                              "keep decks, parties and experience"));
        return;
    }
    // A change to the profile: told only once it is in the database.
    write_then_tell(
        writer, db, nets, host, r, "saved data",
        [network = r.net->name, key = r.key, name = kind.name(), data = *out.save,
         now = clock.unix_now()](storage::Database& d) {
            d.save(network, key, name, "data", {1, data}, now);
        },
        [this, lines = out.lines](Request& rr) {
            for (const auto& line : lines) reply(rr, line);
        });
}

std::string TableCommands::game_over_words(const Request& r) {
    // A move after the person's last game here ended: that game is over, and how to start
    // another of its kind.
    std::optional<storage::GameRecord> rec;
    try {
        if (auto id = db->last_game(r.net->name, r.key)) rec = db->game(*id);
    } catch (const std::exception&) {
        return "";
    }
    if (!rec || !r.net->net->same(rec->place, r.channel)) return "";
    const GameKind* k = kind_by_name(rec->kind);
    if (!k) return "";
    bool has = false;
    for (const auto& spec : k->commands()) {
        has = has || spec.name == r.command;
        for (const auto& a : spec.aliases) has = has || a == r.command;
    }
    if (!has) return "";
    const std::string ended = rec->result.empty() ? "" : " (" + rec->result + ")";
    return s.seatings.of(*k).over_words(*k, rec->id, ended, typed_command(r, *k));
}

void TableCommands::game_command(Request& r, const Command& c) {
    // A move: whatever page the person asked for (help, stats, a board view) and is still
    // waiting in the queue is cut, as they have moved on to play.
    if (const auto cut = r.net->net->cut_pages(r.from.nick))
        log::debug("{} lines of a page for {} cut by a move", cut, r.from.nick);
    const GameKind* kind = r.kind ? r.kind : kind_by_name(c.module);
    const Checked<Table*> routed = s.registry.route(r, kind, true);
    Table* t = routed.value_or(nullptr);
    const std::string p = r.in_channel() ? cfg.bot.prefix : "";
    if (routed.is_refusal()) {
        refuse(r, fmt::format("You sit at more than one {} table here.",
                              kind ? kind->title() : "game"));
        return;
    }
    if (!t) {
        if (r.in_channel()) {
            const auto here = s.registry.tables_in(*r.net, r.channel);
            const auto why = s.registry.stranger_reason(r, here);
            std::string over = why ? "" : game_over_words(r);
            if (!why && over.empty() && kind && !here.empty()) {
                // Another game runs here: the move is of a game that does not.
                refuse(r,
                       fmt::format("No {} game is running here ({}{} is one of its moves). "
                                   "Start one with {}.",
                                   kind->title(), p, r.command,
                                   s.seatings.of(*kind).how_to_start(*kind, r.net->net->nick())));
                return;
            }
            refuse(r, why             ? why->why
                      : !over.empty() ? over
                                      : "No game is running here. Open a table with " +
                                            s.seatings.open.open_command() + ".");
        } else if (const auto why = s.registry.stranger_reason(r, {})) {
            refuse(r, why->why);
        } else {
            refuse(r, kind ? s.seatings.of(*kind).none_in_private(*kind, false)
                           : "You have no game open: type " + s.seatings.privates.start_command() +
                                 ".");
        }
        return;
    }
    if (t->phase != Table::Phase::Playing) {
        refuse(r, fmt::format("The game has not started yet; {}start when everyone sits.", p));
        return;
    }
    const int seat = t->seat_of(r.key);
    if (seat < 0 || t->seats[seat].out) {
        const auto why = s.registry.stranger_reason(r, {t});
        refuse(r, why ? why->why : "You are not playing at this table.");
        return;
    }
    if (t->busy) {
        refuse(r, "One moment: the bot is still working on your last request.");
        return;
    }
    t->last_activity = clock.unix_now();  // any command touches the game, refused or not
    if (const auto done = s.moves.commit(*t, seat, r.command, r.args); !done) refuse(r, done.why());
}

}  // namespace croupier::bot
