#pragma once
// The engine options the report was compiled with (Summary).
#include "models/report_table_model.hpp"

#include <string>
#include <utility>
#include <vector>

namespace popscope {

class EngineOptionsModel : public ReportTableModel {
    Q_OBJECT
public:
    enum Column { Option, Value };
    explicit EngineOptionsModel(QObject* parent = nullptr);
    std::string_view keyView(int row) const override { return m_options[size_t(row)].first; }
    void setOptions(std::vector<std::pair<std::string, std::string>> options);

protected:
    int rows() const override { return int(m_options.size()); }
    QString text(int row, int column) const override;

private:
    std::vector<std::pair<std::string, std::string>> m_options;
};

} // namespace popscope
