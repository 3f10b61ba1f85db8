// The daily deal's rules that are pure (issue 44, docs/PLAYING.md "Events"): the UTC day of a
// time, the day's deal number from the database's secret, its seal, the order of a day's
// ladder and a person's streak of days won. No clock, no database, no IRC: tested alone
// (tests/unit/daily/).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace croupier::bot::daily {

// "2026-11-28": the UTC day of a Unix time.
std::string day_of(std::int64_t unix);
// The Unix time the UTC day begins; nullopt when `day` is not a date written YYYY-MM-DD.
std::optional<std::int64_t> day_start(const std::string& day);
// The day before / after ("" when `day` is not a date).
std::string day_before(const std::string& day);
std::string day_after(const std::string& day);

// The deal number of a kind's variant on a day: HMAC-SHA256 of "kind/variant/day" under the
// secret, its first 8 bytes. Unpredictable without the secret, the same every time with it.
std::uint64_t deal_for(const std::string& secret, const std::string& kind,
                       const std::string& variant, const std::string& day);
// A new secret: 32 bytes from the operating system's generator, in hex.
std::string new_secret();
// The seal of a deal number: SHA-256 of its decimal text, in hex (shared/rules/DEALS.md).
std::string seal_of(std::uint64_t deal);

// One person's ranked game on a day's ladder.
struct Entry {
    std::string nick;
    bool finished = false;  // false: still being played
    bool won = false;
    long long moves = -1;  // an undo counts as a move; -1: not counted
    long long hints = 0;
    std::int64_t ended = 0;  // unix seconds
    std::int64_t game_id = 0;
};
// Won first, then fewest moves, then fewest hints, then who finished first; games still
// played last (by game number).
void rank(std::vector<Entry>& entries);
// "ann (won, 120 moves)", "bob (lost, 30 moves, 2 hints)", "cy (playing)".
std::string entry_text(const Entry& e);

// The person's streak: how many days in a row, ending today or yesterday, they won their
// ranked daily game; `won_days` newest first (as storage gives them).
int streak(const std::vector<std::string>& won_days, const std::string& today);

}  // namespace croupier::bot::daily
