#pragma once
// Compute sets with vertices on the tiles in scope.
#include "models/column_table_model.hpp"
#include "models/loaded_report.hpp"

#include <memory>

namespace popscope {

// A compute set's vertices on the tiles in scope.
struct ComputeSetInScope {
    uint32_t computeSet = 0; // index into the report's compute sets
    uint64_t instances = 0;
    uint32_t vertexTypes = 0;
    uint32_t tiles = 0;
    uint64_t stateBytes = 0;
};

class ComputeSetsModel : public ColumnTableModel<ComputeSetInScope> {
    Q_OBJECT
public:
    // The columns code names, in the descriptors' order.
    enum Column { Name, Instances, VertexTypes, Tiles, StateBytes };
    explicit ComputeSetsModel(QObject* parent = nullptr);
    void setReport(std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection);

private:
    const std::string& nameOf(const ComputeSetInScope& row) const
    {
        return m_report->computeSets()[row.computeSet].name;
    }
    std::shared_ptr<const LoadedReport> m_report;
};

} // namespace popscope
