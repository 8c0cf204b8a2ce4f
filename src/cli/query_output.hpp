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
    // `toTerminal`: CSV text from the file has its control characters escaped, as the table's
    // (JSON escapes them itself); into a pipe or file, CSV keeps the text as stored.
    QueryPrinter(QueryFormat format, std::ostream& out, bool toTerminal);
    void columns(const std::vector<std::string>& names);
    void row(const std::vector<QueryValue>& values);
    void finish();

private:
    void printTable();

    QueryFormat m_format;
    std::ostream& m_out;
    bool m_toTerminal;
    std::vector<std::string> m_columns;
    std::vector<std::vector<std::string>> m_cells; // the table's rows, as text
    std::vector<bool> m_numeric; // a column that holds only numbers is right-aligned
    size_t m_rows = 0;
};

} // namespace popscope::cli
