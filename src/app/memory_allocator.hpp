#pragma once
// How the window's process allocates (glibc): memory freed by a page's reading is handed back to the
// system instead of staying in the process, and the reader threads share at most four arenas.
#include <cstdint>
#include <optional>
#include <string>

namespace popscope {

// Call first in main(), before any thread starts. Does nothing where the C library is not glibc.
// `argv` is main's: once per launch the process starts itself again, with glibc told to back its
// heaps with transparent huge pages (a setting it reads at start only), unless the system offers
// none, the user set glibc's tunable, or POPSCOPE_SMALL_PAGES is set.
void configureMemoryAllocator(char** argv);
// The GLIBC_TUNABLES the restarted process gets: the user's with glibc.malloc.hugetlb=1 added;
// none (no restart) when the system offers no huge pages, POPSCOPE_SMALL_PAGES is set
// (`smallPages`), or the user set that tunable themselves.
std::optional<std::string> hugePageTunables(const std::string& userTunables, bool offered, bool smallPages);
// Bytes the process's heap holds in use now (small blocks and mapped large ones); 0 where the C
// library cannot say.
uint64_t heapInUse();

} // namespace popscope
