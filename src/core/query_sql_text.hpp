#pragma once
// The text of a query table's storage SQL for one report: its placeholders ({schema},
// {tiles_per_ipu}, {tiles}, {bytes_per_tile}) replaced, and names quoted for SQLite.
#include "query_module.hpp"
#include "query_tables.hpp"

#include <string>

namespace popscope::query {

// `name` as an SQLite identifier: in double quotes, a quote inside doubled.
std::string quotedName(const std::string& name);
// The spec's SQL for the report `source`.
std::string expandSql(const QueryTableSpec& spec, const ReportSource& source);

} // namespace popscope::query
