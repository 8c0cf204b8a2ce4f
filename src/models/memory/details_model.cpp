#include "models/memory/details_model.hpp"

#include "models/compare_colors.hpp"
#include "models/memory/tile_scope.hpp"
#include "popscope/row_match.hpp"

#include "popscope/memory_categories.hpp"
#include <QBrush>

#include <algorithm>
#include <numeric>

namespace popscope {

namespace {

const char* const kRegionLabels[] = { QT_TRANSLATE_NOOP("popscope::DetailsModel", "Non-interleaved"),
    QT_TRANSLATE_NOOP("popscope::DetailsModel", "Interleaved"),
    QT_TRANSLATE_NOOP("popscope::DetailsModel", "Overflowed") };

std::string regionKey(int region)
{
    return "region:" + std::to_string(region);
}

uint64_t sumOver(const std::vector<uint32_t>& series, const std::vector<uint32_t>& tiles)
{
    uint64_t sum = 0;
    if (series.empty())
        return 0;
    for (uint32_t t : tiles)
        if (t < series.size())
            sum += series[t];
    return sum;
}

bool anyNonZero(const std::vector<uint64_t>& values)
{
    return std::any_of(values.begin(), values.end(), [](uint64_t v) { return v != 0; });
}

} // namespace

DetailsModel::DetailsModel(QObject* parent)
    : QAbstractItemModel(parent)
{
    m_nodes.push_back(Node {});
}

void DetailsModel::setUnit(MemoryUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    beginResetModel(); // values change text in every branch; a reset keeps it simple and cheap
    endResetModel();
}

void DetailsModel::setReport(
    std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection)
{
    setReports(std::move(report), nullptr, selection);
}

void DetailsModel::setReports(std::shared_ptr<const LoadedReport> source,
    std::shared_ptr<const LoadedReport> target, const std::vector<uint32_t>& selection)
{
    beginResetModel();
    m_report = std::move(source);
    m_target = m_report ? std::move(target) : nullptr;
    build(selection);
    if (m_target) {
        DetailsModel other;
        other.setReport(m_target, selection);
        mergeTarget(other);
    }
    endResetModel();
}

void DetailsModel::mergeTarget(const DetailsModel& other)
{
    const QString scope = m_columnHeaders.empty() ? QString() : m_columnHeaders.front();
    // The source's column only. Erased, not resized: GCC 12 at -O3 warns wrongly about a resize's
    // growing branch, which a shrink never takes.
    for (Node& node : m_nodes)
        if (node.values.size() > 1)
            node.values.erase(node.values.begin() + 1, node.values.end());
    mergeNode(0, other, 0);
    m_columnHeaders = { tr("Source · %1").arg(scope), tr("Target"), tr("Diff"), tr("Diff %") };
    m_columnTiles.resize(std::min<size_t>(m_columnTiles.size(), 1));
}

void DetailsModel::mergeNode(int node, const DetailsModel& other, int otherNode)
{
    const std::vector<int> mine = m_nodes[size_t(node)].children; // addNode appends to the list
    std::vector<bool> matched(mine.size(), false);
    for (int theirs : other.m_nodes[size_t(otherNode)].children) {
        const Node& t = other.m_nodes[size_t(theirs)];
        if (t.isId)
            continue; // physical ids are per report, not a size to compare
        int found = -1;
        for (size_t i = 0; i < mine.size() && found < 0; ++i)
            if (!matched[i] && m_nodes[size_t(mine[i])].key == t.key) {
                matched[i] = true;
                found = mine[i];
            }
        if (found < 0) {
            addSubtree(node, other, theirs);
            continue;
        }
        m_nodes[size_t(found)].values.push_back(t.values.empty() ? 0 : t.values.front());
        mergeNode(found, other, theirs);
    }
    for (size_t i = 0; i < mine.size(); ++i)
        if (!matched[i]) { // the target lacks this row (and everything under it)
            std::vector<int> stack { mine[i] };
            while (!stack.empty()) {
                Node& n = m_nodes[size_t(stack.back())];
                stack.pop_back();
                n.values.resize(1);
                n.values.push_back(0);
                n.inTarget = false;
                stack.insert(stack.end(), n.children.begin(), n.children.end());
            }
        }
}

void DetailsModel::addSubtree(int parent, const DetailsModel& other, int otherNode)
{
    const Node& t = other.m_nodes[size_t(otherNode)];
    const int id = addNode(parent, t.key, t.label, { 0, t.values.empty() ? 0 : t.values.front() }, t.toolTip);
    m_nodes[size_t(id)].inSource = false;
    m_nodes[size_t(id)].isId = t.isId;
    for (int child : t.children)
        addSubtree(id, other, child);
}

int DetailsModel::addNode(
    int parent, std::string key, const QString& label, std::vector<uint64_t> values, const QString& toolTip)
{
    Node node;
    node.key = std::move(key);
    node.label = label;
    node.toolTip = toolTip;
    node.parent = parent;
    node.row = int(m_nodes[size_t(parent)].children.size());
    node.values = std::move(values);
    m_nodes.push_back(std::move(node));
    const int id = int(m_nodes.size() - 1);
    m_nodes[size_t(parent)].children.push_back(id);
    return id;
}

void DetailsModel::build(const std::vector<uint32_t>& selection)
{
    m_nodes.assign(1, Node {});
    m_columnHeaders.clear();
    m_columnTiles.clear();
    if (!m_report)
        return;
    const TileMemory& m = m_report->memory();
    const uint32_t numTiles = m.numTiles();
    setColumns(selection, numTiles);
    const bool perTile = !selection.empty();
    if (perTile && !m_target && m.physicalTileIds.size() == numTiles) { // ids differ per report
        std::vector<uint64_t> ids;
        for (const auto& columnTiles : m_columnTiles)
            ids.push_back(columnTiles.size() == 1 ? m.physicalTileIds[columnTiles[0]] : UINT64_MAX);
        const int id = addNode(0, "physical-id", tr("Physical tile id"), ids);
        m_nodes[size_t(id)].isId = true;
    }
    addNode(0, "including-gaps", tr("Memory including gaps"), columnValues(m.totalIncludingGaps),
        tr("Everything on the tile, including bank and region gaps"));
    const int excluding
        = addNode(0, "excluding-gaps", tr("Memory excluding gaps"), columnValues(m.totalExcludingGaps));
    for (int r = 0; r < kMemoryRegionCount; ++r) {
        const int region
            = addNode(excluding, regionKey(r), tr(kRegionLabels[r]), columnValues(m.byRegion[size_t(r)]));
        for (int overlapped = 0; overlapped < 2; ++overlapped)
            addCategoryRows(region, m, r, overlapped);
    }
    addGapRows(m);
    addNode(0, "always-live", tr("Always live"), columnValues(m.alwaysLive));
    addNode(0, "not-always-live", tr("Not always live"), columnValues(m.notAlwaysLive));
}

void DetailsModel::setColumns(const std::vector<uint32_t>& selection, uint32_t numTiles)
{
    std::vector<uint32_t> tiles;
    for (uint32_t t : selection)
        if (t < numTiles)
            tiles.push_back(t);
    if (tiles.empty() && !selection.empty()) {
        // None of the selected tiles is in this report (the other report of a pair has more).
        m_columnHeaders.push_back(tr("Selection (no tile of it here)"));
        m_columnTiles.push_back({});
    } else if (tiles.empty()) {
        std::vector<uint32_t> all(numTiles);
        std::iota(all.begin(), all.end(), 0u);
        m_columnHeaders.push_back(tr("All tiles (%1)").arg(countText(numTiles)));
        m_columnTiles.push_back(std::move(all));
    } else {
        if (tiles.size() > 1) {
            m_columnHeaders.push_back(tr("Selection (%1 tiles)").arg(countText(tiles.size())));
            m_columnTiles.push_back(tiles);
        }
        for (size_t i = 0; i < tiles.size() && i < size_t(kMaxTileColumns); ++i) {
            m_columnHeaders.push_back(tr("Tile %1").arg(tiles[i]));
            m_columnTiles.push_back({ tiles[i] });
        }
    }
}

std::vector<uint64_t> DetailsModel::columnValues(const std::vector<uint32_t>& series) const
{
    std::vector<uint64_t> v;
    for (const auto& columnTiles : m_columnTiles)
        v.push_back(sumOver(series, columnTiles));
    return v;
}

void DetailsModel::addCategoryRows(int region, const TileMemory& m, int r, int overlapped)
{
    std::vector<uint64_t> total(m_columnTiles.size(), 0);
    std::vector<std::pair<size_t, std::vector<uint64_t>>> rows; // a category and its values
    for (size_t c = 0; c < m.cube.size() && c < m.categories.size(); ++c) {
        auto v = columnValues(m.cube[c][size_t(r)][size_t(overlapped)]);
        if (!anyNonZero(v))
            continue;
        for (size_t k = 0; k < v.size(); ++k)
            total[k] += v[k];
        rows.emplace_back(c, std::move(v));
    }
    if (rows.empty())
        return;
    const int group = addNode(region, overlapped ? "overlapped" : "not-overlapped",
        overlapped ? tr("Overlapped") : tr("Not overlapped"), total,
        overlapped ? tr("Shares addresses with other data; not counted in the totals") : QString());
    for (auto& [c, v] : rows)
        addNode(group, "category:" + m.categories[c], QString::fromStdString(categoryLabel(m.categories[c])),
            std::move(v));
}

void DetailsModel::addGapRows(const TileMemory& m)
{
    const uint32_t numTiles = m.numTiles();
    std::vector<uint32_t> gaps(numTiles, 0);
    for (const auto& g : m.gapsByRegion)
        for (size_t t = 0; t < g.size() && t < numTiles; ++t)
            gaps[t] += g[t];
    const int gapsNode = addNode(
        0, "gaps", tr("Gaps"), columnValues(gaps), tr("Bank and region reservation between allocations"));
    for (int r = 0; r < kMemoryRegionCount; ++r) {
        auto v = columnValues(m.gapsByRegion[size_t(r)]);
        if (anyNonZero(v))
            addNode(gapsNode, regionKey(r), tr(kRegionLabels[r]), std::move(v));
    }
}

int64_t DetailsModel::valueAt(const QStringList& labels, int column) const
{
    int node = 0;
    for (const QString& label : labels) {
        int next = -1;
        for (int child : m_nodes[size_t(node)].children)
            if (m_nodes[size_t(child)].label == label)
                next = child;
        if (next < 0)
            return -1;
        node = next;
    }
    const Node& found = m_nodes[size_t(node)];
    const auto& values = found.values;
    if (node == 0 || column < 0 || size_t(column) >= values.size())
        return -1;
    if (m_target && ((column == 0 && !found.inSource) || (column == 1 && !found.inTarget)))
        return -1;
    return int64_t(values[size_t(column)]);
}

QModelIndex DetailsModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= columnCount(parent))
        return {};
    const int p = parent.isValid() ? int(parent.internalId()) : 0;
    if (parent.isValid() && parent.column() != 0)
        return {};
    const auto& children = m_nodes[size_t(p)].children;
    if (size_t(row) >= children.size())
        return {};
    return createIndex(row, column, quintptr(children[size_t(row)]));
}

QModelIndex DetailsModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const int p = m_nodes[size_t(child.internalId())].parent;
    if (p <= 0)
        return {};
    return createIndex(m_nodes[size_t(p)].row, 0, quintptr(p));
}

int DetailsModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    const int p = parent.isValid() ? int(parent.internalId()) : 0;
    return int(m_nodes[size_t(p)].children.size());
}

int DetailsModel::columnCount(const QModelIndex&) const
{
    return 1 + int(m_columnHeaders.size());
}

QVariant DetailsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node& node = m_nodes[size_t(index.internalId())];
    const int c = index.column();
    if (c == 0) {
        if (role == Qt::DisplayRole || role == SortRole)
            return node.label;
        if (role == Qt::ToolTipRole && !node.toolTip.isEmpty())
            return node.toolTip;
        return {};
    }
    if (m_target)
        return compareData(node, c, role);
    const uint64_t v = node.values[size_t(c - 1)];
    switch (role) {
    case Qt::DisplayRole:
        if (node.isId)
            return v == UINT64_MAX ? QString() : QString::number(v);
        return bytesText(v, m_unit);
    case SortRole:
        if (node.isId && v == UINT64_MAX)
            return {};
        return QVariant::fromValue<qulonglong>(v);
    case Qt::ToolTipRole:
        return node.isId ? QVariant() : QVariant(tr("%1 bytes").arg(countText(v)));
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    case TileRole:
        return m_columnTiles[size_t(c - 1)].size() == 1 ? QVariant(m_columnTiles[size_t(c - 1)][0])
                                                        : QVariant();
    default:
        return {};
    }
}

QVariant DetailsModel::compareData(const Node& node, int column, int role) const
{
    const uint64_t source = node.values.size() > 0 ? node.values[0] : 0;
    const uint64_t target = node.values.size() > 1 ? node.values[1] : 0;
    const SignedDiff diff = signedDiff(source, target);
    const bool present = column == SourceColumn ? node.inSource
        : column == TargetColumn                ? node.inTarget
        : column == DiffPercentColumn           ? node.inSource && diff.fraction.has_value()
                                                : true;
    switch (role) {
    case Qt::DisplayRole:
        if (!present)
            return QStringLiteral("—");
        switch (column) {
        case SourceColumn:
            return bytesText(source, m_unit);
        case TargetColumn:
            return bytesText(target, m_unit);
        case DiffColumn:
            return signedBytesText(diff.absolute, m_unit);
        default:
            return signedPercentText(diff.fraction.value_or(0.0));
        }
    case SortRole:
        if (!present)
            return {};
        if (column == DiffColumn)
            return QVariant::fromValue<qlonglong>(diff.absolute);
        if (column == DiffPercentColumn)
            return diff.fraction.value_or(0.0);
        return QVariant::fromValue<qulonglong>(column == SourceColumn ? source : target);
    case Qt::ForegroundRole:
        if (column >= DiffColumn && present && diff.absolute != 0)
            return QBrush(diff.absolute > 0 ? CompareColors::worse() : CompareColors::better());
        return {};
    case Qt::ToolTipRole:
        return column == DiffColumn
            ? QVariant(tr("%1 bytes").arg(signedCountText(diff.absolute)))
            : QVariant(tr("%1 bytes").arg(countText(column == SourceColumn ? source : target)));
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    default:
        return {};
    }
}

QVariant DetailsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    if (role == Qt::DisplayRole)
        return section == 0 ? tr("Memory") : m_columnHeaders[size_t(section - 1)];
    if (role == CsvHeaderRole)
        return section == 0 ? tr("Memory") : tr("%1 (bytes)").arg(m_columnHeaders[size_t(section - 1)]);
    return {};
}

} // namespace popscope
