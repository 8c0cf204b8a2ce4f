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

// Whether popscope may keep blocks in `folder`: a real folder (not a symlink) of this user that no
// one else can write to. Otherwise another user could plant or read blocks, so there is no disk
// cache and every block comes from the server.
bool folderIsPrivate(const std::string& folder)
{
    struct stat info { };
    return lstat(folder.c_str(), &info) == 0 && S_ISDIR(info.st_mode) && info.st_uid == geteuid()
        && (info.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

// Opens a file of the cache, never through a symlink planted in its place.
int openPrivate(const std::string& path, int flags)
{
    return open(path.c_str(), flags | O_NOFOLLOW | O_CLOEXEC, 0600);
}

FILE* readPrivate(const std::string& path)
{
    const int fd = openPrivate(path, O_RDONLY);
    FILE* in = fd < 0 ? nullptr : fdopen(fd, "rb");
    if (fd >= 0 && !in)
        close(fd);
    return in;
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
    FILE* in = readPrivate(keyPath);
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
    if (!folderIsPrivate(folder))
        return;
    unlink(temporary.c_str()); // a leftover, or a link planted in its place: made anew, exclusively
    const int fd = openPrivate(temporary, O_WRONLY | O_CREAT | O_EXCL);
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
    FILE* in = folderIsPrivate(folder) ? readPrivate(versionPath(folder, address).string()) : nullptr;
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
    if (fs::create_directories(folder, ec))
        fs::permissions(folder, fs::perms::owner_all, ec);
    if (!folderIsPrivate(folder))
        return; // no disk cache: see folderIsPrivate
    const std::string stem = hashOf(key);
    const fs::path base = fs::path(folder) / stem;
    trimFolder(folder, stem);
    // The key beside the blocks: another file whose key has the same hash starts the entry again.
    const std::string keyPath = base.string() + ".key";
    const bool same = keyFileHolds(keyPath, key);
    const int fresh = same ? 0 : O_TRUNC;
    m_data = openPrivate(base.string() + ".blocks", O_RDWR | O_CREAT | fresh);
    m_map = openPrivate(base.string() + ".map", O_RDWR | O_CREAT | fresh);
    if (m_data < 0 || m_map < 0)
        return;
    m_blocks = blockSize == 0 ? 0 : fileSize / blockSize + (fileSize % blockSize != 0);
    // The map is written where blocks arrive: it may end before the last block (those are missing).
    if (same)
        readMap();
    if (!same) {
        if (const int out = openPrivate(keyPath, O_WRONLY | O_CREAT | O_TRUNC); out >= 0) {
            writeAll(out, key.data(), key.size(), 0);
            close(out);
        }
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

void DiskBlockCache::readMap()
{
    // In pieces, keeping the blocks present: the map file's size says nothing of the blocks held.
    std::vector<uint64_t> piece(8192);
    for (uint64_t first = 0; first < m_blocks; first += piece.size()) {
        const ssize_t got = pread(m_map, piece.data(), piece.size() * sizeof(uint64_t), off_t(first * 8));
        if (got <= 0)
            return;
        for (size_t i = 0; i < size_t(got) / sizeof(uint64_t) && first + i < m_blocks; ++i)
            if (piece[i] != 0)
                m_have[first + i] = piece[i];
    }
}

bool DiskBlockCache::has(uint64_t block) const
{
    const std::lock_guard lock(m_mutex);
    return m_have.count(block) != 0;
}

bool DiskBlockCache::read(uint64_t block, size_t length, std::vector<uint8_t>& out)
{
    const std::lock_guard lock(m_mutex);
    const auto found = m_have.find(block);
    if (found == m_have.end())
        return false;
    out.resize(length);
    if (readAll(m_data, out.data(), length, block * m_blockSize)
        && blockChecksum(out.data(), length) == found->second)
        return true;
    m_have.erase(found); // torn or damaged: fetched again, and written again
    return false;
}

void DiskBlockCache::write(uint64_t block, const std::vector<uint8_t>& bytes)
{
    const std::lock_guard lock(m_mutex);
    if (m_data < 0 || block >= m_blocks || m_have.count(block) != 0)
        return;
    // The block before its checksum; a torn block fails its checksum and is fetched again.
    if (!writeAll(m_data, bytes.data(), bytes.size(), block * m_blockSize))
        return;
    const uint64_t checksum = blockChecksum(bytes.data(), bytes.size());
    if (writeAll(m_map, &checksum, sizeof checksum, block * sizeof checksum))
        m_have[block] = checksum;
}

} // namespace popscope::remote
