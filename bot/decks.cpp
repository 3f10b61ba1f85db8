// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/decks.hpp"

#include <fmt/format.h>

#include "bot/strings.hpp"

namespace croupier::bot {

namespace {
// A help text's "deck set" as the asker types it ("!af deck set").
std::string with_typed(std::string text, const std::string& typed) {
    if (typed.empty()) return text;
    const std::string from = "deck set ";
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + typed.size() + from.size()))
        text.insert(at, typed);
    return text;
}
}  // namespace

LookupReply decks_lookup(const DeckBook& book, const std::string& typed) {
    std::string s = "Premade decks: ";
    for (std::size_t i = 0; i < book.premade.size(); ++i)
        s += (i ? "; " : "") + book.premade[i].name + " (" + book.summary(book.premade[i].cards) +
             ")";
    return LookupReply::said(s + ". Save one with: " + typed + "deck set NAME.");
}

Checked<LookupReply> deck_lookup(const DeckBook& book, const std::string& a,
                                 const std::optional<std::string>& saved,
                                 const std::string& typed) {
    LookupReply r;
    r.in_private = true;
    const auto [word, rest] = split_command(a);
    if (a.empty()) {
        if (saved && !saved->empty()) {
            const Checked<SavedDeck> d = book.read(*saved);
            if (d) {
                r.lines.push_back(fmt::format("Your deck ({}): {}.", d->name, book.text(d->cards)));
                return r;
            }
            r.lines.push_back("Your saved deck cannot be played any more (" + d.why() +
                              "): you play a premade deck until you save another with " + typed +
                              "deck set.");
            return r;
        }
        r.lines.push_back("You have no deck of your own: you play a premade one (see " + typed +
                          "decks). Save one with: " + typed + "deck set " + book.example + ".");
        return r;
    }
    const std::string w = lower(word);
    if (w == "clear") {
        r.save = "";
        r.lines.push_back("Your deck is cleared: you play premade decks.");
        return r;
    }
    if (w != "set") {
        const std::string d = typed + "deck";
        return Refusal{"Usage: " + d + " (shows yours), " + d + " set " + book.usage_set + ", " +
                       d + " set DECK (a premade one), " + d + " clear."};
    }
    for (const auto& d : book.premade)
        if (lower(d.name) == lower(rest)) {
            if (const Checked<Done> may = book.allowed(d.cards); !may)
                return Refusal{"That deck cannot be saved: " + may.why() + "."};
            r.save = book.write(d.name, d.cards);
            r.lines.push_back(book.premade_shown ? fmt::format("Saved: you play {} ({}).", d.name,
                                                               book.text(d.cards))
                                                 : fmt::format("Saved: you play {}.", d.name));
            return r;
        }
    const Checked<std::vector<int>> cards = book.parse(rest);
    if (!cards)
        return Refusal{"That deck cannot be saved: " + cards.why() + ". " +
                       with_typed(book.list_help, typed)};
    if (const Checked<Done> may = book.allowed(*cards); !may)
        return Refusal{"That deck cannot be saved: " + may.why() + "."};
    r.save = book.write("own deck", *cards);
    r.lines.push_back(fmt::format("Saved: your deck is {}.", book.text(*cards)));
    return r;
}

}  // namespace croupier::bot
