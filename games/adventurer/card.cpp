// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/adventurer/card.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>

namespace croupier::games::adventurer {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (!cur.empty()) out.push_back(lower(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(lower(cur));
    return out;
}

std::vector<std::string_view> split(std::string_view text, char sep) {
    std::vector<std::string_view> out;
    std::size_t from = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == sep) {
            out.push_back(trim(text.substr(from, i - from)));
            from = i + 1;
        }
    }
    return out;
}

bool number(std::string_view w, int& out) {
    if (!w.empty() && w.front() == '+') w.remove_prefix(1);
    if (w.empty() || w.size() > 3) return false;
    const auto r = std::from_chars(w.data(), w.data() + w.size(), out);
    return r.ec == std::errc() && r.ptr == w.data() + w.size();
}

std::optional<Stat> stat_word(const std::string& w) {
    if (w == "health") return Stat::Health;
    if (w == "willpower") return Stat::Willpower;
    return std::nullopt;
}

std::optional<Mod> mod_word(const std::string& w) {
    if (w == "attack") return Mod::Attack;
    if (w == "defence" || w == "defense") return Mod::Defence;
    if (w == "charisma") return Mod::Charisma;
    return std::nullopt;
}

const char* stat_title(Stat s) {
    return s == Stat::Health ? "Health" : "Willpower";
}
const char* mod_title(Mod m) {
    return m == Mod::Attack ? "Attack" : m == Mod::Defence ? "Defence" : "Charisma";
}

std::string parse_effect(const std::vector<std::string>& w, Effect& e) {
    const auto n = w.size();
    auto amount = [&](std::size_t i, bool dice_ok) -> std::optional<Dice> {
        if (i >= n) return std::nullopt;
        auto d = parse_dice(w[i]);
        if (!d || (!dice_ok && !d->fixed())) return std::nullopt;
        return d;
    };
    if (n == 0) return "an empty effect";
    const std::string& verb = w[0];
    if (verb == "attack" || verb == "parley") {
        const bool die = n >= 2 && w[1] == "die";
        if (die) {
            e.op = verb == "attack" ? Op::AttackDie : Op::ParleyDie;
            auto d = amount(2, true);
            if (!d || n != 3) return "write `" + verb + " die DICE` (" + verb + " die 1d8)";
            e.amount = *d;
            return "";
        }
        e.op = verb == "attack" ? Op::Attack : Op::Parley;
        if (n == 1) {
            e.amount = Dice{-1, 1, 0};
            return "";
        }
        auto d = amount(2, true);
        if (n != 3 || w[1] != "with" || !d)
            return "write `" + verb + "` or `" + verb + " with DICE` (" + verb + " with 2d4)";
        e.amount = *d;
        return "";
    }
    if (verb == "damage" || verb == "heal" || verb == "negate") {
        auto d = amount(1, verb != "negate");
        auto s = n == 3 ? stat_word(w[2]) : std::nullopt;
        if (!d || !s)
            return "write `" + verb + " AMOUNT health` or `" + verb + " AMOUNT willpower`";
        e.op = verb == "damage" ? Op::Damage : verb == "heal" ? Op::Heal : Op::Negate;
        e.amount = *d;
        e.stat = *s;
        return "";
    }
    if (verb == "gain" || verb == "drain") {
        auto d = amount(1, false);
        if (!d || n != 3 || w[2] != "mind") return "write `" + verb + " N mind`";
        e.op = verb == "gain" ? Op::GainMind : Op::DrainMind;
        e.amount = *d;
        return "";
    }
    if (verb == "draw" || verb == "discard") {
        auto d = amount(1, false);
        if (!d || n != 2) return "write `" + verb + " N`";
        e.op = verb == "draw" ? Op::Draw : Op::Discard;
        e.amount = *d;
        return "";
    }
    if (verb == "skip") {
        if (n != 2 || w[1] != "encounter") return "write `skip encounter`";
        e.op = Op::SkipEncounter;
        return "";
    }
    if (verb == "look") {
        if (n == 2 && w[1] == "hand") {
            e.op = Op::LookHand;
            return "";
        }
        auto d = amount(2, false);
        if (n == 3 && w[1] == "deck" && d) {
            e.op = Op::LookDeck;
            e.amount = *d;
            return "";
        }
        return "write `look hand` or `look deck N`";
    }
    if (verb == "counter") {
        auto d = amount(1, false);
        auto m = n == 3 ? mod_word(w[2]) : std::nullopt;
        if (!d || !m)
            return "write `counter N attack`, `counter N defence` or `counter N charisma`";
        e.op = Op::Counter;
        e.amount = *d;
        e.mod = *m;
        return "";
    }
    return "unknown effect `" + verb +
           "` (attack, parley, damage, heal, gain, drain, draw, discard, attack die, parley die, "
           "skip encounter, negate, look, counter)";
}

std::string parse_cost(std::string_view text, Cost& c) {
    for (auto part : split(text, ',')) {
        const auto w = words(part);
        if (w.empty()) continue;
        int k = 0;
        if (w.size() == 2 && number(w[0], k) && k > 0) {
            if (w[1] == "mind")
                c.mind += k;
            else if (w[1] == "health")
                c.health += k;
            else if (w[1] == "willpower")
                c.willpower += k;
            else
                return "unknown cost `" + w[1] + "` (N mind, N health, N willpower)";
        } else if (w.size() == 2 && w[0] == "discard" && w[1] == "this") {
            c.discard_this = true;
        } else if (w.size() == 1 && w[0] == "encounter") {
            c.encounter = true;
        } else if (w.size() == 1 && w[0] == "consume") {
            c.consume = true;
        } else {
            return "unknown cost `" + std::string(part) +
                   "` (N mind, N health, N willpower, discard this, encounter, consume)";
        }
    }
    return "";
}

std::string parse_symbols(std::string_view text, std::vector<std::pair<std::string, int>>& out) {
    for (auto part : split(text, ',')) {
        if (part.empty()) continue;
        auto w = words(part);
        int k = 1;
        std::string_view name = part;
        if (w.size() >= 2 && number(w[0], k)) {
            name = trim(part.substr(part.find_first_of(" \t")));
        }
        if (k < 1 || k > 4) return "a count of 1 to 4, then the symbol (2 Sellsword)";
        out.emplace_back(std::string(name), k);
    }
    return "";
}

const std::map<std::string, Slot>& slot_words() {
    static const std::map<std::string, Slot> m = {
        {"class", Slot::Class}, {"race", Slot::Race},           {"hand", Slot::Hand},
        {"head", Slot::Head},   {"body", Slot::Body},           {"neck", Slot::Neck},
        {"back", Slot::Back},   {"beltpouch", Slot::Beltpouch}, {"mount", Slot::Mount}};
    return m;
}

std::string parse_fills(std::string_view text, std::vector<Slot>& out) {
    const auto w = words(text);
    if (w.size() == 1 && w[0] == "none") return "";
    if (w.size() == 2 && w[0] == "two" && w[1] == "hands") {
        out = {Slot::Hand, Slot::Hand};
        return "";
    }
    if (w.size() == 1) {
        auto it = slot_words().find(w[0]);
        if (it != slot_words().end()) {
            out = {it->second};
            return "";
        }
    }
    return "unknown slot (none, class, race, hand, two hands, head, body, neck, back, "
           "beltpouch, mount)";
}

const std::vector<std::string>& known_types() {
    static const std::vector<std::string> t = {"Class",  "Race",  "Item",   "Weapon",
                                               "Armour", "Spell", "Minion", "Consumable"};
    return t;
}

// Checks a finished card; "" or why it cannot be.
std::string check_card(const Card& c) {
    if (c.types.empty()) return "no `type`";
    const auto has = [&](const char* t) {
        return std::find(c.types.begin(), c.types.end(), t) != c.types.end();
    };
    const bool cls = has("Class"), race = has("Race");
    if (cls && (c.fills.size() != 1 || c.fills[0] != Slot::Class))
        return "a Class card fills `class`";
    if (race && (c.fills.size() != 1 || c.fills[0] != Slot::Race))
        return "a Race card fills `race`";
    if ((cls || race) && c.provides.empty()) return "a Class or Race card provides a symbol";
    for (auto s : c.fills)
        if ((s == Slot::Class && !cls) || (s == Slot::Race && !race))
            return "only Class cards fill `class` and only Race cards `race`";
    for (const auto& a : c.actions) {
        if (a.cost.consume && !c.consumable)
            return "`consume` is a Consumable's cost (add Consumable to its type)";
        if (c.consumable && !a.cost.consume) return "a Consumable's actions cost `consume`";
        for (const auto& e : a.effects) {
            if ((e.op == Op::Attack || e.op == Op::Parley) && !a.cost.encounter)
                return "an action that attacks or parleys costs `encounter`";
            if (e.op == Op::Counter && (a.cost.discard_this || a.cost.consume))
                return "counters go on a card that stays in play";
        }
    }
    for (const auto& e : c.on_play)
        if (e.op == Op::Attack || e.op == Op::Parley || e.op == Op::Counter)
            return "a card's `play` effects cannot attack, parley or place counters";
    return "";
}

}  // namespace

std::optional<Dice> parse_dice(std::string_view text) {
    const std::string t = lower(trim(text));
    Dice d;
    const auto dpos = t.find('d');
    if (dpos == std::string::npos) {
        int k = 0;
        if (!number(t, k) || k < 0 || k > 99) return std::nullopt;
        return Dice{0, 1, k};
    }
    int count = 1, sides = 0, plus = 0;
    if (dpos > 0 && !number(std::string_view(t).substr(0, dpos), count)) return std::nullopt;
    std::string_view rest = std::string_view(t).substr(dpos + 1);
    const auto ppos = rest.find_first_of("+-");
    if (ppos != std::string_view::npos) {
        if (!number(rest.substr(ppos + 1), plus)) return std::nullopt;
        if (rest[ppos] == '-') plus = -plus;
        rest = rest.substr(0, ppos);
    }
    if (!number(rest, sides)) return std::nullopt;
    if (count < 1 || count > 9 || sides < 1 || sides > 20 || plus < -9 || plus > 9)
        return std::nullopt;
    d.count = count;
    d.sides = sides;
    d.plus = plus;
    return d;
}

std::string dice_text(const Dice& d) {
    if (d.count <= 0) return std::to_string(d.plus);
    std::string s = std::to_string(d.count) + "d" + std::to_string(d.sides);
    if (d.plus > 0) s += "+" + std::to_string(d.plus);
    if (d.plus < 0) s += std::to_string(d.plus);
    return s;
}

std::string slot_name(Slot s) {
    for (const auto& [w, v] : slot_words())
        if (v == s) return w;
    return "?";
}

std::string parse_effects(std::string_view text, std::vector<Effect>& out) {
    for (auto part : split(text, ',')) {
        Effect e;
        if (auto why = parse_effect(words(part), e); !why.empty()) return why;
        out.push_back(e);
    }
    return "";
}

std::string parse_action(std::string_view text, Action& out) {
    const auto colon = text.find(':');
    if (colon == std::string_view::npos)
        return "an action is `COSTS: EFFECTS` (`: draw 1` when it costs nothing)";
    out = Action{};
    if (auto why = parse_cost(text.substr(0, colon), out.cost); !why.empty()) return why;
    if (auto why = parse_effects(text.substr(colon + 1), out.effects); !why.empty()) return why;
    // An action that costs nothing is its effects alone ("gain 1 Mind", not ": gain 1 Mind").
    out.text = cost_text(out.cost);
    if (!out.text.empty()) out.text += ": ";
    for (std::size_t i = 0; i < out.effects.size(); ++i)
        out.text += (i ? ", " : "") + effect_text(out.effects[i]);
    return "";
}

std::string effect_text(const Effect& e) {
    const std::string amt = dice_text(e.amount);
    switch (e.op) {
        case Op::Attack:
            return e.usual_die() ? "attack" : "attack with " + amt;
        case Op::Parley:
            return e.usual_die() ? "parley" : "parley with " + amt;
        case Op::Damage:
            return "damage " + amt + " " + stat_title(e.stat);
        case Op::Heal:
            return "heal " + amt + " " + stat_title(e.stat);
        case Op::GainMind:
            return "gain " + amt + " Mind";
        case Op::DrainMind:
            return "drain " + amt + " Mind";
        case Op::Draw:
            return "draw " + amt;
        case Op::Discard:
            return "discard " + amt;
        case Op::AttackDie:
            return "attack die " + amt;
        case Op::ParleyDie:
            return "parley die " + amt;
        case Op::SkipEncounter:
            return "skip encounter";
        case Op::Negate:
            return "negate " + amt + " " + stat_title(e.stat);
        case Op::LookHand:
            return "look hand";
        case Op::LookDeck:
            return "look deck " + amt;
        case Op::Counter:
            return "counter " + amt + " " + mod_title(e.mod);
    }
    return "?";
}

std::string cost_text(const Cost& c) {
    std::vector<std::string> parts;
    if (c.mind) parts.push_back(std::to_string(c.mind) + " Mind");
    if (c.health) parts.push_back(std::to_string(c.health) + " Health");
    if (c.willpower) parts.push_back(std::to_string(c.willpower) + " Willpower");
    if (c.discard_this) parts.emplace_back("discard this");
    if (c.consume) parts.emplace_back("Consume");
    if (c.encounter) parts.emplace_back("Encounter");
    std::string s;
    for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
    return s;
}

std::string fold_name(std::string_view s) {
    std::string out;
    for (const auto& w : words(s)) out += (out.empty() ? "" : " ") + w;
    return out;
}

int CardSet::find(std::string_view name) const {
    const std::string f = fold_name(name);
    for (std::size_t i = 0; i < cards_.size(); ++i)
        if (fold_name(cards_[i].name) == f) return static_cast<int>(i);
    return -1;
}

std::string CardSet::add_file(std::string_view text, const std::string& file) {
    std::vector<Card> added;
    std::vector<int> first_line;
    int lineno = 0;
    auto refuse = [&](int line, const std::string& why, std::string_view t) {
        return file + ":" + std::to_string(line) + ": " + why + " (" + std::string(trim(t)) + ")";
    };
    std::size_t pos = 0;
    while (pos <= text.size()) {
        auto nl = text.find('\n', pos);
        if (nl == std::string_view::npos) nl = text.size();
        const std::string_view raw = text.substr(pos, nl - pos);
        pos = nl + 1;
        ++lineno;
        const std::string_view line = trim(raw);
        if (line.empty() || line.front() == '#') {
            if (nl == text.size()) break;
            continue;
        }
        if (line.front() == '[') {
            if (line.back() != ']' || line.size() < 3)
                return refuse(lineno, "a card starts with [Its Name]", line);
            if (!added.empty()) {
                if (auto why = check_card(added.back()); !why.empty())
                    return refuse(first_line.back(), why, "[" + added.back().name + "]");
            }
            Card c;
            c.name = std::string(trim(line.substr(1, line.size() - 2)));
            const std::string f = fold_name(c.name);
            if (find(c.name) >= 0 || std::any_of(added.begin(), added.end(), [&](const Card& o) {
                    return fold_name(o.name) == f;
                }))
                return refuse(lineno, "a second card of this name", line);
            c.source = std::string(line) + "\n";
            added.push_back(std::move(c));
            first_line.push_back(lineno);
            continue;
        }
        const auto eq = line.find('=');
        if (eq == std::string_view::npos) return refuse(lineno, "a line is `key = value`", line);
        if (added.empty()) return refuse(lineno, "a key before the first [Card Name]", line);
        Card& c = added.back();
        c.source += std::string(line) + "\n";
        const std::string key = fold_name(line.substr(0, eq));
        const std::string_view value = trim(line.substr(eq + 1));
        int k = 0;
        std::string why;
        if (key == "type") {
            for (auto t : split(value, '/')) {
                auto it =
                    std::find_if(known_types().begin(), known_types().end(),
                                 [&](const std::string& kt) { return lower(kt) == lower(t); });
                if (it == known_types().end()) {
                    why =
                        "unknown type (Class, Race, Item, Weapon, Armour, Spell, Minion, "
                        "Consumable)";
                    break;
                }
                c.types.push_back(*it);
                if (*it == "Consumable") c.consumable = true;
            }
        } else if (key == "cost") {
            if (!number(value, k) || k < 0 || k > 10) why = "a cost is 0 to 10 Mind";
            c.cost = k;
        } else if (key == "needs") {
            why = parse_symbols(value, c.needs);
        } else if (key == "provides") {
            why = parse_symbols(value, c.provides);
        } else if (key == "fills") {
            why = parse_fills(value, c.fills);
        } else if (key == "attack" || key == "defence" || key == "defense" || key == "charisma") {
            if (!number(value, k) || k < -9 || k > 9) why = "a modifier is -9 to +9";
            c.mods[static_cast<std::size_t>(*mod_word(key))] = k;
        } else if (key == "attack die" || key == "parley die") {
            auto d = parse_dice(value);
            if (!d || d->count == 0) why = "a die is written 1d8 or 2d4+1";
            (key == "attack die" ? c.attack_die : c.parley_die) = d;
        } else if (key == "play") {
            why = parse_effects(value, c.on_play);
        } else if (key == "action") {
            Action a;
            why = parse_action(value, a);
            if (why.empty()) c.actions.push_back(std::move(a));
        } else if (key == "cursed") {
            if (value != "yes") why = "write `cursed = yes`";
            c.cursed = true;
        } else if (key == "text") {
            c.text = std::string(value);
        } else {
            why =
                "unknown key (type, cost, needs, provides, fills, attack, defence, charisma, "
                "attack die, parley die, play, action, cursed, text)";
        }
        if (!why.empty()) return refuse(lineno, why, line);
        if (nl == text.size()) break;
    }
    if (!added.empty()) {
        if (auto why = check_card(added.back()); !why.empty())
            return refuse(first_line.back(), why, "[" + added.back().name + "]");
    }
    for (auto& c : added) cards_.push_back(std::move(c));
    return "";
}

std::string check_deck(const CardSet& set, const std::vector<int>& cards) {
    if (static_cast<int>(cards.size()) != kDeckSize)
        return "a deck has " + std::to_string(kDeckSize) + " cards, this one " +
               std::to_string(cards.size());
    std::map<int, int> count;
    for (int c : cards) {
        if (c < 0 || c >= set.size()) return "a card that is not in the set";
        if (++count[c] > kMaxCopies)
            return "at most " + std::to_string(kMaxCopies) + " copies of a card (" +
                   set.at(c).name + ")";
    }
    return "";
}

std::string parse_deck_list(const CardSet& set, std::string_view text, std::vector<int>& out) {
    out.clear();
    for (auto part : split(text, ',')) {
        if (part.empty()) continue;
        int k = 1;
        std::string_view name = part;
        const auto sp = part.find_first_of(" \t");
        if (sp != std::string_view::npos && number(part.substr(0, sp), k)) {
            name = trim(part.substr(sp));
            if (k < 1 || k > kMaxCopies)
                return "a count is 1 to " + std::to_string(kMaxCopies) + " (" + std::string(part) +
                       ")";
        } else {
            k = 1;
        }
        const int c = set.find(name);
        if (c < 0) return "no card is called \"" + std::string(name) + "\"";
        for (int i = 0; i < k; ++i) out.push_back(c);
    }
    return "";
}

std::string deck_list_text(const CardSet& set, const std::vector<int>& cards) {
    std::vector<std::pair<int, int>> counts;
    for (int c : cards) {
        auto it = std::find_if(counts.begin(), counts.end(), [&](auto& p) { return p.first == c; });
        if (it == counts.end())
            counts.emplace_back(c, 1);
        else
            ++it->second;
    }
    std::string s;
    for (const auto& [c, k] : counts)
        s += (s.empty() ? "" : ", ") + std::to_string(k) + " " + set.at(c).name;
    return s;
}

std::string parse_decks(const CardSet& set, std::string_view text, const std::string& file,
                        std::vector<Deck>& out) {
    int lineno = 0;
    for (auto line : split(text, '\n')) {
        ++lineno;
        if (line.empty() || line.front() == '#') continue;
        const auto colon = line.find(':');
        auto refuse = [&](const std::string& why) {
            return file + ":" + std::to_string(lineno) + ": " + why + " (" + std::string(line) +
                   ")";
        };
        if (colon == std::string_view::npos || colon == 0)
            return refuse("a deck is `Name: 4 Card, 3 Card, ...`");
        Deck d;
        d.name = std::string(trim(line.substr(0, colon)));
        if (auto why = parse_deck_list(set, line.substr(colon + 1), d.cards); !why.empty())
            return refuse(why);
        if (auto why = check_deck(set, d.cards); !why.empty()) return refuse(why);
        out.push_back(std::move(d));
    }
    return "";
}

}  // namespace croupier::games::adventurer
