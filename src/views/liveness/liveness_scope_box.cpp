#include "views/liveness/liveness_scope_box.hpp"

#include "models/liveness/liveness_view_state.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/report_state.hpp"

#include <QStandardItemModel>

#include <algorithm>
#include <cstdint>

namespace popscope {

namespace {
constexpr int kAllIpus = LivenessViewState::kAllIpus;
constexpr int kSelectedTiles = LivenessViewState::kSelectedTiles;
} // namespace

LivenessScopeBox::LivenessScopeBox(QWidget* parent)
    : QComboBox(parent)
{
    setToolTip(tr("Liveness of all IPUs, of one IPU, or of the tiles selected here or on the "
                  "Memory page"));
}

void LivenessScopeBox::refresh(const ReportState& state)
{
    const auto report = state.report(), target = state.comparedReport();
    const uint32_t ipus = std::min(
        report ? report->summary.target.numIpus : 0, target ? target->summary.target.numIpus : UINT32_MAX);
    const size_t tiles = state.selectedTiles().size();
    const int current = currentIndex() >= 0 ? currentData().toInt() : kAllIpus;
    QSignalBlocker block(this);
    clear();
    addItem(tr("All IPUs"), kAllIpus);
    for (uint32_t i = 0; i < ipus && ipus > 1; ++i)
        addItem(tr("IPU %1").arg(i), int(i));
    addItem(tiles ? tr("Selected tiles (%1)").arg(countText(tiles))
                  : tr("Selected tiles (select on the Memory page)"),
        kSelectedTiles);
    if (!tiles) // nothing to show until tiles are selected
        if (auto* items = qobject_cast<QStandardItemModel*>(model()))
            items->item(count() - 1)->setEnabled(false);
    const int index = findData(current);
    setCurrentIndex(index >= 0 && !(current == kSelectedTiles && !tiles) ? index : 0);
}

LivenessScope LivenessScopeBox::scope(const ReportState& state) const
{
    return LivenessViewState::scopeFor(choice(), state.selectedTiles(), state.commonTiles());
}

} // namespace popscope
