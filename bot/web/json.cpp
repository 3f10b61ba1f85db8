// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/web/json.hpp"

#include <cmath>

#include <fmt/format.h>

namespace croupier::bot::web {

namespace {

const Value kNull;

// The length of the well-formed UTF-8 sequence at s[i], 0 if there is none.
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80) return 1;
    std::size_t n = 0;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;  // no surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else
        return 0;
    if (i + n > s.size()) return 0;
    if (b(i + 1) < lo || b(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (b(i + k) < 0x80 || b(i + k) > 0xBF) return 0;
    return n;
}

}  // namespace

std::string valid_utf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8_length(text, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
        } else {
            out.append(text.substr(i, n));
            i += n;
        }
    }
    return out;
}

std::string html(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 16);
    for (char c : valid_utf8(text)) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

const Value& Value::operator[](std::string_view key) const {
    for (const auto& [k, v] : members_)
        if (k == key) return v;
    return kNull;
}

Value& Value::push(Value v) {
    type_ = Type::Array;
    items_.push_back(std::move(v));
    return items_.back();
}

Value& Value::set(std::string key, Value v) {
    type_ = Type::Object;
    for (auto& [k, old] : members_)
        if (k == key) return old = std::move(v);
    members_.emplace_back(std::move(key), std::move(v));
    return members_.back().second;
}

namespace {

void quote(std::string& out, std::string_view s) {
    out += '"';
    for (char ch : valid_utf8(s)) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '<':
                out += "\\u003c";
                break;
            case '>':
                out += "\\u003e";
                break;
            case '&':
                out += "\\u0026";
                break;
            default:
                if (c < 0x20 || c == 0x7F)
                    out += fmt::format("\\u{:04x}", c);
                else
                    out += ch;
        }
    }
    out += '"';
}

}  // namespace

void Value::dump_to(std::string& out) const {
    switch (type_) {
        case Type::Null:
            out += "null";
            break;
        case Type::Bool:
            out += int_ ? "true" : "false";
            break;
        case Type::Int:
            out += std::to_string(int_);
            break;
        case Type::Real:
            if (std::isfinite(real_))
                out += fmt::format("{}", real_);
            else
                out += "null";
            break;
        case Type::String:
            quote(out, str_);
            break;
        case Type::Array: {
            out += '[';
            bool first = true;
            for (const auto& v : items_) {
                if (!first) out += ',';
                first = false;
                v.dump_to(out);
            }
            out += ']';
            break;
        }
        case Type::Object: {
            out += '{';
            bool first = true;
            for (const auto& [k, v] : members_) {
                if (!first) out += ',';
                first = false;
                quote(out, k);
                out += ':';
                v.dump_to(out);
            }
            out += '}';
            break;
        }
    }
}

std::string Value::dump() const {
    std::string out;
    dump_to(out);
    return out;
}

}  // namespace croupier::bot::web
