#pragma once
// Base of every report page: a widget over the shared ReportState that can show a given row
// when another page links to it (What changed, Insights).
#include <QWidget>

namespace popscope {

class ReportState;

class ReportPage : public QWidget {
    Q_OBJECT
public:
    explicit ReportPage(ReportState* state, QWidget* parent = nullptr) : QWidget(parent), m_state(state) {}
    ReportState* state() const { return m_state; }
    // Shows the row `rowKey` of the page's `table` (e.g. "variables", "layer1/w"); false when the
    // page has no such table or row. The default page has none.
    virtual bool showRow(const QString& table, const QString& rowKey)
    {
        Q_UNUSED(table);
        Q_UNUSED(rowKey);
        return false;
    }

protected:
    ReportState* m_state;
};

} // namespace popscope
