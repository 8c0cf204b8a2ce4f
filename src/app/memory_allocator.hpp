#pragma once
// How the window's process allocates (glibc): fewer malloc arenas and memory handed back when freed.
// The pages read large parts on worker threads; glibc gives each thread an arena of its own, and
// what a part's reading frees there (growing vectors, SQLite's buffers) stays in the process. On
// bench-large that slack was about 30 MB of the peak after every page (docs/performance.md).
namespace popscope {

// Call first in main(), before any thread starts. Does nothing where the C library is not glibc.
void configureMemoryAllocator();

} // namespace popscope
