// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/encounters/board.hpp"

#include <algorithm>
#include <sstream>

#include "games/encounters/rules.hpp"

namespace croupier::games::encounters {

Board::Board(std::vector<int> defences, std::vector<bool> own, const std::vector<Card>& cards,
             int stock)
    : defences_(std::move(defences)), own_(std::move(own)) {
    own_.resize(defences_.size(), false);
    const int n = static_cast<int>(cards.size());
    stock = std::clamp(stock, 0, n);
    for (int i = 0; i < n - stock; ++i) {
        piles_[static_cast<std::size_t>(i % kPiles)].push_back(cards[static_cast<std::size_t>(i)]);
        up_[static_cast<std::size_t>(i % kPiles)].push_back(false);
    }
    stock_.assign(cards.begin() + (n - stock), cards.end());
    for (int p = 0; p < kPiles; ++p)
        if (!up_[static_cast<std::size_t>(p)].empty())
            up_[static_cast<std::size_t>(p)].back() = true;
    reveal_own();
}

void Board::reveal_own() {
    for (int p = 0; p < kPiles; ++p)
        for (std::size_t i = 0; i < piles_[static_cast<std::size_t>(p)].size(); ++i)
            if (own_[piles_[static_cast<std::size_t>(p)][i].who])
                up_[static_cast<std::size_t>(p)][i] = true;
}

int Board::next_above(const Card& c) const {
    const auto r = ranks(defences_[c.who]);
    for (std::size_t i = 0; i + 1 < r.size(); ++i)
        if (r[i] == c.rank) return r[i + 1];
    return 0;
}

int Board::face_down(int p) const {
    const auto& u = up_[static_cast<std::size_t>(p)];
    return static_cast<int>(std::count(u.begin(), u.end(), false));
}

int Board::movable(int p) const {
    const auto& pile = piles_[static_cast<std::size_t>(p)];
    const auto& up = up_[static_cast<std::size_t>(p)];
    if (pile.empty()) return 0;
    int n = 1;
    for (std::size_t i = pile.size() - 1; i > 0; --i) {
        const Card& top = pile[i];
        const Card& under = pile[i - 1];
        if (!up[i - 1] || under.who != top.who || next_above(top) != under.rank) break;
        ++n;
    }
    return n;
}

void Board::settle(int p) {
    auto& pile = piles_[static_cast<std::size_t>(p)];
    auto& up = up_[static_cast<std::size_t>(p)];
    if (!pile.empty()) {
        const int who = pile.back().who;
        const int len = run_length(who);
        const int run = movable(p);
        if (run >= len && pile[pile.size() - static_cast<std::size_t>(len)].rank == kKing) {
            pile.resize(pile.size() - static_cast<std::size_t>(len));
            up.resize(pile.size());
            removed_.push_back(who);
        }
    }
    if (!up.empty()) up.back() = true;
}

std::string Board::move(int from, int to, std::optional<int> count) {
    removed_.clear();
    if (from < 1 || from > kPiles || to < 1 || to > kPiles) return "Piles are numbered 1 to 10.";
    if (from == to) return "Moving a pile onto itself changes nothing.";
    const int f = from - 1, t = to - 1;
    auto& src = piles_[static_cast<std::size_t>(f)];
    auto& dst = piles_[static_cast<std::size_t>(t)];
    if (src.empty()) return "Pile " + std::to_string(from) + " is empty.";
    const int can = movable(f);
    int n = 0;
    if (count) {
        n = *count;
        if (n < 1 || n > can)
            return can == 1 ? "Pile " + std::to_string(from) +
                                  " can move only its top card (one character's cards in "
                                  "sequence move together)."
                            : "Pile " + std::to_string(from) + " can move 1 to " +
                                  std::to_string(can) + " cards (one character's, in sequence).";
        if (!dst.empty() &&
            next_above(src[src.size() - static_cast<std::size_t>(n)]) != dst.back().rank)
            return "Those cards do not fit on pile " + std::to_string(to) + ".";
    } else if (dst.empty()) {
        n = can;
    } else {
        for (int k = can; k >= 1; --k)
            if (next_above(src[src.size() - static_cast<std::size_t>(k)]) == dst.back().rank) {
                n = k;
                break;
            }
        if (n == 0)
            return "Nothing on pile " + std::to_string(from) + " fits on pile " +
                   std::to_string(to) + ".";
    }
    auto& sup = up_[static_cast<std::size_t>(f)];
    auto& dup = up_[static_cast<std::size_t>(t)];
    const auto at = src.size() - static_cast<std::size_t>(n);
    dst.insert(dst.end(), src.begin() + static_cast<std::ptrdiff_t>(at), src.end());
    dup.insert(dup.end(), static_cast<std::size_t>(n), true);
    src.resize(at);
    sup.resize(at);
    settle(f);
    settle(t);
    return "";
}

std::string Board::deal() {
    removed_.clear();
    if (stock_.empty()) return "The stock is empty.";
    if (!may_deal()) return "Fill the empty piles before dealing.";
    const int n = std::min<int>(kPiles, static_cast<int>(stock_.size()));
    for (int p = 0; p < n; ++p) {
        piles_[static_cast<std::size_t>(p)].push_back(stock_[static_cast<std::size_t>(p)]);
        up_[static_cast<std::size_t>(p)].push_back(true);
    }
    stock_.erase(stock_.begin(), stock_.begin() + n);
    for (int p = 0; p < n; ++p) settle(p);
    return "";
}

std::string Board::redeal(DealRng& rng) {
    removed_.clear();
    if (!stock_.empty()) return "Deal the stock first: a re-deal needs an empty stock.";
    std::vector<Card> all;
    for (auto& p : piles_) {
        all.insert(all.end(), p.begin(), p.end());
        p.clear();
    }
    if (all.empty()) return "There is nothing to re-deal.";
    for (auto& u : up_) u.clear();
    rng.shuffle(all);
    const std::size_t down = (all.size() + 1) / 2;
    for (std::size_t i = 0; i < down; ++i) {
        piles_[i % kPiles].push_back(all[i]);
        up_[i % kPiles].push_back(false);
    }
    stock_.assign(all.begin() + static_cast<std::ptrdiff_t>(down), all.end());
    for (auto& u : up_)
        if (!u.empty()) u.back() = true;
    reveal_own();
    return "";
}

std::string Board::turn_up(int pile) {
    removed_.clear();
    if (pile < 1 || pile > kPiles) return "Piles are numbered 1 to 10.";
    auto& up = up_[static_cast<std::size_t>(pile - 1)];
    for (std::size_t i = up.size(); i-- > 0;)
        if (!up[i]) {
            up[i] = true;
            return "";
        }
    return "Pile " + std::to_string(pile) + " has no face-down card.";
}

// FNV-1a over each card (a face-down one as `down`, or as itself with its face when the
// whole position is wanted), a separator after each pile, then the stock's size.
std::uint64_t Board::hash_of(bool view) const {
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&h](std::uint64_t v) {
        h ^= v;
        h *= 1099511628211ULL;
    };
    for (std::size_t p = 0; p < kPiles; ++p) {
        for (std::size_t i = 0; i < piles_[p].size(); ++i) {
            const std::uint64_t card =
                static_cast<std::uint64_t>(piles_[p][i].who << 4 | piles_[p][i].rank);
            if (view)
                mix(up_[p][i] ? card : 0xFF);
            else
                mix(card << 1 | (up_[p][i] ? 1 : 0));
        }
        mix(0x100 + p);
    }
    mix(stock_.size());
    return h;
}

bool Board::may_deal() const {
    std::size_t cards = 0;
    bool any_empty = false;
    for (const auto& p : piles_) {
        cards += p.size();
        any_empty |= p.empty();
    }
    return !any_empty || cards < kPiles;
}

int Board::remaining(int who) const {
    int n = 0;
    for (const auto& p : piles_)
        for (const Card& c : p) n += c.who == who;
    for (const Card& c : stock_) n += c.who == who;
    return n;
}

bool Board::empty() const {
    if (!stock_.empty()) return false;
    for (const auto& p : piles_)
        if (!p.empty()) return false;
    return true;
}

std::vector<std::string> Board::legal() const {
    std::vector<std::string> out;
    for (int f = 0; f < kPiles; ++f) {
        const auto& src = piles_[static_cast<std::size_t>(f)];
        const int can = movable(f);
        for (int t = 0; t < kPiles; ++t) {
            if (t == f) continue;
            const auto& dst = piles_[static_cast<std::size_t>(t)];
            for (int n = 1; n <= can; ++n) {
                const bool fits =
                    dst.empty() ||
                    next_above(src[src.size() - static_cast<std::size_t>(n)]) == dst.back().rank;
                if (fits)
                    out.push_back("move " + std::to_string(f + 1) + " " + std::to_string(t + 1) +
                                  " " + std::to_string(n));
            }
        }
    }
    if (!stock_.empty() && may_deal()) out.push_back("deal");
    return out;
}

std::string Board::apply(const std::string& text) {
    std::istringstream in(text);
    std::string word;
    in >> word;
    if (word == "deal") return deal();
    if (word == "move") {
        int f = 0, t = 0, n = 0;
        if (!(in >> f >> t)) return "Move FROM TO [N]: two pile numbers.";
        if (in >> n) return move(f, t, n);
        return move(f, t);
    }
    return "Unknown action.";
}

}  // namespace croupier::games::encounters
