// Private to storage/: what the files holding Database's members share. Database::Query (a
// statement borrowed from the cache) and Scope (a transaction, or a savepoint inside one).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <sqlite3.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <exception>
#include <memory>
#include <utility>

#include "storage/storage.hpp"

namespace croupier::storage {

namespace detail {

// A transaction of its own when none is open, else a savepoint inside the one that is (the
// writer runs many calls in one transaction: docs/STORAGE.md).
class Scope {
  public:
    explicit Scope(SQLite::Database& db) : db_(db) {
        outer_ = sqlite3_get_autocommit(db.getHandle()) != 0;
        db_.exec(outer_ ? "BEGIN IMMEDIATE" : "SAVEPOINT scope");
    }
    ~Scope() {
        if (done_) return;
        try {
            if (outer_)
                db_.exec("ROLLBACK");
            else
                db_.exec("ROLLBACK TO scope; RELEASE scope");
        } catch (const std::exception&) {
            // Nothing more to undo: SQLite already ended the transaction.
        }
    }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    void commit() {
        db_.exec(outer_ ? "COMMIT" : "RELEASE scope");
        done_ = true;
    }

  private:
    SQLite::Database& db_;
    bool outer_ = true;
    bool done_ = false;
};

}  // namespace detail

// A prepared statement borrowed from the cache for one call: bound, run, and on the way
// out reset (so it holds no read snapshot) with its bindings cleared.
class Database::Query {
  public:
    Query(SQLite::Statement& statement, bool* busy, std::unique_ptr<SQLite::Statement> own)
        : s_(&statement), busy_(busy), own_(std::move(own)) {}
    ~Query() {
        s_->tryReset();
        try {
            s_->clearBindings();
        } catch (...) {
        }
        if (busy_) *busy_ = false;
    }
    Query(const Query&) = delete;
    Query& operator=(const Query&) = delete;
    template <class... A>
    void bind(A&&... a) {
        s_->bind(std::forward<A>(a)...);
    }
    int exec() { return s_->exec(); }
    bool executeStep() { return s_->executeStep(); }
    SQLite::Column getColumn(int i) const { return s_->getColumn(i); }
    void reset() { s_->reset(); }
    SQLite::Statement& statement() { return *s_; }

  private:
    SQLite::Statement* s_;
    bool* busy_;
    std::unique_ptr<SQLite::Statement> own_;  // a nested use of a busy statement
};

}  // namespace croupier::storage
