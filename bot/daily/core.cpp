// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/daily/core.hpp"

#include <algorithm>
#include <ctime>
#include <limits>
#include <stdexcept>
#include <tuple>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <fmt/format.h>

namespace croupier::bot::daily {

namespace {

std::string hex(const unsigned char* p, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) out += fmt::format("{:02x}", p[i]);
    return out;
}

}  // namespace

std::string day_of(std::int64_t unix) {
    const std::time_t t = static_cast<std::time_t>(unix);
    std::tm tm{};
    gmtime_r(&t, &tm);
    return fmt::format("{:04}-{:02}-{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

std::optional<std::int64_t> day_start(const std::string& day) {
    if (day.size() != 10 || day[4] != '-' || day[7] != '-') return std::nullopt;
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (day[i] < '0' || day[i] > '9') return std::nullopt;
    std::tm tm{};
    tm.tm_year = std::stoi(day.substr(0, 4)) - 1900;
    tm.tm_mon = std::stoi(day.substr(5, 2)) - 1;
    tm.tm_mday = std::stoi(day.substr(8, 2));
    if (tm.tm_year < 70 || tm.tm_mon < 0 || tm.tm_mon > 11 || tm.tm_mday < 1) return std::nullopt;
    const std::int64_t t = static_cast<std::int64_t>(timegm(&tm));
    if (day_of(t) != day) return std::nullopt;  // 2026-02-30
    return t;
}

std::string day_before(const std::string& day) {
    const auto t = day_start(day);
    return t ? day_of(*t - 86400) : "";
}

std::string day_after(const std::string& day) {
    const auto t = day_start(day);
    return t ? day_of(*t + 86400) : "";
}

std::uint64_t deal_for(const std::string& secret, const std::string& kind,
                       const std::string& variant, const std::string& day) {
    const std::string text = kind + "/" + variant + "/" + day;
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (!HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
              reinterpret_cast<const unsigned char*>(text.data()), text.size(), md, &len) ||
        len < 8)
        throw std::runtime_error("HMAC-SHA256 failed");
    std::uint64_t n = 0;
    for (int i = 0; i < 8; ++i) n = (n << 8) | md[i];
    return n;
}

std::string new_secret() {
    unsigned char bytes[32];
    if (RAND_bytes(bytes, sizeof bytes) != 1)
        throw std::runtime_error("the system's random generator gave no bytes");
    return hex(bytes, sizeof bytes);
}

std::string seal_of(std::uint64_t deal) {
    const std::string text = std::to_string(deal);
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(text.data(), text.size(), md, &len, EVP_sha256(), nullptr);
    return hex(md, len);
}

void rank(std::vector<Entry>& entries) {
    auto key = [](const Entry& e) {
        const long long moves = e.moves < 0 ? std::numeric_limits<long long>::max() : e.moves;
        return std::make_tuple(!e.finished, !e.won, moves, e.hints, e.ended, e.game_id);
    };
    std::stable_sort(entries.begin(), entries.end(),
                     [&](const Entry& a, const Entry& b) { return key(a) < key(b); });
}

std::string entry_text(const Entry& e) {
    if (!e.finished) return e.nick + " (playing)";
    std::string s = e.nick + " (" + (e.won ? "won" : "lost");
    if (e.moves >= 0) s += fmt::format(", {} move{}", e.moves, e.moves == 1 ? "" : "s");
    if (e.hints > 0) s += fmt::format(", {} hint{}", e.hints, e.hints == 1 ? "" : "s");
    return s + ")";
}

int streak(const std::vector<std::string>& won_days, const std::string& today) {
    if (won_days.empty()) return 0;
    std::string expect = won_days.front() == today ? today : day_before(today);
    int n = 0;
    for (const auto& d : won_days) {
        if (d != expect) break;
        ++n;
        expect = day_before(expect);
    }
    return n;
}

}  // namespace croupier::bot::daily
