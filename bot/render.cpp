// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/render.hpp"

#include <cctype>

namespace croupier::bot::render {

namespace {
bool is_continuation(unsigned char c) {
    return (c & 0xC0) == 0x80;
}

// Back up from pos to the start of a UTF-8 sequence.
std::size_t utf8_floor(std::string_view s, std::size_t pos) {
    while (pos > 0 && pos < s.size() && is_continuation(static_cast<unsigned char>(s[pos]))) --pos;
    return pos;
}
}  // namespace

namespace {
// Appended in place: a hand is rendered at every move (docs/PERFORMANCE.md).
void append_card(std::string& out, const games::Card& c) {
    if (c.joker) {
        out.append(kBold).append("Joker").append(kBold);
        return;
    }
    const bool red = c.is_red();
    if (red)
        out.append(
            "\x03"
            "04");
    out.append(games::rank_text(c.rank));
    out.append(games::suit_symbol(c.suit));
    if (red) out.push_back('\x03');
}
}  // namespace

std::string card(const games::Card& c) {
    std::string out;
    append_card(out, c);
    return out;
}

std::string cards(const std::vector<games::Card>& cs, bool numbered) {
    std::string out;
    out.reserve(cs.size() * (numbered ? 12 : 9));
    for (std::size_t i = 0; i < cs.size(); ++i) {
        if (i) out += ' ';
        if (numbered) out.append(std::to_string(i + 1)).push_back(':');
        append_card(out, cs[i]);
    }
    return out;
}

std::string bold(std::string_view s) {
    // Appended piece by piece: GCC 12 at -O3 warns falsely (-Wrestrict) on a + b + c here.
    std::string out;
    out.reserve(s.size() + 2);
    out.append(kBold).append(s).append(kBold);
    return out;
}

std::string to_plain(std::string_view t) {
    std::string out;
    out.reserve(t.size());
    for (std::size_t i = 0; i < t.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(t[i]);
        if (c == 0x03) {  // colour: up to two digits, optionally ",NN"
            std::size_t j = i + 1, digits = 0;
            while (j < t.size() && digits < 2 && std::isdigit(static_cast<unsigned char>(t[j])))
                ++j, ++digits;
            if (digits && j + 1 < t.size() && t[j] == ',' &&
                std::isdigit(static_cast<unsigned char>(t[j + 1]))) {
                j += 2;
                if (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j]))) ++j;
            }
            i = j - 1;
            continue;
        }
        if (c == 0x04) {  // hex colour: six hex digits (and ,six)
            std::size_t j = i + 1;
            for (int k = 0;
                 k < 6 && j < t.size() && std::isxdigit(static_cast<unsigned char>(t[j])); ++k)
                ++j;
            i = j - 1;
            continue;
        }
        if (c == 0x02 || c == 0x0f || c == 0x1d || c == 0x1f || c == 0x16 || c == 0x11 || c == 0x1e)
            continue;
        // Suit symbols (U+2660..U+2667, E2 99 A0..A7) as letters.
        if (c == 0xE2 && i + 2 < t.size() && static_cast<unsigned char>(t[i + 1]) == 0x99) {
            const unsigned char d = static_cast<unsigned char>(t[i + 2]);
            if (d >= 0xA0 && d <= 0xA7) {
                static constexpr char letters[] = {'s', 'h', 'd', 'c', 's', 'h', 'd', 'c'};
                out += letters[d - 0xA0];
                i += 2;
                continue;
            }
        }
        out += static_cast<char>(c);
    }
    return out;
}

std::string without_bidi(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto b = [&](std::size_t k) {
            return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0;
        };
        if (b(0) == 0xE2 && b(1) == 0x80 &&
            (b(2) == 0x8E || b(2) == 0x8F || (b(2) >= 0xAA && b(2) <= 0xAE))) {
            i += 2;
            continue;
        }
        if (b(0) == 0xE2 && b(1) == 0x81 && b(2) >= 0xA6 && b(2) <= 0xA9) {
            i += 2;
            continue;
        }
        if (b(0) == 0xD8 && b(1) == 0x9C) {
            i += 1;
            continue;
        }
        out += text[i];
    }
    return out;
}

std::string quote_user(std::string_view text, std::size_t max_bytes) {
    std::string out;
    for (char ch : without_bidi(text)) {
        const unsigned char c = static_cast<unsigned char>(ch);
        out += (c < 0x20 || c == 0x7f) ? ' ' : ch;
    }
    if (out.size() > max_bytes) {
        out.resize(utf8_floor(out, max_bytes));
        out += "\u2026";
    }
    return out;
}

std::vector<std::string> split(std::string_view text, std::size_t max_bytes) {
    std::vector<std::string> parts;
    std::string carry;  // colour code in force at a split
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    while (!text.empty()) {
        std::string piece = carry;
        const std::size_t room = max_bytes > carry.size() + 8 ? max_bytes - carry.size() : 8;
        if (text.size() <= room) {
            piece += text;
            parts.push_back(std::move(piece));
            break;
        }
        std::size_t cut = text.rfind(' ', room);
        if (cut == std::string_view::npos || cut < room / 2) cut = utf8_floor(text, room);
        if (cut == 0) cut = room;
        std::string_view head = text.substr(0, cut);
        piece += head;
        parts.push_back(std::move(piece));
        // Which colour is open at the end of head?
        std::string open = carry;
        for (std::size_t i = 0; i < head.size(); ++i) {
            if (head[i] == '\x0f') open.clear();
            if (head[i] == '\x03') {
                std::size_t j = i + 1;
                while (j < head.size() && j < i + 3 &&
                       std::isdigit(static_cast<unsigned char>(head[j])))
                    ++j;
                open = j > i + 1 ? std::string(head.substr(i, j - i)) : std::string();
            }
        }
        carry = open;
        text.remove_prefix(cut);
        while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    }
    return parts;
}

std::vector<std::string> pack(const std::vector<std::string>& parts, std::size_t width) {
    std::vector<std::string> out;
    for (const auto& p : parts) {
        if (p.empty()) continue;
        if (!out.empty() && out.back().size() + 1 + p.size() <= width)
            out.back() += " " + p;
        else
            out.push_back(p);
    }
    return out;
}

}  // namespace croupier::bot::render
