#pragma once
// The variables live at one liveness step, as the peak's analyses read them: filled row by row from
// one pass over the report's variable tiles and sizes (report_variable_rows.hpp), the pass Insights
// shares with its levels. Internal to core.
#include "popscope/profile_document.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace popscope {

class Report;

namespace detail {

// The variables live at a step, each with the range that holds it, and what they hold per tile.
class LiveAtStep {
public:
    // The variables live at `step`, with no bytes yet.
    LiveAtStep(const Report& report, uint32_t step, size_t numVariables, size_t numTiles);

    // One tile row of any variable: counted when the variable is live here.
    void addTile(uint32_t variable, uint32_t tile, uint32_t bytes);
    // One variable's element type: noted when it is live here.
    void addType(uint32_t variable, std::string_view elementType);

    // Each live variable's bytes on one tile (parallel to `variables`), from the rows kept.
    std::vector<uint64_t> bytesOnTile(uint32_t tile) const;

    uint32_t step = 0;
    std::vector<std::pair<uint32_t, StepRange>> variables; // by variable id, each once
    std::vector<uint64_t> variableBytes; // parallel to `variables`
    std::vector<bool> fp32; // parallel to `variables`
    std::vector<uint64_t> tileBytes; // per global tile

private:
    // A live variable's row, kept so that any tile's share can be read after the one pass: the worst
    // tile is known only at its end. Bench-huge keeps 1.5 M of its 11.7 M rows (18 MB) for it.
    struct Row {
        uint32_t index; // in `variables`
        uint32_t tile;
        uint32_t bytes;
    };
    std::vector<int32_t> m_indexOf; // by variable id: its index in `variables`, or -1
    std::vector<Row> m_rows;
};

// The names of variables by id, in the order given.
std::vector<std::string> variableNamesById(const Report& report, const std::vector<uint32_t>& ids);

} // namespace detail
} // namespace popscope
