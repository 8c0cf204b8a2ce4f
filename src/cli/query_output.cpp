#include "query_output.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace popscope::cli {

namespace {

// Characters on the terminal: UTF-8 continuation bytes take no column of their own.
size_t displayWidth(const std::string& text)
{
    return size_t(
        std::count_if(text.begin(), text.end(), [](char c) { return (uint8_t(c) & 0xC0) != 0x80; }));
}

std::string csvField(const std::string& text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

nlohmann::json jsonValue(const QueryValue& value)
{
    if (const auto* integer = std::get_if<int64_t>(&value))
        return *integer;
    if (const auto* real = std::get_if<double>(&value))
        return *real;
    if (const auto* text = std::get_if<std::string>(&value))
        return *text;
    if (std::holds_alternative<std::vector<uint8_t>>(value))
        return queryValueText(value);
    return nullptr;
}

std::string jsonText(const nlohmann::json& json)
{
    // Names from the file may not be UTF-8: replaced, never a failure.
    return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace

QueryPrinter::QueryPrinter(QueryFormat format, std::ostream& out, bool toTerminal)
    : m_format(format)
    , m_out(out)
    , m_toTerminal(toTerminal)
{
}

void QueryPrinter::columns(const std::vector<std::string>& names)
{
    m_columns = names;
    m_numeric.assign(names.size(), true);
    if (m_format == QueryFormat::Csv) {
        for (size_t i = 0; i < names.size(); ++i)
            m_out << (i ? "," : "") << csvField(names[i]);
        m_out << "\n";
    } else if (m_format == QueryFormat::Json) {
        m_out << "{\"columns\": " << jsonText(nlohmann::json(names)) << ", \"rows\": [";
    }
}

void QueryPrinter::row(const std::vector<QueryValue>& values)
{
    if (m_format == QueryFormat::Csv) {
        for (size_t i = 0; i < values.size(); ++i)
            m_out << (i ? "," : "")
                  << csvField(m_toTerminal ? printableMessage(queryValueText(values[i]), std::string::npos)
                                           : queryValueText(values[i]));
        m_out << "\n";
    } else if (m_format == QueryFormat::Json) {
        nlohmann::json row = nlohmann::json::array();
        for (const QueryValue& value : values)
            row.push_back(jsonValue(value));
        m_out << (m_rows ? ",\n  " : "\n  ") << jsonText(row);
    } else {
        std::vector<std::string> cells;
        for (size_t i = 0; i < values.size(); ++i) {
            const bool number
                = std::holds_alternative<int64_t>(values[i]) || std::holds_alternative<double>(values[i]);
            m_numeric[i] = m_numeric[i] && (number || std::holds_alternative<std::monostate>(values[i]));
            // Text from the file: control characters escaped, long values cut.
            cells.push_back(printableMessage(queryValueText(values[i]), 200));
        }
        m_cells.push_back(std::move(cells));
    }
    ++m_rows;
}

void QueryPrinter::finish()
{
    if (m_format == QueryFormat::Json)
        m_out << (m_rows ? "\n]}\n" : "]}\n");
    else if (m_format == QueryFormat::Table)
        printTable();
    m_out.flush();
}

void QueryPrinter::printTable()
{
    std::vector<size_t> widths;
    for (const std::string& name : m_columns)
        widths.push_back(displayWidth(printableMessage(name, 200)));
    for (const auto& cells : m_cells)
        for (size_t i = 0; i < cells.size(); ++i)
            widths[i] = std::max(widths[i], displayWidth(cells[i]));
    auto printLine = [&](const std::vector<std::string>& cells, bool header) {
        for (size_t i = 0; i < cells.size(); ++i) {
            const std::string padding(widths[i] - displayWidth(cells[i]), ' ');
            const bool right = m_numeric[i] && !header;
            m_out << (i ? "  " : "")
                  << (right ? padding + cells[i] : cells[i] + (i + 1 < cells.size() ? padding : ""));
        }
        m_out << "\n";
    };
    std::vector<std::string> header;
    for (const std::string& name : m_columns)
        header.push_back(printableMessage(name, 200));
    printLine(header, true);
    std::vector<std::string> rule;
    for (size_t width : widths)
        rule.emplace_back(width, '-');
    printLine(rule, true);
    for (const auto& cells : m_cells)
        printLine(cells, false);
    m_out << "(" << m_rows << (m_rows == 1 ? " row" : " rows") << ")\n";
}

} // namespace popscope::cli
