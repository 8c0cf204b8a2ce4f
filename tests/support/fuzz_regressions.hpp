#pragma once
// The kept inputs of one fuzz target (tests/fuzz-regressions/TARGET/, README.md excluded).
#include <filesystem>
#include <string>
#include <vector>

namespace popscope::test {

struct FuzzRegression {
    std::string name;
    std::string bytes;
};

std::vector<FuzzRegression> fuzzRegressions(const std::string& target);

} // namespace popscope::test
