#pragma once
// CI gates over a ReportComparison: `popscope-cli compare A B --fail-if 'memory>+5%'`.
//
// Grammar (spaces around the operator are allowed):
//   RULE   := METRIC OP VALUE
//   METRIC := memory | peak-tile | tiles-over-capacity | variables | always-live | not-always-live
//           | category:NAME            (NAME a memory category as stored, e.g. vertexCode, variable)
//           | cycles | efficiency      (the execution traces: total cycles of the longest IPU,
//                                       parallel efficiency in percent)
//   OP     := > | >= | < | <=
//   VALUE  := [+|-] NUMBER [% | UNIT]  (UNIT: B kB MB GB KiB MiB GiB, byte metrics only)
// What VALUE is compared with:
//   +N / -N (signed, no %)  the change target - source (bytes with an optional unit, or a count)
//   +N% / -N% (signed, %)   the change relative to the source, in percent; a source of 0 counts as
//                           0% when the target is 0 too, and as +infinity otherwise
//   N (no sign, no %)       the target's own value (e.g. tiles-over-capacity>0, memory>800MiB)
//   N% (no sign, %)         byte metrics only: the target's share of its capacity (memory, always-live,
//                           not-always-live, category: of all tiles' memory; peak-tile: of one tile's)
// efficiency is in percent: N or N% is the target's efficiency, +N / -N (or +Npp) the change in
// percentage points, +N% / -N% the change relative to the source's efficiency.
// memory is the total including gaps; peak-tile the bytes of each side's most used tile; variables
// the number of variables. A rule fails (the gate fails) when its comparison holds; a cycles or
// efficiency rule also fails when the comparison holds no execution traces.
#include "popscope/units.hpp"

#include <stdexcept>
#include <string>

namespace popscope {

struct ReportComparison;

enum class GateMetric {
    Memory,
    PeakTile,
    TilesOverCapacity,
    Variables,
    AlwaysLive,
    NotAlwaysLive,
    Category,
    Cycles,
    Efficiency
};
enum class GateOp { Greater, GreaterEqual, Less, LessEqual };
enum class GateMode {
    TargetValue, // N
    Change, // +N / -N
    RelativeChange, // +N% / -N%
    ShareOfCapacity // N% (byte metrics)
};

struct GateRule {
    std::string text; // as written
    GateMetric metric = GateMetric::Memory;
    std::string category; // GateMetric::Category
    GateOp op = GateOp::Greater;
    GateMode mode = GateMode::TargetValue;
    double value = 0; // bytes or a count (units applied), or percent points for the % modes
};

// A rule that does not parse; what() names the rule and what was expected.
class GateRuleError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

GateRule parseGateRule(const std::string& text);
// cycles and efficiency: the rule needs ReportComparison::trace (compareExecutionTraces).
bool needsExecutionTraces(const GateRule& rule);

struct GateResult {
    bool failed = false; // the rule's comparison holds
    double measured = 0; // what was compared with the rule's value (same mode and unit)
    std::string message; // "memory>+1% (total memory +6.3%: 1.20 GiB -> 1.28 GiB)"
};

GateResult evaluateGateRule(
    const GateRule& rule, const ReportComparison& comparison, MemoryUnit unit = MemoryUnit::Binary);

// The grammar above, for usage texts.
const char* gateRuleHelp();

} // namespace popscope
