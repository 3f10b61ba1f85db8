// SPDX-License-Identifier: GPL-3.0-or-later
#include "games/spider/engine.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

#include "games/spider/deal.hpp"

namespace croupier::games::spider {

namespace {

std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    for (char ch : text) {
        if (std::isspace(static_cast<unsigned char>(ch))) {
            if (!cur.empty()) out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        }
    }
    if (!cur.empty()) out.push_back(std::move(cur));
    return out;
}

std::optional<int> to_int(const std::string& s) {
    int v = 0;
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, v);
    if (ec != std::errc() || p != end) return std::nullopt;
    return v;
}

std::string pile_name(int p) {
    return "pile " + std::to_string(p);
}

}  // namespace

Engine::Engine(int suits, std::uint64_t deal_number, bool keep_runs)
    : suits_(suits), deal_number_(deal_number), keep_runs_(keep_runs) {
    const std::vector<Card> deck = shuffled_deck(suits, deal_number);  // throws on bad suits
    for (int i = 0; i < 54; ++i)
        piles_[static_cast<std::size_t>(tableau_pile(i))].cards.push_back(
            deck[static_cast<std::size_t>(i)]);
    for (Pile& p : piles_) p.down = static_cast<int>(p.cards.size()) - 1;
    stock_.assign(deck.begin() + 54, deck.end());
}

Engine Engine::from_layout(int suits, const Layout& layout, bool keep_runs) {
    Engine e(suits, 0, keep_runs);
    if (layout.stock.size() % kPiles != 0 || layout.stock.size() > 50 ||
        layout.foundation.size() > kRuns)
        throw std::invalid_argument("spider layout: bad stock or foundation");
    for (std::size_t p = 0; p < kPiles; ++p) {
        const int down = layout.face_down[p];
        const int size = static_cast<int>(layout.piles[p].size());
        if (down < 0 || (size > 0 && down >= size) || (size == 0 && down != 0))
            throw std::invalid_argument("spider layout: bad face-down count");
        e.piles_[p].cards = layout.piles[p];
        e.piles_[p].down = down;
    }
    e.stock_ = layout.stock;
    e.foundation_ = layout.foundation;
    return e;
}

std::vector<Card> Engine::face_up(int p) const {
    const Pile& pl = piles_.at(static_cast<std::size_t>(p));
    return {pl.cards.begin() + pl.down, pl.cards.end()};
}

int Engine::movable_run(int p) const {
    const Pile& pl = piles_.at(static_cast<std::size_t>(p));
    const int size = static_cast<int>(pl.cards.size());
    if (size == 0) return 0;
    int n = 1;
    for (int i = size - 1; i > pl.down; --i) {
        const Card& upper = pl.cards[static_cast<std::size_t>(i)];
        const Card& lower = pl.cards[static_cast<std::size_t>(i - 1)];
        if (lower.suit != upper.suit || lower.rank != upper.rank + 1) break;
        ++n;
    }
    return n;
}

int Engine::score() const {
    int s = 12 * static_cast<int>(foundation_.size());
    for (const Pile& pl : piles_)
        for (std::size_t i = static_cast<std::size_t>(pl.down) + 1; i < pl.cards.size(); ++i) {
            const Card& lower = pl.cards[i - 1];
            const Card& upper = pl.cards[i];
            if (lower.suit == upper.suit && lower.rank == upper.rank + 1) ++s;
        }
    return s;
}

bool Engine::won() const {
    if (keep_runs_) return score() == kMaxScore;
    return static_cast<int>(foundation_.size()) == kRuns;
}

Result Engine::refuse(std::string why) const {
    Result r;
    r.error = std::move(why);
    return r;
}

bool Engine::accepts(int to, const Card& c) const {
    const Pile& t = piles_[static_cast<std::size_t>(to)];
    return t.cards.empty() || t.cards.back().rank == c.rank + 1;
}

// Piles are 0..9 here; count >= 1 and the piles are valid and different.
std::string Engine::check_move(int from, int to, int count) const {
    const Pile& f = piles_[static_cast<std::size_t>(from)];
    const int size = static_cast<int>(f.cards.size());
    const int up = size - f.down;
    const std::string fname = pile_name(from + 1);
    if (size == 0) return fname + " is empty";
    const int movable = movable_run(from);
    const std::string most = ": " + fname + " can move at most " + std::to_string(movable) +
                             (movable == 1 ? " card" : " cards");
    if (count > size)
        return fname + " has only " + std::to_string(size) + (size == 1 ? " card" : " cards") +
               " (" + std::to_string(up) + " face up)" + most;
    if (count > up)
        return "only " + std::to_string(up) + " of " + fname + "'s cards " +
               (up == 1 ? "is" : "are") + " face up" + most;
    if (count > movable) {
        bool in_sequence = true;
        for (int i = size - count; i + 1 < size; ++i)
            if (f.cards[static_cast<std::size_t>(i)].rank !=
                f.cards[static_cast<std::size_t>(i + 1)].rank + 1)
                in_sequence = false;
        return std::string(in_sequence ? "that run is not one suit"
                                       : "those cards are not in sequence") +
               most;
    }
    const Card& bottom = f.cards[static_cast<std::size_t>(size - count)];
    if (!accepts(to, bottom)) {
        const Card& top = piles_[static_cast<std::size_t>(to)].cards.back();
        if (bottom.rank == kKing) return "a King can go only on an empty pile";
        return rank_phrase(bottom.rank) + " cannot go on " + rank_phrase(top.rank) + " (" +
               pile_name(to + 1) + "): it goes on " + rank_phrase(bottom.rank + 1) +
               " or an empty pile";
    }
    return {};
}

bool Engine::complete_run_on_top(int p) const {
    const Pile& pl = piles_[static_cast<std::size_t>(p)];
    const int size = static_cast<int>(pl.cards.size());
    if (size - pl.down < 13) return false;
    const Suit suit = pl.cards.back().suit;
    for (int i = 0; i < 13; ++i) {
        const Card& c = pl.cards[static_cast<std::size_t>(size - 1 - i)];
        if (c.rank != i + 1 || c.suit != suit) return false;
    }
    return true;
}

void Engine::collect_runs(std::uint16_t piles, Step& step, Change& change) {
    if (keep_runs_) return;
    for (int p = 0; p < kPiles; ++p) {
        if (!(piles & (1u << p)) || !complete_run_on_top(p)) continue;
        Pile& pl = piles_[static_cast<std::size_t>(p)];
        const Suit suit = pl.cards.back().suit;
        pl.cards.resize(pl.cards.size() - 13);
        foundation_.push_back(suit);
        step.completed |= static_cast<std::uint16_t>(1u << p);
        if (!pl.cards.empty() && pl.down == static_cast<int>(pl.cards.size())) {
            --pl.down;
            step.completed_flip |= static_cast<std::uint16_t>(1u << p);
        }
        change.piles |= static_cast<std::uint16_t>(1u << p);
        ++change.runs_completed;
        change.run_suits.push_back(suit);
    }
}

Result Engine::move(int from, int to, std::optional<int> count) {
    if (over()) return refuse("the game is over: type new for another deal");
    for (int p : {from, to})
        if (p < 1 || p > kPiles)
            return refuse("there is no pile " + std::to_string(p) + ": give 1-10");
    if (from == to)
        return refuse("pile " + std::to_string(from) +
                      " to itself moves nothing: give two different piles");
    const int f = from - 1, t = to - 1;
    const Pile& fp = piles_[static_cast<std::size_t>(f)];
    if (fp.cards.empty()) return refuse(pile_name(from) + " is empty");
    int n = 0;
    if (count) {
        if (*count < 1) return refuse("the number of cards must be 1 or more");
        n = *count;
    } else {
        const int movable = movable_run(f);
        const Pile& tp = piles_[static_cast<std::size_t>(t)];
        if (tp.cards.empty()) {
            n = movable;
        } else {
            const int top_rank = fp.cards.back().rank;  // the run's top card, the lowest
            const int need = tp.cards.back().rank - 1;  // the rank that goes on pile t
            n = need - top_rank + 1;
            if (need < 1) return refuse("nothing can go on an Ace (" + pile_name(to) + ")");
            if (n < 1 || n > movable) {
                const Card& low = fp.cards.back();
                const Card& high = fp.cards[fp.cards.size() - static_cast<std::size_t>(movable)];
                std::string run =
                    movable == 1 ? to_text(low) : to_text(high) + " to " + to_text(low);
                return refuse(pile_name(to) + " needs " + rank_phrase(need) + ", and the run " +
                              pile_name(from) + " can move is " + run);
            }
        }
    }
    if (std::string why = check_move(f, t, n); !why.empty()) return refuse(std::move(why));

    Step step;
    step.from = static_cast<std::uint8_t>(f);
    step.to = static_cast<std::uint8_t>(t);
    step.count = static_cast<std::uint8_t>(n);
    Result r;
    r.canonical =
        "move " + std::to_string(from) + " " + std::to_string(to) + " " + std::to_string(n);
    r.change.kind = Change::Kind::Move;
    r.change.from = f;
    r.change.to = t;
    r.change.count = n;
    r.change.piles = static_cast<std::uint16_t>((1u << f) | (1u << t));
    Pile& src = piles_[static_cast<std::size_t>(f)];
    Pile& dst = piles_[static_cast<std::size_t>(t)];
    const auto first = src.cards.end() - n;
    dst.cards.insert(dst.cards.end(), first, src.cards.end());
    src.cards.erase(first, src.cards.end());
    if (!src.cards.empty() && src.down == static_cast<int>(src.cards.size())) {
        --src.down;
        step.flipped = 1;
    }
    collect_runs(static_cast<std::uint16_t>(1u << t), step, r.change);
    history_.push_back(step);
    ++moves_;
    return r;
}

Result Engine::deal() {
    if (over()) return refuse("the game is over: type new for another deal");
    if (stock_deals_left() == 0) return refuse("the stock is empty: no deals left");
    for (int p = 0; p < kPiles; ++p)
        if (piles_[static_cast<std::size_t>(p)].cards.empty())
            return refuse(pile_name(p + 1) + " is empty: fill it before dealing");
    Step step;
    step.deal = 1;
    Result r;
    r.canonical = "deal";
    r.change.kind = Change::Kind::Deal;
    r.change.piles = 0x3FF;
    for (int p = 0; p < kPiles; ++p) {
        const Card c = stock_[static_cast<std::size_t>(deals_done_ * kPiles + p)];
        piles_[static_cast<std::size_t>(p)].cards.push_back(c);
        r.change.dealt.push_back(c);
    }
    ++deals_done_;
    collect_runs(0x3FF, step, r.change);
    history_.push_back(step);
    ++moves_;
    return r;
}

Result Engine::undo() {
    if (over()) return refuse("the game is over: type new for another deal");
    if (history_.empty()) return refuse("nothing to undo");
    const Step step = history_.back();
    history_.pop_back();
    Result r;
    r.canonical = "undo";
    r.change.kind = Change::Kind::Undo;
    for (int p = kPiles - 1; p >= 0; --p) {
        if (!(step.completed & (1u << p))) continue;
        Pile& pl = piles_[static_cast<std::size_t>(p)];
        if (step.completed_flip & (1u << p)) ++pl.down;
        const Suit suit = foundation_.back();
        foundation_.pop_back();
        for (int rank = kKing; rank >= kAce; --rank) pl.cards.push_back(Card::make(rank, suit));
        r.change.piles |= static_cast<std::uint16_t>(1u << p);
        ++r.change.runs_returned;
    }
    if (step.deal) {
        r.change.undone = Change::Kind::Deal;
        for (Pile& pl : piles_) pl.cards.pop_back();
        --deals_done_;
        r.change.piles = 0x3FF;
    } else {
        r.change.undone = Change::Kind::Move;
        r.change.from = step.from;
        r.change.to = step.to;
        r.change.count = step.count;
        Pile& src = piles_[step.from];
        Pile& dst = piles_[step.to];
        if (step.flipped) ++src.down;
        const auto first = dst.cards.end() - step.count;
        src.cards.insert(src.cards.end(), first, dst.cards.end());
        dst.cards.erase(first, dst.cards.end());
        r.change.piles |= static_cast<std::uint16_t>((1u << step.from) | (1u << step.to));
    }
    ++undos_;
    return r;
}

Result Engine::resign() {
    if (over()) return refuse("the game is over: type new for another deal");
    resigned_ = true;
    Result r;
    r.canonical = "resign";
    r.change.kind = Change::Kind::Resign;
    return r;
}

Result Engine::apply(std::string_view text) {
    const std::vector<std::string> w = words(text);
    if (w.empty()) return refuse("say move FROM TO [N], deal, undo or resign");
    const std::string& cmd = w[0];
    if (cmd == "move" || cmd == "m") {
        if (w.size() < 3 || w.size() > 4) return refuse("usage: move FROM TO [N], piles 1-10");
        const auto from = to_int(w[1]);
        const auto to = to_int(w[2]);
        if (!from || !to) return refuse("piles are numbers 1-10: move FROM TO [N]");
        std::optional<int> n;
        if (w.size() == 4) {
            n = to_int(w[3]);
            if (!n) return refuse("N is a number of cards: move FROM TO [N]");
        }
        return move(*from, *to, n);
    }
    if (w.size() > 1) return refuse(cmd + " takes no arguments");
    if (cmd == "deal" || cmd == "d") return deal();
    if (cmd == "undo" || cmd == "u") return undo();
    if (cmd == "resign") return resign();
    return refuse("unknown command: say move FROM TO [N], deal, undo or resign");
}

std::vector<std::string> Engine::legal() const {
    std::vector<std::string> out;
    if (over()) return out;
    bool any_empty = false;
    for (int f = 0; f < kPiles; ++f) {
        const Pile& fp = piles_[static_cast<std::size_t>(f)];
        if (fp.cards.empty()) {
            any_empty = true;
            continue;
        }
        const int movable = movable_run(f);
        for (int t = 0; t < kPiles; ++t) {
            if (t == f) continue;
            for (int n = 1; n <= movable; ++n)
                if (accepts(t, fp.cards[fp.cards.size() - static_cast<std::size_t>(n)]))
                    out.push_back("move " + std::to_string(f + 1) + " " + std::to_string(t + 1) +
                                  " " + std::to_string(n));
        }
    }
    if (!any_empty && stock_deals_left() > 0) out.emplace_back("deal");
    return out;
}

View Engine::view() const {
    View v;
    v.suits = suits_;
    for (int p = 0; p < kPiles; ++p) {
        const Pile& pl = piles_[static_cast<std::size_t>(p)];
        v.face_down[static_cast<std::size_t>(p)] = pl.down;
        v.face_up[static_cast<std::size_t>(p)].assign(pl.cards.begin() + pl.down, pl.cards.end());
    }
    v.stock_deals_left = stock_deals_left();
    v.completed_runs = static_cast<int>(foundation_.size());
    return v;
}

std::size_t Engine::memory_bytes() const {
    std::size_t b = sizeof(*this);
    for (const Pile& pl : piles_) b += pl.cards.capacity() * sizeof(Card);
    b += stock_.capacity() * sizeof(Card) + foundation_.capacity() * sizeof(Suit) +
         history_.capacity() * sizeof(Step);
    return b;
}

}  // namespace croupier::games::spider
