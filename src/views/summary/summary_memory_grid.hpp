#pragma once
// The Summary's Memory section: one row per IPU (used without and with gaps, capacity, share
// used, most used tile, tiles over capacity), then the summary table's Memory figures as "All".
#include "popscope/summary_figures.hpp"
#include "popscope/units.hpp"

#include <QWidget>

#include <string>
#include <vector>

class QGridLayout;
class QLabel;

namespace popscope {

// Names the label showing a figure of the summary table, so tests find each figure where the page shows it.
void tagSummaryFigure(QLabel* value, const std::string& key);

class SummaryMemoryGrid : public QWidget {
    Q_OBJECT
public:
    explicit SummaryMemoryGrid(QWidget* parent);
    void clear();
    // Each IPU's "IPU n" figure is its used (including gaps) cell; Fits is the page's banner.
    void fill(const ProfileSummary& summary, const std::vector<SummaryFigure>& figures, MemoryUnit unit);

private:
    QGridLayout* m_grid;
};

} // namespace popscope
