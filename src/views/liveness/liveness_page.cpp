#include "views/liveness/liveness_page.hpp"

#include "models/liveness/liveness_view_state.hpp"
#include "models/liveness/name_tree_model.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/report_state.hpp"
#include "models/settings_keys.hpp"
#include "popscope/errors.hpp"
#include "popscope/report.hpp"
#include "views/liveness/lifetime_bars.hpp"
#include "views/liveness/lifetime_picker.hpp"
#include "views/liveness/liveness_overview.hpp"
#include "views/liveness/liveness_plot.hpp"
#include "views/liveness/liveness_scope_box.hpp"
#include "views/liveness/liveness_tables_view.hpp"
#include "views/page/page_parts.hpp"
#include "views/widgets/save_dialog.hpp"
#include "views/widgets/table_panel.hpp"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

namespace popscope {

LivenessPage::LivenessPage(ReportState* state, QWidget* parent)
    : ReportPage(state, parent)
{
    m_plot = new LivenessPlot(state, this);
    m_overview = new LivenessOverview(m_plot, this);
    m_lifetimes = new LifetimeBars(m_plot, this);
    m_tables = new LivenessTablesView(this);
    QLayout* toolbar = buildToolbar();
    m_error = PageParts::errorLabel(this);
    m_info = new QLabel(this);
    m_info->setWordWrap(true);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_splitter = PageParts::chartAndTables(buildChart(), m_tables, this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->addLayout(toolbar);
    layout->addWidget(m_error);
    layout->addWidget(m_info);
    layout->addWidget(m_splitter, 1);

    restoreSettings();
    followState();
    // Rebuilding means the always-live tree (250,000 rows on bench-large): ReportPage does it when
    // the page is shown, after reading the liveness steps, the live ranges and the variables.
    setParts({ ReportPart::Variables, ReportPart::Liveness, ReportPart::ProgramCycles });
    m_scopeBox->refresh(*m_state);
    rebuild();
}

QLayout* LivenessPage::buildToolbar()
{
    m_scopeBox = new LivenessScopeBox(this);
    auto* options = new QPushButton(tr("Options"), this);
    auto* menu = new QMenu(options);
    m_includeAlwaysLive = menu->addAction(tr("Include always live"));
    m_includeAlwaysLive->setCheckable(true);
    m_includeAlwaysLive->setToolTip(tr("Stack the not-always-live bytes on the always-live bytes"));
    m_capacity = menu->addAction(tr("Show capacity"));
    m_capacity->setCheckable(true);
    m_merge = menu->addAction(tr("Merge (compare mode)"));
    m_merge->setCheckable(true);
    m_merge->setToolTip(tr("Both reports on one plot, or the target in a pane under the source"));
    options->setMenu(menu);
    auto* peak = new QPushButton(tr("Find peak"), this);
    peak->setToolTip(tr("Select the step with the most not-always-live memory (P)"));
    peak->setShortcut(QKeySequence(Qt::Key_P));
    connect(peak, &QPushButton::clicked, this, &LivenessPage::findPeak);
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter steps by program…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(
        tr("Mark the steps whose program name contains this text; Enter selects the next one"));
    m_filterCount = new QLabel(this);
    m_filterCount->setForegroundRole(QPalette::PlaceholderText);
    auto* save = new QToolButton(this);
    save->setText(tr("Save chart…"));
    save->setToolTip(tr("Save the plot as PNG or SVG"));
    connect(save, &QToolButton::clicked, this, &LivenessPage::saveChart);

    auto* toolbar = new QHBoxLayout;
    toolbar->addWidget(new QLabel(tr("Show:"), this));
    toolbar->addWidget(m_scopeBox);
    toolbar->addWidget(options);
    toolbar->addWidget(peak);
    toolbar->addSpacing(8);
    toolbar->addWidget(m_filter, 1);
    toolbar->addWidget(m_filterCount);
    toolbar->addStretch(0);
    toolbar->addWidget(save);
    return toolbar;
}

QWidget* LivenessPage::buildChart()
{
    m_lifetimePicker = new LifetimePicker(this);
    auto* hint
        = PageParts::hintLabel(tr("Wheel: zoom · drag: pan · click: select a step · Shift-click: add steps · "
                                  "Shift+←/→: next step · P: peak · double-click: show all"),
            this);

    auto* top = new QWidget(this);
    auto* topLayout = PageParts::chartColumn(top);
    topLayout->addWidget(m_plot, 1);
    topLayout->addWidget(m_lifetimes);
    topLayout->addWidget(m_overview);
    topLayout->addWidget(m_lifetimePicker);
    topLayout->addWidget(hint);
    return top;
}

void LivenessPage::restoreSettings()
{
    QSettings settings;
    m_includeAlwaysLive->setChecked(settings.value(SettingsKey::livenessIncludeAlwaysLive, true).toBool());
    m_capacity->setChecked(settings.value(SettingsKey::livenessShowCapacity, true).toBool());
    m_merge->setChecked(settings.value(SettingsKey::livenessMerge, true).toBool());
    m_plot->setIncludeAlwaysLive(m_includeAlwaysLive->isChecked());
    m_plot->setShowCapacity(m_capacity->isChecked());
    m_plot->setMerged(m_merge->isChecked());
    const auto remember = [](QAction* action, QLatin1String key, auto apply) {
        connect(action, &QAction::toggled, action, [key, apply](bool on) {
            QSettings().setValue(key, on);
            apply(on);
        });
    };
    remember(m_includeAlwaysLive, SettingsKey::livenessIncludeAlwaysLive,
        [this](bool on) { m_plot->setIncludeAlwaysLive(on); });
    connect(m_plot, &LivenessPlot::includeAlwaysLiveToggled, m_includeAlwaysLive, &QAction::setChecked);
    remember(m_capacity, SettingsKey::livenessShowCapacity, [this](bool on) { m_plot->setShowCapacity(on); });
    remember(m_merge, SettingsKey::livenessMerge, [this](bool on) { m_plot->setMerged(on); });
}

void LivenessPage::followState()
{
    connect(m_scopeBox, &QComboBox::activated, this, &LivenessPage::rebuild);
    connect(m_plot, &LivenessPlot::selectionChanged, this, &LivenessPage::refreshTables);
    connect(m_filter, &QLineEdit::textChanged, this, &LivenessPage::applyFilter);
    connect(m_filter, &QLineEdit::returnPressed, this, &LivenessPage::nextMatch);
    connect(m_lifetimePicker, &LifetimePicker::picked, this, [this](const QString& name) {
        if (addLifetime(name))
            m_lifetimePicker->edit()->clear();
    });
    connect(m_lifetimePicker, &LifetimePicker::cleared, this, [this] {
        m_view.clearLifetimes();
        refreshLifetimes();
    });
    connect(m_lifetimes, &LifetimeBars::removeRequested, this, [this](const QString& name) {
        m_view.removeLifetime(name);
        refreshLifetimes();
    });
    connect(m_tables, &LivenessTablesView::lifetimeRequested, this, &LivenessPage::addLifetime);
    connect(m_state, &ReportState::selectionChanged, this, [this] {
        m_scopeBox->refresh(*m_state);
        if (m_view.scope().kind == LivenessScope::Kind::Tiles
            || m_scopeBox->choice() == LivenessViewState::kSelectedTiles)
            refreshWhenShown();
    });
    connect(m_state, &ReportState::unitChanged, this, [this] {
        m_tables->setUnit(m_state->unit());
        m_lifetimes->setUnit(m_state->unit());
        refreshInfo();
    });
}

void LivenessPage::forgetReports()
{
    // Nothing of the reports before stays; the new ones' parts are read before rebuild().
    m_tables->forgetReports();
    m_plot->setData({});
    m_plot->setSelectedSteps({});
    m_view.setReports(nullptr, nullptr);
    m_lifetimePicker->setNames({}); // its completer shared every name with the list just cleared
    m_scopeBox->refresh(*m_state);
}

void LivenessPage::rebuild()
{
    m_view.setReports(m_state->report(), m_state->comparedReport());
    m_error->setVisible(false);
    QString error;
    LivenessPlotData data = m_view.build(m_scopeBox->scope(*m_state), &error);
    if (!error.isEmpty())
        showError(error);
    const bool fresh = m_plot->selectedSteps().empty();
    m_plot->setData(std::move(data));
    const bool comparing = m_view.target() != nullptr;
    m_merge->setEnabled(comparing);
    m_lifetimes->setComparing(comparing);
    // Completion for lifetimes: the not-always-live variables of both reports.
    m_lifetimePicker->setNames(m_view.variableNames());
    applyFilter();
    if (fresh && m_plot->steps() > 0)
        m_plot->setSelectedSteps(
            { popscope::findPeak(m_plot->data().source.notAlwaysLive).step }); // refreshes the tables
    else
        refreshTables();
    refreshLifetimes();
}

void LivenessPage::refreshTables()
{
    const auto report = m_state->report(), target = m_state->comparedReport();
    try {
        m_tables->update(report && m_plot->steps() ? report->core.get() : nullptr,
            target ? target->core.get() : nullptr, &m_view.match(), m_plot->selectedSteps(), m_view.scope());
    } catch (const ProfileError& error) {
        showError(QString::fromUtf8(error.what()));
    }
    refreshInfo();
}

void LivenessPage::showError(const QString& message)
{
    m_error->setText(message);
    m_error->setVisible(true);
}

void LivenessPage::refreshInfo()
{
    const LivenessInfo info = m_view.info(m_plot->data(), m_plot->selectedSteps(), m_state->unit(),
        m_tables->alwaysLiveBytes(), LivenessTablesView::kMaxStepColumns);
    m_info->setText(info.hasCurve || !m_error->isVisibleTo(this) ? info.text : QString());
    if (info.hasCurve)
        m_info->setToolTip(info.toolTip);
}

void LivenessPage::findPeak()
{
    const auto& values = m_plot->data().source.notAlwaysLive;
    if (values.empty())
        return;
    const uint32_t step = popscope::findPeak(values).step;
    m_plot->setSelectedSteps({ step });
    m_plot->centreOn(step);
    m_tables->setCurrentWidget(m_tables->panel(LivenessTab::NotAlwaysLive)); // what is live at the peak
}

void LivenessPage::applyFilter()
{
    const QString text = m_filter->text().trimmed();
    const size_t count = m_view.filterSteps(text, m_plot->data().sourceSteps);
    m_filterCount->setText(text.isEmpty() ? QString()
            : count == 0                  ? tr("no steps")
                                          : countOfText(count, "step") + tr(" · Enter: next"));
    m_plot->setFilterMatches(m_view.filterMatches());
}

void LivenessPage::nextMatch()
{
    if (const auto step = m_view.nextMatch(m_plot->selectedSteps())) {
        m_plot->setSelectedSteps({ *step });
        m_plot->centreOn(*step);
    }
}

bool LivenessPage::addLifetime(const QString& name)
{
    QString error;
    if (!m_view.addLifetime(name, &error)) {
        if (!error.isEmpty())
            showError(error);
        return false;
    }
    m_error->setVisible(false);
    refreshLifetimes();
    return true;
}

void LivenessPage::refreshLifetimes()
{
    m_lifetimes->setRows(m_view.lifetimeRows());
}

bool LivenessPage::selectStepsText(const QString& text, QString* error)
{
    if (text.trimmed().compare(QStringLiteral("peak"), Qt::CaseInsensitive) == 0) {
        findPeak();
        return true;
    }
    const std::vector<uint32_t> steps
        = LivenessViewState::parseSteps(text, m_plot->data().source.notAlwaysLive.size(), error);
    if (steps.empty())
        return false;
    m_plot->setSelectedSteps(steps);
    m_plot->centreOn(steps.front());
    return true;
}

bool LivenessPage::showRow(const NavigationTarget& target)
{
    using Kind = NavigationTarget::Kind;
    if (target.kind == Kind::LivenessStep) {
        if (target.number >= m_plot->data().source.notAlwaysLive.size())
            return false;
        m_plot->setSelectedSteps({ target.number });
        m_plot->centreOn(target.number);
        return true;
    }
    if (target.kind != Kind::Page && target.kind != Kind::Variable)
        return false;
    findPeak();
    return target.kind == Kind::Page || m_tables->showRow(LivenessTab::NotAlwaysLive, target.name);
}

void LivenessPage::saveChart()
{
    const auto report = m_state->report();
    const QString base = report ? QFileInfo(report->path).completeBaseName() + QStringLiteral("-liveness")
                                : QStringLiteral("liveness");
    askAndSaveChart(
        this, base, [this](const QString& path, QString* error) { return m_plot->saveImage(path, error); });
}

} // namespace popscope
