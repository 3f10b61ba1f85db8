// SPDX-License-Identifier: GPL-3.0-or-later
// The Exordia8 Game adapter: what players type, what the table and the seats are told.
#include <gtest/gtest.h>

#include <algorithm>

#include "bot/kinds/kinds.hpp"
#include "bot/render.hpp"

using namespace croupier;
using namespace croupier::bot;

namespace {

std::unique_ptr<GameKind> kind() {
    return make_exordia8_kind(config::defaults(exordia8_section()));
}

std::unique_ptr<Game> game(int players, std::uint64_t deal, bool computers = false) {
    GameSetup s;
    for (int i = 0; i < players; ++i) {
        s.players.push_back("p" + std::to_string(i));
        s.computer.push_back(computers);
    }
    s.deal_number = deal;
    return kind()->create(s);
}

int table_lines(const std::vector<Out>& out) {
    return static_cast<int>(
        std::count_if(out.begin(), out.end(), [](const Out& o) { return o.to == Out::To::Table; }));
}

std::string everything(const std::vector<Out>& out) {
    std::string s;
    for (const auto& o : out) s += render::to_plain(o.text) + "\n";
    return s;
}

std::string split_first(const std::string& action, std::string& rest) {
    const auto sp = action.find(' ');
    rest = sp == std::string::npos ? "" : action.substr(sp + 1);
    return action.substr(0, sp);
}

}  // namespace

TEST(Exordia8Adapter, KindAndCommandTable) {
    auto k = kind();
    EXPECT_EQ(k->name(), "exordia8");
    EXPECT_EQ(k->title(), "Exordia8");
    EXPECT_EQ(k->aliases(), std::vector<std::string>{"e8"});
    std::vector<std::string> names;
    for (const auto& c : k->commands()) names.push_back(c.name);
    EXPECT_EQ(names, (std::vector<std::string>{"play", "draw", "pass", "hand"}));
    EXPECT_EQ(k->commands()[0].aliases, std::vector<std::string>{"p"});
    EXPECT_EQ(k->commands()[1].aliases, std::vector<std::string>{"d"});
    EXPECT_EQ(k->commands()[3].aliases, std::vector<std::string>{"h"});
}

TEST(Exordia8Adapter, StartAnnouncesCommitmentAndSendsEachHandToItsSeat) {
    auto g = game(3, 1);
    const auto out = g->start();
    EXPECT_LE(table_lines(out), 2);
    const std::string all = everything(out);
    // sha256("1")
    EXPECT_NE(all.find("6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b"),
              std::string::npos);
    EXPECT_EQ(all.find("deal 1"), std::string::npos);
    int seats = 0;
    for (const auto& o : out) {
        if (o.to != Out::To::Seat) continue;
        ++seats;
        if (o.seat == 0) {
            // Sorted clubs, diamonds, hearts, spades, with positions.
            EXPECT_NE(render::to_plain(o.text).find("1:9d 2:Qd 3:3h 4:Qh 5:9s"), std::string::npos)
                << render::to_plain(o.text);
        }
        if (o.seat == 1) {
            EXPECT_EQ(render::to_plain(o.text).find("9d"), std::string::npos);
        }
    }
    EXPECT_EQ(seats, 3);
    EXPECT_EQ(g->awaited(), std::vector<int>{0});
}

TEST(Exordia8Adapter, ParseForms) {
    for (const char* typed : {"qd", "Qd", "Q♦", "q d", "2", "QD"}) {
        auto g = game(3, 1);
        const auto o = g->act(0, "play", typed);
        ASSERT_TRUE(o) << typed << ": " << o.why();
        EXPECT_EQ(o->canonical, "play Qd") << typed;
    }
    auto g = game(3, 1);
    EXPECT_TRUE(g->act(0, "p", "1"));  // 9d
    EXPECT_EQ(g->act(1, "d", "")->canonical, "draw");
    // Seat 2 holds 8c: the suit as a letter or a word.
    for (const char* typed : {"8c s", "8c spades", "8♣ Spade", "1 s", "8C S"}) {
        auto c = g->clone();
        const auto o = c->act(2, "play", typed);
        ASSERT_TRUE(o) << typed << ": " << o.why();
        EXPECT_EQ(o->canonical, "play 8c s") << typed;
        EXPECT_NE(everything(o->out).find("names spades"), std::string::npos);
    }
    // Ten as T or 10: parsed, then refused for not being held; the card named as in a hand
    // (a suit symbol; letters in plain text).
    for (const char* typed : {"Th", "10h"}) {
        const std::string error = g->act(2, "play", typed).why();
        EXPECT_NE(error.find("10♥"), std::string::npos) << error;
        EXPECT_EQ(render::to_plain(error), "You have no 10h.");
    }
}

TEST(Exordia8Adapter, RefusalsChangeNothing) {
    auto g = game(3, 1);
    const auto hand_before = everything(g->show_hand(0));
    const auto table_before = everything(g->show_table());
    const std::vector<std::pair<int, std::string>> bad = {
        {1, "3c"}, {0, "Qh"}, {0, "zz"}, {0, ""}, {0, "9"}, {0, "8h"}, {0, "9d x"}, {0, "9d s"}};
    for (const auto& [seat, typed] : bad) {
        const auto o = g->act(seat, "play", typed);
        EXPECT_FALSE(o) << typed;
        EXPECT_TRUE(o.is_refusal());
    }
    EXPECT_FALSE(g->act(0, "pass", ""));
    EXPECT_FALSE(g->act(0, "frobnicate", ""));
    EXPECT_EQ(g->act(1, "draw", "").why(), "It is p0's turn, not yours.");
    EXPECT_NE(g->act(0, "play", "Qh").why().find("Queen of Hearts"), std::string::npos);
    EXPECT_EQ(everything(g->show_hand(0)), hand_before);
    EXPECT_EQ(everything(g->show_table()), table_before);
    EXPECT_EQ(g->awaited(), std::vector<int>{0});
}

TEST(Exordia8Adapter, DrawnCardOnlyToTheDrawerAndNextHandToTheNextSeat) {
    auto g = game(3, 1);
    ASSERT_TRUE(g->act(0, "play", "9d"));
    const auto o = g->act(1, "draw", "");
    ASSERT_TRUE(o);
    EXPECT_EQ(table_lines(o->out), 1);
    bool drawer_told = false, next_told = false;
    for (const auto& out : o->out) {
        const std::string t = render::to_plain(out.text);
        if (out.to == Out::To::Table) {
            EXPECT_EQ(t.find("2d"), std::string::npos) << t;  // the card drawn (DEALS.md)
            // The mover's count where the move is told; the next player is only named.
            EXPECT_NE(t.find("p1 draws a card (6 cards). p2 to play on 9d"), std::string::npos)
                << t;
        } else if (out.seat == 1) {
            EXPECT_NE(t.find("You draw 2d"), std::string::npos) << t;
            drawer_told = true;
        } else {
            EXPECT_EQ(out.seat, 2);
            EXPECT_NE(t.find("Your turn"), std::string::npos) << t;
            next_told = true;
        }
    }
    EXPECT_TRUE(drawer_told);
    EXPECT_TRUE(next_told);
}

TEST(Exordia8Adapter, CanonicalTextReplaysTheSameGame) {
    auto a = game(4, 77, true);
    auto b = game(4, 77, true);
    for (int step = 0; step < 2000 && !a->finished(); ++step) {
        const int seat = a->awaited().front();
        std::string rest;
        const std::string move = a->computer_action(seat);
        const std::string cmd = split_first(move, rest);
        const auto oa = a->act(seat, cmd, rest);
        ASSERT_TRUE(oa) << move << ": " << oa.why();
        std::string rest2;
        const std::string cmd2 = split_first(oa->canonical, rest2);
        const auto ob = b->act(seat, cmd2, rest2);
        ASSERT_TRUE(ob);
        ASSERT_EQ(everything(oa->out), everything(ob->out));
    }
    ASSERT_TRUE(a->finished());
    ASSERT_TRUE(b->finished());
    int winners = 0;
    for (const auto& r : a->results()) winners += r.won;
    EXPECT_EQ(winners, 1);
}

TEST(Exordia8Adapter, TimeoutActionIsAlwaysAccepted) {
    for (std::uint64_t deal = 1; deal <= 20; ++deal) {
        auto g = game(5, deal);
        for (int step = 0; step < 5000 && !g->finished(); ++step) {
            const int seat = g->awaited().front();
            std::string rest;
            const std::string move = step % 3 ? g->computer_action(seat) : g->timeout_action(seat);
            const std::string cmd = split_first(move, rest);
            const auto o = g->act(seat, cmd, rest);
            ASSERT_TRUE(o) << move << ": " << o.why();
        }
        EXPECT_TRUE(g->finished());
    }
}

// A person's turn costs at most two table lines. What computer players do is held and told
// with the move after which a person plays (or the game ends), packed: never more lines than
// moves, and at most two more than the moves held.
TEST(Exordia8Adapter, AtMostTwoTableLinesPerTurnWithFiftyPlayers) {
    int turns = 0, total_lines = 0, releases = 0;
    for (std::uint64_t deal = 1; deal <= 5; ++deal) {
        GameSetup s;
        for (int i = 0; i < 50; ++i) {
            s.players.push_back("a_rather_long_nick_" + std::to_string(i));
            s.computer.push_back(i % 2 == 0);  // half humans: their hands go out too
        }
        s.deal_number = deal;
        auto g = kind()->create(s);
        for (const auto& o : g->start())
            for (const auto& piece : render::split(o.text)) EXPECT_LE(piece.size(), 400u);
        const auto table = g->show_table();
        EXPECT_LE(table_lines(table), 2);
        for (const auto& o : table) EXPECT_EQ(render::split(o.text).size(), 1u) << o.text;
        int held = 0;  // moves told in no line yet
        while (!g->finished()) {
            const int seat = g->awaited().front();
            std::string rest;
            const std::string cmd = split_first(g->computer_action(seat), rest);
            const auto o = g->act(seat, cmd, rest);
            ASSERT_TRUE(o) << o.why();
            ++turns;
            int lines = 0;
            for (const auto& out : o->out) {
                if (out.to != Out::To::Table) {
                    EXPECT_FALSE(s.computer[out.seat]);
                    continue;
                }
                const auto pieces = render::split(out.text);
                EXPECT_EQ(pieces.size(), 1u) << out.text;  // packed under the limit
                lines += static_cast<int>(pieces.size());
            }
            total_lines += lines;
            const bool computer_next = !g->finished() && s.computer[g->awaited().front()];
            if (computer_next) {
                EXPECT_EQ(lines, 0) << everything(o->out);
                ++held;
            } else {
                EXPECT_GE(lines, 1);
                EXPECT_LE(lines, held + 2) << everything(o->out);
                if (held == 0) {
                    EXPECT_LE(lines, 2) << everything(o->out);
                }
                held = 0;
                ++releases;
            }
            ASSERT_LT(turns, 100000);
        }
        EXPECT_EQ(held, 0);
        EXPECT_LE(table_lines(g->show_table()), 2);
    }
    EXPECT_GT(turns, 100);
    EXPECT_GT(releases, 0);
    EXPECT_LT(total_lines, turns);  // half the seats are computers: their moves ride along
}

TEST(Exordia8Adapter, LeaveAndGameEnd) {
    auto g = game(2, 1);
    const auto o = g->act(1, "leave", "");
    ASSERT_TRUE(o);
    EXPECT_EQ(o->canonical, "leave");
    EXPECT_TRUE(g->finished());
    const std::string all = everything(o->out);
    EXPECT_NE(all.find("p1 leaves the game (5 cards forfeited)"), std::string::npos) << all;
    EXPECT_NE(all.find("p0 is the last player in"), std::string::npos) << all;
    EXPECT_NE(all.find("The sealed deal was 1 "), std::string::npos) << all;
    EXPECT_LE(table_lines(o->out), 2);
    const auto res = g->results();
    ASSERT_EQ(res.size(), 2u);
    EXPECT_TRUE(res[0].won);
    EXPECT_FALSE(res[1].won);
    EXPECT_EQ(res[0].points, 0);
    EXPECT_TRUE(g->awaited().empty());
    EXPECT_FALSE(g->act(0, "draw", ""));
}
