// A network's tables, one owner: every table and private game by id, and the two ways they
// are found, the channel tables of a folded channel name and the private games of a person,
// each oldest first. The tables (bot/tables/) add, find and remove tables only through it.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "bot/tables/table.hpp"

namespace croupier::bot {

class TableIndex {
  public:
    using Map = std::map<TableId, std::unique_ptr<Table>>;

    // Registers a table under its id, found by its place (`place_key`) or, a private game,
    // by its first seat's person.
    Table& add(std::unique_ptr<Table> t);
    // Takes the table out (nullptr if it is not here).
    std::unique_ptr<Table> remove(TableId id);
    Table* by_id(TableId id) const {
        auto it = all_.find(id);
        return it == all_.end() ? nullptr : it->second.get();
    }
    // The channel tables at a folded channel name, oldest first.
    std::vector<Table*> at(const std::string& place_key) const;
    // A person's private games, oldest first.
    std::vector<Table*> private_games_of(const std::string& person) const;
    // After seats change hands (a legacy seat claimed by its person): found anew.
    void reindex();

    // Every table, by id.
    Map::const_iterator begin() const { return all_.begin(); }
    Map::const_iterator end() const { return all_.end(); }
    std::size_t size() const { return all_.size(); }
    bool empty() const { return all_.empty(); }

  private:
    std::unordered_map<std::string, std::vector<Table*>>& index_of(const Table& t);

    // The tables themselves, owned by all_ (a table leaves both lists as it leaves all_),
    // so a lookup by place costs no lookup by id per table found.
    Map all_;
    std::unordered_map<std::string, std::vector<Table*>> at_;       // folded channel, by id
    std::unordered_map<std::string, std::vector<Table*>> private_;  // person, by id
};

}  // namespace croupier::bot
