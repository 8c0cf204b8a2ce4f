#include "views/summary/summary_memory_grid.hpp"

#include "models/memory/tile_scope.hpp"
#include "views/widgets/chart_palette.hpp"

#include <QGridLayout>
#include <QLabel>

#include <array>

namespace popscope {

void tagSummaryFigure(QLabel* value, const std::string& key)
{
    value->setProperty("summaryFigure", QString::fromStdString(key));
}

SummaryMemoryGrid::SummaryMemoryGrid(QWidget* parent)
    : QWidget(parent)
{
    m_grid = new QGridLayout(this);
    m_grid->setHorizontalSpacing(24);
}

void SummaryMemoryGrid::clear()
{
    while (QLayoutItem* item = m_grid->takeAt(0)) {
        delete item->widget();
        delete item;
    }
}

void SummaryMemoryGrid::fill(const ProfileSummary& s, const std::vector<SummaryFigure>& figures, MemoryUnit u)
{
    auto bytes = [u](uint64_t b) { return bytesText(b, u); };
    const QStringList headers = { tr("IPU"), tr("Used (excl. gaps)"), tr("Used (incl. gaps)"), tr("Capacity"),
        tr("Share used"), tr("Most used tile"), tr("Tiles over capacity") };
    const std::array<const char*, 7> figureOfColumn
        = { "", "memory.used-excluding-gaps", "memory.used-including-gaps", "memory.capacity",
              "memory.share-used", "memory.most-used-tile", "memory.tiles-over-capacity" };
    for (int c = 0; c < headers.size(); ++c)
        m_grid->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(headers[c])), 0, c,
            c == 0 ? Qt::AlignLeft : Qt::AlignRight);
    int row = 1;
    auto addRow = [&](const QStringList& cells, bool over, const std::array<std::string, 7>& figureNames) {
        for (int c = 0; c < cells.size(); ++c) {
            auto* l = new QLabel(cells[c]);
            l->setTextInteractionFlags(Qt::TextSelectableByMouse);
            if (!figureNames[size_t(c)].empty()) {
                l->setObjectName(QStringLiteral("value:") + QString::fromStdString(figureNames[size_t(c)]));
                tagSummaryFigure(l, figureNames[size_t(c)]);
            }
            if (over && c == cells.size() - 1)
                l->setText(QStringLiteral("<span style='color:%1'><b>%2</b></span>")
                               .arg(ChartPalette::overCapacity().name(), cells[c]));
            m_grid->addWidget(l, row, c, c == 0 ? Qt::AlignLeft : Qt::AlignRight);
        }
        ++row;
    };
    for (const IpuMemorySummary& ipu : s.ipus) {
        std::array<std::string, 7> names;
        names[2] = "memory.ipu-" + std::to_string(ipu.ipu); // its figure's value: used including gaps
        addRow({ QString::number(ipu.ipu), bytes(ipu.usedExcludingGaps), bytes(ipu.usedIncludingGaps),
                   bytes(ipu.capacity), QString::fromStdString(formatPercent(ipu.shareUsed())),
                   tr("%1 on tile %2").arg(bytes(ipu.maxTileBytes)).arg(ipu.maxTile),
                   countText(ipu.tilesOverCapacity) },
            ipu.tilesOverCapacity > 0, names);
    }
    QStringList all = { tr("<b>All</b>") };
    std::array<std::string, 7> names;
    for (size_t c = 1; c < figureOfColumn.size(); ++c) {
        const SummaryFigure* f = findFigure(figures, figureOfColumn[c]);
        all << (f ? QString::fromStdString(figureText(*f, u)) : QString());
        names[c] = figureOfColumn[c];
    }
    addRow(all, s.tilesOverCapacity > 0, names);
    m_grid->setColumnStretch(headers.size(), 1);
}

} // namespace popscope
