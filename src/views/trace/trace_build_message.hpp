#pragma once
// What the Execution Trace page shows instead of the traces: the build's progress with a Cancel
// button, or why there is nothing to show (no report, a failed build, a compile-only report).
#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace popscope {

class TraceBuildMessage : public QWidget {
    Q_OBJECT
public:
    explicit TraceBuildMessage(QWidget* parent = nullptr);

    // `busy`: a build runs; the progress bar (from 0) and Cancel show.
    void showText(const QString& text, bool busy);
    void setProgress(int percent, const QString& text);
    QString text() const;

signals:
    void cancelClicked();

private:
    QLabel* m_message;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
};

} // namespace popscope
