#pragma once
// Built-in workload generators (docs/simulator.md): each turns a few parameters into a Workload.
#include "popscope/sim/target_config.hpp"
#include "popscope/sim/workload.hpp"

#include <map>
#include <string>
#include <vector>

namespace popscope::sim {

// What a parameter takes: the CLI checks a value by it and the window shows a field of that kind.
enum class ParamKind { Integer, Flag, Choice };

struct ParamInfo {
    std::string name;
    std::string defaultValue;
    std::string help;
    ParamKind kind = ParamKind::Integer;
    uint64_t minimum = 0; // Integer: the range accepted (a generator may narrow it to the target)
    uint64_t maximum = 0;
    std::string unit; // Integer: "elements", "bytes", ... ("" for a plain count)
    std::vector<std::string> choices; // Choice: the values accepted
};

struct GeneratorInfo {
    std::string name;
    std::string summary;
    std::vector<ParamInfo> params;
};

// What a parameter accepts, for help and tooltips: "1..4096 samples", "true | false",
// "grouped | interleaved | sequential".
std::string parameterDomain(const ParamInfo& param);

// Every generator, in help order.
const std::vector<GeneratorInfo>& generatorInfos();
const GeneratorInfo* findGenerator(const std::string& name);

// Checks `params` against the declarations of generator `name` (known keys, each value of its kind
// and range) without building anything; throws ProfileError(InvalidInput) naming `source` and the
// key, with the message the generator itself would give.
void checkParameters(
    const std::string& name, const std::map<std::string, std::string>& params, const std::string& source);

// Runs generator `name` with `params` (unknown keys and bad values throw ProfileError(InvalidInput)
// naming `source` and the key). `target` holds the preset with overrides; generators set the
// topology they need (numIpus, replicas, ioTilesPerIpu) from their own parameters.
Workload generateWorkload(const std::string& name, const std::map<std::string, std::string>& params,
    TargetConfig& target, uint64_t seed, const std::string& source);

// Pipeline FIFO depth between forward stage `stage` and its backward stage: multiplier x
// (stages - 1 - stage), multiplier 2 grouped, 1 interleaved, 0 sequential (ipu.md §6).
uint32_t pipelineFifoDepth(const std::string& schedule, uint32_t stages, uint32_t stage);

} // namespace popscope::sim
