// Profile's per-tile cycle reads for the execution trace: streamed or one row at a time, each row
// checked against the steps it belongs to (read with readStepTable first).
#include "packed_array.hpp"
#include "popscope/errors.hpp"
#include "popscope/profile.hpp"
#include "sqlite_database.hpp"

namespace popscope {

namespace {

// Decodes and checks one cycles_by_tile row; throws ProfileError naming the row.
std::vector<uint32_t> checkedRow(const std::string& path, const Target& target, const StepTable& steps,
    int64_t step, int64_t ipu, std::span<const uint8_t> blob)
{
    const auto corrupt = [&](const std::string& problem) {
        throw ProfileError(ErrorKind::CorruptProfile, path, "cycles_by_tile: " + problem);
    };
    if (step < 0 || uint64_t(step) >= steps.size())
        corrupt("a row names step " + std::to_string(step) + " of " + std::to_string(steps.size()));
    if (ipu < 0 || uint64_t(ipu) >= target.numIpus)
        corrupt("step " + std::to_string(step) + " names IPU " + std::to_string(ipu) + " of "
            + std::to_string(target.numIpus));
    const StepOnIpu* onIpu = steps.onIpu(size_t(step), uint32_t(ipu));
    if (!onIpu)
        corrupt("step " + std::to_string(step) + " does not run on IPU " + std::to_string(ipu));
    auto cycles = packed::decodeCompact(blob, target.tilesPerIpu);
    if (!cycles)
        corrupt("the row of step " + std::to_string(step) + ", IPU " + std::to_string(ipu) + " holds "
            + std::to_string(blob.size()) + " bytes, expected 2 or 4 per tile ("
            + std::to_string(target.tilesPerIpu) + " tiles)");
    for (size_t t = 0; t < cycles->size(); ++t)
        if ((*cycles)[t] > onIpu->cycles)
            corrupt("in step " + std::to_string(step) + ", tile "
                + std::to_string(uint64_t(ipu) * target.tilesPerIpu + t) + " runs "
                + std::to_string((*cycles)[t]) + " cycles, longer than the step ("
                + std::to_string(onIpu->cycles) + ")");
    return std::move(*cycles);
}

} // namespace

void Profile::forEachTileCycles(const StepTable& steps, TileCyclesVisitor visit, void* context) const
{
    Statement rows(*m_db, "SELECT step_id, ipu, cycles FROM cycles_by_tile ORDER BY step_id, ipu");
    while (rows.step()) {
        const auto cycles
            = checkedRow(m_path, m_target, steps, rows.getInt(0), rows.getInt(1), rows.getBlob(2));
        visit(context, uint32_t(rows.getInt(0)), uint32_t(rows.getInt(1)), cycles);
    }
}

std::vector<uint32_t> Profile::readTileCycles(const StepTable& steps, uint32_t step, uint32_t ipu) const
{
    Statement row(*m_db, "SELECT cycles FROM cycles_by_tile WHERE step_id = ?1 AND ipu = ?2");
    row.bind(1, int64_t(step)).bind(2, int64_t(ipu));
    if (!row.step())
        return {};
    return checkedRow(m_path, m_target, steps, step, ipu, row.getBlob(0));
}

} // namespace popscope
