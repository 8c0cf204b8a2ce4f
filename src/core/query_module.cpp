#include "query_module.hpp"

#include "popscope/query.hpp"
#include "query_cached_rows.hpp"
#include "query_column_index.hpp"
#include "query_sql_text.hpp"
#include "query_tables.hpp"

#include <cstring>
#include <map>
#include <optional>
#include <unordered_map>

namespace popscope::query {

namespace {

constexpr const char* kModuleName = "popscope_query";

struct QueryTable : sqlite3_vtab {
    const QueryTableSpec* spec = nullptr;
    sqlite3* reader = nullptr; // the storage connection, or the query connection itself
    std::string sql; // the spec's SQL with its placeholders replaced
    std::string sqlByKey; // the same for the rows whose first column equals ?1; empty: not offered
    ReportSource source;
    bool missing = false; // an optional storage table this file lacks: no rows
    CachedRows cache; // the rows of a table computed from other query tables, once computed
    std::optional<std::unordered_map<int64_t, int64_t>> parents; // child -> parent, for parentColumn
    std::map<int, ColumnIndex> columnIndexes; // made when a query looks rows up by that column
};

struct QueryCursor : sqlite3_vtab_cursor {
    sqlite3_stmt* statement = nullptr;
    bool statementByKey = false; // `statement` is the table's sqlByKey (else its sql)
    bool eof = true;
    sqlite3_int64 rowid = 0;
    uint32_t element = 0; // the element of the current row's BLOBs this output row shows
    uint32_t elements = 0; // elements in the current row's BLOBs
    uint32_t firstTile = 0; // a TileRun row's first tile in its IPU
    int cellBytes = 4;
    // A cached table's rows this cursor shows: all of them, or those of a key.
    bool allCached = true;
    std::vector<uint32_t> cachedRows;
    size_t cachedAt = 0;
    // A lookup through a column index: the ids still to read by primary key.
    std::vector<int64_t> pendingIds;
    size_t pendingAt = 0;
};

uint64_t readLittleEndian(const uint8_t* bytes, int width)
{
    uint64_t value = 0;
    for (int i = width - 1; i >= 0; --i)
        value = (value << 8) | bytes[i];
    return value;
}

int fail(sqlite3_vtab* table, int rc, const std::string& message)
{
    sqlite3_free(table->zErrMsg);
    table->zErrMsg = sqlite3_mprintf("%s", message.c_str());
    return rc;
}

const QueryTableSpec* findSpec(const char* name)
{
    for (const QueryTableSpec& spec : queryTableSpecs())
        if (std::strcmp(spec.name, name) == 0)
            return &spec;
    return nullptr;
}

// The table's SQL limited to the rows whose first column equals ?1, for joins on an id: SQLite
// pushes the condition into the storage query, where it is a primary-key lookup. Offered for
// storage tables whose first output column is the SQL's first column.
std::string keyedSql(const QueryTable& table)
{
    const QueryTableSpec& spec = *table.spec;
    if (spec.readsFrom != ReadsFrom::Storage || !spec.firstColumnIndexed
        || (spec.packing != Packing::None && spec.indexAt == 0))
        return {};
    sqlite3_stmt* statement = nullptr;
    std::string keyed;
    if (sqlite3_prepare_v2(table.reader, table.sql.c_str(), -1, &statement, nullptr) == SQLITE_OK
        && statement)
        keyed = "WITH q AS (" + table.sql + ") SELECT * FROM q WHERE "
            + quotedName(sqlite3_column_name(statement, 0)) + " = ?1";
    sqlite3_finalize(statement);
    return keyed;
}

int connect(
    sqlite3* db, void* clientData, int argc, const char* const* argv, sqlite3_vtab** out, char** error)
{
    const auto* sources = static_cast<const std::vector<ReportSource>*>(clientData);
    const QueryTableSpec* spec = argc == 4 ? findSpec(argv[2]) : nullptr;
    const size_t index = argc == 4 ? size_t(std::strtoul(argv[3], nullptr, 10)) : sources->size();
    if (!spec || index >= sources->size()) {
        *error = sqlite3_mprintf("%s is not a table of the query schema", argc > 2 ? argv[2] : "?");
        return SQLITE_ERROR;
    }
    const int rc = sqlite3_declare_vtab(db, (std::string("CREATE TABLE x(") + spec->columns + ")").c_str());
    if (rc != SQLITE_OK)
        return rc;
    auto* table = new QueryTable();
    table->spec = spec;
    table->source = (*sources)[index];
    table->reader = spec->readsFrom == ReadsFrom::Storage ? table->source.storage : db;
    table->sql = expandSql(*spec, table->source);
    table->missing = spec->optionalTable
        && sqlite3_table_column_metadata(table->reader, "main", spec->optionalTable, nullptr, nullptr,
               nullptr, nullptr, nullptr, nullptr)
            != SQLITE_OK;
    table->sqlByKey = table->missing ? std::string() : keyedSql(*table);
    *out = table;
    return SQLITE_OK;
}

// Not the same function as xConnect: the module is not eponymous, its tables exist only where
// the session creates them.
int create(sqlite3* db, void* clientData, int argc, const char* const* argv, sqlite3_vtab** out, char** error)
{
    return connect(db, clientData, argc, argv, out, error);
}

int disconnect(sqlite3_vtab* table)
{
    delete static_cast<QueryTable*>(table);
    return SQLITE_OK;
}

// Which column an equality on can be looked up rather than scanned for: any of a cached table's;
// the first of a table read from the file, and its other columns through a column index (plain
// tables, BINARY comparisons).
bool canLookUp(const QueryTable& table, sqlite3_index_info* info, int constraint)
{
    const auto& c = info->aConstraint[constraint];
    if (!c.usable || c.op != SQLITE_INDEX_CONSTRAINT_EQ)
        return false;
    if (table.spec->readsFrom == ReadsFrom::QuerySchema)
        return true;
    if (table.sqlByKey.empty())
        return false;
    if (c.iColumn == 0)
        return true;
    // Only where the first column is the stored table's primary key (`id`): reading rows by an id
    // of vars_info (no index) would scan it once per id.
    const char* collation = sqlite3_vtab_collation(info, constraint);
    return std::strncmp(table.spec->columns, "id ", 3) == 0 && table.spec->packing == Packing::None
        && c.iColumn > 0 && c.iColumn != table.spec->parentColumn
        && (!collation || sqlite3_stricmp(collation, "BINARY") == 0);
}

int bestIndex(sqlite3_vtab* base, sqlite3_index_info* info)
{
    // A table is read whole, in its order, and SQLite applies the WHERE clause to the rows; an
    // equality that canLookUp allows reads only the rows that may match (SQLite checks them).
    const auto& table = *static_cast<QueryTable*>(base);
    int chosen = -1;
    for (int i = 0; i < info->nConstraint; ++i)
        if (canLookUp(table, info, i) && (chosen < 0 || info->aConstraint[i].iColumn == 0))
            chosen = i;
    if (chosen < 0) {
        info->estimatedCost = 1e6;
        info->estimatedRows = 100000;
        return SQLITE_OK;
    }
    info->aConstraintUsage[chosen].argvIndex = 1;
    info->idxNum = info->aConstraint[chosen].iColumn + 1;
    info->estimatedCost = info->aConstraint[chosen].iColumn == 0 ? 10 : 50;
    info->estimatedRows = 10;
    return SQLITE_OK;
}

int open(sqlite3_vtab*, sqlite3_vtab_cursor** out)
{
    *out = new QueryCursor();
    return SQLITE_OK;
}

int close(sqlite3_vtab_cursor* base)
{
    auto* cursor = static_cast<QueryCursor*>(base);
    sqlite3_finalize(cursor->statement);
    delete cursor;
    return SQLITE_OK;
}

// A TileRun row's tiles: the run within the IPU, its BLOB 2 or 4 bytes a tile.
int64_t countRunElements(QueryTable& table, QueryCursor& cursor)
{
    const QueryTableSpec& spec = *table.spec;
    const int64_t first = sqlite3_column_int64(cursor.statement, spec.packedFrom + 1);
    const int64_t tiles = sqlite3_column_int64(cursor.statement, spec.packedFrom + 2);
    const int64_t length = sqlite3_column_bytes(cursor.statement, spec.packedFrom);
    if (first < 0 || first >= table.source.tilesPerIpu || tiles < 1
        || tiles > table.source.tilesPerIpu - first || (length != tiles * 2 && length != tiles * 4)) {
        fail(&table, SQLITE_CORRUPT,
            std::string(spec.name) + ": a run of tiles is outside its IPU or its BLOB is "
                + std::to_string(length) + " bytes");
        return -1;
    }
    cursor.firstTile = uint32_t(first);
    cursor.cellBytes = int(length / tiles);
    return tiles;
}

// The number of elements in the current row's BLOBs, each checked against the target; -1 with
// the table's error set when a BLOB does not hold what the format says.
int64_t countElements(QueryTable& table, QueryCursor& cursor)
{
    const QueryTableSpec& spec = *table.spec;
    const int columns
        = spec.packing == Packing::TileRun ? spec.packedFrom + 1 : sqlite3_column_count(cursor.statement);
    if (spec.packing == Packing::TilePairs) {
        const int length = sqlite3_column_bytes(cursor.statement, spec.packedFrom);
        cursor.cellBytes = 4;
        if (length % 8 == 0)
            return length / 8;
        fail(&table, SQLITE_CORRUPT,
            std::string(spec.name) + ": a tile pair list is not a whole number of pairs");
        return -1;
    }
    const uint32_t count = spec.packing == Packing::Ipus ? table.source.numIpus : table.source.tilesPerIpu;
    if (spec.packing != Packing::Ipus) {
        const int64_t ipu = sqlite3_column_int64(cursor.statement, spec.indexAt - 1);
        if (ipu < 0 || ipu >= table.source.numIpus) {
            fail(&table, SQLITE_CORRUPT,
                std::string(spec.name) + ": IPU " + std::to_string(ipu) + " out of range");
            return -1;
        }
        if (spec.packing == Packing::TileRun)
            return countRunElements(table, cursor);
    }
    const int first = sqlite3_column_bytes(cursor.statement, spec.packedFrom);
    cursor.cellBytes = spec.packing == Packing::Ipus ? 8 : 4;
    if (spec.packing == Packing::TileCycles && uint64_t(first) == uint64_t(count) * 2)
        cursor.cellBytes = 2;
    for (int column = spec.packedFrom; column < columns; ++column) {
        if (uint64_t(sqlite3_column_bytes(cursor.statement, column)) != uint64_t(count) * cursor.cellBytes) {
            fail(&table, SQLITE_CORRUPT,
                std::string(spec.name) + ": a packed array holds "
                    + std::to_string(sqlite3_column_bytes(cursor.statement, column)) + " bytes, expected "
                    + std::to_string(uint64_t(count) * cursor.cellBytes));
            return -1;
        }
    }
    return count;
}

// Steps the reader to its next row that has output rows.
int advanceRow(QueryTable& table, QueryCursor& cursor)
{
    for (;;) {
        const int rc = sqlite3_step(cursor.statement);
        if (rc == SQLITE_DONE && cursor.pendingAt < cursor.pendingIds.size()) {
            sqlite3_reset(cursor.statement);
            sqlite3_bind_int64(cursor.statement, 1, cursor.pendingIds[cursor.pendingAt++]);
            continue;
        }
        if (rc == SQLITE_DONE) {
            cursor.eof = true;
            return SQLITE_OK;
        }
        if (rc != SQLITE_ROW)
            return fail(&table, rc, std::string(table.spec->name) + ": " + sqlite3_errmsg(table.reader));
        cursor.element = 0;
        if (table.spec->packing == Packing::None) {
            cursor.elements = 1;
            return SQLITE_OK;
        }
        const int64_t elements = countElements(table, cursor);
        if (elements < 0)
            return SQLITE_CORRUPT;
        cursor.elements = uint32_t(elements);
        if (cursor.elements > 0)
            return SQLITE_OK;
    }
}

size_t cachedCount(const QueryCursor& cursor, const QueryTable& table)
{
    return cursor.allCached ? table.cache.rows() : cursor.cachedRows.size();
}

// A cached table: computed on the first filter, then its rows, or those of `column + 1 = argv[0]`.
int filterCached(QueryTable& table, QueryCursor& cursor, int byColumn, int argc, sqlite3_value** argv)
{
    if (!table.cache.loaded()) {
        std::string error;
        const int rc = table.cache.load(table.reader, table.sql, error);
        if (rc != SQLITE_OK) {
            cursor.eof = true;
            return fail(&table, rc, std::string(table.spec->name) + ": " + error);
        }
    }
    cursor.allCached = byColumn == 0 || argc != 1;
    cursor.cachedRows
        = cursor.allCached ? std::vector<uint32_t>() : table.cache.rowsWhere(byColumn - 1, argv[0]);
    cursor.cachedAt = 0;
    cursor.eof = cachedCount(cursor, table) == 0;
    return SQLITE_OK;
}

// Each program's lowest-numbered parent, read once from program_children.
int loadParents(QueryTable& table)
{
    std::unordered_map<int64_t, int64_t> parents;
    std::string error;
    const int rc = readProgramParents(table.reader, parents, error);
    if (rc != SQLITE_OK)
        return fail(&table, rc, std::string(table.spec->name) + ": " + error);
    table.parents = std::move(parents);
    return SQLITE_OK;
}

// The ids of the rows whose `column` may equal `value`, through the column's index (made once).
int lookUpIds(QueryTable& table, QueryCursor& cursor, int column, sqlite3_value* value)
{
    auto [entry, made] = table.columnIndexes.try_emplace(column);
    if (made) {
        std::string error;
        const int rc = entry->second.build(table.reader, table.sql, column, error);
        if (rc != SQLITE_OK) {
            table.columnIndexes.erase(entry);
            return fail(&table, rc, std::string(table.spec->name) + ": " + error);
        }
    }
    cursor.pendingIds = entry->second.idsWhere(value);
    return SQLITE_OK;
}

int filter(sqlite3_vtab_cursor* base, int byKey, const char*, int argc, sqlite3_value** argv)
{
    auto* cursor = static_cast<QueryCursor*>(base);
    auto& table = *static_cast<QueryTable*>(base->pVtab);
    if (table.spec->readsFrom == ReadsFrom::QuerySchema)
        return filterCached(table, *cursor, byKey, argc, argv);
    if (table.spec->parentColumn >= 0 && !table.parents) {
        const int rc = loadParents(table);
        if (rc != SQLITE_OK)
            return rc;
    }
    const bool keyed = byKey >= 1 && argc == 1;
    const bool throughIndex = keyed && byKey > 1; // by another column than the first
    cursor->rowid = 0;
    cursor->pendingIds.clear();
    cursor->pendingAt = 0;
    cursor->eof = table.missing;
    if (table.missing)
        return SQLITE_OK;
    int rc = throughIndex ? lookUpIds(table, *cursor, byKey - 1, argv[0]) : SQLITE_OK;
    if (rc != SQLITE_OK || (throughIndex && cursor->pendingIds.empty())) {
        cursor->eof = true;
        return rc;
    }
    // The inner table of a join is filtered once per outer row: prepare once, then reset.
    if (cursor->statement && cursor->statementByKey == keyed) {
        sqlite3_reset(cursor->statement);
    } else {
        sqlite3_finalize(cursor->statement);
        cursor->statement = nullptr;
        cursor->statementByKey = keyed;
        rc = sqlite3_prepare_v2(
            table.reader, (keyed ? table.sqlByKey : table.sql).c_str(), -1, &cursor->statement, nullptr);
    }
    if (rc == SQLITE_OK && keyed)
        rc = throughIndex ? sqlite3_bind_int64(cursor->statement, 1, cursor->pendingIds[cursor->pendingAt++])
                          : sqlite3_bind_value(cursor->statement, 1, argv[0]);
    if (rc != SQLITE_OK) {
        cursor->eof = true;
        return fail(&table, rc, std::string(table.spec->name) + ": " + sqlite3_errmsg(table.reader));
    }
    return advanceRow(table, *cursor);
}

int next(sqlite3_vtab_cursor* base)
{
    auto* cursor = static_cast<QueryCursor*>(base);
    const auto& table = *static_cast<QueryTable*>(base->pVtab);
    ++cursor->rowid;
    if (table.spec->readsFrom == ReadsFrom::QuerySchema) {
        cursor->eof = ++cursor->cachedAt >= cachedCount(*cursor, table);
        return SQLITE_OK;
    }
    if (++cursor->element < cursor->elements)
        return SQLITE_OK;
    return advanceRow(*static_cast<QueryTable*>(base->pVtab), *cursor);
}

int eof(sqlite3_vtab_cursor* base)
{
    return static_cast<QueryCursor*>(base)->eof;
}

const uint8_t* cell(const QueryCursor& cursor, int column, uint32_t index)
{
    const auto* bytes = static_cast<const uint8_t*>(sqlite3_column_blob(cursor.statement, column));
    return bytes + size_t(index) * cursor.cellBytes;
}

// The index column of a packed row: the global tile, the IPU, or a pair's tile.
sqlite3_int64 indexValue(const QueryTable& table, const QueryCursor& cursor)
{
    const QueryTableSpec& spec = *table.spec;
    if (spec.packing == Packing::Ipus)
        return cursor.element;
    if (spec.packing == Packing::TilePairs)
        return sqlite3_int64(readLittleEndian(cell(cursor, spec.packedFrom, cursor.element * 2), 4));
    const sqlite3_int64 ipu = sqlite3_column_int64(cursor.statement, spec.indexAt - 1);
    const uint32_t first = spec.packing == Packing::TileRun ? cursor.firstTile : 0;
    return ipu * table.source.tilesPerIpu + first + cursor.element;
}

sqlite3_int64 packedValue(const QueryTable& table, const QueryCursor& cursor, int value)
{
    const QueryTableSpec& spec = *table.spec;
    if (spec.packing == Packing::TilePairs)
        return sqlite3_int64(readLittleEndian(cell(cursor, spec.packedFrom, cursor.element * 2 + 1), 4));
    return sqlite3_int64(
        readLittleEndian(cell(cursor, spec.packedFrom + value, cursor.element), cursor.cellBytes));
}

int column(sqlite3_vtab_cursor* base, sqlite3_context* context, int index)
{
    const auto& cursor = *static_cast<QueryCursor*>(base);
    const auto& table = *static_cast<QueryTable*>(base->pVtab);
    const QueryTableSpec& spec = *table.spec;
    if (spec.readsFrom == ReadsFrom::QuerySchema) {
        const size_t row = cursor.allCached ? cursor.cachedAt : cursor.cachedRows[cursor.cachedAt];
        sqlite3_result_value(context, table.cache.value(row, index));
    } else if (index == spec.parentColumn && table.parents) {
        const auto parent = table.parents->find(sqlite3_column_int64(cursor.statement, 0));
        if (parent != table.parents->end())
            sqlite3_result_int64(context, parent->second);
        else
            sqlite3_result_null(context);
    } else if (spec.packing == Packing::None || index < spec.indexAt)
        sqlite3_result_value(context, sqlite3_column_value(cursor.statement, index));
    else if (index == spec.indexAt)
        sqlite3_result_int64(context, indexValue(table, cursor));
    else if (index <= spec.packedFrom)
        sqlite3_result_value(context, sqlite3_column_value(cursor.statement, index - 1));
    else
        sqlite3_result_int64(context, packedValue(table, cursor, index - spec.packedFrom - 1));
    return SQLITE_OK;
}

int rowid(sqlite3_vtab_cursor* base, sqlite3_int64* out)
{
    *out = static_cast<QueryCursor*>(base)->rowid;
    return SQLITE_OK;
}

sqlite3_module makeModule()
{
    sqlite3_module module {};
    module.iVersion = 1;
    module.xCreate = create;
    module.xConnect = connect;
    module.xBestIndex = bestIndex;
    module.xDisconnect = disconnect;
    module.xDestroy = disconnect;
    module.xOpen = open;
    module.xClose = close;
    module.xFilter = filter;
    module.xNext = next;
    module.xEof = eof;
    module.xColumn = column;
    module.xRowid = rowid;
    return module;
}

const sqlite3_module kModule = makeModule();

} // namespace

void registerQueryModule(sqlite3* db, const std::vector<ReportSource>* sources)
{
    if (sqlite3_create_module_v2(
            db, kModuleName, &kModule, const_cast<std::vector<ReportSource>*>(sources), nullptr)
        != SQLITE_OK)
        throw QueryError(std::string("cannot register the query schema: ") + sqlite3_errmsg(db));
}

void createQueryTables(sqlite3* db, const std::vector<ReportSource>& sources, size_t index)
{
    for (const QueryTableSpec& spec : queryTableSpecs()) {
        const std::string sql = "CREATE VIRTUAL TABLE " + quotedName(sources[index].schema) + "."
            + quotedName(spec.name) + " USING " + kModuleName + "(" + std::to_string(index) + ")";
        char* error = nullptr;
        if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
            const std::string message = error ? error : sqlite3_errmsg(db);
            sqlite3_free(error);
            throw QueryError("cannot create the query table " + std::string(spec.name) + ": " + message);
        }
    }
}

} // namespace popscope::query
