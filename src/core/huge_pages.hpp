#pragma once
// Large arrays filled once, in order (a part's rows): backed by the kernel's 2 MiB pages where it
// allows them on request (transparent huge pages in "madvise" mode, Debian's default). Each 4 KiB
// page touched for the first time is a fault; on bench-huge's 170 MB of variables those faults
// were most of the read on a virtual machine.
#include <cstddef>
#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace popscope {

inline void adviseHugePages(const void* data, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr uintptr_t kHugePage = uintptr_t(2) << 20;
    if (bytes < 2 * kHugePage)
        return;
    // Only whole huge pages inside the block: the advice never reaches memory beyond it.
    const uintptr_t begin = (uintptr_t(data) + kHugePage - 1) & ~(kHugePage - 1);
    const uintptr_t end = (uintptr_t(data) + bytes) & ~(kHugePage - 1);
    if (end > begin)
        madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE); // advice: failure is harmless
#else
    (void)data;
    (void)bytes;
#endif
}

} // namespace popscope
