#include "app/navigation_option.hpp"

#include "views/liveness/liveness_tables_view.hpp"
#include "views/memory/memory_tables_view.hpp"
#include "views/trace/trace_tabs.hpp"

#include <iterator>

namespace popscope {

namespace {

struct TabName {
    PageId page;
    int key;
    const char* id;
    const char* caption; // the words --tab accepted before tabs had ids: the caption's
};

// Every tab --tab knows.
constexpr TabName kTabs[] = {
    { page_ids::memory, int(MemoryTab::Details), "details", "Details" },
    { page_ids::memory, int(MemoryTab::Variables), "variables", "Variables" },
    { page_ids::memory, int(MemoryTab::Vertices), "vertices", "Vertices" },
    { page_ids::memory, int(MemoryTab::Exchanges), "exchanges", "Exchanges" },
    { page_ids::memory, int(MemoryTab::ComputeSets), "compute-sets", "Compute Sets" },
    { page_ids::liveness, int(LivenessTab::AlwaysLive), "always-live", "Always Live Variables" },
    { page_ids::liveness, int(LivenessTab::NotAlwaysLive), "not-always-live", "Not Always Live Variables" },
    { page_ids::liveness, int(LivenessTab::Vertices), "vertices", "Vertices" },
    { page_ids::liveness, int(LivenessTab::CycleEstimates), "cycle-estimates", "Cycle Estimates" },
    { page_ids::executionTrace, int(TraceTab::Summary), "summary", "Summary" },
    { page_ids::executionTrace, int(TraceTab::Waits), "waits", "Where the Cycles Wait" },
    { page_ids::executionTrace, int(TraceTab::Details), "details", "Details" },
};

QString normalisedOptionName(QString text)
{
    return text.trimmed()
        .toLower()
        .replace(QLatin1Char(' '), QLatin1Char('-'))
        .replace(QLatin1Char('_'), QLatin1Char('-'));
}

PageId tabbedPage(PageId page)
{
    return page == page_ids::liveness || page == page_ids::executionTrace ? page : page_ids::memory;
}

// "N", "step N" or "step N on IPU I".
std::optional<NavigationTarget> stepTarget(PageId page, const QString& key)
{
    const QStringList words = key.simplified().split(QLatin1Char(' '));
    const bool named
        = words.size() >= 2 && words[0].compare(QStringLiteral("step"), Qt::CaseInsensitive) == 0;
    bool ok = false;
    const uint32_t step = words.value(named ? 1 : 0).toUInt(&ok);
    if (!ok)
        return std::nullopt;
    uint32_t ipu = NavigationTarget::kAnyIpu;
    if (named && words.size() == 5)
        ipu = words[4].toUInt(&ok);
    return ok ? std::optional(NavigationTarget::numbered(page, NavigationTarget::Kind::Step, step, ipu))
              : std::nullopt;
}

} // namespace

int tabKeyNamed(PageId page, const QString& name)
{
    const QString wanted = normalisedOptionName(name);
    for (const TabName& tab : kTabs)
        if (tab.page == tabbedPage(page)
            && (wanted == QLatin1String(tab.id)
                || wanted == normalisedOptionName(QString::fromUtf8(tab.caption))))
            return tab.key;
    return -1;
}

QStringList tabIds(PageId page)
{
    QStringList ids;
    for (const TabName& tab : kTabs)
        if (tab.page == tabbedPage(page))
            ids << QString::fromLatin1(tab.id);
    return ids;
}

std::optional<NavigationTarget> showOptionTarget(PageId page, const QString& option)
{
    using Kind = NavigationTarget::Kind;
    const QString table = option.section(QLatin1Char('='), 0, 0);
    const QString key = option.section(QLatin1Char('='), 1);
    const std::pair<const char*, Kind> named[]
        = { { "variables", Kind::Variable }, { "vertices", Kind::VertexType },
              { "computeSets", Kind::ComputeSet }, { "exchanges", Kind::Exchange } };
    for (const auto& [name, kind] : named)
        if (table == QLatin1String(name))
            return NavigationTarget::named(page, kind, key.toStdString());
    bool number = false;
    const uint32_t n = key.toUInt(&number);
    if (table == QLatin1String("programs"))
        return number ? NavigationTarget::numbered(page, Kind::Program, n)
                      : NavigationTarget::named(page, Kind::ProgramNamed, key.toStdString());
    if (table == QLatin1String("operations")) {
        const uint32_t rank = key.mid(1).toUInt(&number);
        return key.startsWith(QLatin1Char('#'))
            ? (number ? std::optional(NavigationTarget::numbered(page, Kind::OperationRank, rank))
                      : std::nullopt)
            : NavigationTarget::named(page, Kind::Operation, key.toStdString());
    }
    if (table == QLatin1String("steps") || table == QLatin1String("waits"))
        return stepTarget(page, key);
    return std::nullopt;
}

} // namespace popscope
