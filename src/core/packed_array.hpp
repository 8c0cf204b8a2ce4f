#pragma once
// Little-endian packing of per-tile series into BLOBs (DESIGN.md §4).
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <vector>

namespace popscope::packed {

// Encodes into `out` (replacing its contents), so a writer reuses one buffer for every row.
template <typename T, typename Source = T>
void encodeInto(std::span<const Source> values, std::vector<uint8_t>& out)
{
    out.resize(values.size() * sizeof(T));
    uint8_t* p = out.data();
    for (const Source& value : values) {
        auto v = static_cast<uint64_t>(static_cast<T>(value));
        for (size_t b = 0; b < sizeof(T); ++b)
            *p++ = uint8_t(v >> (8 * b));
    }
}

template <typename T> T readLe(const uint8_t* p)
{
    uint64_t v = 0;
    for (size_t b = 0; b < sizeof(T); ++b)
        v |= uint64_t(p[b]) << (8 * b);
    return static_cast<T>(v);
}

// Decodes `count` values of T; nullopt when the blob's length is not count * sizeof(T).
template <typename T> std::optional<std::vector<T>> decode(std::span<const uint8_t> blob, size_t count)
{
    if (blob.size() != count * sizeof(T))
        return std::nullopt;
    std::vector<T> out(count);
    for (size_t i = 0; i < count; ++i)
        out[i] = readLe<T>(blob.data() + i * sizeof(T));
    return out;
}

// Per-tile cycles use 16-bit cells when every value fits, else 32-bit; the reader tells by length.
inline void encodeCompactInto(std::span<const uint32_t> values, std::vector<uint8_t>& out)
{
    bool fits16 = true;
    for (uint32_t v : values)
        fits16 = fits16 && v <= 0xFFFF;
    if (fits16)
        encodeInto<uint16_t, uint32_t>(values, out);
    else
        encodeInto<uint32_t>(values, out);
}

inline std::optional<std::vector<uint32_t>> decodeCompact(std::span<const uint8_t> blob, size_t count)
{
    if (blob.size() == count * 4)
        return decode<uint32_t>(blob, count);
    if (blob.size() == count * 2) {
        auto narrow = decode<uint16_t>(blob, count);
        return std::vector<uint32_t>(narrow->begin(), narrow->end());
    }
    return std::nullopt;
}

// (key, value) pairs of uint32, e.g. (tile, bytes) or (tile, count).
template <typename Pair>
void encodePairsInto(
    const std::vector<Pair>& pairs, uint32_t Pair::*first, uint32_t Pair::*second, std::vector<uint8_t>& out)
{
    out.resize(pairs.size() * 8);
    uint8_t* p = out.data();
    for (const auto& pair : pairs)
        for (uint32_t v : { pair.*first, pair.*second })
            for (size_t b = 0; b < 4; ++b)
                *p++ = uint8_t(v >> (8 * b));
}

template <typename Pair>
std::optional<std::vector<Pair>> decodePairs(
    std::span<const uint8_t> blob, uint32_t Pair::*first, uint32_t Pair::*second)
{
    if (blob.size() % 8 != 0)
        return std::nullopt;
    std::vector<Pair> out(blob.size() / 8);
    for (size_t i = 0; i < out.size(); ++i) {
        out[i].*first = readLe<uint32_t>(blob.data() + i * 8);
        out[i].*second = readLe<uint32_t>(blob.data() + i * 8 + 4);
    }
    return out;
}

} // namespace popscope::packed
