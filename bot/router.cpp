// The router (bot/router.hpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/router.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "bot/log.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"

namespace croupier::bot {

Router::Router(Clock& clock, const config::Config& cfg, const Kinds& kinds,
               const std::vector<Command>& commands, Tables& tables, TablesHost& out)
    : clock_(clock), cfg_(cfg), kinds_(kinds), commands_(commands), tables_(tables), out_(out) {}

bool Router::is_admin(const NetCtx& n, const Source& s) const {
    for (const auto& a : n.net->config().admins) {
        if (a.rfind("account:", 0) == 0) {
            // Only an account the server vouches for on this very message (account-tag).
            if (s.account_on_message && n.net->fold(a.substr(8)) == n.net->fold(s.account))
                return true;
        } else if (glob(n.net->fold(a), n.net->fold(s.mask()))) {
            return true;
        }
    }
    return false;
}

void Router::index_commands() {
    by_word_.clear();
    for (const auto& c : commands_) {
        const GameKind* k = c.module.empty() ? nullptr : kind_by_name(c.module);
        const auto add = [&](const std::string& word) {
            Named& n = by_word_[word];
            if (!n.commands.empty() && n.commands.back() == &c) return;  // an alias twice
            n.commands.push_back(&c);
            n.kinds.push_back(k);
        };
        add(c.spec.name);
        for (const auto& a : c.spec.aliases) add(a);
    }
    // The first kind called so, in the kinds' order, as find_kind has it.
    for (const auto& k : kinds_) {
        if (Named& n = by_word_[k->name()]; !n.kind) n.kind = k.get();
        for (const auto& a : k->aliases())
            if (Named& n = by_word_[a]; !n.kind) n.kind = k.get();
    }
    indexed_ = commands_.size();
}

const Router::Named* Router::named(const std::string& word) const {
    if (indexed_ != commands_.size())
        throw std::logic_error("the command table changed without index_commands()");
    auto it = by_word_.find(word);
    return it == by_word_.end() ? nullptr : &it->second;
}

bool Router::allow(NetCtx& n, const Source& s, const std::string& key, const std::string& host) {
    const auto now = clock_.now();
    const auto& l = cfg_.limits;
    const double burst = std::max(1, l.user_burst);
    UserBudget& mine = n.budgets[key];
    UserBudget& theirs = n.budgets[host];  // everyone from that host together
    const double share = std::max(1, l.host_share);
    if (mine.commands.has(1.0, burst, l.user_rate, now) &&
        theirs.commands.has(1.0, burst * share, l.user_rate * share, now)) {
        mine.commands.tokens -= 1.0;
        theirs.commands.tokens -= 1.0;
        return true;
    }
    if (!mine.warned_ever || now - mine.warned >= std::chrono::minutes(1)) {
        mine.warned_ever = true;
        mine.warned = now;
        out_.send_to_nick(n, s.nick, key,
                          "Slow down: you are sending commands too fast, so some were "
                          "ignored. Wait a few seconds and try again.",
                          true, irc::Priority::High);
    }
    log::debug("rate limit: dropped a command from {}", s.mask());
    return false;
}

void Router::on_message(NetCtx& ctx, const Source& from, const std::string& target,
                        const std::string& text) {
    NetCtx* n = &ctx;
    Network& network = *ctx.net;
    if (network.same(from.nick, network.nick())) return;
    Request r;
    r.net = n;
    r.from = from;
    r.nick_key = network.fold(from.nick);
    std::string_view body = text;
    const std::string& prefix = cfg_.bot.prefix;
    if (network.is_channel(target)) {
        if (body.size() <= prefix.size() || body.substr(0, prefix.size()) != prefix) return;
        body.remove_prefix(prefix.size());
        r.channel = target;
    } else {
        if (!network.same(target, network.nick())) return;  // not really for us
        if (body.substr(0, prefix.size()) == prefix) body.remove_prefix(prefix.size());
    }
    // Text-direction controls are dropped before anything reads the line: nothing the bot
    // repeats (a deck's name, an unknown command) can turn its reply around.
    const std::string line = trim(render::without_bidi(body));
    if (line.empty()) return;
    auto [command, args] = split_command(line);
    r.command = lower(std::move(command));
    r.args = std::move(args);
    // Who: the person behind the nick (bot/people.hpp).
    const Person& person = n->people.resolve(
        from.nick, r.nick_key, from.user, from.host, from.account,
        from.account.empty() ? "" : network.fold(from.account), clock_.unix_now());
    r.key = person.key;
    // The host's budgets and turn of the queue, shared by everyone from it; on a guest host
    // each guest is a group of their own (a person's share, not one for the whole gateway).
    r.host = person.guest() ? "@" + person.key : "@" + lower(from.host);
    if (!allow(*n, from, r.key, r.host)) return;
    tables_.seen_speaking(*n, r);
    try {
        dispatch(r);
    } catch (const std::exception& e) {
        // A bug must not take the daemon down for everyone: log it, tell the user.
        log::error("command {:?} from {} failed: {}", line, from.mask(), e.what());
        out_.refuse(r, "Sorry, that command failed inside the bot; it has been logged.");
    }
}

std::string Router::near_command(const Request& r, const std::string& module) const {
    // The command one edit away (a letter wrong, missing, extra, or two swapped) that works
    // here; the game of the asker's table first; nothing when it is not clear.
    std::string best;
    bool best_in_module = false, clash = false;
    for (const auto& c : commands_) {
        if (c.admin && !is_admin(*r.net, r.from)) continue;
        const bool place_ok = c.where == Command::Where::Anywhere ||
                              (c.where == Command::Where::Channel && r.in_channel()) ||
                              (c.where == Command::Where::Private && !r.in_channel());
        if (!place_ok) continue;
        std::vector<std::string> words{c.spec.name};
        words.insert(words.end(), c.spec.aliases.begin(), c.spec.aliases.end());
        for (const auto& w : words) {
            if (w.size() < 3 || config::edit_distance(r.command, w) != 1) continue;
            const bool in_module = !module.empty() && c.module == module;
            if (best.empty() || (in_module && !best_in_module)) {
                clash = false;
                best = c.spec.name;
                best_in_module = in_module;
            } else if (c.spec.name != best && in_module == best_in_module) {
                clash = true;
            }
        }
    }
    return clash ? "" : best;
}

void Router::dispatch(Request& r) {
    // A game prefix picks the game: "!e8 play 5c" is "play 5c" at the person's Exordia8 table.
    const Named* named_here = named(r.command);
    if (const GameKind* k = named_here ? named_here->kind : nullptr; k && !r.args.empty()) {
        auto [word, rest] = split_command(r.args);
        word = lower(word);
        bool known = false;
        const Named* w = named(word);
        if (w)
            for (const Command* c : w->commands)
                known = known || (c->module == k->name() && c->spec.name != k->name());
        // "!e8 bot" opens a table with a computer player when none is taking players here.
        if (known && word == "bot" && r.in_channel() &&
            !tables_.joining_table(*r.net, r.channel, *k))
            known = false;
        if (known) {
            r.kind = k;
            r.command = word;
            r.args = rest;
            named_here = w;
        }
    }
    // Several games may have a command of that name: the one whose table the person sits at
    // here (or the one the prefix named) answers.
    std::string module;
    if (r.kind) {
        module = r.kind->name();
    } else if (Table* t = tables_.route(r, nullptr, false)) {
        module = t->kind->name();
    }
    const Command* found = nullptr;
    const Command* wrong_place = nullptr;
    std::vector<const Command*> lookups;  // games' commands that need no game, of that name
    static const Named none;
    const Named& here = named_here ? *named_here : none;
    for (std::size_t i = 0; i < here.commands.size(); ++i) {
        const Command& c = *here.commands[i];
        if (r.kind && !c.module.empty() && c.module != module) continue;
        const bool place_ok = c.where == Command::Where::Anywhere ||
                              (c.where == Command::Where::Channel && r.in_channel()) ||
                              (c.where == Command::Where::Private && !r.in_channel());
        if (!place_ok) {
            if (!wrong_place) wrong_place = &c;
            continue;
        }
        if (const GameKind* k = here.kinds[i])
            for (const auto& spec : k->lookups().commands)
                if (spec.name == c.spec.name) lookups.push_back(&c);
        if (!found || (!module.empty() && c.module == module && found->module != module))
            found = &c;
    }
    // A command that needs no game, of several games ("deck set NAME"), from a person who
    // named none and sits at no table of them here (an Exordia8 player's `deck`): the game
    // they play, else the one that knows what they asked (a deck only it has); else they
    // are asked which game they mean.
    if (lookups.size() > 1 &&
        std::none_of(lookups.begin(), lookups.end(),
                     [&](const Command* c) { return c->module == module; }) &&
        std::find(lookups.begin(), lookups.end(), found) != lookups.end()) {
        std::vector<const Command*> played, fits;
        for (const Command* c : lookups)
            if (tables_.plays(*r.net, r.key, c->module)) played.push_back(c);
        if (played.size() == 1) {
            found = played.front();
        } else {
            for (const Command* c : lookups)
                if (const GameKind* k = kind_by_name(c->module);
                    k && !r.args.empty() && tables_.lookup_fits(r, *k))
                    fits.push_back(c);
            if (fits.size() == 1) {
                found = fits.front();
            } else {
                std::string which;
                for (std::size_t i = 0; i < lookups.size(); ++i) {
                    const GameKind* k = kind_by_name(lookups[i]->module);
                    if (!k) continue;
                    const std::string typed =
                        fmt::format("{} {}{}", tables_.typed_command(r, *k), r.command,
                                    r.args.empty() ? "" : " " + render::quote_user(r.args, 60));
                    which += (which.empty()             ? ""
                              : i + 1 == lookups.size() ? " or "
                                                        : ", ") +
                             fmt::format("{} ({})", typed, k->title());
                }
                out_.refuse(r, fmt::format("Several games have {}: type {}.", r.command, which));
                return;
            }
        }
    }
    // A game's command for another place, of a game the person plays, comes before another
    // game's command of that name they do not play ("play" in private from an Exordia8
    // player is Exordia8's, made in the channel, not VCG's).
    if (found && wrong_place && !found->module.empty() && wrong_place->module != found->module &&
        !tables_.plays(*r.net, r.key, found->module) &&
        tables_.plays(*r.net, r.key, wrong_place->module))
        found = nullptr;
    if (!found && wrong_place) {
        if (wrong_place->where == Command::Where::Channel)
            out_.refuse(
                r, fmt::format("{} works in a channel: type {}{} there.", wrong_place->spec.name,
                               cfg_.bot.prefix, wrong_place->spec.name));
        else
            out_.refuse(
                r, fmt::format("{} works in private messages: /msg {} {}", wrong_place->spec.name,
                               r.net->net->nick(), wrong_place->spec.name));
        return;
    }
    if (!found) {
        // By NOTICE, so another bot's command in a shared channel costs the channel nothing.
        const std::string p = r.in_channel() ? cfg_.bot.prefix : "";
        const std::string guess = near_command(r, module);
        out_.refuse(r, fmt::format("Unknown command \"{}\".{} Type {}help for the list.",
                                   render::quote_user(r.command, 30),
                                   guess.empty() ? "" : " Did you mean " + p + guess + "?", p));
        return;
    }
    if (found->admin && !is_admin(*r.net, r.from)) {
        out_.refuse(r, fmt::format("{} is for the bot's admins only.", found->spec.name));
        log::info("refused admin command {} from {}", found->spec.name, r.from.mask());
        return;
    }
    found->run(r);
}

}  // namespace croupier::bot
