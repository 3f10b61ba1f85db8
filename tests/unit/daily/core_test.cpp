// SPDX-License-Identifier: GPL-3.0-or-later
// The daily deal's pure rules (bot/daily/core.hpp, issue 44): the UTC day, the deal from the
// secret (stable, different by day, variant and kind, and by secret), the seal, the ladder's
// order and the streak.
#include <gtest/gtest.h>

#include <set>

#include "bot/daily/core.hpp"
#include "bot/daily/daily.hpp"

using namespace croupier::bot;
using namespace croupier::bot::daily;

TEST(DailyDay, TheUtcDayOfATimeAndItsBounds) {
    EXPECT_EQ(day_of(1767225600), "2026-01-01");      // 00:00:00 UTC
    EXPECT_EQ(day_of(1767225600 - 1), "2025-12-31");  // 23:59:59 the day before
    EXPECT_EQ(day_of(1767225600 + 86399), "2026-01-01");
    EXPECT_EQ(day_start("2026-01-01"), std::optional<std::int64_t>(1767225600));
    EXPECT_EQ(day_before("2026-03-01"), "2026-02-28");
    EXPECT_EQ(day_after("2028-02-28"), "2028-02-29");
    EXPECT_FALSE(day_start("2026-02-30"));
    EXPECT_FALSE(day_start("2026-1-01"));
    EXPECT_FALSE(day_start("yesterday"));
    EXPECT_EQ(day_before("nonsense"), "");
}

TEST(DailyDeal, StableForADayAndDifferentByDayVariantKindAndSecret) {
    const std::string secret = "0123456789abcdef";
    const auto a = deal_for(secret, "spider", "4suit", "2026-11-28");
    EXPECT_EQ(a, deal_for(secret, "spider", "4suit", "2026-11-28"));  // after a restart too
    std::set<std::uint64_t> seen{a};
    seen.insert(deal_for(secret, "spider", "4suit", "2026-11-29"));
    seen.insert(deal_for(secret, "spider", "2suit", "2026-11-28"));
    seen.insert(deal_for(secret, "spider", "1suit", "2026-11-28"));
    seen.insert(deal_for(secret, "encounters", "", "2026-11-28"));
    seen.insert(deal_for("another secret", "spider", "4suit", "2026-11-28"));
    EXPECT_EQ(seen.size(), 6u);
    // A year of days: no deal twice.
    std::set<std::uint64_t> year;
    std::string day = "2026-01-01";
    for (int i = 0; i < 365; ++i, day = day_after(day))
        year.insert(deal_for(secret, "spider", "4suit", day));
    EXPECT_EQ(year.size(), 365u);
}

TEST(DailyDeal, NewSecretsDifferAndTheSealIsTheSha256OfTheNumber) {
    const std::string s1 = new_secret(), s2 = new_secret();
    EXPECT_EQ(s1.size(), 64u);
    EXPECT_NE(s1, s2);
    // sha256("1"), as docs/FAIRNESS.md has a reader check it.
    EXPECT_EQ(seal_of(1), "6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b");
}

TEST(DailyLadder, WonThenFewestMovesThenHintsThenWhoFinishedFirst) {
    auto e = [](std::string nick, bool finished, bool won, long long moves, long long hints,
                std::int64_t ended, std::int64_t id) {
        Entry x;
        x.nick = std::move(nick);
        x.finished = finished;
        x.won = won;
        x.moves = moves;
        x.hints = hints;
        x.ended = ended;
        x.game_id = id;
        return x;
    };
    std::vector<Entry> v = {
        e("lost-few", true, false, 10, 0, 100, 1), e("playing", false, false, -1, 0, 0, 2),
        e("won-many", true, true, 300, 0, 50, 3),  e("won-hints", true, true, 200, 2, 40, 4),
        e("won-late", true, true, 200, 0, 90, 5),  e("won-early", true, true, 200, 0, 80, 6),
        e("lost-many", true, false, 99, 0, 10, 7),
    };
    rank(v);
    std::vector<std::string> order;
    for (const auto& x : v) order.push_back(x.nick);
    EXPECT_EQ(order, (std::vector<std::string>{"won-early", "won-late", "won-hints", "won-many",
                                               "lost-few", "lost-many", "playing"}));
    EXPECT_EQ(entry_text(v[2]), "won-hints (won, 200 moves, 2 hints)");
    EXPECT_EQ(entry_text(v.back()), "playing (playing)");
}

TEST(DailyStreak, DaysInARowEndingTodayOrYesterday) {
    EXPECT_EQ(streak({}, "2026-11-28"), 0);
    EXPECT_EQ(streak({"2026-11-28", "2026-11-27", "2026-11-25"}, "2026-11-28"), 2);
    EXPECT_EQ(streak({"2026-11-27", "2026-11-26"}, "2026-11-28"), 2);  // today not yet won
    EXPECT_EQ(streak({"2026-11-26"}, "2026-11-28"), 0);                // a day missed
    EXPECT_EQ(streak({"2026-03-01", "2026-02-28"}, "2026-03-01"), 2);  // across a month
}

TEST(DailySealed, UntilTheDayEnds) {
    const std::int64_t start = *day_start("2026-11-28");
    const std::map<std::string, std::string> o = {{"daily", "2026-11-28"}};
    EXPECT_TRUE(Daily::sealed(o, start));
    EXPECT_TRUE(Daily::sealed(o, start + 86399));
    EXPECT_FALSE(Daily::sealed(o, start + 86400));
    EXPECT_FALSE(Daily::sealed({}, start));                                  // not a daily deal
    EXPECT_TRUE(Daily::sealed({{"daily", "garbage"}}, start + 10 * 86400));  // never told
}
