#include "views/insights/peak_liveness_box.hpp"

#include "models/item_roles.hpp"
#include "models/memory/tile_scope.hpp"
#include "views/widgets/column_fitter.hpp"

#include <QBoxLayout>
#include <QCoreApplication>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTreeView>

namespace popscope {

namespace {

QTreeView* tableView(QStandardItemModel* model, QWidget* parent)
{
    auto* view = new QTreeView(parent);
    view->setModel(model);
    view->setRootIsDecorated(false);
    view->setAlternatingRowColors(true);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setMinimumHeight(150);
    new ColumnFitter(view, view->header(), 120);
    return view;
}

QStandardItem* bytesItem(uint64_t bytes, MemoryUnit unit)
{
    auto* item = new QStandardItem(bytesText(bytes, unit));
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    item->setToolTip(
        QCoreApplication::translate("popscope::PeakLivenessBox", "%1 bytes").arg(countText(bytes)));
    item->setData(qulonglong(bytes), SortRole);
    return item;
}

QString shareText(uint64_t part, uint64_t whole)
{
    return QString::fromStdString(formatPercent(shareOf(part, whole)));
}

} // namespace

PeakLivenessBox::PeakLivenessBox(QWidget* parent)
    : QGroupBox(tr("Peak liveness"), parent)
{
    setObjectName(QStringLiteral("peakLiveness"));
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_showStep = new QPushButton(tr("Show in Liveness"), this);
    m_showStep->setToolTip(tr("Select the peak step on the Liveness page"));
    connect(m_showStep, &QPushButton::clicked, this, [this] { emit showStep(m_step); });
    m_tiles = new QStandardItemModel(0, 5, this);
    m_tiles->setHorizontalHeaderLabels(
        { tr("Worst tiles at the peak"), tr("IPU"), tr("Always live"), tr("Not always live"), tr("Total") });
    m_variables = new QStandardItemModel(0, 3, this);
    m_variables->setHorizontalHeaderLabels(
        { tr("Largest variables live there"), tr("Bytes"), tr("Live steps") });
    m_tables = new QWidget(this);
    m_tilesView = tableView(m_tiles, m_tables);
    m_tilesView->setToolTip(tr("Double-click a tile to see it in the Memory report"));
    m_variablesView = tableView(m_variables, m_tables);
    connect(m_tilesView, &QTreeView::doubleClicked, this, [this](const QModelIndex& index) {
        emit showTile(m_tiles->item(index.row(), 0)->data(TileRole).toUInt());
    });

    auto* top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_showStep, 0, Qt::AlignTop);
    auto* tables = new QBoxLayout(QBoxLayout::LeftToRight, m_tables);
    tables->setContentsMargins(0, 0, 0, 0);
    tables->addWidget(m_tilesView, 1);
    tables->addWidget(m_variablesView, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_tables);
}

void PeakLivenessBox::setPeak(const PeakLiveness& p, MemoryUnit u, const PeakLiveness* source, bool stacked)
{
    static_cast<QBoxLayout*>(m_tables->layout())
        ->setDirection(stacked ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    m_step = p.step;
    m_showStep->setVisible(p.available);
    m_tables->setVisible(p.available);
    if (!p.available) {
        m_summary->setText(p.error.empty()
                ? tr("The report has no liveness program steps.")
                : tr("Its liveness could not be read: %1").arg(QString::fromStdString(p.error)));
        return;
    }
    QString text = tr("At liveness step %1 of %2 (%3), %4 is live: %5 of the memory. %6 always live, %7 not.")
                       .arg(countText(p.step), countText(p.numSteps), QString::fromStdString(p.program),
                           bytesText(p.total(), u), shareText(p.total(), p.capacity),
                           bytesText(p.alwaysLive, u), bytesText(p.notAlwaysLive, u));
    text += QLatin1Char(' ')
        + tr("The busiest IPU there is IPU %1 with %2 of its %3 (%4).")
              .arg(QString::number(p.busiestIpu), bytesText(p.ipuAlwaysLive + p.ipuNotAlwaysLive, u),
                  bytesText(p.ipuCapacity, u),
                  shareText(p.ipuAlwaysLive + p.ipuNotAlwaysLive, p.ipuCapacity));
    if (source && source->available)
        text += QLatin1Char(' ')
            + tr("The source's peak holds %1 (step %2): %3.")
                  .arg(bytesText(source->total(), u), countText(source->step),
                      signedBytesText(int64_t(p.total()) - int64_t(source->total()), u));
    m_summary->setText(text);
    fillTiles(p, u);
    fillVariables(p, u);
}

void PeakLivenessBox::fillTiles(const PeakLiveness& p, MemoryUnit u)
{
    m_tiles->removeRows(0, m_tiles->rowCount());
    for (const PeakLivenessTile& t : p.worstTiles) {
        auto* tile = new QStandardItem(tr("Tile %1").arg(t.tile));
        tile->setData(t.tile, TileRole);
        auto* ipu = new QStandardItem(QString::number(t.ipu));
        ipu->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        auto* total = bytesItem(t.total(), u);
        total->setText(tr("%1 (%2)").arg(bytesText(t.total(), u), shareText(t.total(), p.bytesPerTile)));
        m_tiles->appendRow({ tile, ipu, bytesItem(t.alwaysLive, u), bytesItem(t.notAlwaysLive, u), total });
    }
}

void PeakLivenessBox::fillVariables(const PeakLiveness& p, MemoryUnit u)
{
    m_variables->removeRows(0, m_variables->rowCount());
    for (const LiveVariableRow& v : p.variables) {
        const QString name = QString::fromStdString(v.name);
        auto* nameItem = new QStandardItem(name);
        nameItem->setToolTip(name);
        auto* steps = new QStandardItem(tr("%1–%2").arg(countText(v.firstStep), countText(v.lastStep)));
        steps->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_variables->appendRow({ nameItem, bytesItem(v.bytes, u), steps });
    }
}

QString PeakLivenessBox::summaryText() const
{
    return m_summary->text();
}

} // namespace popscope
