#include "views/insights/insights_page.hpp"

#include "models/memory/tile_scope.hpp"
#include "views/insights/insights_charts.hpp"
#include "views/insights/peak_liveness_box.hpp"
#include "views/widgets/chart_palette.hpp"
#include "views/widgets/column_fitter.hpp"
#include "views/widgets/scroll_page.hpp"
#include "views/widgets/small_chart.hpp"

#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTextDocument>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtCharts/QChart>

#include <algorithm>

namespace popscope {

namespace {

QLabel* wrapLabel(QWidget* parent)
{
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextFormat(Qt::RichText);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

} // namespace

InsightsPage::InsightsPage(ReportState* state, QWidget* parent, int slot)
    : ReportPage(state, parent)
    , m_slot(slot)
{
    auto* content = m_content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(16, 12, 16, 12);
    layout->setSpacing(10);
    m_fileTitle = new QLabel(content); // names the file in compare mode
    m_fileTitle->setTextFormat(Qt::RichText);
    m_fileTitle->setVisible(false);
    layout->addWidget(m_fileTitle);

    layout->addWidget(buildFitBox(content));
    // What to do about it comes next: each tip names a lever and what it would save.
    auto* tipsBox = new QGroupBox(tr("Tips"), content);
    auto* tipsLayout = new QVBoxLayout(tipsBox);
    m_tips = wrapLabel(tipsBox);
    tipsLayout->addWidget(m_tips);
    layout->addWidget(tipsBox);
    layout->addLayout(buildCharts(content), 3); // spare height goes to the charts, not to empty space below

    auto* largestBox = new QGroupBox(tr("Largest vertices and variables"), content);
    auto* largestLayout = new QVBoxLayout(largestBox);
    m_levels = new QTabWidget(largestBox);
    m_levels->setDocumentMode(true);
    largestLayout->addWidget(m_levels);
    layout->addWidget(largestBox, 2);

    m_peak = new PeakLivenessBox(content);
    connect(m_peak, &PeakLivenessBox::showTile, this, &InsightsPage::showTile);
    connect(m_peak, &PeakLivenessBox::showStep, this, [this](uint32_t step) {
        m_state->requestNavigation(
            NavigationTarget::numbered(page_ids::liveness, NavigationTarget::Kind::LivenessStep, step));
    });
    layout->addWidget(m_peak, 2);

    placeInScrollArea(this, content);

    setParts({ ReportPart::TileMemory, ReportPart::Insights });
    connect(state, &ReportState::unitChanged, this, [this] {
        if (isReady())
            refresh();
    });
    refresh(); // the empty state
}

QGroupBox* InsightsPage::buildFitBox(QWidget* content)
{
    auto* fitBox = new QGroupBox(tr("Does the model fit?"), content);
    auto* fitLayout = new QVBoxLayout(fitBox);
    m_fitTitle = wrapLabel(fitBox);
    QFont big = m_fitTitle->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_fitTitle->setFont(big);
    m_fitText = wrapLabel(fitBox);
    m_fitBar = new QProgressBar(fitBox);
    m_fitBar->setRange(0, 1000);
    m_fitBar->setTextVisible(true);
    fitLayout->addWidget(m_fitTitle);
    fitLayout->addWidget(m_fitBar);
    fitLayout->addWidget(m_fitText);
    return fitBox;
}

QGridLayout* InsightsPage::buildCharts(QWidget* content)
{
    auto* charts = new QGridLayout;
    m_topChart = new SmallChart(QStringLiteral("top-5-tiles"), content);
    m_topChart->setToolTip(
        tr("Click a bar to see that tile in the Memory report. Right-click to save the chart."));
    m_histogram = new SmallChart(QStringLiteral("tile-memory-histogram"), content);
    m_histogram->setToolTip(tr("How many tiles use each amount of memory. Right-click to save the chart."));
    m_topChart->setMinimumHeight(280); // five readable bars even in a small window (the page scrolls)
    m_histogram->setMinimumHeight(280);
    m_topChart->setHintMinimumHeight(true); // the stretch shares the spare height, not their last size
    m_histogram->setHintMinimumHeight(true);
    charts->addWidget(m_topChart, 0, 0);
    charts->addWidget(m_histogram, 0, 1);
    charts->setColumnStretch(0, 1);
    charts->setColumnStretch(1, 1);
    return charts;
}

QWidget* InsightsPage::levelWidget(const InsightLevel& level)
{
    const MemoryUnit u = m_state->unit();
    auto* w = new QWidget;
    // Side by side (compare mode) each half is narrow: the table goes below the vertex figures.
    auto* layout
        = new QBoxLayout(m_state->isComparing() ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight, w);
    auto* form = new QFormLayout;
    auto item = [&](const InsightItem& it) {
        if (it.bytes == 0)
            return QStringLiteral("—");
        return QStringLiteral("<b>%1</b><br>%2 · <small>%3</small>")
            .arg(QString::fromStdString(it.name).toHtmlEscaped(), bytesText(it.bytes, u),
                QString::fromStdString(formatItemDetail(it, u)).toHtmlEscaped());
    };
    auto* state = wrapLabel(w);
    state->setText(item(level.vertexState));
    auto* code = wrapLabel(w);
    code->setText(item(level.vertexCode));
    form->addRow(tr("Largest vertex state:"), state);
    form->addRow(tr("Largest vertex code:"), code);
    layout->addLayout(form, 2);

    auto* model = new QStandardItemModel(0, 3, w);
    model->setHorizontalHeaderLabels({ tr("Largest variables"), tr("Bytes here"), tr("Type") });
    for (const InsightItem& v : level.variables) {
        auto* size = new QStandardItem(bytesText(v.bytes, u));
        size->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        size->setToolTip(tr("%1 bytes").arg(countText(v.bytes)));
        const QString vName = QString::fromStdString(v.name);
        auto* name = new QStandardItem(vName);
        name->setToolTip(vName);
        model->appendRow({ name, size, new QStandardItem(QString::fromStdString(formatItemDetail(v, u))) });
    }
    auto* view = new QTreeView(w);
    view->setModel(model);
    view->setRootIsDecorated(false);
    view->setAlternatingRowColors(true);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    new ColumnFitter(view, view->header(), 120); // sizes and type fit their contents, names take the rest
    view->setMinimumHeight(200);
    layout->addWidget(view, 3);
    return w;
}

void InsightsPage::showFit(const InsightsAnalysis& d, MemoryUnit u)
{
    const double share = d.shareUsed();
    const QString red = ChartPalette::overCapacity().name();
    if (d.fits) {
        m_fitTitle->setText(tr("<span style='color:#2ca02c'>✔ The model fits</span>"));
        m_fitText->setText(
            tr("Uses %1 of %2 (%3); %4 spare. The most used tile holds %5 of its %6.")
                .arg(bytesText(d.used, u), bytesText(d.capacity, u),
                    QString::fromStdString(formatPercent(share)),
                    bytesText(d.capacity - std::min(d.used, d.capacity), u),
                    d.topTiles.empty() ? QStringLiteral("—") : bytesText(d.topTiles.front().bytes, u),
                    bytesText(d.bytesPerTile, u)));
    } else {
        const uint64_t excess = d.excessBytes;
        m_fitTitle->setText(tr("<span style='color:%1'>✘ Out of memory</span>").arg(red));
        m_fitText->setText(
            tr("%1 %7 more than their %2; together they are %3 over. Overall %4 of %5 (%6) is used.")
                .arg(countOfText(d.tilesOverCapacity, "tile"), bytesText(d.bytesPerTile, u),
                    bytesText(excess, u), bytesText(d.used, u), bytesText(d.capacity, u),
                    QString::fromStdString(formatPercent(share)),
                    pluralText(d.tilesOverCapacity, "needs", "need")));
    }
    m_fitBar->setValue(int(std::min(1.0, share) * 1000));
    m_fitBar->setFormat(tr("%1 of IPU memory used").arg(QString::fromStdString(formatPercent(share))));
}

void InsightsPage::refresh()
{
    const auto report = m_state->reportAt(m_slot);
    m_fileTitle->setVisible(report && m_state->isComparing());
    if (report)
        m_fileTitle->setText(
            QStringLiteral("<span style='font-size:large'><b>%1</b> · %2</span>")
                .arg(m_slot == 0 ? tr("Source") : tr("Target"), report->fileName().toHtmlEscaped()));
    while (m_levels->count() > 0) {
        QWidget* w = m_levels->widget(0);
        m_levels->removeTab(0);
        delete w;
    }
    if (!report) {
        m_data = {};
        m_fitTitle->setText(tr("No report open"));
        m_fitText->setText(tr("Open a report with File ▸ Open… (Ctrl+O)."));
        m_fitBar->setValue(0);
        m_tips->clear();
        m_peak->hide();
        m_topChart->setChartContent(new QChart);
        m_histogram->setChartContent(new QChart);
        return;
    }
    const MemoryUnit u = m_state->unit();
    m_data = report->core->insights();
    const InsightsAnalysis& d = m_data;
    showFit(d, u);
    const auto source = m_state->reportAt(0);
    const bool comparing = m_state->isComparing();
    m_peak->setPeak(d.peakLiveness, u,
        comparing && m_slot == 1 && source ? &source->core->insights().peakLiveness : nullptr, comparing);
    m_peak->show();

    m_topChart->setChartContent(makeTopTilesChart(d, u, [this](uint32_t tile) { emit showTile(tile); }));
    m_histogram->setChartContent(makeTileHistogramChart(d, u));
    for (const InsightLevel* level : { &d.model, &d.ipu, &d.tile })
        if (!level->title.empty())
            m_levels->addTab(levelWidget(*level), QString::fromStdString(level->title));
    QString tips = QStringLiteral("<ul style='margin-left:-20px'>");
    for (const InsightTip& tip : d.tips)
        tips += QStringLiteral("<li style='margin-bottom:4px'>%1</li>")
                    .arg(QString::fromStdString(formatTip(tip, u)).toHtmlEscaped());
    tips += QStringLiteral("</ul>");
    m_tips->setText(d.tips.empty() ? tr("No tips for this report.") : tips);
}

QString InsightsPage::tipsText() const
{
    QTextDocument document;
    document.setHtml(m_tips->text());
    return document.toPlainText();
}

} // namespace popscope
