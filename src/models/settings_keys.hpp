#pragma once
// Every QSettings key the application reads or writes, in one place: a typo in a key would
// silently lose a setting, and a key used in two files must be the same key.
#include <QLatin1String>

namespace popscope::SettingsKey {

// Folders and the window.
inline constexpr QLatin1String lastOpenFolder { "paths/lastFolder" }; // File > Open, Compare
inline constexpr QLatin1String exportFolder { "paths/exportFolder" }; // every Save dialog of the views
inline constexpr QLatin1String sshTimeoutSeconds { "remote/timeoutSeconds" }; // remote reports (15 s)
inline constexpr QLatin1String sshDiskCache { "remote/diskCache" }; // keep remote blocks on disk (true)
inline constexpr QLatin1String windowGeometry { "window/geometry" };
inline constexpr QLatin1String sidebarCollapsed { "window/sidebarCollapsed" };
inline constexpr QLatin1String lastPage { "window/lastPage" }; // the first page of the next opening
inline constexpr QLatin1String lastComparePage { "window/lastComparePage" }; // the same in compare mode
inline constexpr QLatin1String recentReports { "recent/reports" };
inline constexpr QLatin1String recentComparisons { "recent/comparisons" };
inline constexpr QLatin1String memoryUnit { "preferences/memoryUnit" };
// Heap the window may hold before it lets go of the pages shown longest ago (160 MiB by default).
inline constexpr QLatin1String pageMemoryLimitMiB { "preferences/pageMemoryLimitMiB" };

// Summary.
inline constexpr QLatin1String summaryExpandedPrefix { "summary/expanded/" }; // + the section's id
inline constexpr QLatin1String summaryEngineOptionsFilter { "summary/engineOptionsFilter" };
inline constexpr QLatin1String summaryOptionsOnlyDifferences { "summary/optionsOnlyDifferences" };

// Memory.
inline constexpr QLatin1String memoryBreakdown { "memory/breakdown" };
inline constexpr QLatin1String memoryOrder { "memory/order" };
inline constexpr QLatin1String memoryIncludeGaps { "memory/includeGaps" };
inline constexpr QLatin1String memoryShowMaxMemory { "memory/showMaxMemory" };
inline constexpr QLatin1String memoryGraph { "memory/graph" };
inline constexpr QLatin1String memoryMapCategory { "memory/mapCategory" };

// Liveness.
inline constexpr QLatin1String livenessIncludeAlwaysLive { "liveness/includeAlwaysLive" };
inline constexpr QLatin1String livenessShowCapacity { "liveness/showCapacity" };
inline constexpr QLatin1String livenessMerge { "liveness/merge" };

// Operations.
inline constexpr QLatin1String operationsFilter { "operations/filter" };
inline constexpr QLatin1String operationsHiddenColumns { "operations/hiddenColumns" };
inline constexpr QLatin1String operationsChartMetric { "operations/chartMetric" };

} // namespace popscope::SettingsKey
