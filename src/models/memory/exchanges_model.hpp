#pragma once
// Exchange programs with code on the tiles in scope.
#include "models/loaded_report.hpp"
#include "models/report_table_model.hpp"

#include <memory>

namespace popscope {

class ExchangesModel : public ReportTableModel {
    Q_OBJECT
public:
    enum Column { Name, ExchangeKind, Payload, CodeBytes, Tiles };
    explicit ExchangesModel(QObject* parent = nullptr);
    // Compare mode shows Source / Target / Diff for these; the rest as "source → target".
    bool isCompared(int column) const override { return column == Payload || column == CodeBytes; }
    std::string_view keyView(int row) const override;
    void setReport(std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection);

protected:
    int rows() const override { return int(m_rows.size()); }
    QString text(int row, int column) const override;
    uint64_t number(int row, int column) const override;

private:
    struct Row {
        uint32_t exchange = 0;
        uint64_t codeBytes = 0;
        uint32_t tiles = 0;
    };
    std::shared_ptr<const LoadedReport> m_report;
    std::vector<Row> m_rows;
};

} // namespace popscope
