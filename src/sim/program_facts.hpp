#pragma once
// The programs' own control code by tile and the variables they use (format 1.3), from the same
// rules the memory accountant and the liveness walk apply: a leaf program brings
// controlCodeBytesPerStep to every tile of each IPU it touches, once each time the static walk
// reaches it (a stream copy's goes to its StreamCopyMid phase); the engine's skeleton
// (controlCodeBytesPerTile) belongs to no program. A program uses the variables its compute set,
// exchange or stream copy reads and writes (a stream copy's on its StreamCopyMid phase).
#include "popscope/profile_document.hpp"
#include "popscope/sim/target_config.hpp"
#include "popscope/sim/workload.hpp"
#include "program_layout.hpp"

namespace popscope::sim {

// Fills doc.programControlCode and doc.programVariables (doc.programs laid out by `layout`).
void emitProgramFacts(
    const Workload& workload, const TargetConfig& target, const ProgramLayout& layout, ProfileDocument& doc);

} // namespace popscope::sim
