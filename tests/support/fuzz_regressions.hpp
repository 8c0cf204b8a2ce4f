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

// Every input of `folder` (files other than *.md), sorted by name. Throws std::runtime_error
// naming the folder when it is missing or holds no input: replaying nothing would pass whatever
// the target does.
std::vector<FuzzRegression> readFuzzRegressions(const std::filesystem::path& folder);
// The inputs kept for `target` (tests/fuzz-regressions/TARGET/), as readFuzzRegressions.
std::vector<FuzzRegression> fuzzRegressions(const std::string& target);

} // namespace popscope::test
