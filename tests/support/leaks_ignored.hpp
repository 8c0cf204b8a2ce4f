#pragma once
// While one lives, LeakSanitizer does not report what this thread allocates (in an ASan build;
// nothing otherwise): for a leak inside a library that a test provokes on purpose, such as Qt's PNG
// writer leaking a row buffer when a write fails. Narrower than a suppression file, which needs the
// full stack of every allocation to name the library's function.
#if defined(POPSCOPE_ASAN)
#include <sanitizer/lsan_interface.h>
#endif

namespace popscope::test {

class LeaksIgnored {
public:
#if defined(POPSCOPE_ASAN)
    LeaksIgnored()
    {
        __lsan_disable();
    }
    ~LeaksIgnored()
    {
        __lsan_enable();
    }
#else
    LeaksIgnored() { }
#endif
    LeaksIgnored(const LeaksIgnored&) = delete;
    LeaksIgnored& operator=(const LeaksIgnored&) = delete;
};

} // namespace popscope::test
