// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/irc/send_queue.hpp"

#include <algorithm>
#include <cmath>

namespace croupier::bot::irc {

TokenBucket::TokenBucket(int burst, double rate, TimePoint now)
    : burst_(std::max(1, burst)), rate_(rate > 0 ? rate : 0.001), tokens_(burst_), last_(now) {}

void TokenBucket::refill(TimePoint now) {
    if (now <= last_) return;
    const double secs = std::chrono::duration<double>(now - last_).count();
    tokens_ = std::min(burst_, tokens_ + secs * rate_);
    last_ = now;
}

double TokenBucket::tokens(TimePoint now) const {
    TokenBucket copy = *this;
    copy.refill(now);
    return copy.tokens_;
}

bool TokenBucket::try_take(TimePoint now) {
    refill(now);
    // A tiny epsilon: refills are computed in whole milliseconds.
    if (tokens_ + 1e-9 < 1.0) return false;
    tokens_ = std::max(0.0, tokens_ - 1.0);
    return true;
}

Duration TokenBucket::wait_time(TimePoint now) const {
    const double have = tokens(now);
    if (have + 1e-9 >= 1.0) return Duration{0};
    const double ms = std::ceil((1.0 - have) / rate_ * 1000.0);
    return Duration{std::max<std::int64_t>(1, static_cast<std::int64_t>(ms))};
}

void TokenBucket::reconfigure(int burst, double rate) {
    burst_ = std::max(1, burst);
    rate_ = rate > 0 ? rate : 0.001;
    tokens_ = std::min(tokens_, burst_);
}

Pacer::Pacer(int burst, double rate, TimePoint now)
    : per_recipient_(false),
      person_burst_(burst),
      channel_burst_(burst),
      person_rate_(rate),
      channel_rate_(rate),
      all_(burst, rate, now) {}

Pacer::Pacer(int person_burst, double person_rate, int channel_burst, double channel_rate,
             TimePoint now)
    : per_recipient_(true),
      person_burst_(person_burst),
      channel_burst_(channel_burst),
      person_rate_(person_rate),
      channel_rate_(channel_rate),
      all_(1, 1, now) {}

TokenBucket& Pacer::bucket(const std::string& target, bool channel, TimePoint now) {
    auto it = buckets_.find(target);
    if (it == buckets_.end())
        it = buckets_
                 .try_emplace(target,
                              TokenBucket(channel ? channel_burst_ : person_burst_,
                                          channel ? channel_rate_ : person_rate_, now),
                              channel)
                 .first;
    return it->second.first;
}

bool Pacer::try_take(const std::string& target, bool channel, TimePoint now) {
    if (!per_recipient_) return all_.try_take(now);
    // Bounded memory however many strangers are written to: the full ones are forgotten.
    // Amortised: a scan when the count doubles, however many stay within their window.
    if (buckets_.size() >= prune_at_) {
        forget_full(now);
        prune_at_ = std::max<std::size_t>(4096, 2 * buckets_.size());
    }
    return bucket(target, channel, now).try_take(now);
}

Duration Pacer::wait_time(const std::string& target, bool, TimePoint now) const {
    if (!per_recipient_) return all_.wait_time(now);
    auto it = buckets_.find(target);
    return it == buckets_.end() ? Duration{0} : it->second.first.wait_time(now);
}

void Pacer::reconfigure(int burst, double rate) {
    person_burst_ = channel_burst_ = burst;
    person_rate_ = channel_rate_ = rate;
    all_.reconfigure(burst, rate);
}

void Pacer::reconfigure(int person_burst, double person_rate, int channel_burst,
                        double channel_rate) {
    person_burst_ = person_burst;
    person_rate_ = person_rate;
    channel_burst_ = channel_burst;
    channel_rate_ = channel_rate;
    for (auto& [target, b] : buckets_)
        b.first.reconfigure(b.second ? channel_burst : person_burst,
                            b.second ? channel_rate : person_rate);
}

void Pacer::forget_full(TimePoint now) {
    std::erase_if(buckets_, [&](const auto& kv) {
        const int burst = kv.second.second ? channel_burst_ : person_burst_;
        return kv.second.first.tokens(now) + 1e-9 >= burst;
    });
}

namespace {
// A line's text ends with formatting still in force (bold, a colour...): reset it before
// what is merged after it.
bool has_formatting(const std::string& text) {
    return text.find_first_of("\x02\x03\x04\x11\x16\x1d\x1e\x1f") != std::string::npos;
}
constexpr std::string_view kJoin = " \u00b7 ";
// Merged lines are no longer than the renderer makes a line (render::split: 400 bytes), so
// a merged line reads like any other; the wire would take a little more.
constexpr std::size_t kMergeWidth = 400;
}  // namespace

void FairQueue::push(const std::string& place_key, std::string head, std::string text,
                     std::size_t budget, SendOptions opts) {
    auto [it, fresh] = places_.try_emplace(place_key);
    Place& place = it->second;
    const int weight = std::max(1, opts.weight);
    if (fresh || place.q.empty()) {
        // A place keeps the group it was queued under while it has lines waiting.
        place.group = opts.group.empty() ? place_key : opts.group;
        auto [g, new_group] = groups_.try_emplace(place.group);
        if (new_group) {
            // A group that was idle starts at the queue's present time: no credit for the
            // time it did not use; one that left a moment ago keeps the turn it had (a
            // place that empties and comes back at once gains nothing by it).
            double pass = vtime_;
            if (auto l = left_.find(place.group); l != left_.end()) {
                pass = std::max(pass, l->second);
                left_.erase(l);
            }
            g->second.pass = pass;
            g->second.seq = ++seq_;
            g->second.weight = weight;
            weight_sum_ += weight;
            ready_.emplace(g->second.pass, g->second.seq, place.group);
        }
        g->second.order.push_back(place_key);
    }
    place.weight = weight;
    if (Group& g = groups_.at(place.group); weight > g.weight) {
        weight_sum_ += weight - g.weight;
        g.weight = weight;
    }
    if (!opts.view.empty() && !opts.continues) {
        for (auto old = place.q.begin(); old != place.q.end();) {
            if (old->view == opts.view && old->head == head) {
                --size_;
                --by_priority_[static_cast<int>(old->priority)];
                old = place.q.erase(old);
                ++superseded_;
            } else {
                ++old;
            }
        }
    }
    Item item;
    item.head = std::move(head);
    item.text = std::move(text);
    item.budget = budget;
    item.priority = opts.priority;
    // A page (help, stats) is laid out line by line: it is not merged either.
    item.mergeable = !opts.layout && !opts.page && !item.text.empty() && budget > 0;
    item.page = opts.page;
    item.view = std::move(opts.view);
    item.hold = std::move(opts.hold);
    item.mark = std::move(opts.mark);
    item.after = std::move(opts.after);
    place.q.push_back(std::move(item));
    ++size_;
    ++by_priority_[static_cast<int>(opts.priority)];
}

void FairQueue::forget(const std::string& key, Place& place, std::deque<Item>::iterator it) {
    --size_;
    --by_priority_[static_cast<int>(it->priority)];
    place.q.erase(it);
    if (!place.q.empty()) return;
    // Nothing left: the place leaves its group's turns, and a group with no place left
    // leaves the queue.
    const std::string group = place.group;
    places_.erase(key);
    auto git = groups_.find(group);
    if (git == groups_.end()) return;
    auto& order = git->second.order;
    order.erase(std::remove(order.begin(), order.end(), key), order.end());
    if (order.empty()) {
        ready_.erase({git->second.pass, git->second.seq, group});
        leave(git);
    }
}

int FairQueue::weight_of(const Group& g) const {
    int w = 1;
    for (const auto& key : g.order)
        if (auto it = places_.find(key); it != places_.end() && !it->second.q.empty())
            w = std::max(w, it->second.weight);
    return w;
}

void FairQueue::leave(std::unordered_map<std::string, Group>::iterator git) {
    weight_sum_ -= git->second.weight;
    // Remembered while its turn is still ahead of the queue's time (bounded: the ones
    // whose turn has come are forgotten when there are many).
    if (git->second.pass > vtime_) {
        if (left_.size() >= 4096)
            std::erase_if(left_, [this](const auto& kv) { return kv.second <= vtime_; });
        left_[git->first] = git->second.pass;
    }
    groups_.erase(git);
}

std::optional<std::string> FairQueue::pop() {
    return pop(nullptr);
}

std::vector<std::string> FairQueue::waiting_places() const {
    std::vector<std::string> out;
    out.reserve(places_.size());
    for (const auto& [key, place] : places_)
        if (!place.q.empty() && place.q.front().after.expired()) out.push_back(key);
    return out;
}

bool FairQueue::can_pop() const {
    for (const auto& [key, place] : places_)
        if (!place.q.empty() && place.q.front().after.expired()) return true;
    return false;
}

bool FairQueue::gated(const std::string& place) const {
    auto it = places_.find(place);
    return it != places_.end() && !it->second.q.empty() && !it->second.q.front().after.expired();
}

std::optional<std::string> FairQueue::pop(const std::function<bool(const std::string&)>& ready,
                                          std::string* place_out) {
    if (ready_.empty()) return std::nullopt;
    // The group whose turn comes first among those with a place that may send now, and
    // in it the first such place in turn.
    auto turn = ready_.begin();
    std::deque<std::string>::iterator chosen;
    for (;; ++turn) {
        if (turn == ready_.end()) return std::nullopt;
        auto& order = groups_.at(std::get<2>(*turn)).order;
        chosen = order.begin();
        while (chosen != order.end() && (gated(*chosen) || (ready && !ready(*chosen)))) ++chosen;
        if (chosen != order.end()) break;
    }
    const auto [pass, seq, group] = *turn;
    ready_.erase(turn);
    auto git = groups_.find(group);
    Group& g = git->second;
    const std::string key = *chosen;
    g.order.erase(chosen);
    if (place_out) *place_out = key;
    auto pit = places_.find(key);
    Place& place = pit->second;
    Item first = std::move(place.q.front());
    place.q.pop_front();
    --size_;
    --by_priority_[static_cast<int>(first.priority)];
    std::string out = first.head + first.text;
    // Lines for the same target waiting behind it go with it while they fit.
    bool reset = first.mergeable && has_formatting(first.text);
    std::size_t used = first.text.size();
    while (first.mergeable && !place.q.empty()) {
        Item& next = place.q.front();
        const std::size_t extra = (reset ? 1 : 0) + kJoin.size() + next.text.size();
        // A line waiting for another to leave first is not taken along before it.
        if (!next.mergeable || next.head != first.head || !next.after.expired() ||
            used + extra > std::min(first.budget, kMergeWidth))
            break;
        if (reset) out += "\x0f";
        out += kJoin;
        out += next.text;
        used += extra;
        reset = has_formatting(next.text);
        ++merged_;
        --size_;
        --by_priority_[static_cast<int>(next.priority)];
        place.q.pop_front();
    }
    if (place.q.empty())
        places_.erase(pit);
    else
        g.order.push_back(key);
    // The queue's time moves on by one line shared among all the weight waiting; the
    // group's next turn is one line later in its own time: 1/weight in the queue's.
    vtime_ = std::max(vtime_ + 1.0 / std::max(1, weight_sum_), pass);
    g.pass = pass + 1.0 / g.weight;
    if (g.order.empty()) {
        leave(git);
    } else {
        const int now = weight_of(g);
        weight_sum_ += now - g.weight;
        g.weight = now;
        ready_.emplace(g.pass, g.seq, group);
    }
    return out;
}

std::size_t FairQueue::cut_pages(const std::string& place_key) {
    auto it = places_.find(place_key);
    if (it == places_.end()) return 0;
    std::size_t cut = 0;
    for (;;) {
        auto& q = it->second.q;
        auto l = std::find_if(q.begin(), q.end(), [](const Item& i) { return i.page; });
        if (l == q.end()) break;
        ++cut;
        const bool last = q.size() == 1;
        forget(place_key, it->second, l);
        if (last) break;  // the place is gone
    }
    return cut;
}

std::size_t FairQueue::pending_in_group(const std::string& group) const {
    auto g = groups_.find(group);
    if (g == groups_.end()) return 0;
    std::size_t n = 0;
    for (const auto& key : g->second.order) n += pending(key);
    return n;
}

std::size_t FairQueue::pending(const std::string& place_key) const {
    auto it = places_.find(place_key);
    return it == places_.end() ? 0 : it->second.q.size();
}

void FairQueue::clear() {
    places_.clear();
    groups_.clear();
    ready_.clear();
    left_.clear();
    weight_sum_ = 0;
    size_ = 0;
    for (auto& n : by_priority_) n = 0;
}

Backoff::Backoff(std::uint64_t seed) : rng_(seed) {}

Duration Backoff::next() {
    const int shift = std::min(attempt_, 20);
    const auto base = std::min<std::int64_t>(kBase.count() << shift, kMax.count());
    ++attempt_;
    std::uniform_real_distribution<double> jitter(0.8, 1.2);
    return Duration{static_cast<std::int64_t>(std::llround(base * jitter(rng_)))};
}

}  // namespace croupier::bot::irc
