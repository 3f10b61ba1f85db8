// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/tables/index.hpp"

#include <algorithm>

namespace croupier::bot {

namespace {
// What a table is found by: its folded channel, or its person.
const std::string& found_by(const Table& t) {
    static const std::string none;
    if (!t.in_private) return t.place_key;
    return t.seats.empty() ? none : t.seats.front().key;
}
}  // namespace

std::unordered_map<std::string, std::vector<Table*>>& TableIndex::index_of(const Table& t) {
    return t.in_private ? private_ : at_;
}

Table& TableIndex::add(std::unique_ptr<Table> t) {
    Table& table = *t;
    remove(table.id);  // a table of that id taken back: the index holds no pointer to it
    all_[table.id] = std::move(t);
    auto& here = index_of(table)[found_by(table)];
    here.insert(std::upper_bound(here.begin(), here.end(), table.id,
                                 [](TableId id, const Table* x) { return id < x->id; }),
                &table);
    return table;
}

std::unique_ptr<Table> TableIndex::remove(TableId id) {
    auto it = all_.find(id);
    if (it == all_.end()) return nullptr;
    std::unique_ptr<Table> t = std::move(it->second);
    all_.erase(it);
    auto& map = index_of(*t);
    // Wherever the table is listed (its seats may have changed hands since it was found by
    // them): no pointer to it stays behind.
    if (auto at = map.find(found_by(*t)); at != map.end() && std::erase(at->second, t.get())) {
        if (at->second.empty()) map.erase(at);
    } else {
        for (auto i = map.begin(); i != map.end();) {
            std::erase(i->second, t.get());
            i = i->second.empty() ? map.erase(i) : std::next(i);
        }
    }
    return t;
}

std::vector<Table*> TableIndex::at(const std::string& place_key) const {
    auto it = at_.find(place_key);
    return it == at_.end() ? std::vector<Table*>{} : it->second;
}

std::vector<Table*> TableIndex::private_games_of(const std::string& person) const {
    auto it = private_.find(person);
    return it == private_.end() ? std::vector<Table*>{} : it->second;
}

void TableIndex::reindex() {
    at_.clear();
    private_.clear();
    for (auto& [id, t] : all_)
        index_of(*t)[found_by(*t)].push_back(t.get());  // by id: oldest first
}

}  // namespace croupier::bot
