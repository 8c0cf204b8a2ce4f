// Sweeps (one parameter over a list of values) and the file names of simulated reports: what the
// CLI's `simulate --sweep` and the window's New Simulation share.
#include "popscope/errors.hpp"
#include "popscope/sim/generators.hpp"
#include "popscope/sim/simulator.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace popscope::sim {

namespace {

constexpr size_t kMaxSweepValues = 32;

// Letters, digits, '.', '_' and '-' only, so a typed value never makes a path.
std::string fileSafe(const std::string& text)
{
    std::string out;
    for (char c : text.substr(0, 40))
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' ? c : '_';
    return out;
}

bool isNumber(const std::string& text, uint64_t& value)
{
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && error == std::errc() && end == text.data() + text.size();
}

} // namespace

std::vector<SimulationSpec> sweepSpecs(
    const SimulationSpec& base, const std::string& key, const std::vector<std::string>& values)
{
    const GeneratorInfo* info = findGenerator(base.workload);
    const bool known = info
        && std::any_of(
            info->params.begin(), info->params.end(), [&key](const ParamInfo& p) { return p.name == key; });
    if (!known)
        throw ProfileError(ErrorKind::InvalidInput, base.source,
            "--sweep: workload '" + base.workload + "' has no parameter '" + key + "'");
    if (values.size() < 2 || values.size() > kMaxSweepValues)
        throw ProfileError(ErrorKind::InvalidInput, base.source,
            "--sweep " + key + ": give 2 to " + std::to_string(kMaxSweepValues) + " values, not "
                + std::to_string(values.size()));
    std::vector<SimulationSpec> specs;
    for (const std::string& value : values) {
        SimulationSpec one = base;
        one.params[key] = value;
        checkSpec(one);
        specs.push_back(std::move(one));
    }
    return specs;
}

std::pair<std::string, std::vector<std::string>> parseSweep(const std::string& text)
{
    const size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        throw ProfileError(ErrorKind::InvalidInput, "command line",
            "--sweep expects KEY=V1,V2,... (for example batch=4,8,16), got '" + text + "'");
    std::vector<std::string> values;
    size_t start = eq + 1;
    while (start <= text.size()) {
        size_t end = text.find(',', start);
        if (end == std::string::npos)
            end = text.size();
        std::string value = text.substr(start, end - start);
        value.erase(0, value.find_first_not_of(' '));
        value.erase(value.find_last_not_of(' ') + 1);
        if (!value.empty())
            values.push_back(value);
        start = end + 1;
    }
    // Numbers in ascending order, so "the largest that fits" is the last row that fits.
    uint64_t a = 0, b = 0;
    if (std::all_of(values.begin(), values.end(), [&a](const std::string& v) { return isNumber(v, a); }))
        std::stable_sort(values.begin(), values.end(), [&a, &b](const std::string& x, const std::string& y) {
            isNumber(x, a);
            isNumber(y, b);
            return a < b;
        });
    return { text.substr(0, eq), values };
}

std::string simulationFileName(const SimulationSpec& spec)
{
    std::string name = fileSafe(spec.workload);
    const GeneratorInfo* info = findGenerator(spec.workload);
    // Appended, not `"-" + …`: GCC 12 at -O3 warns wrongly about such a sum's memcpy bound.
    for (const auto& param : spec.params) {
        // Not a structured binding: clang 15 (the fuzz build) cannot capture one in a lambda.
        const bool isDefault
            = info && std::any_of(info->params.begin(), info->params.end(), [&param](const ParamInfo& p) {
                  return p.name == param.first && p.defaultValue == param.second;
              });
        if (!isDefault)
            name.append("-").append(fileSafe(param.first)).append("_").append(fileSafe(param.second));
    }
    for (const auto& [field, value] : spec.targetOverrides)
        name.append("-").append(fileSafe(field)).append("_").append(fileSafe(value));
    name.append("-").append(fileSafe(spec.target));
    if (spec.seed != 1)
        name += "-seed_" + std::to_string(spec.seed);
    return name + ".pop";
}

} // namespace popscope::sim
