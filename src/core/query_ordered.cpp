// orderedQuery: a user's statement wrapped so that its rows come sorted by one result column, which
// is how a result table sorts a million rows it has not read.
#include "popscope/query.hpp"

namespace popscope {

namespace {

// Where the statement ends: after its last character that is neither blank, ';' nor inside a
// comment (quotes and bracketed names are skipped whole, so a ';' or "--" in them is kept).
size_t statementEnd(std::string_view sql)
{
    size_t end = 0;
    for (size_t i = 0; i < sql.size();) {
        const char c = sql[i];
        if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {
            const size_t newline = sql.find('\n', i);
            i = newline == std::string_view::npos ? sql.size() : newline + 1;
        } else if (c == '/' && i + 1 < sql.size() && sql[i + 1] == '*') {
            const size_t close = sql.find("*/", i + 2);
            i = close == std::string_view::npos ? sql.size() : close + 2;
        } else if (c == '\'' || c == '"' || c == '`' || c == '[') {
            const char closing = c == '[' ? ']' : c;
            const size_t close = sql.find(closing, i + 1);
            i = close == std::string_view::npos ? sql.size() : close + 1;
            end = i;
        } else {
            if (c != ';' && c != ' ' && c != '\t' && c != '\n' && c != '\r')
                end = i + 1;
            ++i;
        }
    }
    return end;
}

} // namespace

std::string orderedQuery(std::string_view sql, int column, bool descending)
{
    // The new line keeps a comment inside the statement from swallowing the bracket.
    return "SELECT * FROM (" + std::string(sql.substr(0, statementEnd(sql))) + "\n) ORDER BY "
        + std::to_string(column + 1) + (descending ? " DESC" : " ASC");
}

} // namespace popscope
