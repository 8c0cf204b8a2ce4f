#pragma once
// The .pop schema v1: table definitions (for the writer) and structural checks (for the reader).
// docs/profile-format.md describes every table and column.
#include <string>
#include <utility>
#include <vector>

namespace popscope {

class SqliteDatabase;

struct TableSchema {
    const char* name;
    std::vector<const char*> columns; // in order
    const char* ddl; // CREATE TABLE statement
};

const std::vector<TableSchema>& profileTables();
// Tables a reader does without (a file written before they were added has none of them): checked
// as the others when present. Writers create them all.
const std::vector<TableSchema>& optionalProfileTables();
// Whether the file holds the optional table `name` (a table of optionalProfileTables()).
bool hasOptionalTable(SqliteDatabase& db, const char* name);
const std::vector<const char*>& profileIndexes(); // CREATE INDEX statements, run after the load

// Reader side. Throws ProfileError: NotAProfile when `meta` is missing, CorruptProfile when a
// table is missing, is a view, lacks a column (an optional table's too, when present), or the file
// carries triggers or views.
// Returns the format version (major, minor); UnsupportedVersion for a newer major version.
std::pair<int, int> checkProfileSchema(SqliteDatabase& db);

} // namespace popscope
