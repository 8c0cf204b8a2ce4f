#include "popscope/memory_categories.hpp"

namespace popscope {

const std::vector<CategoryInfo>& knownCategories()
{
    static const std::vector<CategoryInfo> categories = {
        { "variable", "Variables", "Variables" },
        { "constant", "Constants", "Variables" },
        { "vertexCode", "Vertex code", "Vertices" },
        { "vertexInstanceState", "Vertex state", "Vertices" },
        { "vertexFieldData", "Vertex field data", "Vertices" },
        { "vectorListDescriptor", "Vector list descriptors", "Vertices" },
        { "copyDescriptor", "Copy descriptors", "Vertices" },
        { "internalExchangeCode", "Internal exchange code", "Exchange code" },
        { "hostExchangeCode", "Host exchange code", "Exchange code" },
        { "globalExchangeCode", "Global exchange code", "Exchange code" },
        { "hostExchangePacketHeader", "Host exchange packet headers", "Exchange code" },
        { "globalExchangePacketHeader", "Global exchange packet headers", "Exchange code" },
        { "controlCode", "Control code", "Control" },
        { "controlId", "Control ids", "Control" },
        { "controlTable", "Control table", "Control" },
        { "stack", "Stack", "Other" },
        { "instrumentationResults", "Instrumentation results", "Other" },
        { "message", "Messages", "Other" },
    };
    return categories;
}

size_t categoryOrder(std::string_view name)
{
    const auto& categories = knownCategories();
    for (size_t i = 0; i < categories.size(); ++i) {
        if (name == categories[i].name)
            return i;
    }
    return categories.size();
}

std::string categoryLabel(std::string_view name)
{
    size_t order = categoryOrder(name);
    return order < knownCategories().size() ? knownCategories()[order].label : std::string(name);
}

} // namespace popscope
