// The pages of places and people (site_places.cpp, docs/WEB.md): a channel's page, the
// player search, paging and filters by game, and what a person who said `set web hide` looks
// like on the pages.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bot/web/json.hpp"
#include "bot/web/page.hpp"
#include "storage/web_reader.hpp"

namespace croupier::bot::web {

// How a person who has said `set web hide` is named on the pages.
inline constexpr const char* kHiddenNick = storage::kWebHiddenNick;

inline constexpr int kGamesPage = 30;    // games on a page (first page, player, channel)
inline constexpr int kLadderPage = 100;  // lines of a ladder on a page
inline constexpr int kSearchPage = 50;   // persons found on a page
inline constexpr int kLastPage = 100000;
// A channel's "who won here" counts its last this many ended games: bounded, whatever its age.
inline constexpr int kPlaceLadderGames = 1000;

// %XX decoded (and '+' as a space where `plus_is_space`, as a form's query writes it);
// nullopt for a '%' not followed by two hex digits.
std::optional<std::string> url_decode(std::string_view text, bool plus_is_space);
// Every byte but letters, digits and -._~ as %XX.
std::string url_encode(std::string_view text);
// The query's parameter `name`, decoded: "" when absent, nullopt when it cannot be decoded.
std::optional<std::string> query_param(std::string_view query, std::string_view name);
// ?page=N: 1 when absent; nullopt for anything but a number from 1 to kLastPage (400).
std::optional<int> parse_page(std::string_view query);

// A channel's page: /channel/<network>/<name>, both encoded.
std::string channel_path(const std::string& network, const std::string& channel);
// A game's link as a list of games shows it: "Spider #12" to /game/12 (g: {"id", "title"}).
std::string game_link(const Page& p, const Value& g);
// A game's place as HTML: a channel a link to its page, a private game "in private".
std::string place_html(const Page& p, const std::string& network, const Value& g);
// Links to the pages beside `page` of `path` ("newer" and "older"), keeping `query`
// ("game=spider"); "" when there is only the one page.
std::string pager(const Page& p, const std::string& path, const std::string& query, int page,
                  bool more, std::string_view before, std::string_view after);
// "all · Exordia8 · Spider ...": links to `path` filtered by each game of `kinds` ([{"name",
// "title"}]), the current one (`filter`, "" for all) as text.
std::string kind_filter(const Page& p, const std::string& path, const Value& kinds,
                        const std::string& filter);

// `text` with each of `nicks` standing as a word (not inside a longer nick) replaced by
// kHiddenNick.
std::string hide_nicks(const std::string& text, const std::vector<std::string>& nicks);
// The same in every string of `v`.
Value hide_nicks(const Value& v, const std::vector<std::string>& nicks);

// The pages from their views.
std::string place_page_html(const std::string& base, const Value& v);
std::string search_html(const std::string& base, const Value& v);

}  // namespace croupier::bot::web
