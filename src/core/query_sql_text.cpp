#include "query_sql_text.hpp"

namespace popscope::query {

namespace {

std::string replaceAll(std::string text, const std::string& from, const std::string& to)
{
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

} // namespace

std::string quotedName(const std::string& name)
{
    std::string quoted = "\"";
    for (char c : name) {
        quoted += c;
        if (c == '"')
            quoted += c;
    }
    return quoted + "\"";
}

std::string expandSql(const QueryTableSpec& spec, const ReportSource& source)
{
    std::string sql = replaceAll(spec.sql, "{schema}", quotedName(source.schema));
    sql = replaceAll(sql, "{tiles_per_ipu}", std::to_string(source.tilesPerIpu));
    sql = replaceAll(sql, "{tiles}", std::to_string(uint64_t(source.numIpus) * source.tilesPerIpu));
    return replaceAll(sql, "{bytes_per_tile}", std::to_string(source.bytesPerTile));
}

} // namespace popscope::query
