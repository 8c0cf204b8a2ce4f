#pragma once
// Blocks of remote files kept on disk, so opening the same file again reads them locally. One entry
// per file version: its key is the address, the size and the modification time, so a changed file
// never meets its old blocks. Files are the user's only (0600 in a 0700 folder); the folder is kept
// under a size limit by removing the least recently used entries when an entry is opened. Each
// block's checksum is kept in the map: a block torn by a crash, or damaged since, is fetched again.
// Thread-safe: a block is read from disk while another thread of the same file waits for the
// server. Its lock is held for one block's file work and never around anything else.
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace popscope::remote {

class DiskBlockCache {
public:
    // Opens or creates the entry; unusable (every call a no-op) when the folder cannot be written.
    DiskBlockCache(const std::string& folder, const std::string& key, uint64_t fileSize, uint64_t blockSize);
    ~DiskBlockCache();
    DiskBlockCache(const DiskBlockCache&) = delete;
    DiskBlockCache& operator=(const DiskBlockCache&) = delete;

    bool has(uint64_t block) const;
    // Fills `out` (resized to `length`) from disk; false when the block is not there or cannot be read.
    bool read(uint64_t block, size_t length, std::vector<uint8_t>& out);
    void write(uint64_t block, const std::vector<uint8_t>& bytes);

    // The version of a remote file last opened (its size and modification time), so the next open
    // can start from its blocks before the server is asked; nothing when there is no such entry.
    static void rememberVersion(
        const std::string& folder, const std::string& address, uint64_t size, int64_t modified);
    struct Version {
        uint64_t size = 0;
        int64_t modified = 0;
    };
    static std::optional<Version> lastVersion(const std::string& folder, const std::string& address);
    // The server has another version: the next open asks it first.
    static void forgetVersion(const std::string& folder, const std::string& address);
    // The entry's key for a version of a file.
    static std::string keyOf(const std::string& address, uint64_t size, int64_t modified);

    static constexpr uint64_t kMaxFolderBytes = uint64_t(4) << 30;

private:
    void readMap(); // the checksums of the blocks on disk, before the entry is shared
    mutable std::mutex m_mutex; // guards m_have and the files' contents
    int m_data = -1;
    int m_map = -1;
    uint64_t m_blockSize;
    uint64_t m_blocks = 0; // in the file
    // The checksum of each block on disk: sparse, so a file's claimed size allocates nothing.
    std::unordered_map<uint64_t, uint64_t> m_have;
};

} // namespace popscope::remote
