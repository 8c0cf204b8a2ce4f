#pragma once
// The liveness peak's analysis in three phases, so that Insights feeds it from the same one pass
// over the variables' tiles and sizes as its levels: on bench-huge, each pass over vars_info's
// 11.7 M rows costs about a second. Internal to core; analysePeakLiveness runs the three alone.
#include "peak_live_variables.hpp"
#include "popscope/peak_liveness.hpp"

#include <optional>
#include <string_view>

namespace popscope::detail {

class PeakLivenessPass {
public:
    // Reads the liveness curve, finds the peak and the variables live there. A liveness part that
    // cannot be read leaves the analysis unavailable with its error, and the pass ignores rows.
    PeakLivenessPass(const Report& report, size_t topVariables = 10, size_t topTiles = 5);

    // Whether the pass needs every tile row (else the caller may read only the tiles it needs).
    bool wantsRows() const { return m_live.has_value(); }
    // Every variable tile row, then every variable's element type (report_variable_rows.hpp). They
    // run while the report's connection is held, so they touch nothing but this object.
    void addTile(uint32_t variable, uint32_t tile, uint32_t bytes)
    {
        if (m_live)
            m_live->addTile(variable, tile, bytes);
    }
    void addType(uint32_t variable, std::string_view elementType)
    {
        if (m_live)
            m_live->addType(variable, elementType);
    }

    // The worst tiles, the largest variables named and the levers, from the rows seen.
    PeakLiveness finish();
    // The rows could not be read: finish() gives the analysis unavailable with this error.
    void fail(const std::string& error);

private:
    void readPeak();

    const Report& m_report;
    size_t m_topVariables, m_topTiles;
    PeakLiveness m_peak;
    std::optional<LiveAtStep> m_live;
};

} // namespace popscope::detail
