// `croupierd --bench encounters`: the balance of Spider: Encounters (shared/BENCH.md): the
// computer plays the party's side against encounters chosen for parties of levels 1, 5 and
// 10, the enemy with the same player; the share of encounters won, how often each ability
// was used (the party's and the enemy's), and how many computer actions the rules refused
// (each one a bug: must be 0).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <array>
#include <chrono>
#include <string>

#include <fmt/format.h>

#include "bot/bench.hpp"
#include "games/core/rng.hpp"
#include "games/encounters/encounter.hpp"
#include "games/encounters/player.hpp"

namespace croupier::bot {

namespace {

namespace enc = games::encounters;

struct Tally {
    int won = 0, lost = 0, played = 0;
    long long turns = 0, redeals = 0, coups = 0, flows = 0;
    std::array<long long, enc::kAbilities> used{};
    std::array<long long, enc::kEnemyAbilities> enemy_used{};
    long long refused = 0;      // computer actions the rules refused (each a bug)
    std::string first_refusal;  // the first of them, for the note
};

// One encounter played out by the computer on both sides.
void play_one(const enc::PartyState& party, std::uint64_t deal, Tally& t, BenchReport& r) {
    enc::Encounter e(party, deal);
    enc::PartyMemory memory;
    enc::PlayerMemory enemy;
    int actions = 0;
    while (e.outcome() == enc::Outcome::Playing && ++actions < 4 * enc::kMaxTurns + 400) {
        std::string action;
        const int side = e.side_to_play();
        if (side == 1) {
            action = enc::enemy_action(e, enemy);
        } else {
            const auto& me = e.characters()[static_cast<std::size_t>(e.turn())];
            if (me.tag == 'W' && !me.conscious && !me.rallied)
                ++t.used[static_cast<std::size_t>(enc::Ability::Steadfast)];
            action = enc::party_action(e, memory);
        }
        if (const std::string why = e.act(action); !why.empty()) {
            // A choice the rules refuse is a bug of the player or the engine: counted, and
            // the turn goes by.
            if (t.refused++ == 0)
                t.first_refusal = fmt::format(
                    "deal {}, {}'s \"{}\": {}", deal,
                    e.characters()[static_cast<std::size_t>(e.turn())].name, action, why);
            e.act("pass");
            continue;
        }
        if (action.rfind("ability ", 0) == 0) {
            const std::string name = action.substr(8, action.find(' ', 8) - 8);
            if (side == 1) {
                if (const auto* a = enc::enemy_ability_by_name(name))
                    ++t.enemy_used[static_cast<std::size_t>(a->ability)];
            } else if (const auto* a = enc::ability_by_name(name)) {
                ++t.used[static_cast<std::size_t>(a->ability)];
            }
        }
    }
    ++t.played;
    t.won += e.outcome() == enc::Outcome::Won;
    t.lost += e.outcome() != enc::Outcome::Won;
    t.turns += actions;
    t.redeals += e.redeals(0);
    t.coups += e.coup_de_grace();
    t.flows += e.battle_flow();
    r.outcome(fmt::format("enc {} {} {} {}", party.level(), deal, static_cast<int>(e.outcome()),
                          actions));
}

}  // namespace

void bench_encounters(BenchReport& r, bool quick) {
    const int games = quick ? 6 : 200;
    std::array<long long, enc::kAbilities> used{};
    long long refused = 0;
    for (int level : {1, 5, 10}) {
        enc::PartyState party;
        party.xp = enc::xp_for_level(level);
        Tally t;
        std::uint64_t seeds = 0xe7c0000 + static_cast<std::uint64_t>(level);
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < games; ++i) play_one(party, games::splitmix64(seeds), t, r);
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::string abilities;
        for (int a = 0; a < enc::kAbilities; ++a) {
            const auto& info = enc::ability_info(static_cast<enc::Ability>(a));
            if (!enc::knows(level, info.ability)) continue;
            abilities += fmt::format("{}{} {}", abilities.empty() ? "" : ", ", info.name,
                                     t.used[static_cast<std::size_t>(a)]);
            used[static_cast<std::size_t>(a)] += t.used[static_cast<std::size_t>(a)];
        }
        std::string enemy_abilities;
        for (int a = 0; a < enc::kEnemyAbilities; ++a)
            enemy_abilities +=
                fmt::format("{}{} {}", a == 0 ? "" : ", ",
                            enc::enemy_ability_info(static_cast<enc::EnemyAbility>(a)).name,
                            t.enemy_used[static_cast<std::size_t>(a)]);
        r.note(fmt::format(
            "encounters level {}: {} encounters, won {}, lost {}; {:.0f} actions an encounter, "
            "{:.2f} party re-deals, {} coups de grace, {} Battle Flow; {:.0f} ms an encounter; "
            "abilities used: {}; the enemy's abilities used: {}",
            level, t.played, t.won, t.lost, static_cast<double>(t.turns) / t.played,
            static_cast<double>(t.redeals) / t.played, t.coups, t.flows, 1000.0 * s / t.played,
            abilities.empty() ? "none (the first is learnt at level 2)" : abilities,
            enemy_abilities));
        r.figure(fmt::format("encounters.player_win_rate.level{}", level),
                 static_cast<double>(t.won) / t.played, "ratio");
        if (t.refused > 0)
            r.note(fmt::format("encounters level {}: {} computer actions refused, the first: {}",
                               level, t.refused, t.first_refusal));
        refused += t.refused;
    }
    // Each one is a bug: must be 0.
    r.figure("encounters.refused_computer_moves", static_cast<double>(refused), "moves");
    std::string never;
    for (int a = 0; a < enc::kAbilities; ++a)
        if (used[static_cast<std::size_t>(a)] == 0)
            never += std::string(never.empty() ? "" : ", ") +
                     enc::ability_info(static_cast<enc::Ability>(a)).name;
    r.note(never.empty() ? "encounters: every ability was used"
                         : "encounters: never used: " + never);
}

}  // namespace croupier::bot
