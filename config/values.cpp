// SPDX-License-Identifier: GPL-3.0-or-later
// One value of croupier.ini read as what its key takes: yes/no, a whole or a real number in
// a range, a duration (parse_duration; parse_dur in a range), or BadValue with the reason.
#include "config/config.hpp"

#include <cctype>
#include <charconv>
#include <string>

#include <fmt/format.h>

#include "config/parse_detail.hpp"

namespace croupier::config {

using detail::trim;

namespace detail {

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return {};
    auto e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

// ---- values ----------------------------------------------------------------------------

bool parse_bool(const std::string& v) {
    auto l = lower(v);
    if (l == "true" || l == "yes" || l == "on" || l == "1") return true;
    if (l == "false" || l == "no" || l == "off" || l == "0") return false;
    throw BadValue{
        fmt::format("\"{}\" is not a yes/no value (use true/false, yes/no, on/off, 1/0)", v)};
}

long long parse_int(const std::string& v, long long lo, long long hi) {
    long long out = 0;
    const char* b = v.data();
    const char* e = v.data() + v.size();
    auto [p, ec] = std::from_chars(b, e, out);
    if (v.empty() || ec != std::errc{} || p != e)
        throw BadValue{fmt::format("\"{}\" is not a whole number (expected {} to {})", v, lo, hi)};
    if (out < lo || out > hi)
        throw BadValue{fmt::format("{} is out of range (expected {} to {})", out, lo, hi)};
    return out;
}

double parse_real(const std::string& v, double lo, double hi) {
    double out = 0;
    const char* b = v.data();
    const char* e = v.data() + v.size();
    auto [p, ec] = std::from_chars(b, e, out);
    if (v.empty() || ec != std::errc{} || p != e || !(out == out))
        throw BadValue{fmt::format("\"{}\" is not a number (expected {} to {})", v, lo, hi)};
    if (out < lo || out > hi)
        throw BadValue{fmt::format("{} is out of range (expected {} to {})", v, lo, hi)};
    return out;
}

std::string format_duration(Seconds s) {
    auto n = s.count();
    if (n != 0 && n % 86400 == 0) return fmt::format("{}d", n / 86400);
    if (n != 0 && n % 3600 == 0) return fmt::format("{}h", n / 3600);
    if (n != 0 && n % 60 == 0) return fmt::format("{}m", n / 60);
    return fmt::format("{}s", n);
}

Seconds parse_dur(const std::string& v, Seconds lo, Seconds hi) {
    auto d = parse_duration(v);
    if (!d)
        throw BadValue{fmt::format(
            "\"{}\" is not a duration (examples: 90s, 5m, 2h, 30d, or a number of seconds)", v)};
    if (*d < lo || *d > hi)
        throw BadValue{fmt::format("{} is out of range (expected {} to {})", v, format_duration(lo),
                                   format_duration(hi))};
    return *d;
}

}  // namespace detail

std::optional<Seconds> parse_duration(const std::string& text_in) {
    auto text = trim(text_in);
    if (text.empty()) return std::nullopt;
    long long total = 0;
    std::size_t i = 0;
    bool any_unit = false;
    constexpr long long kMax = 100LL * 365 * 86400;  // a century is plenty
    while (i < text.size()) {
        std::size_t start = i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
        if (i == start || i - start > 12) return std::nullopt;
        long long n = std::stoll(text.substr(start, i - start));
        long long unit = 1;
        if (i < text.size()) {
            switch (std::tolower(static_cast<unsigned char>(text[i]))) {
                case 's':
                    unit = 1;
                    break;
                case 'm':
                    unit = 60;
                    break;
                case 'h':
                    unit = 3600;
                    break;
                case 'd':
                    unit = 86400;
                    break;
                case 'w':
                    unit = 7 * 86400;
                    break;
                default:
                    return std::nullopt;
            }
            ++i;
            any_unit = true;
        } else if (any_unit) {
            return std::nullopt;  // "1h30" is ambiguous
        }
        if (n > kMax / unit) return std::nullopt;
        total += n * unit;
        if (total > kMax) return std::nullopt;
    }
    return Seconds{total};
}

}  // namespace croupier::config
