// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <memory>

#include <gtest/gtest.h>

#include "bot/clock.hpp"
#include "bot/irc/send_queue.hpp"

namespace croupier::bot::irc {
namespace {

using namespace std::chrono_literals;

TEST(TokenBucket, BurstThenRate) {
    VirtualClock clock;
    TokenBucket b(4, 1.0, clock.now());
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(b.try_take(clock.now())) << i;
    EXPECT_FALSE(b.try_take(clock.now()));
    EXPECT_EQ(b.wait_time(clock.now()), Duration{1000});
    clock.advance(999ms);
    EXPECT_FALSE(b.try_take(clock.now()));
    clock.advance(1ms);
    EXPECT_TRUE(b.try_take(clock.now()));
    EXPECT_FALSE(b.try_take(clock.now()));
    // A long quiet spell refills only up to the burst.
    clock.advance(1h);
    int taken = 0;
    while (b.try_take(clock.now())) ++taken;
    EXPECT_EQ(taken, 4);
}

TEST(TokenBucket, FractionalRate) {
    VirtualClock clock;
    TokenBucket b(1, 2.5, clock.now());
    EXPECT_TRUE(b.try_take(clock.now()));
    EXPECT_EQ(b.wait_time(clock.now()), Duration{400});
    clock.advance(400ms);
    EXPECT_TRUE(b.try_take(clock.now()));
}

TEST(TokenBucket, ReconfigureCapsTokens) {
    VirtualClock clock;
    TokenBucket b(10, 1.0, clock.now());
    b.reconfigure(2, 1.0);
    EXPECT_TRUE(b.try_take(clock.now()));
    EXPECT_TRUE(b.try_take(clock.now()));
    EXPECT_FALSE(b.try_take(clock.now()));
}

TEST(FairQueue, RoundRobinBetweenTargets) {
    FairQueue q;
    for (int i = 0; i < 5; ++i) q.push("#busy", "busy " + std::to_string(i));
    q.push("#quiet", "quiet 0");
    q.push("bob", "bob 0");
    EXPECT_EQ(q.size(), 7u);
    EXPECT_EQ(q.pending("#busy"), 5u);
    EXPECT_EQ(q.pending("#nobody"), 0u);
    std::vector<std::string> order;
    while (auto l = q.pop()) order.push_back(*l);
    EXPECT_EQ(order, (std::vector<std::string>{"busy 0", "quiet 0", "bob 0", "busy 1", "busy 2",
                                               "busy 3", "busy 4"}));
    EXPECT_TRUE(q.empty());
}

TEST(FairQueue, FifoWithinOneTarget) {
    FairQueue q;
    q.push("#a", "1");
    q.push("#a", "2");
    EXPECT_EQ(*q.pop(), "1");
    // A place that comes after another has had its turn is next in line behind it.
    q.push("#b", "x");
    q.push("#a", "3");
    EXPECT_EQ(*q.pop(), "2");
    EXPECT_EQ(*q.pop(), "x");
    EXPECT_EQ(*q.pop(), "3");
    EXPECT_FALSE(q.pop().has_value());
}

TEST(FairQueue, BusyTableCannotStarveAnotherUnderTheBucket) {
    VirtualClock clock;
    TokenBucket bucket(4, 1.0, clock.now());
    FairQueue q;
    for (int i = 0; i < 100; ++i) q.push("#busy", "busy");
    // The quiet table speaks after the busy one queued 100 lines.
    q.push("#quiet", "quiet");
    int sent = 0;
    bool quiet_out = false;
    while (!quiet_out) {
        while (bucket.try_take(clock.now())) {
            ++sent;
            if (*q.pop() == "quiet") {
                quiet_out = true;
                break;
            }
        }
        clock.advance(bucket.wait_time(clock.now()));
    }
    EXPECT_LE(sent, 2);
}

TEST(Backoff, DoublesToFiveMinutesWithTwentyPercentJitter) {
    Backoff b(42);
    double base = 1000;
    for (int i = 0; i < 14; ++i) {
        const auto d = b.next().count();
        EXPECT_GE(d, static_cast<long>(base * 0.8) - 1) << i;
        EXPECT_LE(d, static_cast<long>(base * 1.2) + 1) << i;
        base = std::min(base * 2, 300000.0);
    }
    b.reset();
    EXPECT_LE(b.next().count(), 1200);
}

TEST(Backoff, SameSeedSameSequence) {
    Backoff a(7), b(7), c(8);
    bool differs = false;
    for (int i = 0; i < 8; ++i) {
        const auto x = a.next();
        EXPECT_EQ(x, b.next());
        if (x != c.next()) differs = true;
    }
    EXPECT_TRUE(differs);
}

TEST(FairQueue, LinesLeaveInTheOrderTheyWereMadeWhateverTheirPriority) {
    // Priority is for the drop policy only: a player's hand (High) does not pass the board
    // (Normal) made before it, and a page's lines keep their place.
    FairQueue q;
    q.push("bob", "help 1", Priority::Low);
    q.push("bob", "board 1", Priority::Normal);
    q.push("bob", "your hand", Priority::High);
    EXPECT_EQ(q.pending(Priority::Low), 1u);
    EXPECT_EQ(q.pending(Priority::High), 1u);
    std::vector<std::string> order;
    while (auto l = q.pop()) order.push_back(*l);
    EXPECT_EQ(order, (std::vector<std::string>{"help 1", "board 1", "your hand"}));
    EXPECT_EQ(q.pending(Priority::Low), 0u);
    EXPECT_EQ(q.pending(Priority::High), 0u);
}

// A line of text for a target, as Network::say queues it.
void say(FairQueue& q, const std::string& place, const std::string& text, SendOptions o = {},
         const std::string& target = "", std::size_t budget = 60) {
    q.push(place, "PRIVMSG " + (target.empty() ? place : target) + " :", text, budget,
           std::move(o));
}

TEST(FairQueue, APlaceIsServedByThePeopleWaitingOnIt) {
    // A table of four people and four private players, each with a backlog: the table gets
    // as many turns as the four together.
    FairQueue q;
    SendOptions table;
    table.weight = 4;
    table.layout = true;  // not merged: one line a turn, to count turns
    for (int i = 0; i < 20; ++i) say(q, "#cards\nt1", "t" + std::to_string(i), table, "#cards");
    for (const char* nick : {"p1", "p2", "p3", "p4"}) {
        SendOptions o;
        o.layout = true;
        o.group = std::string("@") + nick;
        for (int i = 0; i < 20; ++i) say(q, nick, nick, o);
    }
    int table_lines = 0;
    for (int i = 0; i < 40; ++i)
        if (q.pop()->rfind("PRIVMSG #cards", 0) == 0) ++table_lines;
    EXPECT_EQ(table_lines, 20);
}

TEST(FairQueue, APlaceThatEmptiesAndComesBackDoesNotStarveABusyOne) {
    // Two players whose line leaves and who move again at once, and one with a backlog:
    // the backlog still gets its share (a third of the lines), not only what is left.
    FairQueue q;
    SendOptions rows;
    rows.layout = true;
    for (int i = 0; i < 60; ++i) say(q, "busy", "row", rows);
    int busy = 0;
    for (int i = 0; i < 30; ++i) {
        if (q.pending("p1") == 0) say(q, "p1", "a", rows);
        if (q.pending("p2") == 0) say(q, "p2", "b", rows);
        for (int k = 0; k < 2; ++k)
            if (q.pop()->rfind("PRIVMSG busy", 0) == 0) ++busy;
    }
    EXPECT_GE(busy, 18);  // about 20 of the 60: a third (it was 0 when a group that came
    EXPECT_LE(busy, 24);  // back took the queue's present turn, ahead of the backlog's)
}

TEST(FairQueue, LinesWaitingTogetherForOneTargetLeaveAsOne) {
    FairQueue q;
    say(q, "bob", "You drew 5h.");
    say(q, "bob", "Your hand: 5h 9c.");
    SendOptions board;
    board.layout = true;
    say(q, "bob", "1:[5] 2:[5]", board);
    say(q, "bob", "Next.");
    q.push("bob", "NOTICE bob :", "A notice.", 60);
    say(q, "bob", std::string(55, 'x'));
    say(q, "bob", "Short.");
    std::vector<std::string> order;
    while (auto l = q.pop()) order.push_back(*l);
    EXPECT_EQ(order, (std::vector<std::string>{
                         "PRIVMSG bob :You drew 5h. \u00b7 Your hand: 5h 9c.",
                         "PRIVMSG bob :1:[5] 2:[5]",  // a layout line stands alone
                         "PRIVMSG bob :Next.",        // a NOTICE is another line
                         "NOTICE bob :A notice.",
                         "PRIVMSG bob :" + std::string(55, 'x'),  // over the budget together
                         "PRIVMSG bob :Short.",
                     }));
    EXPECT_EQ(q.merged(), 1u);
}

TEST(FairQueue, FormattingIsResetBeforeWhatIsMergedAfterIt) {
    FairQueue q;
    say(q, "bob",
        "\x02"
        "bold");
    say(q, "bob", "plain");
    EXPECT_EQ(*q.pop(),
              "PRIVMSG bob :\x02"
              "bold\x0f \u00b7 plain");
}

TEST(FairQueue, AViewReplacedWhileItWaitsIsNotSent) {
    FairQueue q;
    SendOptions board;
    board.view = "board";
    say(q, "bob", "first move", {}, "", 10);
    say(q, "bob", "board 1a", board, "", 10);
    SendOptions more = board;
    more.continues = true;
    say(q, "bob", "board 1b", more, "", 10);  // a second piece of the same board
    say(q, "carol", "carol's board", board, "", 10);
    say(q, "bob", "board 2a", board, "", 10);
    say(q, "bob", "board 2b", more, "", 10);
    std::vector<std::string> order;
    while (auto l = q.pop()) order.push_back(*l);
    EXPECT_EQ(order,
              (std::vector<std::string>{"PRIVMSG bob :first move", "PRIVMSG carol :carol's board",
                                        "PRIVMSG bob :board 2a", "PRIVMSG bob :board 2b"}));
    EXPECT_EQ(q.superseded(), 2u);
    EXPECT_TRUE(q.empty());
}

TEST(FairQueue, PagesAreCutWhenTheirReaderMoves) {
    FairQueue q;
    SendOptions page;
    page.page = true;
    page.priority = Priority::Low;
    page.layout = true;
    say(q, "bob", "your hand", SendOptions::of(Priority::High));
    for (int i = 0; i < 5; ++i) say(q, "bob", "help " + std::to_string(i), page);
    say(q, "carol", "help", page);
    EXPECT_EQ(*q.pop(), "PRIVMSG bob :your hand");
    EXPECT_EQ(q.cut_pages("bob"), 5u);
    EXPECT_EQ(q.pending("bob"), 0u);
    EXPECT_EQ(q.pending(Priority::Low), 1u);
    EXPECT_EQ(*q.pop(), "PRIVMSG carol :help");
    EXPECT_TRUE(q.empty());
    EXPECT_FALSE(q.pop().has_value());
    EXPECT_EQ(q.cut_pages("nobody"), 0u);
}

TEST(FairQueue, AHoldIsReleasedWhenItsLineLeavesOrIsDropped) {
    FairQueue q;
    int released = 0;
    auto hold = [&released] {
        return std::shared_ptr<void>(nullptr, [&released](void*) { ++released; });
    };
    SendOptions a;
    a.hold = hold();
    say(q, "bob", "prompt", std::move(a));
    SendOptions b;
    b.hold = hold();
    b.page = true;
    say(q, "carol", "page", std::move(b));
    SendOptions c;
    c.hold = hold();
    say(q, "dave", "x", std::move(c));
    EXPECT_EQ(released, 0);
    q.pop();
    EXPECT_EQ(released, 1);
    q.cut_pages("carol");
    EXPECT_EQ(released, 2);
    q.clear();
    EXPECT_EQ(released, 3);
}

TEST(FairQueue, ManyTargetsOfOneGroupShareOneTurn) {
    FairQueue q;
    // Three nicks from one host, each with two lines; alice, from elsewhere, has three.
    for (const char* nick : {"m1", "m2", "m3"})
        for (int i = 0; i < 2; ++i)
            q.push(nick, std::string(nick) + "." + std::to_string(i), Priority::Low,
                   "@evil.example");
    for (int i = 0; i < 3; ++i)
        q.push("alice", "alice." + std::to_string(i), Priority::High, "@example.org");
    std::vector<std::string> order;
    while (auto l = q.pop()) order.push_back(*l);
    EXPECT_EQ(order, (std::vector<std::string>{"m1.0", "alice.0", "m2.0", "alice.1", "m3.0",
                                               "alice.2", "m1.1", "m2.1", "m3.1"}));
    EXPECT_TRUE(q.empty());
}

TEST(FairQueue, LinesWaitingForAGroupAreCountedAcrossItsPlaces) {
    FairQueue q;
    q.push("m1", "a", Priority::Low, "@evil.example");
    q.push("m2", "b", Priority::Low, "@evil.example");
    q.push("m2", "c", Priority::Low, "@evil.example");
    q.push("alice", "d", Priority::High, "@example.org");
    EXPECT_EQ(q.pending_in_group("@evil.example"), 3u);
    EXPECT_EQ(q.pending_in_group("@example.org"), 1u);
    EXPECT_EQ(q.pending_in_group("@nowhere"), 0u);
    while (q.pop()) {
    }
    EXPECT_EQ(q.pending_in_group("@evil.example"), 0u);
}

TEST(FairQueue, ClearForgetsGroupsAndCounts) {
    FairQueue q;
    q.push("a", "1", Priority::High, "g");
    q.push("b", "2", Priority::Low, "g");
    q.clear();
    EXPECT_TRUE(q.empty());
    EXPECT_EQ(q.pending(Priority::High), 0u);
    EXPECT_FALSE(q.pop().has_value());
    q.push("c", "3");
    EXPECT_EQ(*q.pop(), "3");
}

}  // namespace
}  // namespace croupier::bot::irc

namespace croupier::bot::irc {
namespace {

using namespace std::chrono_literals;

TEST(Pacer, AClientHasOneBudgetForEveryTarget) {
    VirtualClock clock;
    Pacer p(3, 1.0, clock.now());
    EXPECT_FALSE(p.per_recipient());
    EXPECT_TRUE(p.try_take("#a", true, clock.now()));
    EXPECT_TRUE(p.try_take("bob", false, clock.now()));
    EXPECT_TRUE(p.try_take("carol", false, clock.now()));
    // The budget is spent for everyone, whoever the next line is for.
    EXPECT_FALSE(p.try_take("dave", false, clock.now()));
    EXPECT_EQ(p.wait_time("#other", true, clock.now()), Duration{1000});
    EXPECT_EQ(p.recipients(), 0u);
    clock.advance(1s);
    EXPECT_TRUE(p.try_take("dave", false, clock.now()));
    EXPECT_FALSE(p.try_take("#a", true, clock.now()));
    p.reconfigure(5, 10.0);
    clock.advance(100ms);
    EXPECT_TRUE(p.try_take("#a", true, clock.now()));
}

TEST(Pacer, OneRecipientsBacklogDoesNotHoldAnothers) {
    VirtualClock clock;
    Pacer p(10, 5.0, 5, 3.0, clock.now());
    EXPECT_TRUE(p.per_recipient());
    for (int i = 0; i < 10; ++i) EXPECT_TRUE(p.try_take("bob", false, clock.now())) << i;
    EXPECT_FALSE(p.try_take("bob", false, clock.now()));
    EXPECT_EQ(p.wait_time("bob", false, clock.now()), Duration{200});
    // Someone else still has a whole budget of their own.
    EXPECT_EQ(p.wait_time("carol", false, clock.now()), Duration{0});
    for (int i = 0; i < 10; ++i) EXPECT_TRUE(p.try_take("carol", false, clock.now())) << i;
    EXPECT_FALSE(p.try_take("carol", false, clock.now()));
    EXPECT_EQ(p.recipients(), 2u);
    // Then five a second each.
    clock.advance(200ms);
    EXPECT_TRUE(p.try_take("bob", false, clock.now()));
    EXPECT_FALSE(p.try_take("bob", false, clock.now()));
    EXPECT_TRUE(p.try_take("carol", false, clock.now()));
}

TEST(Pacer, ChannelsAndPeopleHaveTheirOwnRates) {
    VirtualClock clock;
    Pacer p(10, 5.0, 5, 3.0, clock.now());
    for (int i = 0; i < 5; ++i) EXPECT_TRUE(p.try_take("#cards", true, clock.now())) << i;
    EXPECT_FALSE(p.try_take("#cards", true, clock.now()));
    EXPECT_EQ(p.wait_time("#cards", true, clock.now()), Duration{334});  // 1/3 s, rounded up
    for (int i = 0; i < 10; ++i) EXPECT_TRUE(p.try_take("bob", false, clock.now())) << i;
    EXPECT_FALSE(p.try_take("bob", false, clock.now()));
    // Over one second a channel gets three lines, a person five.
    int channel = 0, person = 0;
    for (int ms = 0; ms < 1000; ms += 10) {
        clock.advance(10ms);
        while (p.try_take("#cards", true, clock.now())) ++channel;
        while (p.try_take("bob", false, clock.now())) ++person;
    }
    EXPECT_EQ(channel, 3);
    EXPECT_EQ(person, 5);
    // New limits reach the budgets held, each by its kind.
    p.reconfigure(2, 1.0, 1, 0.5);
    clock.advance(1h);
    EXPECT_TRUE(p.try_take("#cards", true, clock.now()));
    EXPECT_FALSE(p.try_take("#cards", true, clock.now()));
    EXPECT_TRUE(p.try_take("bob", false, clock.now()));
    EXPECT_TRUE(p.try_take("bob", false, clock.now()));
    EXPECT_FALSE(p.try_take("bob", false, clock.now()));
}

TEST(Pacer, ForgetFullBoundsMemory) {
    VirtualClock clock;
    Pacer p(10, 5.0, 5, 3.0, clock.now());
    EXPECT_TRUE(p.try_take("bob", false, clock.now()));
    EXPECT_TRUE(p.try_take("#cards", true, clock.now()));
    EXPECT_EQ(p.recipients(), 2u);
    // Not full yet: kept.
    p.forget_full(clock.now());
    EXPECT_EQ(p.recipients(), 2u);
    clock.advance(200ms);  // bob's one line is back; the channel's needs 334 ms
    p.forget_full(clock.now());
    EXPECT_EQ(p.recipients(), 1u);
    clock.advance(200ms);
    p.forget_full(clock.now());
    EXPECT_EQ(p.recipients(), 0u);
    // Many strangers written to once: the budgets kept stay bounded.
    for (int i = 0; i < 20000; ++i) {
        clock.advance(1ms);
        EXPECT_TRUE(p.try_take("stranger" + std::to_string(i), false, clock.now())) << i;
    }
    EXPECT_LE(p.recipients(), 4096u);
    // And one who is still spending is not forgotten (its budget not refilled by it).
    for (int i = 0; i < 10; ++i) EXPECT_TRUE(p.try_take("bob", false, clock.now()));
    for (int i = 0; i < 5000; ++i) p.try_take("x" + std::to_string(i), false, clock.now());
    EXPECT_FALSE(p.try_take("bob", false, clock.now()));
}

TEST(FairQueue, PopWithReadySkipsAPlaceThatMayNotSendAndItKeepsItsTurn) {
    FairQueue q;
    q.push("#a", "a1");
    q.push("#a", "a2");
    q.push("bob", "b1");
    q.push("bob", "b2");
    q.push("carol", "c1");
    std::string place;
    auto not_a = [](const std::string& p) { return p != "#a"; };
    EXPECT_EQ(*q.pop(not_a, &place), "b1");
    EXPECT_EQ(place, "bob");
    EXPECT_EQ(*q.pop(not_a, &place), "c1");
    EXPECT_EQ(place, "carol");
    // #a was first in line all along: it goes first once it may.
    EXPECT_EQ(*q.pop([](const std::string&) { return true; }, &place), "a1");
    EXPECT_EQ(place, "#a");
    // Each has had one line: their next turns tie, and #a came first.
    EXPECT_EQ(*q.pop(), "a2");
    EXPECT_EQ(*q.pop(), "b2");
    EXPECT_TRUE(q.empty());
}

TEST(FairQueue, PopWithNoPlaceReadyTakesNothing) {
    FairQueue q;
    q.push("#a", "a1");
    q.push("bob", "b1");
    std::string place = "untouched";
    EXPECT_FALSE(q.pop([](const std::string&) { return false; }, &place).has_value());
    EXPECT_EQ(place, "untouched");
    EXPECT_EQ(q.size(), 2u);
    EXPECT_EQ(*q.pop(), "a1");
    EXPECT_EQ(*q.pop(), "b1");
}

TEST(FairQueue, PopWithReadyKeepsTheOrderWithinAPlace) {
    FairQueue q;
    for (int i = 0; i < 4; ++i) q.push("bob", "b" + std::to_string(i));
    for (int i = 0; i < 4; ++i) q.push("carol", "c" + std::to_string(i));
    bool bob_ready = false;
    auto ready = [&](const std::string& p) { return p != "bob" || bob_ready; };
    std::vector<std::string> order;
    std::string place;
    for (int i = 0; i < 8; ++i) {
        bob_ready = i % 3 == 2;  // bob may send now and then
        if (auto l = q.pop(ready, &place)) order.push_back(*l);
    }
    while (auto l = q.pop()) order.push_back(*l);
    std::vector<std::string> bobs, carols;
    for (const auto& l : order) (l[0] == 'b' ? bobs : carols).push_back(l);
    EXPECT_EQ(bobs, (std::vector<std::string>{"b0", "b1", "b2", "b3"}));
    EXPECT_EQ(carols, (std::vector<std::string>{"c0", "c1", "c2", "c3"}));
}

TEST(FairQueue, PopWithReadyAmongThePlacesOfOneGroup) {
    // Two nicks of one host share a turn; the one that may not send keeps its place in it.
    FairQueue q;
    q.push("bob", "b1", Priority::Normal, "host");
    q.push("bob2", "x1", Priority::Normal, "host");
    q.push("bob2", "x2", Priority::Normal, "host");
    std::string place;
    EXPECT_EQ(*q.pop([](const std::string& p) { return p != "bob"; }, &place), "x1");
    EXPECT_EQ(place, "bob2");
    EXPECT_EQ(*q.pop(nullptr, &place), "b1");
    EXPECT_EQ(place, "bob");
    EXPECT_EQ(*q.pop(), "x2");
    EXPECT_TRUE(q.empty());
}

}  // namespace
}  // namespace croupier::bot::irc

namespace croupier::bot::irc {
namespace {

// A move's private line waits for the channel line it follows, though its own place's turn
// comes first; it leaves at once when that line has gone, and a line after nothing waits.
TEST(FairQueue, ALineAfterAMarkWaitsForItsLineToLeave) {
    FairQueue q;
    q.push("#busy", "PRIVMSG #busy :older");  // the channel's place has a line waiting already
    SendOptions chan;
    chan.mark = std::make_shared<char>(0);
    std::weak_ptr<void> mark = chan.mark;
    q.push("#busy", "PRIVMSG #busy :", "ann plays 7d", 400, std::move(chan));
    SendOptions hand;
    hand.after = mark;
    q.push("ann", "NOTICE ann :", "Your turn", 400, std::move(hand));
    q.push("bob", "PRIVMSG bob :free");
    EXPECT_TRUE(q.can_pop());
    // The waiting places say what may leave: not ann's.
    auto places = q.waiting_places();
    EXPECT_EQ(std::count(places.begin(), places.end(), "ann"), 0);
    EXPECT_EQ(*q.pop(), "PRIVMSG #busy :older");
    EXPECT_EQ(*q.pop(), "PRIVMSG bob :free");  // ann's turn, but her line waits
    EXPECT_FALSE(mark.expired());
    EXPECT_EQ(*q.pop(), "PRIVMSG #busy :ann plays 7d");
    EXPECT_TRUE(mark.expired());
    EXPECT_EQ(*q.pop(), "NOTICE ann :Your turn");
    EXPECT_TRUE(q.empty());
}

// Lines for one target merge while they wait, but not a line past the mark it waits for.
TEST(FairQueue, ALineAfterAMarkIsNotMergedIntoTheLineBeforeIt) {
    FairQueue q;
    q.push("ann", "NOTICE ann :", "You draw 6h.", 400, SendOptions{});
    SendOptions chan;
    chan.mark = std::make_shared<char>(0);
    std::weak_ptr<void> mark = chan.mark;
    q.push("#c", "PRIVMSG #c :", "ann draws a card", 400, std::move(chan));
    SendOptions turn;
    turn.after = mark;
    q.push("ann", "NOTICE ann :", "Your turn.", 400, std::move(turn));
    EXPECT_EQ(*q.pop(), "NOTICE ann :You draw 6h.");  // alone: "Your turn." waits
    EXPECT_EQ(*q.pop(), "PRIVMSG #c :ann draws a card");
    EXPECT_EQ(*q.pop(), "NOTICE ann :Your turn.");
    EXPECT_TRUE(q.empty());
}

TEST(FairQueue, AMarkDroppedWithItsLineFreesWhatWaitsOnIt) {
    FairQueue q;
    SendOptions page;
    page.page = true;
    page.mark = std::make_shared<char>(0);
    std::weak_ptr<void> mark = page.mark;
    q.push("#c", "PRIVMSG #c :", "help text", 400, std::move(page));
    SendOptions after;
    after.after = mark;
    q.push("ann", "NOTICE ann :", "next", 400, std::move(after));
    EXPECT_EQ(q.cut_pages("#c"), 1u);
    EXPECT_TRUE(mark.expired());
    EXPECT_EQ(*q.pop(), "NOTICE ann :next");
}

}  // namespace
}  // namespace croupier::bot::irc
