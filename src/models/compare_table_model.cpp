#include "models/compare_table_model.hpp"

#include "models/compare_colors.hpp"
#include "models/memory/tile_scope.hpp"
#include "popscope/free_memory.hpp"
#include "popscope/spilled_array.hpp"

#include <QBrush>

#include <algorithm>
#include <numeric>
#include <string>

namespace popscope {

namespace {

// A side's join keys: views into core's strings, read as the join asks (a vector of views was 16
// bytes a row: 45 MiB for two bench-huge variable tables).
KeyList keysOf(const ReportTableModel& side)
{
    return KeyList(size_t(side.rowCount()), [&side](size_t r) { return side.keyView(int(r)); });
}

} // namespace

CompareTableModel::CompareTableModel(ReportTableModel* source, ReportTableModel* target, QObject* parent)
    : ReportTableModel(parent)
    , m_source(source)
    , m_target(target)
{
    // Rebuilt by the owner once both sides are set (rebuild()), not on each side's reset: a pair
    // of 250 k-row tables must be joined once, and not at all outside compare mode.
    for (ReportTableModel* side : { source, target }) {
        connect(side, &QAbstractItemModel::dataChanged, this, [this] {
            if (rowCount() > 0)
                emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        });
    }
    rebuild();
}

void CompareTableModel::rebuild()
{
    beginResetModel();
    std::vector<Column> columns;
    m_map.clear();
    freeMemory(m_rows); // its memory goes with the reports
    if (m_source && m_target) {
        setUnit(m_source->unit());
        const auto& base = m_source->columns();
        for (int c = 0; c < int(base.size()); ++c) {
            const Column& col = base[size_t(c)];
            if (!m_source->isCompared(c)) {
                if (m_splitText && c > 0) {
                    columns.push_back({ tr("%1 · Source").arg(col.header), Kind::Text, col.toolTip });
                    columns.push_back({ tr("%1 · Target").arg(col.header), Kind::Text, col.toolTip });
                    m_map.push_back({ c, Part::SourceText });
                    m_map.push_back({ c, Part::TargetText });
                    continue;
                }
                columns.push_back({ col.header, Kind::Text, col.toolTip });
                m_map.push_back({ c, Part::Text });
                continue;
            }
            const Kind diffKind = col.kind == Kind::Bytes ? Kind::DiffBytes
                : col.kind == Kind::Ratio                 ? Kind::DiffRatio
                                                          : Kind::DiffCount;
            columns.push_back(
                { tr("%1 · Source").arg(col.header), col.kind, col.toolTip + tr(" (source report)") });
            columns.push_back(
                { tr("%1 · Target").arg(col.header), col.kind, col.toolTip + tr(" (target report)") });
            columns.push_back({ tr("%1 · Diff").arg(col.header), diffKind, tr("Target − source") });
            columns.push_back({ tr("%1 · Diff %").arg(col.header), Kind::Percent,
                tr("(Target − source) ÷ source; — when the source has none") });
            for (Part p : { Part::Source, Part::Target, Part::Diff, Part::DiffPercent })
                m_map.push_back({ c, p });
        }
        m_rows = matchRows(keysOf(*m_source), keysOf(*m_target));
        if (m_onlyDifferences)
            std::erase_if(m_rows, [this](const MatchedRow& m) { return !differs(m); });
        sortByLargestChange();
        spill::releaseResidentPages(); // the join read every key of both sides
    }
    setColumns(std::move(columns));
    endResetModel();
}

void CompareTableModel::setOnlyDifferences(bool only)
{
    if (only == m_onlyDifferences)
        return;
    m_onlyDifferences = only;
    rebuild();
}

bool CompareTableModel::differs(const MatchedRow& m) const
{
    if (m.source < 0 || m.target < 0)
        return true;
    for (int c = 0; c < m_source->columnCount(); ++c) {
        if (m_source->isCompared(c)) {
            if (m_source->sortNumber(int(m.source), c) != m_target->sortNumber(int(m.target), c))
                return true;
        } else if (m_source->data(m_source->index(int(m.source), c))
            != m_target->data(m_target->index(int(m.target), c))) {
            return true;
        }
    }
    return false;
}

void CompareTableModel::sortByLargestChange()
{
    const auto first
        = std::find_if(m_map.begin(), m_map.end(), [](const ColumnMap& m) { return m.part == Part::Source; });
    if (first == m_map.end())
        return;
    // Largest |Diff| of the first compared column first; equal changes keep the join's order. An
    // index sort with the row as tie-break, not a stable sort of (change, row) pairs: that took
    // 16 bytes a row and a buffer of half as much again.
    const int b = first->base;
    std::vector<uint64_t> change(m_rows.size());
    for (size_t i = 0; i < m_rows.size(); ++i) {
        const uint64_t s = m_rows[i].source >= 0 ? m_source->sortNumber(int(m_rows[i].source), b) : 0;
        const uint64_t t = m_rows[i].target >= 0 ? m_target->sortNumber(int(m_rows[i].target), b) : 0;
        change[i] = s > t ? s - t : t - s;
    }
    std::vector<uint32_t> order(m_rows.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(),
        [&](uint32_t x, uint32_t y) { return change[x] != change[y] ? change[x] > change[y] : x < y; });
    freeMemory(change);
    std::vector<MatchedRow> sorted;
    sorted.reserve(m_rows.size());
    for (uint32_t i : order)
        sorted.push_back(m_rows[i]);
    m_rows = std::move(sorted);
}

QVariant CompareTableModel::data(const QModelIndex& index, int role) const
{
    if (role == Qt::BackgroundRole && m_highlight && index.isValid() && rowDiffers(index.row())) {
        QColor tint = CompareColors::target();
        tint.setAlpha(48);
        return QBrush(tint);
    }
    return ReportTableModel::data(index, role);
}

int CompareTableModel::columnOf(int base, Part part) const
{
    for (size_t c = 0; c < m_map.size(); ++c)
        if (m_map[c].base == base && m_map[c].part == part)
            return int(c);
    return -1;
}

std::string_view CompareTableModel::keyView(int row) const
{
    const MatchedRow& m = m_rows[size_t(row)];
    return m.source >= 0 ? m_source->keyView(int(m.source)) : m_target->keyView(int(m.target));
}

uint64_t CompareTableModel::sideNumber(int row, int base, bool target) const
{
    const MatchedRow& m = m_rows[size_t(row)];
    const int64_t index = target ? m.target : m.source;
    if (index < 0)
        return 0;
    return (target ? m_target : m_source)->sortNumber(int(index), base);
}

bool CompareTableModel::present(int row, int column) const
{
    const MatchedRow& m = m_rows[size_t(row)];
    switch (m_map[size_t(column)].part) {
    case Part::Source:
        return m.source >= 0;
    case Part::Target:
        return m.target >= 0;
    case Part::DiffPercent:
        return m.source >= 0 && sideNumber(row, m_map[size_t(column)].base, false) > 0;
    default:
        return true;
    }
}

QString CompareTableModel::absentText(int row, int column) const
{
    const MatchedRow& m = m_rows[size_t(row)];
    if (m_map[size_t(column)].part == Part::DiffPercent
        && sideNumber(row, m_map[size_t(column)].base, true) > 0)
        return m.source < 0 ? tr("new") : tr("from 0");
    return QStringLiteral("—");
}

QString CompareTableModel::text(int row, int column) const
{
    const MatchedRow& m = m_rows[size_t(row)];
    const int base = m_map[size_t(column)].base;
    const auto sideText = [&](ReportTableModel* side, int64_t r) {
        return r < 0 ? QString() : side->data(side->index(int(r), base)).toString();
    };
    const Part part = m_map[size_t(column)].part;
    if (part == Part::SourceText)
        return m.source < 0 ? QStringLiteral("—") : sideText(m_source, m.source);
    if (part == Part::TargetText)
        return m.target < 0 ? QStringLiteral("—") : sideText(m_target, m.target);
    const QString s = sideText(m_source, m.source), t = sideText(m_target, m.target);
    if (m.source < 0)
        return t;
    if (m.target < 0 || s == t)
        return s;
    return QStringLiteral("%1 → %2").arg(s, t); // the row is in both, but this text changed
}

int CompareTableModel::worseDirection(int column) const
{
    return m_source ? m_source->worseDirectionOf(m_map[size_t(column)].base) : 1;
}

uint64_t CompareTableModel::number(int row, int column) const
{
    const ColumnMap& c = m_map[size_t(column)];
    return sideNumber(row, c.base, c.part == Part::Target);
}

int64_t CompareTableModel::signedNumber(int row, int column) const
{
    const int base = m_map[size_t(column)].base;
    return signedDiff(sideNumber(row, base, false), sideNumber(row, base, true)).absolute;
}

double CompareTableModel::fraction(int row, int column) const
{
    const int base = m_map[size_t(column)].base;
    return signedDiff(sideNumber(row, base, false), sideNumber(row, base, true)).fraction.value_or(0.0);
}

QString CompareTableModel::toolTip(int row, int column) const
{
    const MatchedRow& m = m_rows[size_t(row)];
    if (m_map[size_t(column)].part == Part::Text && (m.source < 0 || m.target < 0))
        return text(row, column) + (m.source < 0 ? tr(" (only in the target)") : tr(" (only in the source)"));
    return {};
}

} // namespace popscope
