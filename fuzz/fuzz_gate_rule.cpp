// libFuzzer entry point; the input handling is in gate_rule_input.hpp.
#include "gate_rule_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    return popscope::fuzz::gateRuleInput(data, size);
}
