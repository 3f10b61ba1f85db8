// The web pages' reads (bot/web/, docs/WEB.md): a read-only connection of their own, on the
// web server's thread, that never writes and never waits long for a lock.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "storage/storage.hpp"

namespace SQLite {
class Database;
class Statement;
}  // namespace SQLite

namespace croupier::storage {

// How a person who has said `set web hide` is named on the pages (docs/WEB.md).
inline constexpr const char* kWebHiddenNick = "someone hidden";

struct WebSeat {  // one seat's result of an ended game
    int seat = 0;
    std::string nick;         // the person's nick now, else the one they had at the game
    std::int64_t person = 0;  // public number (person_ids), 0 for none (a computer seat)
    long long points = 0;
    bool won = false;
    bool computer = false;
    std::string detail;
    std::optional<double> rating;  // after the game, when ratings moved
    bool hidden = false;           // the person has said `set web hide`
};

struct WebGame {
    GameRecord game;
    std::int64_t moves = 0;
};

// A rating is provisional until its person has played this many games of the ladder.
inline constexpr int kProvisionalGames = 5;

struct WebLadderLine {
    std::string network;
    std::string nick;
    std::int64_t person = 0;
    long long games = 0, wins = 0, points = 0, xp = 0;
    double rating = 1500;
    long long rank = 0;  // on the network's ladder, 1 for the first
};

struct WebRatingPoint {
    std::int64_t game_id = 0;
    std::int64_t at = 0;  // the game's end, unix seconds
    double rating = 1500;
};

struct WebPersonGame {
    GameRecord game;
    int seat = 0;
    bool won = false;
    long long points = 0;
};

struct WebPerson {
    std::int64_t id = 0;
    bool hidden = false;  // has said `set web hide`: nothing else is read
    std::string network;
    std::string nick;
    std::vector<StatLine> stats;
    std::vector<std::pair<std::string, long long>> xp;  // kind, experience
    std::vector<WebPersonGame> recent;                  // newest first
    // Per kind and variant ("kind" or "kind/variant"), the ratings after each rated game.
    std::vector<std::pair<std::pair<std::string, std::string>, std::vector<WebRatingPoint>>>
        history;
};

// A person found by a player search.
struct WebFound {
    std::int64_t id = 0;
    std::string network, nick;
};

// A person's games in one place (a channel), of one kind and variant.
struct WebPlaceLine {
    std::string kind, variant, nick;
    std::int64_t person = 0;
    long long games = 0, wins = 0, points = 0;
};

class WebReader {
  public:
    // Opens `path` read-only (SQLITE_OPEN_READONLY); throws std::runtime_error naming the
    // file if it cannot.
    explicit WebReader(const std::string& path);
    ~WebReader();
    WebReader(const WebReader&) = delete;
    WebReader& operator=(const WebReader&) = delete;

    // Games are listed unless played in private by a person who has said `set web hide`
    // (docs/WEB.md); `kind` "" is any kind.
    std::vector<WebGame> open_games(int limit) const;  // by kind, place, id
    // Ended games, the newest first: `limit` of them after the first `offset`.
    std::vector<WebGame> recent_ended(int limit, int offset = 0,
                                      const std::string& kind = "") const;
    // A channel's games (its name compared without case, as IRC does): under way (`open`, by
    // id) or ended (the newest first).
    std::vector<WebGame> place_games(const std::string& network, const std::string& place,
                                     bool open, int limit, int offset,
                                     const std::string& kind) const;
    // The channel's name as its last game stored it, nullopt if no game was played there.
    std::optional<std::string> place_name(const std::string& network,
                                          const std::string& place) const;
    // Each person's games, wins and points in a channel's `last` ended games per kind and
    // variant, the most wins first (hidden persons left out).
    std::vector<WebPlaceLine> place_ladder(const std::string& network, const std::string& place,
                                           int last) const;
    // Persons whose nick now or at their last finished game holds `text` (ASCII letters
    // compared without case), by nick; hidden persons left out.
    std::vector<WebFound> search(const std::string& text, int limit, int offset) const;
    // Whether a person has said `set web hide`.
    bool hidden(const std::string& network, const std::string& key) const;
    // Changes when anyone says `set web hide` or `set web show` (the server's kept pages).
    std::string hidden_mark() const;
    std::optional<WebGame> game(std::int64_t id) const;
    std::vector<JournalEntry> journal(std::int64_t id) const;
    std::vector<WebSeat> seats(std::int64_t id) const;  // of an ended game
    // The public number of a person (network, key), 0 if they have none.
    std::int64_t person_id(const std::string& network, const std::string& key) const;
    // The whole ladder of a kind and variant, network by network: by rating, wins, points,
    // fewer games; or by experience first (`by_xp`). `provisional_last`: a rated kind's
    // players of fewer than kProvisionalGames games after all the others (docs/WEB.md).
    // `limit` lines (-1: all) after the first `offset`. Hidden persons are left out.
    std::vector<WebLadderLine> ladder(const std::string& kind, const std::string& variant,
                                      bool by_xp, bool provisional_last = false, int limit = -1,
                                      int offset = 0) const;
    // A person and `recent` of their games after the first `offset` (of `kind`, "" any).
    // nullopt for none; only `hidden` for one who has said `set web hide`.
    std::optional<WebPerson> person(std::int64_t id, int recent, int offset = 0,
                                    const std::string& kind = "") const;
    // The ranked games of a kind's daily deal on a day, network by network (bot/daily/);
    // hidden persons left out. Events name a hidden person kWebHiddenNick, with no number.
    std::vector<std::pair<std::string, std::vector<DailyRow>>> daily(const std::string& kind,
                                                                     const std::string& day) const;
    // Events (bot/tourney/): those in `states` ("" for any), newest first; one whole.
    std::vector<EventRow> events(const std::vector<std::string>& states, int limit) const;
    std::optional<EventFull> event(std::int64_t id) const;
    // Changes when another connection has committed anything (PRAGMA data_version): the
    // live pages' cheap "has anything moved?" (bot/web/live.cpp).
    std::int64_t data_version() const;
    // A value the daemon keeps (kv), nullopt when there is none.
    std::optional<std::string> value(const std::string& name) const;

  private:
    // A statement compiled once and kept (the first page compiles hundreds otherwise), reset
    // when the caller is done with it so that no read stays open between requests.
    class Query;
    Query prepare(const std::string& sql) const;

    std::unique_ptr<SQLite::Database> db_;
    mutable std::map<std::string, std::unique_ptr<SQLite::Statement>> statements_;
};

}  // namespace croupier::storage
