#pragma once
// A titled section whose body folds away; the folded state is remembered in QSettings.
#include <QWidget>

class QToolButton;

namespace popscope {

class CollapsibleSection : public QWidget {
    Q_OBJECT
public:
    CollapsibleSection(
        const QString& title, QWidget* body, const QString& settingsKey, QWidget* parent = nullptr);
    bool isExpanded() const;
    void setExpanded(bool expanded);
    QWidget* body() const { return m_body; }

private:
    QToolButton* m_header;
    QWidget* m_body;
    QString m_settingsKey;
};

} // namespace popscope
