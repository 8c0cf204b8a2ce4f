#include "views/memory/variables_graph_page.hpp"

#include "popscope/plural.hpp"
#include "popscope/variable_tile_bytes.hpp"
#include "views/memory/memory_chart.hpp"
#include "views/memory/overview_strip.hpp"
#include "views/page/page_parts.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace popscope {

VariablesGraphPage::VariablesGraphPage(ReportState* state, QWidget* parent)
    : ReportPage(state, parent)
{
    setObjectName(tr("the Variables graph")); // the loading panel: "Reading what the Variables graph shows…"
    setParts({ ReportPart::TileMemory, ReportPart::Variables });
    m_chart = new MemoryChart(state, this);
    m_chart->setVariablesGraph(true);
    m_overview = new OverviewStrip(state, m_chart, this);
    m_edit = new QLineEdit(this);
    m_edit->setPlaceholderText(
        tr("Variable names or patterns, comma-separated, e.g. layer1/weights, *softmax*"));
    m_edit->setClearButtonEnabled(true);
    m_edit->setToolTip(tr("Up to %1 names or patterns (* matches any text, ? one character); each is one "
                          "series, summing the variables it matches. Press Enter to show them.")
                           .arg(kMaxPatterns));
    m_error = PageParts::errorLabel(this);
    m_summary = PageParts::hintLabel(QString(), this);
    m_summary->setWordWrap(true);
    connect(m_edit, &QLineEdit::returnPressed, this, [this] { applyPatterns(m_edit->text()); });

    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Variables:"), this));
    row->addWidget(m_edit, 1);
    auto* layout = PageParts::chartColumn(this);
    layout->addLayout(row);
    layout->addWidget(m_error);
    layout->addWidget(m_summary);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_overview);
    layout->addWidget(PageParts::hintLabel(tr("Wheel: zoom · drag: pan · click: select a tile · Shift-click: "
                                              "add tiles · double-click: show all"),
        this));
    connect(m_chart, &MemoryChart::dataRebuilt, this, &VariablesGraphPage::updateSummary);
}

bool VariablesGraphPage::applyPatterns(const QString& text)
{
    std::vector<std::string> patterns = splitVariablePatterns(text.toStdString());
    if (patterns.size() > size_t(kMaxPatterns)) {
        m_error->setText(
            tr("At most %1 names or patterns at once (%2 given).").arg(kMaxPatterns).arg(patterns.size()));
        m_error->setVisible(true);
        return false;
    }
    m_error->setVisible(false);
    if (m_edit->text() != text)
        m_edit->setText(text);
    m_chart->setVariablePatterns(std::move(patterns));
    updateSummary();
    return true;
}

void VariablesGraphPage::addNames(const QStringList& names)
{
    QStringList all;
    for (const std::string& pattern : m_chart->variablePatterns())
        all << QString::fromStdString(pattern);
    for (const QString& name : names)
        if (!all.contains(name))
            all << name;
    while (all.size() > kMaxPatterns) // the newest names stay
        all.removeFirst();
    applyPatterns(all.join(QStringLiteral(", ")));
}

QString VariablesGraphPage::patternError() const
{
    return m_error->isVisible() ? m_error->text() : QString();
}

QString VariablesGraphPage::matchSummary() const
{
    return m_summary->text();
}

void VariablesGraphPage::updateSummary()
{
    QStringList parts;
    const MemoryUnit unit = m_state->unit();
    for (const VariableTileSeries& s : m_chart->variableSeries())
        parts << tr("%1: %2, %3 in all")
                     .arg(QString::fromStdString(s.pattern),
                         QString::fromStdString(countOf(s.matched, "variable")),
                         QString::fromStdString(formatBytes(s.totalBytes, unit)));
    m_summary->setText(parts.join(QStringLiteral(" · ")));
    m_summary->setVisible(!parts.isEmpty());
}

void VariablesGraphPage::showReports()
{
    m_chart->rebuild();
}

void VariablesGraphPage::forgetReports()
{
    m_chart->rebuild(); // draws nothing until the variables are read again
}

} // namespace popscope
