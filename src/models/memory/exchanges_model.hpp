#pragma once
// Exchange programs with code on the tiles in scope.
#include "models/column_table_model.hpp"
#include "models/loaded_report.hpp"

#include <memory>

namespace popscope {

// An exchange's code on the tiles in scope.
struct ExchangeInScope {
    uint32_t exchange = 0; // index into the report's exchanges
    uint64_t codeBytes = 0;
    uint32_t tiles = 0;
};

class ExchangesModel : public ColumnTableModel<ExchangeInScope> {
    Q_OBJECT
public:
    // The columns code names, in the descriptors' order.
    enum Column { Name, ExchangeKind, Payload, CodeBytes, Tiles };
    explicit ExchangesModel(QObject* parent = nullptr);
    void setReport(std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection);

private:
    const Exchange& exchangeOf(const ExchangeInScope& row) const
    {
        return m_report->exchanges()[row.exchange];
    }
    std::shared_ptr<const LoadedReport> m_report;
};

} // namespace popscope
