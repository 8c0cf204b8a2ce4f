#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace popscope {

// The memory categories libpva reports, in display order, with a readable label.
struct CategoryInfo {
    const char* name; // libpva name, stored in the file
    const char* label; // for people
    const char* group; // "Variables", "Vertices", "Exchange code", "Control", "Other"
};

const std::vector<CategoryInfo>& knownCategories();
// Display label for a category name; unknown names are shown as they are.
std::string categoryLabel(std::string_view name);
// Position in knownCategories(), or knownCategories().size() for unknown names.
size_t categoryOrder(std::string_view name);

} // namespace popscope
