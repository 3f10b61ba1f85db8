// The web pages (docs/WEB.md): what each address answers, as a page and as JSON beside it
// under /api/. One view function per page builds a Value; the page and the JSON are both
// written from it. Runs on the web server's thread only, with its own read-only connection.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bot/game.hpp"
#include "bot/web/json.hpp"
#include "storage/web_reader.hpp"

namespace croupier::bot::web {

struct Response {
    int status = 200;
    std::string content_type = "text/html; charset=utf-8";
    std::string body;
    // The answer will not change (an ended game's page): the server may keep it a while and
    // answer it again without asking the site.
    bool fixed = false;
};

class Site {
  public:
    // `kinds`: the daemon's kinds, held here so that a rehash cannot free them; only their
    // const functions are called. `public_url`: [web] public_url, whose path prefixes links.
    // `now`: the daemon's clock (unix seconds), for the daily deal's day; by default the
    // system's.
    Site(const std::string& database, std::vector<std::shared_ptr<GameKind>> kinds,
         const std::string& public_url, std::function<std::int64_t()> now = {});

    // The answer to GET of `target` (a request target: path and query).
    Response get(std::string_view target) const;

    // The views: nullopt when there is no such thing (404). `page` is ?page=N (1 for the
    // first), `filter` ?game=KIND (the kind's name, "" for all); a page past the last has
    // empty lists.
    Value index(int page = 1, const std::string& filter = "") const;
    std::optional<Value> top(const std::string& game, int page = 1) const;
    // A person who has said `set web hide` is {"id", "hidden": true}.
    std::optional<Value> player(std::int64_t id, int page = 1,
                                const std::string& filter = "") const;
    // /channel/<network>/<name> (site_places.cpp): a channel's games under way and ended
    // (paged), and its ladders; nullopt where no game was played.
    std::optional<Value> place(const std::string& network, const std::string& channel, int page,
                               const std::string& filter) const;
    // /players?q=TEXT: persons whose nick holds `text` (at least 2 characters, else
    // {"error"}).
    Value players(const std::string& text, int page) const;
    std::optional<Value> game(std::int64_t id) const;
    // /daily/<game>/<YYYY-MM-DD>: the day's ladder, the seal, and once the day is over the
    // deal and the ranked games (bot/daily/).
    std::optional<Value> daily(const std::string& game, const std::string& day) const;
    // /events: tournaments open for sign-up, under way, and the last 30 over (bot/tourney/);
    // /event/<id>: one, its standings, crosstable and rounds with links to the games.
    Value events() const;
    std::optional<Value> event(std::int64_t id) const;

    // Live games (site_live.cpp): a game under way in a channel as the channel sees it (its
    // public view, whose turn, its last moves with what the table was told; never a move's
    // own words, a hand, a private or daily game), or {"ended": true} once over; nullopt for a
    // game that is not watched live. `live_mark` changes when the game has moved or ended;
    // `data_version` when anything was written to the database (PRAGMA data_version).
    std::optional<Value> live(std::int64_t id) const;
    std::string live_mark(std::int64_t id) const;
    std::int64_t data_version() const;
    // Changes when anyone says `set web hide` or `set web show`: the server forgets the
    // pages it keeps (an ended game's names a hidden person no longer).
    std::string hidden_mark() const { return db_.hidden_mark(); }

  private:
    const GameKind* kind(const std::string& name) const;
    // The kind's ladder, made once per kind when the site is made (GameKind::ladder() builds
    // a new one each call); nullptr for none.
    const Ladder* ladder(const GameKind* k) const;
    // "Spider 1 suit": the kind's title and its variant's, or the names where the kind is
    // not known.
    std::string title(const std::string& kind_name, const std::string& variant) const;
    Value game_line(const storage::WebGame& g) const;
    // A game's seats; the nicks at the game of those who have said `set web hide` added to
    // `hidden` when given (their seats show kHiddenNick).
    Value players_of(const storage::GameRecord& g,
                     std::vector<std::string>* hidden = nullptr) const;
    // [{"name", "title"}] of every kind, for the filters.
    Value kinds_value() const;
    // Where a page's games are filtered by a kind: its name ("" for all), nullopt for none.
    std::optional<std::string> filter_kind(const std::string& name) const;
    // The game's page (`v`) with the nicks of hidden persons replaced everywhere in it.
    Value hide_in_game(const Value& v) const;

    storage::WebReader db_;
    std::vector<std::shared_ptr<GameKind>> kinds_;
    std::map<const GameKind*, Ladder> ladders_;
    std::string base_;  // the path part of public_url ("" or "/cards")
    std::function<std::int64_t()> now_;
};

// A channel's name (a game's place that is not a player's nick: a private game).
bool is_channel(std::string_view place);
// A request target's id: digits only, 1 to 18 of them; nullopt otherwise (400).
std::optional<std::int64_t> parse_id(std::string_view text);
// A game's text without mIRC formatting codes.
std::string strip_formatting(std::string_view text);
// What the table was told of one move alone, without formatting: Outcome::told, else the
// table lines of its `out` (bot/game.hpp).
std::vector<std::string> told_lines(const Outcome& o);

}  // namespace croupier::bot::web
