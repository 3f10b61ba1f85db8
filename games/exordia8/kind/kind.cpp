// Exordia8 at the daemon: the Game adapter around games/exordia8/engine.hpp. The table
// machinery (bot/tables.*) owns table, join, leave, start and bot; this file parses what
// players type, turns engine events into at most two table lines a turn, and sends each
// hand only to its own seat.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <openssl/evp.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "bot/checked.hpp"
#include "bot/kinds/kinds.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "games/exordia8/ai.hpp"
#include "games/exordia8/engine.hpp"

namespace croupier::bot {

namespace {

using games::Card;
using games::Suit;
using games::exordia8::Action;
using games::exordia8::Bonus;
using games::exordia8::Engine;
using games::exordia8::Event;

constexpr std::size_t kLineBudget = 390;  // bytes per line, under the daemon's 400

std::vector<std::string> words(std::string_view s) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

std::string sha256_hex(const std::string& text) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(text.data(), text.size(), md, &len, EVP_sha256(), nullptr);
    std::string hex;
    char buf[3];
    for (unsigned int i = 0; i < len; ++i) {
        std::snprintf(buf, sizeof buf, "%02x", md[i]);
        hex += buf;
    }
    return hex;
}

// Hands are shown sorted: clubs, diamonds, hearts, spades, each A..K, Jokers last. Positions
// typed by players count in this order from 1.
std::vector<Card> sorted(std::vector<Card> h) {
    std::sort(h.begin(), h.end(), [](const Card& a, const Card& b) {
        if (a.joker != b.joker) return b.joker;
        if (a.suit != b.suit) return a.suit < b.suit;
        return a.rank < b.rank;
    });
    return h;
}

std::string suit_word(Suit s) {
    return std::string(games::suit_name(s));
}

class Exordia8Game : public Game {
  public:
    Exordia8Game(const GameSetup& setup, int players_per_pack)
        : names_(setup.players),
          computer_(setup.computer),
          engine_(static_cast<int>(setup.players.size()), 0, setup.deal_number, players_per_pack),
          commitment_(sha256_hex(std::to_string(setup.deal_number))),
          game_id_(setup.game_id) {
        computer_.resize(names_.size(), false);
    }

    std::unique_ptr<Game> clone() const override { return std::make_unique<Exordia8Game>(*this); }

    std::vector<int> awaited() const override {
        if (engine_.finished()) return {};
        return {engine_.turn()};
    }
    bool finished() const override { return engine_.finished(); }

    Checked<Outcome> act(int seat, std::string_view command, std::string_view args) override {
        if (seat < 0 || seat >= engine_.players()) return Refusal{"You are not in this game."};
        const std::string cmd = lower(std::string(command));
        Action action;
        if (cmd == "leave") {
            action = Action::leave();
        } else if (engine_.finished()) {
            return Refusal{"The game is over."};
        } else if (!engine_.in(seat)) {
            return Refusal{"You have left this game."};
        } else if (seat != engine_.turn()) {
            return Refusal{"It is " + names_[engine_.turn()] + "'s turn, not yours."};
        } else if (cmd == "draw" || cmd == "d") {
            action = Action::draw();
        } else if (cmd == "pass") {
            action = Action::pass();
        } else if (cmd == "play" || cmd == "p") {
            const Checked<Action> a = parse_play(seat, args);
            if (!a) return Refusal{a.why()};
            action = *a;
        } else {
            return Refusal{"Exordia8 commands: play CARD [SUIT], draw, pass, hand."};
        }
        auto r = engine_.apply(seat, action);
        if (!r.ok()) {
            std::string e = with_symbols(r.error);
            if (!e.empty())
                e[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(e[0])));
            return Refusal{e + "."};
        }
        Outcome o;
        o.canonical = games::exordia8::to_text(action);
        o.out = narrate(seat, r.events, o.told);
        return o;
    }

    // "plays J♠", "plays 8♥ and names spades", "draws", "passes", "leaves".
    std::string move_text(int seat, std::string_view command,
                          std::string_view args) const override {
        const std::string cmd = lower(std::string(command));
        if (cmd == "draw" || cmd == "d") return engine_.sequent() ? "draws two" : "draws";
        if (cmd == "pass") return "passes";
        if (cmd == "leave") return "leaves";
        if ((cmd == "play" || cmd == "p") && seat >= 0 && seat < engine_.players()) {
            const Checked<Action> a = parse_play(seat, args);
            if (a) {
                std::string t = "plays " + render::card(a->card);
                if (a->suit) t += " and names " + suit_word(*a->suit);
                return t;
            }
        }
        return Game::move_text(seat, command, args);
    }

    std::string timeout_action(int seat) const override {
        if (seat != engine_.turn() || engine_.finished()) return "leave";
        if (engine_.bonus() == Bonus::Sequent) return "pass";
        if (engine_.sequent()) return "draw";
        return engine_.stock_size() > 0 ? "draw" : "pass";
    }

    // The computer's move is a rule of thumb, not a search (drawing every turn would only
    // grow the hands).
    std::string filler_action(int seat, std::uint64_t) const override {
        return computer_action(seat);
    }

    std::string computer_action(int seat) const override {
        if (engine_.finished() || seat != engine_.turn()) return timeout_action(seat);
        return games::exordia8::to_text(games::exordia8::choose_action(engine_, seat));
    }

    std::vector<Out> start() const override {
        std::vector<Out> out;
        const int n = engine_.players();
        // The table machinery puts "Exordia8 game #N:" in front of this line.
        out.push_back(to_table(
            std::to_string(n) + " players, " + plural(engine_.packs(), "pack", "packs") + ", " +
            std::to_string(engine_.stock_size()) + " cards in the stock. " +
            render::bold(names_[0]) + " deals and plays first. The deal is sealed: sha256 " +
            commitment_ +
            (game_id_ ? " (revealed at the end, when !verify " + std::to_string(game_id_) +
                            " checks it)."
                      : " (revealed at the end, when !verify and this game's number check it).")));
        std::string order = "Playing order: ";
        for (int s = 0; s < n; ++s) order += (s ? ", " : "") + names_[s];
        out.push_back(to_table(order + "."));
        for (int s = 0; s < n; ++s)
            if (!computer_[s]) out.push_back(to_seat(s, hand_line(s)));
        return out;
    }

    std::vector<Out> show_table() const override {
        std::vector<Out> out;
        const int n = engine_.players();
        // Seats in playing order from the one to move; as many as fit, then a count.
        std::string seats;
        int shown = 0, in = engine_.players_in();
        const int first = engine_.finished() ? 0 : engine_.turn();
        for (int k = 0; k < n; ++k) {
            const int s = (first + k * engine_.direction() % n + n) % n;
            if (!engine_.in(s)) continue;
            std::string item = names_[s] + " " + std::to_string(engine_.hand_size(s));
            if (!engine_.finished() && s == engine_.turn()) item = render::bold(item);
            if (seats.size() + item.size() + 24 > kLineBudget) break;
            seats += (seats.empty() ? "" : ", ") + item;
            ++shown;
        }
        if (shown < in) seats += " and " + std::to_string(in - shown) + " more";
        out.push_back(to_table("Cards held: " + seats + "."));
        std::string state;
        if (engine_.finished()) {
            state = "The game is over.";
        } else {
            state = std::string("Direction: ") +
                    (engine_.direction() > 0 ? "clockwise" : "reversed") + ", stock " +
                    std::to_string(engine_.stock_size()) + ", pile " +
                    std::to_string(engine_.pile().size()) + ". " + prompt();
        }
        out.push_back(to_table(state));
        return out;
    }

    std::vector<Out> show_hand(int seat) const override {
        if (seat < 0 || seat >= engine_.players()) return {};
        if (!engine_.in(seat)) return {to_seat(seat, "You are out of this game.")};
        return {to_seat(seat, hand_line(seat))};
    }

    std::vector<SeatResult> results() const override {
        std::vector<SeatResult> res(engine_.players());
        for (int s = 0; s < engine_.players(); ++s) {
            auto& r = res[s];
            r.won = engine_.winner() == s;
            r.points = r.won ? engine_.points() : 0;
            r.detail = "cards=" + std::to_string(engine_.hand_size(s)) +
                       " hand=" + std::to_string(games::exordia8::hand_value(engine_.hand(s)));
            if (!engine_.in(s)) r.detail += " left";
            if (engine_.blocked()) r.detail += " blocked";
        }
        // Places (an event's table ranks everyone): the winner first, then by the value
        // left in hand, the least first (equal values share a place), then who left.
        const auto standing = [&](int s) {
            if (engine_.winner() == s) return -1;
            return games::exordia8::hand_value(engine_.hand(s)) + (engine_.in(s) ? 0 : 1000000);
        };
        for (int s = 0; s < engine_.players(); ++s) {
            int better = 0;
            for (int o = 0; o < engine_.players(); ++o) better += standing(o) < standing(s);
            res[s].place = 1 + better;
        }
        return res;
    }

    void rename(int seat, const std::string& nick) override {
        if (seat >= 0 && seat < static_cast<int>(names_.size())) names_[seat] = nick;
    }

  private:
    Checked<Action> parse_play(int seat, std::string_view args) const {
        const auto w = words(args);
        const std::string usage =
            "Type !play CARD (10h, Qs, T♥, joker) or its position in your hand (!play 3); for "
            "an 8 add a suit: !play 8h s.";
        if (w.empty()) {
            return Checked<Action>::refused(usage);
        }
        std::optional<Card> card;
        std::size_t used = 1;
        const auto hand = sorted(engine_.hand(seat));
        const bool digits =
            std::all_of(w[0].begin(), w[0].end(), [](char c) { return c >= '0' && c <= '9'; });
        // "5 c" is the five of clubs, not the fifth card naming clubs, unless the fifth card
        // is an 8 (which names a suit) and the player holds no five of clubs.
        std::optional<Card> apart;
        if (digits && w.size() >= 2 && games::parse_suit(w[1]))
            apart = games::parse_card(w[0] + w[1]);
        if (apart) {
            const int pos = w[0].size() <= 3 ? std::stoi(w[0]) : 0;
            const bool held = std::find(hand.begin(), hand.end(), *apart) != hand.end();
            const bool eight_there = pos >= 1 && pos <= static_cast<int>(hand.size()) &&
                                     !hand[pos - 1].joker && hand[pos - 1].rank == 8;
            if (held || !eight_there) {
                card = apart;
                used = 2;
            }
        }
        if (card) {
            // taken as a rank and a suit apart
        } else if (digits && w[0].size() <= 3) {
            const int pos = std::stoi(w[0]);
            if (pos < 1 || pos > static_cast<int>(hand.size())) {
                return Checked<Action>::refused("Your hand has positions 1 to " +
                                                std::to_string(hand.size()) + ".");
            }
            card = hand[pos - 1];
        } else {
            card = games::parse_card(w[0]);
            // "q h", "10 h": a rank and a suit apart.
            if (!card && w.size() >= 2 && games::parse_suit(w[1])) {
                card = games::parse_card(w[0] + w[1]);
                if (card) used = 2;
            }
        }
        if (!card) {
            return Checked<Action>::refused("I don't understand \"" + render::quote_user(w[0], 20) +
                                            "\". " + usage);
        }
        std::optional<Suit> suit;
        if (w.size() > used) {
            suit = games::parse_suit(w[used]);
            if (!suit || w.size() > used + 1) {
                return Checked<Action>::refused("I don't understand \"" +
                                                render::quote_user(args, 40) + "\". " + usage);
            }
        }
        // A suit given for an 8 that names none (its last card, a completing 8, on the Queen
        // of Spades) is dropped, so the canonical text is the same either way.
        if (suit && !card->joker && card->rank == 8 && !engine_.needs_suit(seat, *card))
            suit.reset();
        return Action::play(*card, suit);
    }

    // The engine writes cards as typed ("Kc can't go on 10s"); players read them as in
    // their hands ("K♣ can't go on 10♠"). A command to type ("!play 8s s") stays as typed.
    static std::string with_symbols(const std::string& text) {
        const std::size_t typed = std::min(text.find("!play"), text.size());
        std::string out;
        std::size_t i = 0;
        auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
        while (i < typed) {
            if (!word_char(text[i]) || (i > 0 && word_char(text[i - 1]))) {
                out += text[i++];
                continue;
            }
            std::size_t end = i;
            while (end < typed && word_char(text[end])) ++end;
            const std::string word = text.substr(i, end - i);
            const auto card = word.size() <= 3 &&
                                      std::isalnum(static_cast<unsigned char>(word.back())) &&
                                      std::string("cdhs").find(word.back()) != std::string::npos
                                  ? games::parse_card(word)
                                  : std::nullopt;
            out += card ? render::card(*card) : word;
            i = end;
        }
        return out + text.substr(typed);
    }

    std::string top_text() const {
        const auto t = engine_.top();
        return t ? render::card(*t) : "";
    }

    // What the player to move faces, for the table: "bob to play (5 cards) on 8♥ (spades)."
    // Whose turn it is and what they may play. `with_count`: and how many cards they hold
    // (the table view; after a move the line gives the mover's count instead).
    std::string prompt(bool with_count = true) const {
        const int s = engine_.turn();
        const std::string who = render::bold(names_[s]);
        const std::string cards =
            with_count ? "(" + plural(engine_.hand_size(s), "card", "cards") + ")" : "";
        if (engine_.bonus() == Bonus::Sequent)
            return who + pad(cards) + " may discard one more card on " + top_text() + ", or pass.";
        if (engine_.sequent())
            return who + pad(cards) + " must play " + render::card(engine_.sequent_card()) +
                   " or a Joker, or draw two.";
        if (engine_.first_play())
            return who + pad(cards) + " plays first: any card but the Queen of Hearts.";
        std::string what;
        if (engine_.named_suit()) {
            what = " (" + suit_word(*engine_.named_suit()) +
                   (engine_.stock_size() == 0 ? ", but the stock is empty: any card" : "") + ")";
        } else if (engine_.jack_red()) {
            what = *engine_.jack_red() ? " (any red card)" : " (any black card)";
        } else if (engine_.queen_of_spades()) {
            what = " (any card)";
        } else if (engine_.two_live()) {
            const auto t = *engine_.top();
            what = " (" + render::card(Card::make(3, t.suit)) + " starts a sequent)";
        }
        if (engine_.bonus() == Bonus::QueenOfHearts)
            return who + " plays again" + pad(cards) + " on " + top_text() + what + ".";
        return who + " to play" + pad(cards) + " on " + top_text() + what + ".";
    }

    std::string hand_line(int seat) const {
        const auto hand = sorted(engine_.hand(seat));
        std::string line = "Your hand: " + render::cards(hand, true);
        if (!engine_.finished() && engine_.turn() == seat) {
            line += ". Your turn";
            if (!engine_.first_play()) line += " on " + top_text();
            line += ": play " + engine_.hint() + ".";
        }
        return line;
    }

    // One sentence per event, merged into at most two table lines; drawn cards and the next
    // player's hand go to their seats only.
    static std::string pad(const std::string& s) { return s.empty() ? s : " " + s; }

    // `told`: the move's own table lines (Outcome::told), where others are held with them.
    std::vector<Out> narrate(int actor, const std::vector<Event>& events,
                             std::vector<std::string>& told) {
        std::vector<std::string> said;
        std::vector<Out> seats;
        std::optional<int> next;
        bool over = false;
        const std::string name = render::bold(names_[actor]);
        for (const auto& e : events) {
            switch (e.kind) {
                case Event::Kind::Played: {
                    std::string s = name + " plays " + render::card(e.card);
                    if (e.suit) s += " and names " + suit_word(*e.suit);
                    said.push_back(s);
                    break;
                }
                case Event::Kind::LostEffect:
                    said.back() += " (no effect on the Queen of Spades)";
                    break;
                case Event::Kind::Reversed:
                    said.back() += ": direction reversed";
                    break;
                case Event::Kind::SequentStarted:
                    said.back() += ": a sequent starts!";
                    break;
                case Event::Kind::SequentContinued:
                    said.back() += ", the sequent goes on";
                    break;
                case Event::Kind::SequentCompleted:
                    said.back() += " and completes the sequent: one more discard allowed";
                    break;
                case Event::Kind::SequentBroken:
                    said.push_back(name + " breaks the sequent and draws " +
                                   plural(e.count, "card", "cards"));
                    break;
                case Event::Kind::SequentEnded:
                    said.back() += ", which ends the sequent";
                    break;
                case Event::Kind::ExtraPlay:
                    said.back() += " and earns another discard";
                    break;
                case Event::Kind::BonusDeclined:
                    said.push_back(name + " makes no bonus discard");
                    break;
                case Event::Kind::Drew:
                    said.push_back(name + " draws a card");
                    break;
                case Event::Kind::DrewCards:
                    if (!computer_[e.visible_to])
                        seats.push_back(
                            to_seat(e.visible_to, "You draw " + render::cards(e.cards) + "."));
                    break;
                case Event::Kind::Passed:
                    said.push_back(name + " passes");
                    break;
                case Event::Kind::Left:
                    said.push_back(render::bold(names_[e.seat]) + " leaves the game (" +
                                   plural(e.count, "card", "cards") + " forfeited)");
                    break;
                case Event::Kind::Blocked:
                    said.push_back("The stock is empty and everyone passed: the game is blocked");
                    break;
                case Event::Kind::GameOver:
                    over = true;
                    break;
                case Event::Kind::Turn:
                    next = e.seat;
                    break;
            }
        }
        // The mover's own count, where their move is told (the next player's shows on their
        // turn, in the hand they are sent).
        if (!over && !said.empty() && engine_.in(actor) && engine_.hand_size(actor) != 1)
            said.back() += " (" + plural(engine_.hand_size(actor), "card", "cards") + ")";
        std::string line;
        for (const auto& s : said) line += (line.empty() ? "" : ". ") + s;
        if (!line.empty()) line += ".";
        std::vector<Out> out;
        // What happens while the table waits for computer players is told together, packed
        // into as few lines as fit: held while the next to play is a computer (the table
        // makes its move at once, in the same turn of the event loop, so nothing is told
        // later than before) and told with the move after which a person plays, or the
        // game ends. Three computers at a table cost one line a round, not three.
        const bool holding = !held_.empty();
        if (over) {
            for (auto& l : render::pack(std::exchange(held_, {}), kLineBudget))
                out.push_back(to_table(std::move(l)));
            for (auto& o : finish_lines(line, seats)) {
                if (holding && o.to == Out::To::Table) told.push_back(o.text);
                out.push_back(std::move(o));
            }
            return out;
        }
        if (engine_.hand_size(actor) == 1 && engine_.in(actor))
            line += " " + render::bold(names_[actor]) + " has one card left!";
        if (computer_[engine_.turn()]) {
            if (!line.empty()) {
                told.push_back(line);
                held_.push_back(std::move(line));
            }
        } else {
            std::vector<std::string> parts = std::exchange(held_, {});
            if (holding) told = {line, prompt(false)};
            parts.push_back(std::move(line));
            parts.push_back(prompt(false));
            for (auto& l : render::pack(parts, kLineBudget)) out.push_back(to_table(std::move(l)));
        }
        for (auto& s : seats) out.push_back(std::move(s));
        if (next && !computer_[*next]) out.push_back(to_seat(*next, hand_line(*next)));
        return out;
    }

    std::vector<Out> finish_lines(std::string line, std::vector<Out>& seats) const {
        std::vector<Out> out;
        const auto w = engine_.winner();
        if (w) {
            const std::string wn = render::bold(names_[*w]);
            if (engine_.blocked())
                line += " " + wn + " has the lowest hand and wins " +
                        plural(engine_.points(), "point", "points") + "!";
            else if (engine_.players_in() == 1)
                line += " " + wn + " is the last player in and wins " +
                        plural(engine_.points(), "point", "points") + ".";
            else
                line += " " + wn + " goes out and wins " +
                        plural(engine_.points(), "point", "points") + "!";
        }
        if (line.size() > kLineBudget) {  // cut on a space: never inside a symbol or colour
            const auto cut = line.rfind(' ', kLineBudget - 4);
            line = line.substr(0, cut == std::string::npos ? 0 : cut) + " ...";
        }
        out.push_back(to_table(line));
        // Second line: what each other hand gave the winner, as many as fit, then the deal.
        const std::string deal =
            "The sealed deal was " + std::to_string(engine_.deal_number()) +
            (game_id_ ? " (!verify " + std::to_string(game_id_) + " checks it)."
                      : " (!verify and this game's number check it).");
        std::string hands;
        int listed = 0, others = 0;
        for (int s = 0; s < engine_.players(); ++s) {
            if (!engine_.in(s) || (w && s == *w)) continue;
            ++others;
            const std::string item =
                names_[s] + " " + std::to_string(games::exordia8::hand_value(engine_.hand(s)));
            if (hands.size() + item.size() + deal.size() + 40 > kLineBudget) continue;
            hands += (hands.empty() ? "" : ", ") + item;
            ++listed;
        }
        std::string second;
        if (others > 0) {
            second = "Points left in hands: " + hands;
            if (listed < others) second += " and " + std::to_string(others - listed) + " more";
            second += ". ";
        }
        out.push_back(to_table(second + deal));
        for (auto& s : seats) out.push_back(std::move(s));
        return out;
    }

    std::vector<std::string> names_;
    std::vector<bool> computer_;
    Engine engine_;
    std::string commitment_;
    std::int64_t game_id_ = 0;       // for `!verify N` at the end; 0: none given
    std::vector<std::string> held_;  // table lines held while computers play on
};

class Exordia8Kind : public GameKind {
  public:
    explicit Exordia8Kind(const config::Section& section)
        : cfg_(config::table_config(section)),
          players_per_pack_(static_cast<int>(section.integer("players_per_pack"))) {
        commands_ = {
            {"play",
             {"p"},
             "CARD [SUIT]",
             "discards a card (10h, Qs, T♥, joker, or its position in your hand); an 8 names a "
             "suit: play 8h s"},
            {"draw", {"d"}, "", "takes the top card of the stock (ends your turn)"},
            {"pass", {}, "", "skips your turn, only when the stock is empty"},
            {"hand", {"h"}, "", "shows your hand again", CommandSpec::Role::Hand},
        };
    }
    std::string name() const override { return "exordia8"; }
    std::string title() const override { return "Exordia8"; }
    std::vector<std::string> aliases() const override { return {"e8"}; }
    const Seating& seating() const override { return seating_; }
    const std::vector<CommandSpec>& commands() const override { return commands_; }
    std::string seal(std::uint64_t deal) const override { return sha256_hex(std::to_string(deal)); }
    std::string summary() const override {
        return "Crazy Eights with Jokers and sequents, 2 to " + std::to_string(cfg_.max_players) +
               " players at a channel table";
    }
    void deal_options(GameSetup& setup) const override {
        setup.options["players_per_pack"] = std::to_string(players_per_pack_);
    }
    std::unique_ptr<Game> create(const GameSetup& setup) const override {
        int ppp = players_per_pack_;
        const auto it = setup.options.find("players_per_pack");
        if (it != setup.options.end()) {
            try {
                ppp = std::stoi(it->second);
            } catch (const std::exception&) {
                ppp = players_per_pack_;
            }
        }
        return std::make_unique<Exordia8Game>(setup, ppp);
    }

  private:
    config::TableConfig cfg_;
    OpenTableSeating seating_{cfg_};
    int players_per_pack_ = 6;
    std::vector<CommandSpec> commands_;
};

}  // namespace

config::SectionSpec exordia8_section() {
    config::SectionSpec spec;
    spec.name = "exordia8";
    spec.keys = config::table_keys();
    spec.keys.push_back(config::integer_key("players_per_pack", 6, 1, 52));
    spec.finish = config::finish_table;
    return spec;
}

std::unique_ptr<GameKind> make_exordia8_kind(const config::Section& section) {
    return std::make_unique<Exordia8Kind>(section);
}

}  // namespace croupier::bot
