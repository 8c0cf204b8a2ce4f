#pragma once
// Vertex types on the tiles in scope: instances, tiles, compute sets, state and code sizes.
#include "models/column_table_model.hpp"
#include "models/loaded_report.hpp"

#include <memory>

namespace popscope {

// A vertex type's figures on the tiles in scope.
struct VertexTypeInScope {
    uint32_t type = 0; // index into the report's vertex types
    uint64_t instances = 0;
    uint32_t tiles = 0;
    uint32_t computeSets = 0;
};

class VerticesModel : public ColumnTableModel<VertexTypeInScope> {
    Q_OBJECT
public:
    // The columns code names, in the descriptors' order.
    enum Column { Name, Instances, Tiles, ComputeSets, StatePerInstance, StateTotal, CodePerTile, CodeTotal };
    explicit VerticesModel(QObject* parent = nullptr);
    void setReport(std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection);

private:
    const VertexType& typeOf(const VertexTypeInScope& row) const { return m_report->vertexTypes()[row.type]; }
    std::shared_ptr<const LoadedReport> m_report;
};

} // namespace popscope
