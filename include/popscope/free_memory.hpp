#pragma once
// Empties a container and hands its memory back. `c = {}` does not: for a std::vector or a
// std::unordered_map it calls operator=(std::initializer_list), which assigns no elements and keeps
// the capacity; nor does clear().
namespace popscope {

template <typename Container> void freeMemory(Container& container)
{
    Container().swap(container);
}

} // namespace popscope
