// Renders the messages of every game kind with sample values: random games of each kind
// (seats of 2 to 6 with people and computer players, every variant), played to the end by
// a mix of sound moves, the moves a timer makes, and commands of the game's own table typed
// with wrong arguments, so refusals are rendered too; at each step the table, each hand and
// each way of showing the board. Every line goes out as a recorded transcript line
// ("C: PRIVMSG #sample :TEXT"), for tests/tools/check_messages.py --samples.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdio>
#include <string>
#include <vector>

#include "bot/game.hpp"
#include "bot/kinds/kinds.hpp"
#include "config/config.hpp"
#include "games/core/rng.hpp"

using namespace croupier;
using namespace croupier::bot;

namespace {

int lines = 0;

void say(const std::string& text) {
    if (text.empty()) return;
    std::printf("C: PRIVMSG #sample :%s\n", text.c_str());
    ++lines;
}

void say(const std::vector<Out>& out) {
    for (const auto& o : out) say(o.text);
}

// Wrong arguments for a command: nothing, a word, a number out of range, two of them.
const char* const kWrong[] = {"", "zzz", "99", "0 0", "1 2 3 4", "-1", "Q", "7x"};

void play(const GameKind& kind, Game& g, int seats, games::DealRng& rng) {
    say(g.start());
    for (int step = 0; step < 400 && !g.finished(); ++step) {
        const auto awaited = g.awaited();
        const int seat = awaited.empty() ? 0 : awaited.front();
        const std::uint64_t roll = rng.below(10);
        std::string command, args;
        if (roll == 0 && !kind.commands().empty()) {
            command = kind.commands()[rng.below(kind.commands().size())].name;
            args = kWrong[rng.below(std::size(kWrong))];
        } else {
            const std::string a = roll == 1 ? g.timeout_action(seat) : g.computer_action(seat);
            const auto sp = a.find(' ');
            command = a.substr(0, sp);
            args = sp == std::string::npos ? "" : a.substr(sp + 1);
            if (command.empty()) break;
        }
        Checked<Outcome> o = g.act(seat, command, args);
        if (!o) {
            say(o.why());
            if (roll != 0) break;  // a sound move refused: the checker's concern, not this
            continue;
        }
        say(o->out);
        if (step % 7 == 0) {
            say(g.show_table());
            say(g.show_table_as("full"));
            say(g.show_table_as("sideways"));
            for (int s = 0; s < seats; ++s) say(g.show_hand(s));
            if (kind.in_private()) say("Hint: " + g.hint_text(seat, g.computer_action(seat)));
        }
    }
}

}  // namespace

int main() {
    config::Config cfg;
    games::DealRng rng(2026);
    for (const auto& kind : make_kinds(cfg)) {
        for (int round = 0; round < 12; ++round) {
            GameSetup setup;
            setup.deal_number = rng.next();
            int seats = 1;
            if (kind->in_private()) {
                static const char* const starts[] = {"1", "2", "4", "4 keep"};
                const Checked<PrivateStart> start =
                    kind->seating().as_private()->start(starts[round % 4], {});
                if (!start) {
                    say(start.why());
                    continue;
                }
                setup.variant = start->variant;
                setup.options = start->options;
                setup.players = {"alice"};
                setup.persons = {"h:alice!a@example.org"};
                setup.computer = {false};
            } else {
                seats = 2 + static_cast<int>(rng.below(5));
                for (int s = 0; s < seats; ++s) {
                    const bool cpu = s > 0 && rng.below(3) == 0;
                    setup.players.push_back(cpu ? "cpu#" + std::to_string(s)
                                                : std::string(1, static_cast<char>('a' + s)) +
                                                      "lice");
                    setup.persons.push_back(cpu ? "" : "h:p" + std::to_string(s));
                    setup.computer.push_back(cpu);
                }
            }
            kind->deal_options(setup);
            auto g = kind->create(setup);
            play(*kind, *g, seats, rng);
        }
        // The commands that need no game, with wrong arguments and with none.
        for (const auto& c : kind->lookups().commands)
            for (const char* args : kWrong) {
                const auto answer = kind->lookup(c.name, args, std::nullopt);
                if (!answer) say(answer.why());
                if (answer)
                    for (const auto& line : answer->lines) say(line);
            }
        for (const auto& c : kind->lookups().commands) say(c.name + " " + c.args + " - " + c.help);
        for (const auto& c : kind->commands()) say(c.name + " " + c.args + " - " + c.help);
        say(kind->summary());
    }
    std::fprintf(stderr, "message_samples: %d lines\n", lines);
    return lines > 0 ? 0 : 1;
}
