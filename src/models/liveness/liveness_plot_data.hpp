#pragma once
// What the Liveness page's plot and lifetime bars show, filled by LivenessViewState: each report's
// curve in the page's scope with its steps' programs, and the lifetimes of the variables picked.
#include "popscope/liveness.hpp"
#include "popscope/liveness_report.hpp"
#include "popscope/profile_document.hpp"

#include <QString>

#include <cstdint>
#include <vector>

namespace popscope {

// What the plot shows: each report's series in the page's scope and its steps' programs.
struct LivenessPlotData {
    LivenessSeries source, target;
    const LivenessCurve* sourceSteps = nullptr;
    const LivenessCurve* targetSteps = nullptr; // null outside compare mode
    const StepMatch* match = nullptr; // compare mode: source step <-> target step
    QString sourceName, targetName;
    QString capacityLabel;
};

// One variable's lifetime bar: its live ranges and bytes in each report that has it.
struct LifetimeRow {
    QString name;
    std::vector<StepRange> source, target; // live ranges; empty where a report lacks the variable
    uint64_t sourceBytes = 0, targetBytes = 0;
    bool inSource = false, inTarget = false;
};

} // namespace popscope
