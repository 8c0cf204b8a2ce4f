#pragma once
// The compiler's cycle estimates over the program tree (format 1.2), beside the measured cycles
// of ProgramIndex: each program's own estimate (one execution of its compute set or exchange, at
// its slowest tile) and its subtree's, counted the way the measured totals are.
#include <cstdint>
#include <vector>

namespace popscope {

class Report;

struct ProgramEstimates {
    bool present = false; // the profile holds estimates
    // With execution, a program's total counts its own estimate once per execution step that ran
    // it, so it lines up with ProgramIndex::totalCycles; without, once per place in the tree, a
    // Repeat's body `repeatCount` times: the compiler's estimate of one run.
    bool perExecution = false;
    std::vector<uint64_t> own; // per program
    std::vector<uint64_t> total; // per program: own plus its children's (a function under every Call)
    // Without execution: how often each program runs in one run (1 for a root, a Repeat's count
    // times its own runs for its body, summed over every place it sits). Empty with execution.
    std::vector<uint64_t> runs;
};

// Streams every estimate row once (a compute set's or program's rows one at a time); reads the
// programs and, when the report has execution, the program index.
ProgramEstimates estimateProgramCycles(const Report& report);

} // namespace popscope
