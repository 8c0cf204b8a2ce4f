// libFuzzer entry point; the input handling is in spec_input.hpp.
#include "spec_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    return popscope::fuzz::specInput(data, size);
}
