#pragma once
// Variable lifetimes under the liveness plot: one row per chosen variable, its live ranges as bars
// over the same step axis as the plot (aligned with it and following its zoom), the source's in
// blue and, in compare mode, the target's in purple under them. Click a row's × to remove it.
#include "models/liveness/liveness_plot_data.hpp"
#include "models/liveness/liveness_view_state.hpp"
#include "popscope/units.hpp"

#include <QWidget>

namespace popscope {

class LivenessPlot;

class LifetimeBars : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxRows = LivenessViewState::kMaxLifetimes;
    LifetimeBars(LivenessPlot* plot, QWidget* parent = nullptr);
    void setRows(std::vector<LifetimeRow> rows);
    const std::vector<LifetimeRow>& rows() const { return m_rows; }
    void setComparing(bool comparing);
    void setUnit(MemoryUnit unit);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

signals:
    void removeRequested(const QString& name);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override; // tooltips

private:
    int rowHeight() const;
    int rowAt(const QPoint& pos) const;
    QRect removeBox(int row) const;
    LivenessPlot* m_plot;
    std::vector<LifetimeRow> m_rows;
    bool m_comparing = false;
    MemoryUnit m_unit = MemoryUnit::Binary;
};

} // namespace popscope
