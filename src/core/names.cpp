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

namespace {

// Length of the valid UTF-8 sequence starting at text[i], or 0 if the bytes there are not one.
size_t utf8Length(const std::string& text, size_t i)
{
    const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    const size_t length = lead < 0x80 ? 1
        : (lead >> 5) == 0x6          ? 2
        : (lead >> 4) == 0xe          ? 3
        : (lead >> 3) == 0x1e         ? 4
                                      : 0;
    if (length == 0 || i + length > text.size())
        return 0;
    for (size_t k = 1; k < length; ++k)
        if ((byte(i + k) >> 6) != 0x2)
            return 0;
    return length;
}

} // namespace

std::string printableMessage(const std::string& text, size_t maxLength)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(std::min(text.size(), maxLength) + 8);
    auto escape = [&](unsigned char byte) {
        out += "\\x";
        out += kHex[byte >> 4];
        out += kHex[byte & 15];
    };
    for (size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const size_t length = utf8Length(text, i);
        // Cut whole characters only, so the message stays valid UTF-8.
        if (out.size() + std::max<size_t>(length, 1) * 4 > maxLength) {
            out += "…";
            break;
        }
        const bool c0 = byte < 0x20 || byte == 0x7f;
        // U+0080..U+009F (C1 controls, 0xC2 0x80..0x9F) start escape sequences on some terminals.
        const bool c1 = length == 2 && byte == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0;
        if (length == 0 || c0) {
            escape(byte);
            ++i;
        } else if (c1) {
            escape(byte);
            escape(static_cast<unsigned char>(text[i + 1]));
            i += 2;
        } else {
            out.append(text, i, length);
            i += length;
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
    case ErrorKind::RemoteFailed:
        return "remote file failed";
    }
    return "error";
}

} // namespace popscope
