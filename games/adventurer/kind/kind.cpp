// Adventurer Factory duels at the daemon: the Game adapter around games/adventurer (the
// engine), the card library it loads ([adventurer] cards), and the commands that need no duel
// (card, cards, deck, decks). Seating, timers, journal and ratings are the table layer's.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/adventurer/kind/kind.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <memory>
#include <mutex>

#include <fmt/format.h>

#include "bot/card_folders.hpp"
#include "bot/checked.hpp"
#include "bot/decks.hpp"
#include "bot/kinds/kinds.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "games/adventurer/ai.hpp"
#include "games/adventurer/duel.hpp"

namespace croupier::bot {

Checked<AdventurerLibrary> load_adventurer_library(const std::string& cards,
                                                   const std::filesystem::path& base) {
    static constexpr CardFiles kFiles{"adventurer", ".txt", "no card files (*.txt)"};
    AdventurerLibrary lib;
    for (const auto& entry : split_list(cards, ',')) {
        if (entry.empty()) continue;
        const Checked<CardFolder> folder = read_card_folder(entry, base, kFiles);
        if (!folder) return Fault{folder.why()};
        // The engine's why (it knows nothing of bot/), a Fault here.
        for (const auto& f : folder->cards)
            if (auto why = lib.set.add_file(f.text, f.path); !why.empty()) return Fault{why};
        for (const auto& f : folder->decks)
            if (auto why = games::adventurer::parse_decks(lib.set, f.text, f.path, lib.decks);
                !why.empty())
                return Fault{why};
    }
    if (lib.set.size() == 0) return Fault{"no cards loaded"};
    if (lib.decks.empty())
        return Fault{"no premade decks (decks.txt): a player without a deck needs one"};
    return lib;
}

}  // namespace croupier::bot

namespace croupier::bot {

namespace {

using games::adventurer::CardSet;
using games::adventurer::Duel;
using AfCard = games::adventurer::Card;

// "@0" and "@1" in the engine's words become the players' names.
std::string named(std::string text, const std::array<std::string, 2>& names) {
    for (int s = 0; s < 2; ++s) {
        const std::string tag = games::adventurer::side_tag(s);
        for (auto at = text.find(tag); at != std::string::npos; at = text.find(tag, at))
            text.replace(at, tag.size(), names[static_cast<std::size_t>(s)]);
    }
    return text;
}

// Sentences joined into lines of at most 360 bytes, whole sentences a line.
std::vector<std::string> pack(const std::vector<std::string>& parts) {
    return render::pack(parts, 360);
}

std::string stat_line(int v) {
    return (v >= 0 ? "+" : "") + std::to_string(v);
}

// One card in full, for `card NAME`.
std::string card_full(const AfCard& c) {
    std::string types;
    for (const auto& t : c.types) types += (types.empty() ? "" : "/") + t;
    std::vector<std::string> parts;
    parts.push_back(fmt::format("{} Mind", c.cost));
    if (!c.needs.empty()) {
        std::string n;
        for (const auto& [sym, k] : c.needs)
            n += (n.empty() ? "" : " and ") + fmt::format("{} {}", k, sym);
        parts.push_back("needs " + n);
    }
    if (!c.provides.empty()) {
        std::string n;
        for (const auto& [sym, k] : c.provides)
            n += (n.empty() ? "" : " and ") + fmt::format("{} {}", k, sym);
        parts.push_back("provides " + n);
    }
    if (c.fills.empty()) {
        parts.emplace_back("fills no slot");
    } else if (c.fills.size() == 2) {
        parts.emplace_back("fills two hands");
    } else {
        parts.push_back("fills " + games::adventurer::slot_name(c.fills.front()));
    }
    static const char* kMod[] = {"Attack", "Defence", "Charisma"};
    for (std::size_t m = 0; m < 3; ++m)
        if (c.mods[m]) parts.push_back(fmt::format("{} {}", kMod[m], stat_line(c.mods[m])));
    if (c.attack_die) parts.push_back("Attack Die " + games::adventurer::dice_text(*c.attack_die));
    if (c.parley_die) parts.push_back("Parley Die " + games::adventurer::dice_text(*c.parley_die));
    if (c.cursed) parts.emplace_back("cursed: cannot be discarded");
    std::string s = fmt::format("{} ({}): ", c.name, types);
    for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
    s += ".";
    if (!c.on_play.empty()) {
        s += " When played: ";
        for (std::size_t i = 0; i < c.on_play.size(); ++i)
            s += (i ? ", " : "") + games::adventurer::effect_text(c.on_play[i]);
        s += ".";
    }
    for (std::size_t i = 0; i < c.actions.size(); ++i)
        s += fmt::format(" Action{}: {}.", c.actions.size() > 1 ? " " + std::to_string(i + 1) : "",
                         c.actions[i].text);
    if (!c.text.empty()) s += " \"" + c.text + "\"";
    return s;
}

// A typed card name against the names a command can mean: exact, else the one that starts
// so, else the one that contains it; refused, saying which could be meant, when none or
// several fit.
Checked<std::string> pick_name(const std::vector<std::string>& names, const std::string& typed,
                               const std::string& where) {
    const std::string want = games::adventurer::fold_name(typed);
    std::vector<std::string> starts, contains;
    for (const auto& n : names) {
        const std::string f = games::adventurer::fold_name(n);
        if (f == want) return n;
        if (f.rfind(want, 0) == 0 && std::find(starts.begin(), starts.end(), n) == starts.end())
            starts.push_back(n);
        else if (f.find(want) != std::string::npos &&
                 std::find(contains.begin(), contains.end(), n) == contains.end())
            contains.push_back(n);
    }
    const auto& hits = !starts.empty() ? starts : contains;
    if (hits.size() == 1) return hits.front();
    std::vector<std::string> all;
    for (const auto& n : hits.empty() ? names : hits)
        if (std::find(all.begin(), all.end(), n) == all.end()) all.push_back(n);
    // Apart by " or " and "; ": a name may begin the next (Quickling or Quickling Pony).
    std::string list;
    for (const auto& n : all) list += (list.empty() ? "" : hits.empty() ? "; " : " or ") + n;
    if (hits.empty())
        return Checked<std::string>::refused(
            all.empty() ? fmt::format("You have no cards {}.", where)
                        : fmt::format("No \"{}\" {}: {}.", typed, where, list));
    return Checked<std::string>::refused(
        fmt::format("\"{}\" could be {}: say which.", typed, list));
}

class AdventurerGame final : public Game {
  public:
    AdventurerGame(const GameSetup& setup, std::shared_ptr<const CardSet> set,
                   const std::array<std::vector<int>, 2>& decks,
                   std::array<std::string, 2> deck_names, int response_s)
        : set_(std::move(set)),
          deck_names_(std::move(deck_names)),
          response_s_(response_s),
          duel_(*set_, decks, setup.deal_number) {
        for (std::size_t s = 0; s < 2 && s < setup.players.size(); ++s)
            names_[s] = setup.players[s];
        for (std::size_t s = 0; s < 2 && s < setup.computer.size(); ++s)
            computer_[s] = setup.computer[s];
        opening_ = duel_.take_events();
    }
    std::unique_ptr<Game> clone() const override { return std::make_unique<AdventurerGame>(*this); }

    std::vector<int> awaited() const override {
        if (duel_.finished()) return {};
        return {duel_.awaited()};
    }
    bool finished() const override { return duel_.finished(); }
    std::optional<std::chrono::seconds> wake_after() const override {
        if (duel_.finished() || !duel_.window_open()) return std::nullopt;
        return std::chrono::seconds(response_s_);
    }

    Checked<Outcome> act(int seat, std::string_view command, std::string_view args) override {
        std::string cmd = lower(std::string(command));
        const std::string a = trim(args);
        if (duel_.finished()) return Refusal{"The duel is over."};
        if (seat == -1 && cmd == "wake") {
            if (!duel_.window_open()) return Refusal{"Nothing waits for an answer."};
            const int r = duel_.responder();
            (void)duel_.act(r, "pass");
            return report("wake", r,
                          fmt::format("No answer from {} in {} s: it resolves.",
                                      names_[static_cast<std::size_t>(r)], response_s_));
        }
        if (seat < 0 || seat > 1) return Refusal{"You are not in this duel."};
        if (cmd == "leave") {
            duel_.concede(seat);
            return report("leave", seat);
        }
        if (cmd == "p") cmd = "play";
        if (cmd == "u") cmd = "use";
        if (seat != duel_.awaited() && cmd != "draw")  // whose turn or answer it is, first
            return Refusal{capitalised(named(duel_.act(seat, cmd), names_))};
        std::string line = cmd;
        if (cmd == "play" || cmd == "use" || cmd == "discard" || cmd == "cycle") {
            const Checked<std::string> typed = resolve(seat, cmd, a);
            if (!typed) return Refusal{typed.why()};
            line = *typed;
        } else if (!a.empty()) {
            line += " " + a;  // the engine refuses words these commands do not take
        }
        if (auto why = duel_.act(seat, line); !why.empty())
            return Refusal{capitalised(named(why, names_)) + hint_after(seat, cmd)};
        return report(line, seat);
    }

    // "plays Sellsword", "uses Torch", "attacks", "ends the turn", "offers a draw".
    std::string move_text(int seat, std::string_view command,
                          std::string_view args) const override {
        const std::string cmd = lower(std::string(command)), a = trim(args);
        if (cmd == "wake") return "(no answer in time: it resolves)";
        if (cmd == "leave") return "gives up";
        if (cmd == "draw")
            return duel_.draw_offer() >= 0 && duel_.draw_offer() != seat ? "accepts the draw"
                                                                         : "offers a draw";
        if (cmd == "end") return "ends the turn";
        if (cmd == "attack" || cmd == "parley") return cmd + "s";
        if (cmd == "pass") return "passes";
        if (cmd == "play" || cmd == "discard" || cmd == "cycle")
            return cmd + "s" + (a.empty() ? "" : " " + a);
        if (cmd == "use") {
            const auto sp = a.find_last_of(' ');
            if (sp != std::string::npos && a.size() - sp == 2 &&
                std::isdigit(static_cast<unsigned char>(a.back())))
                return "uses " + a.substr(0, sp) + " (action " + a.substr(sp + 1) + ")";
            return "uses " + a;
        }
        return Game::move_text(seat, command, args);
    }

    std::string timeout_action(int seat) const override {
        if (duel_.finished() || seat != duel_.awaited()) return "leave";
        return duel_.window_open() ? "pass" : "end";
    }
    std::string computer_action(int seat) const override {
        if (duel_.finished() || seat != duel_.awaited()) return "";
        return games::adventurer::computer_action(duel_, seat);
    }

    // In a window the hint also names every answer the seat has.
    std::string hint_text(int seat, const std::string& action) const override {
        if (action.empty()) return "I see no useful move (it is not your turn or answer).";
        std::string text = "try " + action + ".";
        if (duel_.window_open() && duel_.responder() == seat) {
            std::string answers;
            for (const auto& l : duel_.legal(seat))
                if (l.rfind("use ", 0) == 0) answers += (answers.empty() ? "" : "; ") + l;
            if (!answers.empty()) text += " Your answers: " + answers + ".";
        }
        return text;
    }

    std::vector<Out> start() const override {
        std::vector<Out> out;
        std::vector<std::string> pub{fmt::format(
            "{} ({}) meets {} ({}) on the road: 20 Health and 20 Willpower each. {} goes first "
            "with 2 Mind; {} starts with 4.",
            names_[0], deck_names_[0], names_[1], deck_names_[1], names_[0], names_[1])};
        for (const auto& e : opening_)  // the cards drawn are in the hands shown below
            if (e.to < 0) pub.push_back(named(e.text, names_));
        for (auto& l : pack(pub)) out.push_back(to_table(l));
        for (int s = 0; s < 2; ++s) {
            if (computer_[static_cast<std::size_t>(s)]) continue;
            out.push_back(to_seat(s, hand_text(s) + (s == 0 ? " Your turn: play CARD, use CARD, "
                                                              "discard CARD, then attack, parley "
                                                              "or end. card NAME shows a card."
                                                            : "")));
        }
        return out;
    }

    std::vector<Out> show_table() const override {
        std::vector<Out> out;
        for (int s = 0; s < 2; ++s) out.push_back(to_table(side_text(s)));
        if (!duel_.finished()) out.push_back(to_table(status_text()));
        return out;
    }
    std::vector<Out> show_hand(int seat) const override {
        if (seat < 0 || seat > 1) return {};
        return {to_seat(seat, hand_text(seat))};
    }

    std::vector<SeatResult> results() const override {
        std::vector<SeatResult> out(2);
        for (int s = 0; s < 2; ++s) {
            const auto su = static_cast<std::size_t>(s);
            const auto& side = duel_.side(s);
            out[su].points = side.health + side.willpower;
            out[su].won = duel_.winner() == s;
            out[su].detail = fmt::format("health={} willpower={} turns={} deck={}", side.health,
                                         side.willpower, duel_.turn(), deck_names_[su]);
        }
        return out;
    }
    void rename(int seat, const std::string& nick) override {
        if (seat >= 0 && seat < 2) names_[static_cast<std::size_t>(seat)] = nick;
    }

  private:
    // The typed card names of play/use/discard made the engine's exact ones.
    Checked<std::string> resolve(int seat, const std::string& cmd, const std::string& a) const {
        const auto& me = duel_.side(seat);
        std::vector<std::string> hand, play;
        for (int c : me.hand) hand.push_back(set_->at(c).name);
        for (const auto& ip : me.play) play.push_back(set_->at(ip.card).name);
        if (a.empty())
            return Checked<std::string>::refused(
                cmd == "play"    ? "Play which card? play CARD (hand shows yours)."
                : cmd == "use"   ? "Use which card? use CARD, a card of yours in play."
                : cmd == "cycle" ? "Cycle which card? cycle CARD, a card of your hand: it goes "
                                   "to the bottom of your deck and you draw one (1 Mind, once "
                                   "a turn)."
                                 : "Discard which card in play? discard CARD (1 Mind).");
        if (cmd == "cycle")
            return pick_name(hand, a, "in your hand").then([](const std::string& n) {
                return "cycle " + n;
            });
        if (cmd == "play") {
            std::string name = a, over;
            const std::string la = lower(a);
            if (const auto at = la.find(" over "); at != std::string::npos) {
                name = trim(a.substr(0, at));
                over = trim(a.substr(at + 6));
            }
            const Checked<std::string> n = pick_name(hand, name, "in your hand");
            if (!n || over.empty())
                return n.then([](const std::string& card) { return "play " + card; });
            return pick_name(play, over, "in play").then([&](const std::string& o) {
                return "play " + *n + " over " + o;
            });
        }
        std::string name = a, number;
        if (const auto sp = a.find_last_of(' ');
            cmd == "use" && sp != std::string::npos && a.size() - sp == 2 &&
            std::isdigit(static_cast<unsigned char>(a.back()))) {
            number = a.substr(sp);
            name = trim(a.substr(0, sp));
        }
        return pick_name(play, name, "in play").then([&](const std::string& n) {
            return cmd + " " + n + number;
        });
    }

    // After a refusal, what the player can do now.
    std::string hint_after(int seat, const std::string& cmd) const {
        if (seat != duel_.awaited() || cmd == "draw") return "";
        auto legal = duel_.legal(seat);
        std::string list;
        int n = 0;
        for (const auto& l : legal) {
            // Cycling is named in the refusals; a "cycle CARD" for each card would crowd out
            // the moves.
            if (l == "draw" || l.rfind("cycle ", 0) == 0 || ++n > 6) continue;
            list += (list.empty() ? "" : ", ") + l;
        }
        return list.empty() ? "" : " You can: " + list + (n > 6 ? " and more" : "") + ".";
    }

    Outcome report(const std::string& canonical, int seat, std::string lead = "") {
        Outcome o;
        o.canonical = canonical;
        std::vector<std::string> pub{std::move(lead)};
        std::array<std::vector<std::string>, 2> priv;
        const int before_turn = last_turn_;
        for (const auto& e : duel_.take_events()) {
            if (e.to < 0 && e.settles) {
                // Nothing answered the move declared: its resolution says it all ("carol
                // parleys: 1d8 rolls 6, ..."), so the channel is not told it twice. The one
                // who could answer heard the declaration already.
                if (!held_.empty() && held_.back() == declared_) {
                    held_.pop_back();
                    for (auto& upto : told_) upto = std::min(upto, held_.size());
                }
            }
            if (e.to < 0) {
                pub.push_back(named(e.text, names_));
                if (e.declares) declared_ = pub.back();
            } else
                priv[static_cast<std::size_t>(e.to)].push_back(capitalised(named(e.text, names_)));
        }
        std::string prompt;  // to the one who may answer now
        if (!duel_.finished()) {
            const int w = duel_.awaited();
            if (duel_.window_open() && !computer_[static_cast<std::size_t>(w)])
                prompt = fmt::format("{}: answer with use CARD, or pass ({} s).",
                                     names_[static_cast<std::size_t>(w)], response_s_);
            if (duel_.turn() != before_turn && !duel_.window_open() &&
                !computer_[static_cast<std::size_t>(duel_.active())])
                priv[static_cast<std::size_t>(duel_.active())].push_back(hand_text(duel_.active()));
        }
        last_turn_ = duel_.turn();
        // The move's own public lines, for a record read move by move (Outcome::told).
        for (const auto& l : pub)
            if (!l.empty()) o.told.push_back(l);
        // A turn is told in the channel together, packed into as few lines as fit (a
        // computer's turn of five moves, or a person's, is one or two lines, not five): held
        // while the turn goes on and told when it passes or the duel ends. Meanwhile those
        // who must know now are told privately: the person who moved (the answer to their
        // move) and the person the duel waits for (the move they may answer, with its
        // prompt; what was answered, back to the one whose turn it is).
        if (!duel_.finished() && duel_.turn() == before_turn) {
            for (auto& l : pub)
                if (!l.empty()) held_.push_back(std::move(l));
            pub.clear();
            for (int s = 0; s < 2; ++s) {
                if ((s != seat && s != duel_.awaited()) || computer_[static_cast<std::size_t>(s)])
                    continue;
                // What of the turn they have not been told yet: this move, and for the one
                // who may answer, the moves before it.
                auto& upto = told_[static_cast<std::size_t>(s)];
                auto& mine = priv[static_cast<std::size_t>(s)];
                mine.insert(mine.begin(), held_.begin() + static_cast<std::ptrdiff_t>(upto),
                            held_.end());
                // A pass that resolved nothing to tell is still answered.
                if (s == seat && canonical == "pass" && mine.empty())
                    mine.emplace_back("You pass.");
                if (s == duel_.awaited() && !prompt.empty()) mine.push_back(prompt);
                upto = held_.size();
            }
        } else {
            pub.insert(pub.begin(), std::make_move_iterator(held_.begin()),
                       std::make_move_iterator(held_.end()));
            held_.clear();
            told_ = {0, 0};
            pub.push_back(prompt);
            if (!prompt.empty()) o.told.push_back(prompt);
        }
        for (auto& l : pack(pub)) o.out.push_back(to_table(l));
        for (int s = 0; s < 2; ++s)
            if (!computer_[static_cast<std::size_t>(s)])
                for (auto& l : pack(priv[static_cast<std::size_t>(s)]))
                    o.out.push_back(to_seat(s, l));
        return o;
    }

    std::string hand_text(int s) const {
        const auto& me = duel_.side(s);
        std::string h;
        for (int c : me.hand) {
            const AfCard& card = set_->at(c);
            const bool can =
                duel_.active() == s && !duel_.window_open() && duel_.can_play(s, c).empty();
            h += fmt::format("{}{} {}{}", h.empty() ? "" : ", ", card.name, card.cost,
                             can ? "" : "*");
        }
        return fmt::format(
            "Your hand (name and cost; * not playable now): {}. {} Mind, {} Health, "
            "{} Willpower; deck {}.",
            h.empty() ? "empty" : h, me.mind, me.health, me.willpower, me.deck.size());
    }

    std::string side_text(int s) const {
        const auto& me = duel_.side(s);
        // Cards a "; " apart (a name may begin another: Quickling; Quickling Pony), alike ones
        // counted: "Sellsword x2".
        std::vector<std::pair<std::string, int>> shown;
        for (const auto& ip : me.play) {
            std::string one = set_->at(ip.card).name;
            const std::array<int, 3> c = ip.counters;
            if (c[0] || c[1] || c[2]) one += fmt::format(" [{}]", stat_line(c[0] + c[1] + c[2]));
            if (ip.consumed) one += " (consumed)";
            auto it = std::find_if(shown.begin(), shown.end(),
                                   [&](const auto& p) { return p.first == one; });
            if (it == shown.end())
                shown.emplace_back(one, 1);
            else
                ++it->second;
        }
        std::string play;
        for (const auto& [one, n] : shown)
            play += (play.empty() ? "" : "; ") + one + (n > 1 ? fmt::format(" x{}", n) : "");
        return fmt::format(
            "{}: {} Health, {} Willpower, {} Mind; Attack {} ({}), Defence {}, Charisma {} "
            "({}); hand {}, deck {}. In play: {}.",
            names_[static_cast<std::size_t>(s)], me.health, me.willpower, me.mind,
            stat_line(duel_.mod(s, games::adventurer::Mod::Attack)),
            games::adventurer::dice_text(duel_.attack_die(s)),
            stat_line(duel_.mod(s, games::adventurer::Mod::Defence)),
            stat_line(duel_.mod(s, games::adventurer::Mod::Charisma)),
            games::adventurer::dice_text(duel_.parley_die(s)), me.hand.size(), me.deck.size(),
            play.empty() ? "nothing" : play);
    }

    std::string status_text() const {
        const auto& a = names_[static_cast<std::size_t>(duel_.active())];
        if (duel_.window_open())
            return fmt::format("Turn {}, {}'s: waiting for {} to answer (use CARD or pass).",
                               duel_.turn(), a,
                               names_[static_cast<std::size_t>(duel_.responder())]);
        return fmt::format(
            "Turn {}, {}'s main step (play, use, discard; then attack, parley or end).",
            duel_.turn(), a);
    }

    std::shared_ptr<const CardSet> set_;
    std::array<std::string, 2> names_;
    std::array<bool, 2> computer_{};
    std::array<std::string, 2> deck_names_;
    int response_s_ = 20;
    Duel duel_;
    std::vector<games::adventurer::Event> opening_;
    int last_turn_ = 1;
    std::vector<std::string> held_;          // public lines held while a turn goes on
    std::string declared_;                   // the last move declared, waiting for an answer
    std::array<std::size_t, 2> told_{0, 0};  // how many of them each seat has been told
};

class AdventurerKind final : public GameKind {
  public:
    explicit AdventurerKind(const config::Section& section) : cfg_(config::duel_config(section)) {
        response_s_ = static_cast<int>(section.integer("response_seconds"));
        const std::filesystem::path base = section.folder();
        Checked<AdventurerLibrary> lib = load_adventurer_library(section.text("cards"), base);
        if (!lib) section.fail("cards", lib.why());
        lib_ = std::make_shared<AdventurerLibrary>(std::move(*lib));
        commands_ = {
            {"play",
             {"p"},
             "CARD [over CARD]",
             "plays a card from your hand (over a card in play whose slot it takes)"},
            {"use",
             {"u"},
             "CARD [N]",
             "uses the action of a card of yours in play (its Nth, if it has several); in answer "
             "to the other's move too"},
            {"discard", {}, "CARD", "discards a card of yours from play, for 1 Mind"},
            {"cycle",
             {},
             "CARD",
             "puts a card of your hand at the bottom of your deck and draws one, for 1 Mind, "
             "once a turn (a way out of a hand you cannot play)"},
            {"attack", {}, "", "your Encounter Step: a simple attack with your Attack Die"},
            {"parley", {}, "", "your Encounter Step: a simple parley with your Parley Die"},
            {"end", {}, "", "ends your turn without an encounter"},
            {"pass", {}, "", "lets the other's move resolve without an answer"},
            {"draw", {}, "", "offers a draw, or accepts the one offered"},
            {"hand",
             {"h"},
             "",
             "shows your hand, Mind, Health and Willpower",
             CommandSpec::Role::Hand},
            {"hint", {}, "", "what the computer would do in your place", CommandSpec::Role::Hint},
        };
        lookups_.commands = {
            {"card", {}, "NAME", "shows one card: cost, needs, slot, stats and actions"},
            {"cards", {}, "[TYPE]", "lists the cards of a type (Class, Race, Weapon, ...)"},
            {"deck",
             {},
             "[set 4 A, 3 B, ... | set DECK | clear]",
             "shows your deck, saves one of 40 cards (at most 4 of a card) or a premade one, or "
             "goes back to premade decks"},
            {"decks", {}, "", "lists the premade decks"},
        };
        const auto& set = lib_->set;
        book_.read = [this](const std::string& d) { return read_saved(d); };
        book_.write = [this](const std::string& n, const std::vector<int>& c) {
            return write_saved(n, c);
        };
        book_.text = [&set](const std::vector<int>& c) {
            return games::adventurer::deck_list_text(set, c);
        };
        // The engine's why (it knows nothing of bot/), a Refusal here.
        book_.parse = [&set](const std::string& list) -> Checked<std::vector<int>> {
            std::vector<int> c;
            if (auto why = games::adventurer::parse_deck_list(set, list, c); !why.empty())
                return Refusal{why};
            if (auto why = games::adventurer::check_deck(set, c); !why.empty()) return Refusal{why};
            return c;
        };
        book_.summary = [this](const std::vector<int>& c) { return deck_classes(c); };
        book_.allowed = [](const std::vector<int>&) { return Checked<Done>(Done{}); };
        for (const auto& d : lib_->decks) book_.premade.push_back({d.name, d.cards});
        book_.example = "4 Sellsword, 3 Rusty Blade, ... (40 cards)";
        book_.usage_set = "4 A, 3 B, ... (40 cards, at most 4 of a card)";
        book_.list_help = "Write counts and names between commas, e.g. deck set 4 " +
                          set.at(0).name + ", 3 " + set.at(1).name +
                          ", ... (40 cards), or deck set " + lib_->decks.front().name + ".";
        book_.premade_shown = false;  // forty cards: the name says enough
    }
    std::string name() const override { return "adventurer"; }
    std::string title() const override { return "Adventurer Factory"; }
    std::vector<std::string> aliases() const override { return {"af"}; }
    const std::vector<CommandSpec>& commands() const override { return commands_; }
    const Lookups& lookups() const override { return lookups_; }
    std::string summary() const override {
        return "deck-building adventurer duels: fill your character sheet, answer every move, "
               "wear the other down by Health or Willpower; two players or you against the "
               "computer";
    }
    const Seating& seating() const override { return seating_; }
    // A seat's points are the Health and Willpower it had left: no score to sum.
    Ladder ladder() const override {
        Ladder l;
        l.points_count = false;
        return l;
    }

    void deal_options(GameSetup& setup) const override {
        std::vector<int> used;
        for (std::size_t s = 0; s < 2; ++s) {
            const std::string key = std::to_string(s);
            std::vector<int> deck;
            std::string name;
            if (auto saved = setup.options.find("saved." + key); saved != setup.options.end()) {
                if (const Checked<SavedDeck> d = read_saved(saved->second)) {
                    deck = d->cards;
                    name = d->name;
                }
            }
            if (deck.empty()) {
                const auto pick =
                    static_cast<std::size_t>((setup.deal_number >> (16 * s)) % lib_->decks.size());
                deck = lib_->decks[pick].cards;
                name = lib_->decks[pick].name;
            }
            setup.options["deck." + key] = name;
            setup.options["list." + key] = games::adventurer::deck_list_text(lib_->set, deck);
            for (int c : deck)
                if (std::find(used.begin(), used.end(), c) == used.end()) used.push_back(c);
        }
        // The cards themselves, so an operator's edit does not change a duel under way.
        std::string set;
        for (int c : used) set += lib_->set.at(c).source + "\n";
        setup.options["cards"] = set;
        setup.options["response"] = std::to_string(response_s_);
    }

    std::unique_ptr<Game> create(const GameSetup& setup) const override {
        auto opt = [&](const std::string& k) -> std::string {
            auto it = setup.options.find(k);
            return it == setup.options.end() ? "" : it->second;
        };
        std::shared_ptr<const CardSet> set = kept_set(opt("cards"));
        if (!set) set = std::shared_ptr<const CardSet>(lib_, &lib_->set);
        std::array<std::vector<int>, 2> decks;
        std::array<std::string, 2> names;
        bool kept = true;
        for (std::size_t s = 0; s < 2; ++s) {
            const std::string key = std::to_string(s);
            kept = kept &&
                   games::adventurer::parse_deck_list(*set, opt("list." + key), decks[s]).empty() &&
                   !decks[s].empty();
            names[s] = opt("deck." + key).empty() ? lib_->decks.front().name : opt("deck." + key);
        }
        if (!kept) {  // a setup this version cannot read: the first premade deck on both sides
            set = std::shared_ptr<const CardSet>(lib_, &lib_->set);
            decks = {lib_->decks.front().cards, lib_->decks.front().cards};
            names = {lib_->decks.front().name, lib_->decks.front().name};
        }
        const std::string r = opt("response");
        const int response = r.empty() ? response_s_ : std::max(5, std::atoi(r.c_str()));
        return std::make_unique<AdventurerGame>(setup, set, decks, names, response);
    }

    // The lookups' answers; `typed` "" when unknown: "af ".
    Checked<LookupReply> answer(std::string_view command, std::string_view args,
                                const std::optional<std::string>& saved,
                                const std::string& typed_in) const {
        const std::string typed = typed_in.empty() ? "af " : typed_in;
        const std::string cmd = lower(std::string(command));
        const std::string a = trim(args);
        if (cmd == "card") return card_reply(a);
        if (cmd == "cards") return cards_reply(a);
        if (cmd == "decks") return decks_lookup(book_, typed);
        if (cmd == "deck") return deck_lookup(book_, a, saved, typed);
        return Refusal{"Unknown Adventurer Factory command."};
    }

  private:
    // Saved data: "deck", the deck's name, then the list "4 Sellsword, 3 ...".
    Checked<SavedDeck> read_saved(const std::string& data) const {
        auto lines = split_list(data, '\n');
        if (lines.size() < 3 || lines[0] != "deck") return Refusal{"no deck"};
        SavedDeck d{lines[1], {}};
        if (auto why = games::adventurer::parse_deck_list(lib_->set, lines[2], d.cards);
            !why.empty())
            return Refusal{why};
        if (auto bad = games::adventurer::check_deck(lib_->set, d.cards); !bad.empty())
            return Refusal{bad};
        return d;
    }
    std::string write_saved(const std::string& name, const std::vector<int>& cards) const {
        return "deck\n" + name + "\n" + games::adventurer::deck_list_text(lib_->set, cards);
    }
    // The Class and Race cards of a deck: what kind of adventurer it makes.
    std::string deck_classes(const std::vector<int>& cards) const {
        std::vector<std::string> f;
        for (int i : cards) {
            const auto& c = lib_->set.at(i);
            const bool shown =
                std::any_of(c.types.begin(), c.types.end(),
                            [](const std::string& t) { return t == "Class" || t == "Race"; });
            if (shown && std::find(f.begin(), f.end(), c.name) == f.end()) f.push_back(c.name);
        }
        std::string s;
        for (const auto& x : f) s += (s.empty() ? "" : ", ") + x;
        return s.empty() ? "no class" : s;
    }

    Checked<LookupReply> card_reply(const std::string& a) const {
        if (a.empty()) return Refusal{"Usage: card NAME, e.g. card " + lib_->set.at(0).name + "."};
        std::vector<std::string> names;
        for (const auto& c : lib_->set.cards()) names.push_back(c.name);
        const Checked<std::string> n = pick_name(names, a, "in the card set");
        if (!n)
            return Refusal{n.why().size() > 300
                               ? fmt::format("There is no card \"{}\"; cards TYPE lists them.", a)
                               : n.why()};
        return LookupReply::said(card_full(lib_->set.at(lib_->set.find(*n))));
    }

    // `cards` lists in private (a type's list is long).
    Checked<LookupReply> cards_reply(const std::string& a) const {
        static const char* kTypes[] = {"Class",  "Race",  "Item",   "Weapon",
                                       "Armour", "Spell", "Minion", "Consumable"};
        std::string type;
        for (const char* t : kTypes)
            if (!a.empty() && lower(t).rfind(lower(a), 0) == 0) type = t;
        if (type.empty()) {
            const std::string types =
                "Types: Class, Race, Item, Weapon, Armour, Spell, Minion, Consumable; cards "
                "TYPE lists one, card NAME shows one.";
            if (!a.empty()) return Refusal{types};
            return LookupReply::said(types, true);
        }
        std::string s = type + ":";
        for (const auto& c : lib_->set.cards())
            if (std::find(c.types.begin(), c.types.end(), type) != c.types.end())
                s += fmt::format(" {} ({}),", c.name, c.cost);
        s.back() = '.';
        return LookupReply::said(s, true);
    }

    config::TableConfig cfg_;
    DuelSeating seating_{cfg_, false};
    int response_s_ = 20;
    std::shared_ptr<const AdventurerLibrary> lib_;
    // The cards kept with duels, read once for all the duels that keep the same text (most
    // duels between two premade decks do): 10,000 duels restored were 380 MB and 3.6 s
    // when each read its own.
    mutable std::mutex kept_mu_;
    mutable std::map<std::string, std::weak_ptr<const CardSet>> kept_sets_;

    // The card set of a duel's kept text; null if there is none or it cannot be read.
    std::shared_ptr<const CardSet> kept_set(const std::string& text) const {
        if (text.empty()) return nullptr;
        std::lock_guard lock(kept_mu_);
        if (auto it = kept_sets_.find(text); it != kept_sets_.end())
            if (auto set = it->second.lock()) return set;
        auto set = std::make_shared<CardSet>();
        if (!set->add_file(text, "(kept with the duel)").empty()) return nullptr;
        if (kept_sets_.size() >= 256)  // those no duel holds any more
            std::erase_if(kept_sets_, [](const auto& e) { return e.second.expired(); });
        kept_sets_[text] = set;
        return set;
    }
    DeckBook book_;
    std::vector<CommandSpec> commands_;
    Lookups lookups_{{},
                     [this](std::string_view command, std::string_view args,
                            const std::optional<std::string>& saved, const std::string& typed) {
                         return answer(command, args, saved, typed);
                     }};
};

}  // namespace

config::SectionSpec adventurer_section() {
    config::SectionSpec spec;
    spec.name = "adventurer";
    spec.keys = config::duel_keys("Adventurer Factory", std::chrono::seconds(120));
    spec.keys.push_back(config::KeySpec{"cards", "builtin", nullptr,
                                        "card folders, comma-separated: builtin (croupier's own "
                                        "set) and/or folders of card files (*.txt, decks.txt for "
                                        "premade decks), relative to this file",
                                        ""});
    spec.keys.push_back(config::integer_key("response_seconds", 20, 5, 300,
                                            "how long a player has to answer a move before it "
                                            "resolves as if they passed"));
    spec.finish = [](config::Section& s) {
        config::finish_table(s);
        const std::filesystem::path base = s.folder();
        if (const auto lib = load_adventurer_library(s.text("cards"), base); !lib)
            s.fail("cards", lib.why());
    };
    return spec;
}

std::unique_ptr<GameKind> make_adventurer_kind(const config::Section& section) {
    return std::make_unique<AdventurerKind>(section);
}

}  // namespace croupier::bot
