#pragma once
#include <Qt>

namespace popscope {

// Roles shared by popscope's item models.
enum ItemRole {
    SortRole = Qt::UserRole + 1, // raw value (bytes, counts) used for sorting and CSV export
    CsvHeaderRole, // header text for CSV (with units, e.g. "Size (bytes)")
    TileRole, // global tile id of a row or column, when it has one
};

} // namespace popscope
