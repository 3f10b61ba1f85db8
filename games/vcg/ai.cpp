// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/vcg/ai.hpp"

#include <algorithm>

#include "games/core/rng.hpp"

namespace croupier::games::vcg {

namespace {

constexpr int kSamples = 48;

std::vector<int> open_slots(const Side& me) {
    std::vector<int> out;
    for (int i = 0; i < kHand; ++i)
        if (!me.played[static_cast<std::size_t>(i)]) out.push_back(i);
    return out;
}

int below(DealRng& rng, int n) {
    return n <= 1 ? 0 : static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
}

// How another player might spend: all kinds of players, so the plan holds against each.
Choice guess(const Side& me, DealRng& rng, int slot) {
    const auto slots = open_slots(me);
    Choice c;
    c.slot = slot >= 0
                 ? slot
                 : slots[static_cast<std::size_t>(below(rng, static_cast<int>(slots.size())))];
    const int left = std::max(1, me.cards_left());
    switch (below(rng, 4)) {
        case 0:
        case 3:
            c.potions = below(rng, me.potions + 1);
            break;  // anything
        case 1:
            c.potions = me.potions;
            break;  // all in
        default: {  // a fair share, give or take
            const int share = me.potions / left;
            c.potions = std::clamp(share - 2 + below(rng, 5), 0, me.potions);
        }
    }
    if (c.potions + kFocusCost <= me.potions && below(rng, 5) == 0) c.focus = true;
    return c;
}

// The rest of the duel, both sides spending a share of what is left.
double play_out(Duel d, int s, DealRng& rng) {
    while (!d.finished()) {
        const int p = d.to_play();
        const Side& me = d.side(p);
        if (p != s) {
            Choice g = guess(me, rng, -1);
            d.choose(p, g);
            continue;
        }
        const auto slots = open_slots(me);
        Choice c;
        c.slot = slots[static_cast<std::size_t>(below(rng, static_cast<int>(slots.size())))];
        const int left = std::max(1, me.cards_left());
        const int share = left == 1 ? me.potions : me.potions / left;
        c.potions = std::clamp(share - 1 + below(rng, 3), 0, me.potions);
        d.choose(p, c);
    }
    const double margin = 0.01 * (d.side(s).life - d.side(1 - s).life);
    if (d.winner() < 0) return 0.5 + margin;
    return (d.winner() == s ? 1.0 : 0.0) + margin;
}

}  // namespace

Choice random_choice(const Duel& d, int s, std::uint64_t seed) {
    DealRng rng(seed);
    const Side& me = d.side(s);
    const auto slots = open_slots(me);
    Choice c;
    c.slot = slots[static_cast<std::size_t>(below(rng, static_cast<int>(slots.size())))];
    c.potions = below(rng, me.potions + 1);
    if (c.potions + kFocusCost <= me.potions && below(rng, 4) == 0) c.focus = true;
    return c;
}

Choice greedy_choice(const Duel& d, int s) {
    const Side& me = d.side(s);
    Choice best;
    int most = -1;
    for (int slot : open_slots(me)) {
        const int attack = me.hand[static_cast<std::size_t>(slot)].power * (me.potions + 1);
        if (attack > most) {
            most = attack;
            best = Choice{slot, me.potions, false};
        }
    }
    return best;
}

Choice computer_choice(const Duel& real, int s, std::uint64_t seed) {
    Duel d = real.seen_by(s);
    d.for_planning();
    const int o = 1 - s;
    const Side& me = d.side(s);
    const bool second = d.has_chosen(o);
    // The answers (or, when the other played first, its hidden potions) planned against:
    // the same for every candidate, so candidates are compared on equal terms.
    DealRng rng(seed);
    std::vector<Choice> guesses;
    for (int k = 0; k < kSamples; ++k)
        guesses.push_back(guess(d.side(o), rng, second ? d.pending(o).slot : -1));
    std::vector<std::uint64_t> seeds;
    for (int k = 0; k < kSamples; ++k) seeds.push_back(rng.next());

    Choice best;
    double best_value = -1e9;
    for (int slot : open_slots(me))
        for (int focus = 0; focus < 2; ++focus)
            for (int pots = 0; pots + (focus ? kFocusCost : 0) <= me.potions; ++pots) {
                const Choice c{slot, pots, focus == 1};
                double total = 0;
                for (int k = 0; k < kSamples; ++k) {
                    Duel sim = d;
                    DealRng r(seeds[static_cast<std::size_t>(k)]);
                    if (second) {
                        sim.guess_choice(o, guesses[static_cast<std::size_t>(k)]);
                        sim.choose(s, c);
                    } else {
                        sim.choose(s, c);
                        Choice g = guesses[static_cast<std::size_t>(k)];
                        if (!sim.check(o, g).empty()) g = Choice{g.slot, 0, false};
                        sim.choose(o, g);
                    }
                    total += play_out(sim, s, r);
                }
                // Ties go to the cheaper choice: potions kept are worth something later.
                if (total > best_value + 1e-9) {
                    best_value = total;
                    best = c;
                }
            }
    return best;
}

}  // namespace croupier::games::vcg
