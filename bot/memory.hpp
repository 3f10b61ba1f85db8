// The heap's free memory given back to the system, and the figures that show whether it
// should be (docs/RELIABILITY.md, "Memory"). glibc's malloc keeps what is freed in the middle
// of its heaps (one heap a thread that allocates: the event loop, the worker that thinks for
// the computer players and hints, the web server): a daemon that runs for months grew by
// tens of megabytes an hour with the memory it used flat (issue 45). Elsewhere both are
// no-ops.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>

namespace croupier::bot {

struct HeapFigures {
    bool known = false;      // false where the C library does not say
    std::size_t in_use = 0;  // bytes the program holds
    std::size_t held = 0;    // bytes malloc holds from the system, in use or free
};

HeapFigures heap_figures();

// At startup: a block of 1 MiB or more is mapped on its own and given back when freed (a
// fixed M_MMAP_THRESHOLD). glibc's default raises that threshold up to 32 MiB once such a
// block is freed, after which a search's 12 MB of nodes (the computer players' and the
// hints', on the worker) came from the worker's heap and kept it at its largest.
void tune_heap();

// Gives the system back every free page of every heap (malloc_trim(0)); takes a few
// milliseconds and locks each heap in turn, so it runs off the event loop.
void give_back_memory();

}  // namespace croupier::bot
