// Profile's reads of the programs' control code and variables (format 1.3): two optional tables,
// each row bounded before use.
#include "part_reader.hpp"
#include "schema.hpp"

#include <optional>
#include <utility>

namespace popscope {

namespace {

constexpr const char* kControlCodeTable = "program_control_code";
constexpr const char* kProgramVariablesTable = "program_variables";

bool tableHasRows(SqliteDatabase& db, const char* table)
{
    if (!hasOptionalTable(db, table))
        return false;
    Statement any(db, std::string("SELECT EXISTS(SELECT 1 FROM ") + table + ")");
    return any.step() && any.getInt(0) != 0;
}

// A row's run list: (tiles, bytes) pairs whose lengths, each at least 1, add up to the IPU's tiles.
std::vector<TileRun> controlCodeRuns(const PartReader& r, const Statement& s, const std::string& place)
{
    const auto blob = s.getBlob(2);
    auto runs = packed::decodePairs<TileRun>(blob, &TileRun::tiles, &TileRun::bytes);
    if (!runs)
        r.corrupt(place + " holds " + std::to_string(blob.size()) + " bytes, not (tiles, bytes) pairs of 8");
    uint64_t covered = 0;
    for (const TileRun& run : *runs) {
        if (run.tiles == 0)
            r.corrupt(place + " has a run of 0 tiles");
        covered += run.tiles;
    }
    if (covered != r.m_target.tilesPerIpu)
        r.corrupt(place + " covers " + std::to_string(covered) + " tiles; the IPU has "
            + std::to_string(r.m_target.tilesPerIpu));
    return std::move(*runs);
}

std::vector<ProgramControlCode> readControlCodeRows(
    SqliteDatabase& db, const PartReader& r, std::optional<uint32_t> program)
{
    std::vector<ProgramControlCode> out;
    if (!hasOptionalTable(db, kControlCodeTable))
        return out;
    Statement s(db,
        std::string("SELECT program, ipu, runs FROM program_control_code")
            + (program ? " WHERE program = ?1" : "") + " ORDER BY program, ipu");
    if (program)
        s.bind(1, int64_t(*program));
    const uint64_t programs = r.rows("programs");
    while (s.step()) {
        ProgramControlCode row;
        row.program = uint32_t(r.bounded(s, 0, 0, int64_t(programs) - 1, "program_control_code.program"));
        row.ipu = r.ipu(s, 1, "program_control_code.ipu");
        const std::string place = "program_control_code: the row of program " + std::to_string(row.program)
            + ", IPU " + std::to_string(row.ipu);
        if (!out.empty() && std::pair(out.back().program, out.back().ipu) >= std::pair(row.program, row.ipu))
            r.corrupt(place + " comes twice");
        row.runs = controlCodeRuns(r, s, place);
        out.push_back(std::move(row));
    }
    return out;
}

} // namespace

bool Profile::hasProgramControlCode() const
{
    return tableHasRows(*m_db, kControlCodeTable);
}

std::vector<ProgramControlCode> Profile::readProgramControlCode() const
{
    return readControlCodeRows(*m_db, PartReader(*m_db, m_target, m_path), std::nullopt);
}

std::vector<ProgramControlCode> Profile::readProgramControlCode(uint32_t program) const
{
    return readControlCodeRows(*m_db, PartReader(*m_db, m_target, m_path), program);
}

bool Profile::hasProgramVariables() const
{
    return tableHasRows(*m_db, kProgramVariablesTable);
}

std::vector<ProgramVariable> Profile::readProgramVariables() const
{
    std::vector<ProgramVariable> out;
    if (!hasOptionalTable(*m_db, kProgramVariablesTable))
        return out;
    PartReader r(*m_db, m_target, m_path);
    const int64_t programs = int64_t(r.rows("programs")), variables = int64_t(r.rows("variables"));
    Statement s(*m_db, "SELECT program, variable FROM program_variables ORDER BY program, variable");
    while (s.step()) {
        ProgramVariable row;
        row.program = uint32_t(r.bounded(s, 0, 0, programs - 1, "program_variables.program"));
        row.variable = uint32_t(r.bounded(s, 1, 0, variables - 1, "program_variables.variable"));
        if (!out.empty()
            && std::pair(out.back().program, out.back().variable) >= std::pair(row.program, row.variable))
            r.corrupt("program_variables: program " + std::to_string(row.program) + " lists variable "
                + std::to_string(row.variable) + " twice");
        out.push_back(row);
    }
    return out;
}

} // namespace popscope
