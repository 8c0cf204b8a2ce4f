#pragma once
// The one table of a profile's summary figures: {section, label, kind, value} rows, in the order
// they are shown. `popscope-cli summary`, the Summary page and the Summary compare table all
// render this table, so they list the same figures (as program_types.hpp is the one table of
// program types).
#include "popscope/summary.hpp"
#include "popscope/units.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace popscope {

enum class FigureKind { Text, Count, Bytes, Percent, Cycles, Hz };

struct SummaryFigure {
    // What joins a figure with the same figure of another report, and what the window finds it by:
    // "section.item" ("memory.share-used", "memory-by-category.variables", "memory.ipu-1"). Never
    // derived from the label, so rewording or translating a label leaves the key.
    std::string key;
    std::string section;
    std::string label;
    FigureKind kind = FigureKind::Text;
    uint64_t number = 0; // Count, Bytes, Cycles
    double fraction = 0; // Percent (0..1), Hz
    std::string text; // Text: as the file says it ("" = not recorded); other kinds: shown after the value
    std::string toolTip; // what the figure means, where its label does not say it
    bool exactBytes = false; // Bytes: also give the exact byte count
};

namespace figure_section {
inline constexpr const char* target = "Target";
inline constexpr const char* memory = "Memory";
inline constexpr const char* memoryByCategory = "Memory by category";
inline constexpr const char* graph = "Graph";
inline constexpr const char* cyclesByStepType = "Cycles by step type";
inline constexpr const char* poplar = "Poplar and report";
inline constexpr const char* reportFiles = "Report files";
} // namespace figure_section

std::vector<SummaryFigure> summaryFigures(const ProfileSummary& summary);
// The sections of summaryFigures() in order, each once.
std::vector<std::string> figureSections(const std::vector<SummaryFigure>& figures);
// What a section's figures count, where its title does not say it ("all tiles, excluding gaps"), or "".
std::string sectionNote(const std::string& section);
// The figure with key `key` ("memory.fits"), or nullptr.
const SummaryFigure* findFigure(const std::vector<SummaryFigure>& figures, std::string_view key);
// The value as shown: "1,472", "624.0 KiB (12.5 %)", "1.33 GHz", "not recorded", ...; bytes in `unit`.
// Text from the file is made printable.
std::string figureText(const SummaryFigure& figure, MemoryUnit unit = MemoryUnit::Binary);
// "" for a timestamp that means "not recorded" (empty, "0", or the Unix epoch and before), else the text.
std::string recordedTimestamp(const std::string& timestamp);

} // namespace popscope
