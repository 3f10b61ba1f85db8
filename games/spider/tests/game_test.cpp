// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <memory>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "bot/kinds/kinds.hpp"
#include "bot/render.hpp"
#include "bot/worker.hpp"
#include "games/spider/engine.hpp"
#include "games/spider/kind/kind.hpp"

using namespace croupier;
using namespace croupier::bot;

namespace {

std::unique_ptr<GameKind> kind() {
    return make_spider_kind(config::defaults(spider_section()));
}

std::unique_ptr<Game> game(int suits, std::uint64_t deal, bool keep_runs = false) {
    GameSetup s;
    s.players = {"alice"};
    s.computer = {false};
    s.deal_number = deal;
    s.variant = std::to_string(suits) + "suit";
    s.options["keep_runs"] = keep_runs ? "1" : "0";
    return kind()->create(s);
}

std::vector<std::string> plain(const std::vector<Out>& out) {
    std::vector<std::string> lines;
    for (const auto& o : out) {
        EXPECT_EQ(o.to, Out::To::Table);
        lines.push_back(render::to_plain(o.text));
    }
    return lines;
}

void expect_short_lines(const std::vector<Out>& out) {
    for (const auto& o : out) {
        EXPECT_LT(o.text.size(), 400u) << o.text;
        for (char c : o.text) {
            EXPECT_NE(c, '\r');
            EXPECT_NE(c, '\n');
            EXPECT_NE(c, '\0');
        }
    }
}

std::pair<std::string, std::string> split(const std::string& action) {
    const auto sp = action.find(' ');
    if (sp == std::string::npos) return {action, ""};
    return {action.substr(0, sp), action.substr(sp + 1)};
}

bool contains(const std::string& hay, std::string_view needle) {
    return hay.find(needle) != std::string::npos;
}

}  // namespace

TEST(SpiderGame, KindAndCommandTable) {
    auto k = kind();
    EXPECT_EQ(k->name(), "spider");
    EXPECT_EQ(k->title(), "Spider");
    EXPECT_TRUE(k->aliases().empty());
    std::vector<std::string> names;
    for (const auto& c : k->commands()) names.push_back(c.name);
    EXPECT_EQ(names, (std::vector<std::string>{"board", "move", "deal", "undo", "hint", "resign"}));
    const auto& cmds = k->commands();
    EXPECT_EQ(cmds[0].aliases, std::vector<std::string>{"b"});
    EXPECT_EQ(cmds[1].aliases, std::vector<std::string>{"m"});
    EXPECT_EQ(cmds[1].args, "FROM TO [N]");
    EXPECT_EQ(cmds[2].aliases, std::vector<std::string>{"d"});
    EXPECT_EQ(cmds[3].aliases, std::vector<std::string>{"u"});
    EXPECT_FALSE(k->summary().empty());
}

TEST(SpiderGame, BoardOfDealOne) {
    auto g = game(4, 1);
    EXPECT_TRUE(g->awaited().empty());
    EXPECT_FALSE(g->finished());
    EXPECT_EQ(g->timeout_action(0), "");
    // The compact board: the header and the ten piles in one line at the deal.
    const auto board = g->show_table();
    ASSERT_EQ(board.size(), 2u);
    expect_short_lines(board);
    const auto lines = plain(board);
    EXPECT_TRUE(contains(lines[0], "deal 1")) << lines[0];
    EXPECT_TRUE(contains(lines[0], "4 suits")) << lines[0];
    EXPECT_TRUE(contains(lines[0], "score 0")) << lines[0];
    EXPECT_TRUE(contains(lines[0], "5 deals left")) << lines[0];
    EXPECT_TRUE(contains(lines[0], "foundation 0/8")) << lines[0];
    EXPECT_EQ(lines[1].substr(0, 20), "1:[5] 9c | 2:[4] Ah ") << lines[1];
    EXPECT_TRUE(lines[1].ends_with(" | 10:[5] 6h")) << lines[1];
    // The rich form has suit symbols and red in colour.
    EXPECT_TRUE(contains(board[1].text, "\xE2\x99\xA5")) << board[1].text;  // ♥
    EXPECT_TRUE(contains(board[1].text,
                         "\x03"
                         "04"))
        << board[1].text;
    // `board full`: a line a pile, as before.
    const auto full = plain(g->show_table_as("full"));
    ASSERT_EQ(full.size(), 11u);
    EXPECT_EQ(full[1], "1: [5] 9c");
    EXPECT_EQ(full[2], "2: [4] Ah");
    EXPECT_EQ(full[10], "10: [5] 6h");
    EXPECT_TRUE(contains(plain(g->show_table_as("sideways"))[0], "board full"));
    const auto start = g->start();
    EXPECT_EQ(start.size(), 3u);  // the board and a line of commands
    expect_short_lines(start);
    EXPECT_TRUE(contains(render::to_plain(start[0].text), "deal 1"));
}

TEST(SpiderGame, MoveShowsOnlyWhatChangedAndReplaysFromCanonical) {
    auto g = game(4, 1);
    auto replay = g->clone();
    Checked<Outcome> o = g->act(0, "m", "3 1");
    ASSERT_TRUE(o) << o.why();
    EXPECT_EQ(o->canonical, "move 3 1 1");
    ASSERT_EQ(o->out.size(), 1u);
    expect_short_lines(o->out);
    const std::string line = render::to_plain(o->out[0].text);
    EXPECT_TRUE(contains(line, "1: [5] 9c 8s")) << line;
    EXPECT_TRUE(contains(line, "3: [3] ")) << line;
    EXPECT_TRUE(contains(line, "score 0")) << line;
    // The canonical text, split as the journal does, gives the same result.
    const auto [cmd, args] = split(o->canonical);
    Checked<Outcome> again = replay->act(0, cmd, args);
    ASSERT_TRUE(again) << again.why();
    EXPECT_EQ(again->canonical, o->canonical);
    EXPECT_EQ(plain(replay->show_table()), plain(g->show_table()));
}

TEST(SpiderGame, RefusalsChangeNothing) {
    auto g = game(4, 1);
    const auto before = plain(g->show_table());
    for (auto [cmd, args] : std::vector<std::pair<std::string, std::string>>{{"move", "3 4 1"},
                                                                             {"move", "12 1"},
                                                                             {"m", "1 1"},
                                                                             {"move", ""},
                                                                             {"undo", ""},
                                                                             {"hint", ""},
                                                                             {"board", ""},
                                                                             {"fly", "away"},
                                                                             {"deal", "now"}}) {
        Checked<Outcome> o = g->act(0, cmd, args);
        EXPECT_FALSE(o) << cmd << " " << args;
        EXPECT_TRUE(o.is_refusal());
    }
    Checked<Outcome> o = g->act(0, "move", "3 4 1");
    EXPECT_EQ(o.why(), "An 8 cannot go on a King (pile 4): it goes on a 9 or an empty pile.");
    EXPECT_FALSE(g->act(1, "deal", ""));
    EXPECT_EQ(plain(g->show_table()), before);
}

TEST(SpiderGame, DealAndUndoLines) {
    auto g = game(4, 1);
    Checked<Outcome> o = g->act(0, "d", "");
    ASSERT_TRUE(o) << o.why();
    EXPECT_EQ(o->canonical, "deal");
    // After a deal, the whole board after the deal's words, in at most two lines (here one).
    ASSERT_EQ(o->out.size(), 1u);
    EXPECT_EQ(render::to_plain(o->out[0].text),
              "Dealt a card on each pile (4 deals left) | score 0. "
              "1:[5] 9c Qc | 2:[4] Ah 6d | 3:[4] 8s 4c | 4:[5] Ks 3c | 5:[4] 2d Jc | 6:[4] 7d Kd | "
              "7:[5] 5d 3d | 8:[4] 3s 7c | 9:[4] 4h 7c | 10:[5] 6h Ac");
    o = g->act(0, "u", "");
    ASSERT_TRUE(o) << o.why();
    EXPECT_EQ(o->canonical, "undo");
    ASSERT_EQ(o->out.size(), 1u);
    const std::string line = render::to_plain(o->out[0].text);
    EXPECT_TRUE(contains(line, "Took back the deal (5 deals in the stock)")) << line;
    EXPECT_TRUE(contains(line, "1:9c 2:Ah")) << line;
    // The board counts the undo.
    EXPECT_TRUE(contains(plain(g->show_table())[0], "undos 1"));
}

TEST(SpiderGame, ResignFinishesWithResults) {
    auto g = game(2, 7);
    ASSERT_TRUE(g->act(0, "deal", ""));
    ASSERT_TRUE(g->act(0, "undo", ""));
    ASSERT_TRUE(g->act(0, "deal", ""));
    Checked<Outcome> o = g->act(0, "resign", "");
    ASSERT_TRUE(o) << o.why();
    EXPECT_EQ(o->canonical, "resign");
    EXPECT_TRUE(g->finished());
    ASSERT_EQ(o->out.size(), 1u);
    EXPECT_TRUE(contains(render::to_plain(o->out[0].text), "You resigned deal 7 (2 suits)"));
    const auto res = g->results();
    ASSERT_EQ(res.size(), 1u);
    EXPECT_FALSE(res[0].won);
    EXPECT_TRUE(contains(plain(g->show_table())[0], "score " + std::to_string(res[0].points)));
    EXPECT_EQ(res[0].detail, "score=" + std::to_string(res[0].points) + " moves=2 undos=1");
    EXPECT_FALSE(g->act(0, "deal", ""));
    EXPECT_EQ(g->computer_action(0), "");
}

TEST(SpiderGame, KeepRunsAndVariants) {
    auto kept = game(1, 3, true);
    EXPECT_TRUE(contains(plain(kept->show_table())[0], "runs stay on the tableau"));
    EXPECT_TRUE(contains(plain(kept->show_table())[0], "1 suit,"));
    EXPECT_FALSE(contains(plain(game(1, 3)->show_table())[0], "runs stay"));
    // The 1-suit deal 1 of DEALS.md.
    const auto lines = plain(game(1, 1)->show_table_as("full"));
    EXPECT_EQ(lines[1], "1: [5] 9s");
    EXPECT_EQ(lines[4], "4: [5] Ks");
}

// The computer's move (the fair player's once it exists) is one the game accepts.
TEST(SpiderGame, ComputerMovesAreLegalAndOutputStaysShort) {
    for (int suits : {1, 2, 4}) {
        auto g = game(suits, 1);
        for (int steps = 0; steps < 10 && !g->finished(); ++steps) {
            const std::string action = g->computer_action(0);
            if (action.empty()) break;
            const auto [cmd, args] = split(action);
            Checked<Outcome> o = g->act(0, cmd, args);
            ASSERT_TRUE(o) << action << ": " << o.why();
            EXPECT_EQ(o->canonical, action);
            EXPECT_LE(o->out.size(), 2u);
            expect_short_lines(o->out);
        }
        expect_short_lines(g->show_table());
    }
}

// The greedy move: always legal, and following it always ends (no move back and forth).
TEST(SpiderGame, GreedyMovesAreLegalAndEnd) {
    int won = 0;
    for (int suits : {1, 2, 4}) {
        for (std::uint64_t deal = 1; deal <= 10; ++deal) {
            games::spider::Engine e(suits, deal);
            int steps = 0;
            for (; steps < 3000 && !e.over(); ++steps) {
                const std::string action = spider::greedy_move(e.view());
                if (action.empty()) break;
                const auto r = e.apply(action);
                ASSERT_TRUE(r.ok()) << action << ": " << r.error;
            }
            EXPECT_LT(steps, 3000) << suits << " suits, deal " << deal;
            if (e.won()) ++won;
        }
    }
    std::printf("greedy won %d of 30 deals\n", won);  // for the record, not a strength test
}

namespace {

using games::Card;
using games::Suit;
using games::spider::Engine;

std::vector<Card> run_of(Suit s, int high, int low) {
    std::vector<Card> v;
    for (int r = high; r >= low; --r) v.push_back(Card::make(r, s));
    return v;
}

Engine::Layout plain_layout() {
    Engine::Layout l;
    for (auto& p : l.piles) p = {Card::make(5, Suit::Clubs)};
    return l;
}

}  // namespace

TEST(SpiderGame, WinningMoveSaysSoAndScores96) {
    auto l = plain_layout();
    l.foundation = std::vector<Suit>(7, Suit::Spades);
    l.piles[0] = run_of(Suit::Hearts, 13, 2);
    l.piles[1] = {Card::make(1, Suit::Hearts)};
    auto g = spider::make_game(Engine::from_layout(4, l));
    EXPECT_FALSE(g->finished());
    Checked<Outcome> o = g->act(0, "m", "2 1");
    ASSERT_TRUE(o) << o.why();
    EXPECT_EQ(o->canonical, "move 2 1 1");
    ASSERT_EQ(o->out.size(), 2u);
    EXPECT_EQ(render::to_plain(o->out[0].text),
              "Moved 1 card from 2 to 1. 2: (empty) | 1: (empty) | score 96.");
    // Told with the move: the two lines together fit the width the tables pack to.
    EXPECT_LE(o->out[0].text.size() + 1 + o->out[1].text.size(), render::kWidth);
    EXPECT_EQ(render::to_plain(o->out[1].text),
              "A run of h is complete: foundation 8/8. You won deal 0 (4 suits)! score 96, "
              "moves 1, undos 0.");
    EXPECT_TRUE(g->finished());
    const auto res = g->results();
    ASSERT_EQ(res.size(), 1u);
    EXPECT_TRUE(res[0].won);
    EXPECT_EQ(res[0].points, 96);
    EXPECT_EQ(res[0].detail, "score=96 moves=1 undos=0");
}

TEST(SpiderGame, KeepRunsWinAtNinetySix) {
    auto l = plain_layout();
    for (std::size_t p = 0; p < 7; ++p) l.piles[p] = run_of(Suit::Spades, 13, 1);
    l.piles[7] = run_of(Suit::Spades, 13, 2);
    l.piles[8] = {Card::make(1, Suit::Spades)};
    auto g = spider::make_game(Engine::from_layout(1, l, true));
    EXPECT_TRUE(games::spider::Engine::from_layout(1, l, true).score() == 95);
    Checked<Outcome> o = g->act(0, "move", "9 8");
    ASSERT_TRUE(o) << o.why();
    ASSERT_EQ(o->out.size(), 2u);
    EXPECT_TRUE(contains(render::to_plain(o->out[1].text), "You won deal 0 (1 suit)! score 96"))
        << render::to_plain(o->out[1].text);
    EXPECT_TRUE(g->finished());
    EXPECT_TRUE(g->results()[0].won);
}

TEST(SpiderGame, LongPilesAreShortenedUnderTheBudget) {
    auto l = plain_layout();
    std::vector<Card> big = run_of(Suit::Spades, 13, 2);
    for (Suit s : {Suit::Hearts, Suit::Diamonds, Suit::Clubs}) {
        auto r = run_of(s, 13, 2);
        big.insert(big.end(), r.begin(), r.end());
    }
    for (int i = 0; i < 9; ++i)
        big.push_back(Card::make(10 - i, i % 2 ? Suit::Hearts : Suit::Clubs));
    l.piles[2] = big;  // 57 cards face up
    l.piles[3] = {Card::make(1, Suit::Hearts)};
    const Engine e = Engine::from_layout(4, l);
    // In full it would not fit one line.
    EXPECT_GT(render::cards(e.face_up(2)).size(), 390u);
    const std::string line = spider::pile_text(e, 2, 390);
    EXPECT_LE(line.size(), 390u);
    const std::string plain_line = render::to_plain(line);
    EXPECT_EQ(plain_line.substr(0, 15), "3: Ks-2s Kh-2h ") << plain_line;
    EXPECT_TRUE(contains(plain_line, "10c 9h 8c 7h 6c 5h 4c 3h 2c")) << plain_line;
    const std::string tight = render::to_plain(spider::pile_text(e, 2, 60));
    EXPECT_LE(spider::pile_text(e, 2, 60).size(), 60u);
    EXPECT_TRUE(contains(tight, "... ")) << tight;
    EXPECT_TRUE(contains(tight, "3h 2c")) << tight;
    // A move between two long piles still makes one line under 400 bytes.
    auto g = spider::make_game(e);
    const auto board = g->show_table();
    expect_short_lines(board);
    Checked<Outcome> o = g->act(0, "move", "4 3");
    ASSERT_TRUE(o) << o.why();
    ASSERT_EQ(o->out.size(), 1u);
    expect_short_lines(o->out);
    o = g->act(0, "undo", "");
    ASSERT_TRUE(o) << o.why();
    expect_short_lines(o->out);
    EXPECT_TRUE(contains(render::to_plain(o->out[0].text), "Took back move 4 3 1."))
        << o->out[0].text;
}

// Issue 31: the hint (the kind's computer_action) never leads back to a position the game
// has stood in: deal 1 with 2 suits, whose hints once went back at move 51.
TEST(SpiderGame, HintsNeverLeadBackWhereTheGameHasBeen) {
    auto g = game(2, 1);
    auto position = [&] {
        std::string key;
        for (const auto& line : plain(g->show_table())) {
            // The board without its score and move count, which every move changes.
            std::string l = line;
            for (const char* field : {"| score ", "| moves "}) {
                const auto at = l.find(field);
                if (at != std::string::npos) l.erase(at, l.find('|', at + 1) - at);
            }
            key += l + "\n";
        }
        return key;
    };
    std::vector<std::string> seen{position()};
    for (int i = 0; i < 70 && !g->finished(); ++i) {
        const std::string hint = g->computer_action(0);
        if (hint.empty()) break;
        const auto sp = hint.find(' ');
        const auto o =
            g->act(0, hint.substr(0, sp), sp == std::string::npos ? "" : hint.substr(sp + 1));
        ASSERT_TRUE(o) << hint << ": " << o.why();
        const std::string now = position();
        ASSERT_EQ(std::count(seen.begin(), seen.end(), now), 0) << "move " << i << ": " << hint;
        seen.push_back(now);
    }
}

// Issue 47: a hint may think 0.1 s, off the event loop. The bot's `hint`
// (TableCommands::hint, bot/tables/play.cpp) runs the kind's computer_action on a copy of
// the game on the Worker's thread, and its answer comes back to the event loop as a
// continuation. Two players, each in a private 4-suit game: alice asks for a hint, then bob
// moves; bob's move is answered first. The hint waits (at most 30 s) until bob's move was
// answered, as a long hint would: were the hint run on the event loop (a Worker inline, as
// in replays), bob's move could only be answered after it, and the order checked fails.
TEST(SpiderGame, AnotherPlayersMoveIsAnsweredWhileAHintThinks) {
    boost::asio::io_context io;
    Worker worker(io, false, 1);
    auto alice = game(4, 1);
    auto bob = game(4, 2);
    std::vector<std::string> answered;
    std::promise<void> bob_answered;
    std::shared_future<void> bob_done = bob_answered.get_future().share();
    // alice: "hint", as TableCommands::hint makes it.
    std::shared_ptr<Game> copy(alice->clone());
    worker.run([copy, bob_done, &answered]() -> Worker::Continuation {
        bob_done.wait_for(std::chrono::seconds(30));
        const std::string hint = copy->hint_text(0, copy->computer_action(0));
        return [hint, &answered] { answered.push_back("alice: Hint: " + hint); };
    });
    // bob: a legal move, on the event loop.
    boost::asio::post(io, [&] {
        const auto [cmd, args] = split(bob->filler_action(0, 0));
        const auto o = bob->act(0, cmd, args);
        answered.push_back(std::string("bob: ") + (o ? "moved" : "refused"));
        bob_answered.set_value();
    });
    auto guard = boost::asio::make_work_guard(io);
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (answered.size() < 2 && std::chrono::steady_clock::now() < until)
        io.run_one_for(std::chrono::seconds(1));
    ASSERT_EQ(answered.size(), 2u);
    EXPECT_EQ(answered[0], "bob: moved");
    EXPECT_TRUE(contains(answered[1], "alice: Hint: ")) << answered[1];
}
