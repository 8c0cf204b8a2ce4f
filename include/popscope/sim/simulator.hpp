#pragma once
// The simulator's entry points: a workload (hand-written or generated) on a target -> a profile.
#include "popscope/profile_document.hpp"
#include "popscope/sim/target_config.hpp"
#include "popscope/sim/workload.hpp"

#include <cstdint>
#include <map>
#include <string>

namespace popscope::sim {

inline constexpr const char* kSimulatorVersion = "popscope-sim 0.1";

struct SimulationOptions {
    uint64_t seed = 1; // jitter and any random choice; same seed -> same bytes
    // Guards against runaway Repeat counts, iterations and device iterations, so an in-range but
    // huge request stops early with a clear message instead of filling memory and disk.
    uint64_t maxExecutionSteps = 1000000;
    // Per-tile cycles recorded (steps × tiles): 256 M is about 0.5 GB of profile and 1 GB of RAM;
    // bench-large records 170 M.
    uint64_t maxTileCycleCells = uint64_t(256) << 20;
    std::string description; // appended to ReportInfo::generator
    std::string timestamp; // ReportInfo::timestamp; "" = the workload's (fixed, never the clock)
};

// Runs `workload` on `target` with the BSP executor and returns the profile (memory by tile and
// category, liveness, execution steps, operations). Throws ProfileError(InvalidInput) when the
// workload or target is inconsistent.
ProfileDocument simulateWorkload(
    const Workload& workload, const TargetConfig& target, const SimulationOptions& options = {});

// A simulation request: a generator with parameters, or a hand-written workload.
struct SimulationSpec {
    std::string workload; // generator name, or "custom"
    std::map<std::string, std::string> params; // generator parameters (strings, validated later)
    std::string target = "Mk2"; // preset
    std::map<std::string, std::string> targetOverrides; // TargetConfig field -> value
    uint64_t seed = 1;
    std::string descriptionJson; // workload == "custom": the description object
    std::string source; // file name or "command line", for messages
    std::string timestamp; // spec key "timestamp": written as is (default: the workload's, or "")
};

// Parses a JSON spec file (docs/simulator.md). Throws ProfileError(InvalidInput / FileNotFound)
// naming the file and the JSON key.
SimulationSpec readSpecFile(const std::string& path);
SimulationSpec parseSpecJson(const std::string& json, const std::string& source);
// Resolves the target (preset, overrides, generator topology) and builds the workload.
void buildSpec(const SimulationSpec& spec, Workload& workload, TargetConfig& target);
// Builds the workload and target of a spec (runs the generator) and simulates it.
ProfileDocument simulateSpec(const SimulationSpec& spec);

} // namespace popscope::sim
