#pragma once
// Typed, validated access to a generator's key=value parameters.
#include "popscope/sim/generators.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace popscope::sim {

class GeneratorParams {
public:
    GeneratorParams(
        const GeneratorInfo& info, const std::map<std::string, std::string>& given, std::string source);

    // Checked against the range or choices the parameter declares.
    uint64_t integer(const std::string& key) const;
    std::string choice(const std::string& key) const;
    // A narrower range than declared, where the target bounds it (I/O tiles, tiles per layer).
    uint64_t integer(const std::string& key, uint64_t min, uint64_t max) const;
    bool flag(const std::string& key) const;

private:
    std::string choice(const std::string& key, const std::vector<std::string>& allowed) const;
    const ParamInfo& declared(const std::string& key) const;
    const std::string& raw(const std::string& key) const;
    [[noreturn]] void fail(const std::string& key, const std::string& problem) const;
    const GeneratorInfo& m_info;
    std::map<std::string, std::string> m_values;
    std::string m_source;
};

using GeneratorFn = Workload (*)(const GeneratorParams&, TargetConfig&, uint64_t seed);

Workload generateSort(const GeneratorParams& p, TargetConfig& t, uint64_t seed);
Workload generateMatmul(const GeneratorParams& p, TargetConfig& t, uint64_t seed);
Workload generateConv(const GeneratorParams& p, TargetConfig& t, uint64_t seed);
Workload generatePipeline(const GeneratorParams& p, TargetConfig& t, uint64_t seed);
Workload generateReplicas(const GeneratorParams& p, TargetConfig& t, uint64_t seed);
Workload generateOffload(const GeneratorParams& p, TargetConfig& t, uint64_t seed);
Workload generateIoTiles(const GeneratorParams& p, TargetConfig& t, uint64_t seed);
Workload generateStrided(const GeneratorParams& p, TargetConfig& t, uint64_t seed);
Workload generateDemo(const GeneratorParams& p, TargetConfig& t, uint64_t seed);
Workload generateBench(const GeneratorParams& p, TargetConfig& t, uint64_t seed);

} // namespace popscope::sim
