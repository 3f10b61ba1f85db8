// Writes a replay transcript of a whole Spider game won move by move: the moves are the
// certifier's proof that the deal is winnable, and the transcript checks the bot's answer
// to every one of them (the pile that received the cards, as the engine holds it), then
// the win and the database. With --restart-after K the process is killed after move K,
// the board is checked, and `undo` goes back across the restart before play goes on.
//
//   spider_transcript --suits 1 --deal 3 [--restart-after K --undo U]
// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "games/spider/engine.hpp"
#include "games/spider/solver.hpp"
#include "tests/tools/transcript.hpp"

using namespace croupier::games;
using croupier::tools::rx_escape;
using namespace croupier::games::spider;

namespace {

// How `board full` shows pile p (1..10) in plain text: "[4] 9h 8h", or "(empty)".
std::string pile_text(const View& v, int p) {
    std::string s;
    if (v.face_down[p - 1] > 0) s = "[" + std::to_string(v.face_down[p - 1]) + "]";
    for (const auto& c : v.face_up[p - 1]) s += (s.empty() ? "" : " ") + to_text(c);
    return s.empty() ? "(empty)" : s;
}

}  // namespace

int main(int argc, char** argv) {
    int suits = 1, restart_after = -1, undos = 0;
    std::uint64_t deal = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i], v = argv[i + 1];
        if (a == "--suits")
            suits = std::atoi(v.c_str());
        else if (a == "--deal")
            deal = std::strtoull(v.c_str(), nullptr, 10);
        else if (a == "--restart-after")
            restart_after = std::atoi(v.c_str());
        else if (a == "--undo")
            undos = std::atoi(v.c_str());
    }
    SolverLimits limits;
    limits.seconds = 60;
    limits.max_nodes = 20'000'000;
    const CertifyResult proof = certify(suits, deal, limits);
    if (proof.verdict != CertifyResult::Verdict::Winnable) {
        std::fprintf(stderr, "the certifier could not prove deal %llu winnable\n",
                     static_cast<unsigned long long>(deal));
        return 1;
    }
    const char* who = ":alice!a@example.org PRIVMSG croupier :";
    std::printf(
        "# A whole Spider game (%d suit%s, deal %llu) won move by move: the moves are the\n"
        "# certifier's proof. Written by tests/tools/spider_transcript.\n",
        suits, suits == 1 ? "" : "s", static_cast<unsigned long long>(deal));
    std::printf("S: %sset plain on\nwait 2s\n", who);
    std::printf("S: %snew %d %llu\nwait 15s\n", who, suits, static_cast<unsigned long long>(deal));
    std::printf("C~ PRIVMSG alice :Spider %d suits?, deal %llu .*\n", suits,
                static_cast<unsigned long long>(deal));
    Engine e(suits, deal);
    std::vector<std::string> history;
    auto play = [&](const std::string& move) {
        std::printf("S: %s%s\nwait 3s\n", who, move.c_str());
        const auto r = e.apply(move);
        if (!r.ok()) {
            std::fprintf(stderr, "the engine refused the certifier's move %s: %s\n", move.c_str(),
                         r.error.c_str());
            std::exit(1);
        }
        history.push_back(move);
        if (move.rfind("move ", 0) == 0 && !e.won()) {
            const int from = std::atoi(move.c_str() + 5);
            const int to = std::atoi(move.c_str() + 5 + (from >= 10 ? 3 : 2));
            std::printf("C~ PRIVMSG alice :Moved .*from %d to %d\\..*(^| )%d: %s( \\||$).*\n", from,
                        to, to, rx_escape(pile_text(e.view(), to)).c_str());
        } else if (move == "deal") {
            std::printf("C~ PRIVMSG alice :Dealt .*\n");
        }
    };
    for (std::size_t i = 0; i < proof.moves.size(); ++i) {
        play(proof.moves[i]);
        if (static_cast<int>(i) + 1 == restart_after) {
            std::printf("\n# The process dies here without warning and starts again.\nrestart\n");
            std::printf("S: %sboard full\nwait 15s\n", who);
            std::printf("C~ PRIVMSG alice :Spider .*moves %zu .*\n", i + 1);
            for (int p = 1; p <= 10; ++p)
                std::printf("C~ PRIVMSG alice :%d: %s$\n", p,
                            rx_escape(pile_text(e.view(), p)).c_str());
            std::printf("# Undo goes back across the restart...\n");
            for (int u = 0; u < undos; ++u) {
                std::printf("S: %sundo\nwait 3s\nC~ PRIVMSG alice :Took back .*\n", who);
                if (!e.undo().ok()) return 1;
            }
            std::printf("S: %sboard full\nwait 15s\n", who);
            for (int p = 1; p <= 10; ++p)
                std::printf("C~ PRIVMSG alice :%d: %s$\n", p,
                            rx_escape(pile_text(e.view(), p)).c_str());
            std::printf("# ...and the same moves again lead on to the win.\n\n");
            const std::vector<std::string> redo(history.end() - undos, history.end());
            for (const auto& m : redo) play(m);
        }
    }
    if (!e.won()) {
        std::fprintf(stderr, "the certifier's line did not win\n");
        return 1;
    }
    std::printf("C~ PRIVMSG alice :.*You won deal %llu.*\n", static_cast<unsigned long long>(deal));
    std::printf("wait 5s\n");
    std::printf("db SELECT status FROM games WHERE id = 1\n= finished\n");
    std::printf("db SELECT won FROM results WHERE game_id = 1\n= 1\n");
    std::printf("db SELECT points FROM results WHERE game_id = 1\n= %d\n", e.score());
    std::printf("S: %sstats\nwait 2s\n", who);
    std::printf("C~ PRIVMSG alice :alice: Spider %d suits?: 1 game, 1 won, %d points\\.\n", suits,
                e.score());
    return 0;
}
