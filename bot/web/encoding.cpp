// SPDX-License-Identifier: GPL-3.0-or-later
// Entity tags and gzip for the web server: bot/web/encoding.hpp.
#include "bot/web/encoding.hpp"

#include <zlib.h>

#include <cctype>
#include <cstdint>
#include <cstdlib>

#include <fmt/format.h>

namespace croupier::bot::web {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

// Each comma-separated item of a header value, trimmed.
template <class F>
void each_item(std::string_view list, F&& f) {
    while (!list.empty()) {
        const auto comma = list.find(',');
        const auto item = trim(list.substr(0, comma));
        if (!item.empty()) f(item);
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
}

}  // namespace

std::string etag_of(std::string_view body, std::string_view suffix) {
    // FNV-1a, 64 bits, and the length: enough to tell two versions of one page apart.
    std::uint64_t h = 14695981039346656037ull;
    for (const unsigned char c : body) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return fmt::format("\"{:016x}-{:x}{}{}\"", h, body.size(), suffix.empty() ? "" : "-", suffix);
}

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
    bool found = false;
    each_item(if_none_match, [&](std::string_view item) {
        if (item.starts_with("W/")) item.remove_prefix(2);  // weak comparison (RFC 9110 13.1.2)
        if (item == "*" || item == etag) found = true;
    });
    return found;
}

bool accepts_gzip(std::string_view accept_encoding) {
    bool yes = false;
    each_item(accept_encoding, [&](std::string_view item) {
        const auto semi = item.find(';');
        const auto coding = trim(item.substr(0, semi));
        if (!iequals(coding, "gzip") && coding != "*") return;
        double q = 1;
        if (semi != std::string_view::npos) {
            auto params = trim(item.substr(semi + 1));
            if (params.size() > 2 && (params[0] == 'q' || params[0] == 'Q') && params[1] == '=')
                q = std::strtod(std::string(params.substr(2)).c_str(), nullptr);
        }
        if (q > 0) yes = true;
    });
    return yes;
}

std::string gzip(std::string_view body) {
    z_stream z{};
    // 15 + 16: a gzip header and trailer around the deflate stream.
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return {};
    std::string out(deflateBound(&z, static_cast<uLong>(body.size())), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
    z.avail_in = static_cast<uInt>(body.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int rc = deflate(&z, Z_FINISH);
    const auto written = z.total_out;
    deflateEnd(&z);
    if (rc != Z_STREAM_END) return {};
    out.resize(written);
    return out;
}

}  // namespace croupier::bot::web
