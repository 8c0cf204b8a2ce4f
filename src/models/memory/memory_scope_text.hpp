#pragma once
// The line over the Memory page's tables: which tiles they sum (all, or the selection) and, in
// compare mode, how the two reports' tiles line up. Pure text from figures, tested without widgets.
#include <QString>

#include <cstdint>

namespace popscope {

struct MemoryScope {
    uint32_t sourceTiles = 0;
    bool comparing = false;
    uint32_t targetTiles = 0; // compare mode
    uint32_t commonTiles = 0; // the tiles both reports have (compare mode)
    uint64_t selectedTiles = 0;
    QString selection; // the selection as typed text, "0, 5, 100-120"
};

// Rich text (HTML): "Tables show <b>all 1,472 tiles</b>. …", "Tables show <b>3 selected tiles</b>: 0-2".
QString memoryScopeText(const MemoryScope& scope);

} // namespace popscope
