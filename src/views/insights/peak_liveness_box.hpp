#pragma once
// Insights ▸ Peak liveness: what is live at the liveness peak (core's PeakLiveness) for the model
// and its busiest IPU, the worst tiles there and the largest variables live there, with a link to
// the step on the Liveness page. In compare mode the target's box also gives the source's peak
// and the difference.
#include "popscope/peak_liveness.hpp"

#include <QGroupBox>

class QLabel;
class QPushButton;
class QStandardItemModel;
class QTreeView;

namespace popscope {

class PeakLivenessBox : public QGroupBox {
    Q_OBJECT
public:
    explicit PeakLivenessBox(QWidget* parent = nullptr);
    // `source`: the compared source's peak, shown on the target's side; null otherwise.
    void setPeak(const PeakLiveness& peak, MemoryUnit unit, const PeakLiveness* source, bool stacked);
    QString summaryText() const;
    QTreeView* tilesView() const { return m_tilesView; }
    QTreeView* variablesView() const { return m_variablesView; }
    QPushButton* showStepButton() const { return m_showStep; }

signals:
    void showTile(uint32_t tile); // a worst tile's row was double-clicked
    void showStep(uint32_t step); // Show in Liveness

private:
    void fillTiles(const PeakLiveness& peak, MemoryUnit unit);
    void fillVariables(const PeakLiveness& peak, MemoryUnit unit);

    QLabel* m_summary;
    QPushButton* m_showStep;
    QWidget* m_tables;
    QStandardItemModel* m_tiles;
    QStandardItemModel* m_variables;
    QTreeView* m_tilesView;
    QTreeView* m_variablesView;
    uint32_t m_step = 0;
};

} // namespace popscope
