#pragma once
// Colours of the Execution Trace's states (DESIGN §8: one colour per meaning, in every chart and
// legend of the page). Waiting is the warm one: it is what the user looks for.
#include "popscope/execution_trace.hpp"

#include <QColor>
#include <QPalette>

namespace popscope {

inline QColor traceStateColor(TraceState state, const QPalette& palette)
{
    switch (state) {
    case TraceState::Computing:
        return QColor(0x4e, 0x79, 0xa7); // blue
    case TraceState::Exchanging:
        return QColor(0xf2, 0x8e, 0x2b); // orange
    case TraceState::StreamCopy:
        return QColor(0x76, 0xb7, 0xb2); // teal
    case TraceState::Sync:
        return QColor(0x9c, 0x75, 0x5f); // brown
    case TraceState::WaitingForSync:
        return QColor(0xf4, 0xa6, 0xa6); // light red
    case TraceState::Idle:
        return palette.color(QPalette::AlternateBase);
    }
    return palette.color(QPalette::Base);
}

} // namespace popscope
