#pragma once
// Empties a container and hands its memory back. `c = {}` does not: for a std::vector or a
// std::unordered_map it calls operator=(std::initializer_list), which assigns no elements and keeps
// the capacity; nor does clear().
namespace popscope {

template <typename Container> void freeMemory(Container& container)
{
    Container().swap(container);
}

// Hands memory freed inside the heap back to the system: whole free pages in every arena, not only
// at a heap's top (glibc's malloc_trim). A background job's buffers, freed in its thread's arena
// between blocks still in use, otherwise stay in the process. Does nothing where the C library is
// not glibc.
void returnFreedMemory();

} // namespace popscope
