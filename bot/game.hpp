// The interface between the daemon's table machinery and one game. A Game wraps a pure
// engine from games/ and turns its events into text; the tables (bot/tables.*) own seats,
// timers, journal and delivery. Each game kind registers one GameKind.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
};

inline Out to_table(std::string text) {
    return Out{Out::To::Table, -1, std::move(text)};
}
inline Out to_seat(int seat, std::string text) {
    return Out{Out::To::Seat, seat, std::move(text)};
}

struct Outcome {
    std::string error;      // non-empty: refused, nothing changed; a reply for the player
    std::string canonical;  // on success: the action as the journal stores it
    std::vector<Out> out;   // on success: what to tell whom
    bool ok() const { return error.empty(); }
    static Outcome refuse(std::string why) { return Outcome{std::move(why), {}, {}}; }
};

// One command of a game's table: the parser and `help` both read it (ZNC style).
struct CommandSpec {
    std::string name;                  // "play"
    std::vector<std::string> aliases;  // {"p"}
    std::string args;                  // "CARD [SUIT]"
    std::string help;                  // one line
};

struct SeatResult {
    long long points = 0;
    bool won = false;
    std::string detail;  // game-specific statistics, "score=96 moves=140"
};

class Game {
  public:
    virtual ~Game() = default;
    virtual std::unique_ptr<Game> clone() const = 0;

    // The seat whose move the table waits for (its turn timer runs), or nullopt.
    virtual std::optional<int> turn() const = 0;
    virtual bool finished() const = 0;

    // A player, a timer, a computer player or the journal acts. `command` is what was typed
    // (a name or an alias from commands(), or "leave"), `args` the rest of the line.
    // A refusal changes nothing. A success gives the canonical text: act(seat, canonical)
    // on an equal game gives the same result (that is how games are restored).
    virtual Outcome act(int seat, std::string_view command, std::string_view args) = 0;

    virtual std::string timeout_action(int seat) const = 0;   // the safe move, canonical
    virtual std::string computer_action(int seat) const = 0;  // a sound move, canonical

    virtual std::vector<Out> start() const = 0;              // at the deal
    virtual std::vector<Out> show_table() const = 0;         // `table` / `board`
    virtual std::vector<Out> show_hand(int seat) const = 0;  // `hand`
    virtual std::vector<SeatResult> results() const = 0;     // once finished
    virtual void rename(int seat, const std::string& nick) = 0;
};

struct GameSetup {
    std::vector<std::string> players;  // seat order; seat 0 deals and plays first
    std::vector<std::string> persons;  // per seat: who holds it (bot/people.hpp); "" if unknown
    std::vector<bool> computer;        // per seat
    std::uint64_t deal_number = 0;
    std::string variant;                         // "4suit" for Spider; "" when the game has none
    std::map<std::string, std::string> options;  // from the config section and the command

    // A line of text that create() can read back (the games table's setup column).
    std::string serialise() const;
    static std::optional<GameSetup> deserialise(const std::string& text);
};

class GameKind {
  public:
    virtual ~GameKind() = default;
    virtual std::string name() const = 0;                  // "exordia8"
    virtual std::string title() const = 0;                 // "Exordia8"
    virtual std::vector<std::string> aliases() const = 0;  // {"e8"}
    virtual const std::vector<CommandSpec>& commands() const = 0;
    virtual std::string summary() const = 0;  // one line for `help`
    // A game for one person in private messages (Spider), not a table in a channel.
    virtual bool solitaire() const { return false; }
    virtual std::unique_ptr<Game> create(const GameSetup& setup) const = 0;
};

}  // namespace croupier::bot
