// Thousands of commands, right and wrong, from several people, with nick changes, parts,
// quits, kicks and time passing, through the whole daemon (a replay): the bot must come
// out of it answering, and (under ASan/UBSan in the test command) without a memory error.
// The inputs come from a fixed seed, so a failure can be replayed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bot/log.hpp"
#include "bot/replay.hpp"
#include "games/core/rng.hpp"

namespace {

std::string chaos_transcript(std::uint64_t seed, int events) {
    croupier::games::DealRng rng(seed);
    auto pick = [&](const std::vector<std::string>& v) -> const std::string& {
        return v[rng.below(v.size())];
    };
    const std::vector<std::string> people = {"alice", "bob", "carol", "dave", "root"};
    const std::vector<std::string> channel_cmds = {"!e8",
                                                   "!e8 bot",
                                                   "!exordia8",
                                                   "!join",
                                                   "!join",
                                                   "!leave",
                                                   "!start",
                                                   "!start",
                                                   "!bot",
                                                   "!table",
                                                   "!hand",
                                                   "!h",
                                                   "!draw",
                                                   "!draw",
                                                   "!d",
                                                   "!pass",
                                                   "!play",
                                                   "!play 1",
                                                   "!p 2",
                                                   "!play 3 s",
                                                   "!play 8h spades",
                                                   "!play 10h",
                                                   "!play Joker",
                                                   "!play 99",
                                                   "!play 8d x",
                                                   "!help",
                                                   "!help e8",
                                                   "!help spider",
                                                   "!games",
                                                   "!stats",
                                                   "!stats bob",
                                                   "!top e8",
                                                   "!top spider 2",
                                                   "!top",
                                                   "!set plain on",
                                                   "!set plain off",
                                                   "!stop #cards",
                                                   "!rehash",
                                                   "!spider",
                                                   "!",
                                                   "!!",
                                                   "!\x01VERSION\x01",
                                                   "!play \x03"
                                                   "04,99x",
                                                   "!join #x",
                                                   "!part",
                                                   "!\xff\xfe",
                                                   "!play \xe2\x99",
                                                   "! play 5"};
    const std::vector<std::string> private_cmds = {"new",
                                                   "new 1",
                                                   "new 2 7",
                                                   "new 4 winnable",
                                                   "new 9 9 9",
                                                   "board",
                                                   "b",
                                                   "move 1 2",
                                                   "m 3 4 2",
                                                   "m 11 1",
                                                   "move",
                                                   "deal",
                                                   "d",
                                                   "undo",
                                                   "u",
                                                   "hint",
                                                   "resign",
                                                   "stats",
                                                   "help",
                                                   "help spider",
                                                   "set suits 1",
                                                   "set delivery privmsg",
                                                   "join #other",
                                                   "stop alice",
                                                   "part #cards",
                                                   "hand",
                                                   "play 10h",
                                                   "\x01PING 1\x01",
                                                   "\x01FINGER\x01"};
    std::ostringstream t;
    t << "seed " << seed << "\nset exordia8.join_window = 20s\nset exordia8.turn_timeout = 30s\n"
      << "set exordia8.turn_warning = 10s\nset exordia8.grace = 40s\n"
      << "set network replay.channels = #cards, #other\n";
    for (int i = 0; i < events; ++i) {
        const std::string& who = pick(people);
        const std::string host = who == "root" ? "admin.example.org" : "example.org";
        const std::string src = ":" + who + "!" + who.substr(0, 1) + "@" + host + " ";
        const auto r = rng.below(100);
        if (r < 55) {
            t << "S: " << src << "PRIVMSG #cards :" << pick(channel_cmds) << "\n";
        } else if (r < 80) {
            t << "S: " << src << "PRIVMSG croupier :" << pick(private_cmds) << "\n";
        } else if (r < 84) {
            t << "S: " << src << "PART #cards :bye\n";
        } else if (r < 88) {
            t << "S: " << src << "JOIN #cards\n";
        } else if (r < 90) {
            t << "S: " << src << "QUIT :gone\n";
        } else if (r < 92) {
            t << "S: :root!r@admin.example.org KICK #cards " << who << " :out\n";
        } else if (r < 93) {
            // A nick change and back, so the seat follows the person both ways.
            t << "S: " << src << "NICK :" << who << "_\n";
            t << "S: :" << who << "_!x@" << host << " NICK :" << who << "\n";
        } else if (r < 94) {
            t << "restart\n";
        } else {
            t << "wait " << (1 + rng.below(45)) << "s\n";
        }
    }
    // Whatever happened, the bot still answers (after its queue has drained).
    t << "wait 3h\nS: :zed!z@example.org PRIVMSG croupier :games\nwait 10s\n"
      << "C~ PRIVMSG zed :(Playing|No games).*\n";
    return t.str();
}

TEST(Chaos, TheBotSurvivesAndStillAnswers) {
    croupier::bot::log::set_level(croupier::bot::log::Level::Error);
    // CROUPIER_CHAOS_SEEDS=N runs seeds 1..N instead of the usual three (for a long soak).
    std::uint64_t seeds = 3;
    if (const char* env = std::getenv("CROUPIER_CHAOS_SEEDS"))
        seeds = std::strtoull(env, nullptr, 10);
    for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
        const auto path = std::filesystem::temp_directory_path() /
                          ("croupier-chaos-" + std::to_string(seed) + ".replay");
        std::ofstream(path) << chaos_transcript(seed, 1000);
        std::ostringstream out, err;
        const int rc = croupier::bot::run_replay(path.string(), "", false, out, err);
        EXPECT_EQ(rc, 0) << "seed " << seed << ": " << err.str() << "\n(transcript kept at " << path
                         << ")";
        if (rc == 0) std::filesystem::remove(path);
    }
}

}  // namespace
