#pragma once
// How popscope-cli query prints a result: an aligned table, CSV or JSON.
#include "popscope/query.hpp"

#include <ostream>
#include <string>
#include <vector>

namespace popscope::cli {

enum class QueryFormat { Table, Csv, Json };

// Receives the columns, then each row, then the end; CSV and JSON print rows as they come.
class QueryPrinter {
public:
    QueryPrinter(QueryFormat format, std::ostream& out);
    void columns(const std::vector<std::string>& names);
    void row(const std::vector<QueryValue>& values);
    void finish();

private:
    void printTable();

    QueryFormat m_format;
    std::ostream& m_out;
    std::vector<std::string> m_columns;
    std::vector<std::vector<std::string>> m_cells; // the table's rows, as text
    std::vector<bool> m_numeric; // a column that holds only numbers is right-aligned
    size_t m_rows = 0;
};

} // namespace popscope::cli
