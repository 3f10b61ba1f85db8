// The daemon: networks, the router with its command tables, and the built-in commands.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/daemon.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <boost/asio/post.hpp>

#include "bot/daemon_impl.hpp"
#include "bot/games/kinds.hpp"
#include "bot/log.hpp"
#include "bot/rekey.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"

namespace croupier::bot {

// ---------------------------------------------------------------------------------------
// Daemon

Daemon::Daemon(boost::asio::io_context& io, Clock& clock, config::Config cfg, DaemonOptions opts)
    : impl_(std::make_unique<Impl>(io, clock, std::move(cfg), std::move(opts))) {}
Daemon::~Daemon() = default;
void Daemon::start() {
    impl_->start();
}
void Daemon::stop() {
    impl_->stop();
}
std::string Daemon::rehash() {
    return impl_->rehash();
}
storage::Database& Daemon::db() {
    return *impl_->db;
}
const config::Config& Daemon::config() const {
    return impl_->cfg;
}

Daemon::Impl::Impl(boost::asio::io_context& io_, Clock& clock_, config::Config cfg_,
                   DaemonOptions opts_)
    : io(io_),
      clock(clock_),
      cfg(std::move(cfg_)),
      opts(std::move(opts_)),
      deals(opts.master_seed, opts.random_deals),
      kinds(make_kinds(cfg)),
      worker(std::make_unique<Worker>(io, opts.replay, 1)),
      tables(*this, io, clock, cfg, deals, kinds, nets, *worker, commands) {
    for (const auto& make : opts.extra_kinds) kinds.push_back(make());
    build_commands();
}

Daemon::Impl::~Impl() {
    worker.reset();  // joins the background thread before anything it may touch goes
    clock.cancel(housekeeping_timer);
}

void Daemon::Impl::start() {
    log::Level lvl;
    if (log::parse_level(cfg.bot.log_level, lvl)) log::set_level(lvl);
    for (const auto& notice : cfg.notices) log::warn("{}", notice);
    db = std::make_unique<storage::Database>(cfg.bot.database);
    log::info("database {} (schema {})", cfg.bot.database, db->schema_version());
    rekey_persons();  // before the people are loaded and the games restored
    writer = std::make_unique<storage::Writer>(
        cfg.bot.database, [this](std::function<void()> f) { boost::asio::post(io, std::move(f)); },
        opts.replay);
    // The writer's own thread checkpoints the WAL; this connection's few writes must not
    // make one on the event loop.
    if (!opts.replay) db->set_autocheckpoint(0);
    for (const auto& nc : cfg.networks) nets[nc.name] = make_net(nc, cfg.bot);
    tables.attach(*db, *writer);
    tables.restore_games();
    for (auto& [name, n] : nets) n->net->start();
    housekeeping_timer = clock.call_after(std::chrono::hours(1), [this] { housekeeping(); });
}

bool Daemon::Impl::guest_host(const std::string& userhost) const {
    return on_guest_host(cfg.identity.guest_hosts, userhost);
}

void Daemon::Impl::rekey_persons() {
    try {
        const std::size_t n = db->rekey_persons(
            person_rekey([this](const std::string& userhost) { return guest_host(userhost); }));
        if (n > 0) log::info("merged {} persons split by nick into one (docs/STORAGE.md)", n);
    } catch (const std::exception& e) {
        // Nothing was changed (one transaction); the next start tries again, and merges the
        // persons made meanwhile too.
        log::error("persons could not be moved to today's keys: {}", e.what());
    }
}

void Daemon::Impl::stop() {
    for (auto& [name, n] : nets) {
        tables.pause_timers(*n);
        n->net->stop(cfg.bot.quit_message);
    }
}

std::string Daemon::Impl::rehash() {
    config::Config fresh;
    try {
        if (opts.reload)
            fresh = opts.reload();
        else if (!cfg.file.empty())
            fresh = config::load(cfg.file, {}, kind_specs());
        else
            return "";  // nothing to read again (a replay without a file)
    } catch (const std::exception& e) {
        log::error("rehash failed, keeping the old configuration: {}", e.what());
        return e.what();
    }
    for (const auto& notice : fresh.notices) log::warn("{}", notice);
    if (fresh.bot.database != cfg.bot.database)
        log::warn("rehash: the database path changes only at restart; still using {}",
                  cfg.bot.database);
    fresh.bot.database = cfg.bot.database;
    log::Level lvl;
    if (log::parse_level(fresh.bot.log_level, lvl)) log::set_level(lvl);
    // Networks: reconfigure the ones kept, start new ones, stop removed ones.
    std::set<std::string> seen;
    for (const auto& nc : fresh.networks) {
        seen.insert(nc.name);
        auto it = nets.find(nc.name);
        if (it != nets.end()) {
            it->second->net->reconfigure(fresh.bot, nc);
        } else {
            auto n = make_net(nc, fresh.bot);
            n->net->start();
            nets[nc.name] = std::move(n);
        }
    }
    for (auto it = nets.begin(); it != nets.end();) {
        if (seen.count(it->first) || !it->second->tables.empty()) {
            if (!seen.count(it->first))
                log::warn(
                    "rehash: network {} is no longer configured but has games; it stays "
                    "until they end or a restart",
                    it->first);
            ++it;
            continue;
        }
        it->second->net->stop(fresh.bot.quit_message);
        // Destroying a Network from inside its own callback is unsafe: let the loop do it.
        auto doomed = std::shared_ptr<NetCtx>(it->second.release());
        it = nets.erase(it);
        clock.call_after(Duration{2000}, [doomed] {});
    }
    const std::string file = fresh.file;
    // Game settings apply to tables opened from now on; games in progress keep theirs.
    std::vector<std::shared_ptr<GameKind>> old_kinds = std::move(kinds);
    kinds.clear();
    kinds = make_kinds(fresh);
    for (const auto& make : opts.extra_kinds) kinds.push_back(make());
    tables.kinds_changed();
    old_kinds.clear();  // nothing points at them now
    cfg = std::move(fresh);
    commands.clear();
    build_commands();
    log::info("configuration reloaded{}", file.empty() ? "" : " from " + file);
    return "";
}

std::unique_ptr<NetCtx> Daemon::Impl::make_net(const config::NetworkConfig& nc,
                                               const config::BotConfig& bot) {
    auto n = std::make_unique<NetCtx>();
    n->name = nc.name;
    n->net = std::make_unique<Network>(io, clock, bot, nc, *this, opts.transport);
    // The people seen on this network before, and every change from now on, so a restart
    // loses no nick change.
    std::vector<Person> known;
    for (const auto& row : db->persons(nc.name))
        known.push_back(
            Person{row.key, row.nick, row.nick_key, row.account, row.userhost, row.seen});
    n->people.load(known);
    // Read at each call: a rehash's guest hosts apply to people seen from then on.
    n->people.guest_host = [this](const std::string& userhost) { return guest_host(userhost); };
    n->people.on_change = [this, network = nc.name, net = n.get()](const Person& p) {
        net->delivery.erase(p.key);  // the address may have changed
        // Through the writer, off the event loop. If it fails the person is still known in
        // memory, and written again at their next change.
        writer->submit({storage::Writer::Unit{
            {[network,
              row = storage::PersonRow{p.key, p.nick, p.nick_key, p.account, p.userhost, p.seen}](
                 storage::Database& d) { d.remember_person(network, row); }},
            [network, nick = p.nick](const std::string& err) {
                if (!err.empty())
                    log::warn("network {}: {} could not be remembered: {}", network, nick, err);
            }}});
    };
    return n;
}

NetCtx* Daemon::Impl::ctx(Network& n) {
    for (auto& [name, c] : nets)
        if (c->net.get() == &n) return c.get();
    return nullptr;
}

const GameKind* Daemon::Impl::kind_by_name(const std::string& name) const {
    for (const auto& k : kinds) {
        if (k->name() == name) return k.get();
        for (const auto& a : k->aliases())
            if (a == name) return k.get();
    }
    return nullptr;
}

bool Daemon::Impl::is_admin(const NetCtx& n, const Source& s) const {
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

bool Daemon::Impl::allow(NetCtx& n, const Source& s, const std::string& key,
                         const std::string& host) {
    const auto now = clock.now();
    const auto& l = cfg.limits;
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
        send_to_nick(n, s.nick, key,
                     "Slow down: you are sending commands too fast, so some were "
                     "ignored. Wait a few seconds and try again.",
                     true, irc::Priority::High);
    }
    log::debug("rate limit: dropped a command from {}", s.mask());
    return false;
}

bool Daemon::Impl::page_line(Request& r) {
    if (r.cut) return false;
    const auto now = clock.now();
    const auto& l = cfg.limits;
    const double burst = std::max(1, l.page_burst);
    const double share = std::max(1, l.host_share);
    UserBudget& mine = r.net->budgets[r.key];
    UserBudget& theirs = r.net->budgets[r.host];
    // What the host's people already wait for in the queue: past kPageBacklog lines (about
    // that many seconds of the link, when it is busy) their pages are held back too, so a
    // host cannot keep the link answering it for minutes after it stopped asking.
    const std::size_t backlog = r.net->net->queued_for_group(r.host);
    if (backlog < kPageBacklog && mine.lines.has(1.0, burst, l.page_rate, now) &&
        theirs.lines.has(1.0, burst * share, l.page_rate * share, now)) {
        mine.lines.tokens -= 1.0;
        theirs.lines.tokens -= 1.0;
        return true;
    }
    r.cut = true;
    // Told after what was sent of the page (same priority), with when a page of half the
    // burst will fit again for both budgets (and the backlog will have left).
    const double want = burst / 2;
    const double wait = std::max({(want - mine.lines.tokens) / l.page_rate,
                                  (want * share - theirs.lines.tokens) / (l.page_rate * share),
                                  static_cast<double>(backlog)});
    log::debug("page cut for {} (output budget spent)", r.from.mask());
    // Once a minute at most: each page cut would otherwise say it again.
    if (mine.held_told_ever && now - mine.held_told < std::chrono::minutes(1)) return false;
    mine.held_told_ever = true;
    mine.held_told = now;
    send_to_nick(*r.net, r.from.nick, r.key,
                 fmt::format("(The rest is held back: you have asked for a lot of text lately. "
                             "Try again in {} s.)",
                             std::max(1LL, static_cast<long long>(std::ceil(wait)))),
                 r.in_channel(), irc::Priority::Low);
    return false;
}

// ---------------------------------------------------------------------------------------
// Output

void Daemon::Impl::send_to_nick(NetCtx& n, const std::string& nick, const std::string& key,
                                const std::string& text, bool prefer_notice,
                                irc::SendOptions opts) {
    auto it = n.delivery.find(key);
    if (it == n.delivery.end()) {
        if (n.delivery.size() >= 100000) n.delivery.clear();  // bounded; refilled on demand
        NetCtx::Delivery d;
        const auto& prefs = db->prefs(n.name, key);
        const std::string* plain_pref = storage::Database::pref_in(prefs, "plain");
        const std::string* delivery = storage::Database::pref_in(prefs, "delivery");
        d.plain = plain_pref && *plain_pref == "1";
        d.notice_ok = !(delivery && *delivery == "privmsg");
        if (const Person* p = n.people.known(key)) {
            const auto at = p->userhost.find('@');
            if (p->guest())
                d.group = "@" + p->key;  // as in on_message
            else if (at != std::string::npos)
                d.group = "@" + lower(p->userhost.substr(at + 1));
        }
        it = n.delivery.emplace(key, std::move(d)).first;
    }
    const NetCtx::Delivery& d = it->second;
    const bool notice = prefer_notice && d.notice_ok;
    if (opts.group.empty()) opts.group = d.group;
    const std::string plain_body = d.plain ? render::to_plain(text) : std::string();
    send_pieces(n, nick, d.plain ? plain_body : text, notice, std::move(opts));
}

void Daemon::Impl::send_to_channel(NetCtx& n, const std::string& channel, const std::string& text,
                                   irc::SendOptions opts) {
    if (n.net->strips_colours(channel))
        send_pieces(n, channel, render::to_plain(text), false, std::move(opts));
    else
        send_pieces(n, channel, text, false, std::move(opts));
}

void Daemon::Impl::send_pieces(NetCtx& n, const std::string& target, const std::string& body,
                               bool notice, irc::SendOptions opts) {
    // What waits for the text (opts.hold) waits for its last piece; a view's later pieces
    // replace nothing (the first replaced the view's older lines).
    const auto pieces = render::split(body);
    std::shared_ptr<void> hold = std::move(opts.hold);
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        irc::SendOptions o = opts;
        o.continues = opts.continues || i > 0;
        if (i + 1 == pieces.size()) o.hold = hold;
        if (notice)
            n.net->notice(target, pieces[i], std::move(o));
        else
            n.net->privmsg(target, pieces[i], std::move(o));
    }
}

// A player's own answer is High; a page they asked for is Low and paid from their budget.
// In a channel, the answers to one host are a place of their own there, in that host's
// group: a flood of questions from one host waits behind itself, not before other
// people's answers or tables.
void Daemon::Impl::reply(Request& r, const std::string& text) {
    if (r.page && !page_line(r)) return;
    irc::SendOptions o;
    o.priority = r.page ? irc::Priority::Low : irc::Priority::High;
    o.page = r.page;
    if (r.in_channel()) {
        o.lane = r.host;
        o.group = r.host;
        send_to_channel(*r.net, r.channel, r.from.nick + ": " + text, std::move(o));
    } else {
        send_to_nick(*r.net, r.from.nick, r.key, text, false, std::move(o));
    }
}

void Daemon::Impl::reply_private(Request& r, const std::string& text) {
    if (r.page && !page_line(r)) return;
    irc::SendOptions o;
    o.priority = r.page ? irc::Priority::Low : irc::Priority::High;
    o.page = r.page;
    send_to_nick(*r.net, r.from.nick, r.key, text, r.in_channel(), std::move(o));
}

// The answer to a command: not a page, so neither charged to the output budget nor cut.
// Under the asker's host group like every line to them, so a host's many nicks share its
// part of the line budget.
void Daemon::Impl::refuse(Request& r, const std::string& text) {
    send_to_nick(*r.net, r.from.nick, r.key, text, r.in_channel(), irc::Priority::High);
}

// ---------------------------------------------------------------------------------------
// Router

void Daemon::Impl::on_message(Network& network, const Source& from, const std::string& target,
                              const std::string& text, bool notice) {
    if (notice) return;  // never answer a NOTICE (RFC 2812), so bots cannot loop
    NetCtx* n = ctx(network);
    if (!n || network.same(from.nick, network.nick())) return;
    Request r;
    r.net = n;
    r.from = from;
    r.nick_key = network.fold(from.nick);
    std::string_view body = text;
    const std::string& prefix = cfg.bot.prefix;
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
    const Person& person =
        n->people.resolve(from.nick, r.nick_key, from.user, from.host, from.account,
                          from.account.empty() ? "" : network.fold(from.account), clock.unix_now());
    r.key = person.key;
    // The host's budgets and turn of the queue, shared by everyone from it; on a guest host
    // each guest is a group of their own (a person's share, not one for the whole gateway).
    r.host = person.guest() ? "@" + person.key : "@" + lower(from.host);
    if (!allow(*n, from, r.key, r.host)) return;
    tables.seen_speaking(*n, r);
    try {
        dispatch(r);
    } catch (const std::exception& e) {
        // A bug must not take the daemon down for everyone: log it, tell the user.
        log::error("command {:?} from {} failed: {}", line, from.mask(), e.what());
        refuse(r, "Sorry, that command failed inside the bot; it has been logged.");
    }
}

namespace {
bool names(const Command& c, const std::string& word) {
    if (c.spec.name == word) return true;
    for (const auto& a : c.spec.aliases)
        if (a == word) return true;
    return false;
}
}  // namespace

std::string Daemon::Impl::near_command(const Request& r, const std::string& module) const {
    // The command one edit away (a letter wrong, missing, extra, or two swapped) that works
    // here; the game of the asker's table first; nothing when it is not clear.
    std::string best;
    bool best_in_module = false, clash = false;
    for (const auto& c : commands) {
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

void Daemon::Impl::dispatch(Request& r) {
    // A game prefix picks the game: "!e8 play 5c" is "play 5c" at the person's Exordia8 table.
    if (const GameKind* k = kind_by_name(r.command); k && !r.args.empty()) {
        auto [word, rest] = split_command(r.args);
        word = lower(word);
        bool known = false;
        for (const auto& c : commands)
            known = known || (c.module == k->name() && names(c, word) && c.spec.name != k->name());
        // "!e8 bot" opens a table with a computer player when none is taking players here.
        if (known && word == "bot" && r.in_channel() &&
            !tables.joining_table(*r.net, r.channel, *k))
            known = false;
        if (known) {
            r.kind = k;
            r.command = word;
            r.args = rest;
        }
    }
    // Several games may have a command of that name: the one whose table the person sits at
    // here (or the one the prefix named) answers.
    std::string module;
    if (r.kind) {
        module = r.kind->name();
    } else if (Table* t = tables.route(r, nullptr, false)) {
        module = t->kind->name();
    }
    const Command* found = nullptr;
    const Command* wrong_place = nullptr;
    std::vector<const Command*> lookups;  // games' commands that need no game, of that name
    for (const auto& c : commands) {
        if (!names(c, r.command)) continue;
        if (r.kind && !c.module.empty() && c.module != module) continue;
        const bool place_ok = c.where == Command::Where::Anywhere ||
                              (c.where == Command::Where::Channel && r.in_channel()) ||
                              (c.where == Command::Where::Private && !r.in_channel());
        if (!place_ok) {
            if (!wrong_place) wrong_place = &c;
            continue;
        }
        if (const GameKind* k = c.module.empty() ? nullptr : kind_by_name(c.module))
            for (const auto& spec : k->lookups())
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
            if (tables.plays(*r.net, r.key, c->module)) played.push_back(c);
        if (played.size() == 1) {
            found = played.front();
        } else {
            for (const Command* c : lookups)
                if (const GameKind* k = kind_by_name(c->module);
                    k && !r.args.empty() && tables.lookup_fits(r, *k))
                    fits.push_back(c);
            if (fits.size() == 1) {
                found = fits.front();
            } else {
                std::string which;
                for (std::size_t i = 0; i < lookups.size(); ++i) {
                    const GameKind* k = kind_by_name(lookups[i]->module);
                    if (!k) continue;
                    const std::string typed =
                        fmt::format("{} {}{}", tables.typed_command(r, *k), r.command,
                                    r.args.empty() ? "" : " " + render::quote_user(r.args, 60));
                    which += (which.empty()             ? ""
                              : i + 1 == lookups.size() ? " or "
                                                        : ", ") +
                             fmt::format("{} ({})", typed, k->title());
                }
                refuse(r, fmt::format("Several games have {}: type {}.", r.command, which));
                return;
            }
        }
    }
    // A game's command for another place, of a game the person plays, comes before another
    // game's command of that name they do not play ("play" in private from an Exordia8
    // player is Exordia8's, made in the channel, not VCG's).
    if (found && wrong_place && !found->module.empty() && wrong_place->module != found->module &&
        !tables.plays(*r.net, r.key, found->module) &&
        tables.plays(*r.net, r.key, wrong_place->module))
        found = nullptr;
    if (!found && wrong_place) {
        if (wrong_place->where == Command::Where::Channel)
            refuse(r, fmt::format("{} works in a channel: type {}{} there.", wrong_place->spec.name,
                                  cfg.bot.prefix, wrong_place->spec.name));
        else
            refuse(r,
                   fmt::format("{} works in private messages: /msg {} {}", wrong_place->spec.name,
                               r.net->net->nick(), wrong_place->spec.name));
        return;
    }
    if (!found) {
        // By NOTICE, so another bot's command in a shared channel costs the channel nothing.
        const std::string p = r.in_channel() ? cfg.bot.prefix : "";
        const std::string guess = near_command(r, module);
        refuse(r, fmt::format("Unknown command \"{}\".{} Type {}help for the list.",
                              render::quote_user(r.command, 30),
                              guess.empty() ? "" : " Did you mean " + p + guess + "?", p));
        return;
    }
    if (found->admin && !is_admin(*r.net, r.from)) {
        refuse(r, fmt::format("{} is for the bot's admins only.", found->spec.name));
        log::info("refused admin command {} from {}", found->spec.name, r.from.mask());
        return;
    }
    found->run(r);
}

// ---------------------------------------------------------------------------------------
// The command table: one place for the parser and for `help`.

void Daemon::Impl::build_commands() {
    using W = Command::Where;
    auto add = [this](CommandSpec spec, W where, bool admin, std::function<void(Request&)> run,
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
    add({"top", {}, "GAME [1|2|4]", "shows the best players of a game"}, W::Anywhere, false,
        [this](Request& r) {
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
            boost::asio::post(io, [this, network = r.net->name, r0 = r]() mutable {
                const std::string err = rehash();
                auto it = nets.find(network);
                if (it == nets.end()) return;  // that network is gone from the config
                r0.net = it->second.get();
                if (err.empty())
                    reply_private(r0, "Configuration reloaded.");
                else
                    refuse(r0, "Reload failed, the old configuration stays: " + err);
            });
        });
    add({"join", {}, "#CHANNEL", "makes the bot join a channel (admins; in private)"}, W::Private,
        true, [this](Request& r) {
            if (r.args.empty() || !r.net->net->is_channel(r.args) ||
                r.args.find(' ') != std::string::npos) {
                refuse(r, "Usage: join #channel");
                return;
            }
            if (!r.net->net->join(r.args)) {
                refuse(r, "That is not one channel name (no commas): join #channel");
                return;
            }
            reply_private(r, "Joining " + r.args + ".");
        });
    add({"part", {}, "#CHANNEL", "makes the bot leave a channel (admins)"}, W::Anywhere, true,
        [this](Request& r) {
            std::string ch = r.args.empty() ? r.channel : r.args;
            if (ch.empty() || !r.net->net->is_channel(ch)) {
                refuse(r, "Usage: part #channel");
                return;
            }
            r.net->net->part(ch, "requested by " + r.from.nick);
            reply_private(r, "Leaving " + ch + ".");
        });
    add({"stop",
         {},
         "#CHANNEL|NICK",
         "stops the game at a channel, or a player's solitaire game (admins)"},
        W::Anywhere, true, [this](Request& r) {
            std::string where = r.args.empty() ? r.channel : r.args;
            if (where.empty() || where.find(' ') != std::string::npos) {
                refuse(r,
                       "Usage: stop #channel (its tables) or stop NICK (that player's "
                       "private games)");
                return;
            }
            const std::size_t stopped = tables.stop_at(*r.net, where, r.from.nick);
            if (stopped == 0) {
                refuse(r, "No game is running at " + render::quote_user(where, 50) + ".");
                return;
            }
            reply_private(
                r,
                fmt::format("Stopped {} at {}.",
                            stopped == 1 ? "the game" : plural(stopped, "game", "games"), where));
        });
    tables.add_commands();
}

std::string Daemon::Impl::how_to_start(const Request& r, const GameKind& k) const {
    const std::string name = k.aliases().empty() ? k.name() : k.aliases().front();
    switch (k.seating()) {
        case Seating::Private:
            return fmt::format("/msg {} {}", r.net->net->nick(), name);
        case Seating::Duel:
            return fmt::format("{}{} challenge NICK, in a channel", cfg.bot.prefix, name);
        case Seating::Open:
            break;
    }
    return fmt::format("{}{} in a channel", cfg.bot.prefix, name);
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
void Daemon::Impl::cmd_help(Request& r) {
    const std::string p = r.in_channel() ? cfg.bot.prefix : "";
    std::string topic = lower(r.args);
    if (!cfg.bot.prefix.empty() && topic.starts_with(cfg.bot.prefix))
        topic.erase(0, cfg.bot.prefix.size());
    if (topic.empty()) {
        std::string core;
        for (const auto& c : commands) {
            if (!c.module.empty() || (c.admin && !is_admin(*r.net, r.from))) continue;
            core += (core.empty() ? "" : ", ") + p + c.spec.name;
        }
        reply_private(r, fmt::format("Commands: {}. {}help COMMAND explains one.", core, p));
        std::string games;
        for (const auto& k : kinds)
            games += (games.empty() ? "" : "; ") + render::bold(k->title()) + " (" +
                     how_to_start(r, *k) + ")";
        reply_private(r, fmt::format("Games: {}. {}help GAME (e.g. {}help {}) for its commands.",
                                     games, p, p, kinds.empty() ? "GAME" : kinds.front()->name()));
        return;
    }
    auto [first, rest] = split_command(topic);
    const GameKind* k = kind_by_name(first);
    if (k && rest.empty()) {
        reply_private(r, render::bold(k->title()) + ": " + k->summary() +
                             ". Start: " + how_to_start(r, *k) + ".");
        // The commands by name (in a channel) or with their arguments (in private), those
        // made only in private named without the prefix, after the others.
        std::vector<std::string> parts, private_parts;
        for (const auto& c : commands) {
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
            reply_private(r, fmt::format("Commands: {}. {}help {} COMMAND explains one (e.g. {}); "
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
            for (const auto& c : commands)
                if (c.module == k->name()) names += (names.empty() ? "" : ", ") + c.spec.name;
            lines = render::pack({"Commands: " + names + ".", parts.back()}, 380);
        }
        for (const auto& line : lines) reply_private(r, line);
        return;
    }
    // One command: of the game named, else of the game the asker plays here, else the
    // first of that name, the other games that have one named after it.
    std::string word = k ? rest : topic;
    if (!cfg.bot.prefix.empty() && word.starts_with(cfg.bot.prefix))
        word.erase(0, cfg.bot.prefix.size());
    std::string module;
    if (k)
        module = k->name();
    else if (Table* t = tables.route(r, nullptr, false))
        module = t->kind->name();
    const Command* found = nullptr;
    std::vector<std::string> others;
    for (const auto& c : commands) {
        if (!names(c, word) || (c.admin && !is_admin(*r.net, r.from))) continue;
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
            refuse(r, fmt::format("{} has no command \"{}\": {}help {} lists them.", k->title(),
                                  render::quote_user(word, 30), p, first));
        else
            refuse(r, fmt::format("No help for \"{}\": try {}help for the commands and games.",
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
    reply_private(
        r, fmt::format("{}{}{}{}{}{}: {}{}{}{}", of ? of->title() + ": " : "", cp, found->spec.name,
                       found->spec.args.empty() ? "" : " ", found->spec.args, aliases, what, where,
                       what.ends_with('.') ? "" : ".", also));
}

void Daemon::Impl::cmd_games(Request& r) {
    std::vector<std::string> parts;
    std::map<std::string, int> solitaire;
    for (auto& [name, n] : nets) {
        for (auto& [id, t] : n->tables) {
            if (t->solitaire) {
                ++solitaire[t->kind->title()];
                continue;
            }
            std::string what = fmt::format("{} at {}", t->kind->title(), t->place);
            if (nets.size() > 1) what += "/" + name;
            int humans = 0;
            for (const auto& s : t->seats) humans += !s.out;
            if (t->phase == Table::Phase::Joining && t->ready) {
                what += fmt::format(" ({} seated, dealt when a game there ends)", humans);
            } else if (t->phase == Table::Phase::Joining) {
                what +=
                    fmt::format(" (open for players: {} seated, {}join)", humans, cfg.bot.prefix);
            } else {
                std::string waiting;
                if (t->game && !t->game->finished())
                    for (const int seat : t->game->awaited())
                        if (seat >= 0 && seat < static_cast<int>(t->seats.size()))
                            waiting += (waiting.empty() ? "" : " and ") + t->seats[seat].nick;
                what += fmt::format(" ({} players", humans);
                if (!waiting.empty()) what += ", " + waiting + " to play";
                what += ")";
            }
            parts.push_back(what);
        }
    }
    for (const auto& [title, count] : solitaire)
        parts.push_back(
            fmt::format("{} {} game{} in private", count, title, count == 1 ? "" : "s"));
    if (parts.empty()) {
        std::string private_games;
        for (const auto& k : kinds)
            if (k->solitaire()) private_games += (private_games.empty() ? "" : " or ") + k->title();
        reply(r,
              fmt::format(
                  "No games right now. Start one: {} in a channel{}.", tables.open_table_command(),
                  private_games.empty()
                      ? ""
                      : fmt::format(", or /msg {} new for {}", r.net->net->nick(), private_games)));
        return;
    }
    std::string all;
    for (const auto& p : parts) all += (all.empty() ? "" : "; ") + p;
    reply(r, "Playing: " + all + ".");
}

void Daemon::Impl::cmd_stats(Request& r) {
    std::string nick = r.args.empty() ? r.from.nick : r.args;
    if (nick.find(' ') != std::string::npos || nick.size() > 64) {
        refuse(r, "Usage: stats [NICK]");
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
    auto lines = db->stats(r.net->name, key);
    if (lines.empty()) lines = db->stats(r.net->name, r.net->net->fold(nick));
    const std::string shown = render::quote_user(nick, 40);
    if (self && !kept_for(key, cfg.identity.rated_needs_account)) {
        reply(r, guest_words(key, "Your games are not rated or counted",
                             "have rated games and stats"));
        return;
    }
    if (lines.empty()) {
        reply(r, self ? std::string("You have no finished games yet.")
                      : fmt::format("{} has no finished games yet.", shown));
        return;
    }
    std::string all;
    for (const auto& s : lines) {
        const GameKind* k = kind_by_name(s.kind);
        std::string title = k ? k->title() : s.kind;
        if (!s.variant.empty()) title += " " + (k ? k->variant_title(s.variant) : s.variant);
        all += fmt::format("{}{}: {} game{}, {} won", all.empty() ? "" : "; ", title, s.games,
                           s.games == 1 ? "" : "s", s.wins);
        if (!k || k->points_count())
            all += fmt::format(", {} point{}", s.points, s.points == 1 ? "" : "s");
        if (k && k->rated()) all += fmt::format(", rating {:.0f}", s.rating);
        if (const long long xp = db->xp(r.net->name, key, s.kind); xp > 0)
            all += fmt::format(", {} XP", xp);
    }
    reply(r, fmt::format("{}: {}.", self ? std::string("Your games") : shown, all));
}

void Daemon::Impl::cmd_verify(Request& r) {
    // What a player can know: a game's number (#12), a deal number they were shown, a game's
    // name (their last game of it), or nothing (their last game).
    std::string arg = trim(r.args);
    const bool hash = !arg.empty() && arg[0] == '#';
    if (hash) arg.erase(0, 1);
    const bool number =
        !arg.empty() && arg.size() <= 20 &&
        std::all_of(arg.begin(), arg.end(), [](char c) { return c >= '0' && c <= '9'; });
    const std::string p = r.in_channel() ? cfg.bot.prefix : "";
    const GameKind* named = number || arg.empty() ? nullptr : kind_by_name(lower(arg));
    if (!arg.empty() && !number && !named) {
        refuse(r, fmt::format("Usage: {}verify [GAME]: a game's number (a game shown as \"#12\": "
                              "{}verify 12), a deal number you were shown, or a game's name "
                              "({}verify {}: your last game of it); {}verify alone: your last "
                              "game.",
                              p, p, p,
                              kinds.empty()                      ? "GAME"
                              : kinds.front()->aliases().empty() ? kinds.front()->name()
                                                                 : kinds.front()->aliases().front(),
                              p));
        return;
    }
    std::optional<storage::GameRecord> rec;
    if (!number) {
        const auto id = db->last_game(r.net->name, r.key, named ? named->name() : "");
        if (!id) {
            refuse(r, named ? fmt::format("You have no finished {} game here to verify.",
                                          named->title())
                            : std::string("You have no finished game here to verify."));
            return;
        }
        rec = db->game(*id);
    } else {
        const std::uint64_t n = std::stoull(arg);
        if (n <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            rec = db->game(static_cast<std::int64_t>(n));
        if (rec && rec->network != r.net->name) rec.reset();
        // Not a game's number: a deal number. The deal of a sealed game still in play is
        // secret: such a game is never found by it.
        if (!rec && !hash)
            for (auto& g : db->games_by_deal(r.net->name, n, r.key)) {
                const GameKind* k = kind_by_name(g.kind);
                if (g.status == "open" && (!k || !k->seal(g.deal).empty())) continue;
                rec = std::move(g);
                break;
            }
        if (!rec) {
            refuse(r, fmt::format("There is no game #{} here{}.", arg,
                                  hash ? "" : ", and no game shown with that deal number"));
            return;
        }
    }
    if (!rec) {
        refuse(r, "That game cannot be read just now; try again in a moment.");
        return;
    }
    const GameKind* k = kind_by_name(rec->kind);
    const std::string title = k ? k->title() : rec->kind;
    const std::string seal = k ? k->seal(rec->deal) : "";
    if (rec->status == "open") {
        if (seal.empty())
            reply_private(r, fmt::format("{} game #{} is still being played: deal {}, shown at "
                                         "its start (not sealed: anyone may play it again).",
                                         title, rec->id, rec->deal));
        else
            reply_private(r, fmt::format("{} game #{} is still being played: its deal is sealed "
                                         "until its end, then {}verify {} checks it.",
                                         title, rec->id, p, rec->id));
        return;
    }
    if (seal.empty()) {
        reply_private(r, fmt::format("{} game #{} was deal {}, shown at its start (not sealed: "
                                     "anyone may play it again).",
                                     title, rec->id, rec->deal));
        return;
    }
    reply_private(r, fmt::format("{} game #{} at {} ({}): deal {}, whose sha256 is {}. If that is "
                                 "the seal shown at its start, the deal did not change; the cards "
                                 "follow from the number (docs/FAIRNESS.md).",
                                 title, rec->id, rec->place,
                                 rec->result.empty() ? rec->status : rec->result, rec->deal, seal));
}

void Daemon::Impl::cmd_top(Request& r) {
    std::string args = lower(r.args);
    const auto space = args.find(' ');
    const std::string game = args.substr(0, space);
    std::string word = space == std::string::npos ? "" : trim(args.substr(space + 1));
    const GameKind* k = game.empty() ? nullptr : kind_by_name(game);
    if (!k) {
        std::string names;
        for (const auto& kk : kinds) names += (names.empty() ? "" : ", ") + kk->name();
        refuse(r, fmt::format("Usage: {}top GAME; games: {}.", r.in_channel() ? cfg.bot.prefix : "",
                              names));
        return;
    }
    // The kind's variants: `top spider 1`; none named: the first.
    const auto variants = k->top_variants();
    std::string variant;
    if (!variants.empty()) {
        std::string words;
        for (const auto& [w, v] : variants) {
            words += (words.empty() ? "" : "|") + w;
            if (word.empty() ? variant.empty() : w == word) variant = v;
        }
        if (variant.empty() || (!word.empty() && variant == variants.front().second &&
                                word != variants.front().first)) {
            refuse(r, fmt::format("Usage: {}top {} [{}]", r.in_channel() ? cfg.bot.prefix : "",
                                  k->name(), words));
            return;
        }
    } else if (!word.empty()) {
        refuse(r, fmt::format("{} has no variants: {}top {}", k->title(),
                              r.in_channel() ? cfg.bot.prefix : "", k->name()));
        return;
    }
    const auto lines = db->top(r.net->name, k->name(), variant, 5);
    const std::string title = k->title() + (variant.empty() ? "" : " " + k->variant_title(variant));
    if (lines.empty()) {
        reply(r, fmt::format("No finished {} games yet.", title));
        return;
    }
    std::string all;
    int rank = 0;
    for (const auto& t : lines) {
        all += fmt::format("{}{}. {} ({} won of {}{}{})", all.empty() ? "" : ", ", ++rank, t.nick,
                           t.wins, t.games,
                           k->points_count() ? fmt::format(", {} points", t.points) : "",
                           k->rated() ? fmt::format(", rating {:.0f}", t.rating) : "");
    }
    reply(r, fmt::format("Top {}: {}", title, all));
}

void Daemon::Impl::cmd_set(Request& r) {
    const std::string args = lower(r.args);
    const auto space = args.find(' ');
    const std::string name = args.substr(0, space);
    const std::string value = space == std::string::npos ? "" : trim(args.substr(space + 1));
    if (name.empty()) return show_settings(r);
    // Through the writer, like every write: the settings are shown once they are in the
    // database, or the person is told that nothing changed.
    auto save = [&](const std::string& pref, const std::string& stored) {
        auto tell = [this, rr = r, network = r.net->name](const std::string& err) mutable {
            auto it = nets.find(network);
            if (it == nets.end()) return;  // the network went meanwhile
            rr.net = &*it->second;
            if (!err.empty()) {
                log::warn("{}'s settings could not be written: {}", rr.key, err);
                refuse(rr,
                       "That could not be saved (the database refused it); nothing changed. "
                       "Try again in a moment.");
                return;
            }
            db->forget_prefs(network, rr.key);
            rr.net->delivery.erase(rr.key);
            show_settings(rr);
        };
        writer->submit({storage::Writer::Unit{
            {[network = r.net->name, key = r.key, pref, stored](storage::Database& d) {
                d.set_pref(network, key, pref, stored);
            }},
            std::move(tell)}});
    };
    if (name == "plain" && (value == "on" || value == "off"))
        return save("plain", value == "on" ? "1" : "0");
    if (name == "delivery" && (value == "notice" || value == "privmsg"))
        return save("delivery", value);
    for (const auto& k : kinds)
        for (const auto& p : k->preferences())
            if (p.name == name &&
                std::find(p.values.begin(), p.values.end(), value) != p.values.end())
                return save(k->name() + "." + p.name, value);
    refuse(r, "Usage: " + settings_usage());
}

std::string Daemon::Impl::settings_usage() const {
    // Every kind's preferences beside the two every player has.
    std::string usage = "set plain on|off, set delivery notice|privmsg";
    for (const auto& k : kinds)
        for (const auto& p : k->preferences()) {
            std::string values;
            for (const auto& v : p.values) values += (values.empty() ? "" : "|") + v;
            usage += ", set " + p.name + " " + values;
        }
    return usage;
}

void Daemon::Impl::show_settings(Request& r) {
    const std::string& net = r.net->name;
    auto plain = db->pref(net, r.key, "plain");
    auto delivery = db->pref(net, r.key, "delivery");
    std::string mine = fmt::format("plain {}, delivery {}", plain && *plain == "1" ? "on" : "off",
                                   delivery ? *delivery : "notice");
    for (const auto& k : kinds)
        for (const auto& p : k->preferences()) {
            auto v = db->pref(net, r.key, k->name() + "." + p.name);
            mine += ", " + p.name + " " + (v ? *v : p.fallback);
        }
    reply_private(r, fmt::format("Your settings: {}. Change one with: {}", mine, settings_usage()));
}

// ---------------------------------------------------------------------------------------
// Events from the networks

void Daemon::Impl::on_registered(Network& net) {
    if (NetCtx* n = ctx(net)) {
        tables.link_back(*n);
        tables.resume_timers(*n);
    }
}

void Daemon::Impl::on_disconnected(Network& net) {
    if (NetCtx* n = ctx(net)) {
        log::warn("network {}: disconnected; games wait, their turn timers paused", n->name);
        tables.pause_timers(*n);
        tables.link_lost(*n);
    }
}

std::string Daemon::Impl::person_of(NetCtx& n, const Source& who) {
    // A full source (nick!user@host) resolves as a message would; a bare nick (a KICK's
    // victim) is whoever the bot last saw holding it.
    if (!who.user.empty() || !who.host.empty())
        return n.people
            .resolve(who.nick, n.net->fold(who.nick), who.user, who.host, who.account,
                     who.account.empty() ? "" : n.net->fold(who.account), clock.unix_now())
            .key;
    if (const Person* p = n.people.online(n.net->fold(who.nick))) return p->key;
    return "";
}

void Daemon::Impl::on_join(Network& net, const Source& who, const std::string& channel) {
    NetCtx* n = ctx(net);
    if (!n) return;
    if (net.same(who.nick, net.nick())) {
        tables.bot_joined(*n, channel);  // the tables there say they are back, if they were away
        return;
    }
    tables.player_back(*n, who, channel);
}

void Daemon::Impl::on_part(Network& net, const Source& who, const std::string& channel) {
    NetCtx* n = ctx(net);
    if (!n || net.same(who.nick, net.nick())) return;
    const std::string person = person_of(*n, who);
    if (!person.empty()) tables.player_gone(*n, person, channel, net.fold(who.nick));
}

void Daemon::Impl::on_kick(Network& net, const Source&, const std::string& channel,
                           const std::string& victim) {
    NetCtx* n = ctx(net);
    if (!n || net.same(victim, net.nick())) return;
    Source who;
    who.nick = victim;
    const std::string person = person_of(*n, who);
    if (!person.empty()) tables.player_gone(*n, person, channel, net.fold(victim));
}

void Daemon::Impl::on_quit(Network& net, const Source& who) {
    NetCtx* n = ctx(net);
    if (!n || net.same(who.nick, net.nick())) return;
    const std::string person = person_of(*n, who);
    // Whoever takes the nick next is resolved afresh: a stranger unless it is them.
    n->people.gone(net.fold(who.nick));
    if (person.empty()) return;
    // Still online under another nick (a second client; the ghost of a reconnect quitting
    // late): their seats and games follow that nick instead.
    if (const std::string other = n->people.other_nick(person, ""); !other.empty())
        tables.player_renamed(*n, person, other);
    else
        tables.player_gone(*n, person, "", net.fold(who.nick));
}

void Daemon::Impl::on_nick(Network& net, const Source& who, const std::string& new_nick) {
    NetCtx* n = ctx(net);
    if (!n) return;
    // The person keeps their key (and so their budget, seats and games) under the new nick.
    const std::string person = person_of(*n, who);
    n->people.renamed(net.fold(who.nick), new_nick, net.fold(new_nick), clock.unix_now());
    if (!person.empty()) tables.player_renamed(*n, person, new_nick);
}

void Daemon::Impl::housekeeping() {
    housekeeping_timer = clock.call_after(std::chrono::hours(1), [this] { housekeeping(); });
    tables.close_abandoned();
    // Budgets back to full are forgotten: a new one starts full anyway.
    const auto now = clock.now();
    const auto& l = cfg.limits;
    for (auto& [name, n] : nets)
        for (auto it = n->budgets.begin(); it != n->budgets.end();) {
            const double share = it->first.starts_with("@") ? std::max(1, l.host_share) : 1;
            UserBudget& b = it->second;
            if (b.commands.full(std::max(1, l.user_burst) * share, l.user_rate * share, now) &&
                b.lines.full(std::max(1, l.page_burst) * share, l.page_rate * share, now))
                it = n->budgets.erase(it);
            else
                ++it;
        }
}

}  // namespace croupier::bot
