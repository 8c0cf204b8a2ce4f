#pragma once
// The engine options the report was compiled with (Summary).
#include "models/column_table_model.hpp"

#include <string>
#include <utility>
#include <vector>

namespace popscope {

using EngineOption = std::pair<std::string, std::string>; // name, value

class EngineOptionsModel : public ColumnTableModel<EngineOption> {
    Q_OBJECT
public:
    enum Column { Option, Value };
    explicit EngineOptionsModel(QObject* parent = nullptr);
    void setOptions(std::vector<EngineOption> options) { setRows(std::move(options)); }
};

} // namespace popscope
