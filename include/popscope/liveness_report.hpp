#pragma once
// The Liveness report's headline figures for people and scripts: one step (the peak or a chosen
// one) with the variables live there (`popscope-cli liveness`), and two reports' liveness
// compared (What changed, `popscope-cli compare`).
#include "popscope/liveness.hpp"
#include "popscope/row_match.hpp"
#include "popscope/units.hpp"

#include <optional>
#include <string>
#include <vector>

namespace popscope {

struct LiveVariableRow {
    std::string name;
    uint64_t bytes = 0; // in the scope
    uint32_t firstStep = 0, lastStep = 0; // the live range that holds the step
};

struct LivenessStepReport {
    std::string path;
    std::string scope; // LivenessScope::describe()
    std::string basis; // LivenessSeries::basis
    uint64_t numSteps = 0;
    LivenessPeak peak;
    std::string peakProgram;
    uint32_t step = 0; // the step shown (the peak unless one was asked for)
    bool isPeak = true;
    std::string program, programType;
    uint64_t notAlwaysLive = 0, alwaysLive = 0, capacity = 0;
    uint64_t liveVariables = 0; // not-always-live variables live at the step in the scope
    uint64_t liveVariableBytes = 0; // their bytes (equal to notAlwaysLive where the file is consistent)
    std::vector<LiveVariableRow> variables; // largest first, at most `top`
};

// `step` unset = the peak. `top` = 0 keeps every variable. Throws ProfileError for a step, IPU or
// tile the report lacks.
LivenessStepReport describeLivenessStep(
    const Report& report, const LivenessScope& scope, std::optional<uint32_t> step, size_t top);
std::string formatLivenessText(const LivenessStepReport& report, MemoryUnit unit);
std::string formatLivenessJson(const LivenessStepReport& report);

// Source steps matched to target steps: by index when both list the same programs in the same
// order, else by program name (the k-th run of a program with its k-th run in the target).
struct StepMatch {
    bool byName = false;
    std::vector<int32_t> targetOf; // per source step: target step or -1 (steps are 32-bit)
    std::vector<int32_t> sourceOf; // per target step: source step or -1
    uint64_t matched = 0;
};
StepMatch matchSteps(const LivenessCurve& source, const LivenessCurve& target);

// Liveness of two reports, all IPUs.
struct LivenessComparison {
    bool available = false; // both reports have liveness steps
    uint64_t sourceSteps = 0, targetSteps = 0;
    bool stepsMatchedByName = false;
    uint64_t matchedSteps = 0;
    uint64_t sourcePeak = 0, targetPeak = 0; // not-always-live bytes at each side's peak
    SignedDiff peakDiff;
    uint32_t sourcePeakStep = 0, targetPeakStep = 0;
    std::string sourcePeakProgram, targetPeakProgram;
    // Variables live at either peak, matched by name, bytes live at each side's peak; the ones
    // that grew most first (at most `top`), then those that shrank most.
    struct Variable {
        std::string name;
        uint64_t source = 0, target = 0;
        SignedDiff diff;
    };
    std::vector<Variable> grownAtPeak, shrunkAtPeak;
};
LivenessComparison compareLiveness(const Report& source, const Report& target, size_t top = 10);

} // namespace popscope
