#pragma once
// How the window's process allocates (glibc): memory freed by a page's reading is handed back to the
// system instead of staying in the process (10-15 MB of bench-large's peak after every page,
// docs/performance.md).
#include <cstdint>

namespace popscope {

// Call first in main(), before any thread starts. Does nothing where the C library is not glibc.
void configureMemoryAllocator();
// Bytes the process's heap holds in use now (small blocks and mapped large ones); 0 where the C
// library cannot say.
uint64_t heapInUse();
// Hands memory freed inside the heap back to the system (after a page let go of its reports).
void returnFreedMemory();

} // namespace popscope
