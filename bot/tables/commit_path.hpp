// The commit path's bookkeeping, one owner: what each table wrote in this turn of the event
// loop (one unit of the writer's next group), the lines and actions waiting on it, and the
// units handed to the writer and not yet back. Lines told about a table wait behind every
// unit of that table still in flight. What a unit coming back means for its table (its lines
// released, or the table taken back to what is committed) is the tables' to decide: the
// `back` callback (bot/tables/commit.cpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bot/checked.hpp"
#include "bot/tables/lines.hpp"
#include "bot/tables/table.hpp"
#include "storage/writer.hpp"

namespace boost::asio {
class io_context;
}

namespace croupier::bot {

class CommitPath {
  public:
    // Lines told about a table, waiting for its unit to be committed.
    struct Told {
        std::vector<Line> lines;
        bool over = false;  // they tell the game's end: the result is never dropped
    };
    // One table's writes and what waits on them, from one turn of the event loop.
    struct Unit {
        std::string network;
        const NetCtx* net = nullptr;  // its context, for the key (never followed)
        TableId id = 0;
        std::int64_t game_id = 0;
        std::uint64_t epoch = 0;
        std::vector<storage::Writer::Job> jobs;
        std::vector<std::function<void()>> release;  // run once it is committed
        struct Mover {
            std::string nick, key;
            bool notice = false;  // at a channel table: by NOTICE, like their hand
        };
        std::vector<Mover> movers;  // people whose own command is in it
        bool creates = false;       // it holds the game's own row (the deal)
        // The lines told last, if nothing has been released after them: lines told later
        // in this turn of the event loop join them, to leave packed.
        std::shared_ptr<Told> told;
    };
    // A unit is back from the writer: committed, or the database's fault.
    using Back = std::function<void(Unit& unit, const Checked<Done>& committed)>;

    CommitPath(boost::asio::io_context& io, Back back);
    ~CommitPath();
    CommitPath(const CommitPath&) = delete;
    CommitPath& operator=(const CommitPath&) = delete;

    void attach(storage::Writer& writer) { writer_ = &writer; }

    // The table's unit of this turn, made if it has none (and a flush posted to the loop).
    Unit& unit_of(const Table& t);
    // The table's unit of this turn, if it has one.
    Unit* pending(const Table& t);
    // A write for the table's next unit.
    void write(const Table& t, storage::Writer::Job job) {
        unit_of(t).jobs.push_back(std::move(job));
    }
    // Runs `f` once what the table has written so far is committed: at once when nothing of
    // it is waiting or in flight.
    void after_commit(const Table& t, std::function<void()> f);
    // A write that is not a table's move (a table taking players): in order with the rest,
    // its failure only logged (`what` names it).
    void write_aside(std::string what, storage::Writer::Job job);
    // Hands this turn's units to the writer, as one group (posted after the first write of a
    // turn; the tables call it before they go).
    void flush();

  private:
    // A table by its network's context and its id: no string hashed or compared. The context
    // is compared, never followed (a unit outlives nothing it points to).
    using Key = std::pair<const NetCtx*, TableId>;
    struct KeyHash {
        std::size_t operator()(const Key& k) const {
            return std::hash<const NetCtx*>{}(k.first) ^
                   (static_cast<std::size_t>(k.second) * 0x9E3779B97F4A7C15ULL);
        }
    };

    boost::asio::io_context& io_;
    Back back_;
    storage::Writer* writer_ = nullptr;
    std::vector<Unit> units_;
    // Keyed by (network, table id), hashed: every move looks here several times.
    std::unordered_map<Key, std::size_t, KeyHash> index_;
    bool flush_posted_ = false;
    // Units handed to the writer and not yet back, per table: lines wait behind them.
    std::unordered_map<Key, int, KeyHash> in_flight_;
    std::shared_ptr<int> alive_ = std::make_shared<int>(0);  // the writer's answers check it
};

}  // namespace croupier::bot
