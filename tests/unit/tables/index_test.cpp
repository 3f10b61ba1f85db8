// A network's tables and how they are found (bot/tables/index.hpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/index.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using croupier::bot::Seat;
using croupier::bot::Table;
using croupier::bot::TableId;
using croupier::bot::TableIndex;

namespace {

std::unique_ptr<Table> channel_table(TableId id, const std::string& place_key) {
    auto t = std::make_unique<Table>();
    t->id = id;
    t->place = place_key;
    t->place_key = place_key;
    return t;
}

std::unique_ptr<Table> private_game(TableId id, const std::string& person) {
    auto t = std::make_unique<Table>();
    t->id = id;
    t->in_private = true;
    t->place = "nick";
    Seat s;
    s.key = person;
    t->seats.push_back(s);
    return t;
}

std::vector<TableId> ids(const std::vector<Table*>& tables) {
    std::vector<TableId> out;
    for (const Table* t : tables) out.push_back(t->id);
    return out;
}

}  // namespace

TEST(TableIndex, ChannelTablesAreFoundByPlaceOldestFirst) {
    TableIndex index;
    index.add(channel_table(7, "#cards"));
    index.add(channel_table(3, "#cards"));  // restored with an older id after a newer one
    index.add(channel_table(5, "#other"));
    EXPECT_EQ(ids(index.at("#cards")), (std::vector<TableId>{3, 7}));
    EXPECT_EQ(ids(index.at("#other")), (std::vector<TableId>{5}));
    EXPECT_TRUE(index.at("#nowhere").empty());
    EXPECT_TRUE(index.private_games_of("#cards").empty());  // a place is nobody's
    EXPECT_EQ(index.size(), 3u);
    ASSERT_NE(index.by_id(5), nullptr);
    EXPECT_EQ(index.by_id(5)->place, "#other");
    EXPECT_EQ(index.by_id(4), nullptr);
    std::vector<TableId> all;
    for (const auto& [id, t] : index) all.push_back(id);
    EXPECT_EQ(all, (std::vector<TableId>{3, 5, 7}));
}

TEST(TableIndex, PrivateGamesAreFoundByTheirPerson) {
    TableIndex index;
    index.add(private_game(2, "a:ann"));
    index.add(private_game(4, "a:ann"));
    index.add(private_game(6, "a:bob"));
    EXPECT_EQ(ids(index.private_games_of("a:ann")), (std::vector<TableId>{2, 4}));
    EXPECT_EQ(ids(index.private_games_of("a:bob")), (std::vector<TableId>{6}));
    EXPECT_TRUE(index.at("").empty());  // a private game is in no channel
}

TEST(TableIndex, ARemovedTableIsFoundNoWhere) {
    TableIndex index;
    index.add(channel_table(1, "#cards"));
    index.add(private_game(2, "a:ann"));
    auto gone = index.remove(1);
    ASSERT_NE(gone, nullptr);
    EXPECT_EQ(gone->id, 1);
    EXPECT_TRUE(index.at("#cards").empty());
    EXPECT_EQ(index.by_id(1), nullptr);
    EXPECT_EQ(index.remove(1), nullptr);  // not twice
    ASSERT_NE(index.remove(2), nullptr);
    EXPECT_TRUE(index.private_games_of("a:ann").empty());
    EXPECT_TRUE(index.empty());
}

TEST(TableIndex, SeatsChangingHandsAreFoundAnewAfterReindex) {
    TableIndex index;
    Table& t = index.add(private_game(9, "l:ann"));  // a seat saved when seats went by nick
    t.seats.front().key = "a:ann";                   // claimed by its person
    EXPECT_TRUE(index.private_games_of("a:ann").empty());
    index.reindex();
    EXPECT_EQ(ids(index.private_games_of("a:ann")), (std::vector<TableId>{9}));
    EXPECT_TRUE(index.private_games_of("l:ann").empty());
}

// The lists hold the tables themselves: a table added under an id already taken (a game
// taken back) replaces the one there in every list, and none keeps the old one.
TEST(TableIndex, ATableAddedUnderItsIdReplacesTheOldOneEverywhere) {
    TableIndex index;
    index.add(channel_table(4, "#cards"));
    index.add(channel_table(6, "#cards"));
    Table& back = index.add(channel_table(4, "#cards"));
    back.place = "back";
    ASSERT_EQ(index.at("#cards").size(), 2u);
    EXPECT_EQ(index.at("#cards").front(), &back);
    EXPECT_EQ(ids(index.at("#cards")), (std::vector<TableId>{4, 6}));
    EXPECT_EQ(index.size(), 2u);
}

// A private game whose seat changed hands without a reindex is still taken out of the list
// it was found in: no list keeps a table that is gone.
TEST(TableIndex, ARemovedTableLeavesTheListsEvenIfItsSeatChangedHands) {
    TableIndex index;
    Table& t = index.add(private_game(9, "l:ann"));
    index.add(private_game(10, "l:ann"));
    t.seats.front().key = "a:ann";  // not reindexed
    ASSERT_NE(index.remove(9), nullptr);
    EXPECT_EQ(ids(index.private_games_of("l:ann")), (std::vector<TableId>{10}));
    EXPECT_TRUE(index.private_games_of("a:ann").empty());
}
