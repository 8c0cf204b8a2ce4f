#include "models/memory/memory_scope_text.hpp"

#include "models/memory/details_model.hpp"
#include "models/memory/tile_scope.hpp"

#include <QCoreApplication>

namespace popscope {

QString memoryScopeText(const MemoryScope& scope)
{
    const bool comparing = scope.comparing;
    const bool differentTiles = comparing && scope.sourceTiles != scope.targetTiles;
    const QString ofBoth = comparing
        ? QCoreApplication::translate("popscope::MemoryScopeText", " of both reports")
        : QString();
    if (scope.selectedTiles == 0) {
        if (differentTiles)
            return QCoreApplication::translate("popscope::MemoryScopeText",
                "Tables show <b>all tiles of each report</b> (%1 and %2): rows match by name. "
                "The chart's outline covers the %3 tiles both have.")
                .arg(
                    countText(scope.sourceTiles), countText(scope.targetTiles), countText(scope.commonTiles));
        return QCoreApplication::translate("popscope::MemoryScopeText",
            "Tables show <b>all %1 tiles</b>%2. Select tiles to narrow them down.")
            .arg(countText(scope.sourceTiles), ofBoth);
    }
    QString list = scope.selection;
    if (list.size() > 80)
        list = list.left(80) + QStringLiteral("…");
    QString text
        = QCoreApplication::translate("popscope::MemoryScopeText", "Tables show <b>%1 selected %2</b>%4: %3")
              .arg(countText(scope.selectedTiles), pluralText(scope.selectedTiles, "tile"),
                  list.toHtmlEscaped(), ofBoth);
    if (differentTiles)
        text += QCoreApplication::translate(
            "popscope::MemoryScopeText", " (only tiles 0–%1 are in both reports; the rest are left out)")
                    .arg(countText(scope.commonTiles - 1));
    else if (!comparing && scope.selectedTiles > uint64_t(DetailsModel::kMaxTileColumns))
        text += QCoreApplication::translate("popscope::MemoryScopeText",
            ". Details has a column for each of the first %1; its Selection column sums all of them.")
                    .arg(DetailsModel::kMaxTileColumns);
    return text;
}

} // namespace popscope
