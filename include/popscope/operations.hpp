#pragma once
// The Operations report in plain numbers: one row of figures per operation (libpva
// OperationAnalysis), the software layers, an operation's details (its steps, code size by tile,
// debug-context chain) and rankings. The GUI and `popscope-cli operations` print these.
#include "popscope/profile.hpp"
#include "popscope/profile_document.hpp"
#include "popscope/program_index.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace popscope {

class Report;

struct OperationFigures {
    uint64_t cycles = 0; // stored: cycles of its steps (each step's slowest IPU)
    uint64_t flops = 0;
    uint64_t codeBytes = 0; // stored: code of its programs (vertex code and exchange code)
    uint64_t variableBytes = 0; // variables whose debug context is the operation's or below it
    uint32_t variables = 0; // how many such variables
    uint32_t programs = 0;
    uint32_t steps = 0; // executions of its programs
    double flopsPerCycle() const { return cycles ? double(flops) / double(cycles) : 0.0; }
};

struct OperationAnalysis {
    std::vector<std::string> layers; // software layers, in order of first appearance
    std::vector<OperationFigures> figures; // one per operation, as Report::operations()
    // The report has no execution: `cycles` are the compiler's estimates of one run (see
    // useEstimatedCycles), and every page and command that shows them says so.
    bool cyclesEstimated = false;
};

// Operations' figures; `variables` sums the variables of each debug context
// (Profile::readVariablesByDebugContext).
OperationAnalysis analyseOperations(const OperationTable& operations,
    const std::vector<DebugContext>& debugContexts, const std::vector<Profile::ContextVariables>& variables,
    const StepCycles& steps);

struct ProgramEstimates;
// For a report without execution: each operation's cycles become its programs' estimated cycles
// in one run (each program's own estimate times how often it runs), when the report holds them.
void useEstimatedCycles(
    OperationAnalysis& analysis, const OperationTable& operations, const ProgramEstimates& estimates);

// The key that matches an operation across two reports: its layer, name and debug name
// ("popart: Conv:layer1" or "popart: scale (model/scale)" when the debug name says more).
std::string operationKey(const OperationRow& operation);
std::string operationKey(const Operation& operation);

enum class OperationSort { Cycles, Flops, Code, FlopsPerCycle, Variables, Name };
const char* operationSortName(OperationSort sort); // "cycles", "flops", "code", ...
// Parses "cycles", "flops", "code", "flops-per-cycle", "memory", "name"; false when unknown.
bool parseOperationSort(const std::string& text, OperationSort& sort);

// Indexes of the operations of `layer` ("" = every layer) ranked by `sort`, largest first (names
// A to Z); ties keep file order.
std::vector<uint32_t> rankOperations(const OperationTable& operations, const OperationAnalysis& analysis,
    const std::string& layer, OperationSort sort);

// The layer a report opens on: the first listed (the framework's own, e.g. popart, comes first).
std::string defaultOperationLayer(const OperationAnalysis& analysis);

struct OperationDetails {
    std::vector<uint32_t> steps; // step ids that ran its programs, in execution order
    std::vector<uint32_t> computeSets; // distinct, from its OnTileExecute programs
    std::vector<uint32_t> exchanges; // distinct, from its exchanges and stream copies
    std::vector<uint64_t> codeBytesByTile; // numTiles long: vertex code of its compute sets + exchange code
    std::vector<uint32_t> debugChain; // debug contexts from the outermost down to the operation's
};

OperationDetails operationDetails(const Report& report, uint32_t operation);

// The debug contexts from the outermost ancestor down to `context` (empty for -1).
std::vector<uint32_t> debugContextChain(const std::vector<DebugContext>& contexts, int64_t context);

// Text and JSON for `popscope-cli operations`.
std::string formatOperationsText(const Report& report, const std::string& layer, OperationSort sort);
std::string formatOperationsJson(const Report& report, const std::string& layer, OperationSort sort);

} // namespace popscope
