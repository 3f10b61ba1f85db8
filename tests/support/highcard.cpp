// High card: a game kind that lives only in tests, the proof that a game is added by its
// own files and one registration line (tests/support/list.hpp), here on the open table's
// seating (RPS, beside it, is a duel). Two to four players sit at a table in a channel; in
// turn each draws one card from a pack shuffled by the deal number; the highest rank wins
// (an Ace is high), and players who tie for it share the win.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "bot/game.hpp"
#include "bot/strings.hpp"
#include "games/core/card.hpp"
#include "games/core/rng.hpp"

namespace croupier::tests {

namespace {

using bot::Out;
using bot::Outcome;

int high(const games::Card& c) {
    return c.rank == 1 ? 14 : c.rank;
}

class HighCardGame final : public bot::Game {
  public:
    explicit HighCardGame(const bot::GameSetup& setup)
        : names_(setup.players), pack_(games::standard_pack()) {
        games::DealRng rng(setup.deal_number);
        rng.shuffle(pack_);
    }

    std::unique_ptr<Game> clone() const override { return std::make_unique<HighCardGame>(*this); }
    std::vector<int> awaited() const override {
        if (finished()) return {};
        return {static_cast<int>(drawn_.size())};
    }
    bool finished() const override { return drawn_.size() >= names_.size(); }

    Outcome act(int seat, std::string_view command, std::string_view) override {
        if (finished()) return Outcome::refuse("The game is over.");
        if (seat < 0 || seat >= static_cast<int>(names_.size()))
            return Outcome::refuse("You are not at this table.");
        if (bot::lower(std::string(command)) != "draw")
            return Outcome::refuse("Unknown move: type draw.");
        if (seat != static_cast<int>(drawn_.size()))
            return Outcome::refuse("It is " + names_[drawn_.size()] + "'s turn to draw.");
        const games::Card c = pack_[drawn_.size()];
        drawn_.push_back(c);
        std::string line =
            names_[static_cast<std::size_t>(seat)] + " draws " + games::to_text(c) + ".";
        if (finished()) line += " " + winners_line();
        return Outcome{{}, "draw", {bot::to_table(line)}};
    }

    std::string timeout_action(int) const override { return "draw"; }
    std::string computer_action(int) const override { return "draw"; }

    std::vector<Out> start() const override {
        return {bot::to_table(std::to_string(names_.size()) +
                              " players, one card each, the highest wins; " + names_[0] +
                              " draws first.")};
    }
    std::vector<Out> show_table() const override {
        std::string line;
        for (std::size_t s = 0; s < drawn_.size(); ++s)
            line += (line.empty() ? "" : ", ") + names_[s] + " " + games::to_text(drawn_[s]);
        if (line.empty()) line = "Nobody has drawn yet";
        return {bot::to_table(line +
                              (finished() ? "." : "; " + names_[drawn_.size()] + " draws next."))};
    }
    std::vector<Out> show_hand(int seat) const override {
        if (seat < 0 || seat >= static_cast<int>(drawn_.size()))
            return {bot::to_seat(seat, "You have not drawn yet.")};
        return {bot::to_seat(seat, "You drew " + games::to_text(drawn_[seat]) + ".")};
    }
    std::vector<bot::SeatResult> results() const override {
        std::vector<bot::SeatResult> out(names_.size());
        for (std::size_t s = 0; s < drawn_.size() && s < out.size(); ++s) {
            out[s].points = high(drawn_[s]);
            out[s].won = high(drawn_[s]) == best();
        }
        return out;
    }
    void rename(int seat, const std::string& nick) override {
        if (seat >= 0 && seat < static_cast<int>(names_.size()))
            names_[static_cast<std::size_t>(seat)] = nick;
    }

  private:
    int best() const {
        int b = 0;
        for (const auto& c : drawn_) b = std::max(b, high(c));
        return b;
    }
    std::string winners_line() const {
        std::string who;
        for (std::size_t s = 0; s < drawn_.size(); ++s)
            if (high(drawn_[s]) == best()) who += (who.empty() ? "" : " and ") + names_[s];
        return who + (who.find(" and ") == std::string::npos ? " wins." : " share the win.");
    }

    std::vector<std::string> names_;
    std::vector<games::Card> pack_;
    std::vector<games::Card> drawn_;
};

class HighCardKind final : public bot::GameKind {
  public:
    HighCardKind() {
        table_.join_window = std::chrono::seconds(60);
        table_.turn_timeout = std::chrono::seconds(60);
        table_.turn_warning = std::chrono::seconds(0);
        table_.grace = std::chrono::seconds(60);
        table_.min_players = 2;
        table_.max_players = 4;
        // Its hand command has a name of its own: the role says what it is.
        commands_ = {{"draw", {}, "", "draws your card"},
                     {"mine", {}, "", "shows the card you drew", bot::CommandSpec::Role::Hand}};
    }
    std::string name() const override { return "highcard"; }
    std::string title() const override { return "High card"; }
    std::vector<std::string> aliases() const override { return {"hc"}; }
    const std::vector<bot::CommandSpec>& commands() const override { return commands_; }
    std::string summary() const override { return "one card each, the highest wins (tests only)"; }
    const bot::Seating& seating() const override { return seating_; }
    std::unique_ptr<bot::Game> create(const bot::GameSetup& setup) const override {
        return std::make_unique<HighCardGame>(setup);
    }

  private:
    config::TableConfig table_;
    bot::OpenTableSeating seating_{table_};
    std::vector<bot::CommandSpec> commands_;
};

}  // namespace

config::SectionSpec highcard_section() {
    config::SectionSpec spec;
    spec.name = "highcard";
    return spec;
}

std::unique_ptr<bot::GameKind> make_highcard_kind(const config::Section&) {
    return std::make_unique<HighCardKind>();
}

}  // namespace croupier::tests
