#pragma once
// What a remote file knows without asking the server: its blocks in memory (least recently used
// dropped first), its transfer counters, the file's state as last seen on the server and whether
// that is another version than the one opened. Every member takes the cache's own lock and does
// only memory work under it, so any thread is answered at once, even while another one waits for
// the server. It calls nothing outside itself: its lock is always the last one taken.
#include "popscope/remote/sftp_file.hpp"

#include <cstdint>
#include <list>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

namespace popscope::remote {

// A read in progress: where its bytes go and how far it got.
struct BlockCopy {
    uint8_t* out;
    size_t length;
    uint64_t offset;
    uint64_t fileSize;
    size_t copied = 0;
    uint64_t fetched = UINT64_MAX; // the block just brought in: not counted as a cache hit
};

class MemoryCache {
public:
    explicit MemoryCache(uint64_t blockSize);

    // Copies what it holds of the read, from where it got to, up to the first block it does not
    // hold: that block's index, or nothing when the read is complete (or reached the file's end).
    std::optional<uint64_t> copy(BlockCopy& read);
    bool has(uint64_t block) const;
    // Keeps a block, replacing one already held (a block read from disk while its reply was due).
    void store(uint64_t block, std::vector<uint8_t> bytes);

    void count(uint64_t TransferCounters::*counter, uint64_t by = 1);
    TransferCounters counters() const;

    void seen(const RemoteFileState& state); // what the server said of the file
    RemoteFileState lastSeen() const;
    void markOutdated();
    bool outdated() const;

private:
    using Entry = std::pair<std::vector<uint8_t>, std::list<uint64_t>::iterator>;
    const uint64_t m_blockSize;
    mutable std::mutex m_mutex;
    std::unordered_map<uint64_t, Entry> m_blocks;
    std::list<uint64_t> m_recent; // most recently used first
    TransferCounters m_counters;
    RemoteFileState m_lastSeen;
    bool m_outdated = false;
};

} // namespace popscope::remote
