#include "views/what_changed/what_changed_page.hpp"

#include "models/compare_colors.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/report_state.hpp"
#include "models/table_filter_proxy.hpp"
#include "models/what_changed/change_lines_model.hpp"
#include "models/what_changed/report_comparer.hpp"
#include "views/widgets/table_panel.hpp"

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QGridLayout>
#include <QHeaderView>
#include <QHideEvent>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QVBoxLayout>

namespace popscope {

namespace {

QLabel* cell(const QString& text, QWidget* parent, Qt::Alignment align = Qt::AlignRight | Qt::AlignVCenter)
{
    auto* label = new QLabel(text, parent);
    label->setAlignment(align);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString diffHtml(const SignedDiff& diff, bool bytes, MemoryUnit unit)
{
    if (diff.absolute == 0)
        return QCoreApplication::translate("popscope::WhatChangedPage", "no change");
    const QString value = bytes ? signedBytesText(diff.absolute, unit) : signedCountText(diff.absolute);
    const QString share
        = diff.fraction ? QStringLiteral(" (%1)").arg(signedPercentText(*diff.fraction)) : QString();
    const QColor colour = diff.absolute > 0 ? CompareColors::worse() : CompareColors::better();
    return QStringLiteral("<b style='color:%1'>%2%3</b>").arg(colour.name(), value, share);
}

} // namespace

WhatChangedPage::WhatChangedPage(ReportState* state, QWidget* parent)
    : ReportPage(state, parent)
{
    buildHeader();
    auto* headlineBox = new QWidget(this);
    m_headlines = new QGridLayout(headlineBox);
    m_headlines->setContentsMargins(0, 4, 0, 4);
    m_headlines->setHorizontalSpacing(18);
    m_headlines->setVerticalSpacing(4);
    buildTable();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(16, 12, 16, 8);
    layout->setSpacing(8);
    layout->addWidget(m_title);
    layout->addWidget(m_status);
    layout->addWidget(m_note);
    layout->addWidget(headlineBox);
    layout->addWidget(
        new QLabel(tr("<b>Every change, largest first</b> · double-click a line to open its rows"), this));
    layout->addWidget(m_panel, 1);

    m_comparer = new ReportComparer(this);
    followState();
    recompute();
}

void WhatChangedPage::buildHeader()
{
    m_title = new QLabel(this);
    m_title->setTextFormat(Qt::RichText);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    m_title->setFont(big);
    m_status = new QLabel(this);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setAutoFillBackground(true);
    m_note->setBackgroundRole(QPalette::ToolTipBase);
    m_note->setForegroundRole(QPalette::ToolTipText);
    m_note->setContentsMargins(8, 4, 8, 4);
    m_note->setVisible(false);
}

void WhatChangedPage::buildTable()
{
    m_model = new ChangeLinesModel(this);
    m_panel = new TablePanel(m_model, QStringLiteral("what-changed"), this);
    m_panel->setEmptyText(tr("The two reports hold the same memory figures."));
    m_panel->sortByColumn(-1, Qt::AscendingOrder); // core's ranking, largest first
    // The sentence says what Measure and Subject say; they stay for filtering and the CSV.
    m_panel->header()->setSectionHidden(ChangeLinesModel::Change, true);
    m_panel->header()->setSectionHidden(ChangeLinesModel::Subject, true);
    m_panel->view()->setToolTip(tr("Double-click a line to see its rows in the report it comes from"));
    connect(m_panel->view(), &QAbstractItemView::doubleClicked, this,
        [this](const QModelIndex& index) { openLine(m_panel->proxy()->mapToSource(index).row()); });
}

void WhatChangedPage::followState()
{
    connect(m_comparer, &ReportComparer::progress, this, &WhatChangedPage::showStatus);
    connect(m_comparer, &ReportComparer::droppedWorkEnded, this, &ReportPage::stoppedWorkEnded);
    connect(m_comparer, &ReportComparer::compared, this, [this] {
        show();
        finishWork();
    });
    connect(m_comparer, &ReportComparer::tracesCompared, this, [this] {
        show();
        emit tracesReady();
    });
    connect(m_comparer, &ReportComparer::failed, this, [this](const QString& message) {
        show();
        showStatus(tr("The reports could not be compared: %1").arg(message));
        finishWork();
    });
    connect(m_state, &ReportState::unitChanged, this, [this] {
        m_model->setUnit(m_state->unit());
        show();
    });
}

const ReportComparison* WhatChangedPage::comparison() const
{
    return m_comparer->comparison();
}

bool WhatChangedPage::tracesPending() const
{
    return m_comparer->tracesPending();
}

uint64_t WhatChangedPage::workBytesNeeded(const Report& report) const
{
    return isReady() ? 0 : estimatedComparisonBytes(report); // ready: compared, or failed
}

QString WhatChangedPage::statusText() const
{
    return !m_status->isHidden() ? m_status->text() : QString();
}

void WhatChangedPage::showStatus(const QString& text)
{
    m_status->setText(text);
    m_status->setVisible(true);
}

void WhatChangedPage::showReports()
{
    startWork(); // ready once the comparison is shown
    recompute();
    if (!m_comparer->isComparing())
        finishWork();
}

void WhatChangedPage::showEvent(QShowEvent* event)
{
    ReportPage::showEvent(event);
    m_comparer->holdTraces(false);
}

void WhatChangedPage::hideEvent(QHideEvent* event)
{
    ReportPage::hideEvent(event);
    if (event->spontaneous()) // a minimised window: the user waits for it
        return;
    if (m_comparer->isComparing()) { // the figures: stopped now, compared again when next shown
        m_comparer->drop();
        abandonWork();
        showStatus(tr("The reports are compared when this page is shown"));
    } else {
        m_comparer->holdTraces(true);
    }
}

void WhatChangedPage::forgetReports()
{
    m_comparer->drop();
}

void WhatChangedPage::recompute()
{
    // Work for the reports before is dropped; with two reports the comparer says it is comparing.
    m_comparer->start(m_state->report(), m_state->comparedReport());
    if (!m_comparer->isComparing())
        show();
}

void WhatChangedPage::addTraceHeadlines(const ReportComparison& c, int& row)
{
    const TraceComparison& t = c.trace;
    if (!t.present)
        return;
    const auto label
        = [this](const QString& text) { return cell(text, this, Qt::AlignLeft | Qt::AlignVCenter); };
    const ComparedFigure cycles = compareFigure(t.sourceTotalCycles, t.targetTotalCycles);
    m_headlines->addWidget(label(tr("Total cycles (the longest IPU)")), row, 0);
    m_headlines->addWidget(cell(countText(cycles.source), this), row, 1);
    m_headlines->addWidget(cell(countText(cycles.target), this), row, 2);
    m_headlines->addWidget(label(diffHtml(cycles.diff, false, m_state->unit())), row, 3);
    ++row;
    // Efficiency in points; a rise is the good direction.
    const int64_t source = shareInBasisPoints(t.sourceEfficiency),
                  target = shareInBasisPoints(t.targetEfficiency);
    m_headlines->addWidget(label(tr("Parallel efficiency")), row, 0);
    m_headlines->addWidget(
        cell(QString::fromStdString(formatValue(source, "percent", m_state->unit())), this), row, 1);
    m_headlines->addWidget(
        cell(QString::fromStdString(formatValue(target, "percent", m_state->unit())), this), row, 2);
    const QColor colour = target > source ? CompareColors::better() : CompareColors::worse();
    m_headlines->addWidget(
        label(target == source
                ? tr("no change")
                : QStringLiteral("<b style='color:%1'>%2</b>")
                      .arg(colour.name(),
                          QString::fromStdString(formatDiff(
                              signedDiff(uint64_t(source), uint64_t(target)), "percent", m_state->unit())))),
        row, 3);
    m_headlines->addWidget(label(tr("busy tile-cycles ÷ all tile-cycles")), row, 4);
    ++row;
}

void WhatChangedPage::clearHeadlines()
{
    while (QLayoutItem* item = m_headlines->takeAt(0)) {
        delete item->widget();
        delete item;
    }
}

void WhatChangedPage::show()
{
    clearHeadlines();
    const auto source = m_state->report(), target = m_state->comparedReport();
    const ReportComparison* comparison = m_comparer->comparison();
    if (!comparison || !source || !target) {
        m_title->setText(source && target ? tr("What changed") : tr("What changed needs two reports"));
        if (!(source && target))
            m_status->setText(tr("Compare two reports with File ▸ Compare Two Reports… (Ctrl+Shift+O)."));
        m_model->setLines({});
        m_note->setVisible(false);
        return;
    }
    const ReportComparison& c = *comparison;
    m_title->setText(tr("What changed from <b>%1</b> to <b>%2</b>")
                         .arg(source->fileName().toHtmlEscaped(), target->fileName().toHtmlEscaped()));
    m_status->setVisible(false);
    m_note->setText(QString::fromStdString(c.tilesNote));
    m_note->setVisible(!c.tilesNote.empty());

    int row = 0;
    for (const QString& header : { QString(), tr("Source"), tr("Target"), tr("Change") })
        m_headlines->addWidget(cell(QStringLiteral("<b>%1</b>").arg(header), this), 0, row++);
    row = 1;
    addFigureHeadlines(c, row);
    addLivenessHeadline(c, row);
    addTraceHeadlines(c, row);
    if (m_comparer->tracesPending())
        showStatus(m_comparer->stage());
    else if (!m_comparer->traceError().isEmpty())
        showStatus(tr("The execution traces could not be compared: %1").arg(m_comparer->traceError()));
    m_headlines->setColumnStretch(5, 1);
    m_model->setUnit(m_state->unit());
    m_model->setLines(whatChanged(c));
}

void WhatChangedPage::addFigureHeadlines(const ReportComparison& c, int& row)
{
    struct Headline {
        QString label;
        const ComparedFigure& figure;
        bool bytes;
    };
    const MemoryUnit unit = m_state->unit();
    const ComparedFigure variables = compareFigure(c.variables.sourceRows, c.variables.targetRows);
    const Headline headlines[] = {
        { tr("Total memory (including gaps)"), c.totalMemory, true },
        { tr("Most used tile"), c.peakTileMemory, true },
        { tr("Tiles over capacity"), c.tilesOverCapacity, false },
        { tr("Always-live memory"), c.alwaysLive, true },
        { tr("Not-always-live memory"), c.notAlwaysLive, true },
        { tr("Variables"), variables, false },
    };
    for (const Headline& h : headlines) {
        const auto value = [&](uint64_t v) { return h.bytes ? bytesText(v, unit) : countText(v); };
        m_headlines->addWidget(cell(h.label, this, Qt::AlignLeft | Qt::AlignVCenter), row, 0);
        m_headlines->addWidget(cell(value(h.figure.source), this), row, 1);
        m_headlines->addWidget(cell(value(h.figure.target), this), row, 2);
        m_headlines->addWidget(
            cell(diffHtml(h.figure.diff, h.bytes, unit), this, Qt::AlignLeft | Qt::AlignVCenter), row, 3);
        ++row;
    }
}

void WhatChangedPage::addLivenessHeadline(const ReportComparison& c, int& row)
{
    // Liveness: the peak of each report, with its step and program beside it.
    if (!c.liveness.available)
        return;
    const MemoryUnit unit = m_state->unit();
    const ComparedFigure peak = compareFigure(c.liveness.sourcePeak, c.liveness.targetPeak);
    m_headlines->addWidget(
        cell(tr("Peak liveness (not always live)"), this, Qt::AlignLeft | Qt::AlignVCenter), row, 0);
    m_headlines->addWidget(cell(bytesText(peak.source, unit), this), row, 1);
    m_headlines->addWidget(cell(bytesText(peak.target, unit), this), row, 2);
    m_headlines->addWidget(
        cell(diffHtml(peak.diff, true, unit), this, Qt::AlignLeft | Qt::AlignVCenter), row, 3);
    const auto where = [](uint32_t step, const std::string& program) {
        return tr("step %1 <i>%2</i>").arg(countText(step), QString::fromStdString(program).toHtmlEscaped());
    };
    m_headlines->addWidget(cell(tr("at %1 → %2")
                                    .arg(where(c.liveness.sourcePeakStep, c.liveness.sourcePeakProgram),
                                        where(c.liveness.targetPeakStep, c.liveness.targetPeakProgram)),
                               this, Qt::AlignLeft | Qt::AlignVCenter),
        row, 4);
    ++row;
}

void WhatChangedPage::openLine(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    const NavigationTarget target = m_model->targetAt(row);
    if (!target.page.isNull())
        m_state->requestNavigation(target);
}

} // namespace popscope
