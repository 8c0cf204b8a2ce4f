// libFuzzer entry point; the input handling is in profile_input.hpp.
#include "profile_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    return popscope::fuzz::profileInput(data, size);
}
