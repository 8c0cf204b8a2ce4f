#pragma once
// The typed magnification of a zoomable chart's navigation strip: it shows how far the chart is
// zoomed in ("×8.0") and takes a typed one on Enter ("8", "8x", "×8" or "800%"); 1 shows
// everything. The Memory chart's, the Liveness plot's and the Execution Trace's strips have one.
#include <QLineEdit>

#include <optional>

namespace popscope {

class MagnificationEdit : public QLineEdit {
    Q_OBJECT
public:
    explicit MagnificationEdit(QWidget* parent = nullptr);
    // Shows `factor` (the whole extent over the window shown), unless the user is typing.
    void showMagnification(double factor);
    // A typed magnification: a number of at least 1, with an optional × or x, or a percentage of
    // at least 100 %; none for anything else.
    static std::optional<double> parse(const QString& text);

signals:
    void magnificationTyped(double factor);
};

} // namespace popscope
