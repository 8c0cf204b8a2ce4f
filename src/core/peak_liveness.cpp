// analysePeakLiveness: the liveness peak of a report for Insights and `popscope-cli insights`.
// The peak and the IPUs come from the file's per-IPU curve; the tiles and the variables from the
// variables live at the peak, read as Insights reads its levels (held or streamed).
#include "popscope/peak_liveness.hpp"

#include "peak_liveness_pass.hpp"
#include "popscope/errors.hpp"
#include "report_variable_rows.hpp"

#include <sstream>

namespace popscope {

PeakLiveness analysePeakLiveness(const Report& report, size_t topVariables, size_t topTiles)
{
    detail::PeakLivenessPass pass(report, topVariables, topTiles);
    if (pass.wantsRows()) {
        try {
            detail::forEachVariableTile(report, { Profile::TileRange::everyTile() },
                [&](uint32_t variable, uint32_t tile, uint32_t bytes) {
                    pass.addTile(variable, tile, bytes);
                });
            detail::forEachVariableSize(report,
                [&](uint32_t variable, uint64_t, std::string_view type) { pass.addType(variable, type); });
        } catch (const ProfileError& error) {
            pass.fail(error.what());
        }
    }
    return pass.finish();
}

std::string formatPeakLivenessText(const PeakLiveness& p, MemoryUnit u)
{
    std::ostringstream out;
    out << "Peak liveness\n";
    if (!p.error.empty()) {
        out << "  " << printableMessage(p.error) << '\n';
        return out.str();
    }
    if (!p.available) {
        out << "  The profile has no liveness program steps.\n";
        return out.str();
    }
    out << "  Step " << formatCount(p.step) << " of " << formatCount(p.numSteps) << "  "
        << printableMessage(p.program, 200) << '\n';
    out << "  Live there             " << formatBytes(p.total(), u) << formatShareAfter(p.total(), p.capacity)
        << " of " << formatBytes(p.capacity, u) << ": " << formatBytes(p.alwaysLive, u) << " always live, "
        << formatBytes(p.notAlwaysLive, u) << " not\n";
    out << "  Busiest IPU            IPU " << p.busiestIpu << ", "
        << formatBytes(p.ipuAlwaysLive + p.ipuNotAlwaysLive, u)
        << formatShareAfter(p.ipuAlwaysLive + p.ipuNotAlwaysLive, p.ipuCapacity) << " of "
        << formatBytes(p.ipuCapacity, u) << '\n';
    out << "  Worst tiles at the peak\n";
    for (const PeakLivenessTile& t : p.worstTiles)
        out << "    tile " << t.tile << " (IPU " << t.ipu << ")  " << formatBytes(t.total(), u) << " of "
            << formatBytes(p.bytesPerTile, u) << ": " << formatBytes(t.alwaysLive, u) << " always live, "
            << formatBytes(t.notAlwaysLive, u) << " not\n";
    out << "  Largest variables live there (" << formatCount(p.liveVariables) << " in all)\n";
    for (const LiveVariableRow& v : p.variables)
        out << "    " << formatBytes(v.bytes, u) << "  " << printableMessage(v.name, 200) << " (steps "
            << v.firstStep << "-" << v.lastStep << ")\n";
    return out.str();
}

} // namespace popscope
