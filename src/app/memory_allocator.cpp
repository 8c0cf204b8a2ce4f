#include "app/memory_allocator.hpp"

#include <cstdlib> // defines __GLIBC__ where the C library is glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace popscope {

void configureMemoryAllocator()
{
#if defined(__GLIBC__)
    // Two arenas: the GUI thread's and one the workers share (each page reads its parts on one
    // worker; compare mode reads two reports side by side, so one arena would make them queue).
    mallopt(M_ARENA_MAX, 1);
    // Free memory at the top of the heap goes back to the system past 4 MiB, not 128 KiB's
    // dynamic threshold that grows with every large free.
    mallopt(M_TRIM_THRESHOLD, 4 * 1024 * 1024);
#endif
}

} // namespace popscope
