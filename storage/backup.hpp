// A consistent copy of a live database (SQLite's online backup API), for operators:
// `croupierd --backup FILE`. Safe while the daemon runs: the copy is read in one snapshot,
// and in WAL mode a reader never blocks the daemon's writes.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

namespace croupier::storage {

struct BackupResult {
    int pages = 0;                  // pages copied
    std::int64_t bytes = 0;         // the copy's size
    int steps = 0;                  // backup steps taken (a write in between restarts nothing)
    int schema_version = 0;         // of the copy
    std::int64_t open_games = 0;    // in the copy
    std::int64_t journal_rows = 0;  // in the copy
};

// Copies the database at `from` to `to`: written to "<to>.partial" first, checked with
// PRAGMA integrity_check, then renamed into place, so `to` is either the old file or a
// whole, checked copy. Refuses to write over `from` itself. Throws std::runtime_error
// with a clear message.
BackupResult backup(const std::string& from, const std::string& to);

}  // namespace croupier::storage
