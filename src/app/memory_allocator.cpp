#include "app/memory_allocator.hpp"

#include <cstdlib> // defines __GLIBC__ where the C library is glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace popscope {

void configureMemoryAllocator()
{
#if defined(__GLIBC__)
    // Free memory at the top of a heap goes back to the system past 4 MiB. Without this, glibc's
    // threshold grows with every large block freed (a part's read buffers, a rebuilt tree), and
    // what the pages' workers freed stayed in the process.
    mallopt(M_TRIM_THRESHOLD, 4 * 1024 * 1024);
    // Four arenas, shared by the GUI thread and the readers (two part readers, a helper for the
    // variables' tiles, the trace's build). glibc's default, 8 a core, let blocks freed in one
    // thread's arena sit unused while another grew its own: bench-large compared with itself
    // peaked at 350-359 MB, 342-346 with four, 326-337 with two; two made the readers queue on
    // one lock (compare mode's Insights 0.7 -> 1.1 s on bench-large, an earlier measurement).
    mallopt(M_ARENA_MAX, 4);
#endif
}

uint64_t heapInUse()
{
#if defined(__GLIBC__)
    const struct mallinfo2 info = mallinfo2();
    return uint64_t(info.uordblks) + uint64_t(info.hblkhd);
#else
    return 0;
#endif
}

void returnFreedMemory()
{
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

} // namespace popscope
