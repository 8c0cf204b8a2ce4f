#pragma once
// The program tree indexed for the Program Tree and Operations reports: where each program sits
// (first parent in tree order), the execution steps that ran as it and their cycles, and the
// operations it implements. Built once per report in linear time (bench-large: 83 k programs).
// The Execution Trace needs less: ProgramOutline, the labels and firstParents alone.
#include "popscope/profile.hpp"
#include "popscope/spilled_array.hpp"

#include <cstdint>
#include <functional>
#include <span>
#include <string_view>
#include <vector>

namespace popscope {

inline constexpr uint32_t kNotInTree = UINT32_MAX;

struct ProgramIndex {
    std::vector<uint32_t> controlPrograms; // tree roots, engine order
    std::vector<uint32_t> functions; // function roots (also reached through Call)
    // Per program, spilled once built (spill::setDirectory): 40 bytes a program, 17 MiB a report for
    // bench-huge's 416 k programs, of which a page reads the rows it shows.
    // First parent in tree order, -1 for a root or unreachable (32-bit: ids are).
    SpilledArray<int32_t> parent;
    SpilledArray<uint32_t> order; // rank of the first visit in tree order, kNotInTree if unreachable
    SpilledArray<uint64_t> ownCycles; // cycles of the steps that ran as the program
    // Own cycles plus the children's totals; a function counts under every Call of it, and a
    // program with several parents under each.
    SpilledArray<uint64_t> totalCycles;
    SpilledArray<uint64_t> totalSteps; // steps that ran as the program or below it, counted likewise
    SpilledArray<uint32_t> stepOffsets, stepIds; // steps of p: stepIds[stepOffsets[p] .. stepOffsets[p+1])
    SpilledArray<uint32_t> operationOffsets, operationIds; // operations of p, likewise

    size_t size() const { return parent.size(); }
    std::span<const uint32_t> stepsOf(uint32_t program) const
    {
        return { stepIds.data() + stepOffsets[program], stepIds.data() + stepOffsets[program + 1] };
    }
    std::span<const uint32_t> operationsOf(uint32_t program) const
    {
        return { operationIds.data() + operationOffsets[program],
            operationIds.data() + operationOffsets[program + 1] };
    }
};

// Each program's first parent in tree order (-1 for a root or one no root reaches): control
// programs, then functions, depth first, children in order (`childrenOf(p)`). With `order`, each
// program's rank in that walk (kNotInTree if unreachable).
std::vector<int32_t> firstParents(size_t programs, const std::vector<uint32_t>& controlPrograms,
    const std::vector<uint32_t>& functions,
    const std::function<std::span<const uint32_t>(uint32_t)>& childrenOf,
    std::vector<uint32_t>* order = nullptr);

// Visits every program once, each after its children (the tree has no cycles: Profile checks).
void forEachProgramPostOrder(const ProgramTable& programs, const std::function<void(uint32_t)>& visit);

// What the Execution Trace needs of the program tree: names and types for its labels and colours,
// and each program's first parent for the flame. The whole tree as `Program`s with its index took
// about 90 MiB on bench-huge's 416 k programs; this about 20 (Profile::readProgramOutline).
struct ProgramOutline {
    ProgramLabels labels;
    std::vector<int32_t> parent; // first parent in tree order, -1 none
};

// Indexes must be in range (Profile's readers check them).
ProgramIndex buildProgramIndex(const ProgramTable& programs, std::vector<uint32_t> controlPrograms,
    std::vector<uint32_t> functions, const StepCycles& steps, const OperationTable& operations);

// The programs from a root down to `program` (root first) along first parents; just the program
// when it is a root or unreachable.
std::vector<uint32_t> pathTo(const ProgramIndex& index, uint32_t program);
std::vector<uint32_t> pathTo(std::span<const int32_t> parents, uint32_t program);

// Programs whose name contains `text` (ASCII case-insensitive), in tree order; unreachable ones last.
std::vector<uint32_t> findPrograms(
    const ProgramTable& programs, const ProgramIndex& index, std::string_view text);

} // namespace popscope
