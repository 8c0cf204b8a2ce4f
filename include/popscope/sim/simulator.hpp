#pragma once
// The simulator's entry points: a workload (hand-written or generated) on a target -> a profile.
#include "popscope/profile_document.hpp"
#include "popscope/sim/target_config.hpp"
#include "popscope/sim/workload.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace popscope::sim {

inline constexpr const char* kSimulatorVersion = "popscope-sim 0.1";

// Told the phase being run ("executing the supersteps") and the share of the whole job done (0..1)
// now and then; returning false cancels: the call then throws SimulationCancelled.
using SimulationProgress = std::function<bool(const std::string& phase, double shareDone)>;

class SimulationCancelled : public std::runtime_error {
public:
    SimulationCancelled()
        : std::runtime_error("the simulation was cancelled")
    {
    }
};

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
    std::string specJson; // ReportInfo::simulationSpecJson: the request, to simulate it again
    SimulationProgress progress; // shares 0..1 of simulateWorkload alone
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

// The spec as a JSON object that parseSpecJson reads back (workload, params, target with preset and
// overrides, seed, timestamp, description): what a simulated report stores to be simulated again.
std::string specToJson(const SimulationSpec& spec);

// Checks what can be checked without building the workload: a known workload, each parameter's
// kind and range, the target preset and each override. Throws ProfileError(InvalidInput) with the
// message the simulation itself would give.
void checkSpec(const SimulationSpec& spec);

// Parses a JSON spec file (docs/simulator.md). Throws ProfileError(InvalidInput / FileNotFound)
// naming the file and the JSON key.
SimulationSpec readSpecFile(const std::string& path);
SimulationSpec parseSpecJson(const std::string& json, const std::string& source);
// Resolves the target (preset, overrides, generator topology) and builds the workload.
void buildSpec(const SimulationSpec& spec, Workload& workload, TargetConfig& target);
// Builds the workload and target of a spec (runs the generator) and simulates it.
ProfileDocument simulateSpec(const SimulationSpec& spec, const SimulationProgress& progress = {});

// What simulating a spec into a file gave: the figures `simulate` prints.
struct SimulationOutcome {
    std::string architecture;
    uint32_t numIpus = 0;
    uint64_t variables = 0;
    uint64_t livenessSteps = 0;
    uint64_t executionSteps = 0;
    uint64_t tilesOverCapacity = 0;
    uint64_t fileBytes = 0;
    uint64_t rows = 0;
    double simulateMilliseconds = 0;
    double writeMilliseconds = 0;
};

// One spec per value of parameter `key` (2 to 32 values), each checked (checkSpec). Throws
// ProfileError(InvalidInput) for a key the workload lacks or a bad value, naming it.
std::vector<SimulationSpec> sweepSpecs(
    const SimulationSpec& base, const std::string& key, const std::vector<std::string>& values);
// "batch=4,8,16" -> {"batch", {"4", "8", "16"}}; numbers in ascending order.
std::pair<std::string, std::vector<std::string>> parseSweep(const std::string& text);
// The workload, the parameters that differ from their defaults, the target overrides, the preset
// and a seed other than 1: "matmul-batch_8-outputs_10000-Mk2.pop".
std::string simulationFileName(const SimulationSpec& spec);

// Simulates `spec` and writes the profile to `path` (through a temporary file renamed into place);
// progress covers both. A cancel or an error leaves no file at `path` nor beside it.
SimulationOutcome simulateToFile(
    const SimulationSpec& spec, const std::string& path, const SimulationProgress& progress = {});

} // namespace popscope::sim
