// Writes a replay transcript of a whole Exordia8 game at one table: the people's moves are
// chosen by the computer player from what each sees, so the game is long and realistic,
// and the transcript checks the bot at every move, across an optional restart, up to the
// scores in the database. Used to make games/exordia8/replays/exordia8-*.replay; the transcripts
// are committed, so the tests do not depend on this program, only on the bot.
//
//   e8_transcript --seed 7 --players alice,bob,carol [--channel #cards] [--restart-after N]
// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "games/core/rng.hpp"
#include "games/exordia8/ai.hpp"
#include "games/exordia8/engine.hpp"
#include "tests/tools/transcript.hpp"

using namespace croupier::games;
using croupier::tools::rx_escape;
using namespace croupier::games::exordia8;

namespace {

std::vector<std::string> split_commas(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream in(s);
    std::string item;
    while (std::getline(in, item, ',')) out.push_back(item);
    return out;
}

// A regex that matches a line holding every card of the hand, in any order.
// A card as the channel shows it: plain ("10h") or with its suit symbol ("10♥").
std::string card_regex(const Card& c) {
    if (c.joker) return "Joker";
    return rank_text(c.rank) + "(" + std::string(1, suit_letter(c.suit)) + "|" +
           std::string(suit_symbol(c.suit)) + ")";
}

std::string hand_regex(const std::vector<Card>& hand) {
    std::string rx;
    for (const auto& c : hand) rx += "(?=.*[ :]" + rx_escape(to_text(c)) + "([ .,;]|$))";
    // ...and no card beyond them (positions run 1..n).
    return rx + "(?!.*[ :]" + std::to_string(hand.size() + 1) + ":).*";
}

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t seed = 1;
    std::vector<std::string> players;
    std::string channel = "#cards";
    int restart_after = -1;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i], v = argv[i + 1];
        if (a == "--seed")
            seed = std::strtoull(v.c_str(), nullptr, 10);
        else if (a == "--players")
            players = split_commas(v);
        else if (a == "--channel")
            channel = v;
        else if (a == "--restart-after")
            restart_after = std::atoi(v.c_str());
    }
    if (players.size() < 2) {
        std::fprintf(stderr,
                     "usage: e8_transcript --seed N --players a,b[,c...] [--channel C] "
                     "[--restart-after MOVES]\n");
        return 2;
    }
    const int n = static_cast<int>(players.size());
    auto who = [&](int seat) { return ":" + players[seat] + "!" + players[seat] + "@example.org"; };
    const std::uint64_t deal = DealNumberSource(seed).next();
    Engine e(n, 0, deal, 6);

    std::printf("# A whole Exordia8 game of %d people at %s, deal %llu (seed %llu).\n", n,
                channel.c_str(), static_cast<unsigned long long>(deal),
                static_cast<unsigned long long>(seed));
    std::printf("# Written by tests/tools/e8_transcript; every move is checked as it is made.\n");
    std::printf("seed %llu\nset exordia8.turn_timeout = 1h\n\n",
                static_cast<unsigned long long>(seed));
    for (int s = 0; s < n; ++s) {
        std::printf("S: %s PRIVMSG croupier :set plain on\nwait 2s\n", who(s).c_str());
        std::printf("C~ PRIVMSG %s :Your settings: plain on.*\n", players[s].c_str());
    }
    std::printf("S: %s PRIVMSG %s :!e8\nwait 2s\n", who(0).c_str(), channel.c_str());
    std::printf("C~ PRIVMSG %s :.*%s.*opens.*Exordia8.*\n", channel.c_str(), players[0].c_str());
    for (int s = 1; s < n; ++s) {
        std::printf("S: %s PRIVMSG %s :!join\nwait 2s\n", who(s).c_str(), channel.c_str());
        std::printf("C~ PRIVMSG %s :.*%s.*joined.*\n", channel.c_str(), players[s].c_str());
    }
    std::printf("S: %s PRIVMSG %s :!start\nwait %ds\n", who(0).c_str(), channel.c_str(), 2 * n + 5);
    std::printf("C~ PRIVMSG %s :Exordia8 game #1: .*\n", channel.c_str());
    for (int s = 0; s < n; ++s)
        std::printf("C~ NOTICE %s :%s\n", players[s].c_str(), hand_regex(e.hand(s)).c_str());
    std::printf("\n");

    int moves = 0;
    while (!e.finished() && moves < 5000) {
        const int seat = e.turn();
        const Action a = choose_action(e, seat);
        std::string cmd = "!" + exordia8::to_text(a);
        if (a.type == Action::Type::Play && a.suit) {
            // Players name suits as words too; vary the form the bot must accept.
            cmd = "!p " + croupier::games::to_text(a.card) + " " + std::string(suit_name(*a.suit));
        }
        std::printf("S: %s PRIVMSG %s :%s\nwait 5s\n", who(seat).c_str(), channel.c_str(),
                    cmd.c_str());
        const auto r = e.apply(seat, a);
        if (!r.ok()) {
            std::fprintf(stderr, "engine refused its own move: %s\n", r.error.c_str());
            return 1;
        }
        if (a.type == Action::Type::Play)
            std::printf("C~ PRIVMSG %s :.*%s.*%s.*\n", channel.c_str(), players[seat].c_str(),
                        card_regex(a.card).c_str());
        else
            std::printf("C~ PRIVMSG %s :.*%s.*\n", channel.c_str(), players[seat].c_str());
        if (!e.finished()) {
            // The next player's hand arrives by NOTICE, exactly as the engine holds it.
            const int next = e.turn();
            std::printf("C~ NOTICE %s :%s\n", players[next].c_str(),
                        hand_regex(e.hand(next)).c_str());
        }
        ++moves;
        if (moves == restart_after && !e.finished()) {
            std::printf("\n# The process dies here without warning and starts again.\nrestart\n");
            // Back in the channel, the game says so and whose turn it is, in one line.
            std::printf(
                "C~ PRIVMSG %s :Exordia8 game #1 is back after a restart: %s to play "
                "\\(.* left\\)\\.\n",
                channel.c_str(), players[e.turn()].c_str());
            for (int s = 0; s < n; ++s) {
                if (!e.in(s)) continue;
                std::printf("S: %s PRIVMSG %s :!hand\nwait 3s\n", who(s).c_str(), channel.c_str());
                std::printf("C~ NOTICE %s :%s\n", players[s].c_str(),
                            hand_regex(e.hand(s)).c_str());
            }
            std::printf("S: %s PRIVMSG %s :!table\nwait 5s\n", who(0).c_str(), channel.c_str());
            std::printf("C~ NOTICE %s :.*%s.*\n", players[0].c_str(), card_regex(*e.top()).c_str());
            std::printf("\n");
        }
    }
    if (!e.finished()) {
        std::fprintf(stderr, "the game did not end\n");
        return 1;
    }
    const int w = e.winner().value_or(-1);
    std::printf("\n# %s wins with %d points after %d moves.\n",
                w >= 0 ? players[w].c_str() : "nobody", e.points(), moves);
    std::printf("wait 10s\n");
    std::printf("db SELECT status FROM games WHERE id = 1\n= finished\n");
    if (w >= 0) {
        std::printf("db SELECT nick FROM results WHERE game_id = 1 AND won = 1\n= %s\n",
                    players[w].c_str());
        std::printf("db SELECT points FROM results WHERE game_id = 1 AND won = 1\n= %d\n",
                    e.points());
        std::printf("S: %s PRIVMSG %s :!stats %s\nwait 2s\n", who(0).c_str(), channel.c_str(),
                    players[w].c_str());
        std::printf("C~ PRIVMSG %s :.*%s: Exordia8: 1 game, 1 won, %d points?.*\n", channel.c_str(),
                    players[w].c_str(), e.points());
    }
    std::printf("db SELECT count(*) FROM journal WHERE game_id = 1\n= %d\n", moves);
    return 0;
}
