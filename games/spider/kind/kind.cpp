// Spider solitaire at the daemon: the Game adapter around games/spider/engine.hpp. One seat
// (seat 0), played in private; `new`, `stats`, `help` and `hint` belong to the table
// machinery (bot/tables/), which runs `hint` through computer_action(0).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bot/kinds/kinds.hpp"
#include "bot/render.hpp"
#include "games/spider/engine.hpp"
#include "games/spider/kind/kind.hpp"
#include "games/spider/view.hpp"

#include "bot/strings.hpp"
#include "games/spider/fair.hpp"
#include "games/spider/solver.hpp"

namespace croupier::bot {

namespace {

using games::Card;
using games::spider::Change;
using games::spider::Engine;
using games::spider::View;

constexpr std::size_t kLineBudget = 390;  // bytes per line, under the daemon's 400
constexpr std::size_t kHalfLine = 150;    // a pile in a line that shows two, with words around

bool in_suit_sequence(const Card& lower_card, const Card& upper_card) {
    return lower_card.suit == upper_card.suit && lower_card.rank == upper_card.rank + 1;
}

// The face-up cards of a pile, rich, in at most `budget` bytes: in full when they fit; else
// runs of three or more of one suit in sequence as "K♠-5♠"; else only the top cards.
std::string cards_text(const std::vector<Card>& up, std::size_t budget) {
    std::string full = render::cards(up);
    if (full.size() <= budget) return full;
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < up.size();) {
        std::size_t j = i;
        while (j + 1 < up.size() && in_suit_sequence(up[j], up[j + 1])) ++j;
        if (j - i >= 2) {
            parts.push_back(render::card(up[i]) + "-" + render::card(up[j]));
        } else {
            for (std::size_t k = i; k <= j; ++k) parts.push_back(render::card(up[k]));
        }
        i = j + 1;
    }
    std::string compact;
    for (const auto& p : parts) compact += (compact.empty() ? "" : " ") + p;
    if (compact.size() <= budget) return compact;
    // Keep the top: the cards a player moves.
    std::string tail;
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
        if (tail.size() + it->size() + 8 > budget) break;
        tail = *it + (tail.empty() ? "" : " ") + tail;
    }
    return "... " + tail;
}

std::string pile_line(const Engine& e, int p, std::size_t budget = kLineBudget) {
    std::string s = std::to_string(p + 1) + ":";
    if (e.pile(p).empty()) return s + " (empty)";
    if (e.face_down(p) > 0) s += " [" + std::to_string(e.face_down(p)) + "]";
    return s + " " + cards_text(e.face_up(p), budget > s.size() + 1 ? budget - s.size() - 1 : 0);
}

// Runs of three or more of one suit in sequence as "K♠-5♠", the other cards one by one.
std::string compact_cards(const std::vector<Card>& up) {
    std::string out;
    for (std::size_t i = 0; i < up.size();) {
        std::size_t j = i;
        while (j + 1 < up.size() && in_suit_sequence(up[j], up[j + 1])) ++j;
        const std::string part =
            j - i >= 2 ? render::card(up[i]) + "-" + render::card(up[j]) : render::card(up[i]);
        out += (out.empty() ? "" : " ") + part;
        i = j - i >= 2 ? j + 1 : i + 1;
    }
    return out;
}

// One pile in the compact board: "3:[4] 9♠ 8♥" (face-down cards counted, not drawn).
std::string pile_short(const Engine& e, int p, bool runs) {
    std::string s = std::to_string(p + 1) + ":";
    if (e.pile(p).empty()) return s + " -";
    if (e.face_down(p) > 0) s += "[" + std::to_string(e.face_down(p)) + "]";
    std::string cards = runs ? compact_cards(e.face_up(p)) : render::cards(e.face_up(p));
    // A pile longer than a line on its own: shortened as `board full` shortens it.
    if (s.size() + 1 + cards.size() > kLineBudget)
        cards = cards_text(e.face_up(p), kLineBudget - s.size() - 1);
    return s + " " + cards;
}

// The ten piles in as few lines as fit (each under the line budget), separated by " | ",
// after `lead` (a sentence the first line starts with): two or three lines at ordinary
// heights. Cards in full first; if that takes more than `most` lines, runs are written
// "K♠-5♠".
std::vector<std::string> pile_lines(const Engine& e, std::size_t most = 3,
                                    const std::string& lead = "") {
    std::vector<std::string> lines;
    for (const bool runs : {false, true}) {
        lines.clear();
        std::string line = lead;
        for (int p = 0; p < Engine::kPiles; ++p) {
            const std::string one = pile_short(e, p, runs);
            if (!line.empty() && line.size() + 3 + one.size() > kLineBudget) {
                lines.push_back(line);
                line.clear();
            }
            line += (line.empty() ? "" : p == 0 ? " " : " | ") + one;
        }
        if (!line.empty()) lines.push_back(line);
        if (lines.size() <= most) break;
    }
    return lines;
}

std::string suits_text(int suits) {
    return suits == 1 ? "1 suit" : std::to_string(suits) + " suits";
}

// "deal 123", or for a daily deal, whose number is sealed until its day ends, "the daily
// deal of 2026-11-28" (GameSetup option "daily").
std::string deal_text(const Engine& e, const std::string& daily) {
    return daily.empty() ? "deal " + std::to_string(e.deal_number()) : "the daily deal of " + daily;
}

std::string header(const Engine& e, const std::string& daily) {
    std::string s =
        render::bold("Spider") + " " + suits_text(e.suits()) + ", " + deal_text(e, daily);
    if (e.keep_runs()) s += " (runs stay on the tableau)";
    s += " | score " + std::to_string(e.score()) + " | moves " + std::to_string(e.moves());
    if (e.undos() > 0) s += " | undos " + std::to_string(e.undos());
    s += " | stock: " + plural(e.stock_deals_left(), "deal", "deals") + " left | foundation " +
         std::to_string(e.foundation().size()) + "/8";
    if (!e.foundation().empty()) {
        s += " ";
        for (auto suit : e.foundation()) s += games::suit_symbol(suit);
    }
    return s;
}

std::string finale(const Engine& e) {
    return "score " + std::to_string(e.score()) + ", moves " + std::to_string(e.moves()) +
           ", undos " + std::to_string(e.undos());
}

// ---------------------------------------------------------------------------------------
// The simple fair move: sees only the View.

struct PileInfo {
    int down = 0;
    int size = 0;  // face-up cards
    int run = 0;   // movable run on top
};

std::array<PileInfo, 10> infos(const View& v) {
    std::array<PileInfo, 10> out{};
    for (std::size_t p = 0; p < 10; ++p) {
        const auto& up = v.face_up[p];
        out[p].down = v.face_down[p];
        out[p].size = static_cast<int>(up.size());
        int run = up.empty() ? 0 : 1;
        for (std::size_t i = up.size(); i-- > 1;) {
            if (!in_suit_sequence(up[i - 1], up[i])) break;
            ++run;
        }
        out[p].run = run;
    }
    return out;
}

std::string move_text(std::size_t f, std::size_t t, int n) {
    return "move " + std::to_string(f + 1) + " " + std::to_string(t + 1) + " " + std::to_string(n);
}

std::string greedy(const View& v) {
    const auto info = infos(v);
    const auto top = [&](std::size_t p) -> const Card& { return v.face_up[p].back(); };
    const auto bottom_of_run = [&](std::size_t p, int n) -> const Card& {
        return v.face_up[p][v.face_up[p].size() - static_cast<std::size_t>(n)];
    };
    bool any_empty = false;
    for (const auto& i : info) any_empty = any_empty || i.size == 0;

    // 1. Turn a face-down card: the whole face-up part is one run and goes somewhere.
    {
        std::string best;
        int best_key = -1;
        for (std::size_t f = 0; f < 10; ++f) {
            if (info[f].down == 0 || info[f].size == 0 || info[f].run != info[f].size) continue;
            const Card& low = bottom_of_run(f, info[f].run);
            for (std::size_t t = 0; t < 10; ++t) {
                if (t == f) continue;
                int key = 0;
                if (info[t].size == 0) {
                    if (info[t].down > 0) continue;  // cannot happen: face-down under nothing
                    key = 1;                         // an empty pile: the last resort
                } else if (top(t).rank == low.rank + 1) {
                    key = top(t).suit == low.suit ? 3 : 2;
                } else {
                    continue;
                }
                key = key * 100 - info[f].down;  // fewer hidden cards: closer to an empty pile
                if (key > best_key) {
                    best_key = key;
                    best = move_text(f, t, info[f].run);
                }
            }
        }
        if (!best.empty()) return best;
    }
    // 2. Build in suit: a move that joins two cards of one suit in sequence, and does not
    //    break such a pair where it leaves.
    {
        std::string best;
        int best_n = 0;
        for (std::size_t f = 0; f < 10; ++f) {
            for (int n = 1; n <= info[f].run; ++n) {
                const Card& low = bottom_of_run(f, n);
                const std::size_t below = v.face_up[f].size() - static_cast<std::size_t>(n);
                if (below > 0 && in_suit_sequence(v.face_up[f][below - 1], low)) continue;
                for (std::size_t t = 0; t < 10; ++t) {
                    if (t == f || info[t].size == 0) continue;
                    if (in_suit_sequence(top(t), low) && n > best_n) {
                        best_n = n;
                        best = move_text(f, t, n);
                    }
                }
            }
        }
        if (!best.empty()) return best;
    }
    // 3. Deal.
    if (v.stock_deals_left > 0 && !any_empty) return "deal";
    // 4. With no deals left: empty a pile of face-up cards onto a card one higher.
    if (v.stock_deals_left == 0) {
        for (std::size_t f = 0; f < 10; ++f) {
            if (info[f].down != 0 || info[f].size == 0 || info[f].run != info[f].size) continue;
            const Card& low = bottom_of_run(f, info[f].run);
            for (std::size_t t = 0; t < 10; ++t)
                if (t != f && info[t].size > 0 && top(t).rank == low.rank + 1)
                    return move_text(f, t, info[f].run);
        }
        return "";
    }
    // 5. Fill the empty piles so that the stock can be dealt: the top run of a pile that
    //    keeps cards under it.
    for (std::size_t t = 0; t < 10; ++t) {
        if (info[t].size != 0) continue;
        std::size_t best_f = 10;
        for (std::size_t f = 0; f < 10; ++f) {
            if (info[f].size == 0 || info[f].down + info[f].size <= info[f].run) continue;
            if (best_f == 10 || info[f].run < info[best_f].run) best_f = f;
        }
        if (best_f != 10) return move_text(best_f, t, info[best_f].run);
    }
    return "";
}

// ---------------------------------------------------------------------------------------

class SpiderGame final : public Game {
  public:
    SpiderGame(int suits, std::uint64_t deal, bool keep_runs, std::string daily = "")
        : engine_(suits, deal, keep_runs), daily_(std::move(daily)) {
        seen_.push_back(games::spider::position_key(engine_.view()));
    }
    explicit SpiderGame(const Engine& engine) : engine_(engine) {
        seen_.push_back(games::spider::position_key(engine_.view()));
    }

    std::unique_ptr<Game> clone() const override { return std::make_unique<SpiderGame>(*this); }
    std::vector<int> awaited() const override { return {}; }
    bool finished() const override { return engine_.over(); }

    Checked<Outcome> act(int seat, std::string_view command, std::string_view args) override {
        if (seat != 0) return Refusal{"Spider has one player."};
        const std::string cmd = lower(trim(command));
        const std::string rest = trim(args);
        std::string text;
        if (cmd == "move" || cmd == "m") {
            text = "move " + rest;
        } else if (cmd == "deal" || cmd == "d" || cmd == "undo" || cmd == "u" || cmd == "resign") {
            text = cmd + (rest.empty() ? "" : " " + rest);
        } else if (cmd == "leave") {
            text = "resign";
        } else {
            return Refusal{
                "Unknown Spider command: move FROM TO [N], deal, undo, hint, "
                "resign or board."};
        }
        games::spider::Result r = engine_.apply(text);
        if (!r.ok()) {
            std::string why = r.error;
            if (!why.empty())
                why[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(why[0])));
            return Refusal{why + "."};
        }
        // Every position the game stands in, for the hint never to lead back to one.
        seen_.push_back(games::spider::position_key(engine_.view()));
        Outcome o;
        o.canonical = r.canonical;
        o.out = describe(r.change);
        return o;
    }

    // "moves 7♠ 6♠ from pile 3 onto the 8♠ on pile 5", "deals", "undoes", "resigns".
    std::string move_text(int seat, std::string_view command,
                          std::string_view args) const override {
        const std::string cmd = lower(trim(command)), rest = trim(args);
        if (cmd == "deal" || cmd == "d") return "deals";
        if (cmd == "undo" || cmd == "u") return "undoes";
        if (cmd == "resign" || cmd == "leave") return "resigns";
        int from = 0, to = 0, n = 0;
        const int got = std::sscanf(rest.c_str(), "%d %d %d", &from, &to, &n);
        if ((cmd != "move" && cmd != "m") || got < 2 || from < 1 || from > 10 || to < 1 || to > 10)
            return Game::move_text(seat, command, args);
        const auto& dest = engine_.pile(to - 1);
        const std::string onto = dest.empty() ? "onto the empty pile " + std::to_string(to)
                                              : "onto the " + render::card(dest.back()) +
                                                    " on pile " + std::to_string(to);
        const auto up = engine_.face_up(from - 1);
        if (got < 3 || n < 1 || static_cast<std::size_t>(n) > up.size())
            return fmt::format("moves from pile {} {}", from, onto);
        std::string cards;
        for (std::size_t i = up.size() - static_cast<std::size_t>(n); i < up.size(); ++i)
            cards += (cards.empty() ? "" : " ") + render::card(up[i]);
        return fmt::format("moves {} from pile {} {}", cards, from, onto);
    }

    std::string timeout_action(int) const override { return ""; }
    std::string filler_action(int, std::uint64_t salt) const override {
        const auto legal = engine_.legal();
        return legal.empty() ? "" : legal[salt % legal.size()];
    }

    std::string computer_action(int) const override {
        if (engine_.over()) return "";
        const View v = engine_.view();
        games::spider::FairLimits limits;
        limits.avoid = &seen_;
        if (auto m = games::spider::fair_move(v, limits)) return *m;
        return greedy(v);
    }

    // "move 3 5 2: the 7♠ 6♠ onto the 8♠", "deal from the stock (4 deals left)".
    std::string hint_text(int, const std::string& action) const override {
        const int deals = engine_.stock_deals_left();
        if (action.empty())
            return deals > 0 ? "I see no useful move: deal from the stock (" +
                                   plural(deals, "deal", "deals") + " left)."
                             : "I see no useful move, and the stock is empty: undo, or resign.";
        const auto [cmd, rest] = split_command(action);
        if (cmd == "deal")
            return "deal from the stock (" + plural(deals, "deal", "deals") + " left).";
        int from = 0, to = 0, n = 0;
        if (cmd != "move" || std::sscanf(rest.c_str(), "%d %d %d", &from, &to, &n) != 3 ||
            from < 1 || from > 10 || to < 1 || to > 10 || n < 1)
            return "try " + action + ".";
        const auto up = engine_.face_up(from - 1);
        if (static_cast<std::size_t>(n) > up.size()) return "try " + action + ".";
        std::string cards;
        for (std::size_t i = up.size() - static_cast<std::size_t>(n); i < up.size(); ++i)
            cards += (cards.empty() ? "" : " ") + render::card(up[i]);
        const auto& dest = engine_.pile(to - 1);
        const std::string onto = dest.empty() ? "onto the empty pile " + std::to_string(to)
                                              : "onto the " + render::card(dest.back()) +
                                                    " on pile " + std::to_string(to);
        return fmt::format("{}: the {} from pile {} {}.", action, cards, from, onto);
    }

    std::vector<Out> start() const override {
        std::vector<Out> out = board();
        out.push_back(
            to_table("Commands: move FROM TO [N] (m), deal (d), undo (u), hint, "
                     "resign, board (b). Help: help spider."));
        return out;
    }

    std::vector<Out> show_table() const override { return board(); }
    std::vector<Out> show_table_as(std::string_view how) const override {
        if (how == "full" || how == "f") return full_board();
        return {
            to_table("board shows the piles in a few lines; board full draws each pile on a "
                     "line of its own.")};
    }
    std::vector<Out> show_hand(int) const override { return board(); }

    std::vector<SeatResult> results() const override {
        SeatResult r;
        r.points = engine_.score();
        r.won = engine_.won();
        r.detail = "score=" + std::to_string(engine_.score()) +
                   " moves=" + std::to_string(engine_.moves()) +
                   " undos=" + std::to_string(engine_.undos());
        r.moves = engine_.moves() + engine_.undos();  // an undo counts as a move
        return {r};
    }

    void rename(int, const std::string&) override {}

  private:
    // The board a player sees: the header and the piles in two or three lines, each a line
    // of its own (not packed with the header or what follows: the piles start a line).
    std::vector<Out> board() const {
        std::vector<Out> out;
        out.push_back(to_table(header(engine_, daily_)));
        for (auto& l : pile_lines(engine_)) out.push_back(layout_line(l));
        for (auto& o : out) o.view = "board";
        return out;
    }
    // `board full`: a line a pile, every card drawn.
    std::vector<Out> full_board() const {
        std::vector<Out> out;
        out.push_back(to_table(header(engine_, daily_)));
        for (int p = 0; p < Engine::kPiles; ++p) out.push_back(layout_line(pile_line(engine_, p)));
        for (auto& o : out) o.view = "board";
        return out;
    }

    // Only what changed: a move, an undo or a resignation in one line, a deal in two (the
    // whole board: a deal changes every pile).
    std::vector<Out> describe(const Change& c) const {
        std::string second;  // runs completed, the game won: said at the end of the line
        if (c.runs_completed > 0) {
            std::string suits;
            for (auto s : c.run_suits) suits += games::suit_symbol(s);
            second = (c.runs_completed == 1
                          ? "A run of " + suits + " is complete"
                          : plural(c.runs_completed, "run", "runs") + " complete (" + suits + ")") +
                     ": foundation " + std::to_string(engine_.foundation().size()) + "/8.";
        }
        if (engine_.won()) {
            second += (second.empty() ? "" : " ") + render::bold("You won") + " " +
                      deal_text(engine_, daily_) + " (" + suits_text(engine_.suits()) + ")! " +
                      finale(engine_) + ".";
        }
        // The two piles a move touched share what the line has left.
        const std::size_t half =
            std::min(kHalfLine, (kLineBudget - 60 - (second.empty() ? 0 : second.size() + 1)) / 2);
        const std::string score = " | score " + std::to_string(engine_.score());
        std::vector<Out> out;
        switch (c.kind) {
            case Change::Kind::Move: {
                std::string line = "Moved " + plural(c.count, "card", "cards") + " from " +
                                   std::to_string(c.from + 1) + " to " + std::to_string(c.to + 1) +
                                   ". " + pile_line(engine_, c.from, half) + " | " +
                                   pile_line(engine_, c.to, half) + score + ".";
                out.push_back(to_table(line));
                break;
            }
            case Change::Kind::Deal: {
                const std::string lead = "Dealt a card on each pile (" +
                                         plural(engine_.stock_deals_left(), "deal", "deals") +
                                         " left)" + score + ".";
                for (auto& l : pile_lines(engine_, 2, lead)) out.push_back(to_table(l));
                break;
            }
            case Change::Kind::Undo: {
                std::string line;
                if (c.undone == Change::Kind::Deal) {
                    line = "Took back the deal (" +
                           plural(engine_.stock_deals_left(), "deal", "deals") +
                           " in the stock). Tops:";
                    for (int p = 0; p < Engine::kPiles; ++p)
                        line += " " + std::to_string(p + 1) + ":" +
                                (engine_.pile(p).empty() ? std::string("-")
                                                         : render::card(engine_.pile(p).back()));
                } else {
                    line = "Took back move " + std::to_string(c.from + 1) + " " +
                           std::to_string(c.to + 1) + " " + std::to_string(c.count) + ". " +
                           pile_line(engine_, c.from, half) + " | " +
                           pile_line(engine_, c.to, half);
                }
                if (c.runs_returned > 0)
                    line += " | " + plural(c.runs_returned, "run", "runs") +
                            " back from the foundation";
                out.push_back(to_table(line + score + "."));
                break;
            }
            case Change::Kind::Resign:
                out.push_back(to_table("You resigned " + deal_text(engine_, daily_) + " (" +
                                       suits_text(engine_.suits()) + "): " + finale(engine_) +
                                       "."));
                return out;
            case Change::Kind::None:
                break;
        }
        // Packed with the line before it by the tables (bot/tables/lines.hpp).
        if (!second.empty()) out.push_back(to_table(second));
        return out;
    }

    Engine engine_;
    std::string daily_;                // the day of a daily deal, "" for another
    std::vector<std::uint64_t> seen_;  // position_key of every position the game stood in
};

class SpiderKind final : public GameKind {
  public:
    explicit SpiderKind(const config::Section& section)
        : default_suits_(static_cast<int>(section.integer("default_suits"))),
          abandon_after_(section.seconds("abandon_after")),
          certify_budget_(section.seconds("certify_budget")),
          seating_(PrivateRules{
              [this](std::string_view args, const std::map<std::string, std::string>& prefs) {
                  return new_game(args, prefs);
              },
              "[1|2|4] [DEAL|winnable] [keep]",
              "deals a new game: 1, 2 or 4 suits; a deal number to replay one; winnable for a "
              "deal proven winnable; keep to leave completed runs on the tableau (win at 96)",
              "resign", std::nullopt,
              [this](const PrivateStart& start, const std::vector<std::uint64_t>& candidates) {
                  return prove(start, candidates);
              },
              abandon_after_,
              // The daily deal: 4 suits unless a word says otherwise; `daily` alone plays it.
              DailyRules{{{"4", "4suit"}, {"2", "2suit"}, {"1", "1suit"}}, true}}) {}

    std::string name() const override { return "spider"; }
    std::string title() const override { return "Spider"; }
    const Seating& seating() const override { return seating_; }
    std::vector<std::string> aliases() const override { return {}; }
    const std::vector<CommandSpec>& commands() const override { return commands_; }
    std::string summary() const override {
        return "the solitaire (Aisleriot's rules), 1, 2 or 4 suits, played in private";
    }

    std::unique_ptr<Game> create(const GameSetup& setup) const override {
        int suits = default_suits_;
        if (setup.variant == "1suit")
            suits = 1;
        else if (setup.variant == "2suit")
            suits = 2;
        else if (setup.variant == "4suit")
            suits = 4;
        if (suits != 1 && suits != 2 && suits != 4) suits = 4;
        bool keep_runs = false;
        if (auto it = setup.options.find("keep_runs"); it != setup.options.end())
            keep_runs =
                it->second == "1" || lower(it->second) == "true" || lower(it->second) == "yes";
        auto daily = setup.options.find("daily");
        return std::make_unique<SpiderGame>(
            suits, setup.deal_number, keep_runs,
            daily == setup.options.end() ? std::string() : daily->second);
    }

    // new [1|2|4] [DEAL|winnable] [keep], in any order.
    Checked<PrivateStart> new_game(std::string_view args_in,
                                   const std::map<std::string, std::string>& prefs) const {
        PrivateStart start;
        int suits = default_suits_;
        bool preferred = false;
        if (auto it = prefs.find("suits"); it != prefs.end()) {
            const int p = std::atoi(it->second.c_str());
            if (p == 1 || p == 2 || p == 4) suits = p;
            preferred = p == 1 || p == 2 || p == 4;
        }
        bool suits_given = false, keep_runs = false;
        const std::string args = lower(std::string(args_in));
        std::size_t pos = 0;
        while (pos < args.size()) {
            auto end = args.find(' ', pos);
            if (end == std::string::npos) end = args.size();
            const std::string w = args.substr(pos, end - pos);
            pos = end + 1;
            if (w.empty()) continue;
            if ((w == "1" || w == "2" || w == "4") && !suits_given && !start.deal) {
                suits = w[0] - '0';  // the first small number is the suits; `new 4 1` is deal 1
                suits_given = true;
            } else if (w == "winnable") {
                start.proven = true;
            } else if (w == "keep") {
                keep_runs = true;  // Aisleriot's challenge: runs stay on the tableau, win at 96
            } else if (std::all_of(w.begin(), w.end(),
                                   [](char c) { return c >= '0' && c <= '9'; }) &&
                       w.size() <= 20) {
                if (start.deal) {
                    return Refusal{
                        "Give one deal number at most: new [1|2|4] [DEAL|winnable] [keep]."};
                }
                try {
                    start.deal = std::stoull(w);
                } catch (const std::exception&) {
                    start.deal.reset();
                }
                if (!start.deal) {
                    return Refusal{
                        "That deal number is too large: deal numbers go up to "
                        "18446744073709551615."};
                }
            } else {
                return Refusal{"I don't understand \"" + render::quote_user(w, 30) +
                               "\". Usage: new [1|2|4] [DEAL|winnable] [keep], e.g. new 2, new 4 "
                               "8812, new 4 winnable; keep: completed runs stay on the tableau."};
            }
        }
        if (start.proven && start.deal) {
            return Refusal{"Give a deal number or winnable, not both."};
        }
        if (start.proven && keep_runs) {
            return Refusal{
                "The solver proves deals for the usual rules only: new 4 winnable, or new 4 "
                "keep for a random deal with runs kept."};
        }
        start.variant = std::to_string(suits) + "suit";
        start.options["keep_runs"] = keep_runs ? "1" : "0";
        // Someone who has chosen neither here nor in `set suits` learns that there is a choice.
        if (!suits_given && !preferred)
            start.note =
                "Spider comes with 1 suit (the easiest), 2 or 4 suits (the hardest); "
                "this game has " +
                suits_text(suits) +
                ". new 1, new 2 or new 4 chooses; set suits makes one your usual.";
        return start;
    }

    // A deal proven winnable among the candidates (the solver, within the budget).
    std::optional<std::pair<std::uint64_t, std::string>> prove(
        const PrivateStart& start, const std::vector<std::uint64_t>& candidates) const {
        const int suits = start.variant.empty() ? 4 : start.variant[0] - '0';
        games::spider::SolverLimits limits;
        limits.seconds = static_cast<double>(certify_budget_.count());
        for (auto d : candidates) {
            auto res = games::spider::certify(suits, d, limits);
            if (res.verdict == games::spider::CertifyResult::Verdict::Winnable)
                return std::make_pair(d, "Deal " + std::to_string(d) +
                                             " is proven winnable (the solver won it in " +
                                             std::to_string(res.moves.size()) + " moves).");
        }
        return std::nullopt;
    }

    std::vector<Preference> preferences() const override {
        return {
            {"suits", {"1", "2", "4"}, std::to_string(default_suits_), "Spider's default suits"}};
    }

    Ladder ladder() const override {
        Ladder l;
        l.top_variants = {{"4", "4suit"}, {"1", "1suit"}, {"2", "2suit"}};
        l.variant_title = [](const std::string& variant) -> std::string {
            if (variant.size() > 4 && variant.ends_with("suit")) {
                const std::string n = variant.substr(0, variant.size() - 4);
                return n + (n == "1" ? " suit" : " suits");  // "4 suits"
            }
            return variant;
        };
        l.rated = false;
        return l;
    }

  private:
    int default_suits_ = 1;
    std::chrono::seconds abandon_after_;
    std::chrono::seconds certify_budget_;
    PrivateSeating seating_;
    std::vector<CommandSpec> commands_ = {
        {"board",
         {"b"},
         "[full]",
         "shows the ten piles (face-down cards counted), the stock, the foundation and the "
         "score in a few lines; board full draws each pile on its own line",
         CommandSpec::Role::Board},
        {"move",
         {"m"},
         "FROM TO [N]",
         "moves N cards (a run of one suit in sequence) from pile FROM to pile TO (1-10); "
         "without N the longest run that fits"},
        {"deal", {"d"}, "", "deals one card onto every pile from the stock (no pile may be empty)"},
        {"undo", {"u"}, "", "takes back the last move or deal (as often as you like)"},
        {"hint", {}, "", "suggests a move", CommandSpec::Role::Hint},
        {"resign", {}, "", "gives up this deal (it counts as lost)"},
    };
};

}  // namespace

namespace spider {

std::unique_ptr<Game> make_game(const games::spider::Engine& engine) {
    return std::make_unique<SpiderGame>(engine);
}

std::string pile_text(const games::spider::Engine& engine, int pile, std::size_t budget) {
    return pile_line(engine, pile, budget);
}

std::string greedy_move(const games::spider::View& view) {
    return greedy(view);
}

}  // namespace spider

config::SectionSpec spider_section() {
    using config::Seconds;
    using std::chrono::hours;
    config::SectionSpec spec;
    spec.name = "spider";
    config::KeySpec suits = config::integer_key("default_suits", 1, 1, 4);
    suits.check = [range = suits.check](const std::string& v) {
        range(v);
        if (v == "3") throw config::ValueError{"default_suits must be 1, 2 or 4"};
    };
    spec.keys = {
        suits,
        config::duration_key("abandon_after", Seconds{30 * 24 * 3600}, Seconds{60},
                             hours{24 * 3650}),
        // Hints are a quick heuristic (games/spider/fair.hpp), not a timed search.
        config::retired_key("hint_budget",
                            "hints are quick and need no time budget; remove the line"),
        config::duration_key("certify_budget", Seconds{5}, Seconds{1}, Seconds{3600}),
    };
    return spec;
}

std::unique_ptr<GameKind> make_spider_kind(const config::Section& section) {
    return std::make_unique<SpiderKind>(section);
}

}  // namespace croupier::bot
