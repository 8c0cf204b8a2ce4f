#include "models/summary/summary_figures_model.hpp"

#include "popscope/memory_categories.hpp"
#include "popscope/row_match.hpp"

#include <algorithm>

namespace popscope {

namespace {
// Long texts (a Poplar version with its build) would push the numbers out of a small window.
QString shortened(const QString& text)
{
    return text.size() > 26 ? text.left(24) + QStringLiteral("…") : text;
}
} // namespace

SummaryFiguresModel::SummaryFiguresModel(QObject* parent) : ReportTableModel(parent)
{
    setColumns({{QStringLiteral("Figure"), Kind::Text, {}},
                {QStringLiteral("Section"), Kind::Text, {}},
                {QStringLiteral("Source"), Kind::Count, QStringLiteral("In the source report")},
                {QStringLiteral("Target"), Kind::Count, QStringLiteral("In the target report")},
                {QStringLiteral("Diff"), Kind::DiffCount, QStringLiteral("Target − source")},
                {QStringLiteral("Diff %"), Kind::Percent, QStringLiteral("(Target − source) ÷ source")}});
}

void SummaryFiguresModel::add(const QString& section, const QString& figure, Unit unit, uint64_t source, uint64_t target)
{
    Row row;
    row.section = section;
    row.figure = figure;
    row.unit = unit;
    row.source = source;
    row.target = target;
    m_rows.push_back(std::move(row));
}

void SummaryFiguresModel::addText(const QString& section, const QString& figure, const QString& source, const QString& target)
{
    Row row;
    row.section = section;
    row.figure = figure;
    row.unit = Unit::Text;
    row.sourceText = source.isEmpty() ? QStringLiteral("not recorded") : source;
    row.targetText = target.isEmpty() ? QStringLiteral("not recorded") : target;
    m_rows.push_back(std::move(row));
}

void SummaryFiguresModel::addMatched(const QString& section, Unit unit, const std::vector<NamedTotal>& source,
                                     const std::vector<NamedTotal>& target, bool categoryLabels)
{
    std::vector<std::string_view> a, b;
    for (const NamedTotal& n : source)
        a.push_back(n.name);
    for (const NamedTotal& n : target)
        b.push_back(n.name);
    for (const MatchedRow& m : matchRows(a, b)) {
        const NamedTotal& named = m.source >= 0 ? source[size_t(m.source)] : target[size_t(m.target)];
        add(section, QString::fromStdString(categoryLabels ? categoryLabel(named.name) : named.name), unit,
            m.source >= 0 ? source[size_t(m.source)].value : 0, m.target >= 0 ? target[size_t(m.target)].value : 0);
        m_rows.back().inSource = m.source >= 0;
        m_rows.back().inTarget = m.target >= 0;
    }
}

void SummaryFiguresModel::setSummaries(const ProfileSummary* s, const ProfileSummary* t)
{
    beginResetModel();
    m_rows.clear();
    if (s && t) {
        const QString target = QStringLiteral("Target"), memory = QStringLiteral("Memory"), graph = QStringLiteral("Graph");
        const auto str = [](const std::string& text) { return QString::fromStdString(text); };
        addText(target, QStringLiteral("Type"), str(s->target.type), str(t->target.type));
        addText(target, QStringLiteral("Architecture"), str(s->target.architecture), str(t->target.architecture));
        add(target, QStringLiteral("IPUs"), Unit::Count, s->target.numIpus, t->target.numIpus);
        add(target, QStringLiteral("Tiles per IPU"), Unit::Count, s->target.tilesPerIpu, t->target.tilesPerIpu);
        add(target, QStringLiteral("Total tiles"), Unit::Count, s->target.numTiles(), t->target.numTiles());
        add(target, QStringLiteral("Memory per tile"), Unit::Bytes, s->target.bytesPerTile, t->target.bytesPerTile);
        add(target, QStringLiteral("Total memory"), Unit::Bytes, s->target.totalMemory(), t->target.totalMemory());
        add(target, QStringLiteral("Replicas"), Unit::Count, s->target.numReplicas, t->target.numReplicas);

        add(memory, QStringLiteral("Used (including gaps)"), Unit::Bytes, s->totalUsedIncludingGaps, t->totalUsedIncludingGaps);
        add(memory, QStringLiteral("Used (excluding gaps)"), Unit::Bytes, s->totalUsedExcludingGaps, t->totalUsedExcludingGaps);
        add(memory, QStringLiteral("Capacity"), Unit::Bytes, s->totalCapacity, t->totalCapacity);
        const auto peak = [](const ProfileSummary& p) {
            uint64_t most = 0;
            for (const IpuMemorySummary& ipu : p.ipus)
                most = std::max(most, ipu.maxTileBytes);
            return most;
        };
        add(memory, QStringLiteral("Most used tile"), Unit::Bytes, peak(*s), peak(*t));
        add(memory, QStringLiteral("Tiles over capacity"), Unit::Count, s->tilesOverCapacity, t->tilesOverCapacity);
        addMatched(QStringLiteral("Memory by category"), Unit::Bytes, s->memoryByCategory, t->memoryByCategory, true);

        add(graph, QStringLiteral("Compute sets"), Unit::Count, s->numComputeSets, t->numComputeSets);
        add(graph, QStringLiteral("Vertices"), Unit::Count, s->numVertices, t->numVertices);
        add(graph, QStringLiteral("Vertex types"), Unit::Count, s->numVertexTypes, t->numVertexTypes);
        add(graph, QStringLiteral("Variables"), Unit::Count, s->numVariables, t->numVariables);
        add(graph, QStringLiteral("Edges"), Unit::Count, s->info.numEdges, t->info.numEdges);
        add(graph, QStringLiteral("Programs"), Unit::Count, s->numPrograms, t->numPrograms);
        add(graph, QStringLiteral("Exchanges"), Unit::Count, s->numExchanges, t->numExchanges);
        add(graph, QStringLiteral("Liveness steps"), Unit::Count, s->numLivenessSteps, t->numLivenessSteps);
        add(graph, QStringLiteral("Execution steps"), Unit::Count, s->numExecutionSteps, t->numExecutionSteps);
        add(graph, QStringLiteral("Operations"), Unit::Count, s->numOperations, t->numOperations);
        add(graph, QStringLiteral("Total cycles"), Unit::Count, s->totalCycles, t->totalCycles);
        addMatched(QStringLiteral("Cycles by step type"), Unit::Count, s->cyclesByStepType, t->cyclesByStepType, false);

        const QString poplar = QStringLiteral("Poplar and report");
        addText(poplar, QStringLiteral("Poplar version"), str(s->info.poplarVersion), str(t->info.poplarVersion));
        addText(poplar, QStringLiteral("Timestamp"), str(s->info.timestamp), str(t->info.timestamp));
        addText(poplar, QStringLiteral("Profile format"), QStringLiteral("%1.%2").arg(s->formatMajor).arg(s->formatMinor),
                QStringLiteral("%1.%2").arg(t->formatMajor).arg(t->formatMinor));
    }
    endResetModel();
}

int SummaryFiguresModel::rowOf(const QString& section, const QString& figure) const
{
    for (size_t r = 0; r < m_rows.size(); ++r)
        if (m_rows[r].section == section && m_rows[r].figure == figure)
            return int(r);
    return -1;
}

ReportTableModel::Kind SummaryFiguresModel::cellKind(int row, int column) const
{
    const Unit unit = m_rows[size_t(row)].unit;
    if (unit == Unit::Text && column >= Source)
        return Kind::Text;
    const bool bytes = unit == Unit::Bytes;
    switch (column) {
    case Source:
    case Target: return bytes ? Kind::Bytes : Kind::Count;
    case Diff: return bytes ? Kind::DiffBytes : Kind::DiffCount;
    default: return columnKind(column);
    }
}

bool SummaryFiguresModel::present(int row, int column) const
{
    const Row& r = m_rows[size_t(row)];
    if (r.unit == Unit::Text)
        return true;
    switch (column) {
    case Source: return r.inSource;
    case Target: return r.inTarget;
    case DiffPercent: return r.inSource && r.source > 0;
    default: return true;
    }
}

QString SummaryFiguresModel::toolTip(int row, int column) const
{
    const Row& r = m_rows[size_t(row)];
    if (r.unit == Unit::Text && (column == Source || column == Target))
        return column == Source ? r.sourceText : r.targetText; // the whole text of a shortened cell
    return {};
}

QString SummaryFiguresModel::text(int row, int column) const
{
    const Row& r = m_rows[size_t(row)];
    switch (column) {
    case Section: return r.section;
    case Figure: return r.figure;
    case Source: return shortened(r.sourceText);
    case Target: return shortened(r.targetText);
    case Diff: return r.sourceText == r.targetText ? QString() : QStringLiteral("differs");
    default: return {};
    }
}

uint64_t SummaryFiguresModel::number(int row, int column) const
{
    const Row& r = m_rows[size_t(row)];
    return column == Source ? r.source : column == Target ? r.target : 0;
}

int64_t SummaryFiguresModel::signedNumber(int row, int) const
{
    const Row& r = m_rows[size_t(row)];
    return signedDiff(r.source, r.target).absolute;
}

double SummaryFiguresModel::fraction(int row, int) const
{
    const Row& r = m_rows[size_t(row)];
    return signedDiff(r.source, r.target).fraction.value_or(0.0);
}

} // namespace popscope
