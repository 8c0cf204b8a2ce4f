#pragma once
// Colour scales for maps of values (the Memory page's Tile Map), readable with the common
// colour-vision deficiencies: viridis for amounts (dark blue → yellow, lightness rises
// monotonically), and blue – light grey – orange for a change either way (no red/green pair).
#include <QColor>

namespace popscope::ColourScale {

// t in [0, 1]: none … most.
QColor sequential(double t);
// t in [-1, 1]: less (blue) … no change (light grey) … more (orange).
QColor diverging(double t);

} // namespace popscope::ColourScale
