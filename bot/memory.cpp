// SPDX-License-Identifier: GPL-3.0-or-later
#include "bot/memory.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace croupier::bot {

HeapFigures heap_figures() {
    HeapFigures f;
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    const struct mallinfo2 m = mallinfo2();
    f.known = true;
    f.in_use = m.uordblks + m.hblkhd;
    f.held = m.arena + m.hblkhd;
#endif
    return f;
}

void tune_heap() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
}

void give_back_memory() {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

}  // namespace croupier::bot
