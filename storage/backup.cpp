// SPDX-License-Identifier: GPL-3.0-or-later
#include "storage/backup.hpp"

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <system_error>

#include <SQLiteCpp/Backup.h>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <fmt/format.h>

namespace croupier::storage {

namespace fs = std::filesystem;

BackupResult backup(const std::string& from, const std::string& to) {
    std::error_code ec;
    if (!fs::exists(from, ec))
        throw std::runtime_error(fmt::format("backup: {} does not exist", from));
    if (fs::exists(to, ec) && fs::equivalent(from, to, ec))
        throw std::runtime_error(
            fmt::format("backup: {} is the database itself; name another file", to));
    const std::string partial = to + ".partial";
    fs::remove(partial, ec);
    BackupResult r;
    try {
        // Read-only on the live file, with a busy timeout: a commit in progress delays a
        // step a little, never fails it.
        SQLite::Database src(from, SQLite::OPEN_READONLY);
        src.setBusyTimeout(5000);
        {
            SQLite::Database dst(partial, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            SQLite::Backup copy(dst, src);
            // One step, in one read snapshot: in WAL mode a reader never blocks the
            // daemon's writes (they go on into the WAL meanwhile), whereas copying in small
            // steps would start over after each of the daemon's commits.
            copy.executeStep(-1);
            r.pages = copy.getTotalPageCount();
        }
        SQLite::Database check(partial, SQLite::OPEN_READWRITE);
        const std::string ok = check.execAndGet("PRAGMA integrity_check").getString();
        if (ok != "ok")
            throw std::runtime_error(fmt::format("the copy fails its integrity check: {}", ok));
        // A self-contained file: no -wal beside it.
        check.exec("PRAGMA journal_mode=DELETE");
        r.schema_version = check.execAndGet("PRAGMA user_version").getInt();
        r.open_games =
            check.execAndGet("SELECT count(*) FROM games WHERE status = 'open'").getInt64();
        r.journal_rows = check.execAndGet("SELECT count(*) FROM journal").getInt64();
    } catch (const std::exception& e) {
        fs::remove(partial, ec);
        throw std::runtime_error(fmt::format("backup of {} to {} failed: {}", from, to, e.what()));
    }
    fs::rename(partial, to, ec);
    if (ec) {
        fs::remove(partial, ec);
        throw std::runtime_error(
            fmt::format("backup: cannot rename {} to {}: {}", partial, to, ec.message()));
    }
    r.bytes = static_cast<std::int64_t>(fs::file_size(to, ec));
    return r;
}

}  // namespace croupier::storage
