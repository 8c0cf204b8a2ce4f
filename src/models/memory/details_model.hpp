#pragma once
// Memory details tree: one column for all tiles (or the selection total) plus one per selected
// tile (up to kMaxTileColumns). Rows: Physical tile id; Memory including gaps; Memory excluding
// gaps → region → Not overlapped / Overlapped → category; Gaps → region; Always / Not always live.
// Compare mode: the two reports' trees joined by each row's key (what it sums: a region's index, a
// category's name in the file; never its label), with Source, Target, Diff and Diff %
// of the selection total (or all tiles); "—" where a report lacks the row.
#include "models/item_roles.hpp"
#include "models/loaded_report.hpp"
#include "popscope/units.hpp"

#include <QAbstractItemModel>

#include <memory>
#include <string>

namespace popscope {

class DetailsModel : public QAbstractItemModel {
    Q_OBJECT
public:
    static constexpr int kMaxTileColumns = 32;
    explicit DetailsModel(QObject* parent = nullptr);

    void setReport(std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection);
    // Compare mode when `target` is not null.
    void setReports(std::shared_ptr<const LoadedReport> source, std::shared_ptr<const LoadedReport> target,
        const std::vector<uint32_t>& selection);
    bool isComparing() const { return m_target != nullptr; }
    enum CompareColumn { SourceColumn = 1, TargetColumn, DiffColumn, DiffPercentColumn };
    void setUnit(MemoryUnit unit);
    // Value of the row reached by following `labels` from the root, in value column `column`
    // (0 = all tiles / selection total; in compare mode 0 = source, 1 = target). For tests and
    // scripting; -1 when not found (or when that report lacks the row).
    int64_t valueAt(const QStringList& labels, int column = 0) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node {
        std::string key; // unique among its siblings, from the data: "region:1", "category:controlTable"
        QString label;
        QString toolTip;
        int parent = -1;
        int row = 0;
        std::vector<int> children;
        std::vector<uint64_t> values; // one per value column
        bool isId = false; // physical tile id, not bytes
        bool inSource = true, inTarget = true; // compare mode: which reports have the row
    };
    int addNode(int parent, std::string key, const QString& label, std::vector<uint64_t> values,
        const QString& toolTip = {});
    void build(const std::vector<uint32_t>& selection);
    // build()'s parts: the value columns of a selection, a series summed over each column's tiles,
    // a region's categories (overlapped or not) under a group row, the gaps by region.
    void setColumns(const std::vector<uint32_t>& selection, uint32_t numTiles);
    std::vector<uint64_t> columnValues(const std::vector<uint32_t>& series) const;
    void addCategoryRows(int region, const TileMemory& memory, int regionIndex, int overlapped);
    void addGapRows(const TileMemory& memory);
    // Compare mode: keeps the first value column as the source's and adds the target's.
    void mergeTarget(const DetailsModel& target);
    void mergeNode(int node, const DetailsModel& other, int otherNode);
    void addSubtree(int parent, const DetailsModel& other, int otherNode);
    QVariant compareData(const Node& node, int column, int role) const;

    std::shared_ptr<const LoadedReport> m_report;
    std::shared_ptr<const LoadedReport> m_target;
    std::vector<Node> m_nodes; // m_nodes[0] is the invisible root
    std::vector<QString> m_columnHeaders;
    std::vector<std::vector<uint32_t>> m_columnTiles; // tiles summed in each value column
    MemoryUnit m_unit = MemoryUnit::Binary;
};

} // namespace popscope
