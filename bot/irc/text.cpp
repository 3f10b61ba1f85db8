// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/irc/text.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace croupier::bot::irc {

void LineSplitter::feed(std::string_view bytes, std::vector<std::string>& out) {
    for (char c : bytes) {
        if (c == '\r' || c == '\n') {
            if (!partial_.empty() && !overlong_) out.push_back(partial_);
            partial_.clear();
            overlong_ = false;
        } else if (c == '\0') {
            continue;
        } else if (overlong_) {
            continue;
        } else if (partial_.size() == max_) {
            out.push_back(partial_);
            partial_.clear();
            overlong_ = true;
        } else {
            partial_.push_back(c);
        }
    }
}

void LineSplitter::reset() {
    partial_.clear();
    overlong_ = false;
}

std::string Message::nick() const {
    const auto end = prefix.find_first_of("!@");
    return prefix.substr(0, end);
}

namespace {

std::string unescape_tag(std::string_view v) {
    std::string out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v[i] != '\\') {
            out.push_back(v[i]);
            continue;
        }
        if (++i >= v.size()) break;
        switch (v[i]) {
            case ':':
                out.push_back(';');
                break;
            case 's':
                out.push_back(' ');
                break;
            case 'r':
            case 'n':
                break;  // never let CR/LF through
            default:
                out.push_back(v[i]);
        }
    }
    return out;
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

std::string_view strip_tags(std::string_view line) {
    if (line.empty() || line[0] != '@') return line;
    const auto sp = line.find(' ');
    if (sp == std::string_view::npos) return {};
    line.remove_prefix(sp);
    while (!line.empty() && line[0] == ' ') line.remove_prefix(1);
    return line;
}

bool parse_message(std::string_view line, Message& out) {
    out = Message{};
    auto skip_spaces = [&] {
        while (!line.empty() && line[0] == ' ') line.remove_prefix(1);
    };
    auto word = [&]() {
        const auto sp = line.find(' ');
        std::string_view w = line.substr(0, sp);
        line.remove_prefix(sp == std::string_view::npos ? line.size() : sp);
        return w;
    };
    if (!line.empty() && line[0] == '@') {
        std::string_view tags = word().substr(1);
        while (!tags.empty()) {
            const auto semi = tags.find(';');
            std::string_view item = tags.substr(0, semi);
            tags.remove_prefix(semi == std::string_view::npos ? tags.size() : semi + 1);
            if (item.empty()) continue;
            const auto eq = item.find('=');
            if (eq == std::string_view::npos)
                out.tags[std::string(item)] = "";
            else
                out.tags[std::string(item.substr(0, eq))] = unescape_tag(item.substr(eq + 1));
        }
        skip_spaces();
    }
    if (!line.empty() && line[0] == ':') {
        out.prefix = std::string(word().substr(1));
        skip_spaces();
    }
    out.command = std::string(word());
    if (out.command.empty()) return false;
    while (true) {
        skip_spaces();
        if (line.empty()) break;
        if (line[0] == ':') {
            out.params.emplace_back(line.substr(1));
            break;
        }
        out.params.emplace_back(word());
    }
    return true;
}

bool safe_for_libircclient(std::string_view line) {
    if (line.empty() || line.size() > kMaxLine) return false;
    if (line.find_first_of(std::string_view("\r\n\0", 3)) != std::string_view::npos) return false;
    if (line[0] == '@') return false;  // tags must be stripped first
    bool has_prefix = false;
    std::string_view rest = line;
    if (rest[0] == ':') {
        const auto sp = rest.find(' ');
        if (sp == std::string_view::npos || sp == 1) return false;
        has_prefix = true;
        rest.remove_prefix(sp + 1);
    }
    // libircclient splits on single spaces: a run of spaces makes empty words. Refuse them
    // before the command (it would read an empty command).
    if (rest.empty() || rest[0] == ' ') return false;
    Message m;
    if (!parse_message(line, m)) return false;
    const std::string cmd = upper(m.command);
    const bool numeric = cmd.size() >= 3 && std::isdigit(static_cast<unsigned char>(cmd[0])) &&
                         std::isdigit(static_cast<unsigned char>(cmd[1])) &&
                         std::isdigit(static_cast<unsigned char>(cmd[2]));
    if (numeric) {
        // libircclient skips 4 bytes after the code: it must be followed by a space and
        // at least one parameter.
        if (cmd.size() != 3 || m.params.empty()) return false;
        return true;
    }
    if (cmd == "PING" || cmd == "PONG" || cmd == "ERROR") return true;
    std::size_t need = 0;
    if (cmd == "NICK" || cmd == "JOIN" || cmd == "PART" || cmd == "MODE" || cmd == "TOPIC" ||
        cmd == "INVITE" || cmd == "QUIT")
        need = cmd == "QUIT" ? 0 : 1;
    else if (cmd == "KICK" || cmd == "PRIVMSG" || cmd == "NOTICE")
        need = 2;
    else
        return has_prefix;          // unknown commands only reach event_unknown
    if (!has_prefix) return false;  // every event callback reads the origin
    if (m.params.size() < need) return false;
    for (std::size_t i = 0; i < need; ++i)
        if (m.params[i].empty()) return false;
    if (cmd == "PRIVMSG" || cmd == "NOTICE") {
        const std::string& text = m.params[1];
        if (text[0] == '\x01') {
            if (text.size() < 2) return false;
            std::string head = upper(std::string_view(text).substr(1, 4));
            if (head.rfind("DCC", 0) == 0) return false;
        }
    }
    return true;
}

std::string sanitise(std::string_view text) {
    std::string out(text);
    // Most lines have none of them: each looked for with memchr (a vector search), not
    // three compares a character.
    char* const end = out.data() + out.size();
    for (const char bad : {'\r', '\n', '\0'})
        for (char* p = out.data(); p < end;) {
            p = static_cast<char*>(std::memchr(p, bad, static_cast<std::size_t>(end - p)));
            if (!p) break;
            *p++ = ' ';
        }
    return out;
}

std::string_view cut_utf8(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return text;
    std::size_t n = max_bytes;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
    return text.substr(0, n);
}

std::size_t text_budget(std::string_view nick, std::string_view user, std::string_view host,
                        std::string_view command, std::string_view target) {
    const std::size_t user_len = user.empty() ? 10 : user.size();
    const std::size_t host_len = host.empty() ? 63 : host.size();
    const std::size_t prefix = 1 + nick.size() + 1 + user_len + 1 + host_len + 1;
    const std::size_t body = command.size() + 1 + target.size() + 2;
    const std::size_t used = 2 + prefix + body;
    return used >= 512 ? 0 : 512 - used;
}

bool parse_casemapping(std::string_view name, CaseMapping& out) {
    if (name == "ascii")
        out = CaseMapping::Ascii;
    else if (name == "rfc1459")
        out = CaseMapping::Rfc1459;
    else if (name == "strict-rfc1459")
        out = CaseMapping::StrictRfc1459;
    else
        return false;
    return true;
}

std::string fold(std::string_view text, CaseMapping mapping) {
    std::string out(text);
    for (char& c : out) {
        if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        } else if (mapping != CaseMapping::Ascii) {
            if (c == '[')
                c = '{';
            else if (c == ']')
                c = '}';
            else if (c == '\\')
                c = '|';
            else if (c == '~' && mapping == CaseMapping::Rfc1459)
                c = '^';
        }
    }
    return out;
}

std::string base64(std::string_view bytes) {
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) |
                           (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                           static_cast<unsigned char>(bytes[i + 2]);
        out.push_back(kAlphabet[(v >> 18) & 63]);
        out.push_back(kAlphabet[(v >> 12) & 63]);
        out.push_back(kAlphabet[(v >> 6) & 63]);
        out.push_back(kAlphabet[v & 63]);
    }
    const std::size_t left = bytes.size() - i;
    if (left > 0) {
        unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
        if (left == 2) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        out.push_back(kAlphabet[(v >> 18) & 63]);
        out.push_back(kAlphabet[(v >> 12) & 63]);
        out.push_back(left == 2 ? kAlphabet[(v >> 6) & 63] : '=');
        out.push_back('=');
    }
    return out;
}

std::vector<std::string> sasl_plain_payloads(std::string_view user, std::string_view password) {
    std::string raw;
    raw.append(user);
    raw.push_back('\0');
    raw.append(user);
    raw.push_back('\0');
    raw.append(password);
    const std::string encoded = base64(raw);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < encoded.size(); i += 400) out.push_back(encoded.substr(i, 400));
    if (out.empty() || out.back().size() == 400) out.emplace_back("+");
    return out;
}

}  // namespace croupier::bot::irc
