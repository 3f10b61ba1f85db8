// The database: SQLite in WAL mode through SQLiteCpp. Every write here is committed before
// it returns, so a caller that sends a line after a call knows the line's cause is durable.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace SQLite {
class Database;
class Statement;
}  // namespace SQLite

namespace croupier::storage {

struct GameRecord {
    std::int64_t id = 0;
    std::string kind;     // "exordia8", "spider", ...
    std::string variant;  // "" or "4suit" ...
    std::string network;
    std::string place;  // channel, or the player's nick for solitaire
    std::uint64_t deal = 0;
    std::string setup;         // the game's own text: seats, options (enough to recreate it)
    std::int64_t started = 0;  // unix seconds
    std::int64_t ended = 0;    // 0 while open
    std::string status;        // "open", "finished", "abandoned", "stopped"
    std::string result;        // free text summary when ended
};

struct JournalEntry {
    std::int64_t seq = 0;  // 1, 2, 3 ... per game
    int seat = 0;
    std::string action;   // canonical text, the same words a player types
    std::int64_t at = 0;  // unix seconds
};

struct PlayerResult {
    std::string nick;  // as shown; the key is the folded form
    std::string key;   // casemapped nick: the player's identity on its network
    int seat = 0;
    long long points = 0;
    bool won = false;
    bool computer = false;
    std::string detail;  // game-specific "score=96 moves=140 undos=3 seconds=812"
    long long xp = 0;    // experience gained in this kind (added to the person's total)
    // A guest ([identity], bot/people.hpp): a results row only, like a computer seat, but
    // not called one; no stats, rating or experience.
    bool unrated = false;
};

struct StatLine {  // one game kind (and variant) for one player
    std::string kind, variant;
    long long games = 0, wins = 0, points = 0;
    double rating = 1500;
};

struct TopLine {
    std::string nick;
    long long games = 0, wins = 0, points = 0;
    double rating = 1500;
};

// One person's ranked game on a day's deal (bot/daily/): their first game on it.
struct DailyRow {
    std::int64_t game_id = 0;
    std::string key;
    std::string nick;         // the person's nick now
    std::int64_t person = 0;  // public number (person_ids)
    bool won = false;
    long long moves = -1;
    long long hints = 0;
    std::int64_t ended = 0;  // 0: still played
    std::string variant;
};
// The day's ranked games of a kind (and variant; "" with `any_variant`: every variant), by
// game number. Shared by the daemon's connection and the web's.
std::vector<DailyRow> read_daily_day(SQLite::Database& db, const std::string& network,
                                     const std::string& kind, const std::string& variant,
                                     bool any_variant, const std::string& day);

// An event (bot/tourney/, docs/games/events.md): a tournament in a channel.
struct EventRow {
    std::int64_t id = 0;
    std::string network, channel, kind;
    std::string format;  // "swiss", "arena", "tables"
    int rounds = 0, minutes = 0, table_size = 0;
    std::string opener, opener_nick;
    std::string state;  // "signup", "running", "over", "cancelled"
    std::int64_t created = 0, start_at = 0, started = 0, ends = 0, ended = 0;
};
struct EventPlayerRow {
    int idx = 0;
    std::string key;
    std::string nick;         // the person's nick now (as they joined if never seen since)
    std::int64_t person = 0;  // public number (person_ids)
    bool withdrawn = false;
};
// One pairing: a game (two seats, or a table of more) or a bye (one seat).
struct EventGameRow {
    int round = 0, board = 0;
    std::vector<int> seats;    // player indexes, seat order
    std::string bye;           // "" a game; "full", "half", "zero"
    std::int64_t game_id = 0;  // 0: not dealt yet
    std::vector<int> places;   // each seat's place once over; empty while under way
    bool forfeit = false;
    bool void_ = false;     // counts for nothing (under way when an arena's time was up)
    std::int64_t done = 0;  // the order results came in (1, 2, ...); 0 while under way
};
struct EventFull {
    EventRow event;
    std::vector<EventPlayerRow> players;  // by idx
    std::vector<EventGameRow> games;      // by round, then board
};
// Shared by the daemon's connection and the web's.
std::optional<EventFull> read_event(SQLite::Database& db, std::int64_t id);
// Events of every network, newest first: those in `states` ("" for any), at most `limit`.
std::vector<EventRow> read_events(SQLite::Database& db, const std::vector<std::string>& states,
                                  int limit);

// A person (the daemon's bot/people.hpp), as remembered across restarts.
struct PersonRow {
    std::string key;       // opaque to storage: "a:<account>" or "h:<nick>!<user@host>"
    std::string nick;      // the nick last seen, as shown
    std::string nick_key;  // the same, casefolded
    std::string account;
    std::string userhost;
    std::int64_t seen = 0;
};

// A table still taking players (a channel table in its join window, a duel challenge),
// kept so that a restart does not lose it; its seats are the daemon's own text.
struct LobbyRow {
    std::string network;
    std::string place;  // the channel
    std::string kind;
    std::string opener;         // the person who opened it
    std::string data;           // seats and challenge (bot/tables)
    std::int64_t deadline = 0;  // unix seconds: the join window ends
};

// A person's saved data for one kind (a VCG deck, an Adventurer deck, an Encounters party):
// the kind's own text, with the version of its format.
struct Saved {
    int version = 1;
    std::string data;
};

// Moving every person to the key the daemon's rule gives them today (rekey_persons). Storage
// knows none of the daemon's texts: the daemon says what a person's key is now, and how to
// replace keys in a game's setup and in a table's waiting-room data.
struct Rekey {
    // The key this person should have now; return row.key to leave them where they are.
    std::function<std::string(const std::string& network, const PersonRow& row)> key;
    // A game's setup (games.setup) / a lobby's data (lobbies.data) with the moved person keys
    // replaced (old key -> new key, the moves of the row's network); return the text itself
    // to leave it.
    using Replace = std::function<std::string(const std::string& text,
                                              const std::map<std::string, std::string>& moved)>;
    Replace setup, lobby;
};

class Database {
  public:
    // Opens (creating if needed) and migrates to the current schema version. Throws
    // std::runtime_error with a clear message if the file cannot be used.
    explicit Database(const std::string& path);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    int schema_version() const;

    // Returns the new id: g.id when it is set (the tables number games as they deal them,
    // before the writer commits the row), else the next free one.
    std::int64_t create_game(const GameRecord& g);
    std::int64_t next_game_id() const;  // one more than the highest id so far
    // Appends one move; throws if seq is not the next one for the game.
    void append(std::int64_t game_id, const JournalEntry& e);
    std::vector<JournalEntry> journal(std::int64_t game_id) const;
    std::vector<GameRecord> open_games() const;  // status == "open", oldest first
    std::optional<GameRecord> game(std::int64_t id) const;
    // Ends a game: status ("finished", "abandoned" or "stopped"), result text, per-player
    // results and rating updates, in one transaction. Throws if the game is not open. Every
    // human in `players` counts in stats (games, wins, points) whatever the status: pass no
    // players for a game that should not count. Computer seats get a results row only.
    // `moves` >= 0: refused unless the journal holds exactly that many moves (the writer
    // ends a game only after the move that ended it).
    void finish_game(std::int64_t game_id, const std::string& status, const std::string& result,
                     std::int64_t ended, const std::vector<PlayerResult>& players,
                     std::int64_t moves = -1);

    std::vector<StatLine> stats(const std::string& network, const std::string& key) const;
    std::vector<TopLine> top(const std::string& network, const std::string& kind,
                             const std::string& variant, int limit) const;
    std::optional<std::string> last_detail(const std::string& network, const std::string& key,
                                           const std::string& kind) const;
    // The person's last game with a result (a seat of theirs in `results`), of `kind` ("":
    // any kind); nullopt if none.
    std::optional<std::int64_t> last_game(const std::string& network, const std::string& key,
                                          const std::string& kind = "") const;
    // The games of the network dealt from `deal`, the person's first (one they sat at), then
    // the newest first.
    std::vector<GameRecord> games_by_deal(const std::string& network, std::uint64_t deal,
                                          const std::string& key) const;

    // Per-player preferences ("plain" = "1", "delivery" = "notice"|"privmsg", "spider.suits").
    std::optional<std::string> pref(const std::string& network, const std::string& key,
                                    const std::string& name) const;
    // All of a person's preferences (name, value), read once and kept: every line sent
    // asks for two, with one lookup. Valid until the next call on this database.
    using Prefs = std::vector<std::pair<std::string, std::string>>;
    const Prefs& prefs(const std::string& network, const std::string& key) const;
    static const std::string* pref_in(const Prefs& prefs, std::string_view name);
    void set_pref(const std::string& network, const std::string& key, const std::string& name,
                  const std::string& value);
    // Another connection (the writer's) changed the person's preferences: read them again
    // when next asked for.
    void forget_prefs(const std::string& network, const std::string& key);

    // People: every person first seen or renamed is remembered, so a restart loses no nick
    // change.
    void remember_person(const std::string& network, const PersonRow& p);
    std::vector<PersonRow> persons(const std::string& network) const;
    // Tables taking players: one row per (network, place, kind, opener), replaced on each
    // change, dropped when the game is dealt or the table closes.
    void save_lobby(const LobbyRow& l);
    void drop_lobby(const std::string& network, const std::string& place, const std::string& kind,
                    const std::string& opener);
    std::vector<LobbyRow> lobbies() const;

    // Moves every person to the key `r.key` gives them and merges the persons that land on
    // one key, in every table that holds a person key, in one transaction (docs/STORAGE.md,
    // "Persons moved and merged"). Idempotent when `r.key` is. Returns how many persons
    // moved (0: nothing was written).
    std::size_t rekey_persons(const Rekey& r);

    // Experience per person and kind (0 until a kind awards some; finish_game adds it).
    long long xp(const std::string& network, const std::string& key, const std::string& kind) const;

    // Saved data per person and kind, in named slots ("deck", "party").
    std::optional<Saved> saved(const std::string& network, const std::string& key,
                               const std::string& kind, const std::string& slot) const;
    void save(const std::string& network, const std::string& key, const std::string& kind,
              const std::string& slot, const Saved& data, std::int64_t now);

    // The daily deal (bot/daily/): a game on a day's deal, its hints, its end; the person's
    // games on a day's deal (how many, of that kind and variant); the day's ranked games; the
    // days on which the person won their ranked game, newest first.
    void daily_add(std::int64_t game_id, const std::string& network, const std::string& kind,
                   const std::string& variant, const std::string& day, const std::string& key);
    void daily_hint(std::int64_t game_id);
    void daily_end(std::int64_t game_id, bool won, long long moves, std::int64_t ended);
    int daily_count(const std::string& network, const std::string& kind, const std::string& variant,
                    const std::string& day, const std::string& key) const;
    std::vector<DailyRow> daily_day(const std::string& network, const std::string& kind,
                                    const std::string& variant, const std::string& day) const;
    std::vector<std::string> daily_won_days(const std::string& network,
                                            const std::string& key) const;

    // Events (bot/tourney/): opened, their state, players joining and withdrawing, each
    // pairing, the game dealt for it and its result (written with the game's end).
    // Runs `writes` in one transaction (a savepoint inside one already open): all or none.
    void in_transaction(const std::function<void()>& writes);
    std::int64_t event_open(const EventRow& e);  // its id
    void event_state(std::int64_t id, const std::string& state, std::int64_t started,
                     std::int64_t ends, std::int64_t ended);
    void event_join(std::int64_t id, int idx, const std::string& key, const std::string& nick);
    void event_withdraw(std::int64_t id, int idx, bool withdrawn);
    void event_pairing(std::int64_t id, const EventGameRow& g);
    void event_dealt(std::int64_t id, int round, int board, std::int64_t game_id);
    // The result of the event game `game_id` (if it is one): each seat's place.
    void event_result(std::int64_t game_id, const std::vector<int>& places);
    // A pairing decided or voided without its game: places (a forfeit) or none (void).
    void event_settle(std::int64_t id, int round, int board, const std::vector<int>& places,
                      bool forfeit, bool void_);
    std::optional<EventFull> event(std::int64_t id) const;
    std::vector<EventRow> events(const std::vector<std::string>& states, int limit) const;

    // Small named values the daemon keeps (the dealer for a channel's next game...).
    std::optional<std::string> get_value(const std::string& name) const;
    void set_value(const std::string& name, const std::string& value);
    void drop_value(const std::string& name);

    // Runs a read-only query and returns the first column of the first row as text
    // (replay's `db`); nullopt when there is no row, "NULL" for an SQL NULL. Throws on a
    // write, on more than one statement, or on an error. Runs on its own read-only
    // connection.
    std::optional<std::string> query_text(const std::string& sql) const;

    SQLite::Database& raw();
    // SQLite's automatic checkpoint on this connection (pages; 0: none). A daemon whose
    // writer checkpoints on a thread of its own turns it off on its other connections.
    void set_autocheckpoint(int pages);

  private:
    void migrate();
    void merge_persons(const std::string& network, const std::string& key,
                       const std::vector<const PersonRow*>& members);

    std::string path_;
    std::unique_ptr<SQLite::Database> db_;
    mutable std::unique_ptr<SQLite::Database> ro_;  // for query_text, opened on first use
    // Preferences read once (pref() runs for every line sent), written through.
    // By network, then person: a person's few settings sit together.
    mutable std::unordered_map<std::string, std::unordered_map<std::string, Prefs>> pref_cache_;
    mutable std::size_t pref_cached_ = 0;
    // Statements are compiled once and kept (compiling them for every call was most of the
    // time a move spent in SQLite). Declared after db_: they go first.
    class Query;
    Query prepare(const std::string& sql) const;
    struct Prepared {
        std::unique_ptr<SQLite::Statement> statement;
        bool busy = false;  // in use further up the stack: a nested call compiles its own
    };
    mutable std::unordered_map<std::string, Prepared> prepared_;
};

// The schema version this code creates and knows (PRAGMA user_version).
int current_schema_version();

// The multi-player Elo step: each winner against each loser is a duel, K = 32 / (n - 1).
// Returns the change for each player (sums to zero); n < 2 changes nothing.
std::vector<double> elo_changes(const std::vector<double>& ratings, const std::vector<bool>& won);

}  // namespace croupier::storage
