// The tables' timers (bot/tables/table_timers.hpp) on virtual time: a slot holds one timer,
// a timer finds its table again by id, and never fires for a table that is gone.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/table_timers.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "bot/net_ctx.hpp"

using croupier::bot::Duration;
using croupier::bot::kNever;
using croupier::bot::NetCtx;
using croupier::bot::Table;
using croupier::bot::TableId;
using croupier::bot::TableTimers;
using croupier::bot::VirtualClock;
using Slot = TableTimers::Slot;
using namespace std::chrono_literals;

namespace {

class TableTimersTest : public ::testing::Test {
  protected:
    Table& open(TableId id, NetCtx& n) {
        auto t = std::make_unique<Table>();
        t->id = id;
        t->net = &n;
        t->place = t->place_key = "#t" + std::to_string(id);
        return n.tables.add(std::move(t));
    }
    // Each firing, as "slot-index@table".
    TableTimers::Fn note(const std::string& what) {
        return [this, what](Table& t) { fired.push_back(what + "@" + std::to_string(t.id)); };
    }
    VirtualClock clock;
    NetCtx net, other;
    std::vector<std::string> fired;
};

TEST_F(TableTimersTest, AfterFiresOnceWithItsTable) {
    Table& t = open(1, net);
    TableTimers timers(clock);
    timers.after(t, Slot::JoinWindow, 2s, note("join"));
    EXPECT_TRUE(timers.running(t, Slot::JoinWindow));
    EXPECT_EQ(timers.due(t, Slot::JoinWindow), clock.now() + Duration(2000));
    clock.advance(1999ms);
    EXPECT_TRUE(fired.empty());
    clock.advance(1ms);
    EXPECT_EQ(fired, std::vector<std::string>{"join@1"});
    EXPECT_FALSE(timers.running(t, Slot::JoinWindow));
    EXPECT_EQ(timers.due(t, Slot::JoinWindow), kNever);
    clock.advance(10s);
    EXPECT_EQ(fired.size(), 1u);
}

TEST_F(TableTimersTest, SettingASlotAgainReplacesItsTimer) {
    Table& t = open(1, net);
    TableTimers timers(clock);
    timers.after(t, Slot::Seats, 5s, note("first"));
    timers.after(t, Slot::Seats, 3s, note("second"));
    EXPECT_EQ(timers.size(), 1u);
    clock.advance(10s);
    EXPECT_EQ(fired, std::vector<std::string>{"second@1"});
}

TEST_F(TableTimersTest, SlotsAndIndexesAndTablesAreApart) {
    Table& a = open(1, net);
    Table& b = open(2, net);
    Table& c = open(1, other);  // the same id on another network
    TableTimers timers(clock);
    timers.after(a, Slot::Burst, 1s, note("burst0"), 0);
    timers.after(a, Slot::Burst, 2s, note("burst2"), 2);
    timers.after(a, Slot::Wake, 3s, note("wake"));
    timers.after(b, Slot::Wake, 4s, note("wake"));
    timers.after(c, Slot::Wake, 5s, note("wake-other"));
    EXPECT_EQ(timers.size(), 5u);
    timers.cancel(a, Slot::Burst, 2);
    clock.advance(10s);
    EXPECT_EQ(fired, (std::vector<std::string>{"burst0@1", "wake@1", "wake@2", "wake-other@1"}));
}

TEST_F(TableTimersTest, CancelAllStopsOnlyThatTablesTimers) {
    Table& a = open(1, net);
    Table& b = open(2, net);
    TableTimers timers(clock);
    timers.after(a, Slot::Grace, 1s, note("grace0"), 0);
    timers.after(a, Slot::Grace, 1s, note("grace3"), 3);
    timers.after(a, Slot::Retry, 1s, note("retry"));
    timers.after(b, Slot::JoinWindow, 1s, note("join"));
    timers.cancel_all(a);
    EXPECT_EQ(timers.size(), 1u);
    clock.advance(2s);
    EXPECT_EQ(fired, std::vector<std::string>{"join@2"});
}

TEST_F(TableTimersTest, NeverFiresForATableThatIsGone) {
    Table& t = open(7, net);
    TableTimers timers(clock);
    timers.after(t, Slot::Wake, 1s, note("wake"));
    net.tables.remove(7);
    clock.advance(2s);
    EXPECT_TRUE(fired.empty());
    EXPECT_EQ(timers.size(), 0u);
}

// A table taken back under its id (a refused write) is found again: its timers fire for the
// table that stands there now.
TEST_F(TableTimersTest, FindsTheTableStandingUnderItsIdWhenItFires) {
    Table& t = open(4, net);
    TableTimers timers(clock);
    timers.after(t, Slot::Retry, 1s, [this](Table& tt) { fired.push_back(tt.place); });
    net.tables.remove(4);
    Table& back = open(4, net);
    back.place = "#back";
    clock.advance(1s);
    EXPECT_EQ(fired, std::vector<std::string>{"#back"});
}

TEST_F(TableTimersTest, ACallbackMaySetItsOwnSlotAgain) {
    Table& t = open(1, net);
    TableTimers timers(clock);
    int left = 3;
    TableTimers::Fn again = [&](Table& tt) {
        fired.push_back("tick");
        if (--left > 0) timers.after(tt, Slot::Seats, 1s, again);
    };
    timers.after(t, Slot::Seats, 1s, again);
    clock.advance(10s);
    EXPECT_EQ(fired.size(), 3u);
    EXPECT_EQ(timers.size(), 0u);
}

// The table's own copy of when each slot runs (Table::timer_due, read by a move without a
// lookup) says what the map says through setting, firing, cancelling and cancelling all.
TEST_F(TableTimersTest, TheTablesCopyOfItsTimersAgreesWithThem) {
    Table& t = open(1, net);
    TableTimers timers(clock);
    const auto copy = [&](Slot s) { return t.timer_due[static_cast<std::size_t>(s)]; };
    EXPECT_EQ(copy(Slot::Seats), kNever);
    timers.after(t, Slot::Seats, 3s, note("seats"));
    timers.after(t, Slot::Wake, 5s, note("wake"));
    timers.after(t, Slot::Grace, 1s, note("grace2"), 2);  // index 2: the map's alone
    EXPECT_EQ(copy(Slot::Seats), clock.now() + Duration(3000));
    EXPECT_EQ(copy(Slot::Wake), clock.now() + Duration(5000));
    EXPECT_EQ(copy(Slot::Grace), kNever);
    EXPECT_EQ(timers.due(t, Slot::Grace, 2), clock.now() + Duration(1000));
    clock.advance(3s);  // grace2 and seats fire
    EXPECT_EQ(copy(Slot::Seats), kNever);
    EXPECT_FALSE(timers.running(t, Slot::Seats));
    timers.cancel(t, Slot::Wake);
    EXPECT_EQ(copy(Slot::Wake), kNever);
    EXPECT_EQ(timers.size(), 0u);
    timers.after(t, Slot::Retry, 1s, note("retry"));
    timers.cancel_all(t);
    EXPECT_EQ(copy(Slot::Retry), kNever);
    EXPECT_EQ(timers.size(), 0u);
    timers.cancel(t, Slot::Retry);  // nothing runs: nothing to do
    clock.advance(10s);
    EXPECT_EQ(fired, (std::vector<std::string>{"grace2@1", "seats@1"}));
}

TEST_F(TableTimersTest, NoneFiresOnceTheTimersAreGone) {
    Table& t = open(1, net);
    {
        TableTimers timers(clock);
        timers.after(t, Slot::Wake, 1s, note("wake"));
    }
    clock.advance(2s);
    EXPECT_TRUE(fired.empty());
}

}  // namespace
