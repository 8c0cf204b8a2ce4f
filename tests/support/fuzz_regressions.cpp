#include "fuzz_regressions.hpp"

#include "fixture_builder.hpp"

#include <algorithm>
#include <stdexcept>

namespace popscope::test {

std::vector<FuzzRegression> readFuzzRegressions(const std::filesystem::path& folder)
{
    if (!std::filesystem::is_directory(folder))
        throw std::runtime_error("no fuzzing regression folder " + folder.string());
    std::vector<FuzzRegression> inputs;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (!entry.is_regular_file() || entry.path().extension() == ".md")
            continue;
        inputs.push_back({ entry.path().filename().string(), readBytes(entry.path().string()) });
    }
    if (inputs.empty())
        throw std::runtime_error("the fuzzing regression folder " + folder.string() + " holds no input");
    std::sort(inputs.begin(), inputs.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return inputs;
}

std::vector<FuzzRegression> fuzzRegressions(const std::string& target)
{
    return readFuzzRegressions(std::filesystem::path(POPSCOPE_FUZZ_REGRESSIONS_DIR) / target);
}

} // namespace popscope::test
