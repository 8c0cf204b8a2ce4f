#pragma once
// File ▸ Compare Two Reports…: a source and a target report, each typed or browsed, with Swap.
// OK is enabled once both files exist.
#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace popscope {

class CompareDialog : public QDialog {
    Q_OBJECT
public:
    CompareDialog(const QString& folder, const QString& source, QWidget* parent = nullptr);
    QString source() const;
    QString target() const;
    void setPaths(const QString& source, const QString& target);

private:
    void browse(QLineEdit* edit, const QString& title);
    void validate();
    QString m_folder;
    QLineEdit* m_source;
    QLineEdit* m_target;
    QLabel* m_problem;
    QDialogButtonBox* m_buttons;
};

} // namespace popscope
