#pragma once
// The Operations page's FLOPs tab: the selected operation's FLOPs and FLOPs per cycle set against
// its layer and the report (share, rank, the layer's rate), from core's operationFlops; in compare
// mode a column for each report. A report compiled without FLOP estimates says how to get them.
#include <QTreeWidget>

#include <cstdint>

namespace popscope {

class Report;

class OperationFlopsView : public QTreeWidget {
    Q_OBJECT
public:
    explicit OperationFlopsView(QWidget* parent = nullptr);
    // An operation of the source and/or of the target (-1 where a side lacks it; null target:
    // single mode).
    void showOperation(
        const Report* source, int64_t sourceOperation, const Report* target, int64_t targetOperation);
    void showMessage(const QString& message);
};

} // namespace popscope
