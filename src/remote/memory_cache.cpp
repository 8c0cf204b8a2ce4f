#include "memory_cache.hpp"

#include <algorithm>
#include <cstring>

namespace popscope::remote {

namespace {

constexpr size_t kMaxMemoryBlocks = 1024; // 64 MiB of 64 KiB blocks

} // namespace

MemoryCache::MemoryCache(uint64_t blockSize)
    : m_blockSize(blockSize)
{
}

std::optional<uint64_t> MemoryCache::copy(BlockCopy& read)
{
    std::lock_guard lock(m_mutex);
    while (read.copied < read.length && read.offset + read.copied < read.fileSize) {
        const uint64_t at = read.offset + read.copied;
        const uint64_t index = at / m_blockSize;
        const auto found = m_blocks.find(index);
        if (found == m_blocks.end())
            return index;
        if (index != read.fetched)
            ++m_counters.cacheHits;
        m_recent.splice(m_recent.begin(), m_recent, found->second.second);
        const std::vector<uint8_t>& bytes = found->second.first;
        const size_t within = size_t(at % m_blockSize);
        if (within >= bytes.size())
            break; // a block cut short: the file shrank on the server
        const size_t n = std::min(read.length - read.copied, bytes.size() - within);
        std::memcpy(read.out + read.copied, bytes.data() + within, n);
        read.copied += n;
    }
    return std::nullopt;
}

bool MemoryCache::has(uint64_t block) const
{
    std::lock_guard lock(m_mutex);
    return m_blocks.count(block) != 0;
}

void MemoryCache::store(uint64_t block, std::vector<uint8_t> bytes)
{
    std::lock_guard lock(m_mutex);
    if (const auto found = m_blocks.find(block); found != m_blocks.end()) {
        found->second.first = std::move(bytes);
        m_recent.splice(m_recent.begin(), m_recent, found->second.second);
        return;
    }
    if (m_blocks.size() >= kMaxMemoryBlocks) {
        m_blocks.erase(m_recent.back());
        m_recent.pop_back();
    }
    m_recent.push_front(block);
    m_blocks.emplace(block, Entry(std::move(bytes), m_recent.begin()));
}

void MemoryCache::count(uint64_t TransferCounters::*counter, uint64_t by)
{
    std::lock_guard lock(m_mutex);
    m_counters.*counter += by;
}

TransferCounters MemoryCache::counters() const
{
    std::lock_guard lock(m_mutex);
    return m_counters;
}

void MemoryCache::seen(const RemoteFileState& state)
{
    std::lock_guard lock(m_mutex);
    m_lastSeen = state;
}

RemoteFileState MemoryCache::lastSeen() const
{
    std::lock_guard lock(m_mutex);
    return m_lastSeen;
}

void MemoryCache::markOutdated()
{
    std::lock_guard lock(m_mutex);
    m_outdated = true;
}

bool MemoryCache::outdated() const
{
    std::lock_guard lock(m_mutex);
    return m_outdated;
}

} // namespace popscope::remote
