#pragma once
// The Liveness page's scope choice: all IPUs, one IPU (when there are several), or the tiles
// selected here or on the Memory page (offered, greyed out, until some are). Each item's data is
// an IPU's index or one of LivenessViewState's kAllIpus / kSelectedTiles.
#include <QComboBox>

#include <cstdint>

namespace popscope {

class LivenessScopeBox : public QComboBox {
    Q_OBJECT
public:
    explicit LivenessScopeBox(QWidget* parent = nullptr);
    // Offers `ipus` IPUs and `selectedTiles` selected tiles, keeping the choice where it still can.
    void refresh(uint32_t ipus, size_t selectedTiles);
    // The IPU chosen, or kAllIpus / kSelectedTiles.
    int choice() const { return currentData().toInt(); }
};

} // namespace popscope
