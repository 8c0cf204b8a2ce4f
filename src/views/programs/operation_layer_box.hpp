#pragma once
// The Operations report's layer box: the software layers (poptorch, popart, poplar, …) of the
// reports shown, and "All layers" when there are several.
#include <QComboBox>

#include <string>

namespace popscope {

class ReportState;

class OperationLayerBox : public QComboBox {
    Q_OBJECT
public:
    explicit OperationLayerBox(QWidget* parent);
    // Lists the layers of the source and, in compare mode, the target (none when `readable` is
    // false), keeping the current layer when it is still there; layerChanged stays quiet meanwhile.
    void fill(const ReportState& state, bool readable);
    // The layer chosen; "" for every layer.
    std::string layer() const;

signals:
    void layerChanged(); // the user (or showRow) chose another layer

private:
    bool m_filling = false;
};

} // namespace popscope
