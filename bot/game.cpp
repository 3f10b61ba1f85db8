// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/game.hpp"

#include <sstream>

#include "bot/strings.hpp"

namespace croupier::bot {

namespace {
// Fields are separated by tabs; names cannot hold tabs (IRC nicks cannot), option values
// are escaped.
std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\t')
            out += "\\t";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}
std::string unescape(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size()) {
            ++i;
            out += s[i] == 't' ? '\t' : s[i] == 'n' ? '\n' : s[i];
        } else {
            out += s[i];
        }
    }
    return out;
}
std::vector<std::string> split_tabs(const std::string& s) {
    std::vector<std::string> parts;
    std::string cur;
    for (char c : s) {
        if (c == '\t') {
            parts.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    parts.push_back(cur);
    return parts;
}
}  // namespace

// v2 TAB deal TAB variant TAB nseats TAB (nick TAB computer TAB person)* TAB (key TAB value)*
// (v1, before seats belonged to persons, had no person field.)
std::string GameSetup::serialise() const {
    std::ostringstream o;
    o << "v2\t" << deal_number << '\t' << escape(variant) << '\t' << players.size();
    for (std::size_t i = 0; i < players.size(); ++i)
        o << '\t' << escape(players[i]) << '\t' << (i < computer.size() && computer[i] ? 1 : 0)
          << '\t' << escape(i < persons.size() ? persons[i] : "");
    for (const auto& [k, v] : options) o << '\t' << escape(k) << '\t' << escape(v);
    return o.str();
}

std::optional<GameSetup> GameSetup::deserialise(const std::string& text) {
    const auto f = split_tabs(text);
    if (f.size() < 4 || (f[0] != "v1" && f[0] != "v2")) return std::nullopt;
    const std::size_t width = f[0] == "v1" ? 2 : 3;  // fields per seat
    GameSetup s;
    try {
        s.deal_number = std::stoull(f[1]);
        s.variant = unescape(f[2]);
        const std::size_t n = std::stoul(f[3]);
        if (n > f.size() || f.size() < 4 + width * n) return std::nullopt;
        for (std::size_t i = 0; i < n; ++i) {
            s.players.push_back(unescape(f[4 + width * i]));
            s.computer.push_back(f[5 + width * i] == "1");
            s.persons.push_back(width == 3 ? unescape(f[6 + width * i]) : "");
        }
        std::size_t i = 4 + width * n;
        if ((f.size() - i) % 2 != 0) return std::nullopt;
        for (; i + 1 < f.size(); i += 2) s.options[unescape(f[i])] = unescape(f[i + 1]);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    return s;
}

Checked<PrivateStart> PrivateSeating::start(std::string_view args,
                                            const std::map<std::string, std::string>& prefs) const {
    if (!rules_.start) return Refusal{"This game has no private deals."};
    return rules_.start(args, prefs);
}

std::optional<std::pair<std::uint64_t, std::string>> PrivateSeating::find_deal(
    const PrivateStart& start, const std::vector<std::uint64_t>& candidates) const {
    if (!rules_.find_deal) return std::nullopt;
    return rules_.find_deal(start, candidates);
}

const Lookups& GameKind::lookups() const {
    static const Lookups none;
    return none;
}

Ladder GameKind::ladder() const {
    Ladder l;
    l.rated = !in_private();
    return l;
}

GameSetup sample_setup(const GameKind& kind, std::uint64_t deal, int people,
                       const std::string& prefix) {
    GameSetup setup;
    setup.deal_number = deal;
    for (int p = 0; p < people; ++p) {
        const std::string name = prefix + "p" + std::to_string(p);
        setup.players.push_back(name);
        setup.persons.push_back("h:" + name + "!u@" + name + ".example.org");
        setup.computer.push_back(false);
    }
    if (const PrivateSeating* p = kind.seating().as_private()) {
        if (const Checked<PrivateStart> start = p->start("", {})) {
            setup.variant = start->variant;
            setup.options = start->options;
        }
    }
    const std::optional<std::string> computer = kind.seating().computer_opponent(people);
    if (computer) {
        setup.players.push_back(*computer);
        setup.persons.push_back("");
        setup.computer.push_back(true);
    }
    kind.deal_options(setup);
    return setup;
}

const GameKind* find_kind(const std::vector<std::shared_ptr<GameKind>>& kinds,
                          const std::string& name) {
    for (const auto& k : kinds) {
        if (k->name() == name) return k.get();
        for (const auto& a : k->aliases())
            if (a == name) return k.get();
    }
    return nullptr;
}

int next_mover(const GameKind& kind, const Game& game) {
    if (game.finished()) return -1;
    const auto awaited = game.awaited();
    if (!awaited.empty()) return awaited.front();
    return kind.in_private() ? 0 : -1;
}

}  // namespace croupier::bot
