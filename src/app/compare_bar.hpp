#pragma once
// The strip above the report pages in compare mode: names the source and the target file, with
// Swap and Leave Compare Mode.
#include <QWidget>

class QLabel;
class QPushButton;

namespace popscope {

class ReportState;

class CompareBar : public QWidget {
    Q_OBJECT
public:
    explicit CompareBar(ReportState* state, QWidget* parent = nullptr);
    QString text() const; // "batch-4.pop → batch-8.pop", for tests

signals:
    void swapRequested();
    void leaveRequested();

private:
    void follow();
    ReportState* m_state;
    QLabel* m_source;
    QLabel* m_target;
    QPushButton* m_swap;
    QPushButton* m_leave;
};

} // namespace popscope
