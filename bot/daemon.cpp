// The daemon: startup, reload, the networks and their events, housekeeping. The router
// (bot/router.hpp), the built-in commands (bot/builtins.hpp), what is said (bot/output.hpp)
// and the tables (bot/tables/) are parts of their own that it builds and connects.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/daemon.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <boost/asio/post.hpp>

#include "bot/daemon_impl.hpp"
#include "bot/irc/low_fd.hpp"
#include "bot/kinds/kinds.hpp"
#include "bot/log.hpp"
#include "bot/memory.hpp"
#include "bot/rekey.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "bot/web/site.hpp"

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
Checked<Done> Daemon::rehash() {
    return impl_->rehash();
}
storage::Database& Daemon::db() {
    return *impl_->db;
}
const config::Config& Daemon::config() const {
    return impl_->cfg;
}
Daemon::Probe Daemon::probe_for_bench() {
    return Probe{*impl_->nets.begin()->second, impl_->tables, *impl_->writer, impl_->kinds};
}

Daemon::Impl::Impl(boost::asio::io_context& io_, Clock& clock_, config::Config cfg_,
                   DaemonOptions opts_)
    : io(io_),
      clock(clock_),
      cfg(std::move(cfg_)),
      opts(std::move(opts_)),
      deals(opts.master_seed, opts.random_deals),
      kinds(make_kinds(cfg, opts.extra_kinds)),
      worker(std::make_unique<Worker>(io, opts.replay, 1)),
      output(clock, cfg),
      tables(TablesParts{output, io, clock, cfg, deals, kinds, nets, *worker, commands}),
      router(clock, cfg, kinds, commands, tables, output),
      builtins(io, cfg, kinds, commands, nets, tables, output, router, [this] { return rehash(); }),
      // The daily deal's secret: from the OS's generator for the live daemon, from the
      // master seed in replays and tests (their deals are the same every run).
      daily(clock, cfg, kinds, nets, tables, output,
            [this] {
                return opts.random_deals ? daily::new_secret()
                                         : fmt::format("seed-{}", opts.master_seed);
            }),
      tourneys(clock, cfg, kinds, nets, tables, output, router) {
    builtins.attach_daily(daily, clock);
    build_commands();
}

Daemon::Impl::~Impl() {
    web.reset();     // stops and joins the web server's thread
    worker.reset();  // joins the background thread before anything it may touch goes
    clock.cancel(housekeeping_timer);
    clock.cancel(memory_timer);
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
    if (!opts.replay) hold_descriptors();
    for (const auto& nc : cfg.networks) nets[nc.name] = make_net(nc, cfg.bot);
    output.attach(*db);
    builtins.attach(*db, *writer);
    tables.attach(*db, *writer);
    daily.attach(*db);
    tourneys.attach(*db);
    tables.restore_games();
    for (auto& [name, n] : nets) n->net->start();
    start_web();
    housekeeping_timer = clock.call_after(std::chrono::hours(1), [this] { housekeeping(); });
    if (!opts.replay) {
        tune_heap();
        give_back_memory_soon();
    }
}

// Every minute the worker gives the heaps' free pages back to the system (bot/memory.hpp):
// without it a daemon's resident memory grew 3 MB a minute under a crowd while the memory it
// used stayed at 15 MB (issue 45; docs/RELIABILITY.md, "Memory"). Not in a replay: no
// timer of its own in the transcript's clock.
void Daemon::Impl::give_back_memory_soon() {
    memory_timer = clock.call_after(std::chrono::minutes(1), [this] {
        worker->run([] {
            give_back_memory();
            return Worker::Continuation{};
        });
        give_back_memory_soon();
    });
}

// The soft limit of open descriptors raised to the hard one (web connections each take one),
// and a few low ones held for libircclient's select() (bot/irc/low_fd.hpp): one a network,
// two for networks a rehash adds.
void Daemon::Impl::hold_descriptors() {
    const long limit = low_fd::raise_limit();
    low_fd::reserve(static_cast<int>(cfg.networks.size()) + 2);
    if (limit < 0) return;
    log::info("descriptors: at most {} open at once", limit);
    if (cfg.web.enabled() && cfg.web.max_connections + 64 > limit)
        log::warn(
            "[web] max_connections is {} but this process may open only {} descriptors: "
            "pages past that are refused (raise LimitNOFILE in the service, or ulimit -n)",
            cfg.web.max_connections, limit);
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

void Daemon::Impl::start_web() {
    if (!cfg.web.enabled() || opts.replay) return;
    web::ServerOptions o;
    o.host = cfg.web.host;
    o.port = cfg.web.port;
    o.max_connections = static_cast<std::size_t>(cfg.web.max_connections);
    o.max_per_address = static_cast<std::size_t>(cfg.web.per_address());
    // The web thread keeps these kinds (shared): a rehash makes new ones for the tables and
    // cannot free these under it. It calls only their const functions.
    web = std::make_unique<web::Server>(
        o, [path = cfg.bot.database, kinds = kinds, url = cfg.web.public_url, c = &clock] {
            // The daily deal's day from the daemon's clock (a real one here: its unix_now()
            // reads the system's time and is safe from the web's thread).
            return std::make_unique<web::Site>(path, kinds, url, [c] { return c->unix_now(); });
        });
    if (!web->start()) web.reset();  // logged; the bot goes on without the pages
}

void Daemon::Impl::stop() {
    if (web) web->stop();
    for (auto& [name, n] : nets) {
        tables.pause_timers(*n);
        n->net->stop(cfg.bot.quit_message);
    }
}

Checked<Done> Daemon::Impl::rehash() {
    config::Config fresh;
    try {
        if (opts.reload)
            fresh = opts.reload();
        else if (!cfg.file.empty())
            fresh = config::load(cfg.file, {}, kind_specs(opts.extra_kinds));
        else
            return Done{};  // nothing to read again (a replay without a file)
    } catch (const std::exception& e) {
        log::error("rehash failed, keeping the old configuration: {}", e.what());
        return Fault{e.what()};
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
    kinds = make_kinds(fresh, opts.extra_kinds);
    tables.kinds_changed();
    old_kinds.clear();  // nothing points at them now
    cfg = std::move(fresh);
    build_commands();
    log::info("configuration reloaded{}", file.empty() ? "" : " from " + file);
    return Done{};
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
            [network, nick = p.nick](const Checked<Done>& written) {
                if (!written)
                    log::warn("network {}: {} could not be remembered: {}", network, nick,
                              written.why());
            }}});
    };
    return n;
}

NetCtx* Daemon::Impl::ctx(Network& n) {
    for (auto& [name, c] : nets)
        if (c->net.get() == &n) return c.get();
    return nullptr;
}

// ---------------------------------------------------------------------------------------
// The command table: one place for the parser and for `help`: the built-in commands, then
// each game's.

void Daemon::Impl::build_commands() {
    commands.clear();
    builtins.add_commands(commands);
    daily.add_commands(commands);
    tourneys.add_commands(commands);
    tables.add_commands();
    router.index_commands();
}

// ---------------------------------------------------------------------------------------
// Events from the networks

void Daemon::Impl::on_message(Network& net, const Source& from, const std::string& target,
                              const std::string& text, bool notice) {
    if (notice) return;  // never answer a NOTICE (RFC 2812), so bots cannot loop
    if (NetCtx* n = ctx(net)) router.on_message(*n, from, target, text);
}

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
    if (const HeapFigures heap = heap_figures(); heap.known && !opts.replay) {
        const auto [pages, page_bytes] = web ? web->kept() : std::pair<std::size_t, std::size_t>{};
        log::info(
            "memory: the heap holds {:.1f} MB from the system, {:.1f} MB of it in use; the web "
            "keeps {} ended games' pages, {:.1f} MB",
            heap.held / 1e6, heap.in_use / 1e6, pages, page_bytes / 1e6);
    }
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
