#pragma once
// The Liveness page's scope choice: all IPUs, one IPU (when there are several), or the tiles
// selected here or on the Memory page (offered, greyed out, until some are). Each item's data is
// an IPU's index or one of LivenessViewState's kAllIpus / kSelectedTiles.
#include "popscope/liveness.hpp"

#include <QComboBox>

#include <cstdint>

namespace popscope {

class ReportState;

class LivenessScopeBox : public QComboBox {
    Q_OBJECT
public:
    explicit LivenessScopeBox(QWidget* parent = nullptr);
    // Offers the IPUs both open reports have and the tiles selected, keeping the choice where it
    // still can. It follows the reports open now, before their parts are read.
    void refresh(const ReportState& state);
    // The IPU chosen, or kAllIpus / kSelectedTiles.
    int choice() const { return currentData().toInt(); }
    // The scope chosen, on the selected tiles both reports have.
    LivenessScope scope(const ReportState& state) const;
};

} // namespace popscope
