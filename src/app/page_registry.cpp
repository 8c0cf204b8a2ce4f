#include "app/page_registry.hpp"

#include "models/report_state.hpp"

#include <QCoreApplication>
#include <QStringList>

namespace popscope {

namespace {
QString normalisedPageKey(QString text)
{
    return text.trimmed()
        .toLower()
        .replace(QLatin1Char(' '), QLatin1Char('-'))
        .replace(QLatin1Char('_'), QLatin1Char('-'));
}
} // namespace

bool PageInfo::isAvailable(const ReportState& state) const
{
    switch (needs) {
    case Needs::Report:
        return state.report() != nullptr;
    case Needs::Comparison:
        return state.isComparing();
    case Needs::Planned:
        return false;
    }
    return false;
}

QString PageInfo::unavailableReason() const
{
    switch (needs) {
    case Needs::Report:
        return QCoreApplication::translate("popscope::PageRegistry", "%1: open a report first").arg(name);
    case Needs::Comparison:
        return QCoreApplication::translate(
            "popscope::PageRegistry", "%1: compare two reports (File ▸ Compare Two Reports…)")
            .arg(name);
    case Needs::Planned:
        return QCoreApplication::translate("popscope::PageRegistry", "%1: not available yet").arg(name);
    }
    return {};
}

const PageInfo* PageRegistry::find(const QString& idOrName) const
{
    const QString key = normalisedPageKey(idOrName);
    for (const PageInfo& page : m_pages)
        if (page.id.toString() == key || normalisedPageKey(page.name) == key || page.aliases.contains(key))
            return &page;
    return nullptr;
}

const PageInfo* PageRegistry::find(PageId id) const
{
    for (const PageInfo& page : m_pages)
        if (page.id == id)
            return &page;
    return nullptr;
}

QStringList PageRegistry::ids() const
{
    QStringList ids;
    for (const PageInfo& page : m_pages)
        ids << page.id.toString();
    return ids;
}

} // namespace popscope
