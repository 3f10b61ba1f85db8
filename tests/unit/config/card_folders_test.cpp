// The card folders a kind's `cards` key names (bot/card_folders.hpp): built in or an
// operator's, and the operator's mistakes stopping startup on the key's line.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "bot/card_folders.hpp"
#include "bot/kinds/kinds.hpp"
#include "config/config.hpp"

namespace fs = std::filesystem;
using croupier::bot::CardFiles;
using croupier::bot::CardFolder;
using croupier::bot::read_card_folder;

namespace {

constexpr CardFiles kCsv{"vcg", ".csv", "no .csv files (one faction a file)"};

struct TempDir {
    fs::path path;
    TempDir() {
        path = fs::temp_directory_path() /
               ("croupier-cards-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    void write(const std::string& name, const std::string& text) const {
        std::ofstream(path / name, std::ios::binary) << text;
    }
};

}  // namespace

TEST(CardFolders, BuiltinIsTheKindsFilesUnderData) {
    const auto read = read_card_folder("BuiltIn", ".", kCsv);
    ASSERT_TRUE(read) << read.why();
    const CardFolder& f = *read;
    ASSERT_FALSE(f.cards.empty());
    for (const auto& c : f.cards) {
        EXPECT_EQ(c.path.rfind("(built in) data/vcg/", 0), 0u) << c.path;
        EXPECT_EQ(c.path.substr(c.path.size() - 4), ".csv") << c.path;
        EXPECT_FALSE(c.text.empty()) << c.path;
    }
    ASSERT_EQ(f.decks.size(), 1u);
    EXPECT_EQ(f.decks[0].path, "(built in) data/vcg/decks.txt");
}

TEST(CardFolders, AFolderGivesItsCardFilesInNameOrderAndItsDecks) {
    TempDir d;
    d.write("b.csv", "second");
    d.write("a.csv", "first");
    d.write("notes.md", "not a card file");
    d.write("empty.csv", "");
    d.write("decks.txt", "the decks");
    fs::create_directory(d.path / "folder.csv");  // a folder is no card file
    // Relative to the configuration file's folder.
    const auto read = read_card_folder(d.path.filename().string(), d.path.parent_path(), kCsv);
    ASSERT_TRUE(read) << read.why();
    const CardFolder& f = *read;
    ASSERT_EQ(f.cards.size(), 3u);
    EXPECT_EQ(f.cards[0].path, (d.path / "a.csv").string());
    EXPECT_EQ(f.cards[0].text, "first");
    EXPECT_EQ(f.cards[1].path, (d.path / "b.csv").string());
    EXPECT_EQ(f.cards[1].text, "second");
    EXPECT_EQ(f.cards[2].path, (d.path / "empty.csv").string());
    EXPECT_EQ(f.cards[2].text, "");
    ASSERT_EQ(f.decks.size(), 1u);
    EXPECT_EQ(f.decks[0].text, "the decks");

    // decks.txt is never a card file, even where card files are *.txt.
    constexpr CardFiles kTxt{"adventurer", ".txt", "no card files (*.txt)"};
    d.write("cards.txt", "cards");
    const auto read_txt = read_card_folder(d.path.string(), "/", kTxt);
    ASSERT_TRUE(read_txt) << read_txt.why();
    const CardFolder& t = *read_txt;
    ASSERT_EQ(t.cards.size(), 1u);
    EXPECT_EQ(t.cards[0].text, "cards");
    EXPECT_EQ(t.decks.size(), 1u);
}

TEST(CardFolders, AMissingOrEmptyFolderSaysWhich) {
    TempDir d;
    EXPECT_TRUE(read_card_folder((d.path / "nope").string(), "/", kCsv).is_fault());
    EXPECT_EQ(read_card_folder((d.path / "nope").string(), "/", kCsv).why(),
              (d.path / "nope").string() + ": not a folder");
    d.write("x.txt", "");
    EXPECT_EQ(read_card_folder(d.path.string(), "/", kCsv).why(),
              d.path.string() + ": no .csv files (one faction a file)");
    d.write("x.csv", "");
    EXPECT_EQ(read_card_folder((d.path / "x.csv").string(), "/", kCsv).why(),
              (d.path / "x.csv").string() + ": not a folder");
}

TEST(CardFolders, AnOperatorsBadFolderStopsStartupOnTheKeysLine) {
    TempDir d;
    const std::string text =
        "[bot]\nnick = dealer\n[network n]\nhost = irc.example.org\n[vcg]\n"
        "cards = builtin, " +
        d.path.string() + "\n";
    try {
        croupier::config::parse(text, "croupier.ini", {}, croupier::bot::kind_specs());
        ADD_FAILURE() << "an empty card folder was accepted";
    } catch (const croupier::config::ConfigError& e) {
        EXPECT_EQ(e.line, 6);
        EXPECT_EQ(e.key, "vcg.cards");
        EXPECT_NE(std::string(e.what()).find("no .csv files"), std::string::npos) << e.what();
    }
}
