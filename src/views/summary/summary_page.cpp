#include "views/summary/summary_page.hpp"

#include "views/summary/summary_memory_grid.hpp"

#include "models/memory/tile_scope.hpp"
#include "models/settings_keys.hpp"
#include "models/summary/engine_options_model.hpp"
#include "popscope/summary_figures.hpp"
#include "views/widgets/chart_palette.hpp"
#include "views/widgets/collapsible_section.hpp"
#include "views/widgets/scroll_page.hpp"
#include "views/widgets/table_panel.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <map>

namespace popscope {

namespace {

QString indentedInfoJson(const std::string& json)
{
    if (json.empty())
        return {};
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &error);
    if (error.error != QJsonParseError::NoError)
        return QString::fromStdString(json);
    return QString::fromUtf8(doc.toJson(QJsonDocument::Indented));
}

QPlainTextEdit* jsonView(QWidget* parent)
{
    auto* edit = new QPlainTextEdit(parent);
    edit->setReadOnly(true);
    edit->setFont(QFont(QStringLiteral("monospace")));
    edit->setMinimumHeight(120);
    edit->setMaximumHeight(220);
    return edit;
}

QWidget* formWidget(QFormLayout*& form, QWidget* parent)
{
    auto* w = new QWidget(parent);
    form = new QFormLayout(w);
    form->setLabelAlignment(Qt::AlignLeft);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setHorizontalSpacing(24);
    return w;
}

QString notRecorded()
{
    return QCoreApplication::translate("popscope::SummaryPage", "not recorded");
}

QString qstr(const char* text)
{
    return QString::fromUtf8(text);
}

} // namespace

// Profiles written without a clock (or by tools that store 0) carry an empty or Unix-epoch
// timestamp: both mean "not recorded", not "written on 1 January 1970".
QString SummaryPage::timestampText(const std::string& timestamp)
{
    const std::string recorded = recordedTimestamp(timestamp);
    return recorded.empty() ? notRecorded() : QString::fromStdString(recorded);
}

SummaryPage::SummaryPage(ReportState* state, QWidget* parent)
    : ReportPage(state, parent)
{
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(16, 12, 16, 12);
    layout->setSpacing(8);

    m_title = new QLabel(content);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    big.setBold(true);
    m_title->setFont(big);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_fit = new QLabel(content);
    m_fit->setWordWrap(true);
    m_fit->setTextFormat(Qt::RichText);
    layout->addWidget(m_fit);

    auto section = [&](const QString& title, QWidget* body, const QString& id) {
        layout->addWidget(
            new CollapsibleSection(title, body, SettingsKey::summaryExpandedPrefix + id, content));
    };
    section(qstr(figure_section::target), formWidget(m_target, content), QStringLiteral("target"));
    m_memory = new SummaryMemoryGrid(content);
    section(qstr(figure_section::memory), m_memory, QStringLiteral("memory"));
    section(qstr(figure_section::graph), formWidget(m_graph, content), QStringLiteral("graph"));
    section(qstr(figure_section::poplar), formWidget(m_poplar, content), QStringLiteral("poplar"));
    section(qstr(figure_section::memoryByCategory), formWidget(m_categories, content),
        QStringLiteral("categories"));
    section(qstr(figure_section::cyclesByStepType), formWidget(m_stepTypes, content),
        QStringLiteral("stepTypes"));

    m_options = new EngineOptionsModel(this);
    m_optionsPanel = new TablePanel(m_options, QStringLiteral("engine-options"), content);
    m_optionsPanel->setEmptyText(tr("This report records no engine options."));
    m_optionsPanel->setFilterSettingsKey(SettingsKey::summaryEngineOptionsFilter);
    m_optionsPanel->setMinimumHeight(220);
    m_optionsPanel->setMaximumWidth(960); // keeps each value near its option on wide screens
    section(tr("Engine options"), m_optionsPanel, QStringLiteral("engineOptions"));

    QWidget* jsonBody = buildJsonViews(content);
    section(tr("Framework and application"), jsonBody, QStringLiteral("json"));
    section(qstr(figure_section::reportFiles), formWidget(m_files, content), QStringLiteral("files"));
    layout->addStretch(1);

    placeInScrollArea(this, content);

    connect(state, &ReportState::unitChanged, this, [this] {
        if (isReady())
            refresh();
    });
    refresh(); // the empty state
}

QWidget* SummaryPage::buildJsonViews(QWidget* content)
{
    auto* jsonBody = new QWidget(content);
    auto* jsonLayout = new QGridLayout(jsonBody);
    m_framework = jsonView(jsonBody);
    m_app = jsonView(jsonBody);
    jsonLayout->addWidget(new QLabel(tr("Framework (framework.json)"), jsonBody), 0, 0);
    jsonLayout->addWidget(new QLabel(tr("Application (app.json)"), jsonBody), 0, 1);
    jsonLayout->addWidget(m_framework, 1, 0);
    jsonLayout->addWidget(m_app, 1, 1);
    return jsonBody;
}

void SummaryPage::clearForm(QFormLayout* form)
{
    while (form->rowCount() > 0)
        form->removeRow(0);
}

QLabel* SummaryPage::addField(
    QFormLayout* form, const QString& label, const QString& value, const QString& toolTip)
{
    auto* l = new QLabel(label + QLatin1Char(':'));
    l->setObjectName(label);
    auto* v = new QLabel(value);
    v->setObjectName(QStringLiteral("value:") + label);
    // Labels and values come from the file (step types, versions): text, never markup.
    l->setTextFormat(Qt::PlainText);
    v->setTextFormat(Qt::PlainText);
    v->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->setWordWrap(true);
    if (!toolTip.isEmpty()) {
        l->setToolTip(toolTip);
        v->setToolTip(toolTip);
    }
    form->addRow(l, v);
    return v;
}

QString SummaryPage::fieldText(const QString& label) const
{
    const auto* v = findChild<QLabel*>(QStringLiteral("value:") + label);
    return v ? v->text() : QString();
}

QString SummaryPage::figureShown(const std::string& figureKey) const
{
    const QString key = QString::fromStdString(figureKey);
    for (const QLabel* l : findChildren<QLabel*>())
        if (l->property("summaryFigure").toString() == key)
            return l->text();
    return {};
}

void SummaryPage::refresh()
{
    for (QFormLayout* f : { m_target, m_graph, m_poplar, m_categories, m_stepTypes, m_files })
        clearForm(f);
    m_memory->clear();
    const auto report = m_state->report();
    if (!report) {
        m_title->setText(tr("No report open"));
        m_fit->setText(tr("Open a report with File ▸ Open… (Ctrl+O) or drop a .pop file on the window."));
        m_options->setOptions({});
        m_framework->clear();
        m_app->clear();
        return;
    }
    const ProfileSummary& s = report->summary;
    const MemoryUnit u = m_state->unit();
    m_title->setText(report->fileName());
    m_title->setToolTip(report->path);
    showFit(s);

    const std::vector<SummaryFigure> figures = summaryFigures(s);
    addField(m_files, tr("Directory"), QFileInfo(report->path).absolutePath());
    const std::map<std::string, QFormLayout*> forms
        = { { figure_section::target, m_target }, { figure_section::graph, m_graph },
              { figure_section::poplar, m_poplar }, { figure_section::memoryByCategory, m_categories },
              { figure_section::cyclesByStepType, m_stepTypes }, { figure_section::reportFiles, m_files } };
    for (const SummaryFigure& f : figures) {
        const auto form = forms.find(f.section);
        if (form == forms.end())
            continue; // Memory: the grid below
        QString toolTip = QString::fromStdString(f.toolTip);
        if (f.exactBytes)
            toolTip = tr("%1 bytes").arg(countText(f.number));
        const QString label = QString::fromStdString(f.label);
        tagSummaryFigure(
            addField(form->second, label, QString::fromStdString(figureText(f, u)), toolTip), f.key);
    }
    m_memory->fill(s, figures, u);

    // What the window knows of the open file, beyond the profile's own figures.
    addField(m_poplar, tr("File"), QFileInfo(report->path).absoluteFilePath());
    addField(m_poplar, tr("File size"), bytesText(uint64_t(QFileInfo(report->path).size()), u));
    addField(m_poplar, tr("Opened in"), tr("%1 ms").arg(report->loadMilliseconds));

    m_options->setUnit(u);
    m_options->setOptions(s.info.engineOptions);
    const QString framework = indentedInfoJson(s.info.frameworkJson);
    const QString app = indentedInfoJson(s.info.appJson);
    m_framework->setPlainText(framework.isEmpty() ? tr("No framework.json in this report.") : framework);
    m_app->setPlainText(app.isEmpty() ? tr("No app.json in this report.") : app);
    alignFormLabels();
}

// The banner renders the "Fits" figure.
void SummaryPage::showFit(const ProfileSummary& s)
{
    const MemoryUnit u = m_state->unit();
    auto bytes = [u](uint64_t b) { return bytesText(b, u); };
    m_fit->setObjectName(QStringLiteral("value:Fits"));
    tagSummaryFigure(m_fit, "memory.fits"); // the banner shows the "Fits" figure
    if (s.fits)
        m_fit->setText(tr("<span style='color:%1; font-weight:bold'>✔ Fits in memory</span> — "
                          "uses %2 of %3 (%4), %5 spare.")
                           .arg(QColor(0x2c, 0xa0, 0x2c).name(), bytes(s.totalUsedIncludingGaps),
                               bytes(s.totalCapacity), QString::fromStdString(formatPercent(s.shareUsed())),
                               bytes(s.totalCapacity - std::min(s.totalCapacity, s.totalUsedIncludingGaps))));
    else
        m_fit->setText(
            tr("<span style='color:%1; font-weight:bold'>✘ Out of memory</span> — %2 %4 more than their %3. "
               "See Insights and the Memory report.")
                .arg(ChartPalette::overCapacity().name(), countOfText(s.tilesOverCapacity, "tile"),
                    bytes(s.target.bytesPerTile), pluralText(s.tilesOverCapacity, "needs", "need")));
}

// Each section has its own form; one label width for all of them lines the values up down the page.
void SummaryPage::alignFormLabels()
{
    const std::array<QFormLayout*, 6> forms
        = { m_target, m_graph, m_poplar, m_categories, m_stepTypes, m_files };
    int width = 0;
    for (QFormLayout* form : forms)
        for (int r = 0; r < form->rowCount(); ++r)
            if (QLayoutItem* label = form->itemAt(r, QFormLayout::LabelRole); label && label->widget())
                width = std::max(width, label->widget()->sizeHint().width());
    for (QFormLayout* form : forms)
        for (int r = 0; r < form->rowCount(); ++r)
            if (QLayoutItem* label = form->itemAt(r, QFormLayout::LabelRole); label && label->widget())
                label->widget()->setMinimumWidth(width);
}

} // namespace popscope
