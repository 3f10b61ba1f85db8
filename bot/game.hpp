// The interface between the daemon's table machinery and one game. A Game wraps a pure
// engine from games/ and turns its events into text; the tables (bot/tables.*) own seats,
// timers, journal and delivery. Each game kind registers one GameKind.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bot/checked.hpp"
#include "config/config.hpp"

namespace croupier::bot {

// One line a game wants sent. Text may carry mIRC colour codes and suit symbols; bot/render
// makes it plain for a channel with +c or a player who asked for plain text, strips CR, LF
// and NUL, and splits it under the line limit.
struct Out {
    enum class To {
        Table,  // the table's place: the channel; in private games each seated human
        Seat,   // one player only (hands, hidden information): NOTICE or PM per preference
    };
    To to = To::Table;
    int seat = -1;
    std::string text;
    // The tables pack the lines of a move for one recipient into as few lines as fit
    // (bot/tables/lines.hpp), and the send queue merges lines that wait together (docs/
    // LINK.md). A `layout` line stands alone: a row of a board, which must start a line and
    // end it. `view`, what the line shows ("board"): lines of the same view still waiting
    // for the same person are stale once a newer one is queued, and are not sent; a line is
    // packed only with lines of the same view.
    bool layout = false;
    std::string view;
};

inline Out to_table(std::string text) {
    return Out{Out::To::Table, -1, std::move(text), false, {}};
}
inline Out to_seat(int seat, std::string text) {
    return Out{Out::To::Seat, seat, std::move(text), false, {}};
}
// Out `o` as part of the view `view` (see Out::view).
inline Out in_view(Out o, std::string view) {
    o.view = std::move(view);
    return o;
}
// A table line that stands alone (see Out::layout).
inline Out layout_line(std::string text) {
    return Out{Out::To::Table, -1, std::move(text), true, {}};
}

// A move a game took. A move it refused is a `Refusal` instead (`Checked<Outcome>`, what
// Game::act answers): nothing changed, and its why is the reply for the player.
struct Outcome {
    std::string canonical;  // the action as the journal stores it
    std::vector<Out> out;   // what to tell whom
    // What the table was told of this move alone, for a record read move by move (the web
    // pages' steps), where the game holds its table lines back and tells them packed with a
    // later move (a computer's turn told with the move after which a person plays): the
    // move's own table lines. Empty: the table lines of `out` are the move's own.
    std::vector<std::string> told;
};

// One command of a game's table: the parser and `help` both read it (ZNC style).
struct CommandSpec {
    // What the table layer does with a kind's command: a move of the game (journaled, told),
    // or one of the views and aids a game may offer under a name of its own: the asker's
    // hand (typed anywhere), the whole game shown again (a page, cut if they move before it
    // has left), a hint worked out off the event loop.
    enum class Role { Move, Hand, Board, Hint };
    std::string name;                  // "play"
    std::vector<std::string> aliases;  // {"p"}
    std::string args;                  // "CARD [SUIT]"
    std::string help;                  // one line
    Role role = Role::Move;
};

struct SeatResult {
    long long points = 0;
    bool won = false;
    std::string detail;  // game-specific statistics, "score=96 moves=140"
    // The person's saved data for this kind after the game (a deck, a party, a tally), kept
    // in their profile and given to their next game as setup option "saved.<seat>".
    std::optional<std::string> saved;
    long long xp = 0;  // experience the person gains in this kind (their profile)
    // The moves made, an undo counting as one, for the daily deal's ladder (bot/daily/);
    // -1: the kind does not count them.
    long long moves = -1;
    // The seat's finishing place (1 for the first; equal places for a tie) where the game
    // ranks more than its winner (an event's table, bot/tourney/); 0: only `won` says.
    int place = 0;
};

class Game {
  public:
    virtual ~Game() = default;
    virtual std::unique_ptr<Game> clone() const = 0;

    // The seats whose moves the table waits for now, each with its own turn timer: one seat
    // in a game of turns, both in a duel where each chooses in secret; empty when the table
    // waits for nobody (a solitaire game, a game that is over).
    virtual std::vector<int> awaited() const = 0;
    virtual bool finished() const = 0;

    // A game may ask to be woken (a response window closing, a round's pause): this long
    // after its last move, the table acts "wake" for seat -1, journaled like any move, so a
    // restart wakes it at the same point. nullopt: no wake-up wanted.
    virtual std::optional<std::chrono::seconds> wake_after() const { return std::nullopt; }

    // A player, a timer, a computer player or the journal acts. `command` is what was typed
    // (a name or an alias from commands(), or "leave"), `args` the rest of the line.
    // A `Refusal` (`return Refusal{"why"};`) changes nothing: the table acts on the game
    // itself, not a copy, and fuzz_game_commands checks it of every kind; a game that throws
    // is the table's `Fault`. A success gives the canonical text: act(seat,
    // canonical) on an equal game gives the same result (that is how games are restored).
    virtual Checked<Outcome> act(int seat, std::string_view command, std::string_view args) = 0;

    // A move as people read it in a record of the game (the web pages' list of moves): the
    // game's notation ("plays J♠", "draws", "bids 3 and plays Hero"), for a move `command`
    // `args` (canonical, as the journal stores it) that `seat` is about to make: called on
    // the game as it stands before the move. By default the command as typed.
    virtual std::string move_text(int seat, std::string_view command, std::string_view args) const {
        (void)seat;
        std::string t(command);
        if (!args.empty()) t += " " + std::string(args);
        return t;
    }

    // The safe move for an awaited seat whose time ran out, canonical ("leave" if none).
    virtual std::string timeout_action(int seat) const = 0;
    // How the channel hears of the timeout_action() the bot made for a seat ("draw"); a
    // duel's names the card, never its hidden potions.
    virtual std::string timeout_text(int seat, const std::string& action) const {
        (void)seat;
        return action;
    }
    virtual std::string computer_action(int seat) const = 0;  // a sound move, canonical
    // A legal move for an awaited seat found without a search, `salt` choosing among several
    // ("" if there is none): for benches and tests that fill a database with games under
    // way. By default the safe move, else the computer's (a kind whose computer searches
    // overrides it).
    virtual std::string filler_action(int seat, std::uint64_t salt) const {
        (void)salt;
        std::string a = timeout_action(seat);
        if (a.empty() || a == "leave") a = computer_action(seat);
        return a;
    }
    // `hint`: the computer's move for the seat (computer_action, "" for none) said to the
    // player, naming what it moves. The default shows the command.
    virtual std::string hint_text(int seat, const std::string& action) const {
        (void)seat;
        return action.empty() ? "I see no useful move." : "try " + action + ".";
    }

    virtual std::vector<Out> start() const = 0;       // at the deal
    virtual std::vector<Out> show_table() const = 0;  // `table` / `board`
    // `board WORDS` (a way of showing it: Spider's "full"); an unknown way gets one line
    // saying which ways there are.
    virtual std::vector<Out> show_table_as(std::string_view how) const {
        (void)how;
        return show_table();
    }
    virtual std::vector<Out> show_hand(int seat) const = 0;  // `hand`
    virtual std::vector<SeatResult> results() const = 0;     // once finished
    virtual void rename(int seat, const std::string& nick) = 0;
};

struct GameSetup {
    std::vector<std::string> players;  // seat order; seat 0 deals and plays first
    std::vector<std::string> persons;  // per seat: who holds it (bot/people.hpp); "" if unknown
    std::vector<bool> computer;        // per seat
    std::uint64_t deal_number = 0;
    std::string variant;  // "4suit" for Spider; "" when the game has none
    // From the config section and the command; "saved.<seat>": that seat's person's saved
    // data for this kind (their profile), as it was when the game was dealt.
    std::map<std::string, std::string> options;
    // The game's number (its words may name it: "!verify 12"); 0 when it has none (a bench's
    // game). Not in the text below: the table layer gives it at the deal and on restore.
    std::int64_t game_id = 0;

    // A line of text that create() can read back (the games table's setup column).
    std::string serialise() const;
    static std::optional<GameSetup> deserialise(const std::string& text);
};

// What `new ARGS` asks of a kind of private game (PrivateSeating::start); ARGS typed wrong
// are a `Refusal` instead (`Checked<PrivateStart>`), the reply.
struct PrivateStart {
    std::string variant;  // "4suit"
    std::map<std::string, std::string> options;
    std::optional<std::uint64_t> deal;  // a deal number the player chose
    bool proven = false;                // a deal the kind proves fit (find_deal), off the loop
    std::string note;  // said after the game's first lines (Spider: which suits there are)
};

// A preference a kind offers in `set NAME VALUE` (Spider: suits 1|2|4), stored per person
// as "<kind>.<name>".
struct Preference {
    std::string name;
    std::vector<std::string> values;
    std::string fallback;  // when the person has not chosen
    std::string help;
};

// What a command that needs no game answers (VCG's `card`, `calc`, `deck`): lines for the
// asker, and new saved data for the asker's profile (a deck set), stored before the reply.
// A command typed wrong is a `Refusal` instead (`Checked<LookupReply>`): what was typed wrong
// and what to type instead, told to the asker alone.
struct LookupReply {
    std::vector<std::string> lines;
    std::optional<std::string> save;  // the asker's new saved data of this kind
    bool in_private = false;          // private even when asked in a channel

    // One line of answer, where asked (or in private).
    static LookupReply said(std::string line, bool in_private = false) {
        return {{std::move(line)}, std::nullopt, in_private};
    }
};

// A kind's commands that need no game, answered from the kind's data and the asker's saved
// data of this kind: in `help` and the parser like the others, anywhere.
struct Lookups {
    using Answer = std::function<Checked<LookupReply>(
        std::string_view command, std::string_view args, const std::optional<std::string>& saved,
        const std::string& typed)>;
    std::vector<CommandSpec> commands;
    // Answers one of them. `typed`: how the asker types this kind's commands where they asked
    // ("!af " in a channel, "af " in private; "" when unknown), so that a command the reply
    // tells them to type reaches this kind and no other with a command of that name.
    Answer answer;

    Checked<LookupReply> ask(std::string_view command, std::string_view args,
                             const std::optional<std::string>& saved,
                             const std::string& typed = "") const {
        return answer ? answer(command, args, saved, typed) : LookupReply{};
    }
};

// What `stats` and `top` show of a kind's results.
struct Ladder {
    // The variants a player names in `top GAME [WORD]` (the first is the default), each with
    // its stored name.
    std::vector<std::pair<std::string, std::string>> top_variants;
    // How a stored variant is written ("4suit" is "4 suits"); empty: as stored.
    std::function<std::string(const std::string&)> variant_title;
    bool rated = true;  // the kind keeps an Elo rating
    // Whether the points of its results mean something to a player summed over games (a
    // score, the cards left in the others' hands), so `stats` and `top` show them; false when
    // they are only what a seat had left (a duel's Health and Willpower): wins count.
    bool points_count = true;
    // A kind whose players gain experience and levels (Encounters): the level of an amount
    // of experience, for ladders ranked by experience; empty: the kind has no levels.
    std::function<int(long long)> level_of_xp;

    std::string title_of(const std::string& variant) const {
        return variant_title ? variant_title(variant) : variant;
    }
};

class GameKind;
class PrivateSeating;

// How a kind's tables fill, as the kind declares it: one of the three types below, built
// with the kind's rules that are data (its table config, whether a duel's moves are secret,
// a private game's PrivateRules). The table layer carries it out: its factory
// (bot/tables/seatings.cpp, the only reader of way()) gives each declaration the way of
// seating that owns its commands, words, rules and actions (bot/tables/way.hpp).
class Seating {
  public:
    // Which way carries it out: for the table layer's factory alone.
    enum class Way { Open, Duel, Private };
    virtual ~Seating() = default;
    virtual Way way() const = 0;
    // Its games are played in private messages (a person's own game), not in a channel.
    virtual bool in_private() const { return false; }
    // The timers and seat counts of a table or duel (the kind's config section); nullptr for
    // a private game.
    virtual const config::TableConfig* table_config() const { return nullptr; }
    // A duel's moves are secret choices typed in private (VCG's bids), or public moves the
    // table shows anyway, typed in the channel or in private (Adventurer Factory). Private
    // games take their moves in private; open tables in their channel.
    virtual bool secret_moves() const = 0;
    // The computer seat added when `people` persons play (a duel with one person, a private
    // game against the computer): its name; nullopt: none.
    virtual std::optional<std::string> computer_opponent(int people) const {
        (void)people;
        return std::nullopt;
    }
    // The private game's own rules, or nullptr for the others.
    virtual const PrivateSeating* as_private() const { return nullptr; }
};

// An open table in a channel: opened, joined during its window, then dealt; its seat counts
// and timers from its config section.
class OpenTableSeating final : public Seating {
  public:
    explicit OpenTableSeating(const config::TableConfig& config) : config_(&config) {}
    Way way() const override { return Way::Open; }
    const config::TableConfig* table_config() const override { return config_; }
    bool secret_moves() const override { return false; }

  private:
    const config::TableConfig* config_;
};

// A duel by challenge in a channel, or against the computer ("Computer") for one person.
class DuelSeating final : public Seating {
  public:
    explicit DuelSeating(const config::TableConfig& config, bool secret_moves = true)
        : config_(&config), secret_moves_(secret_moves) {}
    Way way() const override { return Way::Duel; }
    const config::TableConfig* table_config() const override { return config_; }
    bool secret_moves() const override { return secret_moves_; }
    std::optional<std::string> computer_opponent(int people) const override {
        if (people == 1) return "Computer";
        return std::nullopt;
    }

  private:
    const config::TableConfig* config_;
    bool secret_moves_;
};

// The daily deal a kind offers (bot/daily/, `daily [GAME] [WORD]`): everyone plays the same
// deal each UTC day, its number sealed until the day ends. A daily game has the setup option
// "daily" (its day, "2026-11-28") and "daily.seal" (the seal shown): its game shows the seal,
// never the number; it neither reads nor writes the person's saved data (everyone meets the
// same game: an encounter's party is a new one).
struct DailyVariant {
    std::string word;     // what follows the game's name in `daily` ("4"; "" for the only one)
    std::string variant;  // the stored variant ("4suit"; "" when the game has none)
};
struct DailyRules {
    std::vector<DailyVariant> variants;  // the first is the default; empty: no daily deal
    bool default_kind = false;           // `daily` alone plays this kind's
};

// The words and rules of a kind's private game.
struct PrivateRules {
    // What `new ARGS` means (`prefs`: the person's preferences of this kind, by name).
    std::function<Checked<PrivateStart>(std::string_view args,
                                        const std::map<std::string, std::string>& prefs)>
        start;
    std::string start_args;                        // "[1|2|4] [DEAL|winnable] [keep]"
    std::string start_help = "starts a new game";  // what `new` does, for `help`
    std::string end_command = "resign";            // the command that ends it early
    // A private game played against the computer (Spider: Encounters' enemy): the name of
    // its seat, seat 1, a computer seat whose moves the table makes and journals one by one
    // when the game awaits it. nullopt: the player's alone (Spider).
    std::optional<std::string> opponent;
    // For PrivateStart::proven, a deal from `candidates` the kind proves fit, with a note for
    // the player. Slow: the table runs it off the event loop, on a copy of nothing but its
    // arguments. Empty: the kind proves none.
    std::function<std::optional<std::pair<std::uint64_t, std::string>>(
        const PrivateStart& start, const std::vector<std::uint64_t>& candidates)>
        find_deal;
    // A game untouched this long is closed as abandoned; nullopt: never.
    std::optional<std::chrono::seconds> abandon_after;
    // The daily deal it offers (none by default).
    DailyRules daily;
};

// One person's game in private messages, perhaps against a computer opponent.
class PrivateSeating final : public Seating {
  public:
    explicit PrivateSeating(PrivateRules rules) : rules_(std::move(rules)) {}
    Way way() const override { return Way::Private; }
    bool in_private() const override { return true; }
    bool secret_moves() const override { return true; }
    std::optional<std::string> computer_opponent(int people) const override {
        (void)people;
        return rules_.opponent;
    }
    const PrivateSeating* as_private() const override { return this; }

    Checked<PrivateStart> start(std::string_view args,
                                const std::map<std::string, std::string>& prefs) const;
    const std::string& start_args() const { return rules_.start_args; }
    const std::string& start_help() const { return rules_.start_help; }
    const std::string& end_command() const { return rules_.end_command; }
    const std::optional<std::string>& opponent() const { return rules_.opponent; }
    std::optional<std::pair<std::uint64_t, std::string>> find_deal(
        const PrivateStart& start, const std::vector<std::uint64_t>& candidates) const;
    std::optional<std::chrono::seconds> abandon_after() const { return rules_.abandon_after; }
    const DailyRules& daily() const { return rules_.daily; }

  private:
    PrivateRules rules_;
};

// What a game is: its name, its commands, how a game is created, its data lookups and its
// results. How its tables fill is its Seating's.
class GameKind {
  public:
    virtual ~GameKind() = default;
    virtual std::string name() const = 0;                  // "exordia8"
    virtual std::string title() const = 0;                 // "Exordia8"
    virtual std::vector<std::string> aliases() const = 0;  // {"e8"}
    virtual const std::vector<CommandSpec>& commands() const = 0;
    virtual std::string summary() const = 0;  // one line for `help`
    virtual const Seating& seating() const = 0;
    virtual std::unique_ptr<Game> create(const GameSetup& setup) const = 0;

    // Options a new game takes from the kind's config at the deal, kept with the game so a
    // rehash does not change a game under way (Exordia8: players per pack).
    virtual void deal_options(GameSetup& setup) const { (void)setup; }

    virtual std::vector<Preference> preferences() const { return {}; }

    // Commands that need no game (none by default).
    virtual const Lookups& lookups() const;

    // `stats` and `top`: by default no variants, rated unless private, points count.
    virtual Ladder ladder() const;

    // A kind that seals its deal at the start (a hash shown to the table, the number
    // revealed at the end): the seal of a deal number, for `verify`. "" when it seals none.
    virtual std::string seal(std::uint64_t deal) const {
        (void)deal;
        return "";
    }

    // Shorthands.
    bool in_private() const { return seating().in_private(); }
    // A lookup answered for an asker whose way of typing is unknown.
    Checked<LookupReply> lookup(std::string_view command, std::string_view args,
                                const std::optional<std::string>& saved) const {
        return lookups().ask(command, args, saved);
    }
};

// For benches and tests that deal games of any kind: a setup of `people` persons (named
// <prefix>p0, <prefix>p1, ..., each from a host of their own) with the computer opponent of
// a duel with one person or of the kind's private game, and the kind's options.
GameSetup sample_setup(const GameKind& kind, std::uint64_t deal, int people,
                       const std::string& prefix = "");
// The kind of that name or alias among `kinds` ("e8" is Exordia8), or nullptr.
const GameKind* find_kind(const std::vector<std::shared_ptr<GameKind>>& kinds,
                          const std::string& name);
// The seat that moves next in such a game, or -1 if none: the one awaited; in a private game,
// which awaits no one while its player may move, the player.
int next_mover(const GameKind& kind, const Game& game);

}  // namespace croupier::bot
