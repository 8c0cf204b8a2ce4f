#pragma once
// The file a Save dialog's answer names: the path as typed, with the suffix of the chosen filter
// added when the user typed none ("trace" with "PNG image (*.png)" is "trace.png").
#include <QString>

namespace popscope {

// The first "*.ext" of a filter such as "PNG image (*.png);;SVG image (*.svg)", as ".ext"; "" if none.
QString filterSuffix(const QString& filter);
// `path` when it has a suffix (or the filter names none), else `path` + the filter's suffix.
QString withFilterSuffix(const QString& path, const QString& filter);

} // namespace popscope
