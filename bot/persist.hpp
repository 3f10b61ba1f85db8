// A person's own change (a preference, a saved deck or party) written like every write,
// through the writer, and told only once it is in the database.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>

#include "bot/net_ctx.hpp"
#include "bot/tables/tables.hpp"
#include "storage/storage.hpp"
#include "storage/writer.hpp"

namespace croupier::bot {

// Writes `job` through `writer` (on `db` at once when there is no writer: unit tests of the
// tables). Once it is committed, `done` runs with the request, on the request's network if
// that is still configured. When the database refuses it, the person is told that nothing
// changed and to try again, and the log says whose `what` failed and why.
void write_then_tell(storage::Writer* writer, storage::Database* db,
                     std::map<std::string, std::unique_ptr<NetCtx>>& nets, TablesHost& out,
                     const Request& r, const std::string& what, storage::Writer::Job job,
                     std::function<void(Request&)> done);

}  // namespace croupier::bot
