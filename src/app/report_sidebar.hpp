#pragma once
// The collapsible list of reports on the left of the window: one entry a page, found by its id.
#include "models/page_id.hpp"

#include <QWidget>

#include <vector>

class QLabel;
class QListWidget;
class QToolButton;

namespace popscope {

class ReportSidebar : public QWidget {
    Q_OBJECT
public:
    explicit ReportSidebar(QWidget* parent = nullptr);
    // Adds a report entry showing `name`; disabled entries get the tooltip "Not available yet".
    void addReport(
        PageId id, const QString& name, const QString& icon, bool available, const QString& shortcut = {});
    // Enables or disables an entry; `reason` is the disabled entry's tooltip.
    void setAvailable(PageId id, bool available, const QString& reason = {});
    // Names the open file(s) above the list: one report, or source and target in compare mode.
    void setFiles(const QString& source, const QString& target);
    QString filesText() const;
    void setCurrent(PageId id);
    PageId current() const;
    bool isAvailable(PageId id) const;
    bool isCollapsed() const { return m_collapsed; }
    void setCollapsed(bool collapsed);
    QListWidget* list() const { return m_list; }

signals:
    void reportSelected(popscope::PageId id);

protected:
    void changeEvent(QEvent* event) override; // follows palette (theme) changes

private:
    QListWidget* m_list;
    QLabel* m_files;
    QToolButton* m_toggle;
    bool m_collapsed = false;
    std::vector<PageId> m_ids; // the entries' pages, in list order
};

} // namespace popscope
