#pragma once
// The colours of compare mode, the same in every page: source and target series, and a Diff that
// is worse (more memory, more cycles) or better.
#include <QColor>

namespace popscope::CompareColors {

inline QColor source()
{
    return QColor(0x4e, 0x79, 0xa7);
} // blue, as single-mode bars
// Deep purple: no memory category, step type or over-capacity mark uses it.
inline QColor target()
{
    return QColor(0x7b, 0x1f, 0xa2);
}
inline QColor worse()
{
    return QColor(0xc6, 0x28, 0x28);
} // red: grew
inline QColor better()
{
    return QColor(0x2e, 0x7d, 0x32);
} // green: shrank

} // namespace popscope::CompareColors
