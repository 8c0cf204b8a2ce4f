// Profile::readVariableTable: the variables with their tiles and live ranges, packed in columns
// (VariableTable), every value bounded before use. readVariables gives the same as a document's
// std::vector<Variable>. The streamed reads that Insights uses (forEachVariableTile, ...) and the
// variables read by id.
#include "part_reader.hpp"
#include "popscope/profile.hpp"
#include "popscope/variable_table.hpp"
#include "sqlite_database.hpp"
#include "stored_counts.hpp"

#include <algorithm>
#include <future>
#include <map>
#include <optional>
#include <unordered_map>

namespace popscope {

namespace {

// Tile rows reserved up front at most (64 M rows, about 200 MiB packed), from the count the file
// stores: a file that stores none, or claims more, grows its buffer.
constexpr uint64_t kMaxTileReserve = uint64_t(1) << 26;

// Every variable's tiles packed (TileList), from vars_info's rows in rowid order. Writers store each
// variable's rows together and in variable order: those are packed as they come. Rows that come
// later than their variable (stored apart) are kept aside and merged in once, at the end.
class FlatTiles {
public:
    FlatTiles(const PartReader& reader, uint64_t variableCount, uint64_t rowCount)
        : m_reader(reader)
        , m_rowCount(std::min(rowCount, kMaxTileReserve))
    {
        m_writer.reserve(size_t(std::min(variableCount, kMaxReserve)), size_t(m_rowCount));
    }
    void add(uint64_t variable, const std::vector<TileBytes>& gathered)
    {
        if ((m_rows += gathered.size()) > UINT32_MAX)
            m_reader.corrupt("vars_info holds more than 4 G rows");
        if (variable < m_writer.variables()) { // its turn has passed: merged in by take()
            for (const TileBytes& tb : gathered)
                m_late.emplace_back(uint32_t(variable), tb);
            return;
        }
        while (m_writer.variables() < variable) // the variables between have none
            addTo(m_writer, {});
        addTo(m_writer, gathered);
    }
    // (ends, code) for VariableTable::setTileCode.
    std::pair<SpilledArray<uint32_t>, SpilledArray<uint8_t>> take()
    {
        if (m_late.empty())
            return m_writer.take();
        std::stable_sort(
            m_late.begin(), m_late.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        // Every late row's variable is below the variables packed: none is left out.
        const auto [ends, code] = m_writer.take();
        TileCodeWriter merged;
        merged.reserve(ends.size(), size_t(m_rowCount));
        std::vector<TileBytes> tiles;
        auto late = m_late.begin();
        for (size_t v = 0; v < ends.size(); ++v) {
            const TileList packed(code.data() + (v == 0 ? 0 : ends[v - 1]));
            tiles.assign(packed.begin(), packed.end());
            for (; late != m_late.end() && late->first == v; ++late)
                tiles.push_back(late->second);
            addTo(merged, tiles);
        }
        return merged.take();
    }

private:
    void addTo(TileCodeWriter& writer, std::span<const TileBytes> tiles) const
    {
        if (!writer.add(tiles))
            m_reader.corrupt("vars_info's rows take more than 4 GiB packed");
    }

    const PartReader& m_reader;
    uint64_t m_rowCount;
    uint64_t m_rows = 0;
    TileCodeWriter m_writer;
    std::vector<std::pair<uint32_t, TileBytes>> m_late;
};

// vars_info's rows into `tiles`, one variable's run of rows at a time.
void readTilesByVariable(SqliteDatabase& db, const Target& target, const std::string& path,
    uint64_t variableCount, FlatTiles& tiles)
{
    PartReader r(db, target, path);
    Statement s(db, "SELECT variable, tile, size_bytes FROM vars_info ORDER BY rowid");
    std::vector<TileBytes> gathered;
    int64_t gatheredFor = -1;
    while (s.step()) {
        const auto index = r.bounded(s, 0, 0, int64_t(variableCount) - 1, "vars_info.variable");
        TileBytes tb { r.tile(s.getInt(1), "vars_info"),
            uint32_t(r.bounded(s, 2, 0, UINT32_MAX, "vars_info.size_bytes")) };
        if (index != gatheredFor) {
            if (gatheredFor >= 0)
                tiles.add(uint64_t(gatheredFor), gathered);
            gathered.clear();
            gatheredFor = index;
        }
        gathered.push_back(tb);
    }
    if (gatheredFor >= 0)
        tiles.add(uint64_t(gatheredFor), gathered);
}

// The symbols of the variables' categories and types. They are a few texts: each is looked up in
// the shared set once per read, and rows in a run of the same one skip even that (a map look-up a
// row cost a tenth of the read).
class VariableSymbols {
public:
    const Symbol& category(const PartReader& r, const std::map<int64_t, std::string>& names, int64_t category)
    {
        if (category != m_lastCategory) {
            auto known = m_categories.find(category);
            if (known == m_categories.end())
                known = m_categories.emplace(category, r.category(names, category)).first;
            m_lastCategory = category;
            m_lastCategorySymbol = known->second;
        }
        return m_lastCategorySymbol;
    }
    const Symbol& type(std::string_view type)
    {
        if (type != m_lastType) {
            auto known = m_types.find(std::string(type));
            if (known == m_types.end())
                known = m_types.emplace(std::string(type), Symbol(type)).first;
            m_lastType = known->first;
            m_lastTypeSymbol = known->second;
        }
        return m_lastTypeSymbol;
    }

private:
    std::map<int64_t, Symbol> m_categories;
    std::unordered_map<std::string, Symbol> m_types;
    std::optional<int64_t> m_lastCategory;
    Symbol m_lastCategorySymbol;
    std::optional<std::string> m_lastType;
    Symbol m_lastTypeSymbol;
};

// The variables table's rows appended to `variables`, in id order.
void readVariableRows(SqliteDatabase& db, const PartReader& r, const std::map<int64_t, std::string>& names,
    uint64_t contexts, VariableTable& variables)
{
    Statement s(db,
        "SELECT id, name, category, element_type, size_bytes, always_live, debug_context"
        " FROM variables ORDER BY id");
    VariableSymbols symbols;
    while (s.step()) {
        r.expectId(s, variables.size(), "variables");
        const Symbol& category = symbols.category(r, names, s.getInt(2));
        const Symbol& type = symbols.type(s.getTextView(3));
        const auto size = uint64_t(r.bounded(s, 4, 0, INT64_MAX, "variables.size_bytes"));
        const int64_t context = r.reference(s, 6, contexts, "variables.debug_context");
        if (const std::string_view refused
            = variables.append(s.getTextView(1), category, type, size, s.getInt(5) != 0, context);
            !refused.empty())
            r.corrupt(std::string(refused));
    }
}

} // namespace

VariableTable Profile::readVariableTable(bool withTilesAndRanges) const
{
    PartReader r(*m_db, m_target, m_path);
    const auto names = r.categories();
    const uint64_t contexts = r.rows("debug_contexts");
    const uint64_t variableCount = r.rows("variables");
    // In a ParallelReadsScope, a local file's tiles (bench-huge: 11.7 M rows, half of this read)
    // are read on a second connection at the same time as the variables; otherwise after them, on
    // this one. The connection and the array outlive the reader: a throw below waits for it.
    const std::unique_ptr<SqliteDatabase> tileConnection
        = withTilesAndRanges && ParallelReadsScope::active() ? openSameFile() : nullptr;
    std::optional<FlatTiles> tiles;
    if (withTilesAndRanges) {
        const auto stored = m_stored->rows.find("vars_info"); // counting 11.7 M rows would take long
        tiles.emplace(r, variableCount, stored == m_stored->rows.end() ? 0 : stored->second);
    }
    std::future<void> tileReader;
    if (tileConnection)
        tileReader = std::async(std::launch::async,
            [&] { readTilesByVariable(*tileConnection, m_target, m_path, variableCount, *tiles); });
    VariableTable variables;
    variables.reserve(size_t(std::min<uint64_t>(variableCount, kMaxReserve))); // no doubling
    readVariableRows(*m_db, r, names, contexts, variables);
    if (tileReader.valid())
        tileReader.get();
    else if (tiles)
        readTilesByVariable(*m_db, m_target, m_path, variables.size(), *tiles);
    if (tiles) {
        auto [ends, code] = tiles->take();
        if (ends.size() > variables.size()) // only if the table changed between the two reads
            r.corrupt("vars_info names more variables than the variables table holds");
        variables.setTileCode(std::move(ends), std::move(code));
        if (!variables.setLiveRanges(readLiveRanges())) // only if the table changed between the reads
            r.corrupt("variable_live_ranges names more variables than the variables table holds");
    }
    variables.shrinkToFit();
    return variables;
}

std::vector<Variable> Profile::readVariables(bool withTilesAndRanges) const
{
    return readVariableTable(withTilesAndRanges).toVariables();
}

void Profile::forEachVariableTile(
    const std::vector<TileRange>& ranges, const VariableTileVisitor& visit) const
{
    if (ranges.empty())
        return;
    PartReader r(*m_db, m_target, m_path);
    const uint64_t variableCount = r.rows("variables");
    // No index on vars_info's tiles: SQLite still reads every row, but hands over only these.
    // Every tile asked for: no filter for SQLite to evaluate on each of the rows.
    const bool everyTile = ranges.size() == 1 && ranges[0].coversEveryTile();
    std::string where;
    for (size_t i = 0; i < ranges.size() && !everyTile; ++i)
        where += std::string(i == 0 ? " WHERE " : " OR ") + "(tile >= ? AND tile < ?)";
    Statement s(*m_db, "SELECT variable, tile, size_bytes FROM vars_info" + where + " ORDER BY rowid");
    for (size_t i = 0; i < ranges.size() && !everyTile; ++i) {
        s.bind(int(2 * i + 1), int64_t(ranges[i].first));
        s.bind(int(2 * i + 2), int64_t(ranges[i].end));
    }
    while (s.step()) {
        const auto variable = r.bounded(s, 0, 0, int64_t(variableCount) - 1, "vars_info.variable");
        const uint32_t tile = r.tile(s.getInt(1), "vars_info");
        visit(uint32_t(variable), tile, uint32_t(r.bounded(s, 2, 0, UINT32_MAX, "vars_info.size_bytes")));
    }
}

void Profile::forEachVariableSize(const VariableSizeVisitor& visit) const
{
    PartReader r(*m_db, m_target, m_path);
    Statement s(*m_db, "SELECT id, size_bytes, element_type FROM variables ORDER BY id");
    for (uint32_t variable = 0; s.step(); ++variable) {
        r.expectId(s, variable, "variables");
        visit(variable, uint64_t(r.bounded(s, 1, 0, INT64_MAX, "variables.size_bytes")), s.getTextView(2));
    }
}

std::vector<Variable> Profile::readVariablesById(const std::vector<uint32_t>& ids) const
{
    PartReader r(*m_db, m_target, m_path);
    const auto names = r.categories();
    const uint64_t contexts = r.rows("debug_contexts");
    Statement s(*m_db,
        "SELECT name, category, element_type, size_bytes, always_live, debug_context FROM variables"
        " WHERE id = ?");
    std::vector<Variable> out;
    out.reserve(ids.size());
    for (const uint32_t id : ids) {
        s.reset();
        s.bind(1, int64_t(id));
        if (!s.step())
            r.corrupt("there is no variable " + std::to_string(id));
        Variable v;
        v.name = s.getText(0);
        v.category = r.category(names, s.getInt(1));
        v.elementType = s.getText(2);
        v.sizeBytes = uint64_t(r.bounded(s, 3, 0, INT64_MAX, "variables.size_bytes"));
        v.alwaysLive = s.getInt(4) != 0;
        v.debugContext = r.reference(s, 5, contexts, "variables.debug_context");
        out.push_back(std::move(v));
    }
    return out;
}

} // namespace popscope
