#include "views/widgets/column_fitter.hpp"

#include <QAbstractItemModel>
#include <QAbstractItemView>
#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTimer>

#include <algorithm>

namespace popscope {

ColumnFitter::ColumnFitter(QAbstractItemView* view, QHeaderView* header, int minimumNameWidth)
    : QObject(view)
    , m_view(view)
    , m_header(header)
    , m_minimum(minimumNameWidth)
{
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setResizeContentsPrecision(500); // sample rows: big tables stay fast
    view->setTextElideMode(Qt::ElideMiddle);
    m_viewport = view->viewport();
    m_viewport->installEventFilter(this);
    connect(header, &QHeaderView::sectionResized, this, [this](int logical, int, int) {
        if (m_fitting)
            return;
        if (logical == m_nameColumn)
            m_userSized = true; // the user dragged the name column: leave it alone
        else
            fitName(); // another column changed: the name column takes up the slack
    });
    auto reset = [this] {
        m_userSized = false;
        // After the view has laid out the new rows (and maybe a vertical scroll bar).
        QTimer::singleShot(0, this, &ColumnFitter::fitAll);
    };
    if (QAbstractItemModel* model = view->model()) {
        connect(model, &QAbstractItemModel::modelReset, this, reset);
        connect(model, &QAbstractItemModel::layoutChanged, this,
            [this] { QTimer::singleShot(0, this, &ColumnFitter::fitName); });
        connect(model, &QAbstractItemModel::headerDataChanged, this,
            [this] { QTimer::singleShot(0, this, &ColumnFitter::fitAll); });
        connect(model, &QAbstractItemModel::dataChanged, this,
            [this] { QTimer::singleShot(0, this, &ColumnFitter::fitAll); });
        connect(model, &QAbstractItemModel::columnsInserted, this, reset);
        connect(model, &QAbstractItemModel::columnsRemoved, this, reset);
        QTimer::singleShot(0, this, &ColumnFitter::fitAll); // a model filled before the view got it
    }
}

void ColumnFitter::fitAll()
{
    const QAbstractItemModel* model = m_view->model();
    if (!model || model->columnCount() == 0)
        return;
    // A hidden view (another tab) fits when shown: a tree lays out every row first to measure
    // them, and QTreeView keeps that layout's memory.
    m_fitPending = !m_view->isVisible();
    if (m_fitPending)
        return;
    m_fitting = true;
    for (int c = 0; c < model->columnCount(); ++c) // as QTreeView/QTableView::resizeColumnToContents
        if (c != m_nameColumn)
            m_header->resizeSection(c,
                std::max(
                    m_view->sizeHintForColumn(c), m_header->isHidden() ? 0 : m_header->sectionSizeHint(c)));
    m_fitting = false;
    fitName();
}

void ColumnFitter::fitName()
{
    const QAbstractItemModel* model = m_view->model();
    if (!model || model->columnCount() == 0 || m_userSized)
        return;
    QHeaderView* header = m_header;
    int others = 0;
    for (int c = 0; c < model->columnCount(); ++c)
        if (c != m_nameColumn && !header->isSectionHidden(c))
            others += header->sectionSize(c);
    const int room = m_view->viewport()->width() - others;
    // Never narrower than the minimum, nor than the name column's header text.
    const int floor = std::max(m_minimum, header->sectionSizeHint(m_nameColumn));
    m_fitting = true;
    header->resizeSection(m_nameColumn, std::max(floor, room));
    m_fitting = false;
}

bool ColumnFitter::eventFilter(QObject* watched, QEvent* event)
{
    // Compared with the stored pointer, not m_view->viewport(): the filter also sees the events the
    // viewport gets while the view is half destroyed (no longer a QAbstractScrollArea).
    if (event->type() == QEvent::Resize && watched == m_viewport)
        fitName();
    if (event->type() == QEvent::Show && watched == m_viewport && m_fitPending)
        QTimer::singleShot(0, this, &ColumnFitter::fitAll); // once the view is laid out for showing
    return QObject::eventFilter(watched, event);
}

} // namespace popscope
