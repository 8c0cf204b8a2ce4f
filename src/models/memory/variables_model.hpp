#pragma once
// Variables on the selected tiles (or all tiles): name, category, type, size, bytes on the
// tiles in scope, tile count, always-live flag.
#include "models/loaded_report.hpp"
#include "models/report_table_model.hpp"

#include <memory>
#include <optional>

namespace popscope {

class VariablesModel : public ReportTableModel {
    Q_OBJECT
public:
    enum Column { Name, Category, ElementType, Size, BytesInScope, Tiles, AlwaysLive };
    explicit VariablesModel(QObject* parent = nullptr);
    // Compare mode shows Source / Target / Diff for these; the rest as "source → target".
    bool isCompared(int column) const override { return column == BytesInScope || column == Tiles; }
    std::string_view keyView(int row) const override;
    void setReport(std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection);
    std::optional<VariableRow> variableAt(int row) const; // none past the rows
    int64_t variableIndexAt(int row) const; // index into the report's variables, -1 past the rows
    void setPresorted(bool presorted) override { m_presorted = presorted; }
    int presortedColumn() const override { return m_presorted ? BytesInScope : -1; }

protected:
    int rows() const override { return int(m_identityRows > 0 ? m_identityRows : m_order.size()); }
    QString text(int row, int column) const override;
    uint64_t number(int row, int column) const override;

private:
    // A row's figures on the selected tiles; on all tiles they are the variable's own.
    struct InScope {
        uint32_t tiles;
        uint64_t bytes;
    };
    std::shared_ptr<const LoadedReport> m_report;
    // The variable each row shows (4 bytes a row: 1.4 M rows a side), or none when row r shows
    // variable r: every variable in the report's order, as a comparison's side has them.
    std::vector<uint32_t> m_order;
    size_t m_identityRows = 0; // the rows when m_order is not kept
    size_t variableOf(int row) const { return m_identityRows > 0 ? size_t(row) : m_order[size_t(row)]; }
    std::vector<InScope> m_inScope; // per row with a tile selection, else empty
    bool m_presorted = false;
};

} // namespace popscope
