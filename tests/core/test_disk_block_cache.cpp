// The disk cache of remote blocks keeps to a private folder: a folder others can write to, or a
// symlink planted in place of one of its files, means no disk cache rather than a read or write
// through it; a claimed size allocates nothing (the block map is sparse).
#include "disk_block_cache.hpp"
#include "fixture_builder.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>

using popscope::remote::DiskBlockCache;
using popscope::test::TempDir;
namespace fs = std::filesystem;

namespace {

constexpr uint64_t kBlock = 64 * 1024;

std::string readCacheFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
}

} // namespace

TEST_CASE("disk block cache: blocks written are read back, from a private folder only", "[remote][cache]")
{
    TempDir dir;
    const std::string folder = dir.file("cache");
    const std::vector<uint8_t> bytes(kBlock, 7);
    {
        DiskBlockCache cache(folder, "host:/a.pop|131072|5", 2 * kBlock, kBlock);
        cache.write(1, bytes);
    }
    DiskBlockCache::rememberVersion(folder, "host:/a.pop", 2 * kBlock, 5);
    std::vector<uint8_t> out;
    {
        DiskBlockCache again(folder, "host:/a.pop|131072|5", 2 * kBlock, kBlock);
        REQUIRE(again.read(1, kBlock, out));
        CHECK(out == bytes);
        CHECK_FALSE(again.has(0));
    }
    REQUIRE(DiskBlockCache::lastVersion(folder, "host:/a.pop"));

    // Others may write to the folder now: nothing of it is trusted, nothing written to it.
    REQUIRE(chmod(folder.c_str(), 0777) == 0);
    CHECK_FALSE(DiskBlockCache::lastVersion(folder, "host:/a.pop"));
    DiskBlockCache shared(folder, "host:/a.pop|131072|5", 2 * kBlock, kBlock);
    CHECK_FALSE(shared.read(1, kBlock, out));
    shared.write(0, bytes);
    CHECK_FALSE(shared.has(0));
}

TEST_CASE("disk block cache: a symlink planted for a cache file is never followed", "[remote][cache]")
{
    TempDir dir;
    const std::string folder = dir.file("cache");
    const std::string key = "host:/b.pop|65536|9";
    {
        DiskBlockCache cache(folder, key, kBlock, kBlock);
    }
    fs::path blocks;
    for (const auto& entry : fs::directory_iterator(folder))
        if (entry.path().extension() == ".blocks")
            blocks = entry.path();
    REQUIRE_FALSE(blocks.empty());
    const std::string victim = dir.file("victim.txt");
    std::ofstream(victim) << "the user's file";
    fs::remove(blocks);
    fs::create_symlink(victim, blocks);
    {
        DiskBlockCache cache(folder, key, kBlock, kBlock);
        cache.write(0, std::vector<uint8_t>(kBlock, 1));
        CHECK_FALSE(cache.has(0));
    }
    CHECK(readCacheFile(victim) == "the user's file");
}

TEST_CASE("disk block cache: a huge claimed size allocates nothing up front", "[remote][cache]")
{
    TempDir dir;
    const uint64_t claimed = uint64_t(1) << 40; // 16 M blocks: a dense map would take 128 MiB
    DiskBlockCache cache(dir.file("cache"), "host:/c.pop|huge|1", claimed, kBlock);
    const uint64_t last = claimed / kBlock - 1;
    const std::vector<uint8_t> bytes(kBlock, 3);
    cache.write(last, bytes);
    std::vector<uint8_t> out;
    REQUIRE(cache.read(last, kBlock, out));
    CHECK(out == bytes);
    CHECK_FALSE(cache.has(last - 1));
}
