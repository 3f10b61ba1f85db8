// What the daemon says and to whom (bot/output.hpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/output.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "bot/log.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"

namespace croupier::bot {

Output::Output(Clock& clock, const config::Config& cfg) : clock_(clock), cfg_(cfg) {}

bool Output::page_line(Request& r) {
    if (r.cut) return false;
    const auto now = clock_.now();
    const auto& l = cfg_.limits;
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
    // A line of its own: merged after a game's lines waiting for the person (a hand), it
    // read as if the hand had been cut.
    irc::SendOptions o = irc::SendOptions::of(irc::Priority::Low);
    o.layout = true;
    send_to_nick(*r.net, r.from.nick, r.key,
                 fmt::format("(The rest is held back: you have asked for a lot of text lately. "
                             "Try again in {} s.)",
                             std::max(1LL, static_cast<long long>(std::ceil(wait)))),
                 r.in_channel(), std::move(o));
    return false;
}

void Output::send_to_nick(NetCtx& n, const std::string& nick, const std::string& key,
                          const std::string& text, bool prefer_notice, irc::SendOptions opts) {
    auto it = n.delivery.find(key);
    if (it == n.delivery.end()) {
        if (n.delivery.size() >= 100000) n.delivery.clear();  // bounded; refilled on demand
        NetCtx::Delivery d;
        const auto& prefs = db_->prefs(n.name, key);
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

void Output::send_to_channel(NetCtx& n, const std::string& channel, const std::string& text,
                             irc::SendOptions opts) {
    if (n.net->strips_colours(channel))
        send_pieces(n, channel, render::to_plain(text), false, std::move(opts));
    else
        send_pieces(n, channel, text, false, std::move(opts));
}

void Output::send_pieces(NetCtx& n, const std::string& target, const std::string& body, bool notice,
                         irc::SendOptions opts) {
    // What waits for the text (opts.hold) waits for its last piece; a view's later pieces
    // replace nothing (the first replaced the view's older lines).
    const auto pieces = render::split(body);
    std::shared_ptr<void> hold = std::move(opts.hold);
    const bool continues = opts.continues;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const bool last = i + 1 == pieces.size();
        irc::SendOptions o = last ? std::move(opts) : opts;  // the last piece takes them
        o.continues = continues || i > 0;
        if (last) o.hold = std::move(hold);
        if (notice)
            n.net->notice(target, pieces[i], std::move(o));
        else
            n.net->privmsg(target, pieces[i], std::move(o));
    }
}

void Output::reply(Request& r, const std::string& text) {
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

void Output::reply_private(Request& r, const std::string& text) {
    if (r.page && !page_line(r)) return;
    irc::SendOptions o;
    o.priority = r.page ? irc::Priority::Low : irc::Priority::High;
    o.page = r.page;
    send_to_nick(*r.net, r.from.nick, r.key, text, r.in_channel(), std::move(o));
}

void Output::refuse(Request& r, const std::string& text) {
    send_to_nick(*r.net, r.from.nick, r.key, text, r.in_channel(), irc::Priority::High);
}

}  // namespace croupier::bot
