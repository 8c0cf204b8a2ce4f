#pragma once
// The command line's names for rows and tabs, in one place: --show TABLE=KEY becomes a
// NavigationTarget and --tab NAME a page's tab key. Names match case-insensitively, '-', '_' and ' '
// alike, against each tab's id and the caption words the option has always accepted; never against
// a widget's text, so rewording a caption cannot break a script.
#include "models/navigation_target.hpp"

#include <QString>
#include <QStringList>

#include <optional>

namespace popscope {

// The key (MemoryTab, LivenessTab, TraceTab) of the tab `name` of `page`, or -1. Pages without
// tabs of their own use the Memory page's.
int tabKeyNamed(PageId page, const QString& name);
// The ids --tab accepts for `page`, in tab order ("details", "variables", …).
QStringList tabIds(PageId page);
// --show's row on `page`: TABLE "variables", "vertices", "computeSets", "exchanges", "programs" (an
// id or a name), "operations" (an operation's key, or "#N" for the N-th row) or "steps" / "waits"
// ("N", "step N" or "step N on IPU I"); empty for a table or key it cannot be.
std::optional<NavigationTarget> showOptionTarget(PageId page, const QString& option);

} // namespace popscope
