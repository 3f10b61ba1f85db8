// SPDX-License-Identifier: GPL-3.0-or-later
// The link's sending (docs/LINK.md, "The send queue"): a line goes out at once when
// nothing waits and the flood control allows it, else into the fair queue under the drop
// policy, pumped out as tokens come; PRIVMSG and NOTICE text made safe and cut to fit.
#include "bot/irc/network.hpp"

#include <string>
#include <utility>

#include "bot/irc/network_impl.hpp"
#include "bot/log.hpp"

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
    // Nothing waiting and a token to spend: the line would be queued and taken straight
    // back out (a network that allows the bot a large burst, or a quiet moment). Lines
    // merge only while they wait, as Nagle's algorithm does for TCP.
    if (queue.empty() && conn && registered && conn->link_up && conn->transport &&
        bucket.try_take(clock.now())) {
        send_now(head + text);
        return true;  // opts.hold is released here: the line has left
    }
    // The drop policy (docs/LINK.md): pages asked for (Low) are refused once the queue is
    // half full or one place holds kLowPerTarget lines; table lines (Normal) once it is
    // full; a player's own replies, hands, prompts and results (High) only past the hard
    // cap that keeps memory bounded, which fair budgets upstream keep out of reach.
    const std::string key = place_key(target, opts.lane);
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
    while (!queue.empty() && bucket.try_take(clock.now())) {
        auto line = queue.pop();
        send_now(*line);
        if (!conn) return;
    }
    if (!queue.empty() && !pump_timer) {
        pump_timer = clock.call_after(bucket.wait_time(clock.now()), [this] {
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
    const std::string clean = irc::sanitise(text);
    if (clean.empty()) return true;
    const std::string me = nick_.empty() ? main_nick() : nick_;
    const std::size_t budget = irc::text_budget(me, my_user, my_host, command, target);
    return enqueue(target, std::string(command) + " " + target + " :",
                   std::string(irc::cut_utf8(clean, budget)), budget, std::move(opts));
}

}  // namespace croupier::bot
