#include "models/summary/engine_options_model.hpp"

namespace popscope {

EngineOptionsModel::EngineOptionsModel(QObject* parent)
    : ColumnTableModel(parent)
{
    setColumnDescriptors(
        {
            { .header = tr("Option"),
                .text = [](const EngineOption& o) { return QString::fromStdString(o.first); } },
            { .header = tr("Value"),
                .text = [](const EngineOption& o) { return QString::fromStdString(o.second); } },
        },
        [](const EngineOption& o) { return std::string_view(o.first); });
}

} // namespace popscope
