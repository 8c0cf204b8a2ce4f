#include "views/summary/summary_compare_page.hpp"

#include "models/compare_table_model.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/report_state.hpp"
#include "models/settings_keys.hpp"
#include "models/summary/engine_options_model.hpp"
#include "models/summary/summary_figures_model.hpp"
#include "views/widgets/chart_palette.hpp"
#include "views/widgets/table_panel.hpp"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QCoreApplication>
#include <QLabel>
#include <QSettings>
#include <QSplitter>
#include <QVBoxLayout>

namespace popscope {

namespace {
QString verdict(const QString& role, const LoadedReport& report, MemoryUnit unit)
{
    const ProfileSummary& s = report.summary;
    const QString name = report.fileName().toHtmlEscaped();
    if (s.fits)
        return QCoreApplication::translate("popscope::SummaryComparePage",
            "%1 <b>%2</b>: <span style='color:#2ca02c; font-weight:bold'>✔ fits</span>, uses %3 of %4 (%5)")
            .arg(role, name, bytesText(s.totalUsedIncludingGaps, unit), bytesText(s.totalCapacity, unit),
                QString::fromStdString(formatPercent(s.shareUsed())));
    return QCoreApplication::translate("popscope::SummaryComparePage",
        "%1 <b>%2</b>: <span style='color:%3; font-weight:bold'>✘ out of memory</span>, %4 over capacity")
        .arg(role, name, ChartPalette::overCapacity().name(), countOfText(s.tilesOverCapacity, "tile"));
}
} // namespace

SummaryComparePage::SummaryComparePage(ReportState* state, QWidget* parent)
    : ReportPage(state, parent)
{
    m_title = new QLabel(this);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    m_title->setFont(big);
    m_verdicts = new QLabel(this);
    m_verdicts->setTextFormat(Qt::RichText);

    m_figures = new SummaryFiguresModel(this);
    m_figuresPanel = new TablePanel(m_figures, QStringLiteral("summary-compared"), this);
    m_figuresPanel->sortByColumn(-1, Qt::AscendingOrder); // section order

    QWidget* optionsBox = buildOptionsBox();

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_figuresPanel);
    splitter->addWidget(optionsBox);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({ 700, 220 });
    // Keeps each figure near its values on wide screens.
    m_figuresPanel->setMaximumWidth(1100);
    optionsBox->setMaximumWidth(1100);
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(16, 12, 16, 8);
    layout->addWidget(m_title);
    layout->addWidget(m_verdicts);
    layout->addWidget(splitter, 1);

    connect(state, &ReportState::unitChanged, this, [this] {
        m_figures->setUnit(m_state->unit());
        if (isReady())
            refresh();
    });
}

QWidget* SummaryComparePage::buildOptionsBox()
{
    m_sourceOptions = new EngineOptionsModel(this);
    m_targetOptions = new EngineOptionsModel(this);
    m_options = new CompareTableModel(m_sourceOptions, m_targetOptions, this);
    m_options->setHighlightDifferences(true);
    m_options->setSplitText(true); // Value · Source | Value · Target: which report has what
    m_options->rebuild();
    auto* optionsPanel = m_optionsPanel
        = new TablePanel(m_options, QStringLiteral("engine-options-compared"), this);
    optionsPanel->setEmptyText(tr("No engine options differ between the two reports."));
    m_onlyDifferences = new QCheckBox(tr("Only differences"), this);
    m_onlyDifferences->setToolTip(tr("Show only the options whose values differ or that one report lacks"));
    m_onlyDifferences->setChecked(
        QSettings().value(SettingsKey::summaryOptionsOnlyDifferences, false).toBool());
    m_options->setOnlyDifferences(m_onlyDifferences->isChecked());
    connect(m_onlyDifferences, &QCheckBox::toggled, this, [this](bool only) {
        m_options->setOnlyDifferences(only);
        QSettings().setValue(SettingsKey::summaryOptionsOnlyDifferences, only);
    });

    auto* optionsBox = new QWidget(this);
    auto* optionsLayout = new QVBoxLayout(optionsBox);
    optionsLayout->setContentsMargins(0, 0, 0, 0);
    auto* optionsTitle = new QLabel(tr("<b>Engine options</b> · highlighted where the reports differ"), this);
    optionsLayout->addWidget(optionsTitle);
    optionsLayout->addWidget(m_onlyDifferences);
    optionsLayout->addWidget(optionsPanel, 1);
    return optionsBox;
}

void SummaryComparePage::refresh()
{
    const auto source = m_state->report(), target = m_state->comparedReport();
    if (!source || !target) {
        m_figures->setSummaries(nullptr, nullptr);
        m_sourceOptions->setOptions({});
        m_targetOptions->setOptions({});
        m_options->rebuild();
        return;
    }
    const MemoryUnit unit = m_state->unit();
    m_title->setText(QStringLiteral("%1 → %2").arg(source->fileName(), target->fileName()));
    m_verdicts->setText(
        verdict(tr("Source"), *source, unit) + QStringLiteral("<br>") + verdict(tr("Target"), *target, unit));
    m_figures->setUnit(unit);
    m_figures->setSummaries(&source->summary, &target->summary);
    const bool none
        = source->summary.info.engineOptions.empty() && target->summary.info.engineOptions.empty();
    m_optionsPanel->setEmptyText(none ? tr("Neither report records engine options.")
                                      : tr("No engine options differ between the two reports."));
    m_sourceOptions->setOptions(source->summary.info.engineOptions);
    m_targetOptions->setOptions(target->summary.info.engineOptions);
    m_options->rebuild();
}

} // namespace popscope
