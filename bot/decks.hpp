// A player's saved deck for a duel kind (VCG, Adventurer Factory): `deck` shows it, `deck set`
// saves a list or a premade deck, `deck clear` goes back to premade decks. The kind says how
// its decks are read, written, shown and checked; the conversation is the same for all.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bot/game.hpp"

namespace croupier::bot {

// A deck the person saved; one that cannot be played (any more) is a Refusal saying why.
struct SavedDeck {
    std::string name;
    std::vector<int> cards;
};

struct PremadeDeck {
    std::string name;
    std::vector<int> cards;
};

struct DeckBook {
    std::function<Checked<SavedDeck>(const std::string& saved)> read;  // their saved data
    std::function<std::string(const std::string& name, const std::vector<int>& cards)> write;
    std::function<std::string(const std::vector<int>& cards)> text;  // a deck as shown
    // A list the player typed: the cards, or the Refusal saying why it is no deck (the kind's
    // rules).
    std::function<Checked<std::vector<int>>(const std::string& list)> parse;
    // Done when a deck may be saved on this network, else the Refusal saying why not (VCG's
    // level cap).
    std::function<Checked<Done>(const std::vector<int>& cards)> allowed;
    std::vector<PremadeDeck> premade;
    std::function<std::string(const std::vector<int>& cards)> summary;  // `decks`: "Emberkin"
    std::string example;    // "A, B, C, D, E, F, G, H": after "Save one with: deck set "
    std::string usage_set;  // "A, B, ... (8 different cards)": in the usage line
    // After a refused list: "Name 8 different cards between commas..."; each "deck set " in
    // it is written as the asker types it ("!af deck set ").
    std::string list_help;
    bool premade_shown = true;  // a premade deck saved is shown with its cards
};

// The `decks` lookup: the premade decks, each with its summary. `typed`: how the asker types
// the kind's commands ("!af "; "" when the bare command reaches the kind).
LookupReply decks_lookup(const DeckBook& book, const std::string& typed = "");
// The `deck` lookup: args as typed after "deck".
Checked<LookupReply> deck_lookup(const DeckBook& book, const std::string& args,
                                 const std::optional<std::string>& saved,
                                 const std::string& typed = "");

}  // namespace croupier::bot
