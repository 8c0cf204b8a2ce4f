#include "models/summary/engine_options_model.hpp"

namespace popscope {

EngineOptionsModel::EngineOptionsModel(QObject* parent)
    : ReportTableModel(parent)
{
    setColumns({ { tr("Option"), Kind::Text, {} }, { tr("Value"), Kind::Text, {} } });
}

void EngineOptionsModel::setOptions(std::vector<std::pair<std::string, std::string>> options)
{
    beginResetModel();
    m_options = std::move(options);
    endResetModel();
}

QString EngineOptionsModel::text(int row, int column) const
{
    const auto& o = m_options[size_t(row)];
    return QString::fromStdString(column == Option ? o.first : o.second);
}

} // namespace popscope
