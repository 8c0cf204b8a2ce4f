#pragma once
// Fuzz target: the simulator's spec parser (`popscope-cli simulate SPEC`). A spec that is not valid
// must end in ProfileError. Generators are not run (their parameters are range-checked, and
// running them is a simulation, not parsing); a hand-written ("custom") workload is built against
// its target, validated, and simulated only when it is tiny, so one input stays fast.
#include "fuzz_support.hpp"

#include "popscope/profile_writer.hpp"
#include "popscope/sim/simulator.hpp"
#include "popscope/sim/target_config.hpp"

#include <algorithm>

namespace popscope::fuzz {

using namespace popscope::sim;

namespace detail {

constexpr uint64_t maxSteps = 2000; // program steps a tiny workload executes
constexpr uint64_t maxTileSteps = 200000; // steps x tiles

// Program steps executed from `index`, saturating at maxSteps + 1 (also for cycles and deep trees).
inline uint64_t executedSteps(const Workload& w, uint32_t index, int depth)
{
    if (depth > 64 || index >= w.programs.size())
        return maxSteps + 1;
    const ProgramDesc& p = w.programs[index];
    auto sumChildren = [&] {
        uint64_t total = 0;
        for (uint32_t child : p.children)
            total = std::min(maxSteps + 1, total + executedSteps(w, child, depth + 1));
        return total;
    };
    switch (p.kind) {
    case ProgramKind::Sequence:
        return sumChildren();
    case ProgramKind::Repeat:
        return std::min<uint64_t>(maxSteps + 1, sumChildren() * p.repeatCount);
    case ProgramKind::Call:
        if (p.ref < 0 || uint64_t(p.ref) >= w.functions.size())
            return maxSteps + 1;
        return executedSteps(w, w.functions[size_t(p.ref)], depth + 1);
    default:
        return 1;
    }
}

inline bool tiny(const Workload& w, const TargetConfig& t)
{
    uint64_t steps = 0;
    const size_t runs = std::max<size_t>(1, w.runs.size());
    for (uint32_t root : w.controlPrograms)
        steps = std::min(maxSteps + 1, steps + executedSteps(w, root, 0));
    steps *= runs;
    return steps <= maxSteps && steps * t.totalTiles() <= maxTileSteps;
}

} // namespace detail

// One fuzzing input; also run by the regression tests (tests/fuzz-regressions/).
inline int specInput(const uint8_t* data, size_t size)
{
    try {
        const SimulationSpec spec = parseSpecJson(std::string(fuzz::asText(data, size)), "fuzz-spec.json");
        if (spec.workload != "custom") {
            // The target part of buildSpec: preset, overrides, validation.
            TargetConfig target = TargetConfig::preset(spec.target);
            for (const auto& [field, value] : spec.targetOverrides)
                setTargetField(target, field, value, spec.source);
            target.validate();
            return 0;
        }
        Workload workload;
        TargetConfig target;
        buildSpec(spec, workload, target);
        if (workload.validate(target.totalTiles()).empty() && detail::tiny(workload, target)) {
            SimulationOptions options;
            options.seed = spec.seed;
            const ProfileDocument doc = simulateWorkload(workload, target, options);
            if (std::string problem = validateDocument(doc); !problem.empty()) {
                std::fprintf(stderr, "the simulator made an invalid document: %s\n", problem.c_str());
                std::abort();
            }
        }
    } catch (const ProfileError&) {
        // Refused cleanly.
    }
    return 0;
}

} // namespace popscope::fuzz
