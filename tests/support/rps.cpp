// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/support/rps.hpp"

#include <array>
#include <stdexcept>
#include <string>

#include "bot/strings.hpp"

namespace croupier::tests {

namespace {

using bot::Checked;
using bot::Out;
using bot::Outcome;
using bot::Refusal;

const std::array<std::string, 3> kThrows = {"rock", "paper", "scissors"};
constexpr int kRoundsToWin = 2;
constexpr int kMaxRounds = 9;  // then a draw
constexpr std::chrono::seconds kPause{5};

int parse_throw(const std::string& w) {
    for (int i = 0; i < 3; ++i)
        if (w == kThrows[static_cast<std::size_t>(i)] ||
            w == kThrows[static_cast<std::size_t>(i)].substr(0, 1))
            return i;
    return -1;
}

// 1: a beats b, -1: b beats a, 0: a draw.
int beats(int a, int b) {
    if (a == b) return 0;
    return (a - b + 3) % 3 == 1 ? 1 : -1;
}

class RpsGame final : public bot::Game {
  public:
    explicit RpsGame(const bot::GameSetup& setup) : names_(setup.players) {
        names_.resize(2);
        for (int s = 0; s < 2; ++s) {
            auto it = setup.options.find("saved." + std::to_string(s));
            tally_[s] = it == setup.options.end() ? 0 : std::atoi(it->second.c_str());
        }
    }

    std::unique_ptr<Game> clone() const override { return std::make_unique<RpsGame>(*this); }

    std::vector<int> awaited() const override {
        std::vector<int> out;
        if (finished() || paused_) return out;
        for (int s = 0; s < 2; ++s)
            if (choice_[s] < 0) out.push_back(s);
        return out;
    }
    bool finished() const override { return winner_ != -1; }
    std::optional<std::chrono::seconds> wake_after() const override {
        if (paused_ && !finished()) return kPause;
        return std::nullopt;
    }

    Checked<Outcome> act(int seat, std::string_view command, std::string_view args) override {
        const std::string cmd = bot::lower(std::string(command));
        if (finished()) return Refusal{"The duel is over."};
        if (cmd == "wake") {
            if (seat != -1 || !paused_) return Refusal{"Nothing to wake."};
            paused_ = false;
            ++round_;
            return Outcome{"wake",
                           {bot::to_table("Round " + std::to_string(round_) +
                                          ": throw rock, paper or scissors, in private.")},
                           {}};
        }
        if (seat < 0 || seat > 1) return Refusal{"You are not in this duel."};
        if (cmd == "leave") {
            winner_ = 1 - seat;
            return Outcome{"leave",
                           {bot::to_table(names_[seat] + " gives up: " + names_[1 - seat] +
                                          " wins the duel.")},
                           {}};
        }
        if (cmd != "throw" && cmd != "t")
            return Refusal{"Unknown move: throw rock, paper or scissors."};
        if (paused_) return Refusal{"The next round starts in a moment; wait for it."};
        if (choice_[seat] >= 0)
            return Refusal{"You have chosen already; wait for " + names_[1 - seat] + "."};
        // A bug, for the tests: the game changes, then throws (tests/replay-kinds/fault.replay).
        if (bot::lower(bot::trim(args)) == "fault") {
            choice_[seat] = 0;
            throw std::runtime_error("a fault for the tests");
        }
        const int c = parse_throw(bot::lower(bot::trim(args)));
        if (c < 0) return Refusal{"Throw rock, paper or scissors, e.g. throw rock."};
        choice_[seat] = c;
        Outcome o{"throw " + kThrows[static_cast<std::size_t>(c)], {}, {}};
        o.out.push_back(
            bot::to_seat(seat, "You throw " + kThrows[static_cast<std::size_t>(c)] + "."));
        if (choice_[1 - seat] < 0) {
            o.out.push_back(bot::to_table(names_[seat] + " has chosen."));
            return o;
        }
        const int r = beats(choice_[0], choice_[1]);
        std::string line = "Round " + std::to_string(round_) + ": " + names_[0] + " " +
                           kThrows[static_cast<std::size_t>(choice_[0])] + ", " + names_[1] + " " +
                           kThrows[static_cast<std::size_t>(choice_[1])] + ": ";
        if (r == 0) {
            line += "a draw";
        } else {
            const int w = r > 0 ? 0 : 1;
            ++won_[w];
            line += names_[w] + " takes it";
        }
        line += " (" + std::to_string(won_[0]) + "-" + std::to_string(won_[1]) + ").";
        choice_ = {-1, -1};
        if (won_[0] == kRoundsToWin || won_[1] == kRoundsToWin) {
            winner_ = won_[0] == kRoundsToWin ? 0 : 1;
            line += " " + names_[winner_] + " wins the duel.";
        } else if (round_ >= kMaxRounds) {
            winner_ = 2;  // a draw
            line += " No winner after " + std::to_string(kMaxRounds) + " rounds: a draw.";
        } else {
            paused_ = true;
        }
        o.out.push_back(bot::to_table(line));
        return o;
    }

    std::string timeout_action(int) const override { return "throw rock"; }
    std::string computer_action(int) const override {
        // Sees nothing of the other's choice: a fixed cycle by round.
        return "throw " + kThrows[static_cast<std::size_t>(round_ % 3)];
    }

    std::vector<Out> start() const override {
        return {bot::to_table(names_[0] + " (" + std::to_string(tally_[0]) +
                              " rounds won so far) "
                              "against " +
                              names_[1] + " (" + std::to_string(tally_[1]) +
                              "): best of three. Round 1: throw rock, paper or scissors, in "
                              "private.")};
    }
    std::vector<Out> show_table() const override {
        std::string waiting;
        for (int s : awaited()) waiting += (waiting.empty() ? "" : " and ") + names_[s];
        return {bot::to_table("Round " + std::to_string(round_) + ", " + names_[0] + " " +
                              std::to_string(won_[0]) + "-" + std::to_string(won_[1]) + " " +
                              names_[1] +
                              (waiting.empty() ? "." : "; waiting for " + waiting + "."))};
    }
    std::vector<Out> show_hand(int seat) const override {
        if (seat < 0 || seat > 1) return {};
        return {bot::to_seat(
            seat, choice_[seat] < 0
                      ? "You have not thrown yet this round."
                      : "You threw " + kThrows[static_cast<std::size_t>(choice_[seat])] + ".")};
    }
    std::vector<bot::SeatResult> results() const override {
        std::vector<bot::SeatResult> out(2);
        for (int s = 0; s < 2; ++s) {
            out[s].points = won_[s];
            out[s].won = winner_ == s;
            out[s].detail = "rounds=" + std::to_string(won_[s]);
            out[s].saved = std::to_string(tally_[s] + won_[s]);
            out[s].xp = 10 * won_[s];
        }
        return out;
    }
    void rename(int seat, const std::string& nick) override {
        if (seat >= 0 && seat < 2) names_[static_cast<std::size_t>(seat)] = nick;
    }

  private:
    std::vector<std::string> names_;
    std::array<int, 2> choice_{-1, -1};
    std::array<int, 2> won_{0, 0};
    std::array<int, 2> tally_{0, 0};
    int round_ = 1;
    bool paused_ = false;
    int winner_ = -1;  // 0, 1, or 2 for a draw
};

class RpsKind final : public bot::GameKind {
  public:
    RpsKind() {
        table_.join_window = std::chrono::seconds(120);
        table_.turn_timeout = std::chrono::seconds(60);
        table_.turn_warning = std::chrono::seconds(0);
        table_.grace = std::chrono::seconds(60);
        table_.min_players = table_.max_players = 2;
        commands_ = {{"throw", {"t"}, "rock|paper|scissors", "your secret choice, in private"}};
    }
    std::string name() const override { return "rps"; }
    std::string title() const override { return "RPS"; }
    std::vector<std::string> aliases() const override { return {}; }
    const std::vector<bot::CommandSpec>& commands() const override { return commands_; }
    std::string summary() const override { return "rock, paper, scissors (tests only)"; }
    const bot::Seating& seating() const override { return seating_; }
    std::unique_ptr<bot::Game> create(const bot::GameSetup& setup) const override {
        return std::make_unique<RpsGame>(setup);
    }

  private:
    config::TableConfig table_;
    bot::DuelSeating seating_{table_};
    std::vector<bot::CommandSpec> commands_;
};

}  // namespace

// No keys of its own: its section is there for the daemon to read as every kind's.
config::SectionSpec rps_section() {
    config::SectionSpec spec;
    spec.name = "rps";
    return spec;
}

std::unique_ptr<bot::GameKind> make_rps_kind(const config::Section&) {
    return std::make_unique<RpsKind>();
}

}  // namespace croupier::tests
