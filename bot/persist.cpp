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
                 done = std::move(done)](const Checked<Done>& written) mutable {
        auto it = nets.find(network);
        if (it == nets.end()) return;  // the network went meanwhile
        rr.net = &*it->second;
        if (!written) {
            log::warn("{}'s {} could not be written: {}", rr.key, what, written.why());
            out.refuse(rr,
                       "That could not be saved (the database refused it); nothing changed. "
                       "Try again in a moment.");
            return;
        }
        done(rr);
    };
    if (!writer) {
        Checked<Done> written = Done{};
        try {
            job(*db);
        } catch (const std::exception& e) {
            written = Fault{e.what()};
        }
        tell(written);
        return;
    }
    writer->submit({storage::Writer::Unit{{std::move(job)}, std::move(tell)}});
}

}  // namespace croupier::bot
