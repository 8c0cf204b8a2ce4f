#pragma once
// Hand-written workload descriptions in JSON (docs/simulator.md, "custom" workloads).
#include "popscope/sim/target_config.hpp"
#include "popscope/sim/workload.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace popscope::sim {

// Throws ProfileError(InvalidInput) naming `source` and the JSON path of the problem.
Workload workloadFromJson(
    const nlohmann::json& description, const TargetConfig& target, const std::string& source);

} // namespace popscope::sim
