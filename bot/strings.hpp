// Small text helpers the daemon's command handling shares.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace croupier::bot {

// Glob with * and ?, on already folded text (admin masks, guest hosts).
inline bool glob(std::string_view pat, std::string_view text) {
    std::size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
    while (t < text.size()) {
        if (p < pat.size() && (pat[p] == '?' || pat[p] == text[t])) {
            ++p, ++t;
        } else if (p < pat.size() && pat[p] == '*') {
            star = p++;
            mark = t;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            t = ++mark;
        } else {
            return false;
        }
    }
    while (p < pat.size() && pat[p] == '*') ++p;
    return p == pat.size();
}

// A..Z to a..z, nothing else: what std::tolower does in the "C" locale the daemon runs in,
// without a call and a look in the locale's table for each character.
inline char ascii_lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

inline std::string lower(std::string s) {
    for (char& c : s) c = ascii_lower(c);
    return s;
}

inline std::string trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return std::string(s);
}

// "play 8h s" -> {"play", "8h s"}: a command word and the rest.
inline std::pair<std::string, std::string> split_command(const std::string& line) {
    const auto space = line.find(' ');
    if (space == std::string::npos) return {line, ""};
    return {line.substr(0, space), trim(line.substr(space + 1))};
}

// "an" before Exordia8, "a" before VCG.
inline std::string article(std::string_view word) {
    const char c =
        word.empty() ? 'x' : static_cast<char>(std::tolower(static_cast<unsigned char>(word[0])));
    return std::string_view("aeiou").find(c) != std::string_view::npos ? "an" : "a";
}

inline std::string capitalised(std::string s) {
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
}

// "a, b ,c" -> {"a", "b", "c"}, each trimmed; "" -> {}.
inline std::vector<std::string> split_list(std::string_view text, char sep) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (c == sep) {
            out.push_back(trim(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!trim(cur).empty() || !out.empty()) out.push_back(trim(cur));
    return out;
}

// "1 card", "3 cards".
inline std::string plural(long long n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

}  // namespace croupier::bot
