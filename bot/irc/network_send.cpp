// SPDX-License-Identifier: GPL-3.0-or-later
// The link's sending (docs/LINK.md, "The send queue"): a line goes out at once when
// nothing waits and the flood control allows it, else into the fair queue under the drop
// policy, pumped out as tokens come; PRIVMSG and NOTICE text made safe and cut to fit.
#include "bot/irc/network.hpp"

#include <string>
#include <utility>

#include "bot/irc/network_impl.hpp"
#include "bot/log.hpp"

#ifndef CROUPIER_VERSION
#define CROUPIER_VERSION "unknown"
#endif

namespace croupier::bot {

using detail::valid_target;

namespace {

constexpr std::size_t kMaxQueued = 5000;       // Normal lines are refused past it
constexpr std::size_t kHardMaxQueued = 20000;  // and every line past this
constexpr std::size_t kLowPerTarget = 60;      // Low lines refused past this many for one target

}  // namespace

// ---------------------------------------------------------------- sending

void Network::Impl::send_now(const std::string& line) {
    if (!conn || !conn->link_up || !conn->transport) return;
    log::debug("network {}: >> {}", net.name, line);
    conn->transport->write(line);
}

bool Network::Impl::enqueue(const std::string& target, std::string head, std::string text,
                            std::size_t budget, irc::SendOptions opts) {
    // Nothing waiting (for this place, on a server link; at all, for a client) and the budget
    // allows it: the line would be queued and taken straight back out (a network that allows
    // the bot a large burst, or a quiet moment). Lines merge only while they wait, as
    // Nagle's algorithm does for TCP.
    const std::string key = place_key(target, opts.lane);
    const std::string to(recipient(key));
    if ((pacer.per_recipient() ? queue.pending(key) == 0 : queue.empty()) && opts.after.expired() &&
        conn && registered && conn->link_up && conn->transport &&
        pacer.try_take(to, is_channel(to), clock.now())) {
        head += text;
        send_now(head);
        return true;  // opts.hold is released here: the line has left
    }
    // The drop policy (docs/LINK.md): pages asked for (Low) are refused once the queue is
    // half full or one place holds kLowPerTarget lines; table lines (Normal) once it is
    // full; a player's own replies, hands, prompts and results (High) only past the hard
    // cap that keeps memory bounded, which fair budgets upstream keep out of reach.
    const irc::Priority priority = opts.priority;
    bool refuse = false;
    switch (priority) {
        case irc::Priority::Low:
            refuse = queue.size() >= kMaxQueued / 2 || queue.pending(key) >= kLowPerTarget;
            break;
        case irc::Priority::Normal:
            refuse = queue.size() >= kMaxQueued;
            break;
        case irc::Priority::High:
            refuse = queue.size() >= kHardMaxQueued;
            break;
    }
    if (refuse) {
        ++dropped;
        if (!queue_full_logged)
            log::warn("network {}: send queue long ({} lines, {} high): dropping {} lines",
                      net.name, queue.size(), queue.pending(irc::Priority::High),
                      priority == irc::Priority::Low      ? "low-priority"
                      : priority == irc::Priority::Normal ? "normal and low"
                                                          : "all");
        queue_full_logged = true;
        return false;
    }
    if (queue.size() < kMaxQueued / 4) queue_full_logged = false;
    queue.push(key, std::move(head), std::move(text), budget, std::move(opts));
    pump();
    return true;
}

void Network::Impl::pump() {
    if (!conn || !registered) return;
    const TimePoint now = clock.now();
    if (!pacer.per_recipient()) {
        // A token is taken only for a line that may leave (not one waiting `after` another).
        while (queue.can_pop() && pacer.try_take("", false, now)) {
            auto line = queue.pop();
            if (!line) break;
            send_now(*line);
            if (!conn) return;
        }
    } else {
        // Every recipient with budget left gets its lines, in the queue's fair order.
        std::string place;
        while (!queue.empty()) {
            auto line = queue.pop([this](const std::string& p) { return may_send(p); }, &place);
            if (!line) break;
            const std::string to(recipient(place));
            pacer.try_take(to, is_channel(to), now);
            send_now(*line);
            if (!conn) return;
        }
    }
    if (!queue.empty() && !pump_timer) {
        Duration wait = pacer.wait_time("", false, now);
        if (pacer.per_recipient()) {
            wait = Duration::max();
            for (const auto& p : queue.waiting_places()) {
                const std::string to(recipient(p));
                wait = std::min(wait, pacer.wait_time(to, is_channel(to), now));
            }
            if (wait == Duration::max()) wait = std::chrono::seconds(1);  // all wait on others
            wait = std::max(wait, Duration{1});
        }
        pump_timer = clock.call_after(wait, [this] {
            pump_timer = 0;
            pump();
        });
    }
}

bool Network::Impl::say(const char* command, const std::string& target, const std::string& text,
                        irc::SendOptions opts) {
    if (!valid_target(target)) {
        log::warn("network {}: refusing to send to bad target '{}'", net.name,
                  irc::sanitise(target));
        return false;
    }
    std::string clean = irc::sanitise(text);
    if (clean.empty()) return true;
    const std::string fallback = nick_.empty() ? main_nick() : std::string();  // no copy of nick_
    const std::size_t budget =
        irc::text_budget(nick_.empty() ? std::string_view(fallback) : std::string_view(nick_),
                         my_user, my_host, command, target);
    std::string head = conn && conn->link ? conn->link->message_head(command, target)
                                          : std::string(command) + " " + target + " :";
    clean.resize(irc::cut_utf8(clean, budget).size());  // cut where it fits, in place
    return enqueue(target, std::move(head), std::move(clean), budget, std::move(opts));
}

void Network::Impl::answer_ctcp(const std::string& nick, std::string_view request) {
    if (!request.empty() && request.front() == '\x01') request.remove_prefix(1);
    if (!request.empty() && request.back() == '\x01') request.remove_suffix(1);
    if (!valid_target(nick)) return;
    // One CTCP answer waiting per nick at most: a CTCP flood cannot fill the queue.
    if (queue.pending(fold(nick)) > 0) return;
    const std::string req(request);
    const std::string verb = detail::upper(req.substr(0, req.find(' ')));
    if (verb != "VERSION" && verb != "PING") return;  // FINGER, TIME, ... ignored on purpose
    if (!ctcp_bucket.try_take(clock.now())) {
        log::debug("network {}: CTCP from {} not answered (the CTCP budget is spent)", net.name,
                   nick);
        return;
    }
    const std::string head =
        conn && conn->link ? conn->link->message_head("NOTICE", nick) : "NOTICE " + nick + " :";
    if (verb == "VERSION") {
        enqueue(nick, head + "\x01VERSION croupier " CROUPIER_VERSION "\x01");
        return;
    }
    const std::size_t budget = irc::text_budget(nick_, my_user, my_host, "NOTICE", nick);
    const std::string body(irc::cut_utf8(irc::sanitise(req), budget > 2 ? budget - 2 : 0));
    enqueue(nick, head + "\x01" + body + "\x01");
}

}  // namespace croupier::bot
