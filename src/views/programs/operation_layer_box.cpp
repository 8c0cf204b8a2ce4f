#include "views/programs/operation_layer_box.hpp"

#include "models/report_state.hpp"
#include "popscope/report.hpp"

#include <algorithm>
#include <vector>

namespace popscope {

OperationLayerBox::OperationLayerBox(QWidget* parent)
    : QComboBox(parent)
{
    setToolTip(tr("The software layer whose operations are listed (poptorch, popart, poplar, …)"));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(this, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            emit layerChanged();
    });
}

std::string OperationLayerBox::layer() const
{
    const QString l = currentData().toString();
    return l.toStdString();
}

void OperationLayerBox::fill(const ReportState& state, bool readable)
{
    m_filling = true;
    const QString previous = currentData().toString();
    clear();
    std::vector<std::string> layers;
    for (int slot = 0; slot < 2; ++slot) {
        const auto report = state.reportAt(slot);
        if (!report || (slot == 1 && !state.isComparing()) || !readable)
            continue;
        for (const std::string& l : report->core->operationAnalysis().layers)
            if (std::find(layers.begin(), layers.end(), l) == layers.end())
                layers.push_back(l);
    }
    for (const std::string& l : layers)
        addItem(QString::fromStdString(l), QString::fromStdString(l));
    if (layers.size() > 1)
        addItem(tr("All layers"), QString());
    const int keep = findData(previous);
    setCurrentIndex(keep >= 0 && !previous.isEmpty() ? keep : 0);
    setEnabled(layers.size() > 1);
    m_filling = false;
}

} // namespace popscope
