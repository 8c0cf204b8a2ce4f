#pragma once
// The line under the liveness plot that picks the variables whose lifetimes show: a name box that
// completes the not-always-live variables of the open reports, and Clear lifetimes.
#include <QWidget>

class QLineEdit;

namespace popscope {

class LifetimePicker : public QWidget {
    Q_OBJECT
public:
    explicit LifetimePicker(QWidget* parent = nullptr);
    void setNames(const QStringList& names); // the completion
    QLineEdit* edit() const { return m_edit; }

signals:
    void picked(const QString& name); // Enter in the box, the name trimmed
    void cleared();

private:
    QLineEdit* m_edit;
};

} // namespace popscope
