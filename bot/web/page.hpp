// What the pages are built with (bot/web/site*.cpp): the style sheet and `Page`, a page's
// markup with its title, its header links and text escaped as it is added.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <ctime>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "bot/web/json.hpp"

namespace croupier::bot::web {

inline constexpr const char* kStyle =
    "body{font:16px/1.45 system-ui,sans-serif;margin:0 auto;max-width:60em;padding:0 .8em;"
    "color:#222;background:#fdfdfb}header{padding:.6em 0;border-bottom:1px solid #ccc}"
    "header a{margin-right:1em}a{color:#0645ad}h1{font-size:1.4em}h2{font-size:1.15em;"
    "margin-top:1.4em}table{border-collapse:collapse;width:100%;margin:.4em 0}"
    "th,td{text-align:left;padding:.25em .5em;border-bottom:1px solid #e4e4e4;"
    "vertical-align:top}td.n,th.n{text-align:right}.scroll{overflow-x:auto}"
    "pre{white-space:pre-wrap;word-break:break-word;background:#f3f3ef;padding:.6em;"
    "border-radius:4px}code{word-break:break-all}.muted{color:#666}.ok{color:#070}"
    ".bad{color:#a00}button{font-size:1em;padding:.35em .8em;margin:.15em}"
    "ol.moves{columns:14em;padding-left:2.5em}svg{max-width:100%;height:auto}"
    "@media (prefers-color-scheme:dark){body{background:#181818;color:#ddd}a{color:#8ab4f8}"
    "pre{background:#262626}th,td{border-color:#333}}";

// "2026-11-28 20:15 UTC" for unix seconds; "" for none (0).
inline std::string when(std::int64_t unix) {
    if (unix <= 0) return "";
    const auto t = static_cast<std::time_t>(unix);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
    return buf;
}

class Page {
  public:
    Page(std::string base, std::string title, std::string api)
        : base_(std::move(base)), title_(std::move(title)), api_(std::move(api)) {}
    Page& raw(std::string_view s) {
        body_ += s;
        return *this;
    }
    Page& text(std::string_view s) { return raw(html(s)); }
    std::string link(const std::string& path, std::string_view label) const {
        return fmt::format("<a href=\"{}\">{}</a>", html(base_ + path), html(label));
    }
    std::string finish() const {
        return fmt::format(
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>{} - croupier</title><style>{}</style></head><body><header>{}{}{}</header>"
            "<main>{}</main></body></html>\n",
            html(title_), kStyle, link("/", "croupier"), link("/events", "events"),
            link(api_, "JSON"), body_);
    }

  private:
    std::string base_, title_, api_;
    std::string body_;
};

// The daily deal's page from its JSON (site_daily.cpp).
std::string daily_html(const std::string& base, const Value& v);
// The events' pages from their JSON (site_events.cpp).
std::string events_html(const std::string& base, const Value& v);
std::string event_html(const std::string& base, const Value& v);

}  // namespace croupier::bot::web
