// A person's change written, then told (bot/persist.hpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/persist.hpp"

#include "bot/log.hpp"

namespace croupier::bot {

void write_then_tell(storage::Writer* writer, storage::Database* db,
                     std::map<std::string, std::unique_ptr<NetCtx>>& nets, TablesHost& out,
                     const Request& r, const std::string& what, storage::Writer::Job job,
                     std::function<void(Request&)> done) {
    auto tell = [&nets, &out, rr = r, network = r.net->name, what,
                 done = std::move(done)](const std::string& err) mutable {
        auto it = nets.find(network);
        if (it == nets.end()) return;  // the network went meanwhile
        rr.net = &*it->second;
        if (!err.empty()) {
            log::warn("{}'s {} could not be written: {}", rr.key, what, err);
            out.refuse(rr,
                       "That could not be saved (the database refused it); nothing changed. "
                       "Try again in a moment.");
            return;
        }
        done(rr);
    };
    if (!writer) {
        std::string err;
        try {
            job(*db);
        } catch (const std::exception& e) {
            err = e.what();
        }
        tell(err);
        return;
    }
    writer->submit({storage::Writer::Unit{{std::move(job)}, std::move(tell)}});
}

}  // namespace croupier::bot
