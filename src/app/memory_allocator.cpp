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
    // what the pages' workers freed stayed in the process. Fewer arenas would save a little more
    // but make compare mode's two readers queue on one lock (Insights 0.7 -> 1.1 s on bench-large).
    mallopt(M_TRIM_THRESHOLD, 4 * 1024 * 1024);
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
