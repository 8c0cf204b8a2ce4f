#include "views/liveness/liveness_page.hpp"

#include "models/report_state.hpp"
#include "models/memory/tile_range_parser.hpp"
#include "models/memory/tile_scope.hpp"
#include "popscope/errors.hpp"
#include "popscope/report.hpp"
#include "views/widgets/chart_export.hpp"
#include "views/widgets/page_parts.hpp"
#include "views/liveness/lifetime_bars.hpp"
#include "views/liveness/liveness_overview.hpp"
#include "views/liveness/liveness_plot.hpp"
#include "views/liveness/liveness_tables_view.hpp"
#include "models/liveness/name_tree_model.hpp"

#include <QComboBox>
#include <QCompleter>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QStringListModel>
#include <QToolButton>
#include <QVBoxLayout>

namespace popscope {

namespace {
constexpr int kAllIpus = -1;
constexpr int kSelectedTiles = -2;

// The index of the not-always-live variable called `name`, or -1.
int64_t findVariable(const Report& report, const QString& name)
{
    const std::string key = name.toStdString();
    const auto& variables = report.variables();
    for (size_t v = 0; v < variables.size(); ++v)
        if (!variables[v].alwaysLive && variables[v].name == key)
            return int64_t(v);
    return -1;
}
} // namespace

LivenessPage::LivenessPage(ReportState* state, QWidget* parent) : ReportPage(state, parent)
{
    m_plot = new LivenessPlot(state, this);
    m_overview = new LivenessOverview(m_plot, this);
    m_lifetimes = new LifetimeBars(m_plot, this);
    m_tables = new LivenessTablesView(this);

    m_scopeBox = new QComboBox(this);
    m_scopeBox->setToolTip(QStringLiteral("Liveness of all IPUs, of one IPU, or of the tiles selected here or on the "
                                          "Memory page"));
    auto* options = new QPushButton(QStringLiteral("Options"), this);
    auto* menu = new QMenu(options);
    m_includeAlwaysLive = menu->addAction(QStringLiteral("Include always live"));
    m_includeAlwaysLive->setCheckable(true);
    m_includeAlwaysLive->setToolTip(QStringLiteral("Stack the not-always-live bytes on the always-live bytes"));
    m_capacity = menu->addAction(QStringLiteral("Show capacity"));
    m_capacity->setCheckable(true);
    m_merge = menu->addAction(QStringLiteral("Merge (compare mode)"));
    m_merge->setCheckable(true);
    m_merge->setToolTip(QStringLiteral("Both reports on one plot, or the target in a pane under the source"));
    options->setMenu(menu);
    auto* peak = new QPushButton(QStringLiteral("Find peak"), this);
    peak->setToolTip(QStringLiteral("Select the step with the most not-always-live memory (P)"));
    peak->setShortcut(QKeySequence(Qt::Key_P));
    connect(peak, &QPushButton::clicked, this, &LivenessPage::findPeak);
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(QStringLiteral("Filter steps by program…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(QStringLiteral("Mark the steps whose program name contains this text; Enter selects the next one"));
    m_filterCount = new QLabel(this);
    m_filterCount->setForegroundRole(QPalette::PlaceholderText);
    auto* save = new QToolButton(this);
    save->setText(QStringLiteral("Save chart…"));
    save->setToolTip(QStringLiteral("Save the plot as PNG or SVG"));
    connect(save, &QToolButton::clicked, this, &LivenessPage::saveChart);

    auto* toolbar = new QHBoxLayout;
    toolbar->addWidget(new QLabel(QStringLiteral("Show:"), this));
    toolbar->addWidget(m_scopeBox);
    toolbar->addWidget(options);
    toolbar->addWidget(peak);
    toolbar->addSpacing(8);
    toolbar->addWidget(m_filter, 1);
    toolbar->addWidget(m_filterCount);
    toolbar->addStretch(0);
    toolbar->addWidget(save);

    m_error = PageParts::errorLabel(this);
    m_info = new QLabel(this);
    m_info->setWordWrap(true);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_lifetimeEdit = new QLineEdit(this);
    m_lifetimeEdit->setPlaceholderText(QStringLiteral("Variable lifetime: type a name, or double-click a variable below"));
    m_lifetimeEdit->setClearButtonEnabled(true);
    m_lifetimeEdit->setCompleter(new QCompleter(new QStringListModel(this), this));
    m_lifetimeEdit->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    m_lifetimeEdit->completer()->setFilterMode(Qt::MatchContains);
    auto* clearLifetimes = new QPushButton(QStringLiteral("Clear lifetimes"), this);
    auto* lifetimeBar = new QHBoxLayout;
    lifetimeBar->addWidget(m_lifetimeEdit, 1);
    lifetimeBar->addWidget(clearLifetimes);
    auto* hint = PageParts::hintLabel(QStringLiteral("Wheel: zoom · drag: pan · click: select a step · Shift-click: add steps · "
                                           "Shift+←/→: next step · P: peak · double-click: show all"), this);

    auto* top = new QWidget(this);
    auto* topLayout = PageParts::chartColumn(top);
    topLayout->addWidget(m_plot, 1);
    topLayout->addWidget(m_lifetimes);
    topLayout->addWidget(m_overview);
    topLayout->addLayout(lifetimeBar);
    topLayout->addWidget(hint);

    m_splitter = PageParts::chartAndTables(top, m_tables, this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->addLayout(toolbar);
    layout->addWidget(m_error);
    layout->addWidget(m_info);
    layout->addWidget(m_splitter, 1);

    QSettings settings;
    m_includeAlwaysLive->setChecked(settings.value(QStringLiteral("liveness/includeAlwaysLive"), true).toBool());
    m_capacity->setChecked(settings.value(QStringLiteral("liveness/showCapacity"), true).toBool());
    m_merge->setChecked(settings.value(QStringLiteral("liveness/merge"), true).toBool());
    m_plot->setIncludeAlwaysLive(m_includeAlwaysLive->isChecked());
    m_plot->setShowCapacity(m_capacity->isChecked());
    m_plot->setMerged(m_merge->isChecked());
    const auto remember = [](QAction* action, const char* key, auto apply) {
        connect(action, &QAction::toggled, action, [key, apply](bool on) {
            QSettings().setValue(QString::fromLatin1(key), on);
            apply(on);
        });
    };
    remember(m_includeAlwaysLive, "liveness/includeAlwaysLive", [this](bool on) { m_plot->setIncludeAlwaysLive(on); });
    remember(m_capacity, "liveness/showCapacity", [this](bool on) { m_plot->setShowCapacity(on); });
    remember(m_merge, "liveness/merge", [this](bool on) { m_plot->setMerged(on); });

    connect(m_scopeBox, &QComboBox::activated, this, &LivenessPage::rebuild);
    connect(m_plot, &LivenessPlot::selectionChanged, this, &LivenessPage::refreshTables);
    connect(m_filter, &QLineEdit::textChanged, this, &LivenessPage::applyFilter);
    connect(m_filter, &QLineEdit::returnPressed, this, &LivenessPage::nextMatch);
    connect(m_lifetimeEdit, &QLineEdit::returnPressed, this, [this] {
        if (addLifetime(m_lifetimeEdit->text().trimmed()))
            m_lifetimeEdit->clear();
    });
    connect(clearLifetimes, &QPushButton::clicked, this, [this] {
        m_lifetimeNames.clear();
        refreshLifetimes();
    });
    connect(m_lifetimes, &LifetimeBars::removeRequested, this, [this](const QString& name) {
        m_lifetimeNames.removeAll(name);
        refreshLifetimes();
    });
    connect(m_tables, &LivenessTablesView::lifetimeRequested, this, &LivenessPage::addLifetime);
    connect(state, &ReportState::selectionChanged, this, [this] {
        refreshScopeBox();
        if (m_scope.kind == LivenessScope::Kind::Tiles || m_scopeBox->currentData().toInt() == kSelectedTiles)
            refreshWhenShown();
    });
    connect(state, &ReportState::unitChanged, this, [this] {
        m_tables->setUnit(m_state->unit());
        m_lifetimes->setUnit(m_state->unit());
        refreshInfo();
    });
    // Rebuilding means the always-live tree (250,000 rows on bench-large): ReportPage does it when
    // the page is shown, after reading the liveness steps, the live ranges and the variables.
    setParts({ReportPart::Variables, ReportPart::Liveness, ReportPart::ProgramCycles});
    refreshScopeBox();
    rebuild();
}

void LivenessPage::refreshScopeBox()
{
    const auto report = m_state->report();
    const int current = m_scopeBox->currentIndex() >= 0 ? m_scopeBox->currentData().toInt() : kAllIpus;
    QSignalBlocker block(m_scopeBox);
    m_scopeBox->clear();
    m_scopeBox->addItem(QStringLiteral("All IPUs"), kAllIpus);
    uint32_t ipus = report ? report->summary.target.numIpus : 0;
    if (const auto target = m_state->comparedReport())
        ipus = std::min(ipus, target->summary.target.numIpus);
    for (uint32_t i = 0; i < ipus && ipus > 1; ++i)
        m_scopeBox->addItem(QStringLiteral("IPU %1").arg(i), int(i));
    const size_t tiles = m_state->selectedTiles().size();
    m_scopeBox->addItem(tiles ? QStringLiteral("Selected tiles (%1)").arg(countText(tiles))
                              : QStringLiteral("Selected tiles (select on the Memory page)"),
                        kSelectedTiles);
    if (!tiles) // nothing to show until tiles are selected
        if (auto* items = qobject_cast<QStandardItemModel*>(m_scopeBox->model()))
            items->item(m_scopeBox->count() - 1)->setEnabled(false);
    const int index = m_scopeBox->findData(current);
    m_scopeBox->setCurrentIndex(index >= 0 && !(current == kSelectedTiles && !tiles) ? index : 0);
}

LivenessScope LivenessPage::currentScope() const
{
    const int data = m_scopeBox->currentData().toInt();
    if (data >= 0)
        return LivenessScope::onIpu(uint32_t(data));
    if (data == kSelectedTiles) {
        std::vector<uint32_t> tiles = m_state->selectedTiles();
        std::erase_if(tiles, [common = m_state->commonTiles()](uint32_t t) { return t >= common; });
        if (!tiles.empty())
            return LivenessScope::onTiles(std::move(tiles));
    }
    return LivenessScope::allIpus();
}

void LivenessPage::forgetReports()
{
    // Nothing of the reports before stays; the new ones' parts are read before rebuild().
    m_tables->forgetReports();
    m_plot->setData({});
    m_plot->setSelectedSteps({});
    refreshScopeBox();
}

void LivenessPage::rebuild()
{
    const auto report = m_state->report();
    const auto target = m_state->comparedReport();
    m_error->setVisible(false);
    LivenessPlotData data;
    m_match = {};
    if (report) {
        m_scope = currentScope();
        try {
            data.source = livenessSeries(*report->core, m_scope);
            data.sourceSteps = &report->core->liveness();
            data.sourceName = report->fileName();
            if (target) {
                data.target = livenessSeries(*target->core, m_scope);
                data.targetSteps = &target->core->liveness();
                data.targetName = target->fileName();
                m_match = matchSteps(*data.sourceSteps, *data.targetSteps);
                data.match = &m_match;
            }
            m_basis = QString::fromStdString(data.source.basis);
        } catch (const ProfileError& error) {
            m_error->setText(QString::fromUtf8(error.what()));
            m_error->setVisible(true);
            data = {};
        }
        data.capacityLabel = m_scope.kind == LivenessScope::Kind::Tiles
            ? QStringLiteral("Capacity of %1").arg(QString::fromStdString(m_scope.describe()))
            : m_scope.kind == LivenessScope::Kind::Ipu ? QStringLiteral("IPU capacity") : QStringLiteral("Capacity of all IPUs");
    }
    const bool fresh = m_plot->selectedSteps().empty();
    m_plot->setData(std::move(data));
    m_merge->setEnabled(target != nullptr);
    m_lifetimes->setComparing(target != nullptr);
    // Completion for lifetimes: the not-always-live variables of both reports.
    QStringList names;
    for (const auto& r : {report, target})
        if (r)
            for (const Variable& v : r->variables())
                if (!v.alwaysLive)
                    names << QString::fromStdString(v.name);
    names.removeDuplicates();
    static_cast<QStringListModel*>(m_lifetimeEdit->completer()->model())->setStringList(names);
    applyFilter();
    if (fresh && m_plot->steps() > 0)
        m_plot->setSelectedSteps({popscope::findPeak(m_plot->data().source.notAlwaysLive).step}); // refreshes the tables
    else
        refreshTables();
    refreshLifetimes();
}

void LivenessPage::refreshTables()
{
    const auto report = m_state->report(), target = m_state->comparedReport();
    try {
        m_tables->update(report && m_plot->steps() ? report->core.get() : nullptr, target ? target->core.get() : nullptr,
                         &m_match, m_plot->selectedSteps(), m_scope);
    } catch (const ProfileError& error) {
        m_error->setText(QString::fromUtf8(error.what()));
        m_error->setVisible(true);
    }
    refreshInfo();
}

void LivenessPage::refreshInfo()
{
    const auto report = m_state->report();
    const LivenessPlotData& d = m_plot->data();
    if (!report || !d.sourceSteps || d.source.notAlwaysLive.empty()) {
        m_info->setText(report && !m_error->isVisibleTo(this) ? QStringLiteral("This report has no liveness steps.") : QString());
        return;
    }
    const MemoryUnit unit = m_state->unit();
    const LivenessPeak peak = popscope::findPeak(d.source.notAlwaysLive);
    QString scope = QString::fromStdString(m_scope.describe());
    scope[0] = scope[0].toUpper();
    // One line of figures; how the curve was obtained shows in it only when it was computed from
    // the variables (a tile selection without per-tile liveness), else in the tooltip.
    QString text = QStringLiteral("<b>%1</b>%2 · peak %3 at step %4 <i>%5</i>")
                       .arg(scope,
                            m_plot->data().source.computedFromVariables ? QStringLiteral(" (") + m_basis.toHtmlEscaped() + QLatin1Char(')')
                                                                        : QString(),
                            bytesText(peak.bytes, unit), countText(peak.step),
                            QString::fromStdString(d.sourceSteps->stepName(peak.step)).toHtmlEscaped());
    if (d.targetSteps && !d.target.notAlwaysLive.empty()) {
        const LivenessPeak t = popscope::findPeak(d.target.notAlwaysLive);
        const int64_t diff = int64_t(t.bytes) - int64_t(peak.bytes);
        text += QStringLiteral("; target %1 at step %2 (%3) · steps matched %4 (%5 of %6)")
                    .arg(bytesText(t.bytes, unit), countText(t.step), signedBytesText(diff, unit),
                         m_match.byName ? QStringLiteral("by program name") : QStringLiteral("by index"),
                         countText(m_match.matched), countText(d.source.notAlwaysLive.size()));
    }
    // Always-live memory is more than the always-live variables: say what the rest is.
    const NameTree& always = m_tables->model(QStringLiteral("Always Live Variables"))->tree();
    const uint64_t alwaysVariables = always.columns > 0 ? always.value(0, 0) : 0;
    m_info->setToolTip(QStringLiteral("Curve: %1.<br>Always live %2, of which variables %3; the rest is code, constants, "
                                      "vertex state and exchange buffers.")
                           .arg(m_basis.toHtmlEscaped(), bytesText(d.source.alwaysLive, unit), bytesText(alwaysVariables, unit)));
    const auto& selected = m_plot->selectedSteps();
    if (selected.size() == 1)
        text += QStringLiteral("<br>Selected step %1: <i>%2</i> (%3)")
                    .arg(countText(selected[0]), QString::fromStdString(d.sourceSteps->stepName(selected[0])).toHtmlEscaped(),
                         QString::fromStdString(d.sourceSteps->stepType(selected[0])));
    else if (selected.size() > 1)
        text += QStringLiteral("<br>%1 steps selected%2").arg(countText(selected.size()),
                    selected.size() > LivenessTablesView::kMaxStepColumns
                        ? QStringLiteral(" (the tables show the first %1)").arg(LivenessTablesView::kMaxStepColumns)
                        : QString());
    m_info->setText(text);
}

void LivenessPage::findPeak()
{
    const auto& values = m_plot->data().source.notAlwaysLive;
    if (values.empty())
        return;
    const uint32_t step = popscope::findPeak(values).step;
    m_plot->setSelectedSteps({step});
    m_plot->centreOn(step);
    m_tables->setCurrentIndex(1); // Not Always Live Variables: what is live at the peak
}

void LivenessPage::applyFilter()
{
    const QString text = m_filter->text().trimmed();
    const LivenessCurve* steps = m_plot->data().sourceSteps;
    m_matches.clear();
    size_t count = 0;
    if (!text.isEmpty() && steps) {
        const std::string needle = text.toLower().toStdString();
        // Programs first (fewer than steps), then steps.
        std::vector<uint8_t> programMatches(steps->programNames.size(), 0);
        for (size_t p = 0; p < steps->programNames.size(); ++p) {
            std::string name = steps->programNames[p];
            std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
            programMatches[p] = name.find(needle) != std::string::npos;
        }
        m_matches.resize(steps->numSteps());
        for (size_t s = 0; s < steps->numSteps(); ++s)
            count += m_matches[s] = programMatches[steps->stepProgram[s]];
    }
    m_filterCount->setText(text.isEmpty() ? QString()
                                          : count == 0 ? QStringLiteral("no steps")
                                                       : QStringLiteral("%1 step%2 · Enter: next").arg(countText(count), count == 1 ? QString() : QStringLiteral("s")));
    m_plot->setFilterMatches(m_matches);
}

void LivenessPage::nextMatch()
{
    if (m_matches.empty())
        return;
    const auto& selected = m_plot->selectedSteps();
    const size_t start = selected.empty() ? 0 : selected.back() + 1;
    for (size_t i = 0; i < m_matches.size(); ++i) {
        const size_t s = (start + i) % m_matches.size();
        if (m_matches[s]) {
            m_plot->setSelectedSteps({uint32_t(s)});
            m_plot->centreOn(uint32_t(s));
            return;
        }
    }
}

bool LivenessPage::addLifetime(const QString& name)
{
    const auto report = m_state->report(), target = m_state->comparedReport();
    const bool known = (report && findVariable(*report->core, name) >= 0) || (target && findVariable(*target->core, name) >= 0);
    if (!known) {
        if (!name.isEmpty()) {
            m_error->setText(QStringLiteral("No not-always-live variable is called “%1”. Always-live variables are live "
                                            "at every step; pick a name from the list.").arg(name));
            m_error->setVisible(true);
        }
        return false;
    }
    m_error->setVisible(false);
    m_lifetimeNames.removeAll(name);
    m_lifetimeNames << name;
    while (m_lifetimeNames.size() > LifetimeBars::kMaxRows)
        m_lifetimeNames.removeFirst();
    refreshLifetimes();
    return true;
}

void LivenessPage::refreshLifetimes()
{
    const auto report = m_state->report(), target = m_state->comparedReport();
    std::vector<LifetimeRow> rows;
    for (const QString& name : m_lifetimeNames) {
        LifetimeRow row;
        row.name = name;
        if (report)
            if (const int64_t v = findVariable(*report->core, name); v >= 0) {
                row.inSource = true;
                row.source = report->variables()[size_t(v)].liveRanges;
                row.sourceBytes = variableBytes(*report->core, uint32_t(v), m_scope);
            }
        if (target)
            if (const int64_t v = findVariable(*target->core, name); v >= 0) {
                row.inTarget = true;
                row.target = target->variables()[size_t(v)].liveRanges;
                row.targetBytes = variableBytes(*target->core, uint32_t(v), m_scope);
            }
        if (row.inSource || row.inTarget)
            rows.push_back(std::move(row));
    }
    m_lifetimes->setRows(std::move(rows));
}

bool LivenessPage::selectStepsText(const QString& text, QString* error)
{
    if (text.trimmed().compare(QStringLiteral("peak"), Qt::CaseInsensitive) == 0) {
        findPeak();
        return true;
    }
    const TileRangeResult parsed = TileRangeParser::parse(text, uint32_t(m_plot->data().source.notAlwaysLive.size()));
    if (!parsed.ok() || parsed.tiles.empty()) {
        if (error)
            *error = parsed.ok() ? QStringLiteral("no steps given") : QString(parsed.error).replace(QStringLiteral("tile"), QStringLiteral("step"));
        return false;
    }
    m_plot->setSelectedSteps(parsed.tiles);
    m_plot->centreOn(parsed.tiles.front());
    return true;
}

bool LivenessPage::showRow(const QString& table, const QString& rowKey)
{
    findPeak();
    if (table != QStringLiteral("variables"))
        return table.isEmpty();
    return rowKey.isEmpty() || m_tables->showRow(QStringLiteral("Not Always Live Variables"), rowKey);
}

void LivenessPage::saveChart()
{
    const auto report = m_state->report();
    const QString base = report ? QFileInfo(report->path).completeBaseName() + QStringLiteral("-liveness") : QStringLiteral("liveness");
    askAndSaveChart(this, base, [this](const QString& path, QString* error) { return m_plot->saveImage(path, error); });
}

} // namespace popscope
