// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/games/highcard/highcard.hpp"

#include <algorithm>
#include <stdexcept>

#include "games/core/rng.hpp"

namespace croupier::games::highcard {

int value(const Card& c) {
    return c.rank == 1 ? 14 : c.rank;
}

Round::Round(std::uint64_t deal_number, int players) : players_(players), pack_(standard_pack()) {
    DealRng rng(deal_number);
    rng.shuffle(pack_);
}

Card Round::draw() {
    if (finished()) throw std::logic_error("every seat has drawn");
    drawn_.push_back(pack_[drawn_.size()]);
    return drawn_.back();
}

int Round::best() const {
    int b = 0;
    for (const auto& c : drawn_) b = std::max(b, value(c));
    return b;
}

bool Round::wins(int seat) const {
    return seat >= 0 && seat < to_draw() && value(drawn_[static_cast<std::size_t>(seat)]) == best();
}

std::vector<int> Round::winners() const {
    std::vector<int> out;
    for (int s = 0; s < to_draw(); ++s)
        if (wins(s)) out.push_back(s);
    return out;
}

}  // namespace croupier::games::highcard
