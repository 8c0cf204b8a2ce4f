// The generated profiles look like a real model's report: many variables, uneven per-tile
// memory, interleaved data, alignment / placement gaps, overlapped bytes, report metadata.
#include "sim_test_helpers.hpp"

#include "popscope/errors.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace simtest;
using popscope::MemoryRegion;
using popscope::ProfileDocument;

namespace {

const ProfileDocument& demoSample()
{
    static const ProfileDocument doc = popscope::sim::simulateSpec(
        popscope::sim::readSpecFile((std::filesystem::path(POPSCOPE_PROFILES_DIR) / "demo.json").string()));
    return doc;
}

uint64_t regionBytes(const ProfileDocument& doc, MemoryRegion region, bool overlapped)
{
    uint64_t total = 0;
    for (const auto& m : doc.memory)
        if (m.region == region && m.overlapped == overlapped)
            for (uint32_t b : m.bytesByTile)
                total += b;
    return total;
}

const popscope::Variable& variableNamed(const ProfileDocument& doc, const std::string& name)
{
    for (const auto& v : doc.variables)
        if (v.name == name)
            return v;
    FAIL("no variable " << name);
    throw 0;
}

} // namespace

TEST_CASE("demo: a thousand-plus path-named variables, many small constants and a few large tensors")
{
    const ProfileDocument& doc = demoSample();
    CHECK(doc.variables.size() >= 1000);
    CHECK(doc.variables.size() <= 3000);
    size_t small = 0, large = 0, worklists = 0, norm = 0;
    for (const auto& v : doc.variables) {
        small += v.sizeBytes <= 256;
        large += v.sizeBytes >= 16u * 1024 * 1024;
        worklists += v.name.find("/worklists/") != std::string::npos;
        norm += v.name.find("/norm/") != std::string::npos;
    }
    CHECK(small >= 500);
    CHECK(large >= 5);
    CHECK(large <= 60);
    CHECK(worklists >= 6 * 48);
    CHECK(norm > 0);
    CHECK(variableNamed(doc, "layer3/conv/worklists/0").category == "constant");
    CHECK(variableNamed(doc, "randomSeed").tiles.size() == doc.target.numTiles());
}

TEST_CASE("demo: report metadata (timestamp from the spec, engine options, framework.json, app.json)")
{
    const ProfileDocument& doc = demoSample();
    CHECK(doc.info.timestamp == "2026-01-12T14:03:27Z");
    CHECK(doc.info.engineOptions.size() >= 8);
    CHECK(doc.info.frameworkJson.find("PopTorch") != std::string::npos);
    CHECK(doc.info.appJson.find("\"batchSize\":16") != std::string::npos);
    CHECK(doc.info.appJson.find("replicationFactor") != std::string::npos);
    // Without a spec timestamp the generators write none (never the clock).
    CHECK(simulate("sort", { { "n", "1000" } }).info.timestamp.empty());
    popscope::sim::SimulationSpec spec = popscope::sim::parseSpecJson(
        R"({"workload":"sort","params":{"n":1000},"timestamp":"2025-06-30T12:00:00Z"})", "t.json");
    CHECK(popscope::sim::simulateSpec(spec).info.timestamp == "2025-06-30T12:00:00Z");
    CHECK_THROWS_AS(popscope::sim::parseSpecJson(R"({"workload":"sort","timestamp":5})", "t.json"),
        popscope::ProfileError);
}

TEST_CASE("demo: tile memory varies tile to tile, with hot tiles near but under capacity")
{
    const ProfileDocument& doc = demoSample();
    const auto totals = tileTotals(doc);
    const uint32_t tpi = doc.target.tilesPerIpu;
    for (uint32_t ipu = 0; ipu < 2; ++ipu) {
        // layer1 (IPU 0) and layer5 (IPU 1) cover every tile of their IPU.
        uint64_t lo = UINT64_MAX, hi = 0;
        for (uint32_t t = ipu * tpi; t < (ipu + 1) * tpi; ++t) {
            lo = std::min(lo, totals[t]);
            hi = std::max(hi, totals[t]);
        }
        INFO("IPU " << ipu);
        CHECK(double(hi) / double(lo) > 1.05);
    }
    // A large tensor's split is uneven (with every element placed), within +-12 %.
    const auto& w = variableNamed(doc, "layer5/conv/weights");
    uint64_t lo = UINT64_MAX, hi = 0, sum = 0;
    for (const auto& tb : w.tiles) {
        lo = std::min<uint64_t>(lo, tb.bytes);
        hi = std::max<uint64_t>(hi, tb.bytes);
        sum += tb.bytes;
    }
    CHECK(sum == w.sizeBytes);
    CHECK(double(hi) / double(lo) > 1.05);
    CHECK(double(hi) / double(lo) < 1.3);
    // The fullest tile is near capacity, and still fits.
    const uint64_t fullest = maxOf(totals);
    CHECK(fullest <= doc.target.bytesPerTile);
    CHECK(fullest * 100 >= uint64_t(doc.target.bytesPerTile) * 90);
    // Exchange code varies with the receive pattern.
    bool varies = false;
    for (const auto& ex : doc.exchanges)
        for (const auto& tb : ex.codeBytesByTile)
            varies |= tb.bytes != ex.codeBytesByTile.front().bytes;
    CHECK(varies);
}

TEST_CASE("demo: interleaved data, a few KiB of gaps per tile, overlapped not-always-live bytes")
{
    const ProfileDocument& doc = demoSample();
    const uint64_t interleaved = regionBytes(doc, MemoryRegion::Interleaved, false);
    const uint64_t nonInterleaved = regionBytes(doc, MemoryRegion::NonInterleaved, false);
    CHECK(interleaved > 0);
    CHECK(interleaved < nonInterleaved);
    uint64_t gaps = 0;
    for (const auto& g : doc.gaps)
        for (uint32_t b : g.bytesByTile)
            gaps += b;
    const uint64_t perTile = gaps / doc.target.numTiles();
    CHECK(perTile >= 512);
    CHECK(perTile <= 8 * 1024);
    // Overlapped bytes exist and are not part of the totals (the invariants test checks the sums).
    CHECK(regionBytes(doc, MemoryRegion::NonInterleaved, true) > 0);
}

TEST_CASE("shared variation: other generators get uneven tiles, interleaved weights and gaps too")
{
    const ProfileDocument doc = simulate("matmul", { { "layers", "2" } });
    CHECK(regionBytes(doc, MemoryRegion::Interleaved, false) > 0);
    CHECK(!doc.gaps.empty());
    const auto totals = tileTotals(doc);
    const uint64_t lo = *std::min_element(totals.begin(), totals.end());
    CHECK(double(maxOf(totals)) / double(lo) > 1.05);
    // A custom description keeps exact, even splits unless it asks otherwise.
    const ProfileDocument sort = simulate("sort", { { "n", "1472" }, { "algorithm", "bitonic" } });
    for (const auto& v : sort.variables)
        for (const auto& tb : v.tiles)
            REQUIRE(tb.bytes == v.tiles.front().bytes);
}
