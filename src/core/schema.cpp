#include "schema.hpp"

#include "sqlite_database.hpp"

#include "popscope/profile_document.hpp"

#include <map>
#include <set>

namespace popscope {

// The one data table of the format: every table a profile holds, its columns and its CREATE statement.
const std::vector<TableSchema>& profileTables()
{
    static const std::vector<TableSchema> tables = {
        { "meta", { "key", "value" },
            "CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)" },
        { "target",
            { "id", "type", "architecture", "num_ipus", "tiles_per_ipu", "bytes_per_tile", "clock_hz",
                "num_replicas", "ipus_per_replica", "compute_instrumentation",
                "external_exchange_instrumentation" },
            "CREATE TABLE target(id INTEGER PRIMARY KEY CHECK(id = 1), type TEXT NOT NULL, architecture TEXT "
            "NOT NULL,"
            " num_ipus INTEGER NOT NULL, tiles_per_ipu INTEGER NOT NULL, bytes_per_tile INTEGER NOT NULL,"
            " clock_hz REAL NOT NULL, num_replicas INTEGER NOT NULL, ipus_per_replica INTEGER NOT NULL,"
            " compute_instrumentation TEXT NOT NULL, external_exchange_instrumentation TEXT NOT NULL)" },
        { "engine_options", { "position", "name", "value" },
            "CREATE TABLE engine_options(position INTEGER PRIMARY KEY, name TEXT NOT NULL, value TEXT NOT "
            "NULL)" },
        { "documents", { "name", "json" },
            "CREATE TABLE documents(name TEXT PRIMARY KEY NOT NULL, json TEXT NOT NULL)" },
        { "tiles", { "id", "physical_id" },
            "CREATE TABLE tiles(id INTEGER PRIMARY KEY, physical_id INTEGER NOT NULL)" },
        { "io_tiles", { "tile" }, "CREATE TABLE io_tiles(tile INTEGER PRIMARY KEY)" },
        { "var_categories", { "id", "name" },
            "CREATE TABLE var_categories(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)" },
        { "memory_by_tile", { "ipu", "category", "region", "overlapped", "bytes" },
            "CREATE TABLE memory_by_tile(ipu INTEGER NOT NULL, category INTEGER NOT NULL, region INTEGER NOT "
            "NULL,"
            " overlapped INTEGER NOT NULL, bytes BLOB NOT NULL)" },
        { "memory_gaps", { "ipu", "region", "bytes" },
            "CREATE TABLE memory_gaps(ipu INTEGER NOT NULL, region INTEGER NOT NULL, bytes BLOB NOT NULL)" },
        { "memory_liveness", { "ipu", "always_live", "not_always_live" },
            "CREATE TABLE memory_liveness(ipu INTEGER PRIMARY KEY, always_live BLOB NOT NULL,"
            " not_always_live BLOB NOT NULL)" },
        { "variables",
            { "id", "name", "category", "element_type", "size_bytes", "always_live", "debug_context" },
            "CREATE TABLE variables(id INTEGER PRIMARY KEY, name TEXT NOT NULL, category INTEGER NOT NULL,"
            " element_type TEXT NOT NULL, size_bytes INTEGER NOT NULL, always_live INTEGER NOT NULL,"
            " debug_context INTEGER NOT NULL)" },
        { "vars_info", { "variable", "tile", "size_bytes", "category" },
            "CREATE TABLE vars_info(variable INTEGER NOT NULL, tile INTEGER NOT NULL, size_bytes INTEGER NOT "
            "NULL,"
            " category INTEGER NOT NULL)" },
        { "variable_live_ranges", { "variable", "first_step", "last_step" },
            "CREATE TABLE variable_live_ranges(variable INTEGER NOT NULL, first_step INTEGER NOT NULL,"
            " last_step INTEGER NOT NULL)" },
        { "vertex_types", { "id", "name", "code_bytes", "state_bytes" },
            "CREATE TABLE vertex_types(id INTEGER PRIMARY KEY, name TEXT NOT NULL, code_bytes INTEGER NOT "
            "NULL,"
            " state_bytes INTEGER NOT NULL)" },
        { "compute_sets", { "compute_set", "name", "debug_context" },
            "CREATE TABLE compute_sets(compute_set INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " debug_context INTEGER NOT NULL)" },
        { "compute_set_vertices", { "compute_set", "position", "vertex_type", "count_by_tile" },
            "CREATE TABLE compute_set_vertices(compute_set INTEGER NOT NULL, position INTEGER NOT NULL,"
            " vertex_type INTEGER NOT NULL, count_by_tile BLOB NOT NULL, PRIMARY KEY(compute_set, position))"
            " WITHOUT ROWID" },
        { "exchanges", { "id", "name", "kind", "total_bytes", "code_bytes_by_tile" },
            "CREATE TABLE exchanges(id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL,"
            " total_bytes INTEGER NOT NULL, code_bytes_by_tile BLOB NOT NULL)" },
        { "programs", { "id", "type", "name", "compute_set", "exchange", "debug_context", "repeat_count" },
            "CREATE TABLE programs(id INTEGER PRIMARY KEY, type TEXT NOT NULL, name TEXT NOT NULL,"
            " compute_set INTEGER NOT NULL, exchange INTEGER NOT NULL, debug_context INTEGER NOT NULL,"
            " repeat_count INTEGER NOT NULL)" },
        { "program_children", { "parent", "position", "child" },
            "CREATE TABLE program_children(parent INTEGER NOT NULL, position INTEGER NOT NULL,"
            " child INTEGER NOT NULL, PRIMARY KEY(parent, position)) WITHOUT ROWID" },
        { "program_roots", { "kind", "position", "program" },
            "CREATE TABLE program_roots(kind TEXT NOT NULL, position INTEGER NOT NULL, program INTEGER NOT "
            "NULL,"
            " PRIMARY KEY(kind, position)) WITHOUT ROWID" },
        { "liveness_steps", { "id", "program", "not_always_live_bytes" },
            "CREATE TABLE liveness_steps(id INTEGER PRIMARY KEY, program INTEGER NOT NULL,"
            " not_always_live_bytes BLOB NOT NULL)" },
        { "liveness_by_tile", { "step", "ipu", "bytes" },
            "CREATE TABLE liveness_by_tile(step INTEGER NOT NULL, ipu INTEGER NOT NULL, bytes BLOB NOT NULL,"
            " PRIMARY KEY(step, ipu)) WITHOUT ROWID" },
        { "runs", { "id", "name", "microseconds_start", "microseconds_end" },
            "CREATE TABLE runs(id INTEGER PRIMARY KEY, name TEXT NOT NULL, microseconds_start INTEGER NOT "
            "NULL,"
            " microseconds_end INTEGER NOT NULL)" },
        { "steps", { "id", "run", "type", "program", "compute_set" },
            "CREATE TABLE steps(id INTEGER PRIMARY KEY, run INTEGER NOT NULL, type TEXT NOT NULL,"
            " program INTEGER NOT NULL, compute_set INTEGER NOT NULL)" },
        { "steps_by_ipu",
            { "step_id", "ipu", "cycles", "active_tiles", "cycles_base", "active_cycles_from_min",
                "active_cycles_from_max", "active_cycles_to_min", "active_cycles_to_max", "data_in",
                "data_out" },
            "CREATE TABLE steps_by_ipu(step_id INTEGER NOT NULL, ipu INTEGER NOT NULL, cycles INTEGER NOT "
            "NULL,"
            " active_tiles INTEGER NOT NULL, cycles_base INTEGER NOT NULL, active_cycles_from_min INTEGER "
            "NOT NULL,"
            " active_cycles_from_max INTEGER NOT NULL, active_cycles_to_min INTEGER NOT NULL,"
            " active_cycles_to_max INTEGER NOT NULL, data_in INTEGER NOT NULL, data_out INTEGER NOT NULL,"
            " PRIMARY KEY(step_id, ipu)) WITHOUT ROWID" },
        { "cycles_by_tile", { "step_id", "ipu", "cycles" },
            "CREATE TABLE cycles_by_tile(step_id INTEGER NOT NULL, ipu INTEGER NOT NULL, cycles BLOB NOT "
            "NULL,"
            " PRIMARY KEY(step_id, ipu)) WITHOUT ROWID" },
        { "debug_contexts", { "id", "parent", "layer", "name", "json" },
            "CREATE TABLE debug_contexts(id INTEGER PRIMARY KEY, parent INTEGER NOT NULL, layer TEXT NOT "
            "NULL,"
            " name TEXT NOT NULL, json TEXT NOT NULL)" },
        { "operations",
            { "id", "name", "layer", "debug_name", "debug_context", "flops", "code_bytes", "cycles" },
            "CREATE TABLE operations(id INTEGER PRIMARY KEY, name TEXT NOT NULL, layer TEXT NOT NULL,"
            " debug_name TEXT NOT NULL, debug_context INTEGER NOT NULL, flops INTEGER NOT NULL,"
            " code_bytes INTEGER NOT NULL, cycles INTEGER NOT NULL)" },
        { "operation_programs", { "operation", "position", "program" },
            "CREATE TABLE operation_programs(operation INTEGER NOT NULL, position INTEGER NOT NULL,"
            " program INTEGER NOT NULL, PRIMARY KEY(operation, position)) WITHOUT ROWID" },
    };
    return tables;
}

const std::vector<TableSchema>& optionalProfileTables()
{
    static const std::vector<TableSchema> tables = {
        { "compute_set_estimates", { "compute_set", "ipu", "first_tile", "tiles", "cycles" },
            "CREATE TABLE compute_set_estimates(compute_set INTEGER NOT NULL, ipu INTEGER NOT NULL,"
            " first_tile INTEGER NOT NULL, tiles INTEGER NOT NULL, cycles BLOB NOT NULL,"
            " PRIMARY KEY(compute_set, ipu)) WITHOUT ROWID" },
        { "vertex_estimates", { "compute_set", "position", "cycles" },
            "CREATE TABLE vertex_estimates(compute_set INTEGER NOT NULL, position INTEGER NOT NULL,"
            " cycles INTEGER NOT NULL, PRIMARY KEY(compute_set, position)) WITHOUT ROWID" },
        { "program_estimates", { "program", "ipu", "first_tile", "tiles", "cycles" },
            "CREATE TABLE program_estimates(program INTEGER NOT NULL, ipu INTEGER NOT NULL,"
            " first_tile INTEGER NOT NULL, tiles INTEGER NOT NULL, cycles BLOB NOT NULL,"
            " PRIMARY KEY(program, ipu)) WITHOUT ROWID" },
        { "program_control_code", { "program", "ipu", "runs" },
            "CREATE TABLE program_control_code(program INTEGER NOT NULL, ipu INTEGER NOT NULL,"
            " runs BLOB NOT NULL, PRIMARY KEY(program, ipu)) WITHOUT ROWID" },
        { "program_variables", { "program", "variable" },
            "CREATE TABLE program_variables(program INTEGER NOT NULL, variable INTEGER NOT NULL,"
            " PRIMARY KEY(program, variable)) WITHOUT ROWID" },
    };
    return tables;
}

const std::vector<const char*>& profileIndexes()
{
    static const std::vector<const char*> indexes = {
        "CREATE INDEX live_ranges_by_variable ON variable_live_ranges(variable)",
        "CREATE INDEX memory_by_tile_by_ipu ON memory_by_tile(ipu, category, region, overlapped)",
        "CREATE INDEX steps_by_program ON steps(program)",
    };
    return indexes;
}

namespace {

// A table of the format must be a table (not a view) with every column of its definition.
void checkTable(
    SqliteDatabase& db, const std::map<std::string, std::string>& objects, const TableSchema& table)
{
    auto found = objects.find(table.name);
    if (found == objects.end() || found->second != "table")
        throw ProfileError(ErrorKind::CorruptProfile, db.path(),
            std::string("the profile has no '") + table.name + "' table");
    std::set<std::string> columns;
    Statement info(db, std::string("SELECT name FROM pragma_table_info('") + table.name + "')");
    while (info.step())
        columns.insert(info.getText(0));
    for (const char* column : table.columns) {
        if (!columns.count(column))
            throw ProfileError(ErrorKind::CorruptProfile, db.path(),
                std::string("table '") + table.name + "' has no column '" + column + "'");
    }
}

} // namespace

std::pair<int, int> checkProfileSchema(SqliteDatabase& db)
{
    std::map<std::string, std::string> objects; // name -> type
    {
        Statement list(db, "SELECT name, type FROM sqlite_schema");
        while (list.step())
            objects[list.getText(0)] = list.getText(1);
    }
    auto meta = objects.find("meta");
    if (meta == objects.end())
        throw ProfileError(ErrorKind::NotAProfile, db.path(),
            "this SQLite database is not a popscope profile (it has no 'meta' table)");
    for (const auto& [name, type] : objects) {
        if (type == "trigger" || type == "view")
            throw ProfileError(ErrorKind::CorruptProfile, db.path(),
                "the profile contains a " + type + " named '" + name
                    + "'; profiles never do, so it is refused");
    }
    // Format and version before anything else: a newer major version may have other tables.
    std::map<std::string, std::string> metaValues;
    {
        Statement read(db, "SELECT key, value FROM meta");
        while (read.step())
            metaValues[read.getText(0)] = read.getText(1);
    }
    if (metaValues["format"] != kFormatName)
        throw ProfileError(ErrorKind::NotAProfile, db.path(),
            "this SQLite database is not a popscope profile (meta.format is '" + metaValues["format"] + "')");
    auto parseVersion = [&](const char* key) {
        const std::string& text = metaValues[key];
        if (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos)
            throw ProfileError(ErrorKind::CorruptProfile, db.path(),
                std::string("meta.") + key + " is not a version number: '" + text + "'");
        return std::stoi(text);
    };
    int major = parseVersion("version_major");
    int minor = parseVersion("version_minor");
    if (major > kFormatMajor)
        throw ProfileError(ErrorKind::UnsupportedVersion, db.path(),
            "the profile format is version " + std::to_string(major) + "." + std::to_string(minor)
                + ", newer than this popscope reads (" + std::to_string(kFormatMajor)
                + ".x); open it with a newer popscope");
    if (major < 1)
        throw ProfileError(ErrorKind::UnsupportedVersion, db.path(),
            "the profile format version " + std::to_string(major) + " is not supported");
    for (const TableSchema& table : profileTables())
        checkTable(db, objects, table);
    for (const TableSchema& table : optionalProfileTables())
        if (objects.count(table.name))
            checkTable(db, objects, table);
    return { major, minor };
}

bool hasOptionalTable(SqliteDatabase& db, const char* name)
{
    Statement found(db, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1");
    found.bind(1, std::string_view(name));
    return found.step();
}

} // namespace popscope
