// Text for IRC: cards with symbols and colours, the plain form of any line, and safe
// splitting under the line limit. Every player-visible string passes through here.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "games/core/card.hpp"

namespace croupier::bot::render {

// mIRC formatting.
inline constexpr std::string_view kBold = "\x02";
inline constexpr std::string_view kReset = "\x0f";

// A card in the rich form: rank and suit symbol, red suits in red ("\x03" "0410♥\x03"),
// the Joker in bold. to_plain() turns it back into the canonical text ("10h", "Joker").
std::string card(const games::Card& c);
// Cards separated by spaces; with positions ("1:9h 2:10h") when numbered.
std::string cards(const std::vector<games::Card>& cs, bool numbered = false);
// A name in bold.
std::string bold(std::string_view s);

// Strips mIRC formatting (bold, colour with its digits, italics, underline, reverse,
// monospace, strike, reset) and writes suit symbols as letters: the text for a channel with
// +c or a player who asked for plain text.
std::string to_plain(std::string_view text);

// Makes user-supplied text safe to echo: CR, LF, NUL and other C0 controls become spaces
// (formatting codes too), and it is cut to max_bytes on a UTF-8 boundary with "…".
std::string quote_user(std::string_view text, std::size_t max_bytes = 60);
// `text` without the invisible text-direction controls (U+200E, U+200F, U+061C, U+202A to
// U+202E, U+2066 to U+2069): typed into a command, they would turn the bot's echo of it, and
// the rest of its line, around for every reader.
std::string without_bidi(std::string_view text);

// The bytes a line of a game may take, under split()'s 400 (what the tables pack to).
inline constexpr std::size_t kWidth = 390;

// Appends `more` to `line` when the line stays within kWidth with it (`prefix`: bytes the
// line gets in front when sent, a "nick: " in a channel); otherwise leaves it as it is, so
// something said only where it fits never costs a line more.
inline bool append_if_fits(std::string& line, std::string_view more, std::size_t prefix = 0) {
    if (prefix + line.size() + more.size() > kWidth) return false;
    line += more;
    return true;
}

// Splits text into pieces of at most max_bytes, on spaces where possible, never inside a
// UTF-8 sequence; a colour in force at a split is carried over to the next piece.
std::vector<std::string> split(std::string_view text, std::size_t max_bytes = 400);
// Sentences joined into lines of at most `width` bytes, whole sentences a line (a sentence
// longer than that is a line of its own); empty ones are skipped.
std::vector<std::string> pack(const std::vector<std::string>& parts, std::size_t width);

}  // namespace croupier::bot::render
