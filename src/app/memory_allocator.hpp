#pragma once
// How the window's process allocates (glibc): memory freed by a page's reading is handed back to the
// system instead of staying in the process (10-15 MB of bench-large's peak after every page,
// docs/performance.md).
namespace popscope {

// Call first in main(), before any thread starts. Does nothing where the C library is not glibc.
void configureMemoryAllocator();

} // namespace popscope
