// One encounter of Spider: Encounters: the party against a group of enemies, each side
// playing the same deal in a game of its own, characters taking turns by initiative
// (games/encounters/rules.md). Pure: no I/O, no clock; every random draw from the
// deal number's generator, in the order the design gives.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "games/core/rng.hpp"
#include "games/encounters/board.hpp"
#include "games/encounters/rules.hpp"

namespace croupier::games::encounters {

constexpr int kMaxRedeals = 3;
constexpr int kMaxTurns = 400;  // each side's; then the larger share cleared wins
constexpr int kMaxFocus = 10;

struct Character {
    std::string name;  // "Warrior", "Goblin a"
    char tag = '?';    // 'W', 'a'
    bool party = false;
    Stats stats;
    int level = 1;
    int initiative = 0;
    bool conscious = true;
    bool rallied = false;  // woke by Rally (Dark rite): takes turns though its cards are cleared
    int kind = -1;         // an enemy's kind: an index into bestiary()
};

// The party as a profile keeps it between encounters.
struct PartyState {
    long long xp = 0;
    int streak = 0;         // Battle Flow encounters in a row
    int carried_focus = 0;  // focus kept by Battle Flow
    int level() const { return level_for_xp(xp); }
};

enum class Outcome : std::uint8_t { Playing, Won, Lost, Fled };

// What happened, for the words a player reads.
struct Event {
    enum class Kind : std::uint8_t {
        Cleared,       // a side cleared a run (who, by: side 0 party, 1 enemy)
        Unconscious,   // a character fell unconscious (who)
        Woke,          // Rally, Dark rite (who, side: the side that woke it)
        EnemyAbility,  // an enemy used an ability (who: the enemy)
        Ended,
    } kind;
    int who = -1;
    int side = 0;
};

class Encounter {
  public:
    // `rules`: the version of the rules it is played by (kRulesVersion; 1 for an encounter
    // saved before the enemies had abilities).
    Encounter(const PartyState& party, std::uint64_t deal_number, int rules = kRulesVersion);
    // A hand-made encounter (tests, tools): these characters with their initiative as
    // given, `cards` dealt as they stand (no shuffle), no ambush; the generator (for
    // re-deals) from `deal_number`; the enemy side's focus starts at `enemy_focus`.
    static Encounter custom(const PartyState& party, std::vector<Character> characters,
                            const std::vector<Card>& cards, int stock,
                            std::uint64_t deal_number = 1, int enemy_focus = 0);

    int rules() const { return rules_; }
    // Whether the enemies have abilities in this encounter (rules 2 on).
    bool enemy_abilities() const { return rules_ >= 2; }
    // Whether the enemy whose turn it is has used its ability this turn (one a turn).
    bool enemy_ability_used() const { return enemy_ability_used_; }

    const std::vector<Character>& characters() const { return chars_; }
    const std::vector<Enemy>& enemies() const { return enemies_; }
    const Board& board(int side) const { return side == 0 ? mine_ : theirs_; }
    int focus(int side) const { return focus_[static_cast<std::size_t>(side)]; }
    int party_level() const { return level_; }
    int ambush() const { return ambush_; }  // 1: the party was ambushed; -1: it ambushed; 0
    // The character whose turn it is (an index into characters()); -1 once over.
    int turn() const;
    int round() const { return round_; }
    int side_to_play() const;  // 0 the party, 1 the enemy, -1 over
    Outcome outcome() const { return outcome_; }
    bool coup_de_grace() const { return outcome_ == Outcome::Won && redeals_[0] == 0; }
    bool battle_flow() const { return coup_de_grace() && mine_.empty(); }
    int redeals(int side) const { return redeals_[static_cast<std::size_t>(side)]; }
    int turns(int side) const { return turns_[static_cast<std::size_t>(side)]; }
    // The share of the other side's cards this side has cleared from its game (0..1).
    double cleared_share(int side) const;
    const std::vector<Event>& events() const { return events_; }  // of the last action
    // Every position a side's game has stood in, as that side sees it (Board::view_hash):
    // the computer players never plan a way back to one. Rebuilt by replaying the actions.
    const std::unordered_set<std::uint64_t>& visited(int side) const {
        return visited_[static_cast<std::size_t>(side)];
    }

    // The party's actions on its turn: "move F T [N]", "deal", "redeal", "pass",
    // "ability NAME [TARGET]", "flee". The enemy's on its: the same but flee, and its own
    // abilities (enemy_ability_info) for "ability". "" or the reason; `info` gets what a
    // free action showed (Scry; an enemy's Scurry: the card that turned up in its game).
    std::string act(const std::string& action, std::string* info = nullptr);

    // "KW", "10a": a card's rank and its character's tag.
    std::string card_name(const Card& c) const;

    // The experience this encounter gives once over, and the party after it.
    long long xp_gained() const;
    PartyState after(const PartyState& before) const;

  private:
    Encounter(const PartyState& party, std::uint64_t deal_number, int rules, bool);
    void order_turns();
    std::string act_board(int side, const std::string& action);
    std::string use_ability(const std::string& name, const std::string& target, std::string* info);
    std::string use_enemy_ability(const std::string& name, const std::string& target,
                                  std::string* info);
    void after_action(bool ends_turn);
    // Peek and Scurry: the highest face-down card of the pile `target` (1-10) on `board`
    // turns up, told in `info`; `usage` when `target` is no number, else the board's refusal.
    std::string turn_up(Board& board, const std::string& target, const char* usage,
                        std::string* info) const;
    void next_turn();
    void check_consciousness();
    void check_end();
    bool may_act(int c) const;

    int level_ = 1;
    int rules_ = kRulesVersion;
    bool enemy_ability_used_ = false;  // this turn
    PartyState party_;
    DealRng rng_;
    std::vector<Character> chars_;
    std::vector<Enemy> enemies_;
    std::vector<int> order_;  // characters by initiative
    Board mine_, theirs_;
    std::optional<Board> before_last_move_;  // for Second thoughts
    std::array<int, 2> focus_{};
    std::array<int, 2> redeals_{};
    std::array<int, 2> turns_{};
    int ambush_ = 0;
    int round_ = 1;
    int pos_ = -1;          // index into order_
    int actions_left_ = 1;  // Haste gives two
    int enemy_turns_ = 0;   // taken this round
    Outcome outcome_ = Outcome::Playing;
    std::vector<Event> events_;
    std::array<std::unordered_set<std::uint64_t>, 2> visited_;
    void remember();
};

}  // namespace croupier::games::encounters
