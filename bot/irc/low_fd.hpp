// libircclient waits on its socket with select(), which takes descriptors below FD_SETSIZE
// (1024) only, while the web pages may hold thousands of connections (docs/RELIABILITY.md,
// "Descriptors"). A few low descriptors are held from the start (on /dev/null); one is let go
// just before libircclient makes its socket, so that the socket takes it, and taken back when
// the session has closed it. The socket is then found by its port below FD_SETSIZE; a
// session whose socket is not there is dropped before select() could see it.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace croupier::bot::low_fd {

// Holds `n` more of the lowest free descriptors (call at startup, before the web opens).
void reserve(int n);
// Lets one held descriptor go for the next socket() to take; false when none is held.
bool lend();
// Holds the lowest free descriptor again (after a lent one's socket was closed), if it is
// below FD_SETSIZE.
void give_back();
// The descriptor below FD_SETSIZE of a TCP socket whose local port is `local_port` and whose
// peer's port is `peer_port` (both on loopback); -1 when there is none.
int find_socket(unsigned short local_port, unsigned short peer_port);
// Raises the soft limit of open descriptors to the hard one; returns the soft limit now.
long raise_limit();

}  // namespace croupier::bot::low_fd
