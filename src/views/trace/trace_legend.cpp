#include "views/trace/trace_legend.hpp"

#include "models/programs/program_type_style.hpp"
#include "models/qt_text.hpp"
#include "models/trace/trace_colors.hpp"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>

namespace popscope {

namespace {

QWidget* statesLegend(QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(12);
    layout->addWidget(new QLabel(QCoreApplication::translate("popscope::TraceLegend", "Tiles:"), box));
    for (size_t s = 0; s < kTraceStateCount; ++s) {
        const QColor colour = traceStateColor(TraceState(s), box->palette());
        auto* label = new QLabel(QStringLiteral("<span style='color:%1'>■</span> %2")
                                     .arg(colour.name(), QString::fromLatin1(traceStateName(TraceState(s)))),
            box);
        layout->addWidget(label);
    }
    return box;
}

} // namespace

TraceLegend::TraceLegend(QWidget* parent)
    : QWidget(parent)
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(6); // as the page's rows
    row->addWidget(statesLegend(this));
    row->addSpacing(18);
    m_types = new QLabel(this);
    m_types->setToolTip(tr("The step rows are coloured by program type, as in the Program Tree"));
    m_types->setWordWrap(true);
    m_types->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // wraps, never widens the window
    row->addWidget(m_types, 1);
}

void TraceLegend::showTypes(bool flame, std::initializer_list<const TraceData*> traces)
{
    QStringList types;
    const auto add = [&types](std::string_view type) {
        const QString name = toQString(type);
        if (!types.contains(name))
            types << name;
    };
    for (const TraceData* data : traces) {
        if (!data)
            continue;
        if (!flame) {
            for (const std::string& type : data->steps.types())
                add(type);
            continue;
        }
        for (const FlameLane& lane : data->flame.lanes)
            for (size_t level = 1; level < lane.levels.size(); ++level)
                for (const FlameSpan& span : lane.levels[level])
                    add(data->flameSpanType(level, span));
    }
    QString chips = flame
        ? tr("Programs: <span style='color:%1'>■</span>&nbsp;Run").arg(palette().color(QPalette::Mid).name())
        : tr("Steps:");
    for (const QString& type : types)
        chips += QStringLiteral(" <span style='color:%1'>■</span>&nbsp;%2")
                     .arg(programTypeColor(type.toStdString()).name(), type);
    m_types->setText(chips);
}

} // namespace popscope
