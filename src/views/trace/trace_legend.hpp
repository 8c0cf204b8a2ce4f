#pragma once
// The Execution Trace page's legend row: the tile states' colours of the BSP rows, then the
// program types drawn in the step rows as chips in their Program Tree colours.
#include "models/trace/trace_data.hpp"

#include <QWidget>

#include <initializer_list>

class QLabel;

namespace popscope {

class TraceLegend : public QWidget {
    Q_OBJECT
public:
    explicit TraceLegend(QWidget* parent = nullptr);

    // The types of the traces' steps (Flat view), or of every level of their flame (Flame view);
    // null traces are skipped.
    void showTypes(bool flame, std::initializer_list<const TraceData*> traces);

private:
    QLabel* m_types;
};

} // namespace popscope
