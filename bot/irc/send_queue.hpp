// Flood control of the link: a token bucket (burst, then a steady rate) in the Clock's
// time, the send queue (places served in turn by weight, lines merged and replaced while
// they wait), and the reconnect backoff. Pure: unit-tested with VirtualClock time points.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bot/clock.hpp"

namespace croupier::bot::irc {

class TokenBucket {
  public:
    TokenBucket(int burst, double rate, TimePoint now);
    // Takes one token if there is one at `now`.
    bool try_take(TimePoint now);
    // How long from `now` until a token is available (0 if one is).
    Duration wait_time(TimePoint now) const;
    // New limits; the tokens held are kept (capped at the new burst).
    void reconfigure(int burst, double rate);
    double tokens(TimePoint now) const;

  private:
    void refill(TimePoint now);
    double burst_;
    double rate_;  // tokens per second (> 0)
    double tokens_;
    TimePoint last_;
};

// How fast lines may leave the link (docs/LINK.md, "Pacing"). A client link has one budget
// for everything it says, the server's flood limit (a burst, then a steady rate). A server
// link has no flood limit of its own, but people and their connections still do: each
// recipient (a person, a channel) has a budget of its own, so no person and no channel is
// flooded, and one place's backlog never holds up another's.
class Pacer {
  public:
    // A client: one budget, `burst` lines then `rate` a second.
    Pacer(int burst, double rate, TimePoint now);
    // A server link: a person `person_burst` lines then `person_rate` a second; a channel
    // `channel_burst` then `channel_rate`.
    Pacer(int person_burst, double person_rate, int channel_burst, double channel_rate,
          TimePoint now);
    bool per_recipient() const { return per_recipient_; }
    // Whether a line to `target` (folded; `channel` when it is one) may leave at `now`;
    // takes the token when it may.
    bool try_take(const std::string& target, bool channel, TimePoint now);
    // How long from `now` until a line to `target` may leave (0: now).
    Duration wait_time(const std::string& target, bool channel, TimePoint now) const;
    // New limits of the same kind; the budgets held are kept (capped at the new bursts).
    void reconfigure(int burst, double rate);
    void reconfigure(int person_burst, double person_rate, int channel_burst, double channel_rate);
    // The recipients with a budget of their own (a server link), and forgetting those
    // whose budget is full again at `now` (a new one starts full anyway).
    std::size_t recipients() const { return buckets_.size(); }
    void forget_full(TimePoint now);

  private:
    TokenBucket& bucket(const std::string& target, bool channel, TimePoint now);
    bool per_recipient_;
    int person_burst_, channel_burst_;
    double person_rate_, channel_rate_;
    TokenBucket all_;  // a client's one budget
    std::unordered_map<std::string, std::pair<TokenBucket, bool>> buckets_;  // and is a channel
    std::size_t prune_at_ = 4096;  // forget the full ones when this many (then twice what is left)
};

// How much a line matters when the queue is long (docs/LINK.md, "The send queue"): only the
// drop policy reads it; lines for one target leave in the order they were made.
enum class Priority : std::uint8_t {
    High,    // a player's own reply, hand, prompt, result or error: never dropped
    Normal,  // boards and announcements at a table
    Low,     // pages asked for (help, stats, top): refused first
};

// How a line is queued (Network::privmsg/notice and the queue itself).
struct SendOptions {
    Priority priority = Priority::Normal;
    // A channel's place: the table's lane ("t12"), or the asker's host for answers to people
    // in the channel; "" for the channel itself. Places are served in turn.
    std::string lane;
    // Places in one group share one turn (a person's host: many nicks of one host are served
    // as one person). "": the place is a group of its own.
    std::string group;
    // The people waiting on the place (a table of four: 4): its share of the link.
    int weight = 1;
    // What the line shows ("board", "hand"): the lines of the same view still waiting for
    // the same target in the same place are stale and are not sent. `continues`: a later
    // piece of the same text, which replaces nothing.
    std::string view;
    bool continues = false;
    // A page asked for (help, stats): cut_pages() drops it while it waits.
    bool page = false;
    // A line that must start a line of its own (a board's row): never merged.
    bool layout = false;
    // Released when the line has left or was dropped (whichever comes first): what waits
    // for the line holds it (a turn's clock starts when its prompt has been sent).
    std::shared_ptr<void> hold;
    // Order across places: a line with a `mark` releases it when it has left (or was
    // dropped); a line `after` a mark leaves only once it is released. A move's private lines
    // wait so for the channel line they follow: the queue keeps order within a place, and
    // this is the order between a channel's place and a person's.
    std::shared_ptr<void> mark;
    std::weak_ptr<void> after;

    static SendOptions of(Priority p) {
        SendOptions o;
        o.priority = p;
        return o;
    }
};

// The send queue: places (a channel table, a person's private conversation, the answers to
// one host in a channel) with lines waiting are served in turn, each group of places by its
// weight (stride scheduling: a table of four people gets four turns to one private
// player's), the places of one group in turn. Inside a place the lines leave in the order
// they were made; lines for one target that wait together leave as one line while they fit
// (merged with " \u00b7 "), and a view replaced while waiting is not sent.
class FairQueue {
  public:
    // `place`: the target, or the target and its lane. `head`: "PRIVMSG #c :" (the line's
    // command and target, its text after it), or the whole line with `text` "" (never
    // merged). `budget`: the most text a line to that target may carry.
    void push(const std::string& place, std::string head, std::string text, std::size_t budget,
              SendOptions opts = {});
    // Shorthand for a whole line that is never merged (tests, raw lines).
    void push(const std::string& place, std::string line, Priority p = Priority::Normal,
              const std::string& group = "") {
        SendOptions o;
        o.priority = p;
        o.group = group;
        push(place, std::move(line), "", 0, std::move(o));
    }
    // The next line to send: the front line of the next place, with the lines after it for
    // the same target merged in while they fit.
    std::optional<std::string> pop();
    // The same, among the places `ready` says may send now (a server link's recipients
    // with budget left): a place that may not keeps its turn for when it may. `place`
    // (when given) is set to the key of the place the line came from.
    std::optional<std::string> pop(const std::function<bool(const std::string& place)>& ready,
                                   std::string* place = nullptr);
    // The places whose first line may leave once their recipient's budget allows (lines
    // waiting, and none waiting `after` a line still queued).
    std::vector<std::string> waiting_places() const;
    // Whether any line may leave now, budgets aside (some place's first line waits for none).
    bool can_pop() const;
    // Drops the pages waiting for a place; how many.
    std::size_t cut_pages(const std::string& place);
    // Lines waiting for one place; for all the places of a group.
    std::size_t pending(const std::string& place) const;
    std::size_t pending_in_group(const std::string& group) const;
    // Lines waiting of one priority, all places.
    std::size_t pending(Priority p) const { return by_priority_[static_cast<int>(p)]; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    // Lines that went out merged into the line before them, and views dropped as stale.
    std::uint64_t merged() const { return merged_; }
    std::uint64_t superseded() const { return superseded_; }
    void clear();

  private:
    struct Item {
        std::string head, text;
        std::size_t budget = 0;
        Priority priority = Priority::Normal;
        bool mergeable = false, page = false;
        std::string view;
        std::shared_ptr<void> hold, mark;
        std::weak_ptr<void> after;
    };
    // Whether a place's first line waits for another line to leave first.
    bool gated(const std::string& place) const;
    struct Place {
        std::deque<Item> q;
        std::string group;
        int weight = 1;
    };
    struct Group {
        std::deque<std::string> order;  // its places with lines waiting, next first
        double pass = 0;                // its next turn in virtual time
        std::uint64_t seq = 0;          // when it came, to break ties in arrival order
        int weight = 1;                 // the most people waiting on one of its places
    };
    // Takes a waiting line out (a page cut); a place left empty leaves the queue.
    void forget(const std::string& key, Place& place, std::deque<Item>::iterator it);
    int weight_of(const Group& g) const;
    // A group with no line left leaves the queue (its turn remembered for a while).
    void leave(std::unordered_map<std::string, Group>::iterator git);
    std::unordered_map<std::string, Place> places_;
    std::unordered_map<std::string, Group> groups_;
    std::set<std::tuple<double, std::uint64_t, std::string>> ready_;  // groups by next turn
    // The queue's virtual time: it moves on by 1/(the weight of all groups waiting) a line.
    double vtime_ = 0;
    int weight_sum_ = 0;
    std::unordered_map<std::string, double> left_;  // groups gone with their turn still ahead
    std::uint64_t seq_ = 0;
    std::size_t size_ = 0;
    std::size_t by_priority_[3] = {};
    std::uint64_t merged_ = 0, superseded_ = 0;
};

// Exponential backoff: 1 s doubling to 5 min, each delay with +-20% jitter.
class Backoff {
  public:
    explicit Backoff(std::uint64_t seed);
    Duration next();
    void reset() { attempt_ = 0; }
    int attempt() const { return attempt_; }
    static constexpr Duration kBase{1000};
    static constexpr Duration kMax{300000};

  private:
    std::mt19937_64 rng_;
    int attempt_ = 0;
};

}  // namespace croupier::bot::irc
