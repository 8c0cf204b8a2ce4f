// libFuzzer entry point; the input handling is in json_import_input.hpp.
#include "json_import_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    return popscope::fuzz::jsonImportInput(data, size);
}
