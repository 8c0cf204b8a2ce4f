#include "models/query/query_links.hpp"

#include <QCoreApplication>

#include <algorithm>
#include <optional>

namespace popscope {

namespace {

std::optional<uint32_t> numberIn(const QueryValue& value)
{
    const auto* integer = std::get_if<int64_t>(&value);
    if (!integer || *integer < 0 || *integer > int64_t(UINT32_MAX))
        return std::nullopt;
    return uint32_t(*integer);
}

bool isOneOf(const QString& text, std::initializer_list<const char*> names)
{
    for (const char* name : names)
        if (text == QLatin1String(name))
            return true;
    return false;
}

// The links cells give; a class for the texts' translation context (lupdate, tr()).
class QueryLinkMaker {
    Q_DECLARE_TR_FUNCTIONS(popscope::QueryLinks)

public:
    static std::vector<QueryLink> variableLinks(const QueryValue& value);
    static std::optional<QueryLink> numberLink(
        const QString& table, const QString& column, const QueryValue& value);
};

// A variable's name: its row in Memory's Variables, and in Liveness (where only a variable that is
// not always live has one).
std::vector<QueryLink> QueryLinkMaker::variableLinks(const QueryValue& value)
{
    using Kind = NavigationTarget::Kind;
    const auto* name = std::get_if<std::string>(&value);
    if (!name || name->empty())
        return {};
    const QString text = QString::fromStdString(*name);
    return { { NavigationTarget::named(page_ids::memory, Kind::Variable, *name),
                 tr("Variable %1 in Memory").arg(text) },
        { NavigationTarget::named(page_ids::liveness, Kind::Variable, *name),
            tr("Variable %1 in Liveness").arg(text) } };
}

// A number: from the table and column it comes from; none for most.
std::optional<QueryLink> QueryLinkMaker::numberLink(
    const QString& table, const QString& column, const QueryValue& value)
{
    using Kind = NavigationTarget::Kind;
    const std::optional<uint32_t> number = numberIn(value);
    if (!number)
        return std::nullopt;
    const QString n = QString::number(*number);
    if (column == QLatin1String("tile"))
        return QueryLink { NavigationTarget::numbered(page_ids::memory, Kind::Tile, *number),
            tr("Tile %1 in Memory").arg(n) };
    const bool livenessTable
        = isOneOf(table, { "liveness_steps", "liveness_step_tiles", "variable_live_ranges" });
    if (livenessTable && isOneOf(column, { "step", "first_step", "last_step" }))
        return QueryLink { NavigationTarget::numbered(page_ids::liveness, Kind::LivenessStep, *number),
            tr("Liveness step %1 in Liveness").arg(n) };
    if ((table == QLatin1String("steps") && column == QLatin1String("id")) || column == QLatin1String("step"))
        return QueryLink { NavigationTarget::numbered(page_ids::executionTrace, Kind::Step, *number),
            tr("Step %1 in Execution Trace").arg(n) };
    if ((table == QLatin1String("programs") && column == QLatin1String("id"))
        || column == QLatin1String("program"))
        return QueryLink { NavigationTarget::numbered(page_ids::programTree, Kind::Program, *number),
            tr("Program %1 in Program Tree").arg(n) };
    return std::nullopt;
}

} // namespace

std::vector<QueryLink> queryRowLinks(const QStringList& origins, const std::vector<QueryValue>& row)
{
    std::vector<QueryLink> links;
    for (qsizetype i = 0; i < origins.size() && size_t(i) < row.size(); ++i) {
        if (origins[i].isEmpty())
            continue;
        const QString table = origins[i].section(QLatin1Char('.'), 0, 0);
        const QString column = origins[i].section(QLatin1Char('.'), 1);
        std::vector<QueryLink> found;
        if (table == QLatin1String("variables") && column == QLatin1String("name"))
            found = QueryLinkMaker::variableLinks(row[size_t(i)]);
        else if (std::optional<QueryLink> link = QueryLinkMaker::numberLink(table, column, row[size_t(i)]))
            found.push_back(std::move(*link));
        for (QueryLink& link : found) {
            const bool seen = std::any_of(links.begin(), links.end(),
                [&](const QueryLink& other) { return other.target == link.target; });
            if (!seen)
                links.push_back(std::move(link));
        }
    }
    return links;
}

} // namespace popscope
