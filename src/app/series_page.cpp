#include "app/series_page.hpp"

#include "models/csv_exporter.hpp"
#include "models/item_roles.hpp"
#include "models/simulation/series_table_model.hpp"
#include "views/widgets/small_chart.hpp"

#include "popscope/errors.hpp"
#include "popscope/plural.hpp"

#include <QCoreApplication>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

namespace popscope {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

} // namespace

void SeriesPage::buildTitleAndTable()
{
    m_title = new QLabel(this);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_verdict = new QLabel(this);
    m_verdict->setWordWrap(true);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(SortRole);
    m_table = new QTableView(this);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the series' own order until a header is clicked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
}

SeriesPage::SeriesPage(QWidget* parent)
    : QWidget(parent)
    , m_model(new SeriesTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_watcher(new QFutureWatcher<SeriesTable>(this))
{
    buildTitleAndTable();
    m_chart = new SmallChart(QStringLiteral("sweep"), this);
    m_chart->setMinimumHeight(280);
    m_open = new QPushButton(tr("Open"), this);
    m_open->setToolTip(tr("Open the selected report (or double-click a row)"));
    m_compare = new QPushButton(tr("Compare"), this);
    m_compare->setToolTip(tr("Compare the two selected reports: the upper row is the source"));
    auto* exportButton = new QPushButton(tr("Export CSV…"), this);
    auto* saveChart = new QPushButton(tr("Save Chart…"), this);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_open);
    buttons->addWidget(m_compare);
    buttons->addStretch(1);
    buttons->addWidget(exportButton);
    buttons->addWidget(saveChart);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(16, 12, 16, 12);
    layout->addWidget(m_title);
    layout->addWidget(m_verdict);
    layout->addWidget(m_table, 2);
    layout->addLayout(buttons);
    layout->addWidget(m_chart, 3);

    connect(m_watcher, &QFutureWatcher<SeriesTable>::finished, this, &SeriesPage::onLoaded);
    connect(
        m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &SeriesPage::updateButtons);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        emit openRequested(
            QString::fromStdString(m_model->table().rows[size_t(m_proxy->mapToSource(index).row())].path));
    });
    connect(m_open, &QPushButton::clicked, this, [this] { emit openRequested(selectedPaths().value(0)); });
    connect(m_compare, &QPushButton::clicked, this, [this] {
        const QStringList paths = selectedPaths();
        emit compareRequested(paths.value(0), paths.value(1));
    });
    connect(exportButton, &QPushButton::clicked, this, &SeriesPage::exportCsv);
    connect(saveChart, &QPushButton::clicked, m_chart, &SmallChart::saveWithDialog);
    updateButtons();
}

SeriesPage::~SeriesPage()
{
    m_watcher->waitForFinished();
}

void SeriesPage::load(const QStringList& paths, const QStringList& labels, const QString& parameter)
{
    m_watcher->waitForFinished();
    m_error.clear();
    // English plurals come from countOf: no translation is loaded to resolve tr()'s %n forms.
    const QString reports = QString::fromStdString(countOf(paths.size(), "report", "reports"));
    m_title->setText(parameter.isEmpty() ? tr("Series of %1").arg(reports)
                                         : tr("Sweep of %1: %2").arg(parameter, reports));
    m_verdict->setText(tr("Reading the reports…"));
    m_model->setTable({});
    std::vector<std::string> files, names;
    for (const QString& p : paths)
        files.push_back(p.toStdString());
    for (const QString& l : labels)
        names.push_back(l.toStdString());
    const std::string what = parameter.isEmpty() ? "report" : parameter.toStdString();
    m_watcher->setFuture(QtConcurrent::run([files, names, what] { return readSeries(files, names, what); }));
}

bool SeriesPage::isLoading() const
{
    return m_watcher->isRunning();
}

void SeriesPage::waitForLoaded()
{
    m_watcher->waitForFinished();
    QCoreApplication::sendPostedEvents(m_watcher);
}

void SeriesPage::onLoaded()
{
    try {
        m_model->setTable(m_watcher->result());
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
        m_verdict->setText(tr("Cannot show the series: %1").arg(m_error));
        updateChart();
        emit loaded();
        return;
    }
    const SeriesTable& t = m_model->table();
    QString verdict = t.largestFitting < 0
        ? tr("None of these fits in tile memory.")
        : tr("Largest that fits: %1 = %2 (in bold).")
              .arg(QString::fromStdString(t.parameter),
                  QString::fromStdString(t.rows[size_t(t.largestFitting)].label));
    if (t.jumpRow > 0)
        verdict += QLatin1Char(' ')
            + tr("Largest jump: %1 ×%2 from %3 to %4.")
                  .arg(QString::fromStdString(t.jumpFigure))
                  .arg(t.jumpRatio, 0, 'f', 2)
                  .arg(QString::fromStdString(t.rows[size_t(t.jumpRow) - 1].label),
                      QString::fromStdString(t.rows[size_t(t.jumpRow)].label));
    m_verdict->setText(verdict);
    m_table->resizeColumnsToContents();
    fitTableHeight();
    updateChart();
    emit loaded();
}

void SeriesPage::fitTableHeight()
{
    // As high as its rows (up to a dozen, then it scrolls): the chart takes the rest of the page.
    const int rows = std::clamp(m_model->rowCount(), 3, 12);
    m_table->setMaximumHeight(m_table->horizontalHeader()->height()
        + rows * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth()
        + m_table->horizontalScrollBar()->sizeHint().height());
}

void SeriesPage::updateChart()
{
    auto* chart = new QChart;
    const SeriesTable& t = m_model->table();
    chart->setTitle(tr("Memory and cycles by %1").arg(QString::fromStdString(t.parameter)));
    auto* memory = new QLineSeries(chart);
    memory->setName(tr("Total memory (MiB)"));
    auto* peak = new QLineSeries(chart);
    peak->setName(tr("Peak not-always-live (MiB)"));
    auto* capacity = new QLineSeries(chart);
    capacity->setName(tr("Capacity (MiB)"));
    // Cycles in thousands or millions, whichever keeps the axis' numbers short.
    uint64_t mostCycles = 0;
    for (const SeriesRow& r : t.rows)
        mostCycles = std::max(mostCycles, r.totalCycles);
    const bool millions = mostCycles >= 10'000'000;
    const double cycleUnit = millions ? 1e6 : 1e3;
    const QString cycleUnitName = millions ? tr("millions") : tr("thousands");
    auto* cycles = new QLineSeries(chart);
    cycles->setName(tr("Total cycles (%1)").arg(cycleUnitName));
    double maxMiB = 1, maxCycles = 1;
    auto* xAxis = new QCategoryAxis(chart);
    xAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    for (size_t i = 0; i < t.rows.size(); ++i) {
        const SeriesRow& r = t.rows[i];
        memory->append(double(i), double(r.totalMemory) / kMiB);
        peak->append(double(i), double(r.peakNotAlwaysLive) / kMiB);
        capacity->append(double(i), double(r.capacity) / kMiB);
        cycles->append(double(i), double(r.totalCycles) / cycleUnit);
        maxMiB = std::max({ maxMiB, double(r.totalMemory) / kMiB, double(r.capacity) / kMiB });
        maxCycles = std::max(maxCycles, double(r.totalCycles) / cycleUnit);
        xAxis->append(QString::fromStdString(r.label), double(i));
    }
    xAxis->setRange(0, std::max<double>(1, double(t.rows.size()) - 1));
    xAxis->setTitleText(QString::fromStdString(t.parameter));
    capacity->setPen(QPen(Qt::red, 1.5, Qt::DashLine));
    for (auto* s : { memory, peak, capacity, cycles })
        chart->addSeries(s);
    QValueAxis* mib = valueAxisTo(maxMiB * 1.05);
    mib->setTitleText(tr("Memory (MiB)"));
    QValueAxis* mcycles = valueAxisTo(maxCycles * 1.05);
    mcycles->setTitleText(tr("Cycles (%1)").arg(cycleUnitName));
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(mib, Qt::AlignLeft);
    chart->addAxis(mcycles, Qt::AlignRight);
    for (auto* s : { memory, peak, capacity }) {
        s->attachAxis(xAxis);
        s->attachAxis(mib);
    }
    cycles->attachAxis(xAxis);
    cycles->attachAxis(mcycles);
    m_chart->setChartContent(chart);
}

QStringList SeriesPage::selectedPaths() const
{
    QList<int> rows;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows())
        rows << m_proxy->mapToSource(index).row();
    std::sort(rows.begin(), rows.end());
    QStringList paths;
    for (int row : rows)
        paths << QString::fromStdString(m_model->table().rows[size_t(row)].path);
    return paths;
}

void SeriesPage::updateButtons()
{
    const qsizetype selected = m_table->selectionModel()->selectedRows().size();
    m_open->setEnabled(selected == 1);
    m_compare->setEnabled(selected == 2);
}

void SeriesPage::exportCsv()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the series"),
        QStringLiteral("%1-series.csv").arg(QString::fromStdString(m_model->table().parameter)),
        tr("CSV (*.csv)"));
    QString error;
    if (!path.isEmpty() && !CsvExporter::writeFile(*m_model, path, &error))
        QMessageBox::warning(this, tr("Export CSV"), error);
}

} // namespace popscope
