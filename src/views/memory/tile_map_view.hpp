#pragma once
// The Memory page's Tile Map: each IPU's tiles where they sit on the chip, coloured by the memory
// they use (all of it or one category), or in compare mode by the change per tile. Hover shows a
// tile's figures; click selects a tile, Shift/Ctrl-click adds or removes one, and a drag selects
// every tile it covers (with Shift, adds them): the selection the rest of the page shares.
#include "models/memory/tile_map_layout.hpp"
#include "models/report_state.hpp"
#include "views/memory/tile_map_renderer.hpp"

#include <QWidget>

#include <functional>

namespace popscope {

class TileMapView : public QWidget {
    Q_OBJECT
public:
    explicit TileMapView(ReportState* state, QWidget* parent = nullptr);

    // "" = all memory, else a category of the report's memory (TileMemory::categories).
    void setCategory(const std::string& category);
    const std::string& category() const { return m_category; }
    void setIncludeGaps(bool on);
    void setScaleToCapacity(bool on); // all memory: the scale ends at max memory, tiles over it outlined
    void setIpu(int ipu); // -1 = all IPUs
    // The rich text hover shows for a tile (the Memory chart's), before the map's own line.
    void setToolTipSource(std::function<QString(uint32_t)> source) { m_toolTipSource = std::move(source); }
    void rebuild();

    const TileMapLayout& layout() const { return m_layout; }
    const std::vector<int64_t>& values() const { return m_values; }
    TileMapScene scene() const;
    int64_t tileAt(const QPoint& pos) const;
    QRectF cellRect(uint32_t tile) const; // in widget coordinates; empty when not drawn
    bool saveImage(const QString& path, QString* error) const;
    QSize sizeHint() const override { return { 900, 420 }; }
    QSize minimumSizeHint() const override { return { 320, 200 }; }

signals:
    void dataRebuilt();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    QString scaleTitle() const;
    QString valueLine(uint32_t tile) const;
    void selectDragged(const QRect& band, bool add);

    ReportState* m_state;
    std::shared_ptr<const LoadedReport> m_report, m_target;
    std::string m_category;
    bool m_includeGaps = false;
    bool m_scaleToCapacity = true;
    int m_ipu = -1;
    TileMapLayout m_layout;
    std::vector<int64_t> m_values;
    int64_t m_scaleMax = 0;
    std::function<QString(uint32_t)> m_toolTipSource;
    int64_t m_hover = -1;
    QPoint m_pressPos;
    QRect m_band;
    bool m_pressed = false;
};

} // namespace popscope
