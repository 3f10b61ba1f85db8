// SPDX-License-Identifier: GPL-3.0-or-later
// The InspIRCd server link (docs/LINK.md, "Linking as a service"): InspIRCd 3's
// spanning-tree protocol 1205. Not written yet: a network configured with link = inspircd
// is refused at link time with a log line.
#include "bot/irc/network_impl.hpp"
#include "bot/irc/server_link.hpp"
#include "bot/log.hpp"

namespace croupier::bot {

std::unique_ptr<ServerLink> make_inspircd_link(Network::Impl& net) {
    (void)net;
    return nullptr;
}

}  // namespace croupier::bot
