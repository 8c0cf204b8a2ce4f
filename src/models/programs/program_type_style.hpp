#pragma once
// How a program type looks in every view (Program Tree, Operations, Execution Trace): core's
// colour and symbol (popscope/program_types.hpp) as a QColor and a small painted icon.
#include <QColor>
#include <QIcon>

#include <string_view>

namespace popscope {

QColor programTypeColor(std::string_view type);
// A rounded square in the type's colour with its symbol; cached per type.
QIcon programTypeIcon(std::string_view type);
// "OnTileExecute — Runs a compute set's vertices on their tiles (compute)"
QString programTypeToolTip(std::string_view type);

} // namespace popscope
