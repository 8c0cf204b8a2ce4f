// libFuzzer entry point; the input handling is in tile_selection_input.hpp.
#include "tile_selection_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    return popscope::fuzz::tileSelectionInput(data, size);
}
