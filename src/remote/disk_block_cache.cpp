#include "disk_block_cache.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace popscope::remote {

namespace {

namespace fs = std::filesystem;

uint64_t fnv1a(const uint8_t* bytes, size_t length)
{
    uint64_t hash = 1469598103934665603ull;
    for (size_t i = 0; i < length; ++i)
        hash = (hash ^ bytes[i]) * 1099511628211ull;
    return hash == 0 ? 1 : hash; // 0 marks a missing block
}

// A block's checksum: FNV-1a's step over 8-byte words (a reopened page checks hundreds of blocks,
// and bytewise hashing took a tenth of Insights' time), then the bytes left.
uint64_t blockChecksum(const uint8_t* bytes, size_t length)
{
    uint64_t hash = 1469598103934665603ull;
    size_t i = 0;
    for (; i + 8 <= length; i += 8) {
        uint64_t word;
        std::memcpy(&word, bytes + i, 8);
        hash = (hash ^ word) * 1099511628211ull;
    }
    for (; i < length; ++i)
        hash = (hash ^ bytes[i]) * 1099511628211ull;
    return hash == 0 ? 1 : hash; // 0 marks a missing block
}

std::string hashOf(const std::string& key)
{
    const uint64_t hash = fnv1a(reinterpret_cast<const uint8_t*>(key.data()), key.size());
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

// Removes the least recently used entries (by their map file's time) while the folder holds more
// than the limit; `keep` is the entry being opened.
void trimFolder(const fs::path& folder, const std::string& keep)
{
    std::error_code ec;
    std::vector<std::pair<fs::file_time_type, std::string>> entries;
    uint64_t total = 0;
    for (const auto& file : fs::directory_iterator(folder, ec)) {
        total += file.is_regular_file(ec) ? file.file_size(ec) : 0;
        if (file.path().extension() == ".map" && file.path().stem() != keep)
            entries.emplace_back(file.last_write_time(ec), file.path().stem().string());
    }
    std::sort(entries.begin(), entries.end());
    for (const auto& [time, stem] : entries) {
        if (total <= DiskBlockCache::kMaxFolderBytes)
            break;
        for (const char* extension : { ".blocks", ".map", ".key" }) {
            const fs::path path = folder / (stem + extension);
            total -= std::min<uint64_t>(total, fs::exists(path, ec) ? fs::file_size(path, ec) : 0);
            fs::remove(path, ec);
        }
    }
}

bool readAll(int fd, void* out, size_t length, uint64_t offset)
{
    return pread(fd, out, length, off_t(offset)) == ssize_t(length);
}

bool writeAll(int fd, const void* bytes, size_t length, uint64_t offset)
{
    return pwrite(fd, bytes, length, off_t(offset)) == ssize_t(length);
}

// The file naming an address's last version (a line or two; one an address, left by the trim: a
// version whose entry is gone is not used).
fs::path versionPath(const std::string& folder, const std::string& address)
{
    return fs::path(folder) / (hashOf("version|" + address) + ".version");
}

// Whether the key file beside an entry's blocks names `key` (another file whose key has the same
// hash does not).
bool keyFileHolds(const std::string& keyPath, const std::string& key)
{
    FILE* in = std::fopen(keyPath.c_str(), "rb");
    if (!in)
        return false;
    std::string stored(key.size() + 1, '\0');
    const bool same = std::fread(stored.data(), 1, stored.size(), in) == key.size()
        && stored.compare(0, key.size(), key) == 0;
    std::fclose(in);
    return same;
}

// Whether the entry of `key` holds blocks of that very key.
bool hasEntry(const std::string& folder, const std::string& key)
{
    const fs::path base = fs::path(folder) / hashOf(key);
    std::error_code ec;
    return fs::exists(base.string() + ".map", ec) && fs::exists(base.string() + ".blocks", ec)
        && keyFileHolds(base.string() + ".key", key);
}

} // namespace

std::string DiskBlockCache::keyOf(const std::string& address, uint64_t size, int64_t modified)
{
    return address + "|" + std::to_string(size) + "|" + std::to_string(modified);
}

void DiskBlockCache::rememberVersion(
    const std::string& folder, const std::string& address, uint64_t size, int64_t modified)
{
    const std::string path = versionPath(folder, address).string();
    const std::string text = address + "\n" + std::to_string(size) + " " + std::to_string(modified) + "\n";
    const std::string temporary = path + ".new";
    const int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    const bool written = writeAll(fd, text.data(), text.size(), 0);
    close(fd);
    std::error_code ec;
    if (written)
        fs::rename(temporary, path, ec); // whole or not at all, for another window opening it now
    else
        fs::remove(temporary, ec);
}

void DiskBlockCache::forgetVersion(const std::string& folder, const std::string& address)
{
    std::error_code ec;
    fs::remove(versionPath(folder, address), ec);
}

std::optional<DiskBlockCache::Version> DiskBlockCache::lastVersion(
    const std::string& folder, const std::string& address)
{
    FILE* in = std::fopen(versionPath(folder, address).c_str(), "rb");
    if (!in)
        return std::nullopt;
    std::string text(address.size() + 64, '\0');
    text.resize(std::fread(text.data(), 1, text.size(), in));
    std::fclose(in);
    // "ADDRESS\nSIZE MODIFIED\n": the address checked whole (another with the same hash is not it).
    if (text.compare(0, address.size() + 1, address + "\n") != 0)
        return std::nullopt;
    Version version;
    unsigned long long size = 0;
    long long modified = 0;
    if (std::sscanf(text.c_str() + address.size() + 1, "%llu %lld", &size, &modified) != 2)
        return std::nullopt;
    version.size = size;
    version.modified = modified;
    if (!hasEntry(folder, keyOf(address, version.size, version.modified)))
        return std::nullopt;
    return version;
}

DiskBlockCache::DiskBlockCache(
    const std::string& folder, const std::string& key, uint64_t fileSize, uint64_t blockSize)
    : m_blockSize(blockSize)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
    fs::permissions(folder, fs::perms::owner_all, ec);
    const std::string stem = hashOf(key);
    const fs::path base = fs::path(folder) / stem;
    trimFolder(folder, stem);
    // The key beside the blocks: another file whose key has the same hash starts the entry again.
    const std::string keyPath = base.string() + ".key";
    const bool same = keyFileHolds(keyPath, key);
    const int fresh = same ? 0 : O_TRUNC;
    m_data = open((base.string() + ".blocks").c_str(), O_RDWR | O_CREAT | O_CLOEXEC | fresh, 0600);
    m_map = open((base.string() + ".map").c_str(), O_RDWR | O_CREAT | O_CLOEXEC | fresh, 0600);
    if (m_data < 0 || m_map < 0)
        return;
    m_have.assign(size_t((fileSize + blockSize - 1) / blockSize), 0);
    // The map is written where blocks arrive: it may end before the last block (those are missing).
    if (same && pread(m_map, m_have.data(), m_have.size() * sizeof(uint64_t), 0) < 0)
        std::fill(m_have.begin(), m_have.end(), 0);
    if (!same) {
        if (FILE* out = std::fopen(keyPath.c_str(), "wb")) {
            std::fwrite(key.data(), 1, key.size(), out);
            std::fclose(out);
        }
        chmod(keyPath.c_str(), 0600);
    }
    futimens(m_map, nullptr); // recently used
}

DiskBlockCache::~DiskBlockCache()
{
    if (m_data >= 0)
        close(m_data);
    if (m_map >= 0)
        close(m_map);
}

bool DiskBlockCache::read(uint64_t block, size_t length, std::vector<uint8_t>& out)
{
    if (!has(block))
        return false;
    out.resize(length);
    if (readAll(m_data, out.data(), length, block * m_blockSize)
        && blockChecksum(out.data(), length) == m_have[block])
        return true;
    m_have[block] = 0; // torn or damaged: fetched again, and written again
    return false;
}

void DiskBlockCache::write(uint64_t block, const std::vector<uint8_t>& bytes)
{
    if (m_data < 0 || block >= m_have.size() || has(block))
        return;
    // The block before its checksum; a torn block fails its checksum and is fetched again.
    if (!writeAll(m_data, bytes.data(), bytes.size(), block * m_blockSize))
        return;
    const uint64_t checksum = blockChecksum(bytes.data(), bytes.size());
    if (writeAll(m_map, &checksum, sizeof checksum, block * sizeof checksum))
        m_have[block] = checksum;
}

} // namespace popscope::remote
