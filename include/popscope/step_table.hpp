#pragma once
// The execution steps without their per-tile cycles, packed in columns: what the execution trace,
// its whole-run figures and the per-tile rows' checks need of them. Each step's run, type, program
// and compute set; each step's rows on its IPUs one after the other (bench-huge: 256 k steps in
// about 14 MiB, where a std::vector<ExecutionStep> took 94).
#include "popscope/profile_document.hpp"
#include "popscope/spilled_array.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace popscope {

// One step on one IPU (a steps_by_ipu row without its active cycles' bounds).
struct StepOnIpu {
    uint32_t ipu = 0;
    uint32_t activeTiles = 0;
    uint64_t cycles = 0; // the step's duration on this IPU
    uint64_t cyclesBase = 0; // the IPU's cycle count when the step starts
    uint64_t dataIn = 0, dataOut = 0; // bytes
};

class StepTable {
public:
    // The same steps as a document holds them (tests, the simulator's reports).
    static StepTable of(const std::vector<ExecutionStep>& steps);

    size_t size() const { return m_program.size(); }
    bool empty() const { return m_program.empty(); }
    uint32_t run(size_t step) const { return m_run[step]; }
    uint32_t program(size_t step) const { return m_program[step]; }
    int64_t computeSet(size_t step) const { return m_computeSet[step]; }
    const std::string& type(size_t step) const { return m_types[m_typeOf[step]]; }
    uint32_t typeIndex(size_t step) const { return m_typeOf[step]; } // into types()
    // Every step type once, in the order first met.
    const std::vector<std::string>& types() const { return m_types; }
    std::span<const StepOnIpu> ipus(size_t step) const
    {
        const uint32_t begin = step == 0 ? 0 : m_ipuEnds[step - 1];
        return { m_ipus.data() + begin, m_ipuEnds[step] - begin };
    }
    // The step's row on `ipu`, nullptr when it does not run there.
    const StepOnIpu* onIpu(size_t step, uint32_t ipu) const;
    size_t ipuRows() const { return m_ipus.size(); }
    // A row's place among every step's rows (0 .. ipuRows()), for tables kept beside them.
    size_t rowIndex(const StepOnIpu& row) const { return size_t(&row - m_ipus.data()); }

    // Building: every step in order, then the rows in step order; finish() closes the last steps.
    void reserve(size_t steps, size_t rows = 0);
    void addStep(uint32_t run, std::string_view type, uint32_t program, int64_t computeSet);
    // False (nothing added) when `step` is not a step, comes before the previous row's step, or is
    // that step again on an IPU not above the previous row's.
    bool addIpu(size_t step, const StepOnIpu& row);
    void finish();

private:
    // Spilled by finish() (spill::setDirectory): bench-huge's steps take about 14 MiB.
    SpilledArray<uint32_t> m_run, m_program, m_typeOf;
    SpilledArray<int64_t> m_computeSet;
    std::vector<std::string> m_types;
    SpilledArray<uint32_t> m_ipuEnds; // where each step's rows end in m_ipus
    SpilledArray<StepOnIpu> m_ipus;
    size_t m_closed = 0; // steps whose rows are complete
};

} // namespace popscope
