// Line-level helpers of the IRC link: splitting the byte stream into lines, the guard that
// keeps libircclient away from lines it would choke on, making user text safe for the wire,
// casemapping, tags, and SASL PLAIN encoding. Pure functions: unit-tested in tests/unit/link.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace croupier::bot::irc {

// An IRC line is at most 512 bytes with its CR LF; IRCv3 tags may add up to 8191 bytes
// in front (the link strips them before it cuts the line to kMaxLine).
constexpr std::size_t kMaxLine = 510;
constexpr std::size_t kMaxTaggedLine = 8191 + kMaxLine;

// Splits a byte stream into lines: CR and/or LF end a line, empty lines are dropped, NUL
// bytes are dropped, and a line longer than `max` bytes is cut to `max` (the rest, up to
// the next line end, is discarded).
class LineSplitter {
  public:
    explicit LineSplitter(std::size_t max = kMaxLine) : max_(max) {}
    // Appends the complete lines found in `bytes` to `out`.
    void feed(std::string_view bytes, std::vector<std::string>& out);
    void reset();

  private:
    std::size_t max_;
    std::string partial_;
    bool overlong_ = false;  // the current line was cut: skip to its end
};

// One parsed IRC message (RFC 1459 + IRCv3 tags).
struct Message {
    std::map<std::string, std::string> tags;  // unescaped values
    std::string prefix;                       // without ':'
    std::string command;                      // upper case as sent
    std::vector<std::string> params;          // trailing included, without ':'
    std::string nick() const;                 // prefix up to '!' or '@'
};

// Parses a line (no CR LF). Returns false when there is no command.
bool parse_message(std::string_view line, Message& out);

// The line without its leading "@tags " part (if any).
std::string_view strip_tags(std::string_view line);

// True when libircclient 1.9 can take the line without misbehaving (see docs/LINK.md):
// it needs a command, numerics with a parameter, a prefix on every event-bearing command,
// two parameters and non-empty text on PRIVMSG/NOTICE, no DCC, no half CTCP.
bool safe_for_libircclient(std::string_view line);

// Replaces CR, LF and NUL with spaces.
std::string sanitise(std::string_view text);

// The longest prefix of `text` of at most `max_bytes` bytes that does not split a UTF-8
// sequence.
std::string_view cut_utf8(std::string_view text, std::size_t max_bytes);

// How many bytes of text fit in "COMMAND target :text" as the server relays it with the
// prefix ":nick!user@host " in front, within 512 bytes including CR LF. Unknown user/host
// (empty) count as 10 and 63 bytes.
std::size_t text_budget(std::string_view nick, std::string_view user, std::string_view host,
                        std::string_view command, std::string_view target);

enum class CaseMapping { Ascii, Rfc1459, StrictRfc1459 };
bool parse_casemapping(std::string_view name, CaseMapping& out);
std::string fold(std::string_view text, CaseMapping mapping);

std::string base64(std::string_view bytes);
// The AUTHENTICATE payloads for SASL PLAIN: base64("user\0user\0pass") in 400-byte chunks,
// followed by "+" when the last chunk is exactly 400 bytes (or the payload is empty).
std::vector<std::string> sasl_plain_payloads(std::string_view user, std::string_view password);

}  // namespace croupier::bot::irc
