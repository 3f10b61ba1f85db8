// Spider: Encounters at the daemon: the Game adapter around games/encounters/. A private
// game of two seats: the player (seat 0) and the enemy (seat 1, a computer seat whose
// moves the table makes and journals one by one). The party is the person's saved data of
// this kind (their profile): experience, Battle Flow streak, focus carried over.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bot/kinds/kinds.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "games/encounters/encounter.hpp"
#include "games/encounters/player.hpp"

namespace croupier::bot {

namespace {

namespace enc = games::encounters;
using enc::Encounter;

constexpr std::size_t kLineBudget = 390;

// Saved data: "xp=N streak=N focus=N".
enc::PartyState read_party(const std::string& text) {
    enc::PartyState p;
    std::istringstream in(text);
    std::string word;
    while (in >> word) {
        const auto eq = word.find('=');
        if (eq == std::string::npos) continue;
        const std::string key = word.substr(0, eq);
        long long v = 0;
        try {
            v = std::stoll(word.substr(eq + 1));
        } catch (const std::exception&) {
            continue;
        }
        if (key == "xp") p.xp = std::clamp(v, 0LL, 1LL << 40);
        if (key == "streak") p.streak = static_cast<int>(std::clamp(v, 0LL, 1000LL));
        if (key == "focus") p.carried_focus = static_cast<int>(std::clamp(v, 0LL, 10LL));
    }
    return p;
}

std::string write_party(const enc::PartyState& p) {
    return fmt::format("xp={} streak={} focus={}", p.xp, p.streak, p.carried_focus);
}

std::string card_text(const Encounter& e, const enc::Card& c) {
    return e.card_name(c);
}

// The rank a card goes on ("J", "3"); "" for a King.
std::string next_rank_of(const Encounter& e, const enc::Card& c) {
    const int above = e.board(0).next_above(c);
    return above == 0 ? "" : enc::rank_name(above);
}

// One pile: "3: [2] 4W [1] Jb 2a" (face-down cards counted, in place).
std::string pile_text(const Encounter& e, int p) {
    const enc::Board& b = e.board(0);
    std::string s = std::to_string(p + 1) + ":";
    const auto& pile = b.pile(p);
    if (pile.empty()) return s + " -";
    int down = 0;
    for (std::size_t i = 0; i < pile.size(); ++i) {
        if (!b.face_up(p, static_cast<int>(i))) {
            ++down;
            continue;
        }
        if (down > 0) s += " [" + std::to_string(down) + "]";
        down = 0;
        s += " " + card_text(e, pile[i]);
    }
    if (down > 0) s += " [" + std::to_string(down) + "]";
    return s;
}

// The ten piles in as few lines as fit.
std::vector<std::string> pile_lines(const Encounter& e) {
    std::vector<std::string> lines;
    std::string line;
    for (int p = 0; p < enc::Board::kPiles; ++p) {
        const std::string one = pile_text(e, p);
        if (!line.empty() && line.size() + 3 + one.size() > kLineBudget) {
            lines.push_back(line);
            line.clear();
        }
        line += (line.empty() ? "" : " | ") + one;
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
}

std::string name_of(const Encounter& e, int who) {
    return e.characters()[static_cast<std::size_t>(who)].name;
}

// "Goblin a 6/8, Wolf b out": each enemy with the cards of it left in your game.
std::string enemies_text(const Encounter& e) {
    std::string s;
    for (std::size_t c = 0; c < e.characters().size(); ++c) {
        const auto& ch = e.characters()[c];
        if (ch.party) continue;
        const int left = e.board(0).remaining(static_cast<int>(c));
        s += (s.empty() ? "" : ", ") + ch.name + " (L" + std::to_string(ch.level) + ") " +
             (left == 0 ? std::string("out") : std::to_string(left) + " left");
    }
    return s;
}

std::string party_text(const Encounter& e) {
    std::string s;
    for (const auto& ch : e.characters()) {
        if (!ch.party) continue;
        s += (s.empty() ? "" : ", ") + ch.name +
             (ch.rallied     ? " (rallied)"
              : ch.conscious ? ""
                             : " (unconscious)");
    }
    return s;
}

std::string turn_text(const Encounter& e) {
    if (e.turn() < 0) return "";
    const auto& ch = e.characters()[static_cast<std::size_t>(e.turn())];
    if (!ch.party) return "the enemy's turn";
    return render::bold(ch.name) + "'s turn";
}

std::string status_line(const Encounter& e) {
    const enc::Board& b = e.board(0);
    const int deals = static_cast<int>((b.stock().size() + 9) / 10);
    return fmt::format(
        "Round {} | {} | focus {} | stock: {} | re-deals left {} | enemies: {} | "
        "party: {}",
        e.round(), turn_text(e), e.focus(0), plural(deals, "deal", "deals"),
        enc::kMaxRedeals - e.redeals(0), enemies_text(e), party_text(e));
}

// What the abilities the party knows are, for the prompt.
std::string abilities_text(int level) {
    std::string s;
    for (int a = 0; a < enc::kAbilities; ++a) {
        const auto& info = enc::ability_info(static_cast<enc::Ability>(a));
        if (!enc::knows(level, info.ability)) continue;
        s += (s.empty() ? "" : ", ") + std::string(info.name) + " (" + enc::class_name(info.owner) +
             ")";
    }
    return s.empty() ? "none yet (the first at level 2)" : s;
}

class EncounterGame final : public Game {
  public:
    EncounterGame(const enc::PartyState& party, std::uint64_t deal, int rules,
                  std::string daily = "")
        : before_(party),
          deal_(deal),
          rules_(rules),
          e_(party, deal, rules),
          daily_(std::move(daily)) {}

    std::unique_ptr<Game> clone() const override { return std::make_unique<EncounterGame>(*this); }
    std::vector<int> awaited() const override {
        if (e_.outcome() == enc::Outcome::Playing && e_.side_to_play() == 1) return {1};
        return {};
    }
    bool finished() const override { return e_.outcome() != enc::Outcome::Playing; }

    Checked<Outcome> act(int seat, std::string_view command, std::string_view args) override {
        const std::string cmd = lower(trim(command));
        const std::string rest = trim(args);
        if (finished()) return Refusal{"The encounter is over: enc new starts another."};
        if (seat == 1) return enemy(cmd + (rest.empty() ? "" : " " + rest));
        if (seat != 0) return Refusal{"An encounter has one player."};
        if (e_.side_to_play() != 0) return Refusal{"The enemy is moving; wait a moment."};
        std::string text;
        if (cmd == "move" || cmd == "m") {
            int f = 0, t = 0, n = 0;
            char extra = 0;
            const int got = std::sscanf(rest.c_str(), "%d %d %d %c", &f, &t, &n, &extra);
            if (got < 2 || got > 3)
                return Refusal{
                    "Move what? move FROM TO [N]: two pile numbers (1-10) and how many cards, "
                    "e.g. move 3 7 or move 3 7 2."};
            text =
                got == 3 ? fmt::format("move {} {} {}", f, t, n) : fmt::format("move {} {}", f, t);
        } else if (cmd == "deal" || cmd == "d" || cmd == "redeal" || cmd == "pass" || cmd == "p" ||
                   cmd == "flee") {
            if (!rest.empty())
                return Refusal{
                    fmt::format("{} takes nothing after it: type {}.", capitalised(cmd), cmd)};
            text = cmd == "d" ? "deal" : cmd == "p" ? "pass" : cmd;
        } else if (cmd == "leave" || cmd == "resign") {
            text = "flee";
        } else if (cmd == "ability" || cmd == "a") {
            if (rest.empty())
                return Refusal{"Which ability? ability NAME [TARGET]; yours: " +
                               abilities_text(e_.party_level()) + "."};
            text = "ability " + lower(rest);
        } else {
            return Refusal{
                "Unknown encounter command: move FROM TO [N], deal, redeal, ability NAME "
                "[TARGET], pass, flee, board, hint."};
        }
        const int mover = e_.turn();
        std::string info;
        if (auto why = e_.act(text, &info); !why.empty()) {
            // "Nothing on pile 2 fits on pile 1": the cards named, as the board shows them.
            int f = 0, t = 0;
            if (why.rfind("Nothing on pile", 0) == 0 &&
                std::sscanf(text.c_str(), "move %d %d", &f, &t) == 2 && f >= 1 && f <= 10 &&
                t >= 1 && t <= 10 && !e_.board(0).pile(f - 1).empty() &&
                !e_.board(0).pile(t - 1).empty()) {
                const enc::Card top = e_.board(0).pile(f - 1).back();
                const std::string above = next_rank_of(e_, top);
                why =
                    fmt::format("Nothing on pile {} fits on the {} of pile {}: {}.", f,
                                card_text(e_, e_.board(0).pile(t - 1).back()), t,
                                above.empty() ? "a King goes only on an empty pile"
                                              : "the " + card_text(e_, top) + " goes on " +
                                                    (above == "8" || above == "11" ? "an " : "a ") +
                                                    above + " of any character");
            }
            return Refusal{why};
        }
        history_.emplace_back(0, text);
        Outcome o;
        o.canonical = text;
        o.out = describe_party(text, mover, info);
        return o;
    }

    // "moves 4W 3W from pile 2 onto the 5a on pile 7", "deals", "waits", "uses haste"; the
    // enemy's moves on its own piles are "makes a move".
    std::string move_text(int seat, std::string_view command,
                          std::string_view args) const override {
        const std::string cmd = lower(trim(command)), rest = trim(args);
        if (cmd == "pass" || cmd == "p") return "waits";
        if (cmd == "flee" || cmd == "leave" || cmd == "resign") return "flees";
        if (cmd == "deal" || cmd == "d") return "deals";
        if (cmd == "redeal") return "redeals";
        if (cmd == "ability" || cmd == "a") return "uses " + rest;
        if ((cmd == "move" || cmd == "m") && seat == 1) return "makes a move";
        int f = 0, t = 0, n = 0;
        const int got = std::sscanf(rest.c_str(), "%d %d %d", &f, &t, &n);
        if ((cmd != "move" && cmd != "m") || seat != 0 || got < 2 || f < 1 || f > 10 || t < 1 ||
            t > 10)
            return Game::move_text(seat, command, args);
        const auto& src = e_.board(0).pile(f - 1);
        const auto& dst = e_.board(0).pile(t - 1);
        const std::string onto =
            dst.empty() ? "onto the empty pile " + std::to_string(t)
                        : "onto the " + card_text(e_, dst.back()) + " on pile " + std::to_string(t);
        if (got < 3 || n < 1 || static_cast<std::size_t>(n) > src.size())
            return fmt::format("moves from pile {} {}", f, onto);
        std::string cards;
        for (std::size_t i = src.size() - static_cast<std::size_t>(n); i < src.size(); ++i)
            cards += (cards.empty() ? "" : " ") + card_text(e_, src[i]);
        return fmt::format("moves {} from pile {} {}", cards, f, onto);
    }

    std::string timeout_action(int seat) const override { return seat == 1 ? "pass" : ""; }
    std::string filler_action(int seat, std::uint64_t salt) const override {
        if (seat != 0) return Game::filler_action(seat, salt);
        const auto legal = e_.board(0).legal();
        return legal.empty() ? "" : legal[salt % legal.size()];
    }

    std::string computer_action(int seat) const override {
        if (finished()) return "";
        if (seat == 1) return enc::enemy_action(e_, enemy_memory_);
        // A hint: the party's computer player, with the memory it would have now had it
        // played this encounter's party moves itself, as far as the player took its advice
        // (the encounter played again from its deal; off the event loop, as every hint).
        // Only its last 6 decisions are searched again (a plan is a few moves long): a hint
        // costs at most 7 searches however long the encounter.
        Encounter sim(before_, deal_, rules_);
        enc::PartyMemory m;
        std::size_t skip = 0;
        for (const auto& h : history_) skip += h.first == 0;
        skip = skip > 6 ? skip - 6 : 0;
        for (const auto& [s, action] : history_) {
            if (s == 0 && skip > 0)
                --skip;
            else if (s == 0 && enc::party_action(sim, m) != action)
                m = enc::PartyMemory{};
            sim.act(action);
        }
        const std::string a = enc::party_action(sim, m);
        return a == "pass" ? "" : a;
    }

    std::string hint_text(int, const std::string& action) const override {
        if (action.empty()) return "I see nothing better than pass (or flee).";
        if (action.rfind("move ", 0) == 0) {
            int f = 0, t = 0, n = 0;
            if (std::sscanf(action.c_str(), "move %d %d %d", &f, &t, &n) == 3 && f >= 1 &&
                f <= 10 && t >= 1 && t <= 10) {
                const auto& src = e_.board(0).pile(f - 1);
                const auto& dst = e_.board(0).pile(t - 1);
                if (n >= 1 && static_cast<std::size_t>(n) <= src.size()) {
                    std::string cards;
                    for (std::size_t i = src.size() - static_cast<std::size_t>(n); i < src.size();
                         ++i)
                        cards += (cards.empty() ? "" : " ") + card_text(e_, src[i]);
                    return fmt::format("{}: the {} from pile {} {}.", action, cards, f,
                                       dst.empty() ? "onto the empty pile " + std::to_string(t)
                                                   : "onto the " + card_text(e_, dst.back()) +
                                                         " on pile " + std::to_string(t));
                }
            }
        }
        return "try " + action + ".";
    }

    std::vector<Out> start() const override {
        std::vector<Out> out;
        std::string enemies;
        for (const auto& ch : e_.characters())
            if (!ch.party)
                enemies += (enemies.empty() ? "" : ", ") + ch.name + " (L" +
                           std::to_string(ch.level) + ")";
        std::string ambush;
        if (e_.ambush() == 1)
            ambush = " Ambush! The enemy strikes first: your party sits out round 1.";
        if (e_.ambush() == -1) ambush = " You catch them unawares: the enemy sits out round 1.";
        out.push_back(to_table(fmt::format(
            "{}, {}: your level-{} party (Warrior W, Rogue R, Mage M) meets {}. Clear every "
            "enemy card from your game before the enemy clears your party's from its game.{}",
            render::bold("Spider: Encounters"),
            daily_.empty() ? "deal " + std::to_string(deal_) : "the daily deal of " + daily_,
            e_.party_level(), enemies, ambush)));
        for (const auto& o : board()) out.push_back(o);
        std::string example;
        for (const auto& ch : e_.characters())
            if (!ch.party && example.empty())
                example = "Q" + std::string(1, ch.tag) + " " + ch.name + "'s Queen";
        out.push_back(to_table(
            "Cards are rank + character: KW the Warrior's King, " + example +
            "; a card fits on the next rank of its own run (J on Q on K, the numbers below J), "
            "and only one character's cards move together. Commands: move FROM TO [N], deal, "
            "redeal, ability NAME [TARGET], pass, hint, flee, board, party; help enc."));
        return out;
    }

    std::vector<Out> show_table() const override { return board(); }
    std::vector<Out> show_hand(int) const override { return board(); }

    std::vector<SeatResult> results() const override {
        SeatResult me, them;
        me.won = e_.outcome() == enc::Outcome::Won;
        them.won = e_.outcome() == enc::Outcome::Lost;
        me.xp = e_.xp_gained();
        me.points = me.xp;
        const enc::PartyState after = e_.after(before_);
        me.saved = write_party(after);
        me.detail = fmt::format("level={} xp={} outcome={} rounds={}", e_.party_level(), me.xp,
                                outcome_word(), e_.round());
        me.moves = std::count_if(history_.begin(), history_.end(),
                                 [](const auto& h) { return h.first == 0; });  // the party's
        return {me, them};
    }

    void rename(int, const std::string&) override {}

  private:
    std::string outcome_word() const {
        switch (e_.outcome()) {
            case enc::Outcome::Won:
                return "won";
            case enc::Outcome::Lost:
                return "lost";
            case enc::Outcome::Fled:
                return "fled";
            default:
                return "playing";
        }
    }

    std::vector<Out> board() const {
        std::vector<Out> out;
        out.push_back(to_table(status_line(e_)));
        for (auto& l : pile_lines(e_)) out.push_back(to_table(l));
        return out;
    }

    // The events of the last action in words: runs cleared, characters knocked out.
    std::string events_text(int side) const {
        std::string s;
        for (const auto& ev : e_.events()) {
            switch (ev.kind) {
                case enc::Event::Kind::Cleared:
                    if (side == 0)
                        s += " A run of " + name_of(e_, ev.who) + "'s is cleared" +
                             (e_.characters()[static_cast<std::size_t>(ev.who)].party
                                  ? " (focus " + std::to_string(e_.focus(0)) + ")."
                                  : ".");
                    break;
                case enc::Event::Kind::Unconscious: {
                    const auto& ch = e_.characters()[static_cast<std::size_t>(ev.who)];
                    s += ch.party ? " The enemy has cleared the " + ch.name + ": the " + ch.name +
                                        " falls unconscious."
                                  : " You have cleared all of " + ch.name +
                                        "'s cards: it falls unconscious.";
                    break;
                }
                case enc::Event::Kind::Woke:
                    // An enemy's: said with the Dark rite that woke it (enemy_ability_text).
                    if (ev.side == 0) s += " The " + name_of(e_, ev.who) + " is back on its feet.";
                    break;
                case enc::Event::Kind::EnemyAbility:
                case enc::Event::Kind::Ended:
                    break;
            }
        }
        return s;
    }

    std::string ending() const {
        const long long xp = e_.xp_gained();
        const enc::PartyState after = e_.after(before_);
        std::string s;
        switch (e_.outcome()) {
            case enc::Outcome::Won:
                s = render::bold("Victory!") + fmt::format(" {} XP", xp);
                if (e_.battle_flow())
                    s += fmt::format(" (Battle Flow, {} in a row: focus {} carried over)",
                                     after.streak, after.carried_focus);
                else if (e_.coup_de_grace())
                    s += " (coup de grace: +50 %)";
                break;
            case enc::Outcome::Lost:
                s = render::bold("Defeat.") + fmt::format(" {} XP for the fight", xp);
                break;
            case enc::Outcome::Fled:
                s = "You fled: no experience, and the Battle Flow streak ends";
                break;
            default:
                return "";
        }
        s += fmt::format(". The party: level {}, {} XP", after.level(), after.xp);
        if (after.level() > before_.level())
            s += fmt::format(" (level {}! abilities: {})", after.level(),
                             abilities_text(after.level()));
        return s + ". enc new for the next encounter.";
    }

    // The party's action: one line (the move and the piles it touched, or the ability), the
    // board after a deal or re-deal, and whose turn it is when it stays with the party.
    std::vector<Out> describe_party(const std::string& text, int mover, const std::string& info) {
        enemy_moves_ = 0;
        enemy_text_.clear();
        enemy_abilities_.clear();
        std::vector<Out> out;
        const std::string who = name_of(e_, mover);
        std::string line;
        if (text.rfind("move", 0) == 0) {
            int f = 0, t = 0;
            std::sscanf(text.c_str(), "move %d %d", &f, &t);
            line =
                fmt::format("{} moves: {} | {}.", who, pile_text(e_, f - 1), pile_text(e_, t - 1));
        } else if (text == "deal" || text == "redeal" || text == "ability foresight") {
            line = who + (text == "deal" ? " deals." : " re-deals.");
        } else if (text == "pass") {
            line = who + " waits.";
        } else if (text == "flee") {
            line = "Your party flees.";
        } else {
            line = text.rfind("ability peek", 0) == 0
                       ? who + " peeks." + (info.empty() ? "" : " " + info)
                       : who + " uses " + text.substr(8) + "." + (info.empty() ? "" : " " + info);
        }
        line += events_text(0);
        if (finished()) {
            out.push_back(to_table(line + " " + ending()));
            return out;
        }
        if (text == "deal" || text == "redeal" || text == "ability foresight") {
            out.push_back(to_table(line));
            for (auto& o : board()) out.push_back(o);
            return out;
        }
        if (e_.side_to_play() == 0) line += " " + capitalised(turn_text(e_)) + ".";
        out.push_back(to_table(line));
        return out;
    }

    // An enemy's ability in words, as the player may know it (nothing of the enemy's game):
    // " Wolf b uses Frenzy: one more action."
    std::string enemy_ability_text(int who, const std::string& text) const {
        std::istringstream in(text);
        std::string word, name, target;
        in >> word >> name >> target;
        const auto* a = enc::enemy_ability_by_name(name);
        if (!a) return "";
        std::string s = " " + name_of(e_, who) + " uses " + a->title + ": ";
        switch (a->ability) {
            case enc::EnemyAbility::Scurry:
                return s + "a card of its game turns up.";
            case enc::EnemyAbility::Frenzy:
                return s + "one more action.";
            case enc::EnemyAbility::Cutpurse:
                return s + fmt::format("your focus falls to {}.", e_.focus(0));
            case enc::EnemyAbility::DarkRite:
                for (const auto& ev : e_.events())
                    if (ev.kind == enc::Event::Kind::Woke)
                        return s + name_of(e_, ev.who) + " takes turns again.";
                return s + "an enemy takes turns again.";
        }
        return "";
    }

    // The enemy's action: nothing said until the turn comes back to the party, then one
    // line for all its moves since, its abilities named in it.
    Checked<Outcome> enemy(const std::string& text) {
        if (e_.side_to_play() != 1) return Refusal{"It is not the enemy's turn."};
        const int mover = e_.turn();
        if (auto why = e_.act(text); !why.empty()) return Refusal{why};
        history_.emplace_back(1, text);
        // This move's own line (Outcome::told): the enemy's turn is told in one line at its end.
        std::string own;
        if (text.rfind("ability", 0) == 0) {
            const std::string a = enemy_ability_text(mover, text);
            enemy_abilities_ += a;
            own = a.empty() ? std::string() : a.substr(1);
        } else {
            ++enemy_moves_;
            own = "The enemy makes a move.";
        }
        const std::string events = events_text(1);
        enemy_text_ += events;
        own += events;
        Outcome o;
        o.canonical = text;
        if (!finished() && e_.side_to_play() == 1) {
            if (!own.empty()) o.told.push_back(own);
            return o;
        }
        const std::string own_end =
            finished() ? " " + ending() : " " + capitalised(turn_text(e_)) + ".";
        o.told.push_back(own + own_end);
        std::string line = enemy_moves_ > 0 ? fmt::format("The enemy makes {}.",
                                                          plural(enemy_moves_, "move", "moves")) +
                                                  enemy_abilities_
                                            : enemy_abilities_.substr(1);
        line += enemy_text_.empty() ? " It has cleared nothing of yours." : enemy_text_;
        enemy_moves_ = 0;
        enemy_text_.clear();
        enemy_abilities_.clear();
        if (finished())
            line += " " + ending();
        else
            line += " " + capitalised(turn_text(e_)) + ".";
        o.out.push_back(to_table(line));
        return o;
    }

    enc::PartyState before_;
    std::uint64_t deal_ = 0;
    int rules_ = enc::kRulesVersion;  // the rules it is played by (its setup's "rules")
    Encounter e_;
    mutable enc::PlayerMemory enemy_memory_;
    std::vector<std::pair<int, std::string>> history_;  // every action, by seat, for hints
    int enemy_moves_ = 0;                               // since the party's last action
    std::string enemy_text_;                            // what they did, in words
    std::string enemy_abilities_;                       // the abilities they used, in words
    std::string daily_;  // the day of a daily deal ("" for another): its number is not shown
};

class EncountersKind final : public GameKind {
  public:
    explicit EncountersKind(const config::Section& section)
        : abandon_after_(section.seconds("abandon_after")),
          seating_(PrivateRules{
              [](std::string_view args,
                 const std::map<std::string, std::string>&) -> Checked<PrivateStart> {
                  const std::string a = lower(trim(args));
                  if (!a.empty() && a != "new")
                      return Refusal{
                          "An encounter is chosen for your party's level: type enc new (or "
                          "new) with nothing after it."};
                  return PrivateStart{};
              },
              "",
              "starts an encounter for your party (made on your first, kept with its "
              "experience)",
              "flee",
              "the enemy",
              {},
              abandon_after_,
              // The daily encounter, for a new party: one encounter for everyone.
              DailyRules{{{"", ""}}, false}}) {}

    std::string name() const override { return "encounters"; }
    std::string title() const override { return "Spider: Encounters"; }
    const Seating& seating() const override { return seating_; }
    Ladder ladder() const override {
        Ladder l = GameKind::ladder();
        l.level_of_xp = [](long long xp) { return enc::level_for_xp(xp); };
        return l;
    }
    std::vector<std::string> aliases() const override { return {"enc"}; }
    const std::vector<CommandSpec>& commands() const override { return commands_; }
    std::string summary() const override {
        return "a role-playing Spider solitaire: your party of three against the computer's "
               "enemies, in private; experience, levels and abilities kept";
    }

    std::unique_ptr<Game> create(const GameSetup& setup) const override {
        enc::PartyState party;
        if (auto it = setup.options.find("saved.0"); it != setup.options.end())
            party = read_party(it->second);
        // An encounter saved before the enemies had abilities has no "rules" in its setup:
        // it goes on by the first rules, so that its journal replays as it was played.
        int rules = 1;
        if (auto it = setup.options.find("rules"); it != setup.options.end()) {
            try {
                rules = std::clamp(std::stoi(it->second), 1, enc::kRulesVersion);
            } catch (const std::exception&) {
                rules = 1;
            }
        }
        auto daily = setup.options.find("daily");
        return std::make_unique<EncounterGame>(
            party, setup.deal_number, rules,
            daily == setup.options.end() ? std::string() : daily->second);
    }

    // A new encounter is played by the rules of today, kept in its setup.
    void deal_options(GameSetup& setup) const override {
        setup.options["rules"] = std::to_string(enc::kRulesVersion);
    }

    const Lookups& lookups() const override { return lookups_; }

  private:
    // `party`, the one lookup.
    Checked<LookupReply> party(std::string_view command,
                               const std::optional<std::string>& saved) const {
        if (lower(std::string(command)) != "party") return Refusal{"Unknown command."};
        const enc::PartyState p = saved ? read_party(*saved) : enc::PartyState{};
        const int level = p.level();
        std::string s = fmt::format(
            "Your party, level {} ({} XP{}):", level, p.xp,
            level < enc::kMaxLevel
                ? fmt::format("; level {} at {}", level + 1, enc::xp_for_level(level + 1))
                : std::string());
        for (int c = 0; c < enc::kPartySize; ++c) {
            const auto cls = static_cast<enc::Class>(c);
            const enc::Stats st = enc::class_stats(cls, level);
            s +=
                fmt::format(" {} {} speed {}, int {}, con {}, armour {} (defence {}, runs of {}){}",
                            enc::class_name(cls), enc::class_tag(cls), st.speed, st.intelligence,
                            st.constitution, st.armour, enc::defence(st), enc::defence(st) + 3,
                            c + 1 < enc::kPartySize ? ";" : ".");
        }
        s += " Abilities: " + abilities_text(level) + ".";
        if (p.streak > 0)
            s += fmt::format(" Battle Flow: {} in a row, focus {} carried over.", p.streak,
                             p.carried_focus);
        return LookupReply::said(s, true);
    }

    std::chrono::seconds abandon_after_;
    PrivateSeating seating_;
    std::vector<CommandSpec> commands_ = {
        {"board",
         {"b"},
         "",
         "shows your game: whose turn, focus, the enemies, the ten piles",
         CommandSpec::Role::Board},
        {"move",
         {"m"},
         "FROM TO [N]",
         "moves N cards (one character's, in sequence) from pile FROM to pile TO (1-10); "
         "without N the longest run that fits"},
        {"deal", {"d"}, "", "deals a card onto every pile from the stock (no pile may be empty)"},
        {"redeal",
         {},
         "",
         "with the stock empty: the piles shuffled, half dealt face down, half the stock (three "
         "an encounter; no coup de grace after)"},
        {"ability",
         {"a"},
         "NAME [TARGET]",
         "uses an ability of the character whose turn it is: peek PILE, haste, scry, second, "
         "rally WHO, foresight"},
        {"pass", {"p"}, "", "the character whose turn it is waits"},
        {"hint", {}, "", "suggests an action", CommandSpec::Role::Hint},
        {"flee", {}, "", "ends the encounter: no experience, the Battle Flow streak ends"},
    };
    Lookups lookups_ = {
        {
            {"party", {}, "", "your party: level, experience, stats, abilities, streak"},
        },
        [this](std::string_view command, std::string_view, const std::optional<std::string>& saved,
               const std::string&) { return party(command, saved); },
    };
};

}  // namespace

config::SectionSpec encounters_section() {
    using config::Seconds;
    using std::chrono::hours;
    config::SectionSpec spec;
    spec.name = "encounters";
    spec.keys = {
        config::duration_key("abandon_after", Seconds{30 * 24 * 3600}, Seconds{60},
                             hours{24 * 3650}),
    };
    return spec;
}

std::unique_ptr<GameKind> make_encounters_kind(const config::Section& section) {
    return std::make_unique<EncountersKind>(section);
}

}  // namespace croupier::bot
