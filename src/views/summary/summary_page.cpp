#include "views/summary/summary_page.hpp"

#include "models/summary/engine_options_model.hpp"
#include "models/memory/tile_scope.hpp"
#include "views/widgets/chart_palette.hpp"
#include "views/widgets/scroll_page.hpp"
#include "views/widgets/collapsible_section.hpp"
#include "views/widgets/table_panel.hpp"

#include <QDateTime>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QHeaderView>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <array>

namespace popscope {

namespace {

QString prettyJson(const std::string& json)
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

QString notRecorded() { return QStringLiteral("not recorded"); }

QString orNotRecorded(const std::string& text)
{
    const QString t = QString::fromStdString(text).trimmed();
    return t.isEmpty() ? notRecorded() : t;
}

} // namespace

// Profiles written without a clock (or by tools that store 0) carry an empty or Unix-epoch
// timestamp: both mean "not recorded", not "written on 1 January 1970".
QString SummaryPage::timestampText(const std::string& timestamp)
{
    const QString t = QString::fromStdString(timestamp).trimmed();
    if (t.isEmpty() || t.startsWith(QStringLiteral("1970-01-01")) || t == QStringLiteral("0"))
        return notRecorded();
    QDateTime when = QDateTime::fromString(t, Qt::ISODateWithMs);
    if (!when.isValid())
        when = QDateTime::fromString(t, Qt::ISODate);
    if (!when.isValid())
        return t; // show what the file says
    if (when.toSecsSinceEpoch() <= 0)
        return notRecorded();
    return t;
}

SummaryPage::SummaryPage(ReportState* state, QWidget* parent) : ReportPage(state, parent)
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

    const QString key = QStringLiteral("summary/expanded/");
    auto section = [&](const QString& title, QWidget* body, const QString& id) {
        layout->addWidget(new CollapsibleSection(title, body, key + id, content));
    };
    section(QStringLiteral("Target"), formWidget(m_target, content), QStringLiteral("target"));
    auto* memoryBody = new QWidget(content);
    m_memory = new QGridLayout(memoryBody);
    m_memory->setHorizontalSpacing(24);
    section(QStringLiteral("Memory"), memoryBody, QStringLiteral("memory"));
    section(QStringLiteral("Graph"), formWidget(m_graph, content), QStringLiteral("graph"));
    section(QStringLiteral("Poplar and report"), formWidget(m_poplar, content), QStringLiteral("poplar"));

    m_options = new EngineOptionsModel(this);
    m_optionsPanel = new TablePanel(m_options, QStringLiteral("engine-options"), content);
    m_optionsPanel->setEmptyText(QStringLiteral("This report records no engine options."));
    m_optionsPanel->setFilterSettingsKey(QStringLiteral("summary/engineOptionsFilter"));
    m_optionsPanel->setMinimumHeight(220);
    m_optionsPanel->setMaximumWidth(960); // keeps each value near its option on wide screens
    section(QStringLiteral("Engine options"), m_optionsPanel, QStringLiteral("engineOptions"));

    auto* jsonBody = new QWidget(content);
    auto* jsonLayout = new QGridLayout(jsonBody);
    m_framework = jsonView(jsonBody);
    m_app = jsonView(jsonBody);
    jsonLayout->addWidget(new QLabel(QStringLiteral("Framework (framework.json)"), jsonBody), 0, 0);
    jsonLayout->addWidget(new QLabel(QStringLiteral("Application (app.json)"), jsonBody), 0, 1);
    jsonLayout->addWidget(m_framework, 1, 0);
    jsonLayout->addWidget(m_app, 1, 1);
    section(QStringLiteral("Framework and application"), jsonBody, QStringLiteral("json"));
    section(QStringLiteral("Report files"), formWidget(m_files, content), QStringLiteral("files"));
    layout->addStretch(1);

    placeInScrollArea(this, content);

    connect(state, &ReportState::unitChanged, this, [this] {
        if (isReady())
            refresh();
    });
    refresh(); // the empty state
}

void SummaryPage::clearForm(QFormLayout* form)
{
    while (form->rowCount() > 0)
        form->removeRow(0);
}

void SummaryPage::addField(QFormLayout* form, const QString& label, const QString& value, const QString& toolTip)
{
    auto* l = new QLabel(label + QLatin1Char(':'));
    l->setObjectName(label);
    auto* v = new QLabel(value);
    v->setObjectName(QStringLiteral("value:") + label);
    v->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->setWordWrap(true);
    if (!toolTip.isEmpty()) {
        l->setToolTip(toolTip);
        v->setToolTip(toolTip);
    }
    form->addRow(l, v);
}

QString SummaryPage::fieldText(const QString& label) const
{
    const auto* v = findChild<QLabel*>(QStringLiteral("value:") + label);
    return v ? v->text() : QString();
}

void SummaryPage::refresh()
{
    for (QFormLayout* f : {m_target, m_graph, m_poplar, m_files})
        clearForm(f);
    while (QLayoutItem* item = m_memory->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const auto report = m_state->report();
    if (!report) {
        m_title->setText(QStringLiteral("No report open"));
        m_fit->setText(QStringLiteral("Open a report with File ▸ Open… (Ctrl+O) or drop a .pop file on the window."));
        m_options->setOptions({});
        m_framework->clear();
        m_app->clear();
        return;
    }
    const ProfileSummary& s = report->summary;
    const Target& t = s.target;
    const MemoryUnit u = m_state->unit();
    auto bytes = [u](uint64_t b) { return bytesText(b, u); };
    m_title->setText(report->fileName());
    m_title->setToolTip(report->path);
    const QString red = ChartPalette::overCapacity().name();
    const QString green = QColor(0x2c, 0xa0, 0x2c).name();
    if (s.fits)
        m_fit->setText(QStringLiteral("<span style='color:%1; font-weight:bold'>✔ Fits in memory</span> — uses %2 of %3 (%4), %5 spare.")
                           .arg(green, bytes(s.totalUsedIncludingGaps), bytes(s.totalCapacity),
                                QString::fromStdString(formatPercent(s.totalCapacity ? double(s.totalUsedIncludingGaps) / double(s.totalCapacity) : 0)),
                                bytes(s.totalCapacity - std::min(s.totalCapacity, s.totalUsedIncludingGaps))));
    else
        m_fit->setText(QStringLiteral("<span style='color:%1; font-weight:bold'>✘ Out of memory</span> — %2 tiles need more than their %3. "
                                      "See Insights and the Memory report.")
                           .arg(red, countText(s.tilesOverCapacity), bytes(t.bytesPerTile)));

    addField(m_target, QStringLiteral("Type"), orNotRecorded(t.type));
    addField(m_target, QStringLiteral("Architecture"), orNotRecorded(t.architecture));
    addField(m_target, QStringLiteral("Timestamp"), timestampText(s.info.timestamp),
             QStringLiteral("When the profile was written"));
    addField(m_target, QStringLiteral("Tiles per IPU"), countText(t.tilesPerIpu));
    addField(m_target, QStringLiteral("IPUs"), countText(t.numIpus));
    if (t.numReplicas > 1) {
        addField(m_target, QStringLiteral("IPUs per replica"), countText(t.ipusPerReplica));
        addField(m_target, QStringLiteral("Replicas"), countText(t.numReplicas));
    }
    addField(m_target, QStringLiteral("Total tiles"), countText(t.numTiles()));
    addField(m_target, QStringLiteral("Memory per tile"), bytes(t.bytesPerTile), countText(t.bytesPerTile) + QStringLiteral(" bytes"));
    addField(m_target, QStringLiteral("Memory per IPU"), bytes(t.bytesPerIpu()), countText(t.bytesPerIpu()) + QStringLiteral(" bytes"));
    if (t.numReplicas > 1)
        addField(m_target, QStringLiteral("Memory per replica"), bytes(t.bytesPerIpu() * t.ipusPerReplica));
    addField(m_target, QStringLiteral("Total memory"), bytes(t.totalMemory()), countText(t.totalMemory()) + QStringLiteral(" bytes"));
    addField(m_target, QStringLiteral("Clock"), t.clockHz > 0 ? QStringLiteral("%1 GHz").arg(t.clockHz / 1e9, 0, 'f', 2) : notRecorded());
    addField(m_target, QStringLiteral("Compute instrumentation"), orNotRecorded(t.computeInstrumentation));
    addField(m_target, QStringLiteral("External exchange instrumentation"), orNotRecorded(t.externalExchangeInstrumentation));

    // Memory per IPU.
    const QStringList headers = {QStringLiteral("IPU"), QStringLiteral("Used (excl. gaps)"), QStringLiteral("Used (incl. gaps)"),
                                 QStringLiteral("Capacity"), QStringLiteral("Share used"), QStringLiteral("Most used tile"),
                                 QStringLiteral("Tiles over capacity")};
    for (int c = 0; c < headers.size(); ++c) {
        auto* h = new QLabel(QStringLiteral("<b>%1</b>").arg(headers[c]));
        m_memory->addWidget(h, 0, c, c == 0 ? Qt::AlignLeft : Qt::AlignRight);
    }
    int row = 1;
    auto addRow = [&](const QStringList& cells, bool over) {
        for (int c = 0; c < cells.size(); ++c) {
            auto* l = new QLabel(cells[c]);
            l->setTextInteractionFlags(Qt::TextSelectableByMouse);
            if (over && c == cells.size() - 1)
                l->setText(QStringLiteral("<span style='color:%1'><b>%2</b></span>").arg(red, cells[c]));
            m_memory->addWidget(l, row, c, c == 0 ? Qt::AlignLeft : Qt::AlignRight);
        }
        ++row;
    };
    for (const IpuMemorySummary& ipu : s.ipus)
        addRow({QString::number(ipu.ipu), bytes(ipu.usedExcludingGaps), bytes(ipu.usedIncludingGaps), bytes(ipu.capacity),
                QString::fromStdString(formatPercent(ipu.capacity ? double(ipu.usedIncludingGaps) / double(ipu.capacity) : 0)),
                QStringLiteral("%1 (%2)").arg(ipu.maxTile).arg(bytes(ipu.maxTileBytes)), countText(ipu.tilesOverCapacity)},
               ipu.tilesOverCapacity > 0);
    const auto fullest = std::max_element(s.ipus.begin(), s.ipus.end(), [](const IpuMemorySummary& a, const IpuMemorySummary& b) {
        return a.maxTileBytes < b.maxTileBytes;
    });
    addRow({QStringLiteral("<b>All</b>"), bytes(s.totalUsedExcludingGaps), bytes(s.totalUsedIncludingGaps), bytes(s.totalCapacity),
            QString::fromStdString(formatPercent(s.totalCapacity ? double(s.totalUsedIncludingGaps) / double(s.totalCapacity) : 0)),
            fullest == s.ipus.end() ? QString() : QStringLiteral("%1 (%2)").arg(fullest->maxTile).arg(bytes(fullest->maxTileBytes)),
            countText(s.tilesOverCapacity)},
           s.tilesOverCapacity > 0);
    m_memory->setColumnStretch(headers.size(), 1);

    addField(m_graph, QStringLiteral("Compute sets"), countText(s.numComputeSets));
    addField(m_graph, QStringLiteral("Vertices"), countText(s.numVertices), QStringLiteral("Vertex instances over all compute sets"));
    addField(m_graph, QStringLiteral("Vertex types"), countText(s.numVertexTypes));
    addField(m_graph, QStringLiteral("Variables"), countText(s.numVariables));
    addField(m_graph, QStringLiteral("Edges"), countText(s.info.numEdges));
    addField(m_graph, QStringLiteral("Programs"), countText(s.numPrograms));
    addField(m_graph, QStringLiteral("Exchanges"), countText(s.numExchanges));
    addField(m_graph, QStringLiteral("Liveness steps"), countText(s.numLivenessSteps));
    addField(m_graph, QStringLiteral("Execution steps"), countText(s.numExecutionSteps));
    addField(m_graph, QStringLiteral("Runs"), countText(s.numRuns));
    addField(m_graph, QStringLiteral("Operations"), countText(s.numOperations));
    if (s.totalCycles > 0 && t.clockHz <= 0)
        addField(m_graph, QStringLiteral("Total cycles"), countText(s.totalCycles));
    else if (s.totalCycles > 0)
        addField(m_graph, QStringLiteral("Total cycles"),
                 QStringLiteral("%1 (%2 ms at %3 GHz)")
                     .arg(countText(s.totalCycles))
                     .arg(double(s.totalCycles) / t.clockHz * 1e3, 0, 'f', 3)
                     .arg(t.clockHz / 1e9, 0, 'f', 2));

    addField(m_poplar, QStringLiteral("Poplar version"), orNotRecorded(s.info.poplarVersion));
    if (!s.info.generator.empty())
        addField(m_poplar, QStringLiteral("Written by"), QString::fromStdString(s.info.generator));
    addField(m_poplar, QStringLiteral("Profile format"), QStringLiteral("%1.%2").arg(s.formatMajor).arg(s.formatMinor));
    addField(m_poplar, QStringLiteral("File"), QFileInfo(report->path).absoluteFilePath());
    addField(m_poplar, QStringLiteral("File size"), bytes(uint64_t(QFileInfo(report->path).size())));
    addField(m_poplar, QStringLiteral("Opened in"), QStringLiteral("%1 ms").arg(report->loadMilliseconds));

    m_options->setUnit(u);
    m_options->setOptions(s.info.engineOptions);
    const QString framework = prettyJson(s.info.frameworkJson);
    const QString app = prettyJson(s.info.appJson);
    m_framework->setPlainText(framework.isEmpty() ? QStringLiteral("No framework.json in this report.") : framework);
    m_app->setPlainText(app.isEmpty() ? QStringLiteral("No app.json in this report.") : app);

    addField(m_files, QStringLiteral("Directory"), QFileInfo(report->path).absolutePath());
    for (const ReportFile& f : s.reportFiles)
        addField(m_files, QString::fromStdString(f.label), f.present ? QStringLiteral("✔ present") : QStringLiteral("— not found"));
    alignFormLabels();
}

// Each section has its own form; one label width for all of them lines the values up down the page.
void SummaryPage::alignFormLabels()
{
    const std::array<QFormLayout*, 4> forms = {m_target, m_graph, m_poplar, m_files};
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
