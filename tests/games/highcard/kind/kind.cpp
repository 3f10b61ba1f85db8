// High card at an open table (its engine: tests/games/highcard/highcard.hpp): two to four
// players (the section's max_players) sit at a table in a channel and draw in turn; the kind
// says each draw and the winners, and asks for nothing else of the table layer than what a
// daemon's game does.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/games/highcard/kind/kind.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "bot/strings.hpp"
#include "games/core/card.hpp"
#include "tests/games/highcard/highcard.hpp"

namespace croupier::tests {

namespace {

using bot::Checked;
using bot::Out;
using bot::Outcome;
using bot::Refusal;
using games::highcard::Round;

class HighCardGame final : public bot::Game {
  public:
    explicit HighCardGame(const bot::GameSetup& setup)
        : names_(setup.players),
          round_(setup.deal_number, static_cast<int>(setup.players.size())) {}

    std::unique_ptr<Game> clone() const override { return std::make_unique<HighCardGame>(*this); }
    std::vector<int> awaited() const override {
        if (finished()) return {};
        return {round_.to_draw()};
    }
    bool finished() const override { return round_.finished(); }

    Checked<Outcome> act(int seat, std::string_view command, std::string_view) override {
        if (finished()) return Refusal{"The game is over."};
        if (seat < 0 || seat >= static_cast<int>(names_.size()))
            return Refusal{"You are not at this table."};
        if (bot::lower(std::string(command)) != "draw") return Refusal{"Unknown move: type draw."};
        if (seat != round_.to_draw())
            return Refusal{"It is " + name(round_.to_draw()) + "'s turn to draw."};
        const games::Card c = round_.draw();
        std::string line = name(seat) + " draws " + games::to_text(c) + ".";
        if (finished()) line += " " + winners_line();
        return Outcome{"draw", {bot::to_table(line)}, {}};
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
        for (int s = 0; s < round_.to_draw(); ++s)
            line += (line.empty() ? "" : ", ") + name(s) + " " + games::to_text(card(s));
        if (line.empty()) line = "Nobody has drawn yet";
        return {bot::to_table(line +
                              (finished() ? "." : "; " + name(round_.to_draw()) + " draws next."))};
    }
    std::vector<Out> show_hand(int seat) const override {
        if (seat < 0 || seat >= round_.to_draw())
            return {bot::to_seat(seat, "You have not drawn yet.")};
        return {bot::to_seat(seat, "You drew " + games::to_text(card(seat)) + ".")};
    }
    std::vector<bot::SeatResult> results() const override {
        std::vector<bot::SeatResult> out(names_.size());
        for (int s = 0; s < round_.to_draw() && s < static_cast<int>(out.size()); ++s) {
            out[static_cast<std::size_t>(s)].points = games::highcard::value(card(s));
            out[static_cast<std::size_t>(s)].won = round_.wins(s);
        }
        return out;
    }
    void rename(int seat, const std::string& nick) override {
        if (seat >= 0 && seat < static_cast<int>(names_.size()))
            names_[static_cast<std::size_t>(seat)] = nick;
    }

  private:
    const std::string& name(int seat) const { return names_[static_cast<std::size_t>(seat)]; }
    const games::Card& card(int seat) const {
        return round_.drawn()[static_cast<std::size_t>(seat)];
    }
    std::string winners_line() const {
        std::string who;
        for (int s : round_.winners()) who += (who.empty() ? "" : " and ") + name(s);
        return who + (who.find(" and ") == std::string::npos ? " wins." : " share the win.");
    }

    std::vector<std::string> names_;
    Round round_;
};

class HighCardKind final : public bot::GameKind {
  public:
    explicit HighCardKind(const config::Section& section) {
        table_.join_window = std::chrono::seconds(60);
        table_.turn_timeout = section.seconds("turn_timeout");
        table_.turn_warning = std::chrono::seconds(0);
        table_.grace = std::chrono::seconds(60);
        table_.min_players = 2;
        table_.max_players = static_cast<int>(section.integer("max_players"));
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
    spec.keys = {
        config::integer_key("max_players", 4, 2, 52, "players a table seats (a pack: 52)"),
        config::duration_key("turn_timeout", std::chrono::seconds(60), std::chrono::seconds(5),
                             std::chrono::hours(24), "a player's time to draw")};
    return spec;
}

std::unique_ptr<bot::GameKind> make_highcard_kind(const config::Section& section) {
    return std::make_unique<HighCardKind>(section);
}

}  // namespace croupier::tests
