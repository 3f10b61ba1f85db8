// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/daily/daily.hpp"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>

#include "bot/checked.hpp"
#include "bot/log.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"

namespace croupier::bot {

daily::Entry daily::entry_of(const storage::DailyRow& row) {
    daily::Entry e;
    e.nick = row.nick;
    e.finished = row.ended > 0;
    e.won = row.won;
    e.moves = row.moves;
    e.hints = row.hints;
    e.ended = row.ended;
    e.game_id = row.game_id;
    return e;
}

namespace {

constexpr const char* kSecretName = "daily.secret";
constexpr const char* kAnnouncedName = "daily.announced";

std::vector<std::string> words_of(const std::string& text) {
    std::istringstream in(lower(text));
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string ordinal(std::size_t n) {
    const char* suffix = "th";
    if (n % 100 < 11 || n % 100 > 13) {
        if (n % 10 == 1) suffix = "st";
        if (n % 10 == 2) suffix = "nd";
        if (n % 10 == 3) suffix = "rd";
    }
    return fmt::format("{}{}", n, suffix);
}

}  // namespace

Daily::Daily(Clock& clock, const config::Config& cfg, const Kinds& kinds, Tables::Nets& nets,
             Tables& tables, TablesHost& out, std::function<std::string()> new_secret)
    : clock_(clock),
      cfg_(cfg),
      kinds_(kinds),
      nets_(nets),
      tables_(tables),
      out_(out),
      new_secret_(std::move(new_secret)) {}

Daily::~Daily() {
    if (timer_) clock_.cancel(timer_);
    if (catch_up_) clock_.cancel(catch_up_);
}

void Daily::attach(storage::Database& db) {
    db_ = &db;
    arm();
    // A day that ended while the daemon was down is announced once it is back, when its
    // networks have had time to join their channels (day_over says each day once).
    catch_up_ = clock_.call_after(std::chrono::minutes(1), [this] {
        catch_up_ = 0;
        day_over();
    });
}

void Daily::add_commands(std::vector<Command>& commands) {
    // Among the built-in commands everyone has, before the admins' (help lists them so).
    const auto admins =
        std::find_if(commands.begin(), commands.end(), [](const Command& c) { return c.admin; });
    commands.insert(admins, Command{{"daily",
                                     {},
                                     "[GAME [WORD]] | top [GAME [WORD]] [yesterday]",
                                     "plays today's deal, the same for everyone (UTC day; in "
                                     "private), or shows its ladder"},
                                    Command::Where::Anywhere,
                                    false,
                                    "",
                                    [this](Request& r) { cmd(r); }});
}

bool Daily::sealed(const std::map<std::string, std::string>& options, std::int64_t now) {
    const auto it = options.find("daily");
    if (it == options.end()) return false;
    const auto start = daily::day_start(it->second);
    return !start || now < *start + 86400;
}

std::string Daily::streak_text(const std::string& network, const std::string& key) const {
    if (!db_) return "";
    const int n =
        daily::streak(db_->daily_won_days(network, key), daily::day_of(clock_.unix_now()));
    if (n <= 0) return "";
    return fmt::format("; daily deals won {} day{} in a row", n, n == 1 ? "" : "s");
}

std::string Daily::usage() const {
    std::string s;
    for (const auto& k : kinds_) {
        const PrivateSeating* p = k->seating().as_private();
        if (!p || p->daily().variants.empty()) continue;
        const auto names = k->aliases();
        const std::string name = names.empty() ? k->name() : names.front();
        std::string words;
        for (const auto& v : p->daily().variants)
            if (!v.word.empty()) words += (words.empty() ? "" : "|") + v.word;
        s += (s.empty() ? "" : ", ") + ("daily " + name + (words.empty() ? "" : " " + words));
    }
    return "daily (" + (s.empty() ? std::string("no game here has one") : s) +
           "); daily top [GAME] [yesterday]";
}

Checked<Daily::Choice> Daily::choose(const std::vector<std::string>& words) const {
    const GameKind* kind = nullptr;
    std::size_t next = 0;
    if (!words.empty()) {
        kind = find_kind(kinds_, words[0]);
        if (kind) {
            next = 1;
            const PrivateSeating* p = kind->seating().as_private();
            if (!p || p->daily().variants.empty())
                return Checked<Choice>::refused(
                    fmt::format("{} has no daily deal. Type {}.", kind->title(), usage()));
        }
    }
    if (!kind)
        for (const auto& k : kinds_)
            if (const PrivateSeating* p = k->seating().as_private())
                if (p->daily().default_kind && !p->daily().variants.empty()) kind = k.get();
    if (!kind) return Checked<Choice>::refused("No game here has a daily deal.");
    const auto& variants = kind->seating().as_private()->daily().variants;
    Choice c{kind, &variants.front()};
    if (next < words.size()) {
        const auto it = std::find_if(variants.begin(), variants.end(),
                                     [&](const DailyVariant& v) { return v.word == words[next]; });
        if (it == variants.end() || it->word.empty()) {
            if (next == 0)  // not a game's name, nor a word of the default game's
                return Checked<Choice>::refused(
                    fmt::format("\"{}\" is not a game with a daily deal. Type {}.",
                                render::quote_user(words[0], 30), usage()));
            return Checked<Choice>::refused(
                fmt::format("{}'s daily deal has no \"{}\". Type {}.", kind->title(),
                            render::quote_user(words[next], 30), usage()));
        }
        c.variant = &*it;
        ++next;
    }
    if (next < words.size())
        return Checked<Choice>::refused(
            fmt::format("Too many words after daily. Type {}.", usage()));
    return c;
}

std::string Daily::title(const Choice& c) const {
    std::string t = c.kind->title();
    if (!c.variant->variant.empty()) t += " " + c.kind->ladder().title_of(c.variant->variant);
    return t;
}

std::string Daily::secret() {
    if (!secret_.empty()) return secret_;
    if (auto s = db_->get_value(kSecretName); s && !s->empty()) return secret_ = *s;
    const std::string fresh = new_secret_();
    db_->set_value(kSecretName, fresh);  // written before any deal of it is dealt
    return secret_ = fresh;
}

std::uint64_t Daily::deal(const GameKind& kind, const std::string& variant,
                          const std::string& day) {
    return daily::deal_for(secret(), kind.name(), variant, day);
}

void Daily::cmd(Request& r) {
    if (!db_) return;
    auto words = words_of(r.args);
    if (!words.empty() && words[0] == "top") {
        words.erase(words.begin());
        r.page = true;
        top(r, words);
        return;
    }
    start(r, words);
}

void Daily::start(Request& r, const std::vector<std::string>& words) {
    const auto c = choose(words);
    if (!c) {
        out_.refuse(r, c.why());
        return;
    }
    const std::string day = daily::day_of(clock_.unix_now());
    const std::string variant = c->variant->variant;
    PrivateStart start;
    start.variant = variant;
    start.deal = deal(*c->kind, variant, day);
    start.options["daily"] = day;
    start.options["daily.seal"] = daily::seal_of(*start.deal);
    const int before = db_->daily_count(r.net->name, c->kind->name(), variant, day, r.key);
    start.note = before == 0 ? "Your first game on today's deal: it counts on the day's ladder "
                               "(daily top)."
                             : "You played today's deal before: this game is not ranked.";
    tables_.start_private(r, *c->kind, start);
}

std::vector<daily::Entry> Daily::ladder(const std::string& network, const Choice& c,
                                        const std::string& day,
                                        std::vector<std::string>* keys) const {
    std::vector<daily::Entry> out;
    std::vector<std::pair<std::int64_t, std::string>> key_of;
    for (const auto& row : db_->daily_day(network, c.kind->name(), c.variant->variant, day)) {
        out.push_back(daily::entry_of(row));
        key_of.emplace_back(row.game_id, row.key);
    }
    daily::rank(out);
    if (keys) {
        keys->clear();
        for (const auto& e : out)
            for (const auto& [id, key] : key_of)
                if (id == e.game_id) keys->push_back(key);
    }
    return out;
}

void Daily::top(Request& r, std::vector<std::string> words) {
    const std::string today = daily::day_of(clock_.unix_now());
    std::string day = today;
    if (!words.empty() && words.back() == "yesterday") {
        day = daily::day_before(today);
        words.pop_back();
    }
    const auto c = choose(words);
    if (!c) {
        out_.refuse(r, c.why());
        return;
    }
    std::vector<std::string> keys;
    const auto entries = ladder(r.net->name, *c, day, &keys);
    std::string head = fmt::format("Daily {}, {}", title(*c), day);
    const std::uint64_t n = deal(*c->kind, c->variant->variant, day);
    if (day == today)
        head += fmt::format(" (sealed: sha256 {}...)", daily::seal_of(n).substr(0, 16));
    else
        head += fmt::format(" (deal {})", n);
    if (entries.empty()) {
        out_.reply(r, head + ": nobody has played it yet.");
        return;
    }
    const std::size_t shown =
        r.in_channel() ? std::min<std::size_t>(3, entries.size()) : entries.size();
    std::string line = head + ":";
    for (std::size_t i = 0; i < shown; ++i)
        line += fmt::format("{} {}. {}", i ? "," : "", i + 1, daily::entry_text(entries[i]));
    if (shown < entries.size()) line += fmt::format(" ({} played)", entries.size());
    if (const std::string link = web_link(fmt::format("/daily/{}/{}", c->kind->name(), day));
        !link.empty() && !r.in_channel())
        line += " " + link;
    out_.reply(r, line + ".");
    // In a channel, the asker's own place when it is not among the first three.
    if (r.in_channel())
        for (std::size_t i = shown; i < keys.size(); ++i)
            if (keys[i] == r.key) {
                out_.reply(r, fmt::format("{}, you are {}: {}.", r.from.nick, ordinal(i + 1),
                                          daily::entry_text(entries[i])));
                break;
            }
}

std::string Daily::web_link(const std::string& path) const {
    return cfg_.web.link(path);
}

void Daily::arm() {
    const std::int64_t now = clock_.unix_now();
    const auto start = daily::day_start(daily::day_of(now));
    const std::int64_t next = (start ? *start : now) + 86400;
    timer_ = clock_.call_after(std::chrono::seconds(std::max<std::int64_t>(1, next - now)), [this] {
        timer_ = 0;
        day_over();
        arm();
    });
}

void Daily::day_over() {
    if (!db_) return;
    const std::string day = daily::day_before(daily::day_of(clock_.unix_now()));
    try {
        announce(day);
    } catch (const std::exception& e) {
        log::warn("the daily deal of {} is not announced: {}", day, e.what());
    }
}

void Daily::announce(const std::string& day) {
    if (db_->get_value(kAnnouncedName) == day) return;
    db_->set_value(kAnnouncedName, day);  // once, whatever happens next
    if (cfg_.events.announce_channels.empty()) return;
    for (auto& [name, n] : nets_) {
        std::string said;
        std::string first_kind;
        for (const auto& k : kinds_) {
            const PrivateSeating* p = k->seating().as_private();
            if (!p) continue;
            for (const auto& v : p->daily().variants) {
                const Choice c{k.get(), &v};
                const auto entries = ladder(name, c, day);
                if (entries.empty()) continue;
                if (first_kind.empty()) first_kind = k->name();
                // The first place, and the deal's number, no longer sealed.
                said += fmt::format(
                    "{}{} (deal {}): {}", said.empty() ? "" : "; ", title(c),
                    deal(*k, v.variant, day),
                    entries.front().won ? daily::entry_text(entries.front()) : "nobody won");
            }
        }
        if (said.empty()) continue;  // nobody played: nothing to say
        std::string line = fmt::format("The daily deals of {} are over. {}.", day, said);
        if (const std::string link = web_link(fmt::format("/daily/{}/{}", first_kind, day));
            !link.empty())
            line += " " + link;
        for (const auto& channel : cfg_.events.announce_channels)
            out_.send_to_channel(*n, channel, line);
    }
}

}  // namespace croupier::bot
