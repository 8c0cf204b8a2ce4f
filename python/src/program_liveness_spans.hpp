#pragma once
// Where each program runs among the liveness program steps: the first and last liveness step
// whose program is the program itself or one below it in the program tree. Known at compile time,
// so an operation's firstStepIndex / lastStepIndex (libpva: indexes into livenessProgramSteps)
// come from its programs' spans without an execution.
#include "popscope/report.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace popscope::python {

class ProgramLivenessSpans {
public:
    static constexpr uint32_t kNone = UINT32_MAX;

    static ProgramLivenessSpans of(const Report& report);
    // The first and last liveness step of any of `programs` (inclusive); none when no liveness
    // step runs one of them.
    std::optional<std::pair<uint32_t, uint32_t>> spanOf(std::span<const uint32_t> programs) const;

private:
    std::vector<uint32_t> m_first, m_last; // per program, kNone when it has no step
};

} // namespace popscope::python
