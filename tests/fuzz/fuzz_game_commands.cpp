// libFuzzer target: each game's command parser and engine, through the seam the tables use
// (bot/game.hpp), as players would type: lines of "SEAT COMMAND ARGS". The input also picks
// the kind, the deal and the number of players. Checks the invariants the table layer
// relies on: a refused command changes nothing anyone can see; an accepted one has a
// canonical form, and replaying the canonical forms on a fresh game from the same setup
// (what restore does from the journal) gives the same game; awaited seats are seats;
// a finished game has results for every seat. Also the card and move parsers, and the
// private-game start arguments.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bot/game.hpp"
#include "bot/kinds/kinds.hpp"
#include "bot/strings.hpp"
#include "bot/tables/seatings.hpp"
#include "config/config.hpp"
#include "games/core/card.hpp"
#include "games/spider/search_state.hpp"

using namespace croupier;
using namespace croupier::bot;

namespace {

void require_at(bool ok, int line) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_game_commands.cpp:%d: a requirement failed\n", line);
    std::abort();
}
#define require(ok) require_at((ok), __LINE__)

const std::vector<std::shared_ptr<GameKind>>& kinds() {
    static const auto all = [] {
        const auto cfg = config::parse(
            "[bot]\nnick = croupier\n[network fuzz]\nhost = irc.invalid\nchannels = #cards\n",
            "fuzz.ini", {}, kind_specs());
        return make_kinds(cfg);
    }();
    return all;
}

// Everything a game shows, seat by seat: what must not change on a refused command.
std::string everything(const Game& g, int seats) {
    std::string out;
    for (const auto& o : g.show_table()) out += o.text + "\n";
    for (int s = 0; s < seats; ++s)
        for (const auto& o : g.show_hand(s)) out += std::to_string(s) + ":" + o.text + "\n";
    out += g.finished() ? "over" : "on";
    for (int s : g.awaited()) out += "," + std::to_string(s);
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 3) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + 3, size - 3);

    // The parsers on their own.
    (void)games::parse_card(text);
    (void)games::parse_suit(text);
    (void)games::spider::search::parse_move(text);

    const auto& all = kinds();
    const GameKind& kind = *all[data[0] % all.size()];
    GameSetup setup;
    // A private game with an opponent (Spider: Encounters' enemy) has its computer seat 1,
    // as the table gives it.
    const bool opponent = kind.in_private() && kind.seating().computer_opponent(1).has_value();
    // A duel has two seats, as the table seats it; a table game from 2 to 8.
    const int seats = kind.in_private()    ? (opponent ? 2 : 1)
                      : Duels::seats(kind) ? 2
                                           : 2 + data[1] % 7;
    for (int s = 0; s < seats; ++s) {
        setup.players.push_back("p" + std::to_string(s));
        setup.persons.push_back("h:p" + std::to_string(s) + "!u@h");
        setup.computer.push_back(s > 0 && (opponent || (data[2] >> s & 1)));
    }
    setup.deal_number = data[2] * 7919ULL + data[1];
    kind.deal_options(setup);
    if (kind.in_private()) {
        const Checked<PrivateStart> start =
            kind.seating().as_private()->start(text.substr(0, 40), {});
        if (start && !start->proven) {
            setup.variant = start->variant;
            setup.options = start->options;
            if (start->deal) setup.deal_number = *start->deal;
        }
    }
    std::unique_ptr<Game> game = kind.create(setup);
    (void)game->start();
    std::vector<std::pair<int, std::string>> accepted;
    // The opponent of a private game moves whenever the game awaits it, as the table makes
    // it move; here with its safe move (its search is the player's, fuzzed elsewhere).
    auto play_opponent = [&] {
        for (int guard = 0; opponent && guard < 50 && !game->finished(); ++guard) {
            const auto awaited = game->awaited();
            if (awaited.empty() || awaited.front() != 1) return;
            const auto [c, rest] = split_command(game->timeout_action(1));
            const Checked<Outcome> o = game->act(1, c, rest);
            require(bool(o));
            accepted.emplace_back(1, o->canonical);
        }
    };
    play_opponent();

    std::size_t from = 0;
    int steps = 0;
    int searches = 0;
    while (from < text.size() && steps < 200 && !game->finished()) {
        std::size_t end = text.find('\n', from);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(from, end - from);
        from = end + 1;
        ++steps;
        if (line.empty()) continue;
        const int seat = static_cast<unsigned char>(line[0]) % seats;
        line.remove_prefix(1);
        std::string_view command = line.substr(0, line.find(' '));
        std::string_view args = command.size() < line.size() ? line.substr(command.size() + 1) : "";
        // Now and then the move a computer or a timed-out player would make: the first of an
        // input the computer's own choice, a search (a private game's hint, a duel's
        // play-outs: 20-50 ms each under the sanitizers and coverage, which held the target
        // at 10 inputs a second when every "~" searched); the rest a legal move found without
        // one (filler_action, the argument choosing among them), as many as the input asks.
        if (command == "~") {
            std::uint64_t salt = 0;
            for (const char c : args) salt = salt * 131 + static_cast<unsigned char>(c);
            const std::string a =
                ++searches == 1 ? game->computer_action(seat) : game->filler_action(seat, salt);
            if (a.empty()) continue;
            const auto [c, rest] = split_command(a);
            Checked<Outcome> o = game->act(seat, c, rest);
            if (o) accepted.emplace_back(seat, o->canonical);
            play_opponent();
            continue;
        }
        // On the game itself: a refusal must leave it as it was (bot/game.hpp).
        const std::string before = everything(*game, seats);
        Checked<Outcome> o = game->act(seat, command, args);
        if (!o) {
            const std::string after = everything(*game, seats);
            if (after != before)  // nothing may change: say what did, for the crash report
                std::fprintf(stderr, "%s: refused %d %.*s %.*s (%s) changed\n%s\n---\n%s\n",
                             kind.name().c_str(), seat, static_cast<int>(command.size()),
                             command.data(), static_cast<int>(args.size()), args.data(),
                             o.why().c_str(), before.c_str(), after.c_str());
            require(after == before);
            continue;
        }
        require(!o->canonical.empty());
        accepted.emplace_back(seat, o->canonical);
        for (int s : game->awaited()) require(s >= 0 && s < seats);
        play_opponent();
    }

    // Restore: the same setup and the canonical moves give the same game.
    auto again = kind.create(setup);
    for (const auto& [seat, canonical] : accepted) {
        const auto [cmd, args] = split_command(canonical);  // as restore does
        const Checked<Outcome> o = again->act(seat, cmd, args);
        require(bool(o));
    }
    const std::string played = everything(*game, seats), restored = everything(*again, seats);
    if (played != restored) {
        std::fprintf(stderr, "%s: restored from %zu canonical moves, the game differs:\n",
                     kind.name().c_str(), accepted.size());
        for (const auto& [seat, canonical] : accepted)
            std::fprintf(stderr, "  %d %s\n", seat, canonical.c_str());
        std::fprintf(stderr, "played:\n%s\n---\nrestored:\n%s\n", played.c_str(), restored.c_str());
    }
    require(played == restored);
    if (game->finished()) {
        const std::size_t results = game->results().size();
        if (static_cast<int>(results) != seats)
            std::fprintf(stderr, "%s: %zu results for %d seats\n", kind.name().c_str(), results,
                         seats);
        require(static_cast<int>(results) == seats);
    }
    return 0;
}
