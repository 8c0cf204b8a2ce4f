#pragma once
// Built-in workload generators (docs/simulator.md): each turns a few parameters into a Workload.
#include "popscope/sim/target_config.hpp"
#include "popscope/sim/workload.hpp"

#include <map>
#include <string>
#include <vector>

namespace popscope::sim {

struct ParamInfo {
    std::string name;
    std::string defaultValue;
    std::string help;
};

struct GeneratorInfo {
    std::string name;
    std::string summary;
    std::vector<ParamInfo> params;
};

// Every generator, in help order.
const std::vector<GeneratorInfo>& generatorInfos();
const GeneratorInfo* findGenerator(const std::string& name);

// Runs generator `name` with `params` (unknown keys and bad values throw ProfileError(InvalidInput)
// naming `source` and the key). `target` holds the preset with overrides; generators set the
// topology they need (numIpus, replicas, ioTilesPerIpu) from their own parameters.
Workload generateWorkload(const std::string& name, const std::map<std::string, std::string>& params,
    TargetConfig& target, uint64_t seed, const std::string& source);

// Pipeline FIFO depth between forward stage `stage` and its backward stage: multiplier x
// (stages - 1 - stage), multiplier 2 grouped, 1 interleaved, 0 sequential (ipu.md §6).
uint32_t pipelineFifoDepth(const std::string& schedule, uint32_t stages, uint32_t stage);

} // namespace popscope::sim
