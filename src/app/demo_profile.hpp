#pragma once
#include <QString>

namespace popscope {

// The demo report that "Open demo" and --demo open: $POPSCOPE_DEMO_PROFILE when set, else the
// installed one (share/popscope/profiles/demo.pop beside the executable's bin folder), else the
// build folder's. Needs the QCoreApplication (it reads the executable's folder).
QString demoProfilePath();

} // namespace popscope
