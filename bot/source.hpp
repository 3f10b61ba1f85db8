// Who said a line: the nick, user and host the server gave, and the services account where
// the network vouches for it. The link fills it (bot/irc/network.hpp); the router and the
// tables read it (bot/context.hpp) without knowing the link.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace croupier::bot {

struct Source {
    std::string nick, user, host;
    std::string account;  // services account when the server told us (account-tag etc.), or ""
    // The account came in an account-tag on this very message (not only from earlier
    // extended-join or account-notify lines): what an `account:` admin entry requires.
    bool account_on_message = false;
    std::string mask() const { return nick + "!" + user + "@" + host; }
};

}  // namespace croupier::bot
