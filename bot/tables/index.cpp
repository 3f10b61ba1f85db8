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

std::unordered_map<std::string, std::vector<TableId>>& TableIndex::index_of(const Table& t) {
    return t.in_private ? private_ : at_;
}

Table& TableIndex::add(std::unique_ptr<Table> t) {
    Table& table = *t;
    all_[table.id] = std::move(t);
    auto& ids = index_of(table)[found_by(table)];
    ids.insert(std::upper_bound(ids.begin(), ids.end(), table.id), table.id);
    return table;
}

std::unique_ptr<Table> TableIndex::remove(TableId id) {
    auto it = all_.find(id);
    if (it == all_.end()) return nullptr;
    std::unique_ptr<Table> t = std::move(it->second);
    all_.erase(it);
    auto& map = index_of(*t);
    if (auto at = map.find(found_by(*t)); at != map.end()) {
        std::erase(at->second, id);
        if (at->second.empty()) map.erase(at);
    }
    return t;
}

std::vector<Table*> TableIndex::tables_of(const std::vector<TableId>* ids) const {
    std::vector<Table*> out;
    if (!ids) return out;
    out.reserve(ids->size());
    for (const TableId id : *ids)
        if (Table* t = by_id(id)) out.push_back(t);
    return out;
}

std::vector<Table*> TableIndex::at(const std::string& place_key) const {
    auto it = at_.find(place_key);
    return tables_of(it == at_.end() ? nullptr : &it->second);
}

std::vector<Table*> TableIndex::private_games_of(const std::string& person) const {
    auto it = private_.find(person);
    return tables_of(it == private_.end() ? nullptr : &it->second);
}

void TableIndex::reindex() {
    at_.clear();
    private_.clear();
    for (auto& [id, t] : all_) index_of(*t)[found_by(*t)].push_back(id);
}

}  // namespace croupier::bot
