#pragma once
// popscope's cache folders: $XDG_CACHE_HOME/popscope/popscope/NAME (QStandardPaths::CacheLocation:
// the organisation, then the application), or POPSCOPE_CACHE_DIR/NAME when that is set (tests,
// scripts, screenshots).
#include <QString>

namespace popscope {

QString cacheFolder(const QString& name);

// The window's large read-mostly arrays go into spill files in cacheFolder("spill")
// (popscope/spilled_array.hpp). False, and the arrays kept in memory, when that folder cannot be
// made or is not on a local disk.
bool startSpilling();

} // namespace popscope
