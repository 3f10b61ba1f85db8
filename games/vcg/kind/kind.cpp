// VCG duels at the daemon: the Game adapter around games/vcg (the engine), the card sets and
// premade decks it loads ([vcg] cards), and the commands that need no duel (card, cards,
// calc, deck, decks). Seating, timers, journal and ratings are the table layer's (a duel).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "bot/card_folders.hpp"
#include "bot/checked.hpp"
#include "bot/decks.hpp"
#include "bot/kinds/kinds.hpp"
#include "bot/render.hpp"
#include "bot/strings.hpp"
#include "games/vcg/ai.hpp"
#include "games/vcg/card.hpp"
#include "games/vcg/duel.hpp"
#include "games/vcg/kind/kind.hpp"

namespace croupier::bot {

namespace {

using games::vcg::Ability;
using games::vcg::Battle;
using games::vcg::Card;
using games::vcg::CardSet;
using games::vcg::Choice;
using games::vcg::Duel;
using games::vcg::kDeck;
using games::vcg::kHand;

// ---------------------------------------------------------------------------------------
// Cards and decks: the library a kind loads from its `cards` folders.

// "tide_callers" -> "Tide Callers".
std::string faction_title(const std::string& stem) {
    std::string out;
    bool start = true;
    for (char c : stem) {
        if (c == '_' || c == '-' || c == ' ') {
            out += ' ';
            start = true;
            continue;
        }
        out += start ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        start = false;
    }
    return out;
}

// The eight cards the names make, or the Refusal saying why they are not a deck: each found
// once, eight different. (A deck file's is the loader's Fault.)
Checked<std::vector<int>> resolve_deck(const CardSet& set, const std::vector<std::string>& names) {
    std::vector<int> out;
    for (const auto& n : names) {
        std::string choices;
        const int i = set.find(n, &choices);
        if (i == -2)
            return Refusal{fmt::format("\"{}\" is in more than one faction: say {}", n, choices)};
        if (i < 0) return Refusal{fmt::format("there is no card \"{}\"", n)};
        if (std::find(out.begin(), out.end(), i) != out.end())
            return Refusal{fmt::format("{} is in it twice; a deck has {} different cards",
                                       set.at(i).name, kDeck)};
        out.push_back(i);
    }
    if (static_cast<int>(out.size()) != kDeck)
        return Refusal{fmt::format("a deck has {} different cards, not {}", kDeck, out.size())};
    return out;
}

// decks.txt: "Name: card, card, ..." a line; # comments. Done, or the Fault "file:line: why".
Checked<Done> add_decks(VcgLibrary& lib, const std::string& text, const std::string& file) {
    std::istringstream in(text);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        const std::string t = trim(line);
        if (t.empty() || t[0] == '#') continue;
        const auto colon = t.find(':');
        if (colon == std::string::npos)
            return Fault{fmt::format("{}:{}: a deck is \"Name: card, card, ...\"", file, n)};
        VcgDeck d;
        d.name = trim(t.substr(0, colon));
        std::vector<std::string> names = split_list(t.substr(colon + 1), ',');
        const Checked<std::vector<int>> cards = resolve_deck(lib.set, names);
        if (!cards) return Fault{fmt::format("{}:{}: deck {}: {}", file, n, d.name, cards.why())};
        d.cards = *cards;
        for (const auto& o : lib.decks)
            if (lower(o.name) == lower(d.name))
                return Fault{fmt::format("{}:{}: deck {} is there twice", file, n, d.name)};
        lib.decks.push_back(std::move(d));
    }
    return Done{};
}

}  // namespace

Checked<VcgLibrary> load_vcg_library(const std::string& cards, const std::filesystem::path& base) {
    static constexpr CardFiles kFiles{"vcg", ".csv", "no .csv files (one faction a file)"};
    VcgLibrary lib;
    for (const auto& entry : split_list(cards, ',')) {
        if (entry.empty()) continue;
        const Checked<CardFolder> folder = read_card_folder(entry, base, kFiles);
        if (!folder) return Fault{folder.why()};
        for (const auto& f : folder->cards) {
            const std::string stem = std::filesystem::path(f.path).stem().string();
            // The engine's why (it knows nothing of bot/), a Fault here.
            if (auto why = lib.set.add_faction(f.text, faction_title(stem), f.path); !why.empty())
                return Fault{why};
        }
        for (const auto& f : folder->decks)
            if (const auto added = add_decks(lib, f.text, f.path); !added)
                return Fault{added.why()};
    }
    if (lib.set.cards().empty()) return Fault{"no cards loaded"};
    if (static_cast<int>(lib.set.cards().size()) < kDeck)
        return Fault{
            fmt::format("only {} cards loaded; a deck needs {}", lib.set.cards().size(), kDeck)};
    if (lib.decks.empty()) {
        // No premade decks: the first eight cards make one, so a player without a deck plays.
        VcgDeck d{"Starter", {}};
        for (int i = 0; i < kDeck; ++i) d.cards.push_back(i);
        lib.decks.push_back(d);
    }
    return lib;
}

namespace {

// ---------------------------------------------------------------------------------------
// Words.

std::string card_line(const Card& c) {
    std::string s = fmt::format("{} L{} P{} D{}", c.name, c.level, c.power, c.damage);
    if (!c.ability.empty()) s += " [" + games::vcg::ability_text(c.ability) + "]";
    return s;
}

std::string card_full(const Card& c) {
    std::string s = fmt::format("{} ({}): level {}, power {}, damage {}. Ability: {}.", c.name,
                                c.faction, c.level, c.power, c.damage,
                                c.ability.empty() ? std::string("none")
                                                  : games::vcg::ability_text(c.ability) + " (" +
                                                        games::vcg::ability_words(c.ability) + ")");
    s += " Faction bonus: " +
         (c.bonus.empty() ? std::string("none")
                          : games::vcg::ability_text(c.bonus) + " (" +
                                games::vcg::ability_words(c.bonus) + ")") +
         ".";
    return s;
}

// Cards as a game keeps them: a line each, "name|faction|level|power|damage|ability|bonus".
std::string pack_cards(const std::vector<Card>& cards) {
    std::string out;
    for (const auto& c : cards)
        out += fmt::format("{}{}|{}|{}|{}|{}|{}|{}", out.empty() ? "" : "\n", c.name, c.faction,
                           c.level, c.power, c.damage, games::vcg::ability_text(c.ability),
                           games::vcg::ability_text(c.bonus));
    return out;
}

std::optional<std::vector<Card>> unpack_cards(const std::string& text) {
    std::vector<Card> out;
    for (const auto& line : split_list(text, '\n')) {
        const auto f = split_list(line, '|');
        if (f.size() != 7) return std::nullopt;
        Card c;
        c.name = f[0];
        c.faction = f[1];
        try {
            c.level = std::stoi(f[2]);
            c.power = std::stoi(f[3]);
            c.damage = std::stoi(f[4]);
        } catch (const std::exception&) {
            return std::nullopt;
        }
        auto a = games::vcg::parse_ability(f[5]);
        auto b = games::vcg::parse_ability(f[6]);
        if (!std::holds_alternative<Ability>(a) || !std::holds_alternative<Ability>(b))
            return std::nullopt;
        c.ability = std::get<Ability>(a);
        c.bonus = std::get<Ability>(b);
        out.push_back(std::move(c));
    }
    if (static_cast<int>(out.size()) != kDeck) return std::nullopt;
    return out;
}

std::string potions_text(const Choice& c) {
    return fmt::format("{}{}", plural(c.potions, "potion", "potions"), c.focus ? ", focus" : "");
}

// "+ 2 Power", with what it did when that differs ("Steal 3 Life Min 1: 2").
std::string fired_text(const games::vcg::Fired& f) {
    std::string s = games::vcg::ability_text(f.ability);
    const auto e = f.ability.effect;
    const bool shows = e == games::vcg::Effect::StealLife || e == games::vcg::Effect::StealPotion ||
                       e == games::vcg::Effect::OppLife || e == games::vcg::Effect::OppPotion ||
                       e == games::vcg::Effect::LifeMin || e == games::vcg::Effect::PotionMin ||
                       e == games::vcg::Effect::Recover || e == games::vcg::Effect::LifePerDamage ||
                       f.ability.prefix == games::vcg::Prefix::Team;
    if (shows) s += fmt::format(" ({})", f.amount);
    return s;
}

// What acted in a battle, side by side: "alice: Bellows Boy Team: + 1 Power (4), Ironbound
// bonus + 2 Power; bob: ...". `brief`: the battle's own cards, already named in its first
// part, are not named again, nor a bonus's faction ("alice: + 2 Power, bonus + 2 Power").
std::string fired_by_side(const Battle& b, const std::string& first, const std::string& second,
                          bool brief = false) {
    std::string out;
    for (int s = 0; s < 2; ++s) {
        std::string mine;
        for (const auto& f : b.fired) {
            if (f.side != s) continue;
            std::string who = f.bonus ? f.faction + " bonus " : f.card + " ";
            if (brief && f.bonus) who = "bonus ";
            if (brief && !f.bonus && f.card == b.card[static_cast<std::size_t>(s)]) who.clear();
            mine += fmt::format("{}{}{}", mine.empty() ? "" : ", ", who, fired_text(f));
        }
        if (!mine.empty())
            out += fmt::format("{}{}: {}", out.empty() ? "" : "; ", s == 0 ? first : second, mine);
    }
    return out;
}

// ---------------------------------------------------------------------------------------
// The game.

class VcgGame final : public Game {
  public:
    VcgGame(const GameSetup& setup, const std::array<std::vector<Card>, 2>& decks,
            std::array<std::string, 2> deck_names)
        : names_(setup.players),
          deck_names_(std::move(deck_names)),
          deal_(setup.deal_number),
          duel_(decks, setup.deal_number) {
        names_.resize(2);
        for (std::size_t i = 0; i < 2 && i < setup.computer.size(); ++i)
            computer_[i] = setup.computer[i];
    }

    std::unique_ptr<Game> clone() const override { return std::make_unique<VcgGame>(*this); }

    std::vector<int> awaited() const override {
        if (duel_.finished()) return {};
        return {duel_.to_play()};
    }
    bool finished() const override { return duel_.finished(); }

    Checked<Outcome> act(int seat, std::string_view command, std::string_view args) override {
        const std::string cmd = lower(std::string(command));
        if (duel_.finished()) return Refusal{"The duel is over."};
        if (seat < 0 || seat > 1) return Refusal{"You are not in this duel."};
        if (cmd == "leave") {
            duel_.concede(seat);
            return Outcome{"leave",
                           {to_table(fmt::format("{} gives up: {} wins the duel.", names_[seat],
                                                 names_[1 - seat]))},
                           {}};
        }
        if (cmd != "play" && cmd != "p")
            return Refusal{"Unknown move: play CARD POTIONS [focus], e.g. play " +
                           first_open(seat) + " 3."};
        const Checked<Choice> parsed = parse_play(seat, std::string(args));
        if (!parsed) return Refusal{parsed.why()};
        const Choice c = *parsed;
        if (seat != duel_.to_play())
            return Refusal{duel_.has_chosen(seat)
                               ? "You have played this battle's card; wait for " +
                                     names_[1 - seat] + "."
                               : "It is " + names_[1 - seat] + "'s turn to play first."};
        if (duel_.side(seat).played[static_cast<std::size_t>(c.slot)])
            return Refusal{fmt::format("You have played {} already; yours to play: {}.",
                                       duel_.side(seat).hand[static_cast<std::size_t>(c.slot)].name,
                                       open_names(seat))};
        if (auto why = duel_.choose(seat, c); !why.empty()) return Refusal{why};
        Outcome o;
        o.canonical = fmt::format("play {} {}{}", c.slot + 1, c.potions, c.focus ? " focus" : "");
        const Card& card = duel_.side(seat).hand[static_cast<std::size_t>(c.slot)];
        const int left = duel_.side(seat).potions - (duel_.has_chosen(seat) ? c.cost() : 0);
        if (duel_.has_chosen(seat)) {
            // The first card of the battle: its name is public, its potions are not.
            o.out.push_back(
                to_seat(seat, fmt::format("You play {} with {}; {} left.", card.name,
                                          potions_text(c), plural(left, "potion", "potions"))));
            // The computer answers at once: the battle follows in the same line.
            if (computer_[static_cast<std::size_t>(1 - seat)])
                o.out.push_back(to_table(fmt::format("{} plays {}.", names_[seat], card.name)));
            else
                o.out.push_back(to_table(fmt::format(
                    "{} plays {}. {}: answer with play CARD POTIONS [focus], in private.",
                    names_[seat], card.name, names_[1 - seat])));
            return o;
        }
        o.out.push_back(
            to_seat(seat, fmt::format("You play {} with {}.", card.name, potions_text(c))));
        for (auto& line : battle_lines(duel_.battles().back())) o.out.push_back(to_table(line));
        return o;
    }

    // "plays Hero with 3 potions", "plays Hero with 5 potions, focus", "gives up". The
    // potions are a secret until both have played: a record shows them once the duel is over.
    std::string move_text(int seat, std::string_view command,
                          std::string_view args) const override {
        const std::string cmd = lower(std::string(command));
        if (cmd == "leave") return "gives up";
        if ((cmd == "play" || cmd == "p") && (seat == 0 || seat == 1)) {
            const Checked<Choice> c = parse_play(seat, std::string(args));
            if (c && c->slot >= 0 && c->slot < kHand)
                return "plays " + duel_.side(seat).hand[static_cast<std::size_t>(c->slot)].name +
                       " with " + potions_text(*c);
        }
        return Game::move_text(seat, command, args);
    }

    std::string timeout_action(int seat) const override {
        if (seat < 0 || seat > 1) return "leave";  // a duel has two seats
        const Side& me = duel_.side(seat);
        for (int i = 0; i < kHand; ++i)
            if (!me.played[static_cast<std::size_t>(i)]) return fmt::format("play {} 0", i + 1);
        return "leave";
    }
    std::string timeout_text(int seat, const std::string& action) const override {
        // The card only: its potions stay secret until both have played.
        const auto [word, rest] = split_command(action);
        const int slot = std::atoi(rest.c_str()) - 1;
        if (word != "play" || slot < 0 || slot >= kHand || seat < 0 || seat > 1) return action;
        return duel_.side(seat).hand[static_cast<std::size_t>(slot)].name;
    }
    std::string computer_action(int seat) const override {
        if (seat < 0 || seat > 1 || duel_.finished()) return "";
        const Choice c = games::vcg::computer_choice(
            duel_, seat,
            deal_ ^
                (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(duel_.round() * 2 + seat + 1)));
        return fmt::format("play {} {}{}", c.slot + 1, c.potions, c.focus ? " focus" : "");
    }

    std::vector<Out> start() const override {
        std::vector<Out> out;
        // The computer is never told what to type: it plays at once.
        const bool computer_first = computer_[static_cast<std::size_t>(duel_.first())];
        out.push_back(to_table(fmt::format(
            "{} ({}) against {} ({}), 12 Life and 12 Potions each, four battles. {} plays first "
            "{}{}",
            names_[0], deck_names_[0], names_[1], deck_names_[1], names_[duel_.first()],
            levels(0) == levels(1) ? "(equal levels: by lot)" : "(more levels drawn)",
            computer_first ? "." : ": play CARD POTIONS [focus], in private.")));
        for (int s = 0; s < 2; ++s) out.push_back(to_table(hand_line(s, false)));
        return out;
    }

    std::vector<Out> show_table() const override {
        std::vector<Out> out;
        for (int s = 0; s < 2; ++s) out.push_back(to_table(hand_line(s, true)));
        if (!duel_.finished()) {
            const int p = duel_.to_play();
            if (duel_.has_chosen(1 - p))
                out.push_back(to_table(
                    fmt::format("Battle {} of 4: {} played {}; waiting for {} to answer.",
                                duel_.round(), names_[1 - p],
                                duel_.side(1 - p)
                                    .hand[static_cast<std::size_t>(duel_.pending(1 - p).slot)]
                                    .name,
                                names_[p])));
            else
                out.push_back(to_table(fmt::format("Battle {} of 4: waiting for {} to play first.",
                                                   duel_.round(), names_[p])));
        }
        return out;
    }

    std::vector<Out> show_hand(int seat) const override {
        if (seat < 0 || seat > 1) return {};
        std::string s = "Your cards: ";
        const Side& me = duel_.side(seat);
        for (int i = 0; i < kHand; ++i) {
            const auto iu = static_cast<std::size_t>(i);
            s += fmt::format("{}{} {}{}", i ? "; " : "", i + 1, card_line(me.hand[iu]),
                             me.played[iu] ? " (played)" : "");
        }
        s += fmt::format(". {} Life, {}.", me.life, plural(me.potions, "potion", "potions"));
        if (duel_.has_chosen(seat) && !duel_.finished())
            s += " You played " + me.hand[static_cast<std::size_t>(duel_.pending(seat).slot)].name +
                 " (" + potions_text(duel_.pending(seat)) + ") this battle.";
        return {to_seat(seat, s)};
    }

    std::vector<SeatResult> results() const override {
        std::vector<SeatResult> out(2);
        for (int s = 0; s < 2; ++s) {
            const auto su = static_cast<std::size_t>(s);
            out[su].points = duel_.side(s).life;
            out[su].won = duel_.winner() == s;
            out[su].detail = fmt::format("life={} potions={} deck={}", duel_.side(s).life,
                                         duel_.side(s).potions, deck_names_[su]);
        }
        return out;
    }
    void rename(int seat, const std::string& nick) override {
        if (seat >= 0 && seat < 2) names_[static_cast<std::size_t>(seat)] = nick;
    }

  private:
    using Side = games::vcg::Side;

    int levels(int s) const {
        int n = 0;
        for (const auto& c : duel_.side(s).hand) n += c.level;
        return n;
    }

    std::string open_names(int seat) const {
        std::string names;
        const Side& me = duel_.side(seat);
        for (int i = 0; i < kHand; ++i)
            if (!me.played[static_cast<std::size_t>(i)])
                names += (names.empty() ? "" : ", ") + me.hand[static_cast<std::size_t>(i)].name;
        return names;
    }

    std::string first_open(int seat) const {
        const Side& me = duel_.side(seat);
        for (int i = 0; i < kHand; ++i)
            if (!me.played[static_cast<std::size_t>(i)])
                return me.hand[static_cast<std::size_t>(i)].name;
        return "CARD";
    }

    // One side's cards (the played ones marked when `state`), its bonus, Life and Potions.
    std::string hand_line(int s, bool state) const {
        const Side& me = duel_.side(s);
        std::string line = names_[s] + ": ";
        std::vector<std::string> bonuses;
        for (int i = 0; i < kHand; ++i) {
            const auto iu = static_cast<std::size_t>(i);
            const Card& c = me.hand[iu];
            if (state && me.played[iu]) {
                line += fmt::format("{}({} played)", i ? ", " : "", c.name);
                continue;
            }
            line += (i ? ", " : "") + card_line(c);
            if (duel_.bonus_active(s, i)) {
                const std::string b = c.faction + " bonus " + games::vcg::ability_text(c.bonus);
                if (std::find(bonuses.begin(), bonuses.end(), b) == bonuses.end())
                    bonuses.push_back(b);
            }
        }
        for (const auto& b : bonuses) line += "; " + b;
        if (state)
            line += fmt::format(". {} Life, {}.", me.life, plural(me.potions, "potion", "potions"));
        return line;
    }

    // The battle in at most three lines.
    std::vector<std::string> battle_lines(const Battle& b) const {
        std::vector<std::string> out;
        const int a = b.first, d = 1 - b.first;
        auto side = [&](int s) {
            const auto su = static_cast<std::size_t>(s);
            return fmt::format("{}'s {} ({}) attack {}", names_[s], b.card[su],
                               potions_text(b.choice[su]), b.attack[su]);
        };
        const int w = b.winner;
        std::string why;
        if (b.tie_by_level) why = " (equal attack: the lower level wins)";
        if (b.tie_by_order) why = " (equal attack and level: who played first wins)";
        out.push_back(fmt::format("Battle {}: {} vs {}: {} wins{}, {} damage.", b.round, side(a),
                                  side(d), b.card[static_cast<std::size_t>(w)], why, b.dealt));
        auto acted = [&](bool brief) {
            std::string fx = fired_by_side(b, names_[0], names_[1], brief);
            for (int s = 0; s < 2; ++s) {
                const auto su = static_cast<std::size_t>(s);
                if (b.healed[su])
                    fx += fmt::format("{}{} heals {}", fx.empty() ? "" : "; ", names_[s],
                                      b.healed[su]);
                if (b.poisoned[su])
                    fx += fmt::format("{}{} loses {} to poison", fx.empty() ? "" : "; ", names_[s],
                                      b.poisoned[su]);
            }
            return fx.empty() ? fx : fx + ".";
        };
        std::string end = fmt::format("Life {} {}, {} {}; potions {}, {}.", names_[0], b.life[0],
                                      names_[1], b.life[1], b.potions[0], b.potions[1]);
        if (duel_.finished()) {
            if (duel_.winner() < 0)
                end += " A draw.";
            else
                end += fmt::format(" {} wins the duel.", names_[duel_.winner()]);
        } else {
            end += fmt::format(" Battle {}: {} plays first.", b.round + 1, names_[duel_.to_play()]);
        }
        // One line when it fits: a battle told in full that would spill onto a second line
        // is told briefly (10 % of the battles between computers with long nicks).
        std::string fx = acted(false);
        if (out[0].size() + fx.size() + end.size() + 2 > render::kWidth) fx = acted(true);
        if (!fx.empty()) out.push_back(fx);
        out.push_back(end);
        return out;
    }

    // "Watch Captain 3 focus", "2 3", "watch 3 f": a card of the hand (its name, a unique
    // start of it or of one of its words, or its place 1-4), the potions, and "focus" or "f".
    Checked<Choice> parse_play(int seat, const std::string& args) const {
        Choice c;
        auto w = split_list(args, ' ');
        std::erase_if(w, [](const std::string& x) { return x.empty(); });
        const std::string usage = "play CARD POTIONS [focus], e.g. play " + first_open(seat) + " 3";
        if (w.empty()) return Refusal{"Say which card and how many potions: " + usage + "."};
        if (lower(w.back()) == "focus" || lower(w.back()) == "f") {
            c.focus = true;
            w.pop_back();
        }
        auto is_num = [](const std::string& x) {
            return !x.empty() && x.size() <= 3 &&
                   std::all_of(x.begin(), x.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
        };
        if (w.size() < 2 || !is_num(w.back()))
            return Refusal{"Say how many potions after the card: " + usage + "."};
        c.potions = std::stoi(w.back());
        w.pop_back();
        std::string name;
        for (const auto& x : w) name += (name.empty() ? "" : " ") + x;
        const Side& me = duel_.side(seat);
        if (w.size() == 1 && is_num(w[0])) {
            const int n = std::stoi(w[0]);
            if (n < 1 || n > kHand)
                return Refusal{fmt::format("Your cards are numbered 1 to {}.", kHand)};
            c.slot = n - 1;
            return c;
        }
        const std::string want = games::vcg::fold_name(name);
        int found = -1, starts = 0, start_at = -1;
        for (int i = 0; i < kHand; ++i) {
            const std::string have =
                games::vcg::fold_name(me.hand[static_cast<std::size_t>(i)].name);
            if (have == want) found = i;
            if (have.rfind(want, 0) == 0 || have.find(" " + want) != std::string::npos) {
                ++starts;
                start_at = i;
            }
        }
        if (found < 0 && starts == 1) found = start_at;
        if (found < 0)
            return Refusal{
                fmt::format("You have no card \"{}\"; yours to play: {}.", name, open_names(seat))};
        c.slot = found;
        return c;
    }

    std::vector<std::string> names_;
    std::array<bool, 2> computer_{false, false};
    std::array<std::string, 2> deck_names_;
    std::uint64_t deal_ = 0;
    Duel duel_;
};

// ---------------------------------------------------------------------------------------
// The kind.

class VcgKind final : public GameKind {
  public:
    explicit VcgKind(const config::Section& section) : cfg_(config::duel_config(section)) {
        level_cap_ = static_cast<int>(section.integer("deck_level_cap"));
        const std::filesystem::path base = section.folder();
        Checked<VcgLibrary> lib = load_vcg_library(section.text("cards"), base);
        if (!lib) section.fail("cards", lib.why());
        lib_ = std::make_shared<VcgLibrary>(std::move(*lib));
        commands_ = {
            {"play",
             {"p"},
             "CARD POTIONS [focus]",
             "in private: your card for this battle (its name, the start of it, or 1-4), the "
             "potions you add to it, and focus (3 potions for +2 damage)"},
            {"hand", {"h"}, "", "shows your four cards, Life and potions", CommandSpec::Role::Hand},
        };
        lookups_.commands = {
            {"card", {}, "NAME", "shows one card: level, power, damage, ability, bonus, faction"},
            {"cards", {}, "[FACTION]", "lists a faction's cards, or the factions"},
            {"calc",
             {},
             "A POTIONS [bonus] [focus] vs B POTIONS [bonus] [focus]",
             "works out one battle (A plays first; both from 12 Life and 12 Potions)"},
            {"deck",
             {},
             "[set A, B, ... | set DECK | clear]",
             "shows your deck, saves one of 8 different cards (or a premade one by name), or "
             "goes back to premade decks"},
            {"decks", {}, "", "lists the premade decks"},
        };
        book_.read = [this](const std::string& d) { return read_saved(d); };
        book_.write = [this](const std::string& n, const std::vector<int>& c) {
            return write_saved(n, c);
        };
        book_.text = [this](const std::vector<int>& c) { return deck_text(c); };
        book_.parse = [this](const std::string& list) {
            return resolve_deck(lib_->set, split_list(list, ','));
        };
        book_.summary = [this](const std::vector<int>& c) { return deck_factions(c); };
        book_.allowed = [this](const std::vector<int>& c) { return over_cap(c); };
        for (const auto& d : lib_->decks) book_.premade.push_back({d.name, d.cards});
        book_.example = "A, B, C, D, E, F, G, H";
        book_.usage_set = "A, B, ... (8 different cards)";
        book_.list_help = "Name 8 different cards between commas, e.g. deck set " +
                          deck_text(lib_->decks.front().cards) + ".";
    }
    std::string name() const override { return "vcg"; }
    std::string title() const override { return "VCG"; }
    std::vector<std::string> aliases() const override { return {}; }
    const std::vector<CommandSpec>& commands() const override { return commands_; }
    const Lookups& lookups() const override { return lookups_; }
    std::string summary() const override {
        return "card duels with secret potion bids (Urban Rivals style), two players or you "
               "against the computer";
    }
    const Seating& seating() const override { return seating_; }

    void deal_options(GameSetup& setup) const override {
        for (std::size_t s = 0; s < 2; ++s) {
            const std::string key = std::to_string(s);
            std::vector<int> deck;
            std::string name;
            auto saved = setup.options.find("saved." + key);
            if (saved != setup.options.end()) {
                if (const Checked<SavedDeck> d = read_saved(saved->second)) {
                    deck = d->cards;
                    name = d->name;
                }
            }
            if (deck.empty()) {
                // No deck of one's own: a premade one under the cap, by lot.
                std::vector<const VcgDeck*> fit;
                for (const auto& d : lib_->decks)
                    if (over_cap(d.cards)) fit.push_back(&d);
                if (fit.empty()) fit.push_back(&lib_->decks.front());  // the config refuses this
                const auto pick =
                    static_cast<std::size_t>((setup.deal_number >> (16 * s)) % fit.size());
                deck = fit[pick]->cards;
                name = fit[pick]->name;
            }
            std::vector<Card> cards;
            for (int i : deck) cards.push_back(lib_->set.at(i));
            setup.options["deck." + key] = name;
            setup.options["cards." + key] = pack_cards(cards);
        }
    }

    std::unique_ptr<Game> create(const GameSetup& setup) const override {
        std::array<std::vector<Card>, 2> decks;
        std::array<std::string, 2> names;
        for (std::size_t s = 0; s < 2; ++s) {
            const std::string key = std::to_string(s);
            auto it = setup.options.find("cards." + key);
            std::optional<std::vector<Card>> cards;
            if (it != setup.options.end()) cards = unpack_cards(it->second);
            if (!cards) {  // a setup from before its cards were kept: the first premade deck
                cards.emplace();
                for (int i : lib_->decks.front().cards) cards->push_back(lib_->set.at(i));
            }
            decks[s] = *cards;
            auto d = setup.options.find("deck." + key);
            names[s] = d != setup.options.end() ? d->second : lib_->decks.front().name;
        }
        return std::make_unique<VcgGame>(setup, decks, names);
    }

    // The lookups' answers (the way the asker types commands changes none of them).
    Checked<LookupReply> answer(std::string_view command, std::string_view args,
                                const std::optional<std::string>& saved) const {
        const std::string cmd = lower(std::string(command));
        const std::string a = trim(args);
        if (cmd == "card") return card_reply(a);
        if (cmd == "cards") return cards_reply(a);
        if (cmd == "calc") return calc_reply(a);
        if (cmd == "decks") return decks_lookup(book_);
        if (cmd == "deck") return deck_lookup(book_, a, saved);
        return Refusal{"Unknown VCG command."};
    }

  private:
    // Saved data: the first line "own" or "premade", then the deck's name, then a card a line
    // as "Faction/Name".
    Checked<SavedDeck> read_saved(const std::string& data) const {
        auto lines = split_list(data, '\n');
        if (lines.size() < 2) return Refusal{"no deck"};
        std::vector<std::string> names(lines.begin() + 2, lines.end());
        const Checked<std::vector<int>> cards = resolve_deck(lib_->set, names);
        if (!cards) return Refusal{cards.why()};
        if (const Checked<Done> may = over_cap(*cards); !may) return Refusal{may.why()};
        return SavedDeck{lines[1], *cards};
    }
    std::string write_saved(const std::string& name, const std::vector<int>& cards) const {
        std::string s = "deck\n" + name;
        for (int i : cards) s += "\n" + lib_->set.at(i).faction + "/" + lib_->set.at(i).name;
        return s;
    }
    // Done when the deck is within this network's cap of levels, else the Refusal saying
    // by how much it is over.
    Checked<Done> over_cap(const std::vector<int>& cards) const {
        if (level_cap_ <= 0) return Done{};
        int total = 0;
        for (int i : cards) total += lib_->set.at(i).level;
        if (total <= level_cap_) return Done{};
        return Refusal{fmt::format("its levels add up to {}, over this network's cap of {}", total,
                                   level_cap_)};
    }
    std::string deck_factions(const std::vector<int>& cards) const {
        std::vector<std::string> f;
        for (int i : cards)
            if (std::find(f.begin(), f.end(), lib_->set.at(i).faction) == f.end())
                f.push_back(lib_->set.at(i).faction);
        std::string s;
        for (const auto& x : f) s += (s.empty() ? "" : ", ") + x;
        return s;
    }
    std::string deck_text(const std::vector<int>& cards) const {
        std::string s;
        for (int i : cards) s += (s.empty() ? "" : ", ") + lib_->set.unique_name(i);
        return s;
    }

    Checked<LookupReply> card_reply(const std::string& a) const {
        if (a.empty()) return Refusal{"Usage: card NAME, e.g. card " + lib_->set.at(0).name + "."};
        std::string choices;
        const int i = lib_->set.find(a, &choices);
        if (i == -2)
            return Refusal{fmt::format("\"{}\" is in more than one faction: say {}.", a, choices)};
        if (i < 0) {
            // A unique card whose name starts so.
            const std::string want = games::vcg::fold_name(a);
            int hit = -1, hits = 0;
            for (std::size_t k = 0; k < lib_->set.cards().size(); ++k)
                if (games::vcg::fold_name(lib_->set.cards()[k].name).rfind(want, 0) == 0) {
                    hit = static_cast<int>(k);
                    ++hits;
                }
            if (hits == 1) return LookupReply::said(card_full(lib_->set.at(hit)));
            return Refusal{
                fmt::format("There is no card \"{}\". The factions: {}; cards FACTION lists one.",
                            a, faction_list())};
        }
        return LookupReply::said(card_full(lib_->set.at(i)));
    }

    std::string faction_list() const {
        std::string s;
        for (const auto& f : lib_->set.factions()) s += (s.empty() ? "" : ", ") + f;
        return s;
    }

    Checked<LookupReply> cards_reply(const std::string& a) const {
        if (a.empty())
            return LookupReply::said("Factions: " + faction_list() + ". cards FACTION lists one.");
        const std::string f = lib_->set.faction(a);
        if (f.empty())
            return Refusal{
                fmt::format("There is no faction \"{}\". The factions: {}.", a, faction_list())};
        std::string s = f + ":";
        const Card* any = nullptr;
        for (const auto& c : lib_->set.cards()) {
            if (c.faction != f) continue;
            s += fmt::format(" {} L{} P{} D{};", c.name, c.level, c.power, c.damage);
            any = &c;
        }
        s.pop_back();
        if (any && !any->bonus.empty()) s += ". Bonus: " + games::vcg::ability_text(any->bonus);
        return LookupReply::said(s + ". card NAME shows one.");
    }

    // "A POTIONS [bonus] [focus] vs B POTIONS [bonus] [focus]".
    Checked<LookupReply> calc_reply(const std::string& a) const {
        const std::string usage =
            "Usage: calc A POTIONS [bonus] [focus] vs B POTIONS [bonus] [focus], e.g. calc " +
            lib_->set.at(0).name + " 3 bonus vs " + lib_->set.at(1).name + " 2.";
        const std::string la = lower(a);
        const auto vs = la.find(" vs ");
        if (vs == std::string::npos) return Refusal{usage};
        struct One {
            int card = -1;
            int potions = 0;
            bool bonus = false, focus = false;
        };
        auto side = [&](std::string text) -> Checked<One> {
            One o;
            auto no = [](std::string why) { return Checked<One>::refused(std::move(why)); };
            auto w = split_list(text, ' ');
            std::erase_if(w, [](const std::string& x) { return x.empty(); });
            while (!w.empty() && (lower(w.back()) == "bonus" || lower(w.back()) == "focus")) {
                (lower(w.back()) == "bonus" ? o.bonus : o.focus) = true;
                w.pop_back();
            }
            if (w.size() < 2 || w.back().find_first_not_of("0123456789") != std::string::npos ||
                w.back().size() > 2)
                return no("give the potions after each card");
            o.potions = std::stoi(w.back());
            w.pop_back();
            std::string name;
            for (const auto& x : w) name += (name.empty() ? "" : " ") + x;
            std::string choices;
            o.card = lib_->set.find(name, &choices);
            if (o.card == -2)
                return no("\"" + name + "\" is in more than one faction: say " + choices);
            if (o.card < 0) return no("there is no card \"" + name + "\"");
            const int cost = o.potions + (o.focus ? games::vcg::kFocusCost : 0);
            if (cost > games::vcg::kStartPotions)
                return no(fmt::format("{} potions{} is more than the {} a player has", o.potions,
                                      o.focus ? " and focus" : "", games::vcg::kStartPotions));
            return o;
        };
        const Checked<One> x = side(a.substr(0, vs));
        if (!x) return Refusal{capitalised(x.why()) + ". " + usage};
        const Checked<One> y = side(a.substr(vs + 4));
        if (!y) return Refusal{capitalised(y.why()) + ". " + usage};
        const Card& ca = lib_->set.at(x->card);
        const Card& cb = lib_->set.at(y->card);
        const Battle b = games::vcg::calc_battle(ca, x->potions, x->bonus, x->focus, cb, y->potions,
                                                 y->bonus, y->focus);
        const Card& w = b.winner == 0 ? ca : cb;
        std::string why;
        if (b.tie_by_level) why = " (equal attack: lower level)";
        if (b.tie_by_order) why = " (equal attack and level: played first)";
        const std::string fx = fired_by_side(b, "A", "B");
        return LookupReply::said(
            fmt::format("{} attack {} vs {} attack {}: {} wins{}, {} damage; life {} vs life {}{}.",
                        ca.name, b.attack[0], cb.name, b.attack[1], w.name, why, b.dealt, b.life[0],
                        b.life[1], fx.empty() ? "" : " (" + fx + ")"));
    }

    config::TableConfig cfg_;
    DuelSeating seating_{cfg_};
    int level_cap_ = 0;
    std::shared_ptr<const VcgLibrary> lib_;
    DeckBook book_;
    std::vector<CommandSpec> commands_;
    Lookups lookups_{{},
                     [this](std::string_view command, std::string_view args,
                            const std::optional<std::string>& saved,
                            const std::string&) { return answer(command, args, saved); }};
};

}  // namespace

config::SectionSpec vcg_section() {
    config::SectionSpec spec;
    spec.name = "vcg";
    spec.keys = config::duel_keys("VCG", std::chrono::seconds(90));
    config::KeySpec cards{"cards", "builtin", nullptr,
                          "card folders, comma-separated: builtin (croupier's own set) and/or "
                          "folders of CSV files, one faction a file, relative to this file",
                          ""};
    spec.keys.push_back(cards);
    spec.keys.push_back(config::integer_key("deck_level_cap", 0, 0, 80,
                                            "the most a saved deck's levels may add up to "
                                            "(0: no cap)"));
    spec.finish = [](config::Section& s) {
        config::finish_table(s);  // a duel seats two: no player-count keys
        // The cards load now, so --check-config and startup refuse a bad file with its line.
        const std::filesystem::path base = s.folder();
        const Checked<VcgLibrary> loaded = load_vcg_library(s.text("cards"), base);
        if (!loaded) s.fail("cards", loaded.why());
        const VcgLibrary& lib = *loaded;
        // A cap no premade deck fits would leave a player without a deck nothing to play.
        if (const long long cap = s.integer("deck_level_cap"); cap > 0) {
            int lowest = -1;
            for (const auto& d : lib.decks) {
                int total = 0;
                for (int i : d.cards) total += lib.set.at(i).level;
                if (lowest < 0 || total < lowest) lowest = total;
            }
            if (lowest > cap)
                s.fail("deck_level_cap",
                       fmt::format("{} is below every premade deck's levels (the lowest adds up "
                                   "to {})",
                                   cap, lowest));
        }
    };
    return spec;
}

std::unique_ptr<GameKind> make_vcg_kind(const config::Section& section) {
    return std::make_unique<VcgKind>(section);
}

}  // namespace croupier::bot
