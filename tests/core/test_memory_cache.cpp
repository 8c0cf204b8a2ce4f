// The remote file's blocks in memory: a read is copied across blocks up to the first one missing,
// which is named so the caller brings it in; a block stored again (read from disk while its reply
// was due) replaces the one held, and the least recently used block is dropped at the limit.
#include "memory_cache.hpp"

#include <catch2/catch.hpp>

#include <numeric>

using namespace popscope::remote;

namespace {

constexpr uint64_t kBlock = 4;

std::vector<uint8_t> blockOf(uint8_t first)
{
    std::vector<uint8_t> bytes(kBlock);
    std::iota(bytes.begin(), bytes.end(), first);
    return bytes;
}

} // namespace

TEST_CASE("memory cache: a read stops at the first block missing, and goes on from there", "[remote][cache]")
{
    MemoryCache cache(kBlock);
    cache.store(0, blockOf(0));
    cache.store(2, blockOf(8));
    uint8_t out[10] = {};
    BlockCopy read { out, sizeof out, 2, 12 };
    CHECK(cache.copy(read) == std::optional<uint64_t>(1));
    CHECK(read.copied == 2);
    cache.store(1, blockOf(4));
    read.fetched = 1; // brought in for this read: not a cache hit
    CHECK(cache.copy(read) == std::nullopt);
    CHECK(read.copied == 10);
    for (uint8_t i = 0; i < 10; ++i)
        CHECK(out[i] == i + 2);
    CHECK(cache.counters().cacheHits == 2); // blocks 0 and 2
}

TEST_CASE("memory cache: a block stored again replaces the one held", "[remote][cache]")
{
    MemoryCache cache(kBlock);
    cache.store(0, blockOf(0));
    cache.store(0, blockOf(100));
    uint8_t out[kBlock] = {};
    BlockCopy read { out, sizeof out, 0, kBlock };
    CHECK(cache.copy(read) == std::nullopt);
    CHECK(out[0] == 100);
    // Held once: after 1024 other blocks it is gone, and those are all still there.
    for (uint64_t block = 1; block <= 1024; ++block)
        cache.store(block, blockOf(0));
    CHECK_FALSE(cache.has(0));
    CHECK(cache.has(1));
    CHECK(cache.has(1024));
}
