// Every generator: a valid document, consistent memory, monotonic clocks; OOM flagged; determinism;
// round trip through the writer and reader.
#include "fixture_builder.hpp"
#include "sim_test_helpers.hpp"

#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/summary.hpp"
#include "popscope/tile_memory.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace simtest;
using popscope::ProfileDocument;
namespace fs = std::filesystem;

namespace {

// Small parameters so every generator runs quickly.
std::map<std::string, std::string> smallParams(const std::string& name)
{
    if (name == "sort")
        return { { "n", "4096" }, { "algorithm", "bitonic" } };
    if (name == "matmul")
        return { { "layers", "2" }, { "ipus", "2" } };
    if (name == "conv")
        return { { "layers", "2" }, { "image", "28" } };
    if (name == "pipeline")
        return { { "stages", "2" }, { "gradientAccumulation", "3" }, { "deviceIterations", "1" },
            { "layersPerStage", "1" } };
    if (name == "replicas" || name == "offload" || name == "strided")
        return { { "layers", "2" } };
    if (name == "io-tiles")
        return { { "layers", "1" }, { "iterations", "2" } };
    if (name == "demo")
        return { { "iterations", "1" } };
    if (name == "bench")
        return { { "ipus", "2" }, { "layersPerIpu", "6" }, { "variablesPerLayer", "3" } };
    return {};
}

// A sample spec of profiles/, which the build simulates; the bench-* ones (bench-large, bench-huge:
// hundreds of MB) are built on demand only and never by the tests.
bool isSampleSpec(const fs::path& path)
{
    return path.extension() == ".json" && !path.stem().string().starts_with("bench-");
}

std::string readBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void checkInvariants(const ProfileDocument& doc, const std::string& name)
{
    INFO("workload " << name);
    CHECK(popscope::validateDocument(doc) == "");
    // Category bytes sum to the tile total, and the liveness split partitions it.
    const popscope::TileMemory mem = popscope::tileMemoryFromDocument(doc);
    const auto totals = tileTotals(doc);
    for (uint32_t t = 0; t < mem.numTiles(); ++t) {
        uint64_t categories = 0;
        for (const auto& c : mem.byCategory)
            categories += c[t];
        REQUIRE(categories == mem.totalExcludingGaps[t]);
        REQUIRE(mem.totalIncludingGaps[t] == totals[t]);
        REQUIRE(uint64_t(mem.alwaysLive[t]) + mem.notAlwaysLive[t] == mem.totalExcludingGaps[t]);
    }
    // Every tile holds code, stack and control code.
    for (uint64_t s : categoryBytes(doc, "stack"))
        REQUIRE(s > 0);
    // Clocks only move forward on every IPU; a step lasts as long as its slowest tile.
    std::vector<uint64_t> base(doc.target.numIpus, 0);
    for (const auto& s : doc.steps) {
        for (const auto& i : s.ipus) {
            REQUIRE(i.cyclesBase >= base[i.ipu]);
            base[i.ipu] = i.cyclesBase;
            for (uint32_t c : i.cyclesByTile)
                REQUIRE(c <= i.cycles);
        }
    }
    CHECK(!doc.steps.empty());
    CHECK(!doc.livenessSteps.empty());
    CHECK(!doc.operations.empty());
    for (const auto& op : doc.operations)
        CHECK(!op.programs.empty());
}

} // namespace

TEST_CASE("every generator produces a valid, consistent document")
{
    for (const auto& g : popscope::sim::generatorInfos()) {
        const ProfileDocument doc = simulate(g.name, smallParams(g.name));
        checkInvariants(doc, g.name);
    }
}

TEST_CASE("tiles over capacity are flagged in the summary, and the profile is still written")
{
    // 262,144 floats = 1 MiB on one tile of 624 KiB.
    const ProfileDocument doc = simulate("sort", { { "n", "262144" }, { "algorithm", "single" } });
    const auto totals = tileTotals(doc);
    CHECK(totals[0] > doc.target.bytesPerTile);
    for (size_t t = 1; t < totals.size(); ++t)
        REQUIRE(totals[t] <= doc.target.bytesPerTile);
    const popscope::test::TempDir dir; // unique per run: ctest -j runs tests side by side
    const std::string path = dir.file("oom.pop");
    popscope::writeProfile(doc, path);
    auto profile = popscope::Profile::open(path);
    const auto summary = popscope::querySummary(*profile);
    CHECK(summary.tilesOverCapacity == 1);
    CHECK_FALSE(summary.fits);
}

TEST_CASE("no sample profile exceeds tile capacity")
{
    for (const auto& entry : fs::directory_iterator(POPSCOPE_PROFILES_DIR)) {
        if (!isSampleSpec(entry.path()))
            continue;
        INFO(entry.path().string());
        const ProfileDocument doc
            = popscope::sim::simulateSpec(popscope::sim::readSpecFile(entry.path().string()));
        CHECK(maxOf(tileTotals(doc)) <= doc.target.bytesPerTile);
    }
}

TEST_CASE("the same spec and seed give byte-identical files, another seed differs")
{
    const popscope::test::TempDir dir;
    const std::string a = dir.file("det_a.pop"), b = dir.file("det_b.pop"), c = dir.file("det_c.pop");
    popscope::writeProfile(simulate("demo", { { "iterations", "1" } }, 5), a);
    popscope::writeProfile(simulate("demo", { { "iterations", "1" } }, 5), b);
    popscope::writeProfile(simulate("demo", { { "iterations", "1" } }, 6), c);
    const std::string bytesA = readBytes(a);
    CHECK(bytesA.size() > 1000);
    CHECK(bytesA == readBytes(b));
    CHECK(bytesA != readBytes(c));
}

TEST_CASE("sample specs round-trip through the writer and reader")
{
    const popscope::test::TempDir dir;
    for (const auto& entry : fs::directory_iterator(POPSCOPE_PROFILES_DIR)) {
        if (!isSampleSpec(entry.path()))
            continue;
        INFO(entry.path().string());
        const ProfileDocument doc
            = popscope::sim::simulateSpec(popscope::sim::readSpecFile(entry.path().string()));
        checkInvariants(doc, entry.path().stem().string());
        const std::string path = dir.file(entry.path().stem().string() + ".pop");
        const auto stats = popscope::writeProfile(doc, path);
        CHECK(stats.bytes < 8u * 1024 * 1024); // a few MB at most
        auto profile = popscope::Profile::open(path);
        const ProfileDocument back = profile->readDocument();
        CHECK(back.target == doc.target);
        CHECK(back.memory == doc.memory);
        CHECK(back.variables == doc.variables);
        CHECK(back.steps == doc.steps);
        CHECK(back.livenessSteps == doc.livenessSteps);
        CHECK(back.operations == doc.operations);
        CHECK(back == doc);
    }
}
