// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/vcg/card.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <map>
#include <optional>
#include <stdexcept>

namespace croupier::games::vcg {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Words of an ability, with + - = : standing apart ("+2 Power" -> "+", "2", "power").
std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        if (!cur.empty()) out.push_back(lower(cur));
        cur.clear();
    };
    for (char c : text) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            flush();
        } else if (c == '+' || c == '-' || c == '=' || c == ':') {
            flush();
            out.emplace_back(1, c);
        } else {
            cur += c;
        }
    }
    flush();
    return out;
}

bool number(const std::string& w, int& out) {
    if (w.empty() || w.size() > 3) return false;
    const auto r = std::from_chars(w.data(), w.data() + w.size(), out);
    return r.ec == std::errc() && r.ptr == w.data() + w.size();
}

// "potion" and "potions" alike.
bool is(const std::string& w, std::string_view a) {
    return w == a ||
           (w.size() == a.size() + 1 && w.back() == 's' && w.compare(0, a.size(), a) == 0);
}

struct PrefixName {
    std::string_view word;
    Prefix prefix;
};
constexpr std::array<PrefixName, 7> kPrefixes = {{{"courage", Prefix::Courage},
                                                  {"revenge", Prefix::Revenge},
                                                  {"defeat", Prefix::Defeat},
                                                  {"backlash", Prefix::Backlash},
                                                  {"stop", Prefix::Stop},
                                                  {"support", Prefix::Support},
                                                  {"team", Prefix::Team}}};

std::string_view prefix_name(Prefix p) {
    switch (p) {
        case Prefix::None:
            return "";
        case Prefix::Courage:
            return "Courage";
        case Prefix::Revenge:
            return "Revenge";
        case Prefix::Defeat:
            return "Defeat";
        case Prefix::Backlash:
            return "Backlash";
        case Prefix::Stop:
            return "Stop";
        case Prefix::Support:
            return "Support";
        case Prefix::Team:
            return "Team";
    }
    return "";
}

// The base effect from its words.
std::optional<Ability> base(const std::vector<std::string>& w, std::size_t i) {
    const std::size_t n = w.size() - i;
    auto at = [&](std::size_t k) -> const std::string& { return w[i + k]; };
    Ability a;
    // "+ X Power" and the like, and "- X Power" (the reference's parser takes both signs).
    if (n == 3 && (at(0) == "+" || at(0) == "-") && number(at(1), a.x)) {
        const std::string& s = at(2);
        if (is(s, "power"))
            a.effect = Effect::Power;
        else if (is(s, "damage"))
            a.effect = Effect::Damage;
        else if (is(s, "attack"))
            a.effect = Effect::Attack;
        else if (is(s, "life") || s == "lives")
            a.effect = Effect::Life;
        else if (is(s, "potion"))
            a.effect = Effect::Potion;
        else
            return std::nullopt;
        if (at(0) == "-") a.x = -a.x;
        return a;
    }
    if (n == 5 && at(0) == "+" && number(at(1), a.x) && (is(at(2), "life") || at(2) == "lives") &&
        at(3) == "per" && is(at(4), "damage")) {
        a.effect = Effect::LifePerDamage;
        return a;
    }
    if (n == 6 && at(0) == "-" && number(at(1), a.x) && at(2) == "opp" && at(4) == "min" &&
        number(at(5), a.y)) {
        const std::string& s = at(3);
        if (is(s, "power"))
            a.effect = Effect::OppPower;
        else if (is(s, "damage"))
            a.effect = Effect::OppDamage;
        else if (is(s, "attack"))
            a.effect = Effect::OppAttack;
        else if (is(s, "life") || s == "lives")
            a.effect = Effect::OppLife;
        else if (is(s, "potion"))
            a.effect = Effect::OppPotion;
        else
            return std::nullopt;
        return a;
    }
    if (n == 5 && at(0) == "-" && number(at(1), a.x) && at(3) == "min" && number(at(4), a.y)) {
        const std::string& s = at(2);
        if (is(s, "life") || s == "lives")
            a.effect = Effect::LifeMin;
        else if (is(s, "potion"))
            a.effect = Effect::PotionMin;
        else
            return std::nullopt;
        return a;
    }
    if (n == 5 && at(0) == "self" && at(1) == "poison" && number(at(2), a.x) && at(3) == "min" &&
        number(at(4), a.y)) {
        a.effect = Effect::SelfPoison;
        return a;
    }
    if (n == 5 && at(0) == "steal" && number(at(1), a.x) && at(3) == "min" && number(at(4), a.y)) {
        if (is(at(2), "life") || at(2) == "lives")
            a.effect = Effect::StealLife;
        else if (is(at(2), "potion"))
            a.effect = Effect::StealPotion;
        else
            return std::nullopt;
        return a;
    }
    if (n == 4 && (at(0) == "heal" || at(0) == "poison") && number(at(1), a.x) &&
        at(2) == (at(0) == "heal" ? "max" : "min") && number(at(3), a.y)) {
        a.effect = at(0) == "heal" ? Effect::Heal : Effect::Poison;
        return a;
    }
    if (n == 5 && at(0) == "recover" && number(at(1), a.x) && at(2) == "of" && number(at(3), a.y) &&
        is(at(4), "potion") && a.y > 0 && a.x <= a.y) {
        a.effect = Effect::Recover;
        return a;
    }
    if (n == 4 && at(1) == "=" && at(2) == "opp" && at(0) == at(3)) {
        if (at(0) == "power")
            a.effect = Effect::PowerEqOpp;
        else if (at(0) == "damage")
            a.effect = Effect::DamageEqOpp;
        else
            return std::nullopt;
        return a;
    }
    if (n == 3 && at(0) == "stop" && at(1) == "opp") {
        if (at(2) == "ability")
            a.effect = Effect::StopOppAbility;
        else if (at(2) == "bonus")
            a.effect = Effect::StopOppBonus;
        else
            return std::nullopt;
        return a;
    }
    if (n == 3 && at(0) == "cancel" && at(1) == "own" && at(2) == "ability") {
        a.effect = Effect::CancelOwnAbility;
        return a;
    }
    return std::nullopt;
}

// "+ 2" or "- 2".
std::string signed_text(int x) {
    return (x < 0 ? "- " : "+ ") + std::to_string(x < 0 ? -x : x);
}

std::string effect_text(const Ability& a) {
    const std::string x = std::to_string(a.x), y = std::to_string(a.y);
    const std::string sx = signed_text(a.x);
    switch (a.effect) {
        case Effect::None:
            return "";
        case Effect::Power:
            return sx + " Power";
        case Effect::Damage:
            return sx + " Damage";
        case Effect::Attack:
            return sx + " Attack";
        case Effect::OppPower:
            return "- " + x + " Opp Power Min " + y;
        case Effect::OppDamage:
            return "- " + x + " Opp Damage Min " + y;
        case Effect::OppAttack:
            return "- " + x + " Opp Attack Min " + y;
        case Effect::PowerEqOpp:
            return "Power = Opp Power";
        case Effect::DamageEqOpp:
            return "Damage = Opp Damage";
        case Effect::StopOppAbility:
            return "Stop Opp Ability";
        case Effect::StopOppBonus:
            return "Stop Opp Bonus";
        case Effect::CancelOwnAbility:
            return "Cancel Own Ability";
        case Effect::Life:
            return sx + " Life";
        case Effect::Potion:
            return sx + " Potion";
        case Effect::LifePerDamage:
            return "+ " + x + " Life per Damage";
        case Effect::OppLife:
            return "- " + x + " Opp Life Min " + y;
        case Effect::OppPotion:
            return "- " + x + " Opp Potion Min " + y;
        case Effect::StealLife:
            return "Steal " + x + " Life Min " + y;
        case Effect::StealPotion:
            return "Steal " + x + " Potion Min " + y;
        case Effect::Heal:
            return "Heal " + x + " Max " + y;
        case Effect::Poison:
            return "Poison " + x + " Min " + y;
        case Effect::Recover:
            return "Recover " + x + " of " + y + " Potion";
        case Effect::LifeMin:
            return "- " + x + " Life Min " + y;
        case Effect::PotionMin:
            return "- " + x + " Potion Min " + y;
        case Effect::SelfPoison:
            return "Self Poison " + x + " Min " + y;
    }
    return "";
}

// The effect in words, for the side it acts for ("you" are the card's player).
std::string effect_words(const Ability& a, const std::string& times) {
    const std::string x = std::to_string(a.x) + times, y = std::to_string(a.y);
    // +2 or -2, with the Team multiplier's words.
    const std::string sx = (a.x < 0 ? "" : "+") + std::to_string(a.x) + times;
    switch (a.effect) {
        case Effect::None:
            return "";
        case Effect::Power:
            return "Power " + sx;
        case Effect::Damage:
            return "Damage " + sx;
        case Effect::Attack:
            return "Attack " + sx;
        case Effect::OppPower:
            return "the opponent's Power -" + x + ", not below " + y;
        case Effect::OppDamage:
            return "the opponent's Damage -" + x + ", not below " + y;
        case Effect::OppAttack:
            return "the opponent's Attack -" + x + ", not below " + y;
        case Effect::PowerEqOpp:
            return "Power becomes the opposing card's printed Power";
        case Effect::DamageEqOpp:
            return "Damage becomes the opposing card's printed Damage";
        case Effect::StopOppAbility:
            return "the opposing card's ability does nothing";
        case Effect::StopOppBonus:
            return "the opposing card's faction bonus does nothing";
        case Effect::CancelOwnAbility:
            return "this card's own ability does nothing";
        case Effect::Life:
            return sx + " Life";
        case Effect::Potion:
            return sx + " Potions";
        case Effect::LifePerDamage:
            return "+" + x + " Life for each point of damage dealt";
        case Effect::OppLife:
            return "the opponent loses " + x + " Life, not below " + y;
        case Effect::OppPotion:
            return "the opponent loses " + x + " Potions, not below " + y;
        case Effect::StealLife:
            return "takes " + x + " Life from the opponent, not below " + y;
        case Effect::StealPotion:
            return "takes " + x + " Potions from the opponent, not below " + y;
        case Effect::Heal:
            return "+" + x + " Life after each later battle, up to " + y;
        case Effect::Poison:
            return "the opponent loses " + x + " Life after each later battle, not below " + y;
        case Effect::Recover:
            return "gets back " + std::to_string(a.x) + " of every " + y +
                   " Potions the card used (the free one too), rounded up";
        case Effect::LifeMin:
            return "you lose " + x + " Life, not below " + y;
        case Effect::PotionMin:
            return "you lose " + x + " Potions, not below " + y;
        case Effect::SelfPoison:
            return "you lose " + x + " Life after each later battle, not below " + y;
    }
    return "";
}

// A CSV file's text the data does not allow (a quoted field never closed): the loader says
// it with the file and the line (docs/ARCHITECTURE.md, "Errors": the operator's data).
struct CsvError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// CSV (quotes as RFC 4180), one record at a time.
class CsvReader {
  public:
    explicit CsvReader(std::string_view text) : text_(text) {}
    // The line the next record starts on.
    int line() const { return line_; }
    // The next record's fields; nullopt at the end. Throws CsvError.
    std::optional<std::vector<std::string>> next() {
        if (pos_ >= text_.size()) return std::nullopt;
        std::vector<std::string> fields;
        std::string cur;
        bool quoted = false;
        while (pos_ < text_.size()) {
            const char c = text_[pos_++];
            if (quoted) {
                if (c == '"') {
                    if (pos_ < text_.size() && text_[pos_] == '"') {
                        cur += '"';
                        ++pos_;
                    } else {
                        quoted = false;
                    }
                } else {
                    if (c == '\n') ++line_;
                    cur += c;
                }
            } else if (c == '"' && (cur.find_first_not_of(" \t") == std::string::npos)) {
                quoted = true;
                cur.clear();
            } else if (c == ',') {
                fields.push_back(cur);
                cur.clear();
            } else if (c == '\n') {
                ++line_;
                break;
            } else if (c != '\r') {
                cur += c;
            }
        }
        if (quoted) throw CsvError("a quoted field is never closed");
        fields.push_back(cur);
        return fields;
    }

  private:
    std::string_view text_;
    std::size_t pos_ = 0;
    int line_ = 1;
};

std::string trim(std::string_view s) {
    const auto a = s.find_first_not_of(" \t");
    if (a == std::string_view::npos) return "";
    const auto b = s.find_last_not_of(" \t");
    return std::string(s.substr(a, b - a + 1));
}

}  // namespace

std::variant<Ability, std::string> parse_ability(std::string_view text) {
    const auto w = words(text);
    if (w.empty()) return Ability{};
    std::size_t i = 0;
    Prefix prefix = Prefix::None;
    if (w.size() >= 2 && w[1] == ":") {
        for (const auto& p : kPrefixes)
            if (w[0] == p.word) prefix = p.prefix;
        if (prefix == Prefix::None) return "\"" + w[0] + "\" is not a prefix";
        i = 2;
        if (w.size() == 2) return "nothing follows the prefix";
    }
    auto parsed = base(w, i);
    if (!parsed) return std::string("not an ability the language knows");
    Ability a = *parsed;
    a.prefix = prefix;
    if ((prefix == Prefix::Defeat || prefix == Prefix::Backlash) && !a.after_battle())
        return std::string(prefix_name(prefix)) +
               " acts after the battle, and this effect acts "
               "during it";
    if (a.effect == Effect::Heal && a.y < 1) return std::string("Heal needs a Max of 1 or more");
    return a;
}

std::string ability_text(const Ability& a) {
    if (a.empty()) return "";
    const std::string body = effect_text(a);
    if (a.prefix == Prefix::None) return body;
    return std::string(prefix_name(a.prefix)) + ": " + body;
}

std::string ability_words(const Ability& a) {
    if (a.empty()) return "";
    const std::string times = a.prefix == Prefix::Team ? " per card of its faction drawn" : "";
    std::string what = effect_words(a, times);
    const bool after = a.after_battle();
    switch (a.prefix) {
        case Prefix::None:
            return after ? "if it wins: " + what : what;
        case Prefix::Courage:
            return std::string("if played first: ") + (after ? "and it wins, " : "") + what;
        case Prefix::Revenge:
            return std::string("if you lost the battle before: ") + (after ? "and it wins, " : "") +
                   what;
        case Prefix::Defeat:
            return "if it loses: " + what;
        case Prefix::Backlash:
            return "if it wins, against its own player: " + what;
        case Prefix::Stop:
            return std::string(
                       "if the opponent's Stop Opp Ability (on a bonus: Stop Opp Bonus) "
                       "silenced it: ") +
                   (after ? "and it wins, " : "") + what;
        case Prefix::Support:
        case Prefix::Team:
            return std::string("while in your hand, for whichever card you play: ") +
                   (after ? "if it wins, " : "") + what;
    }
    return what;
}

std::string fold_name(std::string_view s) {
    std::string out;
    bool space = false;
    for (char c : s) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

std::string CardSet::add_faction(std::string_view csv, const std::string& faction,
                                 const std::string& file) {
    CsvReader reader(csv);
    std::vector<std::string> f;
    auto where = [&](int at) { return file + ":" + std::to_string(at) + ": "; };
    // The header: the first record that is not blank.
    int header_line = 0;
    while (true) {
        header_line = reader.line();
        std::optional<std::vector<std::string>> record;
        try {
            record = reader.next();
        } catch (const CsvError& e) {
            return where(header_line) + e.what();
        }
        if (!record)
            return where(header_line) + "no header (Name,Level,Power,Damage,Ability,Bonus)";
        f = std::move(*record);
        if (!(f.size() == 1 && trim(f[0]).empty())) break;
    }
    enum Col { Name, Level, Power, Damage, Abil, Bonus, Count };
    std::array<int, Count> col;
    col.fill(-1);
    for (std::size_t i = 0; i < f.size(); ++i) {
        const std::string h = fold_name(f[i]);
        int c = -1;
        if (h == "name")
            c = Name;
        else if (h == "level")
            c = Level;
        else if (h == "power")
            c = Power;
        else if (h == "damage")
            c = Damage;
        else if (h == "ability")
            c = Abil;
        else if (h == "bonus" || h == "faction bonus")
            c = Bonus;
        else if (h == "description")
            continue;
        else
            return where(header_line) + "unknown column \"" + trim(f[i]) + "\"";
        if (col[static_cast<std::size_t>(c)] >= 0)
            return where(header_line) + "column \"" + trim(f[i]) + "\" twice";
        col[static_cast<std::size_t>(c)] = static_cast<int>(i);
    }
    static const std::array<const char*, Count> kNames = {"Name",   "Level",   "Power",
                                                          "Damage", "Ability", "Bonus"};
    for (std::size_t c = 0; c < Count; ++c)
        if (col[c] < 0) return where(header_line) + "no " + kNames[c] + " column";

    std::vector<Card> added;
    std::map<std::string, int> seen;
    while (true) {
        const int at = reader.line();
        std::optional<std::vector<std::string>> record;
        try {
            record = reader.next();
        } catch (const CsvError& e) {
            return where(at) + e.what();
        }
        if (!record) break;
        f = std::move(*record);
        if (f.size() == 1 && trim(f[0]).empty()) continue;
        auto field = [&](int c) {
            const auto i = static_cast<std::size_t>(col[static_cast<std::size_t>(c)]);
            return i < f.size() ? trim(f[i]) : std::string();
        };
        Card card;
        card.faction = faction;
        card.name = field(Name);
        if (card.name.empty()) return where(at) + "a card without a name";
        if (card.name.find_first_of("/|") != std::string::npos)
            return where(at) + "a name may not hold \"/\" or \"|\" (" + card.name + ")";
        auto num = [&](int c, const char* what, int lo, int hi, int& out) -> std::string {
            const std::string s = field(c);
            if (!number(s, out) || out < lo || out > hi)
                return where(at) + card.name + ": " + what + " must be a number from " +
                       std::to_string(lo) + " to " + std::to_string(hi) + " (" + s + ")";
            return "";
        };
        if (auto e = num(Level, "Level", 1, 10, card.level); !e.empty()) return e;
        if (auto e = num(Power, "Power", 0, 99, card.power); !e.empty()) return e;
        if (auto e = num(Damage, "Damage", 0, 99, card.damage); !e.empty()) return e;
        for (int c : {static_cast<int>(Abil), static_cast<int>(Bonus)}) {
            const std::string text = field(c);
            auto parsed = parse_ability(text);
            if (auto* why = std::get_if<std::string>(&parsed))
                return where(at) + card.name + ": " + (c == Abil ? "ability" : "bonus") + " \"" +
                       text + "\": " + *why;
            (c == Abil ? card.ability : card.bonus) = std::get<Ability>(parsed);
        }
        if (!seen.emplace(fold_name(card.name), at).second)
            return where(at) + card.name + " is in this file twice";
        added.push_back(std::move(card));
    }
    if (added.empty()) return where(header_line) + "no cards";
    for (const auto& c : cards_)
        if (fold_name(c.faction) == fold_name(faction))
            return where(header_line) + "the faction " + faction + " is loaded already";
    for (auto& c : added) cards_.push_back(std::move(c));
    return "";
}

std::vector<std::string> CardSet::factions() const {
    std::vector<std::string> out;
    for (const auto& c : cards_)
        if (std::find(out.begin(), out.end(), c.faction) == out.end()) out.push_back(c.faction);
    return out;
}

std::string CardSet::faction(std::string_view name) const {
    const std::string want = fold_name(name);
    for (const auto& f : factions()) {
        const std::string have = fold_name(f);
        // "monster" finds "Monsters".
        if (have == want || (have.size() == want.size() + 1 && have.back() == 's' &&
                             have.compare(0, want.size(), want) == 0))
            return f;
    }
    return "";
}

int CardSet::find(std::string_view name, std::string* choices) const {
    std::string want = fold_name(name);
    std::string fac;
    if (const auto slash = want.find('/'); slash != std::string::npos) {
        fac = fold_name(faction(want.substr(0, slash)));
        want = fold_name(want.substr(slash + 1));
        if (fac.empty()) return -1;
    }
    int found = -1, count = 0;
    std::string names;
    for (std::size_t i = 0; i < cards_.size(); ++i) {
        const Card& c = cards_[i];
        if (fold_name(c.name) != want) continue;
        if (!fac.empty() && fold_name(c.faction) != fac) continue;
        found = static_cast<int>(i);
        ++count;
        names += (names.empty() ? "" : " or ") + c.faction + "/" + c.name;
    }
    if (count > 1) {
        if (choices) *choices = names;
        return -2;
    }
    return found;
}

std::string CardSet::unique_name(int i) const {
    const Card& c = at(i);
    int same = 0;
    for (const auto& o : cards_)
        if (fold_name(o.name) == fold_name(c.name)) ++same;
    return same > 1 ? c.faction + "/" + c.name : c.name;
}

}  // namespace croupier::games::vcg
