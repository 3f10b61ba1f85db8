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
    "header form{display:inline-block;margin:0}header input{width:7em;font-size:1em}"
    "h1,h2,h3,p,td,th,li{overflow-wrap:anywhere}"
    // Phones first: on a narrow screen a table of columns (marked "rows" by labelled()) shows
    // each row as a block, each cell a line led by its column's heading.
    "@media (max-width:40em){body{padding:0 .5em}table.rows,table.rows tbody,table.rows tr,"
    "table.rows td{display:block;width:auto}table.rows tr.head{display:none}"
    "table.rows tr{border-bottom:1px solid #ccc;padding:.3em 0}table.rows td{border:0;"
    "padding:.05em .3em;text-align:left}table.rows td:empty{display:none}"
    "table.rows td[data-l]::before{content:attr(data-l) "
    "\": \";color:#595959}ol.moves{columns:auto;padding-left:2em}header a{margin-right:.6em}}"
    "@media (prefers-color-scheme:dark){body{background:#181818;color:#ddd}a{color:#8ab4f8}"
    "pre{background:#262626}th,td{border-color:#333}table.rows td[data-l]::before"
    "{color:#aaa}.muted{color:#aaa}.ok{color:#6c6}.bad{color:#f77}}";

// The site's icon, a card with a spade: served at /favicon.ico (as SVG) and named by every page
// as a data: address, so that a browser asks for nothing more.
inline constexpr const char* kFavicon =
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect x='2.5' y='.5' "
    "width='11' height='15' rx='2' fill='#fff' stroke='#333'/><path d='M8 3C6 6 4 7 4 9a2 2 0 0 "
    "0 3.5 1.3L6.5 13h3l-1-2.7A2 2 0 0 0 12 9c0-2-2-3-4-6z' fill='#222'/></svg>";

// `body` with each table whose first row is headings marked class="rows", that row
// class="head", and each cell after it data-l="its column's heading" (site_layout.cpp).
std::string labelled(std::string_view body);

// A time on a page, as markup: `<time datetime="2026-11-28T20:15:00Z" title="2026-11-28 20:15
// UTC">2026-11-28 20:15 UTC</time>` for unix seconds; empty for none (0). The page's script
// (kTimeScript) writes its text in the reader's time zone, and "2 h ago" for a recent one;
// without it the text stays UTC, as the title (shown on hover) always is. Added to a page by
// Page::text(when(t)) (as it is: it is markup), or as when(t).markup.
struct When {
    std::string markup;
};
inline std::string when_text(std::int64_t unix) {  // "2026-11-28 20:15 UTC"; "" for none
    if (unix <= 0) return "";
    const auto t = static_cast<std::time_t>(unix);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
    return buf;
}
inline When when(std::int64_t unix) {
    if (unix <= 0) return {};
    const auto t = static_cast<std::time_t>(unix);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char iso[32];
    std::strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%SZ", &tm);
    const std::string utc = when_text(unix);
    return {fmt::format("<time datetime=\"{}\" title=\"{}\">{}</time>", iso, utc, utc)};
}

// The times of a page in the reader's zone (see When): "2026-11-28 21:15" and, for a time of
// the last two days, "(2 h ago)"; the title keeps UTC.
inline constexpr const char* kTimeScript =
    "(function(){var p=function(n){return(n<10?'0':'')+n;},now=Date.now();"
    "document.querySelectorAll('time[datetime]').forEach(function(e){"
    "var d=new Date(e.getAttribute('datetime'));if(isNaN(d))return;"
    "var s=Math.round((now-d)/1000),ago=s<0||s>=172800?'':s<60?'just now':s<3600?"
    "Math.floor(s/60)+' min ago':Math.floor(s/3600)+' h ago';"
    "e.textContent=d.getFullYear()+'-'+p(d.getMonth()+1)+'-'+p(d.getDate())+' '+"
    "p(d.getHours())+':'+p(d.getMinutes())+(ago?' ('+ago+')':'');});})();";

class Page {
  public:
    Page(std::string base, std::string title, std::string api)
        : base_(std::move(base)), title_(std::move(title)), api_(std::move(api)) {}
    Page& raw(std::string_view s) {
        body_ += s;
        return *this;
    }
    Page& text(std::string_view s) { return raw(html(s)); }
    Page& text(const When& w) { return raw(w.markup); }
    std::string link(const std::string& path, std::string_view label) const {
        return fmt::format("<a href=\"{}\">{}</a>", html(base_ + path), html(label));
    }
    std::string finish() const {
        return fmt::format(
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>{} - croupier</title><link rel=\"icon\" href=\"data:image/svg+xml,{}\">"
            "<style>{}</style></head><body><header>{}{}{}<form action=\"{}\" method=\"get\" "
            "role=\"search\"><input name=\"q\" aria-label=\"find a player by nick\" "
            "placeholder=\"player\"> <button>Find</button></form></header>"
            "<main>{}</main>{}</body></html>\n",
            html(title_), icon_uri(), kStyle, link("/", "croupier"), link("/events", "events"),
            link(api_, "JSON"), html(base_ + "/players"), labelled(body_),
            body_.find("<time ") == std::string::npos
                ? std::string()
                : std::string("<script>") + kTimeScript + "</script>");
    }

  private:
    static std::string icon_uri() {
        std::string out;
        for (const char* c = kFavicon; *c; ++c) {
            if (*c == '#')
                out += "%23";
            else if (*c == '\'')
                out += "&#39;";
            else
                out += *c;
        }
        return out;
    }
    std::string base_, title_, api_;
    std::string body_;
};

// The daily deal's page from its JSON (site_daily.cpp).
std::string daily_html(const std::string& base, const Value& v);
// A live game's part of its page, from its "live" value, and the script that keeps it up to
// date from the server's stream (site_live.cpp).
std::string live_html(const std::string& base, const Value& live);
extern const char* const kLiveScript;
// The first page's script that keeps its games under way up to date (site_live.cpp).
extern const char* const kGamesLiveScript;
// The events' pages from their JSON (site_events.cpp).
std::string events_html(const std::string& base, const Value& v);
std::string event_html(const std::string& base, const Value& v);

}  // namespace croupier::bot::web
