#include "app/memory_allocator.hpp"

#include <cstdlib> // defines __GLIBC__ where the C library is glibc
#include <filesystem>
#include <fstream>
#include <string>

#if defined(__GLIBC__)
#include <malloc.h>
#include <unistd.h>
#endif

namespace popscope {

namespace {

constexpr const char* kRestartedMark = "POPSCOPE_HUGE_PAGE_HEAPS";
constexpr const char* kUserTunables = "POPSCOPE_USER_GLIBC_TUNABLES";

#if defined(__GLIBC__) && !defined(POPSCOPE_ASAN)
// Transparent huge pages on request: the kernel's mode is `always` or `madvise`, not `never`.
bool hugePagesOffered()
{
    std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string text;
    std::getline(mode, text);
    return !text.empty() && text.find("[never]") == std::string::npos;
}

// Started as itself, not through the dynamic loader or a tool such as valgrind: there
// /proc/self/exe names that program, which would start without popscope.
bool startedAsItself(const char* argv0)
{
    char exe[4096];
    const ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (length <= 0)
        return false;
    exe[length] = '\0';
    return std::filesystem::path(exe).filename() == std::filesystem::path(argv0).filename();
}

// The environment as the user gave it: their GLIBC_TUNABLES (or none), without our marks.
void restoreEnvironment(const std::string& userTunables)
{
    if (userTunables.empty())
        unsetenv("GLIBC_TUNABLES");
    else
        setenv("GLIBC_TUNABLES", userTunables.c_str(), 1);
    unsetenv(kUserTunables);
    unsetenv(kRestartedMark);
}
#endif

// Reading a gigabyte report fills hundreds of megabytes once, in order: with 4 KiB pages every
// first touch is a page fault, and on this project's virtual machine those were a third of a page's
// reading (kernel time in perf). With glibc.malloc.hugetlb=1 glibc asks for 2 MiB pages for its
// heaps (madvise): bench-huge's Liveness shown first 2.8-2.9 -> 2.0-2.3 s, its trace 2.8-3.0 ->
// 2.4-2.5 s, the same peak memory. glibc reads its tunables when the process starts, so the process
// sets the tunable and starts again, once; the restarted process puts its environment back as the
// user gave it, so programs it starts inherit nothing of this.
void restartWithHugePageHeaps([[maybe_unused]] char** argv)
{
#if defined(__GLIBC__) && !defined(POPSCOPE_ASAN)
    if (std::getenv(kRestartedMark)) {
        const char* user = std::getenv(kUserTunables);
        restoreEnvironment(user ? user : "");
        return;
    }
    const char* tunables = std::getenv("GLIBC_TUNABLES");
    const std::string user = tunables ? tunables : "";
    if (!argv || !argv[0] || !startedAsItself(argv[0]))
        return;
    const auto withHugePages
        = hugePageTunables(user, hugePagesOffered(), std::getenv("POPSCOPE_SMALL_PAGES") != nullptr);
    if (!withHugePages)
        return;
    setenv(kUserTunables, user.c_str(), 1);
    setenv("GLIBC_TUNABLES", withHugePages->c_str(), 1);
    setenv(kRestartedMark, "1", 1);
    execv("/proc/self/exe", argv);
    restoreEnvironment(user); // not restarted (no /proc): small pages, as before
#endif
}

} // namespace

std::optional<std::string> hugePageTunables(const std::string& userTunables, bool offered, bool smallPages)
{
    if (!offered || smallPages || userTunables.find("glibc.malloc.hugetlb") != std::string::npos)
        return std::nullopt;
    return (userTunables.empty() ? userTunables : userTunables + ":") + "glibc.malloc.hugetlb=1";
}

void configureMemoryAllocator(char** argv)
{
    restartWithHugePageHeaps(argv);
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

} // namespace popscope
