// Names of enumerations as stored in files and shown to people.
#include "popscope/errors.hpp"
#include "popscope/profile_document.hpp"

#include <algorithm>

namespace popscope {

const char* regionName(MemoryRegion region)
{
    switch (region) {
    case MemoryRegion::NonInterleaved:
        return "nonInterleaved";
    case MemoryRegion::Interleaved:
        return "interleaved";
    case MemoryRegion::Overflowed:
        return "overflowed";
    }
    return "unknown";
}

std::optional<MemoryRegion> regionFromName(const std::string& name)
{
    for (int i = 0; i < kMemoryRegionCount; ++i) {
        if (name == regionName(MemoryRegion(i)))
            return MemoryRegion(i);
    }
    return std::nullopt;
}

std::string printableMessage(const std::string& text, size_t maxLength)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(std::min(text.size(), maxLength) + 8);
    for (const char c : text) {
        if (out.size() >= maxLength) {
            out += "…";
            break;
        }
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f) {
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 15];
        } else {
            out += c;
        }
    }
    return out;
}

const char* errorKindName(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::FileNotFound:
        return "file not found";
    case ErrorKind::EmptyFile:
        return "empty file";
    case ErrorKind::NotSqlite:
        return "not an SQLite database";
    case ErrorKind::Truncated:
        return "truncated profile";
    case ErrorKind::NotAProfile:
        return "not a popscope profile";
    case ErrorKind::UnsupportedVersion:
        return "unsupported format version";
    case ErrorKind::CorruptProfile:
        return "corrupt profile";
    case ErrorKind::InvalidInput:
        return "invalid input";
    case ErrorKind::WriteFailed:
        return "write failed";
    }
    return "error";
}

} // namespace popscope
