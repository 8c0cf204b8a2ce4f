#pragma once
// Memory details tree: one column for all tiles (or the selection total) plus one per selected
// tile (up to kMaxTileColumns). Rows: Physical tile id; Memory including gaps; Memory excluding
// gaps → region → Not overlapped / Overlapped → category; Gaps → region; Always / Not always live.
#include "models/item_roles.hpp"
#include "models/loaded_report.hpp"
#include "popscope/units.hpp"

#include <QAbstractItemModel>

#include <memory>

namespace popscope {

class DetailsModel : public QAbstractItemModel {
    Q_OBJECT
public:
    static constexpr int kMaxTileColumns = 32;
    explicit DetailsModel(QObject* parent = nullptr);

    void setReport(std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection);
    void setUnit(MemoryUnit unit);
    // Value of the row reached by following `labels` from the root, in value column `column`
    // (0 = all tiles / selection total). For tests and scripting; -1 when not found.
    int64_t valueAt(const QStringList& labels, int column = 0) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node {
        QString label;
        QString toolTip;
        int parent = -1;
        int row = 0;
        std::vector<int> children;
        std::vector<uint64_t> values; // one per value column
        bool isId = false;            // physical tile id, not bytes
    };
    int addNode(int parent, const QString& label, std::vector<uint64_t> values, const QString& toolTip = {});
    void build(const std::vector<uint32_t>& selection);

    std::shared_ptr<const LoadedReport> m_report;
    std::vector<Node> m_nodes; // m_nodes[0] is the invisible root
    std::vector<QString> m_columnHeaders;
    std::vector<std::vector<uint32_t>> m_columnTiles; // tiles summed in each value column
    MemoryUnit m_unit = MemoryUnit::Binary;
};

} // namespace popscope
