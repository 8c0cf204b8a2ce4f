#include "fuzz_regressions.hpp"

#include "fixture_builder.hpp"

#include <algorithm>

namespace popscope::test {

std::vector<FuzzRegression> fuzzRegressions(const std::string& target)
{
    std::vector<FuzzRegression> inputs;
    const std::filesystem::path dir = std::filesystem::path(POPSCOPE_FUZZ_REGRESSIONS_DIR) / target;
    if (!std::filesystem::is_directory(dir))
        return inputs;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (!entry.is_regular_file() || entry.path().extension() == ".md")
            continue;
        inputs.push_back({ entry.path().filename().string(), readBytes(entry.path().string()) });
    }
    std::sort(inputs.begin(), inputs.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return inputs;
}

} // namespace popscope::test
