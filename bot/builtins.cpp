// The built-in commands (bot/builtins.hpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/builtins.hpp"

#include <algorithm>
#include <limits>
#include <map>

#include <fmt/format.h>
#include <boost/asio/post.hpp>

#include "bot/log.hpp"
#include "bot/people.hpp"
#include "bot/persist.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"

namespace croupier::bot {

Builtins::Builtins(boost::asio::io_context& io, const config::Config& cfg, const Kinds& kinds,
                   const std::vector<Command>& commands, Nets& nets, Tables& tables,
                   TablesHost& out, const Router& router, std::function<Checked<Done>()> rehash)
    : io_(io),
      cfg_(cfg),
      kinds_(kinds),
      commands_(commands),
      nets_(nets),
      tables_(tables),
      out_(out),
      router_(router),
      rehash_(std::move(rehash)) {}

void Builtins::add_commands(std::vector<Command>& commands) {
    using W = Command::Where;
    auto add = [&commands](CommandSpec spec, W where, bool admin, std::function<void(Request&)> run,
                           std::string module = "") {
        commands.push_back(
            Command{std::move(spec), where, admin, std::move(module), std::move(run)});
    };
    add({"help", {}, "[GAME|COMMAND]", "lists commands, or explains a game or a command"},
        W::Anywhere, false, [this](Request& r) {
            r.page = true;
            cmd_help(r);
        });
    add({"games", {}, "", "shows what is being played where"}, W::Anywhere, false,
        [this](Request& r) {
            r.page = true;
            cmd_games(r);
        });
    add({"stats", {}, "[NICK]", "shows a player's games, wins, points and rating"}, W::Anywhere,
        false, [this](Request& r) {
            r.page = true;
            cmd_stats(r);
        });
    add({"top",
         {},
         "[GAME [1|2|4]]",
         "shows the best players of a game (none: each game's leader)"},
        W::Anywhere, false, [this](Request& r) {
            r.page = true;
            cmd_top(r);
        });
    add({"verify",
         {},
         "[NUMBER|GAME]",
         "checks a game's deal (by the game's number, a deal number you were shown or a game's "
         "name; alone: your last game)"},
        W::Anywhere, false, [this](Request& r) { cmd_verify(r); });
    add({"set",
         {},
         "plain on|off | delivery notice|privmsg | ...",
         "sets your preferences: plain text, how hands reach you, and each game's own"},
        W::Anywhere, false, [this](Request& r) { cmd_set(r); });
    add({"rehash", {}, "", "reloads the configuration file (admins)"}, W::Anywhere, true,
        [this](Request& r) {
            // A reload rebuilds this very command table: run it once this handler is done.
            boost::asio::post(io_, [this, network = r.net->name, r0 = r]() mutable {
                const Checked<Done> reloaded = rehash_();
                auto it = nets_.find(network);
                if (it == nets_.end()) return;  // that network is gone from the config
                r0.net = it->second.get();
                if (reloaded)
                    out_.reply_private(r0, "Configuration reloaded.");
                else
                    out_.refuse(r0,
                                "Reload failed, the old configuration stays: " + reloaded.why());
            });
        });
    add({"join", {}, "#CHANNEL", "makes the bot join a channel (admins; in private)"}, W::Private,
        true, [this](Request& r) {
            if (r.args.empty() || !r.net->net->is_channel(r.args) ||
                r.args.find(' ') != std::string::npos) {
                out_.refuse(r, "Usage: join #channel");
                return;
            }
            if (!r.net->net->join(r.args)) {
                out_.refuse(r, "That is not one channel name (no commas): join #channel");
                return;
            }
            out_.reply_private(r, "Joining " + r.args + ".");
        });
    add({"part", {}, "#CHANNEL", "makes the bot leave a channel (admins)"}, W::Anywhere, true,
        [this](Request& r) {
            std::string ch = r.args.empty() ? r.channel : r.args;
            if (ch.empty() || !r.net->net->is_channel(ch)) {
                out_.refuse(r, "Usage: part #channel");
                return;
            }
            r.net->net->part(ch, "requested by " + r.from.nick);
            out_.reply_private(r, "Leaving " + ch + ".");
        });
    add({"stop",
         {},
         "#CHANNEL|NICK",
         "stops the game at a channel, or a player's private games (admins)"},
        W::Anywhere, true, [this](Request& r) {
            std::string where = r.args.empty() ? r.channel : r.args;
            if (where.empty() || where.find(' ') != std::string::npos) {
                out_.refuse(r,
                            "Usage: stop #channel (its tables) or stop NICK (that player's "
                            "private games)");
                return;
            }
            const std::size_t stopped = tables_.stop_at(*r.net, where, r.from.nick);
            if (stopped == 0) {
                out_.refuse(r, "No game is running at " + render::quote_user(where, 50) + ".");
                return;
            }
            out_.reply_private(
                r,
                fmt::format("Stopped {} at {}.",
                            stopped == 1 ? "the game" : plural(stopped, "game", "games"), where));
        });
}

std::string Builtins::web_link(const std::string& path) const {
    return cfg_.web.link(path);
}

std::string Builtins::how_to_start(const Request& r, const GameKind& k) const {
    return tables_.how_to_start(r, k);
}

namespace {
// How a command is written in help: its name with its aliases ("move|m"), with the prefix
// where it is typed with one.
std::string command_names(const Command& c, const std::string& p) {
    std::string names = p + c.spec.name;
    for (const auto& a : c.spec.aliases) names += "|" + p + a;
    return names;
}
}  // namespace

// Short, so help costs little of the line budget and is never the wall a player reads
// between two moves: the general help and a game's help in a channel are two lines, a
// game's help in private at most four (the commands with their arguments), and
// `help [GAME] COMMAND` one line from the same command table.
void Builtins::cmd_help(Request& r) {
    const std::string p = r.in_channel() ? cfg_.bot.prefix : "";
    std::string topic = lower(r.args);
    if (!cfg_.bot.prefix.empty() && topic.starts_with(cfg_.bot.prefix))
        topic.erase(0, cfg_.bot.prefix.size());
    if (topic.empty()) {
        std::string core;
        for (const auto& c : commands_) {
            if (!c.module.empty() || (c.admin && !router_.is_admin(*r.net, r.from))) continue;
            core += (core.empty() ? "" : ", ") + p + c.spec.name;
        }
        std::string line = fmt::format("Commands: {}. {}help COMMAND explains one.", core, p);
        // Where the pages are, when the line stays one line with it (as for top).
        const std::string site = web_link("/");
        const std::string more = site.empty() ? "" : " Ladders and past games: " + site;
        render::append_if_fits(line, more);
        out_.reply_private(r, line);
        std::string games;
        for (const auto& k : kinds_)
            games += (games.empty() ? "" : "; ") + render::bold(k->title()) + " (" +
                     how_to_start(r, *k) + ")";
        out_.reply_private(
            r, fmt::format("Games: {}. {}help GAME (e.g. {}help {}) for its commands.", games, p, p,
                           kinds_.empty() ? "GAME" : kinds_.front()->name()));
        return;
    }
    auto [first, rest] = split_command(topic);
    const GameKind* k = kind_by_name(first);
    if (k && rest.empty()) {
        out_.reply_private(r, render::bold(k->title()) + ": " + k->summary() +
                                  ". Start: " + how_to_start(r, *k) + ".");
        // The commands by name (in a channel) or with their arguments (in private), those
        // made only in private named without the prefix, after the others.
        std::vector<std::string> parts, private_parts;
        for (const auto& c : commands_) {
            if (c.module != k->name()) continue;
            const bool priv = c.where == Command::Where::Private;
            std::string one = command_names(c, priv ? "" : p);
            if (!r.in_channel() && !c.spec.args.empty()) one += " " + c.spec.args;
            (priv && r.in_channel() ? private_parts : parts).push_back(one);
        }
        // Named as it is started ("enc"); the example is the game's own first command.
        const std::string game = k->aliases().empty() ? k->name() : k->aliases().front();
        const auto own = k->commands();
        const std::string example =
            fmt::format("{}help {} {}", p, game, own.empty() ? "COMMAND" : own.front().name);
        if (r.in_channel()) {
            std::string names;
            for (const auto& one : parts) names += (names.empty() ? "" : ", ") + one;
            std::string priv;
            for (const auto& one : private_parts) priv += (priv.empty() ? "" : ", ") + one;
            if (!priv.empty()) names += (names.empty() ? "in private: " : "; in private: ") + priv;
            out_.reply_private(
                r, fmt::format("Commands: {}. {}help {} COMMAND explains one (e.g. {}); "
                               "/msg {} help {} lists them with their arguments.",
                               names, p, game, example, r.net->net->nick(), game));
            return;
        }
        // Packed into whole commands a line: three lines at most after the title.
        for (std::size_t i = 0; i + 1 < parts.size(); ++i) parts[i] += ",";
        if (!parts.empty()) parts.front() = "Commands: " + parts.front();
        if (!parts.empty()) parts.back() += ".";
        parts.push_back(fmt::format("help {} COMMAND explains one (e.g. {}).", game, example));
        auto lines = render::pack(parts, 380);
        if (lines.size() > 3) {  // too many to show with their arguments: by name only
            std::string names;
            for (const auto& c : commands_)
                if (c.module == k->name()) names += (names.empty() ? "" : ", ") + c.spec.name;
            lines = render::pack({"Commands: " + names + ".", parts.back()}, 380);
        }
        for (const auto& line : lines) out_.reply_private(r, line);
        return;
    }
    // One command: of the game named, else of the game the asker plays here, else the
    // first of that name, the other games that have one named after it.
    std::string word = k ? rest : topic;
    if (!cfg_.bot.prefix.empty() && word.starts_with(cfg_.bot.prefix))
        word.erase(0, cfg_.bot.prefix.size());
    std::string module;
    if (k)
        module = k->name();
    else if (Table* t = tables_.route(r, nullptr, false))
        module = t->kind->name();
    const Command* found = nullptr;
    std::vector<std::string> others;
    for (const auto& c : commands_) {
        if (!c.called(word) || (c.admin && !router_.is_admin(*r.net, r.from))) continue;
        if (k && c.module != module) continue;
        if (!found || (!module.empty() && c.module == module && found->module != module)) {
            if (found && !found->module.empty()) others.push_back(found->module);
            found = &c;
        } else if (!c.module.empty()) {
            others.push_back(c.module);
        }
    }
    if (!found) {
        if (k)
            out_.refuse(r, fmt::format("{} has no command \"{}\": {}help {} lists them.",
                                       k->title(), render::quote_user(word, 30), p, first));
        else
            out_.refuse(r, fmt::format("No help for \"{}\": try {}help for the commands and games.",
                                       render::quote_user(topic, 30), p));
        return;
    }
    // Each other game once, in the command table's order; not the one explained.
    std::vector<std::string> other_games;
    for (const auto& m : others)
        if (m != found->module &&
            std::find(other_games.begin(), other_games.end(), m) == other_games.end())
            other_games.push_back(m);
    const std::string cp = found->where == Command::Where::Private ? "" : p;
    std::string aliases;
    for (const auto& a : found->spec.aliases)
        aliases += (aliases.empty() ? " (also " : ", ") + cp + a;
    if (!aliases.empty()) aliases += ")";
    const GameKind* of = found->module.empty() ? nullptr : kind_by_name(found->module);
    std::string also;
    if (!other_games.empty()) {
        std::string titles;
        for (const auto& m : other_games)
            if (const GameKind* o = kind_by_name(m))
                titles += (titles.empty() ? "" : ", ") + o->title();
        also = fmt::format(" {} {} one too: {}help GAME {}.", titles,
                           other_games.size() == 1 ? "has" : "have", p, word);
    }
    const std::string& what = found->spec.help;
    const std::string where =
        found->where == Command::Where::Private && r.in_channel()
            ? fmt::format(" (in private: /msg {} {})", r.net->net->nick(), found->spec.name)
            : "";
    out_.reply_private(
        r, fmt::format("{}{}{}{}{}{}: {}{}{}{}", of ? of->title() + ": " : "", cp, found->spec.name,
                       found->spec.args.empty() ? "" : " ", found->spec.args, aliases, what, where,
                       what.ends_with('.') ? "" : ".", also));
}

void Builtins::cmd_games(Request& r) {
    out_.reply(r, tables_.what_is_played(r));
}

void Builtins::cmd_stats(Request& r) {
    std::string nick = r.args.empty() ? r.from.nick : r.args;
    if (nick.find(' ') != std::string::npos || nick.size() > 64) {
        out_.refuse(r, "Usage: stats [NICK]");
        return;
    }
    // One's own: "Your games: ..." (in a channel the reply already starts with the nick).
    const bool self = r.args.empty() || r.net->net->same(r.args, r.from.nick);
    // The person who goes by that nick (or last did); scores from before persons, by nick.
    std::string key = "l:" + r.net->net->fold(nick);
    if (self)
        key = r.key;
    else if (auto people = r.net->people.by_nick(r.net->net->fold(nick)); !people.empty())
        key = people.front()->key;
    auto lines = db_->stats(r.net->name, key);
    if (lines.empty()) lines = db_->stats(r.net->name, r.net->net->fold(nick));
    const std::string shown = render::quote_user(nick, 40);
    if (self && !kept_for(key, cfg_.identity.rated_needs_account)) {
        out_.reply(r, guest_words(key, "Your games are not rated or counted",
                                  "have rated games and stats"));
        return;
    }
    if (lines.empty()) {
        out_.reply(r, self ? std::string("You have no finished games yet.")
                           : fmt::format("{} has no finished games yet.", shown));
        return;
    }
    std::string all;
    for (const auto& s : lines) {
        const GameKind* k = kind_by_name(s.kind);
        std::string title = k ? k->title() : s.kind;
        if (!s.variant.empty()) title += " " + (k ? k->ladder().title_of(s.variant) : s.variant);
        all += fmt::format("{}{}: {} game{}, {} won", all.empty() ? "" : "; ", title, s.games,
                           s.games == 1 ? "" : "s", s.wins);
        if (!k || k->ladder().points_count)
            all += fmt::format(", {} point{}", s.points, s.points == 1 ? "" : "s");
        if (k && k->ladder().rated) all += fmt::format(", rating {:.0f}", s.rating);
        if (const long long xp = db_->xp(r.net->name, key, s.kind); xp > 0)
            all += fmt::format(", {} XP", xp);
    }
    if (daily_) all += daily_->streak_text(r.net->name, key);
    out_.reply(r, fmt::format("{}: {}.", self ? std::string("Your games") : shown, all));
}

void Builtins::cmd_verify(Request& r) {
    // What a player can know: a game's number (#12), a deal number they were shown, a game's
    // name (their last game of it), or nothing (their last game).
    std::string arg = trim(r.args);
    const bool hash = !arg.empty() && arg[0] == '#';
    if (hash) arg.erase(0, 1);
    const bool number =
        !arg.empty() && arg.size() <= 20 &&
        std::all_of(arg.begin(), arg.end(), [](char c) { return c >= '0' && c <= '9'; });
    const std::string p = r.in_channel() ? cfg_.bot.prefix : "";
    const GameKind* named = number || arg.empty() ? nullptr : kind_by_name(lower(arg));
    if (!arg.empty() && !number && !named) {
        out_.refuse(
            r, fmt::format("Usage: {}verify [GAME]: a game's number (a game shown as \"#12\": "
                           "{}verify 12), a deal number you were shown, or a game's name "
                           "({}verify {}: your last game of it); {}verify alone: your last "
                           "game.",
                           p, p, p,
                           kinds_.empty()                      ? "GAME"
                           : kinds_.front()->aliases().empty() ? kinds_.front()->name()
                                                               : kinds_.front()->aliases().front(),
                           p));
        return;
    }
    std::optional<storage::GameRecord> rec;
    if (!number) {
        const auto id = db_->last_game(r.net->name, r.key, named ? named->name() : "");
        if (!id) {
            out_.refuse(r, named ? fmt::format("You have no finished {} game here to verify.",
                                               named->title())
                                 : std::string("You have no finished game here to verify."));
            return;
        }
        rec = db_->game(*id);
    } else {
        const std::uint64_t n = std::stoull(arg);
        if (n <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            rec = db_->game(static_cast<std::int64_t>(n));
        if (rec && rec->network != r.net->name) rec.reset();
        // Not a game's number: a deal number. The deal of a sealed game still in play is
        // secret: such a game is never found by it.
        if (!rec && !hash)
            for (auto& g : db_->games_by_deal(r.net->name, n, r.key)) {
                const GameKind* k = kind_by_name(g.kind);
                if (g.status == "open" && (!k || !k->seal(g.deal).empty())) continue;
                if (const auto setup = GameSetup::deserialise(g.setup);
                    setup && clock_ && Daily::sealed(setup->options, clock_->unix_now()))
                    continue;  // a daily deal's number is not told before its day ends
                rec = std::move(g);
                break;
            }
        if (!rec) {
            out_.refuse(r, fmt::format("There is no game #{} here{}.", arg,
                                       hash ? "" : ", and no game shown with that deal number"));
            return;
        }
    }
    if (!rec) {
        out_.refuse(r, "That game cannot be read just now; try again in a moment.");
        return;
    }
    const GameKind* k = kind_by_name(rec->kind);
    const std::string title = k ? k->title() : rec->kind;
    // A daily deal (bot/daily/): its number is told nowhere before its day ends (UTC), then
    // checked against the seal shown at its start.
    std::string seal = k ? k->seal(rec->deal) : "";
    if (const auto setup = GameSetup::deserialise(rec->setup)) {
        if (const auto day = setup->options.find("daily"); day != setup->options.end()) {
            if (clock_ && Daily::sealed(setup->options, clock_->unix_now())) {
                out_.reply_private(
                    r, fmt::format("{} game #{} is on the daily deal of {}: its number is "
                                   "sealed until that day ends (00:00 UTC), then {}verify {} "
                                   "checks it.",
                                   title, rec->id, day->second, p, rec->id));
                return;
            }
            seal = daily::seal_of(rec->deal);
        }
    }
    if (rec->status == "open") {
        if (seal.empty())
            out_.reply_private(r,
                               fmt::format("{} game #{} is still being played: deal {}, shown at "
                                           "its start (not sealed: anyone may play it again).",
                                           title, rec->id, rec->deal));
        else
            out_.reply_private(r,
                               fmt::format("{} game #{} is still being played: its deal is sealed "
                                           "until its end, then {}verify {} checks it.",
                                           title, rec->id, p, rec->id));
        return;
    }
    if (seal.empty()) {
        out_.reply_private(r,
                           fmt::format("{} game #{} was deal {}, shown at its start (not sealed: "
                                       "anyone may play it again).",
                                       title, rec->id, rec->deal));
        return;
    }
    out_.reply_private(
        r, fmt::format("{} game #{} at {} ({}): deal {}, whose sha256 is {}. If that is "
                       "the seal shown at its start, the deal did not change; the cards "
                       "follow from the number (docs/FAIRNESS.md).",
                       title, rec->id, rec->place, rec->result.empty() ? rec->status : rec->result,
                       rec->deal, seal));
}

void Builtins::cmd_top(Request& r) {
    std::string args = lower(r.args);
    const auto space = args.find(' ');
    const std::string game = args.substr(0, space);
    std::string word = space == std::string::npos ? "" : trim(args.substr(space + 1));
    if (game.empty()) return top_leaders(r);
    const GameKind* k = kind_by_name(game);
    if (!k) {
        std::string names;
        for (const auto& kk : kinds_) names += (names.empty() ? "" : ", ") + kk->name();
        out_.refuse(r, fmt::format("Usage: {}top GAME; games: {}.",
                                   r.in_channel() ? cfg_.bot.prefix : "", names));
        return;
    }
    // The kind's variants: `top spider 1`; none named: the first.
    const auto variants = k->ladder().top_variants;
    std::string variant;
    if (!variants.empty()) {
        std::string words;
        for (const auto& [w, v] : variants) {
            words += (words.empty() ? "" : "|") + w;
            if (word.empty() ? variant.empty() : w == word) variant = v;
        }
        if (variant.empty() || (!word.empty() && variant == variants.front().second &&
                                word != variants.front().first)) {
            out_.refuse(r, fmt::format("Usage: {}top {} [{}]",
                                       r.in_channel() ? cfg_.bot.prefix : "", k->name(), words));
            return;
        }
    } else if (!word.empty()) {
        out_.refuse(r, fmt::format("{} has no variants: {}top {}", k->title(),
                                   r.in_channel() ? cfg_.bot.prefix : "", k->name()));
        return;
    }
    const auto lines = db_->top(r.net->name, k->name(), variant, 5);
    const std::string title =
        k->title() + (variant.empty() ? "" : " " + k->ladder().title_of(variant));
    if (lines.empty()) {
        out_.reply(r, fmt::format("No finished {} games yet.", title));
        return;
    }
    std::string all;
    int rank = 0;
    for (const auto& t : lines) {
        all += fmt::format("{}{}. {} ({} won of {}{}{})", all.empty() ? "" : ", ", ++rank, t.nick,
                           t.wins, t.games,
                           k->ladder().points_count ? fmt::format(", {} points", t.points) : "",
                           k->ladder().rated ? fmt::format(", rating {:.0f}", t.rating) : "");
    }
    std::string line = fmt::format("Top {}: {}", title, all);
    // Where the whole ladder is, when the line stays one line with it (in a channel the
    // reply starts with the nick): never a line more for it.
    const std::string whole = web_link("/top/" + k->name());
    const std::string more = whole.empty() ? "" : ". The whole ladder: " + whole;
    const std::size_t nick = r.in_channel() ? r.from.nick.size() + 2 : 0;
    render::append_if_fits(line, more, nick);
    out_.reply(r, line);
}

// `top` alone: each game's leader (of its first ladder with anyone on it) in one line, and how
// to see more.
void Builtins::top_leaders(Request& r) {
    const std::string prefix = r.in_channel() ? cfg_.bot.prefix : "";
    std::string leaders;
    for (const auto& k : kinds_) {
        // The first of its ladders that has anyone on it.
        std::vector<std::string> variants;
        for (const auto& [word, v] : k->ladder().top_variants) variants.push_back(v);
        if (variants.empty()) variants.push_back("");
        for (const auto& variant : variants) {
            const auto first = db_->top(r.net->name, k->name(), variant, 1);
            if (first.empty()) continue;
            const std::string title =
                k->title() + (variant.empty() ? "" : " " + k->ladder().title_of(variant));
            leaders += fmt::format("{}{} {} ({} won of {})", leaders.empty() ? "" : ", ", title,
                                   first.front().nick, first.front().wins, first.front().games);
            break;
        }
    }
    if (leaders.empty()) {
        out_.reply(r, fmt::format("No finished games yet; {}top GAME shows a game's best players.",
                                  prefix));
        return;
    }
    out_.reply(r, fmt::format("Leaders: {}. {}top GAME for a game's best five.", leaders, prefix));
}

void Builtins::cmd_set(Request& r) {
    const std::string args = lower(r.args);
    const auto space = args.find(' ');
    const std::string name = args.substr(0, space);
    const std::string value = space == std::string::npos ? "" : trim(args.substr(space + 1));
    if (name.empty()) return show_settings(r);
    // Through the writer, like every write: the settings are shown once they are in the
    // database, or the person is told that nothing changed.
    auto save = [&](const std::string& pref, const std::string& stored) {
        write_then_tell(
            writer_, db_, nets_, out_, r, "settings",
            [network = r.net->name, key = r.key, pref, stored](storage::Database& d) {
                d.set_pref(network, key, pref, stored);
            },
            [this](Request& rr) {
                db_->forget_prefs(rr.net->name, rr.key);
                rr.net->delivery.erase(rr.key);
                show_settings(rr);
            });
    };
    if (name == "plain" && (value == "on" || value == "off"))
        return save("plain", value == "on" ? "1" : "0");
    if (name == "delivery" && (value == "notice" || value == "privmsg"))
        return save("delivery", value);
    // The web pages (docs/WEB.md, "Hidden players"): one short line, not the whole list.
    if (name == "web") {
        if (value != "hide" && value != "show") {
            out_.refuse(r, "Usage: set web hide (off the web pages) or set web show");
            return;
        }
        write_then_tell(
            writer_, db_, nets_, out_, r, "settings",
            [network = r.net->name, key = r.key, value](storage::Database& d) {
                d.set_pref(network, key, "web", value);
            },
            [this, value](Request& rr) {
                db_->forget_prefs(rr.net->name, rr.key);
                out_.reply_private(rr, value == "hide"
                                           ? "The web pages no longer name you nor list your "
                                             "private games; set web show undoes it."
                                           : "The web pages show you again.");
            });
        return;
    }
    for (const auto& k : kinds_)
        for (const auto& p : k->preferences())
            if (p.name == name &&
                std::find(p.values.begin(), p.values.end(), value) != p.values.end())
                return save(k->name() + "." + p.name, value);
    out_.refuse(r, "Usage: " + settings_usage());
}

std::string Builtins::settings_usage() const {
    // Every kind's preferences beside the two every player has.
    std::string usage = "set plain on|off, set delivery notice|privmsg";
    for (const auto& k : kinds_)
        for (const auto& p : k->preferences()) {
            std::string values;
            for (const auto& v : p.values) values += (values.empty() ? "" : "|") + v;
            usage += ", set " + p.name + " " + values;
        }
    return usage;
}

void Builtins::show_settings(Request& r) {
    const std::string& net = r.net->name;
    auto plain = db_->pref(net, r.key, "plain");
    auto delivery = db_->pref(net, r.key, "delivery");
    std::string mine = fmt::format("plain {}, delivery {}", plain && *plain == "1" ? "on" : "off",
                                   delivery ? *delivery : "notice");
    for (const auto& k : kinds_)
        for (const auto& p : k->preferences()) {
            auto v = db_->pref(net, r.key, k->name() + "." + p.name);
            mine += ", " + p.name + " " + (v ? *v : p.fallback);
        }
    // Said only when it is not the default, so the usual line stays as it was.
    if (auto web = db_->pref(net, r.key, "web"); web && *web == "hide") mine += ", web hide";
    out_.reply_private(
        r, fmt::format("Your settings: {}. Change one with: {}", mine, settings_usage()));
}

}  // namespace croupier::bot
