#pragma once
// A read-only array of unsigned integers for Python: a view onto a vector that core (or the
// report handle) owns, kept alive by `owner`. Python sees a sequence (len, [i], iteration) and
// the buffer protocol, so `memoryview(a)` and `numpy.asarray(a)` read it without a copy.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace popscope::python {

struct PackedArray {
    std::shared_ptr<const void> owner; // keeps the data alive (the report, or an owned vector)
    const void* data = nullptr;
    size_t size = 0;
    bool wide = false; // uint64 when true, else uint32

    uint64_t at(size_t i) const
    {
        return wide ? static_cast<const uint64_t*>(data)[i] : static_cast<const uint32_t*>(data)[i];
    }

    template <typename T>
    static PackedArray view(std::shared_ptr<const void> owner, std::span<const T> values)
    {
        static_assert(sizeof(T) == 4 || sizeof(T) == 8);
        return { std::move(owner), values.data(), values.size(), sizeof(T) == 8 };
    }
    template <typename T>
    static PackedArray view(std::shared_ptr<const void> owner, const std::vector<T>& values)
    {
        return view(std::move(owner), std::span<const T>(values));
    }
    template <typename T> static PackedArray own(std::vector<T> values)
    {
        auto held = std::make_shared<const std::vector<T>>(std::move(values));
        return view(held, *held);
    }
};

} // namespace popscope::python
